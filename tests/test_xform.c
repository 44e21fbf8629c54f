/* Unit tests of src/xform.c: quaternions, roll-pitch-yaw, poses. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "xform.h"

#define PI 3.14159265358979323846
#define HALF_PI 1.57079632679489661923

static uint64_t rng_state;

static double urand(double lo, double hi)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return lo + (hi - lo) * (double)((rng_state * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}

/* R = Rz(yaw) Ry(pitch) Rx(roll), built from the angles directly, row-major. */
static void rpy_matrix(double r, double p, double y, double m[9])
{
	double cr = cos(r), sr = sin(r), cp = cos(p), sp = sin(p), cy = cos(y), sy = sin(y);

	m[0] = cy * cp; m[1] = cy * sp * sr - sy * cr; m[2] = cy * sp * cr + sy * sr;
	m[3] = sy * cp; m[4] = sy * sp * sr + cy * cr; m[5] = sy * sp * cr - cy * sr;
	m[6] = -sp;     m[7] = cp * sr;                m[8] = cp * cr;
}

static void assert_matrix_near(const double a[9], const double b[9], double tol)
{
	int i;

	for (i = 0; i < 9; i++)
		cr_assert(fabs(a[i] - b[i]) <= tol, "m[%d]: %.17g vs %.17g", i, a[i], b[i]);
}

static double quat_norm(struct quat q)
{
	return sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
}

/* Q and -Q are the same rotation. */
static void assert_quat_near(struct quat a, struct quat b, double tol)
{
	double s = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0 ? -1 : 1;

	cr_assert(fabs(a.w - s * b.w) <= tol && fabs(a.x - s * b.x) <= tol &&
		  fabs(a.y - s * b.y) <= tol && fabs(a.z - s * b.z) <= tol,
		  "quat (%g %g %g %g) vs (%g %g %g %g)", a.w, a.x, a.y, a.z, b.w, b.x, b.y, b.z);
}

static struct pose make_pose(double x, double y, double z, double r, double p, double yw)
{
	struct pose ps;

	ps.p.x = x, ps.p.y = y, ps.p.z = z;
	ps.rpy[0] = r, ps.rpy[1] = p, ps.rpy[2] = yw;
	return ps;
}

/* ---- quat_from_rpy / quat_to_matrix ------------------------------------ */

Test(rpy, identity_and_axes)
{
	struct quat q = quat_from_rpy(0, 0, 0);
	struct quat want;

	cr_assert(q.w == 1 && q.x == 0 && q.y == 0 && q.z == 0);
	q = quat_from_rpy(0, 0, HALF_PI);
	want = (struct quat){ cos(PI / 4), 0, 0, sin(PI / 4) };
	assert_quat_near(q, want, 1e-15);
	q = quat_from_rpy(HALF_PI, 0, 0);
	want = (struct quat){ cos(PI / 4), sin(PI / 4), 0, 0 };
	assert_quat_near(q, want, 1e-15);
	q = quat_from_rpy(0, HALF_PI, 0);
	want = (struct quat){ cos(PI / 4), 0, sin(PI / 4), 0 };
	assert_quat_near(q, want, 1e-15);
}

Test(rpy, matrix_matches_urdf_convention)
{
	int i;

	rng_state = 12345;
	for (i = 0; i < 2000; i++) {
		double r = urand(-PI, PI), p = urand(-PI, PI), y = urand(-PI, PI);
		double a[9], b[9];
		struct quat q = quat_from_rpy(r, p, y);
		cr_assert(fabs(quat_norm(q) - 1) < 1e-15);
		quat_to_matrix(q, a);
		rpy_matrix(r, p, y, b);
		assert_matrix_near(a, b, 1e-14);
	}
}

/* ---- quat_to_rpy ----------------------------------------------------------- */

