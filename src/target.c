/* target: the table of SDFormat output versions (see target.h). */
#include "target.h"

#include <string.h>

/* What libsdformat 14 (Gazebo Harmonic) and later write alike. */
#define SINCE_1_11 \
	.unbounded_lower = "-inf", \
	.unbounded_upper = "inf", \
	.vector_style = { NUM_SHORTEST, NUM_G6, NUM_SHORTEST, NUM_SHORTEST }, \
	.link_frame_pose = 1, \
	.lumped_pose_printed = 1, \
	.colour_in_full = 1, \
	.has_mimic = 1, \
	.gz = GZ_SIM

/* The rows, oldest first; the first is the default.  ROW(MAJOR, MINOR,
 * FIELDS...): the version MAJOR.MINOR, its element descriptions
 * SCHEMA_MAJOR_MINOR (scripts/gen-schema makes one per folder of
 * tests/spec/sdf-schema), and the fields of struct sdf_target. */
#define TARGET_ROWS(ROW) \
	/* libsdformat 12 (Gazebo Fortress) */ \
	ROW(1, 9, \
	    .unbounded_lower = "-10000000000000000", \
	    .unbounded_upper = "10000000000000000", \
	    .vector_style = { NUM_G6, NUM_G6, NUM_G6, NUM_G6 }, \
	    .gz = GZ_FORTRESS) \
	/* libsdformat 14 (Gazebo Harmonic) */ \
	ROW(1, 11, SINCE_1_11) \
	/* libsdformat 16 (Gazebo Ionic and Jetty) */ \
	ROW(1, 12, SINCE_1_11)

#define SCHEMA_DECL(major, minor, ...) extern const struct schema SCHEMA_##major##_##minor;
TARGET_ROWS(SCHEMA_DECL)

#define TARGET_ROW(major, minor, ...) \
	{ .version = #major "." #minor, .schema = &SCHEMA_##major##_##minor, __VA_ARGS__ },
static const struct sdf_target TARGETS[] = { TARGET_ROWS(TARGET_ROW) };

#define VERSION_ROW(major, minor, ...) #major "." #minor,
static const char *const VERSIONS[] = { TARGET_ROWS(VERSION_ROW) NULL };

#define NTARGETS (sizeof TARGETS / sizeof TARGETS[0])

const struct sdf_target *target_default(void)
{
	return &TARGETS[0];
}

const struct sdf_target *target_find(const char *version)
{
	size_t i;

	for (i = 0; i < NTARGETS; i++)
		if (strcmp(TARGETS[i].version, version) == 0)
			return &TARGETS[i];
	return NULL;
}

const char *const *target_versions(void)
{
	return VERSIONS;
}

const char *target_list(char buf[TARGET_LIST_SIZE], const char *sep)
{
	size_t i, len = 0, seplen = strlen(sep);

	buf[0] = '\0';
	for (i = 0; i < NTARGETS; i++) {
		size_t n = strlen(TARGETS[i].version);
		if (len + (i ? seplen : 0) + n + 1 > TARGET_LIST_SIZE)
			break;
		if (i) {
			memcpy(buf + len, sep, seplen);
			len += seplen;
		}
		memcpy(buf + len, TARGETS[i].version, n + 1);
		len += n;
	}
	return buf;
}
