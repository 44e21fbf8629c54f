/* copier: a second thread that copies the bytes of files already opened,
 * for --model-dir (atomic_dir.c), so that a robot's meshes are copied
 * while its SDFs are converted.  The CLI's; not part of libu2s.
 *
 * The calling thread opens each source and creates each copy (so that
 * every path is recorded for undo.c and made by one thread, and a failure
 * to open or create is said where it happens); the copier only moves the
 * bytes from one descriptor to the other and closes both, in the order
 * given; when the caller waits for it (or its queue is full), the caller
 * copies what the thread has not begun itself, so that it never sleeps
 * while there is work.  It allocates nothing (no malloc arena of its own)
 * and runs with the fatal signals blocked, so undo.c's handler runs on
 * the thread that creates files, never beside it.
 * The first failure is kept; the pairs after it are closed, not copied.
 *
 *	copier_start  the thread started (0, or an errno value: copy at once)
 *	copier_add    a pair queued
 *	copier_wait   every pair queued so far done: the first failure
 *	copier_end    waited for, the thread joined, the queue freed */
#ifndef U2S_COPIER_H
#define U2S_COPIER_H

#include <pthread.h>
#include <stddef.h>

/* Copies IN's bytes to OUT and closes both; 0 or an errno value. */
typedef int copier_copy_fn(int in, int out);

struct copy_pair {
	int in, out;
};

struct copier {
	copier_copy_fn *copy;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t work;      /* a pair queued, or the end asked */
	pthread_cond_t idle;      /* a pair is done */
	struct copy_pair *pairs;  /* queued: [0, taken) taken by a thread,
				   * DONE of them copied */
	size_t n, cap, taken, done;
	size_t pending_max;       /* queued and not done, at most */
	int err;                  /* the first failure, or 0 */
	int ending;
};

/* The thread started, copying with COPY, with at most PENDING_MAX pairs
 * queued and not done (each holds two descriptors); 0, or an errno value
 * (nothing to end: the caller copies at once). */
int copier_start(struct copier *c, copier_copy_fn *copy, size_t pending_max);

/* IN to OUT, after the pairs queued before (while PENDING_MAX wait, the
 * oldest copied here, so that the descriptors open stay few); 0, or -1
 * when out of memory (nothing queued, nothing closed). */
int copier_add(struct copier *c, int in, int out);

/* Every pair queued copied and closed (those the thread has not begun,
 * here); the first failure (an errno value), or 0. */
int copier_wait(struct copier *c);

/* copier_wait, then the thread joined and C freed; the first failure. */
int copier_end(struct copier *c);

#endif
