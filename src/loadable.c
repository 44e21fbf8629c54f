/* loadable: whether a simulator loads the output, decided in one place (see
 * loadable.h).  Every rule is one row of RULES and one predicate below;
 * what it finds is warned of, or with --repair changed, with a warning at
 * the element changed saying what was there and what is written. */
#include "loadable.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "blob.h"
#include "index.h"
#include "num.h"

/* The rules, one row each: what it detects, what loaders make of it, the
 * warning's code (plain conversion, --check), the repair's code
 * (--repair), and what --repair writes.  u2s.1's DIAGNOSTICS and the
 * Repair section of doc/conversion.md say the same; tests/loadable.sh checks the
 * verdicts against the three loaders. */
const struct load_rule LOAD_RULES[RULE_COUNT] = {
	{ RULE_INERTIA_NEGATIVE, "a link's inertia with a negative principal moment (beyond "
	  "gz-math's tolerance)", LOAD_REJECTED, D_INERTIA_NOT_POSITIVE, D_REPAIR_INERTIA,
	  "the nearest valid inertia in the same principal axes (or, where gz-math accepts "
	  "none, as given: D_REPAIR_INERTIA_TOO_LARGE)" },
	{ RULE_INERTIA_TRIANGLE, "a link's principal moments that break the triangle "
	  "inequality (beyond gz-math's tolerance)", LOAD_REJECTED, D_INERTIA_TRIANGLE,
	  D_REPAIR_INERTIA, "as RULE_INERTIA_NEGATIVE" },
	{ RULE_INERTIA_UNCOMPUTABLE, "a link's inertia too large for gz-math to compute its "
	  "principal moments", LOAD_REJECTED, D_INERTIA_UNCOMPUTABLE,
	  D_REPAIR_INERTIA_UNCOMPUTABLE, "nothing: written as given, and said again (where "
	  "u2s computes the moments, as D_REPAIR_INERTIA_TOO_LARGE)" },
	{ RULE_INERTIA_ZERO_MOMENT, "a link's valid inertia with a principal moment of 0 "
	  "(within gz-math's tolerance), an all-zero inertia with a mass among them",
	  LOAD_DART_ABORTS, D_INERTIA_ZERO_MOMENT, D_REPAIR_INERTIA_ZERO, "that moment 1/1000 "
	  "of the largest, in the same axes; an all-zero inertia that of a ball 5 cm in "
	  "radius" },
	{ RULE_MASSLESS_ROOT, "a massless root link (and with it the whole model)",
	  LOAD_LEFT_OUT, D_MASSLESS_ROOT, D_REPAIR_MASS, "mass 0.001 kg (--repair-mass) and "
	  "the inertia of a ball 5 cm in radius" },
	{ RULE_MASSLESS, "a massless link on a joint that cannot make it a frame (with what "
	  "hangs from it)", LOAD_LEFT_OUT, D_MASSLESS_DROPPED, D_REPAIR_MASS,
	  "as RULE_MASSLESS_ROOT" },
	{ RULE_ROBOT_NAME_RESERVED, "a robot named as SDFormat reserves ('::', __x__, world)",
	  LOAD_REJECTED, D_NAME_RESERVED, D_REPAIR_MODEL_RENAMED, "the model renamed: '::' -> "
	  "'_', __x__ -> x__x__, world -> world_model" },
	{ RULE_LINK_NAME_RESERVED, "a link of the output named as SDFormat reserves ('::', "
	  "__x__, world other than the root)", LOAD_REJECTED, D_NAME_RESERVED,
	  D_REPAIR_LINK_RENAMED, "renamed so (world -> world_link); what names the link in "
	  "blocks follows (D_REPAIR_REFERENCE_RENAMED)" },
	{ RULE_JOINT_NAME_RESERVED, "a joint of the output named as SDFormat reserves",
	  LOAD_REJECTED, D_NAME_RESERVED, D_REPAIR_JOINT_RENAMED, "renamed so (world -> "
	  "world_joint); what names the joint in blocks, and mimics, follow" },
	{ RULE_NAME_SHARED, "a joint of the output named like a link of the output",
	  LOAD_REJECTED, D_NAME_SHARED, D_REPAIR_JOINT_RENAMED, "the joint renamed "
	  "NAME_joint; what names the joint follows, what names the link does not" },
	{ RULE_AXIS_ZERO, "a written moving joint's axis 0 0 0", LOAD_REJECTED, D_AXIS_ZERO,
	  D_REPAIR_AXIS, "URDF's default axis, 1 0 0" },
	{ RULE_BLOB_NAME, "an element of a <gazebo> block named with '::', or a model-level "
	  "link, joint or frame block named like one of the output", LOAD_REJECTED,
	  D_BLOB_NAME_REFUSED, D_REPAIR_BLOB_RENAMED, "renamed as a link or joint is "
	  "(NAME_sensor, NAME_frame...)" },
	/* its URDF name; the link's name in what is written is the link rule's */
	{ RULE_ITEM_NAME_RESERVED, "a visual or collision of the output named with '::'",
	  LOAD_REJECTED, D_ITEM_NAME_RESERVED, D_REPAIR_ITEM_RENAMED, "'::' -> '_' in its "
	  "name (the name written ends in its number among its link's items of its kind: it "
	  "stays unlike the others); a contact sensor's <collision> follows "
	  "(D_REPAIR_REFERENCE_RENAMED)" },
};

void loadable_init(struct loadable *lc, struct robot *rb, struct diag *d, int fix,
		   double repair_mass)
{
	memset(lc, 0, sizeof *lc);
	lc->rb = rb;
	lc->d = d;
	lc->fix = fix;
	lc->mass = repair_mass > 0 ? repair_mass : REPAIR_MASS;
}

/* ---- principal moments: gz-math's, the one routine -------------------------- */

static void sort3(double v[3])
{
	double t;

	if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
	if (v[1] > v[2]) t = v[1], v[1] = v[2], v[2] = t;
	if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
}