Test(rpy, round_trip_away_from_gimbal_lock)
{
	int i;

	rng_state = 777;
	for (i = 0; i < 5000; i++) {
		double r = urand(-PI + 1e-9, PI - 1e-9), p = urand(-HALF_PI + 1e-3, HALF_PI - 1e-3);
		double y = urand(-PI + 1e-9, PI - 1e-9), out[3];
		quat_to_rpy(quat_from_rpy(r, p, y), out);
		cr_assert(fabs(out[0] - r) < 1e-9 && fabs(out[1] - p) < 1e-9 && fabs(out[2] - y) < 1e-9,
			  "rpy %.17g %.17g %.17g -> %.17g %.17g %.17g", r, p, y, out[0], out[1], out[2]);
	}
}

Test(rpy, ranges)
{
	int i;

	rng_state = 4242;
	for (i = 0; i < 2000; i++) {
		double out[3];
		quat_to_rpy(quat_from_rpy(urand(-10, 10), urand(-10, 10), urand(-10, 10)), out);
		cr_assert(out[0] >= -PI && out[0] <= PI);
		cr_assert(out[1] >= -HALF_PI && out[1] <= HALF_PI);
		cr_assert(out[2] >= -PI && out[2] <= PI);
	}
}

Test(rpy, known_values)
{
	double out[3];

	quat_to_rpy(quat_from_rpy(0.1, 0.2, 0.3), out);
	cr_assert(fabs(out[0] - 0.1) < 1e-15 && fabs(out[1] - 0.2) < 1e-15 && fabs(out[2] - 0.3) < 1e-15);
	/* Pitch beyond pi/2 comes back as the equivalent angles. */
	quat_to_rpy(quat_from_rpy(0, PI, 0), out);
	{
		double a[9], b[9];
		rpy_matrix(out[0], out[1], out[2], a);
		rpy_matrix(0, PI, 0, b);
		assert_matrix_near(a, b, 1e-12);
		cr_assert(fabs(out[1]) < 1e-12);
	}
	/* An unnormalised quaternion means the same rotation. */
	{
		struct quat q = quat_from_rpy(0.4, -0.5, 0.6);
		q.w *= 3, q.x *= 3, q.y *= 3, q.z *= 3;
		quat_to_rpy(q, out);
		cr_assert(fabs(out[0] - 0.4) < 1e-12 && fabs(out[1] + 0.5) < 1e-12 && fabs(out[2] - 0.6) < 1e-12);
	}
}

/* At pitch +-pi/2 roll and yaw share one axis; only the rotation counts. */
Test(rpy, gimbal_lock_rebuilds_the_rotation)
{
	static const double pitches[] = { HALF_PI, -HALF_PI, HALF_PI - 1e-9, -HALF_PI + 1e-9,
					  HALF_PI - 1e-6, 1.5707, -1.5707 };
	unsigned k;
	int i;

	rng_state = 99;
	for (k = 0; k < sizeof pitches / sizeof pitches[0]; k++)
		for (i = 0; i < 500; i++) {
			double r = urand(-PI, PI), y = urand(-PI, PI), out[3], a[9], b[9];
			struct quat q = quat_from_rpy(r, pitches[k], y);
			quat_to_rpy(q, out);
			cr_assert(fabs(fabs(out[1]) - HALF_PI) < 1e-3, "pitch %.17g", out[1]);
			quat_to_matrix(q, a);
			rpy_matrix(out[0], out[1], out[2], b);
			assert_matrix_near(a, b, 1e-9);
			quat_to_matrix(quat_from_rpy(out[0], out[1], out[2]), b);
			assert_matrix_near(a, b, 1e-9);
		}
}

/* quat_to_rpy does not snap: pitch 1.5707 stays 1.5707. */
Test(rpy, no_snap_in_quat_to_rpy)
{
	double out[3];

	quat_to_rpy(quat_from_rpy(0.2, 1.5707, 0.5), out);
	cr_assert(fabs(out[1] - 1.5707) < 1e-9, "pitch %.17g", out[1]);
	cr_assert(fabs(out[0] - 0.2) < 1e-6 && fabs(out[2] - 0.5) < 1e-6,
		  "rpy %.17g %.17g %.17g", out[0], out[1], out[2]);
}

/* ---- quat_to_rpy_urdf ------------------------------------------------------ */

