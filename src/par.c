/* par: ordered formatting on two cores.
 *
 * Batch B is formatted into slot B % NSLOTS.  Whoever takes a batch takes
 * the lowest one not taken yet, and only once its slot has been emptied:
 * B < next_write + NSLOTS, where next_write is the lowest batch not yet
 * appended.  Only the calling thread appends, in order, so the worker can
 * run at most NSLOTS batches ahead, and memory stays bounded whatever N.
 * The batch next in line is the calling thread's, formatted straight into
 * the destination: the robot's root, which may have absorbed every other
 * link (a fixed chain or star), never sits whole in a slot. */
#include "par.h"

#include <errno.h>
#include <pthread.h>
#include <talloc.h>

#define NSLOTS 8

struct slot {
	struct out text;   /* a memory writer, reused batch after batch */
	int ready;         /* holds its batch, formatted */
};

struct par {
	pthread_mutex_t mu;
	pthread_cond_t cv;           /* a slot became ready or empty */
	unsigned n, batch, nbatches;
	unsigned next_take, next_write;
	struct slot slots[NSLOTS];
	par_fmt_fn *fmt;
	const void *arg;
};

static void format_batch(struct par *p, struct arena *a, unsigned b, struct out *o)
{
	unsigned from = b * p->batch;
	unsigned to = p->n - from < p->batch ? p->n : from + p->batch;

	p->fmt(p->arg, a, from, to, o);
}

/* With the lock held: takes the next batch if its slot is free and, for
 * the worker, if it is not the one next in line. */
static int take(struct par *p, int worker, unsigned *b)
{
	if (p->next_take >= p->nbatches || p->next_take >= p->next_write + NSLOTS)
		return 0;
	if (worker && p->next_take == p->next_write)
		return 0;
	*b = p->next_take++;
	return 1;
}

/* With the lock held: formats batch B into its slot without it, then
 * marks it ready. */
static void run_batch(struct par *p, struct arena *a, unsigned b)
{
	struct out *o = &p->slots[b % NSLOTS].text;

	pthread_mutex_unlock(&p->mu);
	o->len = 0;
	format_batch(p, a, b, o);
	pthread_mutex_lock(&p->mu);
	p->slots[b % NSLOTS].ready = 1;
	pthread_cond_broadcast(&p->cv);
}

static void *worker(void *arg)
{
	struct par *p = arg;
	TALLOC_CTX *ctx = talloc_new(NULL);   /* this thread's own talloc tree */
	struct arena a;
	unsigned b;

	arena_init(&a, ctx);
	pthread_mutex_lock(&p->mu);
	while (p->next_take < p->nbatches) {
		if (take(p, 1, &b))
			run_batch(p, &a, b);
		else
			pthread_cond_wait(&p->cv, &p->mu);
	}
	pthread_mutex_unlock(&p->mu);
	talloc_free(ctx);
	return NULL;
}

/* The calling thread: appends the batches in order, formatting the next
 * itself straight into DST when nobody took it, or another one whenever
 * the next is not ready and a slot is free. */
static void append_all(struct par *p, struct arena *a, struct out *dst)
{
	unsigned b;

	pthread_mutex_lock(&p->mu);
	while (p->next_write < p->nbatches) {
		struct slot *s = &p->slots[p->next_write % NSLOTS];
		if (s->ready) {
			pthread_mutex_unlock(&p->mu);
			if (s->text.err && !dst->err)
				dst->err = s->text.err;
			out_put(dst, s->text.buf, s->text.len);
			pthread_mutex_lock(&p->mu);
			s->ready = 0;
			p->next_write++;
			pthread_cond_broadcast(&p->cv);
		} else if (p->next_take == p->next_write && take(p, 0, &b)) {
			pthread_mutex_unlock(&p->mu);
			format_batch(p, a, b, dst);
			pthread_mutex_lock(&p->mu);
			p->next_write++;
			pthread_cond_broadcast(&p->cv);
		} else if (take(p, 0, &b)) {
			run_batch(p, a, b);
		} else {
			pthread_cond_wait(&p->cv, &p->mu);
		}
	}
	pthread_mutex_unlock(&p->mu);
}

static int in_parallel(struct par *p, struct arena *a, struct out *dst)
{
	pthread_t thread;
	int i;

	if (pthread_mutex_init(&p->mu, NULL) != 0)
		return -1;
	if (pthread_cond_init(&p->cv, NULL) != 0) {
		pthread_mutex_destroy(&p->mu);
		return -1;
	}
	for (i = 0; i < NSLOTS; i++) {
		out_init_mem(&p->slots[i].text);
		p->slots[i].ready = 0;
	}
	if (pthread_create(&thread, NULL, worker, p) != 0) {
		pthread_cond_destroy(&p->cv);
		pthread_mutex_destroy(&p->mu);
		return -1;
	}
	append_all(p, a, dst);
	pthread_join(thread, NULL);
	for (i = 0; i < NSLOTS; i++)
		out_free_mem(&p->slots[i].text);
	pthread_cond_destroy(&p->cv);
	pthread_mutex_destroy(&p->mu);
	return 0;
}

int par_format(unsigned n, unsigned batch, par_fmt_fn *fmt, const void *arg, struct out *dst)
{
	TALLOC_CTX *ctx = talloc_new(NULL);
	struct par p;
	struct arena a;

	if (!ctx) {
		dst->err = ENOMEM;
		return -1;
	}
	arena_init(&a, ctx);
	p.n = n;
	p.batch = batch ? batch : 1;
	p.nbatches = n / p.batch + (n % p.batch != 0);
	p.next_take = p.next_write = 0;
	p.fmt = fmt;
	p.arg = arg;
	/* A few batches are not worth a thread: format them straight into DST. */
	if (p.nbatches < 4 || in_parallel(&p, &a, dst) != 0)
		fmt(arg, &a, p.next_write * p.batch, n, dst);
	talloc_free(ctx);
	return dst->err == ENOMEM ? -1 : 0;
}
