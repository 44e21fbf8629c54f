/* options: what one conversion was asked, as the modules read it.  The
 * caller's struct u2s_options (of whatever size it was compiled with) is
 * read once, by convert.c, into this struct, which no caller sees: its
 * layout may change freely, and a new option is a field here and a line
 * in convert.c's reading of the public one. */
#ifndef U2S_OPTIONS_H
#define U2S_OPTIONS_H

#include <stddef.h>

#include "u2s.h"

struct options {
	int quiet;                 /* U2S_QUIET */
	int werror;                /* U2S_WERROR */
	int preserve_fixed_joints; /* U2S_PRESERVE_FIXED_JOINTS */
	int check;                 /* U2S_CHECK */
	int repair;                /* U2S_REPAIR */
	int single_thread;         /* U2S_SINGLE_THREAD */
	int input_utf8;            /* U2S_INPUT_UTF8: the declaration's encoding is not read */
	const char *sdf_version;   /* NULL: the default */
	enum u2s_uri_mode uri_mode;
	double repair_mass;        /* 0: the default */
	/* The caller's callbacks, each to be called in the caller's locale
	 * (convert.c puts its own in front of them). */
	u2s_diag_fn *diag_fn;      /* NULL: stderr */
	void *diag_arg;
	u2s_diag_record_fn *diag_record_fn;
	void *diag_record_arg;
	const struct u2s_package *packages;
	size_t npackages;
	const char *ros_package_path;
	const char *ament_prefix_path;
	int world;                 /* U2S_WORLD */
	int no_ground;             /* U2S_NO_GROUND */
	int has_pose;              /* U2S_POSE */
	int place;                 /* U2S_PLACE: placed on the ground, as U2S_WORLD */
	/* U2S_WORLD_INCLUDE: with world, the world includes model://MODEL_NAME
	 * instead of holding the model; without, the model of such a world
	 * (its world systems moved to the world). */
	int world_include;
	double pose[6];
	const char *world_name;    /* NULL: the model's */
	const char *gz_resource_path;
	const char *model_name;    /* NULL: no model folder (uri.h) */
	u2s_mesh_fn *mesh_fn;      /* NULL: not told */
	void *mesh_arg;
	int migrate;               /* U2S_MIGRATE (src/migrate.h) */
	int notes;                 /* U2S_NOTES */
	int output_urdf;           /* U2S_OUTPUT_URDF: the migrated URDF, not SDF */
	u2s_write_fn *bridge_fn;   /* NULL: no bridge configuration */
	void *bridge_arg;
	int confine;               /* U2S_CONFINE (meshrefs.h) */
	const char *const *allow_dirs;
	size_t nallow_dirs;
};

#endif
