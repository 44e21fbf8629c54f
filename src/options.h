/* options: what one conversion was asked, as the modules read it.  The
 * caller's struct u2s_options (of whatever size it was compiled with) is
 * read once, by convert.c, into this struct, which no caller sees: its
 * layout may change freely.  A flag is read where it is used,
 * (opts->flags & U2S_X), and a new field as opts->pub.FIELD: neither
 * needs a line here (options.def's row, and its use). */
#ifndef U2S_OPTIONS_H
#define U2S_OPTIONS_H

#include <stddef.h>

#include "u2s.h"

struct options {
	/* The caller's options as checked (this library's layout; fields it
	 * did not know zero).  A field appended to u2s.h is read here,
	 * (opts->pub.FIELD), with no line of its own below; its callbacks
	 * are not to be called from here (the caller's locale: below). */
	struct u2s_options pub;
	unsigned flags;            /* the caller's U2S_* flags, checked (convert.c) */
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
	double pose[6];            /* U2S_POSE */
	const char *world_name;    /* NULL: the model's */
	const char *gz_resource_path;
	const char *model_name;    /* NULL: no model folder (uri.h) */
	u2s_mesh_fn *mesh_fn;      /* NULL: not told */
	void *mesh_arg;
	u2s_write_fn *bridge_fn;   /* NULL: no bridge configuration */
	void *bridge_arg;
	const char *const *allow_dirs;   /* U2S_CONFINE's roots (meshrefs.h) */
	size_t nallow_dirs;
};

#endif
