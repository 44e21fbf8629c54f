/* spool: a run of output units written on two threads, in order (spool.h).
 *
 * Segment 0, 2, 4, ... are written by the calling thread into the output;
 * 1, 3, 5, ... by the second thread, the j-th of them into spool j % 2,
 * which the calling thread copies into the output after its own segment
 * before it, and then frees for the second thread's next but one.  Each
 * thread has its own talloc tree and its own jump for running out of
 * memory, as read_split.c's halves do; the spools' bytes are malloc'd,
 * since both threads touch them (one after the other, under the lock).
 * The second thread is a help, never a need: when it cannot start, or
 * runs out of memory, the calling thread writes what it left. */
#include "spool.h"

#include "num.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#define STAGE_BUFSZ (64 * 1024)   /* the second thread's out buffer */

struct spool {
	char *bytes;
	size_t len, cap;
	int full;               /* written, not yet copied into the output */
};

struct shared {
	const struct spool_job *job;
	size_t nseg;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	struct spool spools[2];
	pthread_t thread;       /* the second, when it started */
	int stop;               /* the calling thread gave up: the second ends */
	int failed;             /* the second thread ran out of memory */
};

static void write_segment(const struct spool_job *job, void *state, size_t seg,
			  struct out *o)
{
	size_t i = seg * job->per_segment;
	size_t end = i + job->per_segment < job->n ? i + job->per_segment : job->n;

	for (; i < end; i++)
		job->unit(state, i, o);
}

/* ---- the second thread --------------------------------------------------- */

/* The out sink of the second thread: its text appended to the spool. */
static int spool_append(void *arg, const char *buf, size_t len)
{
	struct spool *sp = arg;

	if (len > sp->cap - sp->len) {
		size_t cap = sp->cap ? sp->cap : STAGE_BUFSZ;
		char *bytes;
		while (cap - sp->len < len) {
			if (cap > (size_t)-1 / 2)
				return ENOMEM;
			cap *= 2;
		}
		if ((bytes = realloc(sp->bytes, cap)) == NULL)
			return ENOMEM;
		sp->bytes = bytes;
		sp->cap = cap;
	}
	memcpy(sp->bytes + sp->len, buf, len);
	sp->len += len;
	return 0;
}

/* Waits until SP is free again; 0 when the calling thread gave up. */
static int spool_wait_free(struct shared *s, struct spool *sp)
{
	int go;

	pthread_mutex_lock(&s->lock);
	while (sp->full && !s->stop)
		pthread_cond_wait(&s->changed, &s->lock);
	go = !s->stop;
	pthread_mutex_unlock(&s->lock);
	return go;
}

static void spool_set(struct shared *s, struct spool *sp, int full)
{
	pthread_mutex_lock(&s->lock);
	sp->full = full;
	pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
}

static void second_failed(struct shared *s)
{
	pthread_mutex_lock(&s->lock);
	s->failed = 1;
	pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
}

static void second_run(struct shared *given, TALLOC_CTX *root)
{
	struct shared *volatile s = given;   /* as it was, after a longjmp */
	const struct spool_job *job = s->job;
	oom_jump jump;
	char *stage;
	void *state;
	size_t seg;

	if (setjmp(jump) != 0) {
		second_failed(s);
		return;
	}
	state = job->begin(job->arg, root, &jump);
	stage = must(&jump, talloc_size(root, STAGE_BUFSZ));
	for (seg = 1; seg < s->nseg; seg += 2) {
		struct spool *sp = &s->spools[(seg / 2) & 1];
		struct out o;
		if (!spool_wait_free(s, sp))
			return;
		sp->len = 0;
		out_init_sink(&o, spool_append, sp, stage, STAGE_BUFSZ);
		write_segment(job, state, seg, &o);
		if (out_flush(&o) != 0) {
			second_failed(s);
			return;
		}
		spool_set(s, sp, 1);
	}
}

static void *second_thread(void *arg)
{
	struct num_locale loc;
	TALLOC_CTX *root = talloc_new(NULL);

	num_locale_enter(&loc);   /* a new thread has the global locale */
	if (root)
		second_run(arg, root);
	else
		second_failed(arg);
	talloc_free(root);
	num_locale_leave(&loc);
	return NULL;
}

/* ---- the calling thread ---------------------------------------------------- */

/* Copies the second thread's segment SEG into O; 0 when it failed before
 * it had written it. */
static int copy_spooled(struct shared *s, size_t seg, struct out *o)
{
	struct spool *sp = &s->spools[(seg / 2) & 1];
	int full;

	pthread_mutex_lock(&s->lock);
	while (!sp->full && !s->failed)
		pthread_cond_wait(&s->changed, &s->lock);
	full = sp->full;
	pthread_mutex_unlock(&s->lock);
	if (!full)
		return 0;
	out_put(o, sp->bytes, sp->len);
	spool_set(s, sp, 0);
	return 1;
}

/* Every segment, the odd ones from the spools when TWO.  When the second
 * thread runs out of memory, the calling thread writes the segment it
 * failed on and all after it: a conversion never fails for want of memory
 * its second thread alone needed.  Out of memory here jumps to JUMP. */
static void write_all_segments(struct shared *s, int two, struct out *o)
{
	void *state = s->job->caller_state;
	size_t seg;

	for (seg = 0; seg < s->nseg; seg++) {
		if (two && seg % 2 == 1 && copy_spooled(s, seg, o))
			continue;
		if (seg % 2 == 1)
			two = 0;   /* the second thread failed: it wrote nothing more */
		write_segment(s->job, state, seg, o);
	}
}

static void stop_second(struct shared *s)
{
	pthread_mutex_lock(&s->lock);
	s->stop = 1;
	pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
}

/* The second thread's stack: the writer is iterative (blobs may be deep)
 * and keeps no large buffer on it; asking for little keeps the address
 * space a conversion needs near one thread's (ulimit -v). */
#define SECOND_STACK (512 * 1024)

static int start_second(struct shared *s)
{
	pthread_attr_t attr;
	int started;

	if (s->nseg < 2 || pthread_attr_init(&attr) != 0)
		return 0;
	pthread_attr_setstacksize(&attr, SECOND_STACK);
	started = pthread_create(&s->thread, &attr, second_thread, s) == 0;
	pthread_attr_destroy(&attr);
	return started;
}

static int spool_run(struct shared *given, struct out *o)
{
	struct shared *volatile s = given;   /* as they were, after a longjmp */
	volatile int two = 0, ok = 0;
	oom_jump jump, *before = s->job->rejump(s->job->caller_state, &jump);

	if (setjmp(jump) == 0) {
		two = start_second(s);
		write_all_segments(s, two, o);
		ok = 1;
	}
	s->job->rejump(s->job->caller_state, before);
	if (!ok && two)
		stop_second(s);
	if (two)
		pthread_join(s->thread, NULL);
	return ok;
}

int spool_write(const struct spool_job *job, struct out *o)
{
	struct shared s;
	int ok;

	memset(&s, 0, sizeof s);
	s.job = job;
	s.nseg = (job->n + job->per_segment - 1) / job->per_segment;
	if (pthread_mutex_init(&s.lock, NULL) != 0)
		return -1;
	if (pthread_cond_init(&s.changed, NULL) != 0) {
		pthread_mutex_destroy(&s.lock);
		return -1;
	}
	ok = spool_run(&s, o);
	pthread_cond_destroy(&s.changed);
	pthread_mutex_destroy(&s.lock);
	free(s.spools[0].bytes);
	free(s.spools[1].bytes);
	return ok ? 0 : -1;
}
