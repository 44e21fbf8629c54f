/* xform: rigid transforms.  Vectors, unit quaternions, poses (translation +
 * rotation) and URDF's roll-pitch-yaw angles (R = Rz(yaw) Ry(pitch) Rx(roll)). */
#ifndef U2S_XFORM_H
#define U2S_XFORM_H

struct vec3 { double x, y, z; };
struct quat { double w, x, y, z; };
/* A pose read from the input keeps the angles it was given (RPY_GIVEN), so
 * that they are written back as they were; computed poses have only Q. */
struct pose {
	struct vec3 p;
	struct quat q;
	int rpy_given;
	double rpy[3];
};

extern const struct pose POSE_IDENTITY;

struct quat quat_from_rpy(double roll, double pitch, double yaw);
/* Angles of Q, each in [-pi, pi], pitch in [-pi/2, pi/2]. */
void quat_to_rpy(struct quat q, double rpy[3]);
/* The angles urdfdom's Rotation::getRPY gives, which libsdformat prints for
 * visual, collision and model poses: within 0.99999 of gimbal lock it snaps
 * pitch to +-pi/2 and roll to 0 (a change of up to ~0.0045 rad that the
 * reference output carries, so u2s reproduces it where the reference does). */
void quat_to_rpy_urdf(struct quat q, double rpy[3]);
struct quat quat_mul(struct quat a, struct quat b);
struct quat quat_conj(struct quat q);
struct vec3 quat_rotate(struct quat q, struct vec3 v);
/* Row-major 3x3 rotation matrix of Q. */
void quat_to_matrix(struct quat q, double m[9]);

/* The pose at XYZ with roll-pitch-yaw RPY, remembering the angles. */
struct pose pose_from_xyz_rpy(const double xyz[3], const double rpy[3]);
/* The angles to write for P: the given ones, or those of P's quaternion
 * (quat_to_rpy(), or quat_to_rpy_urdf() when URDF_STYLE). */
void pose_rpy(const struct pose *p, int urdf_style, double rpy[3]);

/* A∘B: B is expressed in A's frame; the result in A's parent frame. */
struct pose pose_compose(struct pose a, struct pose b);
struct pose pose_inverse(struct pose a);
int pose_is_identity(struct pose a);

#endif