/* The closed form of Kronenburg's "fast diagonalization of a 3x3 real
 * symmetric matrix" as gz-math's MassMatrix3::PrincipalMoments writes it
 * (a diagonal within TOL of the largest diagonal moment is taken as it
 * is): the same operations in the same order, for its rounding is what
 * the loader tests. */
void inertia_principal_moments(const double e[6], double tol, double out[3])
{
	const double pi = 3.14159265358979323846;
	double big = fmax(e[0], fmax(e[1], e[2])), b, c, d, p, q, t;

	tol *= big;
	if (fabs(e[3]) <= fabs(tol) && fabs(e[4]) <= fabs(tol) && fabs(e[5]) <= fabs(tol)) {
		out[0] = e[0], out[1] = e[1], out[2] = e[2];
		sort3(out);
		return;
	}
	b = e[0] + e[1] + e[2];
	c = e[0] * e[1] - e[3] * e[3] + e[0] * e[2] - e[4] * e[4] + e[1] * e[2] - e[5] * e[5];
	d = e[0] * (e[5] * e[5]) + e[1] * (e[4] * e[4]) + e[2] * (e[3] * e[3]) -
	    e[0] * e[1] * e[2] - 2 * e[3] * e[4] * e[5];
	p = b * b - 3 * c;
	if (p < tol * tol) {
		out[0] = out[1] = out[2] = b / 3.0;
		return;
	}
	q = 2 * pow(b, 3) - 9 * b * c - 27 * d;
	t = 0.5 * q / pow(p, 1.5);
	t = acos(t < -1 ? -1 : t > 1 ? 1 : t);
	out[0] = (b + 2 * sqrt(p) * cos(t / 3.0)) / 3.0;
	out[1] = (b + 2 * sqrt(p) * cos((t + 2 * pi) / 3.0)) / 3.0;
	out[2] = (b + 2 * sqrt(p) * cos((t - 2 * pi) / 3.0)) / 3.0;
	sort3(out);
}

static void inertia_entries(const struct inertial *in, double e[6])
{
	e[0] = in->ixx, e[1] = in->iyy, e[2] = in->izz;
	e[3] = in->ixy, e[4] = in->ixz, e[5] = in->iyz;
}

/* The principal moments as near the exact ones as the closed form gets
 * (no tolerance), on the tensor scaled by a power of two to its largest
 * entry (exactly: the rounding is the same), so that entries near 1e308
 * do not overflow.  NaN when an entry is not finite. */
static void exact_moments(const struct inertial *in, double ev[3])
{
	double e[6], s = 0;
	int i, k;

	inertia_entries(in, e);
	if (e[3] == 0 && e[4] == 0 && e[5] == 0 && isfinite(e[0] + e[1] + e[2])) {
		/* diagonal: the closed form takes it as it is, at any scale */
		ev[0] = e[0], ev[1] = e[1], ev[2] = e[2];
		sort3(ev);
		return;
	}
	for (i = 0; i < 6; i++)
		s = fmax(s, fabs(e[i]));
	if (s == 0 || !isfinite(s)) {
		ev[0] = ev[1] = ev[2] = s == 0 ? 0 : NAN;
		return;
	}
	frexp(s, &k);
	for (i = 0; i < 6; i++)
		e[i] = ldexp(e[i], -k);
	inertia_principal_moments(e, 0, ev);
	for (i = 0; i < 3; i++)
		ev[i] = ldexp(ev[i], k);
}

/* gz-math's MassMatrix3::Epsilon: 10 machine epsilons of half the sum. */
double inertia_epsilon(const double ev[3])
{
	return 10 * DBL_EPSILON * 0.5 * fabs(ev[0] + ev[1] + ev[2]);
}

/* gz-math's MassMatrix3::ValidMoments. */
int inertia_moments_valid(const double ev[3])
{
	double eps = inertia_epsilon(ev);
	int i;

	for (i = 0; i < 3; i++)
		if (!(ev[i] + eps >= 0) || !(ev[i] + ev[(i + 1) % 3] + eps >= ev[(i + 2) % 3]))
			return 0;
	return 1;
}

/* gz-math's MassMatrix3::IsNearPositive: the leading minors, within 10
 * epsilons of half the trace. */
static int near_positive(const struct inertial *in)
{
	double diag[3] = { in->ixx, in->iyy, in->izz }, eps = inertia_epsilon(diag);
	double det = in->ixx * (in->izz * in->iyy - in->iyz * in->iyz) +
		     in->ixy * -(in->izz * in->ixy - in->ixz * in->iyz) +
		     in->ixz * (in->iyz * in->ixy - in->ixz * in->iyy);

	return in->mass >= 0 && in->ixx + eps >= 0 &&
	       in->ixx * in->iyy - in->ixy * in->ixy + eps >= 0 && det + eps >= 0;
}

/* gz-math's IsValid on IN, with the principal moments it computed in GZ
 * (when it got that far). */
static int loads_with(const struct inertial *in, double gz[3])
{
	double e[6];

	if (!near_positive(in))
		return 0;
	inertia_entries(in, e);
	inertia_principal_moments(e, 1e-6, gz);
	return inertia_moments_valid(gz);
}

int inertia_loads(const struct inertial *in)
{
	double gz[3];

	return loads_with(in, gz);
}

/* Which inertia rule link L's inertial breaks, or RULE_COUNT; EV gets its
 * (exact) principal moments.  The loader's own test decides whether it is
 * valid; the exact moments, which of the rules it breaks. */
static enum load_rule_id inertia_rule(const struct inertial *in, double ev[3])
{
	double gz[3];
	int loads = loads_with(in, gz);

	/* Most inertias load, and their smallest moment is nowhere near 0:
	 * gz-math's moments say so without the exact ones. */
	if (loads && gz[0] > 1e-3 * gz[2])
		return RULE_COUNT;
	exact_moments(in, ev);
	if (loads)
		return ev[0] <= inertia_epsilon(ev) ? RULE_INERTIA_ZERO_MOMENT : RULE_COUNT;
	if (!near_positive(in)) {
		double e[6];

		inertia_entries(in, e);
		inertia_principal_moments(e, 1e-6, gz);
	}
	if (!isfinite(gz[0]) || !isfinite(gz[1]) || !isfinite(gz[2]))
		return RULE_INERTIA_UNCOMPUTABLE;
	return ev[0] + inertia_epsilon(ev) < 0 ? RULE_INERTIA_NEGATIVE : RULE_INERTIA_TRIANGLE;
}

