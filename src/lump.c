/* lump: fixed-joint lumping. */
#include "lump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"
#include "num.h"

/* A fixed joint that lumping merges: not kept by <preserveFixedJoint>,
 * <disableFixedJointLumping> or --preserve-fixed-joints, and not hanging
 * from the world. */
static int joint_is_lumpable(const struct robot *rb, const struct joint *j,
			     const struct options *opts)
{
	return j->type == JOINT_FIXED && !j->preserve && !j->disable_lumping &&
	       !(opts->flags & U2S_PRESERVE_FIXED_JOINTS) && !link_is_world(rb, j->parent);
}

/* ---- owners ------------------------------------------------------------------ */

static void absorb(struct link *owner, struct link *l)
{
	LIST_APPEND(owner->absorbed_first, owner->absorbed_last, l, next_absorbed);
}

/* Pre-order, so a parent's owner is known before its children's.  The
 * owner's absorbed list comes out in libsdformat's merge order: the
 * pre-order of the lumped subtree, children by joint name. */
static int assign_owners(struct robot *rb, const struct options *opts)
{
	unsigned i;
	int blocks_lost = 0;   /* a joint merged away has <gazebo> blocks */

	for (i = 0; i < rb->norder; i++) {
		struct link *l = rb->order[i];
		struct joint *j = l->parent_joint;

		l->owner = l;
		l->to_owner = POSE_IDENTITY;
		if (!j || !joint_is_lumpable(rb, j, opts))
			continue;
		j->fate = JOINT_LUMPED;
		blocks_lost |= j->exts.first != NULL;
		l->fate = LINK_LUMPED;
		l->owner = j->parent->owner;
		l->to_owner = pose_compose(j->parent->to_owner, j->origin);
		absorb(l->owner, l);
	}
	return blocks_lost;
}

/* ---- inertia ------------------------------------------------------------------- */

typedef double mat3[9];

static void inertia_matrix(const struct inertial *in, mat3 m)
{
	m[0] = in->ixx, m[1] = in->ixy, m[2] = in->ixz;
	m[3] = in->ixy, m[4] = in->iyy, m[5] = in->iyz;
	m[6] = in->ixz, m[7] = in->iyz, m[8] = in->izz;
}

/* OUT = A * B, or A^T * B when TRANSPOSE_A.  Each sum starts from 0 and
 * adds the three products in order, as the plain loop did, so the digits
 * do not depend on how this is written. */
static void mat3_mul(const mat3 a, const mat3 b, mat3 out, int transpose_a)
{
	mat3 r, at;
	const double *m = a;
	int i, j;

	if (transpose_a) {
		for (i = 0; i < 3; i++)
			for (j = 0; j < 3; j++)
				at[i * 3 + j] = a[j * 3 + i];
		m = at;
	}
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			r[i * 3 + j] = 0.0 + m[i * 3] * b[j] + m[i * 3 + 1] * b[3 + j] +
				       m[i * 3 + 2] * b[6 + j];
	memcpy(out, r, sizeof r);
}

/* OUT = R I R^T: an inertia tensor given in a frame rotated by R. */
static void rotate_inertia(const mat3 rot, const mat3 in, mat3 out)
{
	mat3 t, rt;
	int i, j;

	mat3_mul(rot, in, t, 0);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			rt[i * 3 + j] = rot[j * 3 + i];
	mat3_mul(t, rt, out, 0);
}

/* Adds the parallel-axis term of mass M at offset D from the centre. */
static void add_shift(mat3 m, double mass, struct vec3 d)
{
	double dd = d.x * d.x + d.y * d.y + d.z * d.z;
	double v[3] = { d.x, d.y, d.z };
	int i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			m[i * 3 + j] += mass * ((i == j ? dd : 0) - v[i] * v[j]);
}

/* Merges C's inertial, placed by X in P's frame, into P's.  The result keeps
 * P's inertial orientation, sits at the combined centre of mass, and never
 * turns NaN: with no mass at all the centre stays where P's was. */
