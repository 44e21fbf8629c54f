/* modeldir: --model-dir DIR, a Gazebo model folder: what it holds (the
 * CLI's; it uses only the public u2s_ API).  The library decides every
 * mesh's place in the folder and rewrites its URI (u2s.h: model_name,
 * mesh_fn) and names what a mesh references (meshrefs.c); this module
 * only fills the folder: the meshes it is told of, the SDF once per
 * version u2s writes, model.config, bridge.yaml with --migrate and, with
 * --world, world.sdf (the library's world writer), each diagnostic of
 * those conversions passed on once.  The folder itself (built beside DIR
 * under a temporary name, every path recorded for undo.c, renamed into
 * place) is atomic_dir.c's; DIR, when it exists, is replaced only if u2s
 * made it (model.config says so).  Out of memory, it calls the run's OOM
 * function (the CLI's cli_oom.c), never abort().
 *
 * When a processor is free, and U2S_SINGLE_THREAD is not set (nor a
 * memory limit below 1 GiB), two more threads work meanwhile: the
 * meshes' bytes are copied on one (copier.c, through atomic_dir.c) and
 * the versions after the first converted on another (convert_ahead.c).
 * What is said, and the folder, are what one thread gives: messages are
 * held until the copies are known whole, and a copy that failed makes
 * the folder again on one thread, which says it where it happened. */
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
	int threads_always;               /* the other threads whatever the
					   * machine's load (U2S_THREADS=2) */
};

/* The URDF read from IN_FD (named FILE; NULL: standard input) into the
 * folder DIR, whose parent exists.  Returns a u2s_status: U2S_IO when a
 * file cannot be read, created or written (a full disk, a file-size
 * limit), and then, as on any failure, nothing is left beside DIR. */
int modeldir_make(const struct modeldir_run *run, int in_fd, const char *file, const char *dir);

#endif