/* ---- principal axes, for repairs -------------------------------------------- */

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

/* A zero principal moment becomes this share of the largest: a rod a
 * hundredth as thick as it is long has about 1/1000 (6 r^2 / L^2). */
#define ZERO_MOMENT_SHARE 1e-3

/* The nearest valid moments to EV (ascending): a negative one becomes 0;
 * then, if the largest exceeds the sum of the others, the three move
 * equally onto that boundary (the orthogonal projection onto the plane
 * l0 + l1 = l2), MARGIN (relative to the largest) inside it, so that
 * the loader's rounding still finds it valid; where that would carry the
 * middle one past the largest, those two meet and the smallest grows. */
void inertia_valid_moments(const double ev[3], double margin, double out[3])
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

/* The moments RULE's repair writes for EV, MARGIN inside the triangle
 * inequality; a moment still 0 then becomes ZERO_MOMENT_SHARE of the
 * largest (DART can abort on 0). */
static void repaired_moments(enum load_rule_id rule, const double ev[3], double margin,
			     double out[3])
{
	if (rule == RULE_INERTIA_ZERO_MOMENT)
		memcpy(out, ev, 3 * sizeof *out);
	else
		inertia_valid_moments(ev, margin, out);
	if (out[0] <= inertia_epsilon(out))
		out[0] = ZERO_MOMENT_SHARE * out[2];
}

/* The three moments as text: %g, or the shortest text that reads back as
 * each where %g would hide what the message is about (a difference from
 * OTHER, or, without OTHER, that the moments are not valid). */
static const char *moments_text(struct loadable *lc, const double v[3], const double other[3])
{
	char g[3][NUM_BUFSZ], h[NUM_BUFSZ], text[3 * NUM_BUFSZ + 8];
	double back[3];
	int i, shortest = 0;

	for (i = 0; i < 3; i++) {
		snprintf(g[i], sizeof g[i], "%g", v[i]);
		back[i] = strtod(g[i], NULL);
		if (other) {
			snprintf(h, sizeof h, "%g", other[i]);
			shortest |= v[i] != other[i] && !strcmp(g[i], h);
		}
	}
	if (!other)
		shortest = !inertia_moments_valid(v) && inertia_moments_valid(back);
	if (shortest)
		for (i = 0; i < 3; i++)
			num_format(v[i], g[i]);
	snprintf(text, sizeof text, "%s, %s, %s", g[0], g[1], g[2]);
	return arena_strdup(&lc->rb->arena, text);
}

/* The principal moments of L's inertia EV (ascending) made FIXED, in the
 * same axes; 0 when no margin makes gz-math accept the written tensor. */
static int move_moments(enum load_rule_id rule, struct inertial *in, const double ev[3],
			double fixed[3])
{
	double m[9] = { in->ixx, in->ixy, in->ixz, in->ixy, in->iyy, in->iyz, in->ixz, in->iyz,
			in->izz };
	double scale = 0, sm[9], sev[3];
	struct inertial out = *in;
	vec3d v[3];
	unsigned i;

	for (i = 0; i < 9; i++)
		scale = fmax(scale, fabs(m[i]));
	for (i = 0; i < 9; i++)
		sm[i] = m[i] / scale;   /* scale > 0: some moment is not 0 */
	for (i = 0; i < 3; i++)
		sev[i] = ev[i] / scale;
	principal_axes(sm, sev, v);
	for (i = 0; i < sizeof MARGINS / sizeof *MARGINS; i++) {
		repaired_moments(rule, ev, MARGINS[i], fixed);
		moved_tensor(m, ev, fixed, v, &out);
		if (!isfinite(out.ixx) || !isfinite(out.iyy) || !isfinite(out.izz) ||
		    !isfinite(out.ixy) || !isfinite(out.ixz) || !isfinite(out.iyz))
			return 0;
		if (inertia_loads(&out)) {
			*in = out;
			return 1;
		}
	}
	return 0;
}

/* An inertia of no extent (all moments 0, or none above 0): the inertia
 * of a ball 5 cm in radius, as a massless link gets. */
static void ball_inertia(struct inertial *in, double fixed[3])
{
	fixed[0] = fixed[1] = fixed[2] = in->mass * 0.001;
	in->ixx = in->iyy = in->izz = fixed[0];
	in->ixy = in->ixz = in->iyz = 0;
}

/* What the zero-moment rule says of EV, and what its repair writes
 * (FIXED; NULL: not yet repaired), as text. */
static const char *zero_text(struct loadable *lc, const struct inertial *in, const double ev[3],
			     const double fixed[3], int after)
{
	char text[160];

	if (ev[2] > 0 && !after)
		snprintf(text, sizeof text, "principal moments %s, one 0", moments_text(lc, ev, fixed));
	else if (ev[2] > 0)
		snprintf(text, sizeof text, "as %s in the same axes", moments_text(lc, fixed, ev));
	else if (!after)
		snprintf(text, sizeof text, "mass %g with an inertia of 0", in->mass);
	else
		snprintf(text, sizeof text, "with the inertia of a ball 5 cm in radius, %g on the "
			 "diagonal", fixed[0]);
	return arena_strdup(&lc->rb->arena, text);
}

/* The invalid inertia IN of L, of moments EV, made valid: 1, or 0 when no
 * tensor that gz-math accepts can be written. */
static int repair_invalid(struct loadable *lc, const struct link *l, struct inertial *in,
			  enum load_rule_id rule, const double ev[3])
{
	double fixed[3];

	if (!move_moments(rule, in, ev, fixed))
		return 0;
	diag_warn(lc->d, D_REPAIR_INERTIA, in->pos.line, in->pos.col, "repaired: link '%s': "
		  "principal moments %s are not a valid inertia; written as %s in the same axes",
		  l->name, moments_text(lc, ev, fixed), moments_text(lc, fixed, ev));
	return 1;
}

