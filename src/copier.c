/* copier: a second thread that copies the bytes of opened files (copier.h). */
#define _POSIX_C_SOURCE 200809L

#include "copier.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

/* Its stack: copy_bytes's 64 KiB buffer and the calls below it, not the
 * 8 MiB a thread gets by default (address space under ulimit -v). */
#define COPIER_STACK (256u * 1024)


/* The pair taken (under the lock) copied by the calling thread, the lock
 * let go meanwhile: after a failure, closed, not copied. */
static void copy_taken(struct copier *c, struct copy_pair p)
{
	int failed = c->err != 0, err = 0;

	pthread_mutex_unlock(&c->lock);
	if (failed) {
		close(p.in);
		close(p.out);
	} else {
		err = c->copy(p.in, p.out);
	}
	pthread_mutex_lock(&c->lock);
	if (err && !c->err)
		c->err = err;
	c->done++;
	pthread_cond_broadcast(&c->idle);   /* room in the queue, or none left */
}

static void *run(void *arg)
{
	struct copier *c = arg;

	pthread_mutex_lock(&c->lock);
	for (;;) {
		while (c->taken == c->n && !c->ending)
			pthread_cond_wait(&c->work, &c->lock);
		if (c->taken == c->n)
			break;
		copy_taken(c, c->pairs[c->taken++]);
	}
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

int copier_start(struct copier *c, copier_copy_fn *copy, size_t pending_max)
{
	pthread_attr_t attr;
	sigset_t all, old;
	int err;

	*c = (struct copier){ .copy = copy, .pending_max = pending_max ? pending_max : 1 };
	if ((err = pthread_attr_init(&attr)) != 0)
		return err;
	pthread_attr_setstacksize(&attr, COPIER_STACK);
	pthread_mutex_init(&c->lock, NULL);   /* with no attributes: they cannot fail */
	pthread_cond_init(&c->work, NULL);
	pthread_cond_init(&c->idle, NULL);
	/* the thread inherits a mask of every signal: a fatal one's handler
	 * (undo.c) runs on the thread that creates the files */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = pthread_create(&c->thread, &attr, run, c);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (err) {
		pthread_mutex_destroy(&c->lock);
		pthread_cond_destroy(&c->work);
		pthread_cond_destroy(&c->idle);
	}
	return err;
}

int copier_add(struct copier *c, int in, int out)
{
	int rc = 0;

	pthread_mutex_lock(&c->lock);
	/* a full queue: the caller copies the oldest itself rather than
	 * sleep (on a busy machine a sleeping thread waits for its turn) */
	while (c->n - c->taken >= c->pending_max)
		copy_taken(c, c->pairs[c->taken++]);
	if (c->n == c->cap) {   /* the thread reads pairs only under the lock */
		size_t cap = c->cap ? 2 * c->cap : 64;
		struct copy_pair *bigger = realloc(c->pairs, cap * sizeof *bigger);
		if (bigger) {
			c->pairs = bigger;
			c->cap = cap;
		} else {
			rc = -1;
		}
	}
	if (rc == 0) {
		c->pairs[c->n++] = (struct copy_pair){ in, out };
		pthread_cond_signal(&c->work);
	}
	pthread_mutex_unlock(&c->lock);
	return rc;
}

int copier_wait(struct copier *c)
{
	int err;

	pthread_mutex_lock(&c->lock);
	while (c->taken < c->n)   /* what the thread has not begun: copied here */
		copy_taken(c, c->pairs[c->taken++]);
	while (c->done < c->n)
		pthread_cond_wait(&c->idle, &c->lock);
	err = c->err;
	pthread_mutex_unlock(&c->lock);
	return err;
}

int copier_end(struct copier *c)
{
	int err = copier_wait(c);

	pthread_mutex_lock(&c->lock);
	c->ending = 1;
	pthread_cond_signal(&c->work);
	pthread_mutex_unlock(&c->lock);
	pthread_join(c->thread, NULL);
	pthread_mutex_destroy(&c->lock);
	pthread_cond_destroy(&c->work);
	pthread_cond_destroy(&c->idle);
	free(c->pairs);
	c->pairs = NULL;
	c->n = c->cap = c->taken = c->done = 0;
	return err;
}