Test(rpy_urdf, snaps_near_gimbal_lock)
{
	double out[3];

	quat_to_rpy_urdf(quat_from_rpy(0, 1.5707, 0), out);
	cr_assert(out[1] == HALF_PI, "pitch %.17g", out[1]);
	cr_assert(out[0] == 0, "roll %.17g", out[0]);
	cr_assert(fabs(out[2]) < 1e-12, "yaw %.17g", out[2]);

	quat_to_rpy_urdf(quat_from_rpy(0, 1.5707, 0.5), out);
	cr_assert(out[1] == HALF_PI && out[0] == 0);
	cr_assert(fabs(out[2] - 0.5) < 1e-12, "yaw %.17g", out[2]);

	/* Roll folds into yaw: at pitch +pi/2 only yaw - roll matters. */
	quat_to_rpy_urdf(quat_from_rpy(0.2, 1.5707, 0.5), out);
	cr_assert(out[1] == HALF_PI && out[0] == 0);
	cr_assert(fabs(out[2] - 0.3) < 1e-3, "yaw %.17g", out[2]);

	/* ... and at -pi/2, yaw + roll. */
	quat_to_rpy_urdf(quat_from_rpy(0.2, -1.5707, 0.5), out);
	cr_assert(out[1] == -HALF_PI && out[0] == 0, "rpy %.17g %.17g", out[0], out[1]);
	cr_assert(fabs(out[2] - 0.7) < 1e-3, "yaw %.17g", out[2]);

	quat_to_rpy_urdf(quat_from_rpy(0, HALF_PI, 0), out);
	cr_assert(out[1] == HALF_PI && out[0] == 0 && fabs(out[2]) < 1e-12);
	quat_to_rpy_urdf(quat_from_rpy(0, -HALF_PI, 0), out);
	cr_assert(out[1] == -HALF_PI && out[0] == 0 && fabs(out[2]) < 1e-12);
}

Test(rpy_urdf, keeps_angles_below_the_threshold)
{
	double out[3];

	/* sin(1.56) = 0.99994 < 0.99999: no snap. */
	quat_to_rpy_urdf(quat_from_rpy(0.2, 1.56, 0.5), out);
	cr_assert(fabs(out[0] - 0.2) < 1e-9 && fabs(out[1] - 1.56) < 1e-9 && fabs(out[2] - 0.5) < 1e-9,
		  "rpy %.17g %.17g %.17g", out[0], out[1], out[2]);
	quat_to_rpy_urdf(quat_from_rpy(-0.3, -1.56, -2.5), out);
	cr_assert(fabs(out[0] + 0.3) < 1e-9 && fabs(out[1] + 1.56) < 1e-9 && fabs(out[2] + 2.5) < 1e-9,
		  "rpy %.17g %.17g %.17g", out[0], out[1], out[2]);
}

Test(rpy_urdf, round_trip_away_from_gimbal_lock)
{
	int i;

	rng_state = 31337;
	for (i = 0; i < 5000; i++) {
		double r = urand(-PI + 1e-9, PI - 1e-9), p = urand(-1.5, 1.5);
		double y = urand(-PI + 1e-9, PI - 1e-9), out[3];
		quat_to_rpy_urdf(quat_from_rpy(r, p, y), out);
		cr_assert(fabs(out[0] - r) < 1e-9 && fabs(out[1] - p) < 1e-9 && fabs(out[2] - y) < 1e-9,
			  "rpy %.17g %.17g %.17g -> %.17g %.17g %.17g", r, p, y, out[0], out[1], out[2]);
	}
}

/* ---- quaternion algebra ------------------------------------------------------ */