static void merge_inertial(struct arena *a, struct link *p, const struct link *c, struct pose x)
{
	struct inertial *ip = p->inertial;
	const struct inertial *ic = c->inertial;
	struct pose xs;
	struct vec3 cf;
	struct quat xq, cq;
	mat3 rp, rc, tp, tc, sum;
	double m;
	struct vec3 com, dp, dc;
	int i;

	if (!ic)
		return;
	if (!ip) {
		ip = p->inertial = ARENA_NEW(a, struct inertial);
		ip->origin = POSE_IDENTITY;
		ip->pos = p->pos;
	}
	/* libsdformat rotates inertias by the roll-pitch-yaw urdfdom reports,
	 * which snaps near gimbal lock; so does u2s, to mean the same masses.
	 * Of C's inertial pose in P's frame only the position is needed: X's
	 * snapped rotation applied to it, as pose_compose() would (the
	 * *_zero_fast forms skip the trigonometry for poses that do not
	 * rotate, which are most, with the same bits). */
	xq = quat_urdf_snapped(pose_quat_zero_fast(&x));
	xs = pose_from_quat_zero_fast(x.p, xq);
	cf = ic->origin.p;
	if (!pose_is_identity(xs)) {
		cf = quat_rotate(pose_quat_zero_fast(&xs), cf);
		cf.x += xs.p.x, cf.y += xs.p.y, cf.z += xs.p.z;
	}
	cq = quat_urdf_snapped(quat_mul(xq, quat_urdf_snapped(pose_quat_zero_fast(&ic->origin))));
	quat_to_matrix(quat_urdf_snapped(pose_quat_zero_fast(&ip->origin)), rp);
	quat_to_matrix(cq, rc);
	inertia_matrix(ip, tp);
	inertia_matrix(ic, tc);
	rotate_inertia(rp, tp, tp);
	rotate_inertia(rc, tc, tc);
	m = ip->mass + ic->mass;
	com = ip->origin.p;
	if (m != 0) {
		com.x = (ip->mass * ip->origin.p.x + ic->mass * cf.x) / m;
		com.y = (ip->mass * ip->origin.p.y + ic->mass * cf.y) / m;
		com.z = (ip->mass * ip->origin.p.z + ic->mass * cf.z) / m;
	}
	for (i = 0; i < 9; i++)
		sum[i] = tp[i] + tc[i];
	dp.x = ip->origin.p.x - com.x, dp.y = ip->origin.p.y - com.y, dp.z = ip->origin.p.z - com.z;
	dc.x = cf.x - com.x, dc.y = cf.y - com.y, dc.z = cf.z - com.z;
	add_shift(sum, ip->mass, dp);
	add_shift(sum, ic->mass, dc);
	/* back into P's inertial orientation: Rp^T I Rp */
	mat3_mul(rp, sum, sum, 1);
	mat3_mul(sum, rp, sum, 0);
	ip->mass = m;
	ip->origin.p = com;
	ip->ixx = sum[0], ip->ixy = sum[1], ip->ixz = sum[2];
	ip->iyy = sum[4], ip->iyz = sum[5], ip->izz = sum[8];
}

/* Deepest first: reverse pre-order meets every lumped link after all the
 * links lumped into it. */
static void merge_inertials(struct robot *rb)
{
	unsigned i;

	for (i = rb->norder; i-- > 0;) {
		struct link *l = rb->order[i];
		if (l->fate == LINK_LUMPED)
			merge_inertial(&rb->arena, l->parent_joint->parent, l, l->parent_joint->origin);
	}
}

/* ---- joints below lumped links ---------------------------------------------------- */

/* The joints below lumped links, which hang from the links they are
 * merged into: the children of the lumped links (each joint is a child of
 * one link), not a walk over every joint. */
static void reparent_joints(struct robot *rb)
{
	unsigned i, k;

	for (i = 0; i < rb->nmerged; i++) {
		struct link *p = rb->merged[i];
		for (k = 0; k < p->nchildren; k++) {
			struct joint *j = p->children[k];
			/* Joints left out (floating, planar): their child stays
			 * posed on the original parent, which remains as a frame. */
			if (j->fate == JOINT_LUMPED || j->fate == JOINT_LEFT_OUT)
				continue;
			j->origin = pose_compose(p->to_owner, j->origin);
			j->parent = p->owner;
		}
	}
}

