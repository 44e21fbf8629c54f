/* urdf_version: the URDF versions u2s reads, and what each adds.
 *
 * <robot version="x.y"> says which URDF a file is written in; absent, it is
 * 1.0.  Each construct newer than 1.0 is a row of the feature table with
 * the version it came in: the reader asks urdf_has() before it reads one,
 * and a file that declares an older version gets the construct ignored,
 * with a warning, as urdfdom ignores it.  Adding a version is adding a row
 * to each table. */
#ifndef U2S_URDF_VERSION_H
#define U2S_URDF_VERSION_H

struct urdf_version { unsigned major, minor; };

#define URDF_1_0 ((struct urdf_version){ 1, 0 })

enum urdf_feature {
	URDF_QUAT_XYZW,      /* <origin quat_xyzw="x y z w"> (1.1) */
	URDF_CAPSULE,        /* <capsule radius length> (1.1) */
	URDF_LIMITS_1_2,     /* <limit acceleration deceleration jerk>, and lower,
			      * upper, effort and velocity optional (1.2) */
	URDF_FEATURE_COUNT
};

/* Reads TEXT, the version attribute, as urdfdom reads it: "MAJOR.MINOR",
 * two unsigned decimal integers.  Returns NULL, with the version in *OUT,
 * or why TEXT is not a version. */
const char *urdf_version_parse(const char *text, struct urdf_version *out);
/* Whether A and B are the same version. */
int urdf_version_is(struct urdf_version a, struct urdf_version b);
/* Whether u2s reads version V (1.0, 1.1, 1.2). */
int urdf_version_known(struct urdf_version v);
/* The newest version u2s reads, and the list of all ("1.0, 1.1 and 1.2"). */
struct urdf_version urdf_version_newest(void);
#define URDF_VERSIONS_TEXT 64
const char *urdf_versions_known_text(char buf[URDF_VERSIONS_TEXT]);
/* Whether a file of version V has feature F, and the version F came in. */
int urdf_has(struct urdf_version v, enum urdf_feature f);
struct urdf_version urdf_feature_since(enum urdf_feature f);

#endif
