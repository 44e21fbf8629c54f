/* spool: a run of output units written on two threads, in order, into one
 * writer.
 *
 * The writer's work is a sequence of units (a link with its joint, a
 * frame) none of which depends on what was written before it, each
 * written by a writer state of its own thread.  The units are cut into
 * segments: the calling thread writes the even ones straight into the
 * output, a second thread the odd ones into two spools that the calling
 * thread copies into the output when their turn comes.  The output is
 * byte for byte what one thread writes; only the calling thread touches
 * the output (a caller's writer is never called from another thread); the
 * memory held beyond one thread's is two segments' text. */
#ifndef U2S_SPOOL_H
#define U2S_SPOOL_H

#include <stddef.h>
#include <talloc.h>

#include "arena.h"
#include "out.h"

struct spool_job {
	size_t n;               /* the units 0..N-1, written in this order */
	size_t per_segment;     /* units a segment holds (> 0) */
	/* The second thread's writing state, made on that thread: whatever
	 * it allocates goes under ROOT, a talloc tree of the thread's own,
	 * and running out of memory jumps to JUMP. */
	void *(*begin)(void *arg, TALLOC_CTX *root, oom_jump *jump);
	/* Writes unit I with STATE into O. */
	void (*unit)(void *state, size_t i, struct out *o);
	void *arg;              /* for begin */
	/* The calling thread's state, made before (so that starting asks it
	 * for no memory), and how to make its running out of memory jump to
	 * JUMP: returns where it jumped before, which spool_write puts back. */
	void *caller_state;
	oom_jump *(*rejump)(void *state, oom_jump *jump);
};

/* Writes JOB's units into O, in order, on two threads (on the calling
 * thread alone when a second cannot start; what a second thread that
 * runs out of memory left, the calling thread writes).  Returns 0, or -1
 * when memory ran out on the calling thread: the caller reports it
 * (nothing is left running or allocated). */
int spool_write(const struct spool_job *job, struct out *o);

#endif