/* ---- extensions that name lumped links ----------------------------------------------- */

/* Numbers in the shortest form, in the arena of node AT. */
static const char *fmt_vec(struct xnode *at, const double *v, int n)
{
	return num_vec_text(at->arena, v, n, NUM_SHORTEST);
}

static const char *pose_text(struct xnode *at, struct pose p)
{
	double v[6] = { p.p.x, p.p.y, p.p.z, p.rpy[0], p.rpy[1], p.rpy[2] };

	return fmt_vec(at, v, 6);
}

/* Sets collision_k0 of every lumped link: the owner writes its own
 * collisions, then those of the links it absorbed, in order (write.c). */
static void number_collisions(struct robot *rb)
{
	unsigned i;

	if (rb->collisions_numbered)
		return;
	for (i = 0; i < rb->norder; i++) {
		struct link *owner = rb->order[i], *a;
		unsigned k;
		if (owner->fate == LINK_LUMPED)
			continue;
		k = owner->collisions.count;
		for (a = owner->absorbed_first; a; a = a->next_absorbed) {
			a->collision_k0 = k;
			k += a->collisions.count;
		}
	}
	rb->collisions_numbered = 1;
}

/* A contact sensor of lumped link L names the collision it watches by
 * its SDF name, as it would be in L: the collision is written in the
 * owner, under another name, and the sensor follows it there.
 * (libsdformat means to do this, but looks at the wrong element.)  Each
 * <collision> followed is kept with its collision, to be named again
 * once owners are final (lump_frames_done). */
struct named_collision { const struct item *it; unsigned k; };
struct followed_contact {
	struct xnode *c;
	const struct named_collision *nc;
	struct followed_contact *next;
};

/* C, which names collision NC of L, names it as L's owner writes it. */
static void name_in_owner(struct robot *rb, const struct link *l, struct xnode *c,
			  const struct named_collision *nc)
{
	number_collisions(rb);
	c->text = item_sdf_name(&rb->arena, l->owner->name, l, nc->it, l->collision_k0 + nc->k);
}

static void follow_contact_collision(struct robot *rb, struct link *l, struct xnode *sensor)
{
	struct xnode *contact = xnode_child(sensor, "contact");
	struct xnode *c = contact ? xnode_child(contact, "collision") : NULL;
	const struct item *it;
	struct named_collision *nc;
	struct followed_contact *f;
	unsigned i = 0;

	if (!c || !c->text)
		return;
	/* The names of L's collisions, made once for all its sensors (the
	 * first of a name wins). */
	if (!l->collision_names) {
		l->collision_names = index_new(rb, rb->oom);
		for (it = l->collisions.first; it; it = it->next, i++) {
			nc = arena_alloc(&rb->arena, sizeof *nc);
			nc->it = it;
			nc->k = i;
			index_put(l->collision_names, item_sdf_name(&rb->arena, l->name, l, it, i), nc);
		}
	}
	nc = index_get(l->collision_names, c->text);
	if (nc) {
		f = ARENA_NEW(&rb->arena, struct followed_contact);
		f->c = c, f->nc = nc, f->next = l->followed_contacts;
		l->followed_contacts = f;
		name_in_owner(rb, l, c, nc);
	}
}

/* An offset or pose being moved: position and rotation (a quaternion, so
 * that angles near gimbal lock lose no digits on the way). */
struct offset { struct vec3 p; struct quat q; };

/* V (x y z roll pitch yaw) as an offset, and back (ROS's angles). */
static struct offset offset_from(const double v[6])
{
	struct offset x = { { v[0], v[1], v[2] }, quat_from_rpy(v[3], v[4], v[5]) };

	return x;
}

static void offset_to(const struct offset *x, double v[6])
{
	v[0] = x->p.x, v[1] = x->p.y, v[2] = x->p.z;
	quat_to_rpy_urdf(x->q, v + 3);
}