static void repair_inertia(struct loadable *lc, struct link *l, enum load_rule_id rule,
			   const double ev[3])
{
	struct inertial *in = l->inertial;
	double fixed[3];

	if (!isfinite(ev[0]) || !isfinite(ev[1]) || !isfinite(ev[2])) {
		diag_warn(lc->d, D_REPAIR_INERTIA_UNCOMPUTABLE, in->pos.line, in->pos.col, "link "
			  "'%s': the inertia's principal moments are too large to compute; "
			  "written as given", l->name);
	} else if (rule == RULE_INERTIA_ZERO_MOMENT || !(ev[2] > 0)) {
		if (!(ev[2] > 0))
			ball_inertia(in, fixed);
		else if (!move_moments(rule, in, ev, fixed))
			return;   /* a valid inertia stays as it is */
		diag_warn(lc->d, D_REPAIR_INERTIA_ZERO, in->pos.line, in->pos.col, "repaired: link "
			  "'%s': %s, on which DART can abort; written %s", l->name,
			  zero_text(lc, in, ev, fixed, 0), zero_text(lc, in, ev, fixed, 1));
	} else if (!repair_invalid(lc, l, in, rule, ev)) {
		diag_warn(lc->d, D_REPAIR_INERTIA_TOO_LARGE, in->pos.line, in->pos.col, "link '%s': "
			  "principal moments %s are not a valid inertia, and cannot be repaired "
			  "(too large, or too far from valid); written as given", l->name,
			  moments_text(lc, ev, NULL));
	}
}

/* The warning of RULE: what --repair would change. */
static void warn_inertia(struct loadable *lc, const struct link *l, enum load_rule_id rule,
			 const double ev[3])
{
	const struct inertial *in = l->inertial;
	const char *text = moments_text(lc, ev, NULL);

	if (rule == RULE_INERTIA_NEGATIVE)
		diag_warn(lc->d, D_INERTIA_NOT_POSITIVE, in->pos.line, in->pos.col, "link '%s': "
			  "inertia is not positive definite (principal moments %s); simulators "
			  "reject it", l->name, text);
	else if (rule == RULE_INERTIA_TRIANGLE)
		diag_warn(lc->d, D_INERTIA_TRIANGLE, in->pos.line, in->pos.col, "link '%s': "
			  "principal moments %s violate the triangle inequality; simulators reject "
			  "it", l->name, text);
	else if (rule == RULE_INERTIA_UNCOMPUTABLE)
		diag_warn(lc->d, D_INERTIA_UNCOMPUTABLE, in->pos.line, in->pos.col, "link '%s': the "
			  "inertia's principal moments are too large for gz-math to compute; "
			  "simulators reject it", l->name);
	else
		diag_warn(lc->d, D_INERTIA_ZERO_MOMENT, in->pos.line, in->pos.col, "link '%s': %s%s%s, "
			  "which loaders accept, but on which DART, gz-sim's default physics "
			  "engine, can abort (--repair %s)", l->name,
			  ev[2] > 0 ? "principal moments " : "",
			  ev[2] > 0 ? text : zero_text(lc, in, ev, NULL, 0),
			  ev[2] > 0 ? ": one is 0" : "", ev[2] > 0 ? "makes it 1/1000 of the "
			  "largest" : "gives it the inertia of a ball 5 cm in radius");
}

void loadable_inertia(struct loadable *lc, struct link *l)
{
	double ev[3];
	enum load_rule_id rule;

	if (!l->inertial || !(l->inertial->mass > 0))
		return;
	rule = inertia_rule(l->inertial, ev);
	if (rule == RULE_COUNT)
		return;
	if (lc->fix)
		repair_inertia(lc, l, rule, ev);
	else
		warn_inertia(lc, l, rule, ev);
}

/* ---- massless links ---------------------------------------------------------- */

int loadable_massless(struct loadable *lc, struct link *l)
{
	/* a ball 5 cm in radius: I = 2/5 m r^2 = m * 0.001 m^2 */
	double moment = lc->mass * 0.001;
	struct inertial *in = l->inertial;

	if (!lc->fix)
		return 0;
	if (!in) {
		in = l->inertial = ARENA_NEW(&lc->rb->arena, struct inertial);
		in->origin = POSE_IDENTITY;
		in->pos = l->pos;
	}
	diag_warn(lc->d, D_REPAIR_MASS, l->pos.line, l->pos.col, "repaired: link '%s' %s, which "
		  "would leave it out (and what hangs from it); written with mass %g and inertia "
		  "%g on the diagonal", l->name, l->inertial && l->inertial->mass != 0 ?
		  "has a mass <= 0" : "has no mass", lc->mass, moment);
	in->mass = lc->mass;
	in->ixx = in->iyy = in->izz = moment;
	in->ixy = in->ixz = in->iyz = 0;
	return 1;
}

/* ---- what a link left out would be repaired of ------------------------------- */

static void say_left_out(struct loadable *lc, struct srcpos pos, const char *what,
			 const char *name, const struct link *l, enum load_rule_id rule)
{
	const char *by = l->dropped_by->name;
	const int top = l->dropped_by == l;

	diag_warn(lc->d, D_LEFT_OUT_WOULD_REPAIR, pos.line, pos.col, "%s '%s' is left out with "
		  "massless link '%s'%s; --repair, which gives '%s' a mass, would write it and "
		  "repair %s", what, name, by, top ? "" : " above it", by,
		  LOAD_RULES[rule].detects);
}

static int axis_zero(const struct joint *j)
{
	return j->has_axis && j->type != JOINT_FIXED && j->axis[0] == 0 && j->axis[1] == 0 &&
	       j->axis[2] == 0;
}

/* What is done to one visual or collision written in link OWNER: item IT
 * of link SRC (OWNER, or a link merged into it), the K-th of its kind
 * OWNER writes. */
typedef void item_fn(struct loadable *lc, const struct link *owner, const struct link *src,
		     struct item *it, unsigned k, void *arg);

/* FN on every collision written in link OWNER, and with VISUALS every
 * visual: its own, then those of the links merged into it, numbered as
 * write.c numbers them (item_sdf_name's K). */
