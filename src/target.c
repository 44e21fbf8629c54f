/* target: the table of SDFormat output versions (see target.h). */
#include "target.h"

#include <string.h>

static const struct sdf_target TARGETS[] = {
	/* libsdformat 12 (Gazebo Fortress) */
	{
		.version = "1.9",
		.unbounded_lower = "-10000000000000000",
		.unbounded_upper = "10000000000000000",
		.vector_style = { NUM_G6, NUM_G6, NUM_G6, NUM_G6 },
		.schema = &SCHEMA_1_9,
	},
	/* libsdformat 14 (Gazebo Harmonic) */
	{
		.version = "1.11",
		.unbounded_lower = "-inf",
		.unbounded_upper = "inf",
		.vector_style = { NUM_SHORTEST, NUM_G6, NUM_SHORTEST, NUM_SHORTEST },
		.link_frame_pose = 1,
		.lumped_pose_printed = 1,
		.colour_in_full = 1,
		.has_mimic = 1,
		.schema = &SCHEMA_1_11,
	},
	/* libsdformat 16 (Gazebo Ionic and Jetty) */
	{
		.version = "1.12",
		.unbounded_lower = "-inf",
		.unbounded_upper = "inf",
		.vector_style = { NUM_SHORTEST, NUM_G6, NUM_SHORTEST, NUM_SHORTEST },
		.link_frame_pose = 1,
		.lumped_pose_printed = 1,
		.colour_in_full = 1,
		.has_mimic = 1,
		.schema = &SCHEMA_1_12,
	},
};

const struct sdf_target *target_default(void)
{
	return &TARGETS[0];
}

const struct sdf_target *target_find(const char *version)
{
	size_t i;

	for (i = 0; i < sizeof TARGETS / sizeof TARGETS[0]; i++)
		if (strcmp(TARGETS[i].version, version) == 0)
			return &TARGETS[i];
	return NULL;
}
