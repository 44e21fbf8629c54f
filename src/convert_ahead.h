/* convert_ahead: the SDFormat versions of a model folder after the first,
 * converted on a second thread into memory while the first version's
 * conversion (and the copies of its meshes) goes on, for --model-dir
 * (modeldir.c).  The CLI's; not part of libu2s.
 *
 * Nothing of a conversion made ahead is seen until modeldir.c takes it,
 * in the order the versions are written (one the thread has not started
 * by then is modeldir.c's to convert): its SDF is then written to the
 * version's file, its messages and statistics passed on as if it had
 * just run.  The thread creates no file, says nothing and never calls
 * the CLI's out-of-memory answer: what it cannot hold (its SDF, its
 * messages) marks the version lost, and modeldir.c converts that one
 * again as before, on its own thread, as it does when writing the SDF
 * fails (so that the library's message about it is said).  It runs with
 * every signal blocked (undo.c's handler runs on the thread that creates
 * files). */
#ifndef U2S_CONVERT_AHEAD_H
#define U2S_CONVERT_AHEAD_H

#include <stddef.h>

#include "u2s.h"

/* A message copied with its strings (after it, in one allocation). */
struct held_msg {
	struct held_msg *next;
	struct u2s_diagnostic d;
};

/* D copied; NULL when out of memory. */
struct held_msg *held_msg_copy(const struct u2s_diagnostic *d);

/* What a version's conversion ahead gave. */
struct ahead_result {
	int lost;                 /* not held whole: convert it again */
	int status;               /* its u2s_status */
	const char *sdf;          /* the SDF written */
	size_t len;
	struct held_msg *msgs;    /* its messages, in order, each of them */
	int have_stats;
	struct u2s_stats stats;   /* what its stats_fn was told */
};

struct ahead;

/* VERSIONS (NULL-terminated) of the URDF BUF (LEN bytes, named NAME)
 * converted one after the other with O (its sdf_version, writers and
 * callbacks replaced), on a thread started here; NULL when none starts
 * (or out of memory): convert them at the time. */
struct ahead *ahead_start(const struct u2s_options *o, const char *buf, size_t len,
			  const char *name, const char *const *versions);

/* The result of the I-th version (owned by A), waited for while the
 * thread converts it; NULL when the thread has not started it (it is
 * behind, and never will: the caller converts it). */
const struct ahead_result *ahead_take(struct ahead *a, size_t i);

/* The versions not started dropped, the thread waited for, everything
 * freed (A may be NULL). */
void ahead_free(struct ahead *a);

#endif