static void each_item(struct loadable *lc, const struct link *owner, int visuals, item_fn *fn,
		      void *arg)
{
	const struct link *src;
	struct item *it;
	unsigned collisions = 0, visuals_k = 0;

	for (src = owner; src; src = src == owner ? owner->absorbed_first : src->next_absorbed) {
		for (it = src->collisions.first; it; it = it->next)
			fn(lc, owner, src, it, collisions++, arg);
		for (it = visuals ? src->visuals.first : NULL; it; it = it->next)
			fn(lc, owner, src, it, visuals_k++, arg);
	}
}

static const char *item_kind_name(const struct item *it)
{
	return it->kind == ITEM_VISUAL ? "visual" : "collision";
}

static void left_out_item(struct loadable *lc, const struct link *owner, const struct link *src,
			  struct item *it, unsigned k, void *arg)
{
	(void)src, (void)k, (void)arg;
	if (it->name && strstr(it->name, "::"))
		say_left_out(lc, it->pos, item_kind_name(it), it->name, owner,
			     RULE_ITEM_NAME_RESERVED);
}

void loadable_left_out(struct loadable *lc, const struct link *l)
{
	const struct joint *pj = l->parent_joint;
	double ev[3];
	enum load_rule_id rule;

	if (l->inertial && l->inertial->mass > 0 &&
	    (rule = inertia_rule(l->inertial, ev)) != RULE_COUNT)
		say_left_out(lc, l->inertial->pos, "link", l->name, l, rule);
	if (name_reserved(l->name))
		say_left_out(lc, l->pos, "link", l->name, l, RULE_LINK_NAME_RESERVED);
	each_item(lc, l, 1, left_out_item, NULL);   /* and those merged into it */
	if (!pj)
		return;
	if (name_reserved(pj->name))
		say_left_out(lc, pj->pos, "joint", pj->name, l, RULE_JOINT_NAME_RESERVED);
	else if (index_get(lc->rb->link_index, pj->name))
		say_left_out(lc, pj->pos, "joint", pj->name, l, RULE_NAME_SHARED);
	if (axis_zero(pj))
		say_left_out(lc, pj->pos, "joint", pj->name, l, RULE_AXIS_ZERO);
}

/* ---- names --------------------------------------------------------------------- */

static int taken(const struct loadable *lc, const char *name)
{
	return index_get(lc->rb->link_index, name) || index_get(lc->rb->joint_index, name) ||
	       !strcmp(name, "world") || !strcmp(name, "__model__");
}

/* NAME with every '::' made '_', into OUT (strlen(NAME) + 1); its length. */
static size_t colons_replaced(const char *name, char *out)
{
	size_t len = strlen(name), i, n = 0;

	for (i = 0; i < len; i++) {
		if (name[i] == ':' && name[i + 1] == ':') {
			out[n++] = '_';
			i++;
		} else {
			out[n++] = name[i];
		}
	}
	out[n] = '\0';
	return n;
}

/* NAME with '::' -> '_' and __x__ -> x__x__, into BASE (2 * len + 2). */
static size_t unreserved(const char *name, char *base)
{
	size_t n = colons_replaced(name, base);

	if (n >= 4 && !strncmp(base, "__", 2) && !strcmp(base + n - 2, "__")) {
		memmove(base + 1, base, n + 1);
		base[0] = 'x';
		n++;
	}
	return n;
}

/* NAME made acceptable to SDFormat ('::' -> '_', __x__ -> x__x__, a link
 * or joint named world -> world_KIND), then KIND added where it is still
 * taken (NAME_joint), then _2, _3... until nothing has it. */
static char *new_name(struct loadable *lc, const char *name, const char *kind, int clash)
{
	char *base = arena_alloc(&lc->rb->arena, 2 * strlen(name) + strlen(kind) + 32), *out;
	size_t n = unreserved(name, base);
	unsigned k, *last;

	if (clash || !strcmp(base, "world")) {
		base[n++] = '_';
		strcpy(base + n, kind);
		n += strlen(kind);
	}
	if (!taken(lc, base))
		return base;
	/* Many names may come to one base ("a::b", "a_::b"...): each goes on
	 * from the suffix the last took, not from 2. */
	last = index_get(lc->suffixes, base);
	k = last ? *last + 1 : 2;
	if (!last) {
		last = ARENA_NEW(&lc->rb->arena, unsigned);
		index_put(lc->suffixes, base, last);
	}
	out = arena_alloc(&lc->rb->arena, n + 24);
	for (;; k++) {
		snprintf(out, n + 24, "%s_%u", base, k);
		if (!taken(lc, out)) {
			*last = k;
			return out;
		}
	}
}

/* A joint that mimics another, listed under its leader's name. */
struct follower { struct joint *j; struct follower *next; };

static void rename_joint(struct loadable *lc, struct joint *j, const char *why, int clash)
{
	const char *old = j->name, *now = new_name(lc, j->name, "joint", clash);
	const struct follower *f;

	diag_warn(lc->d, D_REPAIR_JOINT_RENAMED, j->pos.line, j->pos.col, "repaired: joint '%s' "
		  "renamed '%s' (%s); update what names it (controllers, transmissions)", old,
		  now, why);
	index_put(lc->joint_renames, old, (void *)now);
	j->name = now;
	index_put(lc->rb->joint_index, now, j);
	lc->rb->names_added = 1;
	for (f = index_get(lc->followers, old); f; f = f->next)   /* mimic leaders follow */
		f->j->rare->mimic_joint = now;
}

static void rename_link(struct loadable *lc, struct link *l, const char *why)
{
	const char *old = l->name, *now = new_name(lc, l->name, "link", 0);

	diag_warn(lc->d, D_REPAIR_LINK_RENAMED, l->pos.line, l->pos.col, "repaired: link '%s' "
		  "renamed '%s' (%s)", old, now, why);
	index_put(lc->link_renames, old, (void *)now);
	l->name = now;
	index_put(lc->rb->link_index, now, l);
	lc->rb->names_added = 1;
}

