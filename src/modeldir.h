/* modeldir: --model-dir DIR, a Gazebo model folder (the CLI's; it uses only
 * the public u2s_ API).  The library decides every mesh's place in the
 * folder and rewrites its URI (u2s.h: model_name, mesh_fn); this module
 * only copies: the meshes it is told of, what they reference (a COLLADA
 * file's images, an OBJ file's material files and their texture maps),
 * the SDF once per version u2s writes, model.config and, with --world,
 * world.sdf.  The folder is built beside DIR under a temporary name and
 * renamed into place; DIR, when it exists, is replaced only if u2s made
 * it (model.config says so). */
#ifndef U2S_MODELDIR_H
#define U2S_MODELDIR_H

#include "u2s.h"

/* A message of the CLI's (CODE, from diag_codes.def). */
typedef void modeldir_say_fn(void *arg, unsigned code, const char *text);
/* Out of memory: says so, removes what the undo list holds, exits with
 * status 3 (never returns). */
typedef void modeldir_oom_fn(void *arg);

struct undo;

/* What every folder of a run is made with. */
struct modeldir_run {
	const struct u2s_options *opts;   /* sdf_version, model_name, mesh_fn
					   * and U2S_WORLD are set here; the
					   * messages go to diag_record_fn,
					   * each once over the versions */
	int world;                        /* also world.sdf */
	struct undo *undo;                /* what a fatal signal removes */
	modeldir_say_fn *say;
	void *say_arg;
	modeldir_oom_fn *oom;             /* does not return */
	void *oom_arg;
};

/* The URDF read from IN_FD (named FILE; NULL: standard input) into the
 * folder DIR, whose parent exists.  Returns a u2s_status: U2S_IO when a
 * file cannot be read, created or written (a full disk, a file-size
 * limit), and then, as on any failure, nothing is left beside DIR. */
int modeldir_make(const struct modeldir_run *run, int in_fd, const char *file, const char *dir);

#endif