/* X moved by T: X := T X. */
static void apply_pose(struct offset *x, const struct pose *t)
{
	struct quat tq = pose_quat(t);
	struct vec3 r = quat_rotate(tq, x->p);

	x->p.x = t->p.x + r.x, x->p.y = t->p.y + r.y, x->p.z = t->p.z + r.z;
	x->q = quat_mul(tq, x->q);
}

/* V as libsdformat prints it (6 significant digits) and reads it back. */
static void printed6(double v[6])
{
	int i;

	for (i = 0; i < 6; i++)
		v[i] = num_read_g(v[i]);
}

/* Merge steps walked one by one, so as to print between them as
 * libsdformat does: a walk costs the depth of the link it starts from, so
 * walking every one would cost the square of a chain's length.  Walks may
 * take WALK_STEPS_PER_ELEMENT steps per link and blob of the input, which
 * keeps the whole linear and is far more than real robots use (a chain of
 * 4 times that many fixed joints with a sensor on every link); past it,
 * what is moved is composed exactly, in one step, and COMPOSED counts it
 * for the warning. */
#define WALK_STEPS_PER_ELEMENT 32ul

struct walks {
	unsigned long steps_left;
	unsigned long composed;
	const struct xnode *first_composed;   /* where the warning points */
};

/* Whether one more walk may start; else counts B as composed whole. */
static int may_walk(struct walks *w, const struct xnode *b)
{
	if (w->steps_left > 0)
		return 1;
	if (w->composed++ == 0)
		w->first_composed = b;
	return 0;
}

static void walk_step(struct walks *w)
{
	if (w->steps_left > 0)
		w->steps_left--;
}

/* The pose V (x y z roll pitch yaw), given in lumped link L's frame, in
 * its owner's: composed exactly; or, for a target whose reference prints
 * it at each merge (6 digits, part of what the output means), merge by
 * merge, while walks W may. */
static struct pose moved_pose(const struct link *l, const struct xnode *b, double v[6],
			      int printed, struct walks *w)
{
	const struct link *x;

	if (!printed || !may_walk(w, b))
		return pose_compose(l->to_owner, pose_from_xyz_rpy(v, v + 3));
	/* the joint's rotation times the pose's, as quaternions (so that the
	 * signs of zeros, which decide +pi from -pi, are the reference's),
	 * then printed with 6 digits, roll-pitch-yaw as ROS computes them */
	for (x = l; x->fate == LINK_LUMPED; x = x->parent_joint->parent) {
		struct offset o = offset_from(v);
		walk_step(w);
		apply_pose(&o, &x->parent_joint->origin);
		offset_to(&o, v);
		printed6(v);
	}
	return pose_from_xyz_rpy(v, v + 3);
}

/* Whether POSE's rotation is a quaternion (SDFormat's rotation_format). */
static int pose_is_quat(const struct xnode *pose)
{
	const char *format = xnode_attr(pose, "rotation_format");

	return format && strcmp(format, "quat_xyzw") == 0;
}

/* What POSE's text must be, for a message. */
static const char *pose_form(const struct xnode *pose)
{
	const char *format = xnode_attr(pose, "rotation_format");

	if (format && strcmp(format, "euler_rpy") && strcmp(format, "quat_xyzw"))
		return "in a rotation_format SDFormat has";
	return pose_is_quat(pose) ? "7 numbers with a rotation (x y z qx qy qz qw)" : "6 numbers";
}

/* POSE (an SDFormat <pose> in a block) as x y z roll pitch yaw in radians,
 * whatever its form: degrees="true" or rotation_format="quat_xyzw".
 * Returns 0, or -1 when its text is not of its form. */
static int pose_radians(const struct xnode *pose, double v[6])
{
	const char *format = xnode_attr(pose, "rotation_format");
	const char *deg = xnode_attr(pose, "degrees");
	const char *text = pose->text ? pose->text : "";
	int i;

	if (format && strcmp(format, "euler_rpy") && strcmp(format, "quat_xyzw"))
		return -1;
	if (pose_is_quat(pose)) {
		double q[7];
		if (num_parse_vec(text, q, 7) != 0 || xyzw_to_rpy(q + 3, v + 3) != 0)
			return -1;
		memcpy(v, q, 3 * sizeof *v);
		return 0;
	}
	if (!pose->text)
		return 0;   /* <pose/>: the identity */
	if (num_parse_vec(text, v, 6) != 0)
		return -1;
	if (deg && (strcmp(deg, "true") == 0 || strcmp(deg, "1") == 0))
		for (i = 3; i < 6; i++)
			v[i] *= 3.14159265358979323846 / 180;
	return 0;
}