static void warn_reserved(struct loadable *lc, const char *what, const char *name,
			  struct srcpos pos, const char *why)
{
	diag_warn(lc->d, D_NAME_RESERVED, pos.line, pos.col, "%s name '%s' is reserved in "
		  "SDFormat (%s); readers reject the output", what, name, why);
}

/* The link of the output named NAME, or NULL. */
static const struct link *output_link(const struct robot *rb, const char *name)
{
	const struct link *l = index_get(rb->link_index, name);

	return l && !strcmp(l->name, name) && link_named_in_output(l) ? l : NULL;
}

/* Whether NAME is a link or joint the output writes (as a link, joint or
 * frame). */
static int output_has(const struct robot *rb, const char *name)
{
	const struct joint *j = index_get(rb->joint_index, name);

	return output_link(rb, name) || (j && !strcmp(j->name, name) && joint_named_in_output(j));
}

/* The name rules on one joint of the output: reserved, or a link's. */
static void joint_names(struct loadable *lc, struct joint *j)
{
	const char *why = name_reserved(j->name);
	const struct link *l = output_link(lc->rb, j->name);

	if (why && lc->fix)
		rename_joint(lc, j, why, 0);
	else if (why)
		warn_reserved(lc, "joint", j->name, j->pos, why);
	else if (l && lc->fix)
		rename_joint(lc, j, "a link has that name, and SDFormat needs distinct names", 1);
	else if (l)
		diag_warn(lc->d, D_NAME_SHARED, j->pos.line, j->pos.col, "joint '%s' has the name "
			  "of a link (line %lu); SDFormat needs distinct names", j->name,
			  (unsigned long)l->pos.line);
}

static void robot_name(struct loadable *lc)
{
	struct robot *rb = lc->rb;
	const char *why = name_reserved(rb->name), *now;

	if (!why)
		return;
	if (!lc->fix) {
		warn_reserved(lc, "robot", rb->name, rb->pos, why);
		return;
	}
	now = new_name(lc, rb->name, "model", 0);
	diag_warn(lc->d, D_REPAIR_MODEL_RENAMED, rb->pos.line, rb->pos.col, "repaired: robot '%s' "
		  "written as model '%s' (%s)", rb->name, now, why);
	rb->name = now;
}

/* Mimic followers, listed under their leader's name, so that a leader's
 * rename is looked up once, not every joint for each rename (no joint
 * takes a name another had: the index keys stay true). */
static void list_followers(struct loadable *lc)
{
	struct joint *j;

	for (j = lc->rb->joints; j; j = j->next)
		if (j->rare && j->rare->has_mimic) {
			struct follower *f = ARENA_NEW(&lc->rb->arena, struct follower), *head;
			f->j = j;
			head = index_put(lc->followers, j->rare->mimic_joint, f);
			if (head) {   /* second and later: after the first */
				f->next = head->next;
				head->next = f;
			}
		}
}

/* The rule on item IT's name, written in OWNER: what its URDF name adds
 * to what is written (OWNER's name, or SRC's for an unnamed item, is the
 * link rule's).  No rename can make two names one: the written name ends
 * in K, the item's number among its kind in OWNER (item_sdf_name). */
static void item_name(struct loadable *lc, const struct link *owner, const struct link *src,
		      struct item *it, unsigned k, void *arg)
{
	const char *old = it->name;
	char *now;

	(void)arg;
	if (!old || !strstr(old, "::"))
		return;
	if (!lc->fix) {
		diag_warn(lc->d, D_ITEM_NAME_RESERVED, it->pos.line, it->pos.col, "%s '%s' of link "
			  "'%s' is written '%s', and SDFormat reserves '::' (it separates nested "
			  "scopes); readers reject the output", item_kind_name(it), old, src->name,
			  item_sdf_name(&lc->rb->arena, owner->name, src, it, k));
		return;
	}
	now = arena_alloc(&lc->rb->arena, strlen(old) + 1);
	colons_replaced(old, now);
	it->name = now;
	diag_warn(lc->d, D_REPAIR_ITEM_RENAMED, it->pos.line, it->pos.col, "repaired: %s '%s' of "
		  "link '%s' renamed '%s' ('::' separates nested scopes in SDFormat); written '%s'",
		  item_kind_name(it), old, src->name, now,
		  item_sdf_name(&lc->rb->arena, owner->name, src, it, k));
}

static void rewrite_blob_references(struct loadable *lc);
static void note_contacts(struct loadable *lc);
static void follow_contacts(struct loadable *lc);

void loadable_names(struct loadable *lc)
{
	struct robot *rb = lc->rb;
	struct joint *j;
	unsigned i;

	if (lc->fix) {
		lc->suffixes = index_new(rb, rb->oom);
		lc->followers = index_new(rb, rb->oom);
		lc->link_renames = index_new(rb, rb->oom);
		lc->joint_renames = index_new(rb, rb->oom);
		list_followers(lc);
		note_contacts(lc);   /* by the names written before the renames */
	}
	robot_name(lc);
	for (i = 0; i < rb->norder; i++) {
		struct link *l = rb->order[i];
		/* the root named world is the model's frame, and has no name */
		const char *why = link_named_in_output(l) ? name_reserved(l->name) : NULL;
		if (why && lc->fix)
			rename_link(lc, l, why);
		else if (why)
			warn_reserved(lc, "link", l->name, l->pos, why);
	}
	for (j = rb->joints; j; j = j->next)
		if (joint_named_in_output(j))
			joint_names(lc, j);
	for (i = 0; i < rb->norder; i++)
		if (rb->order[i]->fate == LINK_WRITTEN)
			each_item(lc, rb->order[i], 1, item_name, NULL);
	if (lc->fix) {
		follow_contacts(lc);
		rewrite_blob_references(lc);
	}
}

/* ---- what the blocks name ------------------------------------------------------- */

/* What a leaf element of a block names, by its name: a joint (jointName,
 * joint_name, <joint>), a link (bodyName, frameName, link_name, a joint
 * block's parent and child), or it cannot be told (a cameraName, a
 * topic). */
enum names { NAMES_UNKNOWN, NAMES_LINK, NAMES_JOINT };

