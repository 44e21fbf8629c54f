/* xform: rigid transforms.  Vectors, unit quaternions, poses (translation +
 * rotation) and URDF's roll-pitch-yaw angles (R = Rz(yaw) Ry(pitch) Rx(roll)). */
#ifndef U2S_XFORM_H
#define U2S_XFORM_H

struct vec3 { double x, y, z; };
struct quat { double w, x, y, z; };
/* A pose keeps roll-pitch-yaw, not a quaternion: a pose read from the input
 * is written back with the angles it was given, and the model stays small
 * (poses are the most numerous values in it).  Composition goes through
 * quaternions (pose_quat()). */
struct pose {
	struct vec3 p;
	double rpy[3];
};

extern const struct pose POSE_IDENTITY;

struct quat quat_from_rpy(double roll, double pitch, double yaw);
/* Angles of Q, each in [-pi, pi], pitch in [-pi/2, pi/2]. */
void quat_to_rpy(struct quat q, double rpy[3]);
/* The angles of the rotation along quaternion V = x y z w (URDF 1.1's
 * quat_xyzw), of any length: as normalised.  -1 when V is all zeros and
 * has no direction.  Exact to rounding for any finite V. */
int xyzw_to_rpy(const double v[4], double rpy[3]);
/* The angles urdfdom's Rotation::getRPY gives, which libsdformat prints for
 * visual, collision and model poses: within 0.99999 of gimbal lock it snaps
 * pitch to +-pi/2 and roll to 0 (a change of up to ~0.0045 rad that the
 * reference output carries, so u2s reproduces it where the reference does). */
void quat_to_rpy_urdf(struct quat q, double rpy[3]);
struct quat quat_mul(struct quat a, struct quat b);
/* Q of length 1 (the identity when Q has no length or is not finite). */
struct quat quat_normalized(struct quat q);
struct quat quat_conj(struct quat q);
struct vec3 quat_rotate(struct quat q, struct vec3 v);
/* Row-major 3x3 rotation matrix of Q. */
void quat_to_matrix(struct quat q, double m[9]);

struct pose pose_from_xyz_rpy(const double xyz[3], const double rpy[3]);
struct pose pose_from_quat(struct vec3 p, struct quat q);
struct quat pose_quat(const struct pose *p);
/* The angles to write for P: its own, or, for URDF_STYLE near gimbal lock,
 * the snapped ones quat_to_rpy_urdf() gives. */
void pose_rpy(const struct pose *p, int urdf_style, double rpy[3]);

/* A∘B: B is expressed in A's frame; the result in A's parent frame. */
struct pose pose_compose(struct pose a, struct pose b);
/* The same, QA being pose_quat(&A) (which a caller composing many poses
 * with one A makes once). */
struct pose pose_compose_q(struct pose a, struct quat qa, struct pose b);
struct pose pose_inverse(struct pose a);
int pose_is_identity(struct pose a);
/* The same values, bit for bit, as pose_quat(), pose_from_quat() and
 * quat_from_rpy() of quat_to_rpy_urdf() (the angles urdfdom reports,
 * turned back into a rotation), with no trigonometry for the rotation
 * that most poses have: none (zero angles, or the exact unit quaternion
 * 1 0 0 0).  For the passes that compose many such poses (lumping). */
struct quat pose_quat_zero_fast(const struct pose *p);
struct pose pose_from_quat_zero_fast(struct vec3 p, struct quat q);
struct quat quat_urdf_snapped(struct quat q);

#endif