Test(quat, rotate_known_vectors)
{
	struct vec3 v = { 1, 0, 0 }, r;

	r = quat_rotate(quat_from_rpy(0, 0, HALF_PI), v);
	cr_assert(fabs(r.x) < 1e-15 && fabs(r.y - 1) < 1e-15 && fabs(r.z) < 1e-15);
	r = quat_rotate(quat_from_rpy(0, HALF_PI, 0), v);
	cr_assert(fabs(r.x) < 1e-15 && fabs(r.y) < 1e-15 && fabs(r.z + 1) < 1e-15);
	v = (struct vec3){ 0, 1, 0 };
	r = quat_rotate(quat_from_rpy(HALF_PI, 0, 0), v);
	cr_assert(fabs(r.x) < 1e-15 && fabs(r.y) < 1e-15 && fabs(r.z - 1) < 1e-15);
	v = (struct vec3){ 1, 2, 3 };
	r = quat_rotate(pose_quat(&POSE_IDENTITY), v);
	cr_assert(r.x == 1 && r.y == 2 && r.z == 3);
	r = quat_rotate(quat_from_rpy(0, 0, PI), v);
	cr_assert(fabs(r.x + 1) < 1e-15 && fabs(r.y + 2) < 1e-15 && fabs(r.z - 3) < 1e-15);
}

Test(quat, rotate_agrees_with_matrix)
{
	int i;

	rng_state = 2024;
	for (i = 0; i < 2000; i++) {
		struct quat q = quat_from_rpy(urand(-PI, PI), urand(-PI, PI), urand(-PI, PI));
		struct vec3 v = { urand(-10, 10), urand(-10, 10), urand(-10, 10) }, r;
		double m[9];
		quat_to_matrix(q, m);
		r = quat_rotate(q, v);
		cr_assert(fabs(r.x - (m[0] * v.x + m[1] * v.y + m[2] * v.z)) < 1e-12);
		cr_assert(fabs(r.y - (m[3] * v.x + m[4] * v.y + m[5] * v.z)) < 1e-12);
		cr_assert(fabs(r.z - (m[6] * v.x + m[7] * v.y + m[8] * v.z)) < 1e-12);
		/* length is kept */
		cr_assert(fabs(sqrt(r.x * r.x + r.y * r.y + r.z * r.z) -
			       sqrt(v.x * v.x + v.y * v.y + v.z * v.z)) < 1e-12);
	}
}

Test(quat, mul_and_conj)
{
	struct quat a = quat_from_rpy(0.3, -0.2, 1.1), b = quat_from_rpy(-1.2, 0.7, 0.25);
	struct quat ab = quat_mul(a, b), c = quat_conj(a), id = quat_mul(a, c);
	struct vec3 v = { 0.5, -1.5, 2 }, r1, r2;

	cr_assert(c.w == a.w && c.x == -a.x && c.y == -a.y && c.z == -a.z);
	assert_quat_near(id, pose_quat(&POSE_IDENTITY), 1e-15);
	/* (ab) v = a (b v) */
	r1 = quat_rotate(ab, v);
	r2 = quat_rotate(a, quat_rotate(b, v));
	cr_assert(fabs(r1.x - r2.x) < 1e-14 && fabs(r1.y - r2.y) < 1e-14 && fabs(r1.z - r2.z) < 1e-14);
	/* yaw composes additively */
	assert_quat_near(quat_mul(quat_from_rpy(0, 0, 0.5), quat_from_rpy(0, 0, 0.25)),
			 quat_from_rpy(0, 0, 0.75), 1e-15);
}

/* ---- poses ------------------------------------------------------------------- */

Test(pose, compose_yaws)
{
	struct pose a = make_pose(0, 0, 0, 0, 0, 1.57);
	struct pose c = pose_compose(a, a);
	double out[3];

	quat_to_rpy(pose_quat(&c), out);
	cr_assert(fabs(out[0]) < 1e-15 && fabs(out[1]) < 1e-15, "rp %.17g %.17g", out[0], out[1]);
	cr_assert(fabs(out[2] - 3.14) < 1e-14, "yaw %.17g", out[2]);
	cr_assert(c.p.x == 0 && c.p.y == 0 && c.p.z == 0);
}

