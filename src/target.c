/* target: the table of SDFormat output versions (see target.h). */
#include "target.h"

#include <string.h>

/* From the SDFormat 1.9 element descriptions (libsdformat's sdf/1.9/). */
static const struct blob_default BLOB_DEFAULTS_1_9[] = {
	{ "sensor", "camera", "horizontal_fov", "1.047" },
	{ "sensor", "camera", "image", NULL },
	{ "sensor", "camera", "clip", NULL },
	{ "camera", "image", "width", "320" },
	{ "camera", "image", "height", "240" },
	{ "camera", "clip", "near", "0.1" },
	{ "camera", "clip", "far", "100" },
	{ "sensor", "contact", "collision", "__default__" },
	{ "sensor", "contact", "topic", "__default_topic__" },
	{ "ray", "noise", "type", "gaussian" },
	{ "link", "light", "direction", "0 0 -1" },
	{ "link", "projector", "texture", "__default__" },
	{ NULL, NULL, NULL, NULL }
};

static const struct dropped_attr DROPPED_ATTRS_1_9[] = {
	{ "pose", "frame" },
	{ "grasp_check", "attach_steps" },
	{ "grasp_check", "detach_steps" },
	{ "grasp_check", "min_contact_count" },
	{ NULL, NULL }
};

static const struct sdf_target TARGETS[] = {
	/* libsdformat 12 (Gazebo Fortress) */
	{
		.version = "1.9",
		.unbounded_lower = "-10000000000000000",
		.unbounded_upper = "10000000000000000",
		.vector_style = NUM_G6,
		.lumped_frame_style = NUM_REF6,
		.blob_defaults = BLOB_DEFAULTS_1_9,
		.dropped_attrs = DROPPED_ATTRS_1_9,
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