/* The blobs of L with a pose of their own (sensors, projectors, lights),
 * given in L's frame: their poses moved by BY into the owner's frame; with
 * FOLLOW, contact sensors follow their collision too. */
static void move_posed_blobs(struct robot *rb, struct diag *d, struct link *l, struct pose by,
			     int follow, int printed, struct walks *w)
{
	const struct ext_ref *r;
	unsigned i;

	if (rb->blobs_unlumped)   /* the URDF output: its reader lumps (model.h) */
		return;

	for (r = l->exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++) {
			struct xnode *b = r->ext->blobs.v[i];
			struct xnode *pose;
			double v[6] = { 0, 0, 0, 0, 0, 0 };
			if (strcmp(b->name, "sensor") && strcmp(b->name, "projector") &&
			    strcmp(b->name, "light"))
				continue;
			if (follow && !strcmp(b->name, "sensor"))
				follow_contact_collision(rb, l, b);
			pose = xnode_child(b, "pose");
			if (pose && xnode_attr(pose, "relative_to"))
				continue;
			if (pose && pose_radians(pose, v) != 0) {
				char buf[DIAG_EXCERPT + 4];
				diag_warn(d, D_LUMP_POSE_BAD, pose->pos.line, pose->pos.col,
					  "<%s> <pose> '%s' is not %s; left as it is although "
					  "link '%s' is merged into '%s'", b->name,
					  diag_excerpt(buf, pose->text ? pose->text : ""),
					  pose_form(pose), l->name, l->owner->name);
				continue;
			}
			if (!pose)
				pose = xnode_add(b, "pose", NULL);
			/* written in radians, roll pitch yaw: what every version reads */
			xnode_remove_attr(pose, "degrees");
			xnode_remove_attr(pose, "rotation_format");
			pose->text = pose_text(b, printed ? moved_pose(l, b, v, 1, w)
						  : pose_compose(by, pose_from_xyz_rpy(v, v + 3)));
		}
}

static const char *child_text(const struct xnode *parent, const char *name)
{
	const struct xnode *c = xnode_child(parent, name);

	return c && c->text ? c->text : NULL;
}

static struct link *lumped_link(const struct robot *rb, const char *name)
{
	struct link *l = name ? index_get(rb->link_index, name) : NULL;

	return l && l->fate == LINK_LUMPED ? l : NULL;
}

/* ---- plugins that name lumped links ---- */

/* libsdformat merges lumped links in the order of its Reduce: a link's
 * lumpable children first (by joint name, each the same way), then the
 * link, then its other children.  Numbers every lumped link by that
 * order (1, 2, ...) and lists them in it (rb->merged: the frames they
 * leave are written in that order, as libsdformat writes them), without
 * recursion. */
static void number_merges(struct robot *rb)
{
	struct visit { struct link *l; unsigned next; int merged; } *stack;
	unsigned top = 0, seq = 0;

	if (!rb->root)
		return;
	stack = must(rb->oom, talloc_array(rb, struct visit, rb->norder));
	rb->merged = ARENA_ARRAY(&rb->arena, struct link *, rb->norder);
	stack[top++] = (struct visit){ rb->root, 0, 0 };
	while (top) {
		struct visit *v = &stack[top - 1];
		struct joint *j;
		/* the lumpable children, then the merge, then the others:
		 * before the merge, children of kept joints are passed over */
		while (v->next < v->l->nchildren &&
		       (v->l->children[v->next]->fate == JOINT_LUMPED) == v->merged)
			v->next++;
		if (v->next == v->l->nchildren) {
			if (!v->merged) {
				v->merged = 1;
				v->next = 0;
				if (v->l->fate == LINK_LUMPED) {
					v->l->merge_seq = ++seq;
					rb->merged[rb->nmerged++] = v->l;
				}
				continue;
			}
			top--;
			continue;
		}
		j = v->l->children[v->next++];
		if (j->child)
			stack[top++] = (struct visit){ j->child, 0, 0 };
	}
	talloc_free(stack);
}

