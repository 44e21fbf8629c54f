/* target: the SDFormat versions u2s writes, one row each.  Everything
 * that differs between output versions is a field here; the writer and
 * the messages read the row of the version asked for, and no version
 * appears anywhere else.  Adding a version is adding a row. */
#ifndef U2S_TARGET_H
#define U2S_TARGET_H

#include "num.h"
#include "schema.h"

struct sdf_target {
	const char *version;          /* <sdf version=...> */
	/* The bounds an axis gets when it has none (continuous joints, and
	 * <axis> elements that extensions create): the version's defaults. */
	const char *unbounded_lower, *unbounded_upper;
	/* Vectors that libsdformat prints with 6 significant digits (sizes,
	 * scales, axes, fdir1). */
	enum num_style vector_style;
	/* Poses of the frames lumping leaves (computed by libsdformat). */
	enum num_style lumped_frame_style;
	/* The version's element descriptions, for what <gazebo> blobs hold. */
	const struct schema *schema;
};

/* The default: what every living simulator loads. */
const struct sdf_target *target_default(void);
/* The row of VERSION ("1.9"), or NULL when u2s does not write it. */
const struct sdf_target *target_find(const char *version);

#endif
