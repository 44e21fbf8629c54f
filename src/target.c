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
 * READ_BY, FIELDS...): the version MAJOR.MINOR, its element descriptions
 * SCHEMA_MAJOR_MINOR (scripts/gen-schema makes one per folder of
 * tests/spec/sdf-schema), who reads it (one line of text: the manual and
 * doc/conversion.md list it, scripts/gen-versions), and the fields of struct
 * sdf_target. */
#define TARGET_ROWS(ROW) \
	ROW(1, 9, "Gazebo Fortress (libsdformat 12, ROS 2 Humble), Garden (13); " \
	    "every later simulator loads it too", \
	    .unbounded_lower = "-10000000000000000", \
	    .unbounded_upper = "10000000000000000", \
	    .vector_style = { NUM_G6, NUM_G6, NUM_G6, NUM_G6 }, \
	    .sensor_frame_elem = "ignition_frame_id", \
	    .gz = GZ_FORTRESS) \
	ROW(1, 11, "Gazebo Harmonic (libsdformat 14, ROS 2 Jazzy)", SINCE_1_11, \
	    .sensor_frame_elem = "gz_frame_id") \
	ROW(1, 12, "Gazebo Ionic (libsdformat 15) and Jetty (16, LTS to 2030)", SINCE_1_11, \
	    .sensor_frame_elem = "frame_id")

#define SCHEMA_DECL(major, minor, read_by, ...) extern const struct schema SCHEMA_##major##_##minor;
TARGET_ROWS(SCHEMA_DECL)

#define TARGET_ROW(major, minor, readers, ...) \
	{ .version = #major "." #minor, .read_by = readers, .schema = &SCHEMA_##major##_##minor, \
	  __VA_ARGS__ },
static const struct sdf_target TARGETS[] = { TARGET_ROWS(TARGET_ROW) };

#define VERSION_ROW(major, minor, read_by, ...) #major "." #minor,
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