/* The link L merges into at its own merge (its parent), when that is
 * lumped too; else NULL. */
static struct link *next_merge(const struct link *l)
{
	struct link *p = l->parent_joint->parent;

	return p->fate == LINK_LUMPED ? p : NULL;
}

/* X as libsdformat prints it between two merges and reads it back for the
 * next: kept where two keys move one plugin, because there the rounding
 * can carry an angle across +-pi, which no comparison of angles accepts
 * as the same. */
static void printed_and_read(struct offset *x)
{
	double v[6];

	offset_to(x, v);
	printed6(v);
	*x = offset_from(v);
}

/* Reads the 3 numbers of PLUGIN's offset element NAME into V, which keeps
 * its zeros when there is no such element, or, with a warning, when it does
 * not hold 3 numbers. */
static void read_offset(struct diag *d, const struct xnode *plugin, const char *name,
			const struct link *l, double v[3])
{
	const struct xnode *c = xnode_child(plugin, name);
	char buf[DIAG_EXCERPT + 4];

	if (!c || !c->text || num_parse_vec(c->text, v, 3) == 0)
		return;
	v[0] = v[1] = v[2] = 0;
	diag_warn(d, D_LUMP_OFFSET_BAD, c->pos.line, c->pos.col, "<plugin> <%s> '%s' is not 3 numbers; taken as "
		  "0 0 0 in the offset from link '%s', merged into '%s'", name,
		  diag_excerpt(buf, c->text), l->name, l->owner->name);
}

/* A plugin whose bodyName or frameName names a lumped link follows it to
 * its owner, and its xyzOffset/rpyOffset move with it, as libsdformat
 * moves them: at each merge, level by level in its merge order, each of
 * bodyName and frameName that names the link being merged applies that
 * link's joint to the offset and is renamed to the parent.  (So a plugin
 * whose two keys name merged links gets a joint twice where they meet, as
 * in libsdformat.)  Missing offsets start at zero: libsdformat starts
 * them at the joint, applying it twice.  Walking merge by merge costs the
 * depth of the links named; where both keys move, it is a walk of W, and
 * past W's steps each key's owner transform is applied whole, which
 * differs only where the walks interleave and in the rounding. */
static void rewrite_plugin(struct robot *rb, struct diag *d, struct xnode *plugin,
			   struct walks *w)
{
	struct link *body = lumped_link(rb, child_text(plugin, "bodyName"));
	struct link *frame = lumped_link(rb, child_text(plugin, "frameName"));
	struct link *first = body ? body : frame;
	double v[6] = { 0, 0, 0, 0, 0, 0 };
	struct offset x;

	if (!first)
		return;
	read_offset(d, plugin, "xyzOffset", first, v);
	read_offset(d, plugin, "rpyOffset", first, v + 3);
	x = offset_from(v);
	if (body)
		xnode_replace(plugin, "bodyName", body->owner->name);
	if (frame)
		xnode_replace(plugin, "frameName", frame->owner->name);
	if (!body || !frame || !may_walk(w, plugin)) {
		/* one key: its joints in a row, which is the link's place in
		 * its owner; and so for each key when walks are spent */
		if (body)
			apply_pose(&x, &body->to_owner);
		if (frame)
			apply_pose(&x, &frame->to_owner);
	} else {
		while (body || frame) {
			struct link *at;
			walk_step(w);
			if (body && (!frame || body->merge_seq <= frame->merge_seq)) {
				at = body;
				body = next_merge(body);
			} else {
				at = frame;
				frame = next_merge(frame);
			}
			apply_pose(&x, &at->parent_joint->origin);
			if (at == frame) {   /* both keys named the link merged */
				printed_and_read(&x);
				apply_pose(&x, &at->parent_joint->origin);
				frame = next_merge(frame);
			}
			if (body || frame)
				printed_and_read(&x);
		}
	}
	offset_to(&x, v);
	xnode_replace(plugin, "xyzOffset", fmt_vec(plugin, v, 3));
	xnode_replace(plugin, "rpyOffset", fmt_vec(plugin, v + 3, 3));
	while (xnode_child(plugin, "ignition::corrected_offsets"))
		xnode_unlink(xnode_child(plugin, "ignition::corrected_offsets"));
	xnode_replace(plugin, "gz::corrected_offsets", "1");
}