Test(pose, compose_translations)
{
	/* B's translation is expressed in A's frame. */
	struct pose a = make_pose(1, 0, 0, 0, 0, HALF_PI);
	struct pose b = make_pose(1, 0, 0, 0, 0, 0);
	struct pose c = pose_compose(a, b);
	double out[3];

	cr_assert(fabs(c.p.x - 1) < 1e-15 && fabs(c.p.y - 1) < 1e-15 && c.p.z == 0,
		  "p %.17g %.17g %.17g", c.p.x, c.p.y, c.p.z);
	quat_to_rpy(pose_quat(&c), out);
	cr_assert(fabs(out[2] - HALF_PI) < 1e-15);

	/* pure translations add */
	a = make_pose(1, 2, 3, 0, 0, 0);
	b = make_pose(-0.5, 0.25, 10, 0, 0, 0);
	c = pose_compose(a, b);
	cr_assert(c.p.x == 0.5 && c.p.y == 2.25 && c.p.z == 13);
	cr_assert(pose_is_identity(pose_compose(make_pose(0, 0, 0, 0, 0, 0), make_pose(0, 0, 0, 0, 0, 0))));

	/* a pitch of pi/2 turns x into -z */
	a = make_pose(0, 0, 1, 0, HALF_PI, 0);
	b = make_pose(2, 0, 0, 0, 0, 0);
	c = pose_compose(a, b);
	cr_assert(fabs(c.p.x) < 1e-15 && fabs(c.p.y) < 1e-15 && fabs(c.p.z + 1) < 1e-15,
		  "p %.17g %.17g %.17g", c.p.x, c.p.y, c.p.z);
}

Test(pose, compose_with_identity)
{
	struct pose a = make_pose(1, -2, 3, 0.1, 0.2, 0.3);
	struct pose c = pose_compose(a, POSE_IDENTITY);

	cr_assert(c.p.x == 1 && c.p.y == -2 && c.p.z == 3);
	assert_quat_near(pose_quat(&c), pose_quat(&a), 1e-16);
	c = pose_compose(POSE_IDENTITY, a);
	cr_assert(c.p.x == 1 && c.p.y == -2 && c.p.z == 3);
	assert_quat_near(pose_quat(&c), pose_quat(&a), 1e-16);
}

Test(pose, inverse_composes_to_identity)
{
	int i;

	rng_state = 555;
	for (i = 0; i < 3000; i++) {
		struct pose a = make_pose(urand(-100, 100), urand(-100, 100), urand(-100, 100),
					  urand(-PI, PI), urand(-PI, PI), urand(-PI, PI));
		struct pose inv = pose_inverse(a);
		struct pose l = pose_compose(inv, a), r = pose_compose(a, inv);
		cr_assert(fabs(l.p.x) < 1e-12 && fabs(l.p.y) < 1e-12 && fabs(l.p.z) < 1e-12,
			  "inv*a p %g %g %g", l.p.x, l.p.y, l.p.z);
		cr_assert(fabs(r.p.x) < 1e-12 && fabs(r.p.y) < 1e-12 && fabs(r.p.z) < 1e-12,
			  "a*inv p %g %g %g", r.p.x, r.p.y, r.p.z);
		assert_quat_near(pose_quat(&l), pose_quat(&POSE_IDENTITY), 1e-14);
		assert_quat_near(pose_quat(&r), pose_quat(&POSE_IDENTITY), 1e-14);
	}
}

Test(pose, inverse_known)
{
	struct pose a = make_pose(1, 0, 0, 0, 0, HALF_PI);
	struct pose inv = pose_inverse(a);
	double out[3];

	/* undo: rotate back by -pi/2, then the point (1,0,0) maps to (0,1,0) ... */
	cr_assert(fabs(inv.p.x) < 1e-15 && fabs(inv.p.y - 1) < 1e-15 && fabs(inv.p.z) < 1e-15,
		  "p %.17g %.17g %.17g", inv.p.x, inv.p.y, inv.p.z);
	quat_to_rpy(pose_quat(&inv), out);
	cr_assert(fabs(out[2] + HALF_PI) < 1e-15);
	/* pose_inverse(pose_inverse(a)) == a */
	inv = pose_inverse(inv);
	cr_assert(fabs(inv.p.x - 1) < 1e-15 && fabs(inv.p.y) < 1e-15);
	assert_quat_near(pose_quat(&inv), pose_quat(&a), 1e-16);
}

