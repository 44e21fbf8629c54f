/* xform: quaternion and pose arithmetic. */
#include "xform.h"

#include <math.h>
#include <string.h>

const struct pose POSE_IDENTITY = { { 0, 0, 0 }, { 0, 0, 0 } };

struct quat quat_normalized(struct quat q)
{
	double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);

	if (n == 0 || !isfinite(n)) {
		struct quat id = { 1, 0, 0, 0 };
		return id;
	}
	q.w /= n, q.x /= n, q.y /= n, q.z /= n;
	return q;
}

struct quat quat_from_rpy(double roll, double pitch, double yaw)
{
	double cr = cos(roll / 2), sr = sin(roll / 2);
	double cp = cos(pitch / 2), sp = sin(pitch / 2);
	double cy = cos(yaw / 2), sy = sin(yaw / 2);
	struct quat q = {
		cr * cp * cy + sr * sp * sy,
		sr * cp * cy - cr * sp * sy,
		cr * sp * cy + sr * cp * sy,
		cr * cp * sy - sr * sp * cy,
	};
	return quat_normalized(q);
}

void quat_to_matrix(struct quat q, double m[9])
{
	double w = q.w, x = q.x, y = q.y, z = q.z;

	m[0] = 1 - 2 * (y * y + z * z);
	m[1] = 2 * (x * y - w * z);
	m[2] = 2 * (x * z + w * y);
	m[3] = 2 * (x * y + w * z);
	m[4] = 1 - 2 * (x * x + z * z);
	m[5] = 2 * (y * z - w * x);
	m[6] = 2 * (x * z - w * y);
	m[7] = 2 * (y * z + w * x);
	m[8] = 1 - 2 * (x * x + y * y);
}

/* The angles of rotation matrix M, or of any positive multiple of one:
 * atan2 does not mind the scale. */
static void matrix_to_rpy(const double m[9], double rpy[3])
{
	double sy, cy;

	/* Yaw from the first column (arbitrary at gimbal lock), pitch from
	 * atan2 (well conditioned near +-pi/2), and roll from the elements of
	 * Rz(yaw)^T R that stay large, so the three always rebuild R closely. */
	rpy[2] = atan2(m[3], m[0]);
	rpy[1] = atan2(-m[6], hypot(m[0], m[3]));
	sy = sin(rpy[2]);
	cy = cos(rpy[2]);
	rpy[0] = atan2(sy * m[2] - cy * m[5], cy * m[4] - sy * m[1]);
}

void quat_to_rpy(struct quat q, double rpy[3])
{
	double m[9];

	quat_to_matrix(quat_normalized(q), m);
	matrix_to_rpy(m, rpy);
}

int xyzw_to_rpy(const double v[4], double rpy[3])
{
	double scale = 0, x, y, z, w, m[9];
	int i;

	for (i = 0; i < 4; i++)
		if (fabs(v[i]) > scale)
			scale = fabs(v[i]);
	if (scale == 0)
		return -1;
	x = v[0] / scale, y = v[1] / scale, z = v[2] / scale, w = v[3] / scale;
	/* The rotation matrix times |q|^2, from products of the components
	 * only: no square root, no rounding from normalising first. */
	m[0] = w * w + x * x - y * y - z * z;
	m[1] = 2 * (x * y - w * z);
	m[2] = 2 * (x * z + w * y);
	m[3] = 2 * (x * y + w * z);
	m[4] = w * w - x * x + y * y - z * z;
	m[5] = 2 * (y * z - w * x);
	m[6] = 2 * (x * z - w * y);
	m[7] = 2 * (y * z + w * x);
	m[8] = w * w - x * x - y * y + z * z;
	matrix_to_rpy(m, rpy);
	return 0;
}

void quat_to_rpy_urdf(struct quat q, double rpy[3])
{
	const double half_pi = 1.57079632679489661923;
	double sarg = -2 * (q.x * q.z - q.w * q.y);

	if (sarg <= -0.99999) {
		rpy[0] = 0;
		rpy[1] = -half_pi;
		rpy[2] = 2 * atan2(q.x, -q.y);
	} else if (sarg >= 0.99999) {
		rpy[0] = 0;
		rpy[1] = half_pi;
		rpy[2] = 2 * atan2(-q.x, q.y);
	} else {
		rpy[0] = atan2(2 * (q.y * q.z + q.w * q.x),
			       q.w * q.w - q.x * q.x - q.y * q.y + q.z * q.z);
		rpy[1] = asin(sarg);
		rpy[2] = atan2(2 * (q.x * q.y + q.w * q.z),
			       q.w * q.w + q.x * q.x - q.y * q.y - q.z * q.z);
	}
}

struct quat quat_mul(struct quat a, struct quat b)
{
	struct quat r = {
		a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
		a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
		a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
		a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
	};
	return r;
}