/* A <joint> blob whose parent or child is a lumped link names the owner. */
static void rewrite_joint_blob(const struct robot *rb, struct xnode *joint)
{
	static const char *const keys[] = { "parent", "child" };
	unsigned k;

	for (k = 0; k < 2; k++) {
		struct xnode *c = xnode_child(joint, keys[k]);
		struct link *l = c ? lumped_link(rb, c->text) : NULL;
		if (l)
			c->text = l->owner->name;
	}
}

/* Walks W may take: WALK_STEPS_PER_ELEMENT per link and blob. */
static struct walks walks_for(const struct robot *rb)
{
	struct walks w = { WALK_STEPS_PER_ELEMENT * (rb->norder + 1ul), 0, NULL };
	unsigned i;

	for (i = 0; i < rb->nexts; i++)
		w.steps_left += WALK_STEPS_PER_ELEMENT * rb->exts[i]->blobs.n;
	return w;
}

static void warn_composed(struct diag *d, const struct walks *w)
{
	if (w->composed)
		diag_warn(d, D_LUMP_WALKS_SPENT, w->first_composed->pos.line,
			  w->first_composed->pos.col,
			  "fixed joints nest too deep to move every sensor, light, projector "
			  "and plugin offset merge by merge, rounding at each merge as "
			  "libsdformat does: %lu of them, from here on, are moved in one "
			  "exact step (the reference's values carry its rounding at every "
			  "merge)", w->composed);
}

static void rewrite_blobs(struct robot *rb, struct diag *d, const struct sdf_target *target)
{
	struct walks w = walks_for(rb);
	unsigned i, k;

	if (rb->blobs_unlumped)   /* the URDF output: its reader lumps (model.h) */
		return;

	for (i = 0; i < rb->norder; i++)
		if (rb->order[i]->fate == LINK_LUMPED)
			move_posed_blobs(rb, d, rb->order[i], rb->order[i]->to_owner, 1,
					 target->lumped_pose_printed, &w);
	for (i = 0; i < rb->nexts; i++)
		for (k = 0; k < rb->exts[i]->blobs.n; k++) {
			struct xnode *b = rb->exts[i]->blobs.v[k];
			if (strcmp(b->name, "plugin") == 0)
				rewrite_plugin(rb, d, b, &w);
			else if (strcmp(b->name, "joint") == 0)
				rewrite_joint_blob(rb, b);
		}
	warn_composed(d, &w);
}

void lump_frame_link(struct robot *rb, struct diag *d, struct link *l)
{
	const struct joint *j = l->parent_joint;
	struct link *a, *next;

	l->owner = j->parent->owner;
	l->to_owner = pose_compose(j->parent->to_owner, j->origin);
	/* what was lumped into L goes on with it (its poses are in L's frame) */
	next = l->absorbed_first;
	l->absorbed_first = l->absorbed_last = NULL;
	absorb(l->owner, l);
	move_posed_blobs(rb, d, l, l->to_owner, 0, 0, NULL);
	for (a = next; a; a = next) {
		next = a->next_absorbed;
		a->owner = l->owner;
		a->to_owner = pose_compose(l->to_owner, a->to_owner);
		absorb(l->owner, a);
		move_posed_blobs(rb, d, a, l->to_owner, 0, 0, NULL);
	}
	rb->collisions_numbered = 0;   /* the owner's list grew */
}