/* Whether S holds WORD, in any case. */
static int holds(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (; *s; s++)
		if (!strncasecmp(s, word, n))
			return 1;
	return 0;
}

static enum names leaf_names(const struct xnode *n)
{
	if (holds(n->name, "joint"))
		return NAMES_JOINT;
	if (holds(n->name, "link") || holds(n->name, "body") || holds(n->name, "frame") ||
	    !strcmp(n->name, "parent") ||
	    !strcmp(n->name, "child"))
		return NAMES_LINK;
	return NAMES_UNKNOWN;
}

/* The new name of NAME where an element naming KIND names it: a renamed
 * joint's in what names joints, a renamed link's in what names links, and
 * either in what cannot be told (or frame attributes, KIND
 * NAMES_UNKNOWN) only when nothing in the output keeps the old name (a
 * joint renamed because a link has its name leaves the name to the
 * link). */
static const char *renamed(const struct loadable *lc, const char *name, enum names kind)
{
	const char *link_now, *joint_now;

	if (!name || !name[0])
		return NULL;
	link_now = kind != NAMES_JOINT ? index_get(lc->link_renames, name) : NULL;
	joint_now = kind != NAMES_LINK ? index_get(lc->joint_renames, name) : NULL;
	if (kind == NAMES_UNKNOWN && output_has(lc->rb, name))
		return NULL;
	return link_now ? link_now : joint_now;
}

/* A contact sensor's collision named after a renamed link (LINK_...): the
 * longest renamed prefix that ends at an underscore, with the new name. */
static const char *renamed_collision(struct loadable *lc, const char *text)
{
	size_t len = strlen(text), i;
	char *key = arena_strndup(&lc->rb->arena, text, len);

	for (i = len; i-- > 1;) {
		const char *now;
		if (text[i] != '_')
			continue;
		key[i] = '\0';
		if ((now = renamed(lc, key, NAMES_LINK)) != NULL) {
			char *out = arena_alloc(&lc->rb->arena, strlen(now) + len - i + 1);
			strcpy(out, now);
			strcat(out, text + i);
			return out;
		}
	}
	return NULL;
}

static void say_reference(struct loadable *lc, const struct xnode *n, const char *what,
			  const char *old, const char *now)
{
	diag_warn(lc->d, D_REPAIR_REFERENCE_RENAMED, n->pos.line, n->pos.col, "repaired: <%s> %s "
		  "'%s', renamed; it now names '%s'", n->name, what, old, now);
}

/* N's frame attributes that name a renamed link or joint. */
static void rewrite_frame_attrs(struct loadable *lc, struct xnode *n)
{
	static const char *const keys[] = { "relative_to", "attached_to" };
	const char *now;
	unsigned i, k;

	for (i = 0; i < n->nattrs; i++)
		for (k = 0; k < 2; k++)
			if (!strcmp(n->attrs[i].name, keys[k]) &&
			    (now = renamed(lc, n->attrs[i].value, NAMES_UNKNOWN)) != NULL) {
				say_reference(lc, n, keys[k], n->attrs[i].value, now);
				n->attrs[i].value = now;
			}
}

static int is_contact_collision(const struct xnode *n)
{
	return !n->first && n->text && !strcmp(n->name, "collision") && n->parent &&
	       !strcmp(n->parent->name, "contact");
}

/* What a contact sensor's <collision> TEXT, naming no collision written,
 * becomes: a renamed name, or a collision of a renamed link. */
static const char *contact_renamed(struct loadable *lc, const char *text)
{
	const char *now = renamed(lc, text, NAMES_UNKNOWN);

	return now ? now : renamed_collision(lc, text);
}

/* In the tree of B: frame attributes, and leaf texts that are a renamed
 * name of what the leaf names (a plugin's bodyName, a joint's parent, a
 * controller's joint name), or, unless CONTACTS_NOTED (a link's block:
 * follow_contacts), a contact sensor's <collision>. */
static void rewrite_references(struct loadable *lc, struct xnode *b, int contacts_noted)
{
	struct xnode *n;
	const char *now;

	for (n = b; n; n = xnode_next_in(n, b, 0)) {
		rewrite_frame_attrs(lc, n);
		if (n->first || !n->text)
			continue;
		if (!is_contact_collision(n))
			now = renamed(lc, n->text, leaf_names(n));
		else if (!contacts_noted)
			now = contact_renamed(lc, n->text);
		else
			continue;
		if (now) {
			say_reference(lc, n, "named", n->text, now);
			n->text = now;
		}
	}
}

/* The link block E is of, or NULL (the model's, a joint's). */
static const struct link *block_link(const struct loadable *lc, const struct ext *e)
{
	struct link *l;
	struct joint *j;

	ext_named(lc->rb, e, &l, &j);
	return l;
}

static void rewrite_blob_references(struct loadable *lc)
{
	unsigned i, k, b;

	if (index_count(lc->link_renames) + index_count(lc->joint_renames) == 0)
		return;
	for (i = 0; i < lc->rb->nexts; i++) {
		struct ext *e = lc->rb->exts[i];
		struct node_list *lists[3] = { &e->blobs, &e->visual_blobs, &e->collision_blobs };
		const int noted = block_link(lc, e) != NULL;   /* note_contacts' */
		for (k = 0; k < 3; k++)
			for (b = 0; b < lists[k]->n; b++)
				rewrite_references(lc, lists[k]->v[b], noted);
	}
}

/* ---- what contact sensors name ---------------------------------------------------- */

/* A contact sensor's <collision> C in a link's block, and the collision it
 * names, where it names one the link's owner writes: item IT of link SRC,
 * the K-th collision OWNER writes (IT NULL: none). */
struct contact_ref {
	struct xnode *c;
	const struct link *owner, *src;
	const struct item *it;
	unsigned k;
	struct contact_ref *next;
};

/* Collision IT under its written name, into the index ARG. */
static void note_collision(struct loadable *lc, const struct link *owner, const struct link *src,
			   struct item *it, unsigned k, void *arg)
{
	struct contact_ref *r = ARENA_NEW(&lc->rb->arena, struct contact_ref);