Test(pose, compose_is_associative)
{
	int i;

	rng_state = 8080;
	for (i = 0; i < 1000; i++) {
		struct pose a = make_pose(urand(-5, 5), urand(-5, 5), urand(-5, 5),
					  urand(-PI, PI), urand(-PI, PI), urand(-PI, PI));
		struct pose b = make_pose(urand(-5, 5), urand(-5, 5), urand(-5, 5),
					  urand(-PI, PI), urand(-PI, PI), urand(-PI, PI));
		struct pose c = make_pose(urand(-5, 5), urand(-5, 5), urand(-5, 5),
					  urand(-PI, PI), urand(-PI, PI), urand(-PI, PI));
		struct pose x = pose_compose(pose_compose(a, b), c);
		struct pose y = pose_compose(a, pose_compose(b, c));
		cr_assert(fabs(x.p.x - y.p.x) < 1e-12 && fabs(x.p.y - y.p.y) < 1e-12 &&
			  fabs(x.p.z - y.p.z) < 1e-12);
		assert_quat_near(pose_quat(&x), pose_quat(&y), 1e-14);
		cr_assert(fabs(quat_norm(pose_quat(&x)) - 1) < 1e-15);
	}
}

Test(pose, is_identity)
{
	struct pose p = POSE_IDENTITY;

	cr_assert(pose_is_identity(p));
	p.p.z = 1e-300;
	cr_assert(!pose_is_identity(p));
	cr_assert(!pose_is_identity(make_pose(0, 0, 0, 0, 0, 0.001)));
}

static int same_bits(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n) == 0;
}

/* Angles with zeros of both signs, gimbal lock and plain ones. */
static double angle_case(unsigned k)
{
	static const double cases[] = { 0.0, -0.0, HALF_PI, -HALF_PI, 1e-300, PI, 0.25, -2.5 };

	return k < 8 ? cases[k] : urand(-PI, PI);
}

Test(fast, zero_rotation_paths_give_the_same_bits)
{
	unsigned a, b, c;

	rng_state = 0x5eed;
	for (a = 0; a < 10; a++)
		for (b = 0; b < 10; b++)
			for (c = 0; c < 10; c++) {
				struct pose p = { { 0.5, -0.0, 0 }, { angle_case(a), angle_case(b), angle_case(c) } };
				struct quat slow = pose_quat(&p), fast = pose_quat_zero_fast(&p);
				struct quat snap_slow, snap_fast = quat_urdf_snapped(slow);
				struct pose back_slow = pose_from_quat(p.p, slow);
				struct pose back_fast = pose_from_quat_zero_fast(p.p, slow);
				double rpy[3];
				cr_assert(same_bits(&slow, &fast, sizeof slow), "pose_quat %u %u %u", a, b, c);
				quat_to_rpy_urdf(slow, rpy);
				snap_slow = quat_from_rpy(rpy[0], rpy[1], rpy[2]);
				cr_assert(same_bits(&snap_slow, &snap_fast, sizeof snap_slow), "snap %u %u %u", a, b, c);
				cr_assert(same_bits(&back_slow, &back_fast, sizeof back_slow), "back %u %u %u", a, b, c);
			}
}

Test(fast, the_unit_quaternion_round_trips_exactly)
{
	struct quat unit = { 1, 0, 0, 0 }, negzero = { 1, -0.0, 0, 0 };
	struct pose back = pose_from_quat_zero_fast((struct vec3){ 0, 0, 0 }, unit);
	struct pose slow = pose_from_quat((struct vec3){ 0, 0, 0 }, negzero);
	struct pose fast = pose_from_quat_zero_fast((struct vec3){ 0, 0, 0 }, negzero);
	struct quat q = pose_quat(&back), s1 = quat_urdf_snapped(negzero), s2;
	double rpy[3];

	cr_assert(same_bits(&q, &unit, sizeof q));
	cr_assert(signbit(back.rpy[1]) && !signbit(back.rpy[0]) && !signbit(back.rpy[2]));
	cr_assert(same_bits(&slow, &fast, sizeof slow));   /* -0: not the unit, the slow path */
	quat_to_rpy_urdf(negzero, rpy);
	s2 = quat_from_rpy(rpy[0], rpy[1], rpy[2]);
	cr_assert(same_bits(&s1, &s2, sizeof s1));
}