void lump_frames_done(struct robot *rb)
{
	const struct ext_ref *r;
	unsigned i, k;

	if (rb->blobs_unlumped)   /* the URDF output: its reader lumps (model.h) */
		return;

	/* contact sensors follow their collision to the owner: a frame's now,
	 * a lumped link's again (lumped into a link that became a frame, it
	 * is written in that frame's owner) */
	for (i = 0; i < rb->norder; i++) {
		struct link *l = rb->order[i];
		const struct followed_contact *f;
		if (l->fate == LINK_LUMPED)
			for (f = l->followed_contacts; f; f = f->next)
				name_in_owner(rb, l, f->c, f->nc);
		if (l->fate != LINK_FRAME)
			continue;
		for (r = l->exts.first; r; r = r->next)
			for (k = 0; k < r->ext->blobs.n; k++)
				if (!strcmp(r->ext->blobs.v[k]->name, "sensor"))
					follow_contact_collision(rb, l, r->ext->blobs.v[k]);
	}
}

static void warn_lumped_joint_exts(const struct robot *rb, struct diag *d)
{
	const struct joint *j;
	const struct ext_ref *r;

	for (j = rb->joints; j; j = j->next)
		if (j->fate == JOINT_LUMPED)
			for (r = j->exts.first; r; r = r->next)
				diag_warn(d, D_LUMP_JOINT_BLOCK_LOST, r->ext->pos.line, r->ext->pos.col,
					  "fixed joint '%s' is merged away by lumping, so this "
					  "<gazebo> block has no joint to apply to; add "
					  "<preserveFixedJoint>true</preserveFixedJoint> to keep it",
					  j->name);
}

/* Link-level tags (gravity, self_collide) that a link merged into L gives
 * another value than L, or a link merged before it, did: the later one is
 * written over the earlier (in L's order: its own blocks, then its
 * absorbed links'), and libsdformat warns of that too.  Blocks of one
 * link among themselves are resolve's to warn about. */
static void warn_lumped_link_tags(const struct link *l, struct diag *d)
{
	const struct ext *latest[TAG_COUNT] = { NULL };
	const struct link *by[TAG_COUNT] = { NULL };
	const struct link *src;
	const struct ext_ref *r;
	unsigned id;

	for (src = l; src; src = src == l ? l->absorbed_first : src->next_absorbed)
		for (r = src->exts.first; r; r = r->next)
			for (id = 0; id < TAG_COUNT; id++) {
				const struct ext *e = r->ext, *was = latest[id];
				char old_text[TAG_TEXT_BUFSZ], new_text[TAG_TEXT_BUFSZ];
				if (TAGS[id].target != AT_LINK || TAGS[id].write != W_REPLACE ||
				    !tag_given(&e->tags, id))
					continue;
				latest[id] = e;
				if (!was || by[id] == src ||
				    tag_same_value(TAGS[id].kind, tag_get(&was->tags, id),
						   tag_get(&e->tags, id))) {
					by[id] = src;
					continue;
				}
				diag_warn(d, D_LUMP_TAG_REPLACED, e->pos.line, e->pos.col,
					  "link '%s' is merged into '%s': its <%s> %s replaces %s, "
					  "given for '%s' by the <gazebo> block at line %u", src->name,
					  l->name, TAGS[id].name,
					  tag_value_text(new_text, TAGS[id].kind, tag_get(&e->tags, id)),
					  tag_value_text(old_text, TAGS[id].kind, tag_get(&was->tags, id)),
					  by[id]->name, was->pos.line);
				by[id] = src;
			}
}

static void warn_lumped_tags(const struct robot *rb, struct diag *d)
{
	unsigned i;

	for (i = 0; i < rb->norder; i++)
		if (rb->order[i]->fate == LINK_WRITTEN && rb->order[i]->absorbed_first)
			warn_lumped_link_tags(rb->order[i], d);
}

void lump(struct robot *rb, struct diag *d, const struct options *opts,
	  const struct sdf_target *target)
{
	int blocks_lost = assign_owners(rb, opts);
	number_merges(rb);
	merge_inertials(rb);
	reparent_joints(rb);
	rewrite_blobs(rb, d, target);
	if (blocks_lost)   /* a walk over every joint only when it has something to say */
		warn_lumped_joint_exts(rb, d);
	warn_lumped_tags(rb, d);
}
