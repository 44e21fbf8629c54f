/* repair: what --repair changes so that a simulator loads the output (see
 * repair.h).  Each change is a warning at the element it changes, saying
 * what was there and what is written. */
#include "repair.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "blob.h"
#include "index.h"

/* ---- inertia --------------------------------------------------------------- */

typedef double vec3d[3];

static void cross(const vec3d a, const vec3d b, vec3d out)
{
	out[0] = a[1] * b[2] - a[2] * b[1];
	out[1] = a[2] * b[0] - a[0] * b[2];
	out[2] = a[0] * b[1] - a[1] * b[0];
}

static double norm(const vec3d v)
{
	return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* A unit eigenvector of the symmetric M for eigenvalue EV: the longest
 * cross product of two rows of M - EV I (they span the plane it is normal
 * to).  0 when EV's eigenspace is more than a line. */
static int eigenvector(const double m[9], double ev, vec3d v)
{
	vec3d r[3], c;
	double best = 0;
	int i, j, k;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			r[i][j] = m[i * 3 + j] - (i == j ? ev : 0);
	for (i = 0; i < 3; i++)
		for (j = i + 1; j < 3; j++) {
			double n;
			cross(r[i], r[j], c);
			if ((n = norm(c)) > best) {
				best = n;
				for (k = 0; k < 3; k++)
					v[k] = c[k] / n;
			}
		}
	return best > 1e-9 * (fabs(m[0]) + fabs(m[4]) + fabs(m[8]) + 1e-300);
}

/* A unit vector at right angles to the unit vector A. */
static void perpendicular(const vec3d a, vec3d out)
{
	vec3d e = { 0, 0, 0 };
	int k = fabs(a[0]) < fabs(a[1]) ? (fabs(a[0]) < fabs(a[2]) ? 0 : 2)
					: (fabs(a[1]) < fabs(a[2]) ? 1 : 2);
	double n;

	e[k] = 1;   /* the axis least along A */
	cross(a, e, out);
	n = norm(out);
	out[0] /= n, out[1] /= n, out[2] /= n;
}

/* Orthonormal principal axes V of the symmetric M, for its moments EV
 * (ascending).  A moment of multiplicity two has a plane of axes: any
 * two at right angles to the third's; all three equal, the frame's. */
static void principal_axes(const double m[9], const double ev[3], vec3d v[3])
{
	int have0 = eigenvector(m, ev[0], v[0]), have2 = eigenvector(m, ev[2], v[2]);

	if (!have0 && !have2) {
		memset(v, 0, 3 * sizeof *v);
		v[0][0] = v[1][1] = v[2][2] = 1;
		return;
	}
	if (!have0)
		perpendicular(v[2], v[0]);
	else if (!have2)
		perpendicular(v[0], v[2]);
	cross(v[2], v[0], v[1]);
}

/* gz-math's MassMatrix3::IsValid, the test libsdformat's loader applies:
 * principal moments not below 0 and each at most the sum of the others,
 * within 10 machine epsilons of half their sum. */
int repair_inertia_valid(double mass, const double moments[3])
{
	double eps = 10 * DBL_EPSILON * 0.5 * fabs(moments[0] + moments[1] + moments[2]);
	int i;

	if (!(mass > 0))
		return 0;
	for (i = 0; i < 3; i++)
		if (moments[i] + eps < 0 ||
		    moments[i] + moments[(i + 1) % 3] + eps < moments[(i + 2) % 3])
			return 0;
	return 1;
}

/* ---- gz-math's own check ------------------------------------------------- */

/* The principal moments as gz-math's MassMatrix3::PrincipalMoments computes
 * them (the closed form of Kronenburg's "fast diagonalization of a 3x3
 * real symmetric matrix", tolerance 1e-6 of the largest diagonal moment):
 * its rounding, not the exact eigenvalues, is what the loader tests.
 * E: ixx iyy izz ixy ixz iyz. */
static void gz_principal_moments(const double e[6], double out[3])
{
	const double pi = 3.14159265358979323846;
	double big = fmax(e[0], fmax(e[1], e[2])), tol = 1e-6 * big;
	double b, c, d, p, q, delta, t;

	if (fabs(e[3]) <= fabs(tol) && fabs(e[4]) <= fabs(tol) && fabs(e[5]) <= fabs(tol)) {
		out[0] = e[0], out[1] = e[1], out[2] = e[2];
	} else {
		b = e[0] + e[1] + e[2];
		c = e[0] * e[1] - e[3] * e[3] + e[0] * e[2] - e[4] * e[4] + e[1] * e[2] - e[5] * e[5];
		/* the same operations in the same order: the rounding is the point */
		d = e[0] * (e[5] * e[5]) + e[1] * (e[4] * e[4]) + e[2] * (e[3] * e[3]) -
		    e[0] * e[1] * e[2] - 2 * e[3] * e[4] * e[5];
		p = b * b - 3 * c;
		if (p < tol * tol) {
			out[0] = out[1] = out[2] = b / 3.0;
			return;
		}
		q = 2 * pow(b, 3) - 9 * b * c - 27 * d;
		t = 0.5 * q / pow(p, 1.5);
		delta = acos(t < -1 ? -1 : t > 1 ? 1 : t);
		out[0] = (b + 2 * sqrt(p) * cos(delta / 3.0)) / 3.0;
		out[1] = (b + 2 * sqrt(p) * cos((delta + 2 * pi) / 3.0)) / 3.0;
		out[2] = (b + 2 * sqrt(p) * cos((delta - 2 * pi) / 3.0)) / 3.0;
	}
	if (out[0] > out[1]) t = out[0], out[0] = out[1], out[1] = t;
	if (out[1] > out[2]) t = out[1], out[1] = out[2], out[2] = t;
	if (out[0] > out[1]) t = out[0], out[0] = out[1], out[1] = t;
}

/* gz-math's MassMatrix3::IsValid on IN as written (the shortest text reads
 * back as the same doubles): near positive (leading minors, within 10
 * epsilons of half the trace) and valid principal moments. */
int repair_gz_valid(const struct inertial *in)
{
	double e[6] = { in->ixx, in->iyy, in->izz, in->ixy, in->ixz, in->iyz }, ev[3];
	double eps = 10 * DBL_EPSILON * 0.5 * fabs(e[0] + e[1] + e[2]);
	double det = in->ixx * (in->izz * in->iyy - in->iyz * in->iyz) +
		     in->ixy * -(in->izz * in->ixy - in->ixz * in->iyz) +
		     in->ixz * (in->iyz * in->ixy - in->ixz * in->iyy);

	if (!(in->mass >= 0) || !(in->ixx + eps >= 0) ||
	    !(in->ixx * in->iyy - in->ixy * in->ixy + eps >= 0) || !(det + eps >= 0))
		return 0;
	gz_principal_moments(e, ev);
	return repair_inertia_valid(in->mass > 0 ? in->mass : 1, ev);
}

/* The nearest valid moments to EV (ascending): a negative one becomes 0;
 * then, if the largest exceeds the sum of the others, the three move
 * equally onto that boundary (the orthogonal projection onto the plane
 * l0 + l1 = l2), MARGIN (relative to the largest) inside it, so that
 * the loader's rounding still finds it valid; where that would carry the
 * middle one past the largest, those two meet and the smallest grows. */
void repair_moments(const double ev[3], double margin, double out[3])
{
	double t, rest;
	int i;

	for (i = 0; i < 3; i++)
		out[i] = ev[i] < 0 ? 0 : ev[i];
	t = (out[2] - out[0] - out[1] + margin * out[2]) / 3;
	if (t <= 0)
		return;
	/* the two largest may not pass each other: equal ones (a thin rod)
	 * stay equal, and the smallest makes up the rest */
	if (t > (out[2] - out[1]) / 2)
		t = (out[2] - out[1]) / 2;
	out[0] += t, out[1] += t, out[2] -= t;
	rest = out[2] - out[0] - out[1] + margin * out[2];
	if (rest > 0)
		out[0] += rest;
}

/* The tensor M (row-major) moved to principal moments FIXED in the axes V
 * of moments EV, into OUT. */
static void moved_tensor(const double m[9], const double ev[3], const double fixed[3],
			 vec3d v[3], struct inertial *out)
{
	double t[9];
	int i, j, k;

	memcpy(t, m, sizeof t);
	for (k = 0; k < 3; k++)
		for (i = 0; i < 3; i++)
			for (j = 0; j < 3; j++)
				t[i * 3 + j] += (fixed[k] - ev[k]) * v[k][i] * v[k][j];
	out->ixx = t[0], out->ixy = t[1], out->ixz = t[2];
	out->iyy = t[4], out->iyz = t[5], out->izz = t[8];
}

/* Margins inside the triangle inequality, tried in turn until gz-math's
 * own computation accepts the written tensor: its closed form loses
 * digits on thin rods (two equal moments, one near zero). */
static const double MARGINS[] = { 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3 };

static void fix_inertia(struct repairer *r, struct link *l, const double ev[3])
{
	struct inertial *in = l->inertial, out = *in;
	double m[9] = { in->ixx, in->ixy, in->ixz, in->ixy, in->iyy, in->iyz, in->ixz, in->iyz,
			in->izz };
	double fixed[3], scale = 0, sm[9], sev[3];
	vec3d v[3];
	unsigned i;

	for (i = 0; i < 9; i++)
		if (fabs(m[i]) > scale)
			scale = fabs(m[i]);
	for (i = 0; i < 9; i++)
		sm[i] = m[i] / scale;   /* scale > 0: some moment is not 0 */
	for (i = 0; i < 3; i++)
		sev[i] = ev[i] / scale;
	principal_axes(sm, sev, v);
	for (i = 0; i < sizeof MARGINS / sizeof *MARGINS; i++) {
		repair_moments(ev, MARGINS[i], fixed);
		moved_tensor(m, ev, fixed, v, &out);
		if (!isfinite(out.ixx) || !isfinite(out.iyy) || !isfinite(out.izz) ||
		    !isfinite(out.ixy) || !isfinite(out.ixz) || !isfinite(out.iyz))
			break;
		if (repair_gz_valid(&out)) {
			diag_warn(r->d, D_REPAIR_INERTIA, in->pos.line, in->pos.col, "repaired: link '%s': "
				  "principal moments %g, %g, %g are not a valid inertia; written as "
				  "%g, %g, %g in the same axes", l->name, ev[0], ev[1], ev[2],
				  fixed[0], fixed[1], fixed[2]);
			*in = out;
			return;
		}
	}
	diag_warn(r->d, D_REPAIR_INERTIA_TOO_LARGE, in->pos.line, in->pos.col, "link '%s': principal moments "
		  "%g, %g, %g are not a valid inertia, and cannot be repaired (too large, or "
		  "too far from valid); written as given", l->name, ev[0], ev[1], ev[2]);
}

void repair_link_inertia(struct repairer *r, struct link *l, const double ev[3])
{
	if (!l->inertial || !(l->inertial->mass > 0))
		return;
	if (!isfinite(ev[0]) || !isfinite(ev[1]) || !isfinite(ev[2]))
		diag_warn(r->d, D_REPAIR_INERTIA_UNCOMPUTABLE, l->inertial->pos.line, l->inertial->pos.col, "link '%s': the "
			  "inertia's principal moments are too large to compute; written as given",
			  l->name);
	else if (!repair_inertia_valid(1, ev) || !repair_gz_valid(l->inertial))
		fix_inertia(r, l, ev);
}

/* ---- massless links ---------------------------------------------------------- */

void repair_give_mass(struct repairer *r, struct link *l)
{
	double mass = r->mass > 0 ? r->mass : REPAIR_MASS;
	/* a ball 5 cm in radius: I = 2/5 m r^2 = m * 0.001 m^2 */
	double moment = mass * 0.001;
	struct inertial *in = l->inertial;

	if (!in) {
		in = l->inertial = ARENA_NEW(&r->rb->arena, struct inertial);
		in->origin = POSE_IDENTITY;
		in->pos = l->pos;
	}
	diag_warn(r->d, D_REPAIR_MASS, l->pos.line, l->pos.col, "repaired: link '%s' %s, which would leave it "
		  "out (and what hangs from it); written with mass %g and inertia %g on the "
		  "diagonal", l->name, l->inertial && l->inertial->mass != 0 ?
		  "has a mass <= 0" : "has no mass", mass, moment);
	in->mass = mass;
	in->ixx = in->iyy = in->izz = moment;
	in->ixy = in->ixz = in->iyz = 0;
}

/* ---- names --------------------------------------------------------------------- */

static int taken(const struct repairer *r, const char *name)
{
	return index_get(r->rb->link_index, name) || index_get(r->rb->joint_index, name) ||
	       !strcmp(name, "world") || !strcmp(name, "__model__");
}

/* NAME made acceptable to SDFormat ('::' -> '_', __x__ -> x__x__, a link
 * or joint named world -> world_KIND), then KIND added where it is still
 * taken (NAME_joint), then _2, _3... until nothing has it. */
static char *new_name(struct repairer *r, const char *name, const char *kind, int clash)
{
	size_t len = strlen(name), i, n = 0;
	char *base = arena_alloc(&r->rb->arena, 2 * len + strlen(kind) + 32), *out;
	unsigned k, *last;

	for (i = 0; i < len; i++) {
		if (name[i] == ':' && name[i + 1] == ':') {
			base[n++] = '_';
			i++;
		} else {
			base[n++] = name[i];
		}
	}
	base[n] = '\0';
	if (n >= 4 && !strncmp(base, "__", 2) && !strcmp(base + n - 2, "__")) {
		memmove(base + 1, base, n + 1);
		base[0] = 'x';
		n++;
	}
	if (clash || !strcmp(base, "world")) {
		base[n++] = '_';
		strcpy(base + n, kind);
		n += strlen(kind);
	}
	if (!taken(r, base))
		return base;
	/* Many names may come to one base ("a::b", "a_::b"...): each goes on
	 * from the suffix the last took, not from 2. */
	last = index_get(r->suffixes, base);
	k = last ? *last + 1 : 2;
	if (!last) {
		last = ARENA_NEW(&r->rb->arena, unsigned);
		index_put(r->suffixes, base, last);
	}
	out = arena_alloc(&r->rb->arena, n + 24);
	for (;; k++) {
		snprintf(out, n + 24, "%s_%u", base, k);
		if (!taken(r, out)) {
			*last = k;
			return out;
		}
	}
}

/* A joint that mimics another, listed under its leader's name. */
struct follower { struct joint *j; struct follower *next; };

static void rename_joint(struct repairer *r, struct joint *j, const char *why, int clash)
{
	const char *old = j->name, *now = new_name(r, j->name, "joint", clash);
	const struct follower *f;

	diag_warn(r->d, D_REPAIR_JOINT_RENAMED, j->pos.line, j->pos.col, "repaired: joint '%s' renamed '%s' (%s); "
		  "update what names it (controllers, transmissions)", old, now, why);
	index_put(r->renames, old, (void *)now);
	j->name = now;
	index_put(r->rb->joint_index, now, j);
	for (f = index_get(r->followers, old); f; f = f->next)   /* mimic leaders follow */
		f->j->rare->mimic_joint = now;
}

static void rename_link(struct repairer *r, struct link *l, const char *why)
{
	const char *old = l->name, *now = new_name(r, l->name, "link", 0);

	diag_warn(r->d, D_REPAIR_LINK_RENAMED, l->pos.line, l->pos.col, "repaired: link '%s' renamed '%s' (%s)", old,
		  now, why);
	index_put(r->renames, old, (void *)now);
	l->name = now;
	index_put(r->rb->link_index, now, l);
}

void repair_names(struct repairer *r)
{
	struct robot *rb = r->rb;
	struct joint *j;
	unsigned i;

	r->suffixes = index_new(rb, rb->oom);
	r->followers = index_new(rb, rb->oom);
	r->renames = index_new(rb, rb->oom);
	if (name_reserved(rb->name)) {
		const char *now = new_name(r, rb->name, "model", 0);
		diag_warn(r->d, D_REPAIR_MODEL_RENAMED, rb->pos.line, rb->pos.col, "repaired: robot '%s' "
			  "written as model '%s' (%s)", rb->name, now, name_reserved(rb->name));
		rb->name = now;
	}
	/* A leader's name is looked up once, not every joint for each rename
	 * (no joint takes a name another had: the index keys stay true). */
	for (j = rb->joints; j; j = j->next)
		if (j->rare && j->rare->has_mimic) {
			struct follower *f = ARENA_NEW(&rb->arena, struct follower), *head;
			f->j = j;
			head = index_put(r->followers, j->rare->mimic_joint, f);
			if (head) {   /* second and later: after the first */
				f->next = head->next;
				head->next = f;
			}
		}
	for (i = 0; i < rb->norder; i++) {
		struct link *l = rb->order[i];
		/* the root named world is the model's frame, and has no name */
		const char *why = l->fate == LINK_WORLD ? NULL : name_reserved(l->name);
		if (why && l->fate != LINK_DROPPED)
			rename_link(r, l, why);
	}
	for (j = rb->joints; j; j = j->next) {
		const char *why = name_reserved(j->name);
		if (j->fate == JOINT_DROPPED)
			continue;
		if (why)
			rename_joint(r, j, why, 0);
		else if (index_get(rb->link_index, j->name))
			rename_joint(r, j, "a link has that name, and SDFormat needs distinct "
				     "names", 1);
	}
}

/* ---- what the blocks name ------------------------------------------------------- */

static const char *renamed(const struct repairer *r, const char *name)
{
	return name && name[0] ? index_get(r->renames, name) : NULL;
}

/* A contact sensor's collision named after a renamed link (LINK_...): the
 * longest renamed prefix that ends at an underscore, with the new name. */
static const char *renamed_collision(struct repairer *r, const char *text)
{
	size_t len = strlen(text), i;
	char *key = arena_strndup(&r->rb->arena, text, len);

	for (i = len; i-- > 1;) {
		const char *now;
		if (text[i] != '_')
			continue;
		key[i] = '\0';
		if ((now = renamed(r, key)) != NULL) {
			char *out = arena_alloc(&r->rb->arena, strlen(now) + len - i + 1);
			strcpy(out, now);
			strcat(out, text + i);
			return out;
		}
	}
	return NULL;
}

static void say_reference(struct repairer *r, const struct xnode *n, const char *what,
			  const char *old, const char *now)
{
	diag_warn(r->d, D_REPAIR_REFERENCE_RENAMED, n->pos.line, n->pos.col, "repaired: <%s> %s '%s', "
		  "renamed; it now names '%s'", n->name, what, old, now);
}

/* In the tree of B: frame attributes, and leaf texts that are a renamed
 * name (a plugin's bodyName, a joint's parent, a controller's joint
 * name), or a collision of a renamed link (a contact sensor's). */
static void rewrite_references(struct repairer *r, struct xnode *b)
{
	static const char *const keys[] = { "relative_to", "attached_to" };
	struct xnode *n;
	const char *now;
	unsigned i, k;

	for (n = b; n; n = xnode_next_in(n, b, 0)) {
		for (i = 0; i < n->nattrs; i++)
			for (k = 0; k < 2; k++)
				if (!strcmp(n->attrs[i].name, keys[k]) &&
				    (now = renamed(r, n->attrs[i].value)) != NULL) {
					say_reference(r, n, keys[k], n->attrs[i].value, now);
					n->attrs[i].value = now;
				}
		if (n->first || !n->text)
			continue;
		now = renamed(r, n->text);
		if (!now && !strcmp(n->name, "collision") && n->parent &&
		    !strcmp(n->parent->name, "contact"))
			now = renamed_collision(r, n->text);
		if (now) {
			say_reference(r, n, "named", n->text, now);
			n->text = now;
		}
	}
}

void repair_blob_references(struct repairer *r)
{
	unsigned i, k;

	if (!r->renames || index_count(r->renames) == 0)
		return;
	for (i = 0; i < r->rb->nexts; i++) {
		struct ext *e = r->rb->exts[i];
		struct node_list *lists[3] = { &e->blobs, &e->visual_blobs, &e->collision_blobs };
		for (k = 0; k < 3; k++) {
			unsigned b;
			for (b = 0; b < lists[k]->n; b++)
				rewrite_references(r, lists[k]->v[b]);
		}
	}
}

/* Whether NAME is a link or joint the output writes (as a link, joint or
 * frame). */
static int output_has(const struct robot *rb, const char *name)
{
	const struct link *l = index_get(rb->link_index, name);
	const struct joint *j = index_get(rb->joint_index, name);

	return (l && !strcmp(l->name, name) && link_named_in_output(l)) ||
	       (j && !strcmp(j->name, name) && joint_named_in_output(j));
}

/* Element N of a block, named NAME, which readers refuse for WHY: renamed
 * (FIX) or warned of. */
static void blob_name(struct repairer *r, struct xnode *n, const char *name, const char *why,
		      int clash, int fix)
{
	const char *now;

	if (!fix) {
		diag_warn(r->d, D_BLOB_NAME_REFUSED, n->pos.line, n->pos.col, "<%s name='%s'> in a <gazebo> "
			  "block: %s; readers reject the output (--repair renames it)", n->name, name,
			  why);
		return;
	}
	now = new_name(r, name, n->name, clash);
	diag_warn(r->d, D_REPAIR_BLOB_RENAMED, n->pos.line, n->pos.col, "repaired: <%s name='%s'> in a "
		  "<gazebo> block renamed '%s' (%s)", n->name, name, now, why);
	xnode_set_attr(n, "name", now);
}

void repair_blob_names(struct repairer *r, int fix)
{
	unsigned i, k, b;

	if (fix && !r->suffixes)
		r->suffixes = index_new(r->rb, r->rb->oom);
	for (i = 0; i < r->rb->nexts; i++) {
		struct ext *e = r->rb->exts[i];
		struct node_list *lists[3] = { &e->blobs, &e->visual_blobs, &e->collision_blobs };
		for (k = 0; k < 3; k++)
			for (b = 0; b < lists[k]->n; b++) {
				struct xnode *root = lists[k]->v[b], *n;
				for (n = root; n; n = xnode_next_in(n, root, !strcmp(n->name, "plugin"))) {
					const char *name = xnode_attr(n, "name");
					if (!name || !strcmp(n->name, "plugin"))
						continue;
					if (strstr(name, "::"))
						blob_name(r, n, name, "'::' separates nested scopes", 0, fix);
					else if (n == root && e->ref[0] == '\0' && blob_names_a_frame(n) &&
						 output_has(r->rb, name))
						blob_name(r, n, name, "a link or joint of the robot has that "
							  "name, and SDFormat needs distinct names", 1, fix);
				}
			}
	}
}

/* ---- axes ------------------------------------------------------------------------ */

void repair_axes(struct repairer *r)
{
	struct joint *j;

	for (j = r->rb->joints; j; j = j->next)
		if (j->fate == JOINT_WRITTEN && j->has_axis && j->type != JOINT_FIXED &&
		    j->axis[0] == 0 && j->axis[1] == 0 && j->axis[2] == 0) {
			diag_warn(r->d, D_REPAIR_AXIS, j->pos.line, j->pos.col, "repaired: joint '%s' has the axis "
				  "0 0 0; written as URDF's default, 1 0 0", j->name);
			j->axis[0] = 1;
		}
}