	r->owner = owner, r->src = src, r->it = it, r->k = k;
	index_put(arg, item_sdf_name(&lc->rb->arena, owner->name, src, it, k), r);
}

/* The collision OWNER writes named TEXT, or NULL; the names of OWNER's
 * collisions are made once (OWNERS: owner name -> its index). */
static const struct contact_ref *written_collision(struct loadable *lc, struct index *owners,
						   const struct link *owner, const char *text)
{
	struct index *named = index_get(owners, owner->name);

	if (!named) {
		named = index_new(lc->rb, lc->rb->oom);
		each_item(lc, owner, 0, note_collision, named);
		index_put(owners, owner->name, named);
	}
	return index_get(named, text);
}

/* --repair, before the renames: every contact sensor's <collision> in the
 * tree of B, a block of link L, with the collision it names (lumping has
 * made the name the owner's: lump.c), into *TAIL. */
static void note_contacts_in(struct loadable *lc, struct index *owners, const struct link *l,
			     struct xnode *b, struct contact_ref ***tail)
{
	struct xnode *n;

	for (n = b; n; n = xnode_next_in(n, b, 0)) {
		struct contact_ref *r;
		const struct contact_ref *named;
		if (!is_contact_collision(n))
			continue;
		r = ARENA_NEW(&lc->rb->arena, struct contact_ref);
		named = l->owner->fate == LINK_WRITTEN ?
			written_collision(lc, owners, l->owner, n->text) : NULL;
		if (named)
			*r = *named;
		r->c = n;
		**tail = r;
		*tail = &r->next;
	}
}

static void note_contacts(struct loadable *lc)
{
	struct index *owners = index_new(lc->rb, lc->rb->oom);
	struct contact_ref **tail = &lc->contacts;
	unsigned i, k, b;

	for (i = 0; i < lc->rb->nexts; i++) {
		struct ext *e = lc->rb->exts[i];
		struct node_list *lists[3] = { &e->blobs, &e->visual_blobs, &e->collision_blobs };
		const struct link *l = block_link(lc, e);
		for (k = 0; l && k < 3; k++)
			for (b = 0; b < lists[k]->n; b++)
				note_contacts_in(lc, owners, l, lists[k]->v[b], &tail);
	}
}

/* --repair, after the renames: each noted <collision> names its collision
 * as it is written now (its link, its owner, itself renamed); one that
 * names no collision written follows a rename as other references do. */
static void follow_contacts(struct loadable *lc)
{
	struct contact_ref *r;

	for (r = lc->contacts; r; r = r->next) {
		const char *now = r->it ? item_sdf_name(&lc->rb->arena, r->owner->name, r->src,
							r->it, r->k)
					: contact_renamed(lc, r->c->text);
		if (now && strcmp(now, r->c->text)) {
			say_reference(lc, r->c, "named", r->c->text, now);
			r->c->text = now;
		}
	}
}

/* Element N of a block, named NAME, which readers refuse for WHY: renamed
 * (--repair) or warned of. */
static void blob_name(struct loadable *lc, struct xnode *n, const char *name, const char *why,
		      int clash)
{
	const char *now;

	if (!lc->fix) {
		diag_warn(lc->d, D_BLOB_NAME_REFUSED, n->pos.line, n->pos.col, "<%s name='%s'> in a "
			  "<gazebo> block: %s; readers reject the output (--repair renames it)",
			  n->name, name, why);
		return;
	}
	now = new_name(lc, name, n->name, clash);
	diag_warn(lc->d, D_REPAIR_BLOB_RENAMED, n->pos.line, n->pos.col, "repaired: <%s name='%s'> "
		  "in a <gazebo> block renamed '%s' (%s)", n->name, name, now, why);
	xnode_set_attr(n, "name", now);
}

/* The rule on the names in the tree of block ROOT of E. */
static void blob_tree_names(struct loadable *lc, const struct ext *e, struct xnode *root)
{
	struct xnode *n;

	for (n = root; n; n = xnode_next_in(n, root, !strcmp(n->name, "plugin"))) {
		const char *name = xnode_attr(n, "name");
		if (!name || !strcmp(n->name, "plugin"))
			continue;
		if (strstr(name, "::"))
			blob_name(lc, n, name, "'::' separates nested scopes", 0);
		else if (n == root && e->ref[0] == '\0' && blob_names_a_frame(n) &&
			 output_has(lc->rb, name))
			blob_name(lc, n, name, "a link or joint of the robot has that name, and "
				  "SDFormat needs distinct names", 1);
	}
}

void loadable_blob_names(struct loadable *lc)
{
	unsigned i, k, b;

	if (lc->fix && !lc->suffixes)
		lc->suffixes = index_new(lc->rb, lc->rb->oom);
	for (i = 0; i < lc->rb->nexts; i++) {
		struct ext *e = lc->rb->exts[i];
		struct node_list *lists[3] = { &e->blobs, &e->visual_blobs, &e->collision_blobs };
		for (k = 0; k < 3; k++)
			for (b = 0; b < lists[k]->n; b++)
				blob_tree_names(lc, e, lists[k]->v[b]);
	}
}

/* ---- axes ------------------------------------------------------------------------ */

/* A joint that moves along or about an axis needs a direction: a zero
 * axis is refused by SDFormat readers (URDF's default is 1 0 0). */
void loadable_axes(struct loadable *lc)
{
	struct joint *j;

	for (j = lc->rb->joints; j; j = j->next) {
		if (j->fate != JOINT_WRITTEN || !axis_zero(j))
			continue;
		if (!lc->fix) {
			diag_warn(lc->d, D_AXIS_ZERO, j->pos.line, j->pos.col, "joint '%s' has the axis "
				  "0 0 0, which has no direction; readers reject the output (URDF's "
				  "default axis is 1 0 0)", j->name);
			continue;
		}
		diag_warn(lc->d, D_REPAIR_AXIS, j->pos.line, j->pos.col, "repaired: joint '%s' has the "
			  "axis 0 0 0; written as URDF's default, 1 0 0", j->name);
		j->axis[0] = 1;
	}
}