struct quat quat_conj(struct quat q)
{
	struct quat r = { q.w, -q.x, -q.y, -q.z };
	return r;
}

struct vec3 quat_rotate(struct quat q, struct vec3 v)
{
	/* v' = v + 2w(u x v) + 2u x (u x v), u = vector part of q */
	double tx = 2 * (q.y * v.z - q.z * v.y);
	double ty = 2 * (q.z * v.x - q.x * v.z);
	double tz = 2 * (q.x * v.y - q.y * v.x);
	struct vec3 r = {
		v.x + q.w * tx + (q.y * tz - q.z * ty),
		v.y + q.w * ty + (q.z * tx - q.x * tz),
		v.z + q.w * tz + (q.x * ty - q.y * tx),
	};
	return r;
}

struct pose pose_from_xyz_rpy(const double xyz[3], const double rpy[3])
{
	struct pose r;

	r.p.x = xyz[0], r.p.y = xyz[1], r.p.z = xyz[2];
	r.rpy[0] = rpy[0], r.rpy[1] = rpy[1], r.rpy[2] = rpy[2];
	return r;
}

struct pose pose_from_quat(struct vec3 p, struct quat q)
{
	struct pose r;

	r.p = p;
	quat_to_rpy(q, r.rpy);
	return r;
}

struct quat pose_quat(const struct pose *p)
{
	return quat_from_rpy(p->rpy[0], p->rpy[1], p->rpy[2]);
}

void pose_rpy(const struct pose *p, int urdf_style, double rpy[3])
{
	/* urdfdom's angles differ from the rotation near gimbal lock, where it
	 * snaps; elsewhere the pose's angles say the same, exactly. */
	if (urdf_style && fabs(p->rpy[1]) > 1.5 &&   /* |sin| < 0.9975 below: no sin needed */
	    fabs(sin(p->rpy[1])) >= 0.99999) {
		quat_to_rpy_urdf(pose_quat(p), rpy);
		return;
	}
	rpy[0] = p->rpy[0], rpy[1] = p->rpy[1], rpy[2] = p->rpy[2];
}

struct pose pose_compose(struct pose a, struct pose b)
{
	/* Exact, and keeps B's angles. */
	if (pose_is_identity(a))
		return b;
	return pose_compose_q(a, pose_quat(&a), b);
}

struct pose pose_compose_q(struct pose a, struct quat qa, struct pose b)
{
	struct vec3 t;

	if (pose_is_identity(a))
		return b;
	t = quat_rotate(qa, b.p);
	t.x += a.p.x, t.y += a.p.y, t.z += a.p.z;
	return pose_from_quat(t, quat_normalized(quat_mul(qa, pose_quat(&b))));
}

struct pose pose_inverse(struct pose a)
{
	struct quat q = quat_conj(pose_quat(&a));
	struct vec3 t = quat_rotate(q, a.p);

	t.x = -t.x, t.y = -t.y, t.z = -t.z;
	return pose_from_quat(t, q);
}

int pose_is_identity(struct pose a)
{
	return a.p.x == 0 && a.p.y == 0 && a.p.z == 0 &&
	       a.rpy[0] == 0 && a.rpy[1] == 0 && a.rpy[2] == 0;
}

/* Q is 1 +0 +0 +0 exactly: what pose_quat() gives for the angles +0 +0 +0
 * and +0 -0 +0 (the angles quat_to_rpy() gives back for it), and what
 * quat_urdf_snapped() leaves as it is. */
static int quat_is_unit_exactly(struct quat q)
{
	static const struct quat unit = { 1, 0, 0, 0 };

	return memcmp(&q, &unit, sizeof q) == 0;
}

/* +0 +-0 +0: the angles whose quaternion is exactly 1 +0 +0 +0 (a roll or
 * yaw of -0 gives a component -0). */
static int rpy_zero_exactly(const double rpy[3])
{
	return rpy[0] == 0 && !signbit(rpy[0]) && rpy[1] == 0 &&
	       rpy[2] == 0 && !signbit(rpy[2]);
}

struct quat pose_quat_zero_fast(const struct pose *p)
{
	static const struct quat unit = { 1, 0, 0, 0 };

	return rpy_zero_exactly(p->rpy) ? unit : pose_quat(p);
}

struct pose pose_from_quat_zero_fast(struct vec3 p, struct quat q)
{
	struct pose r;

	if (!quat_is_unit_exactly(q))
		return pose_from_quat(p, q);
	/* quat_to_rpy of the unit: the pitch is atan2(-0, 1) */
	r.p = p;
	r.rpy[0] = 0, r.rpy[1] = -0.0, r.rpy[2] = 0;
	return r;
}

struct quat quat_urdf_snapped(struct quat q)
{
	double rpy[3];

	if (quat_is_unit_exactly(q))
		return q;
	quat_to_rpy_urdf(q, rpy);
	return quat_from_rpy(rpy[0], rpy[1], rpy[2]);
}
