/* convert_ahead: later versions converted on a second thread (convert_ahead.h). */
#define _POSIX_C_SOURCE 200809L

#include "convert_ahead.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* Where a version is (under the lock): the thread takes a waiting one;
 * the caller takes one still waiting for itself (the thread is behind). */
enum one_state { WAITING, CONVERTING, DONE, NOT_AHEAD };

/* A version being converted ahead: its result, and what holds it. */
struct one {
	struct ahead_result r;
	char *sdf;
	size_t cap;
	struct held_msg **msgs_end;
	enum one_state state;
};

struct ahead {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t done;      /* a version is DONE */
	struct u2s_options o;
	const char *buf, *name;
	size_t len, n;
	const char *const *versions;
	struct one *ones;   /* N of them */
};

/* S copied to *AT (NULL stays NULL), *AT moved past it. */
static const char *put(char **at, const char *s)
{
	char *copy = *at;

	if (!s)
		return NULL;
	*at = stpcpy(copy, s) + 1;
	return copy;
}

static size_t size_of(const char *s)
{
	return s ? strlen(s) + 1 : 0;
}

struct held_msg *held_msg_copy(const struct u2s_diagnostic *d)
{
	struct held_msg *h = malloc(sizeof *h + size_of(d->code) + size_of(d->file) +
				    size_of(d->message) + size_of(d->path));
	char *at = (char *)(h + 1);

	if (!h)
		return NULL;
	h->next = NULL;
	h->d = *d;
	h->d.code = put(&at, d->code);
	h->d.file = put(&at, d->file);
	h->d.message = put(&at, d->message);
	h->d.path = put(&at, d->path);
	return h;
}

/* ---- the thread's callbacks: each writes only its version's result ---------- */

static int hold_sdf(void *arg, const char *buf, size_t len)
{
	struct one *v = arg;

	if (v->r.len + len > v->cap) {
		size_t cap = v->cap ? v->cap : 1 << 16;
		char *bigger;
		while (cap < v->r.len + len)
			cap *= 2;
		if ((bigger = realloc(v->sdf, cap)) == NULL) {
			v->r.lost = 1;
			return 0;   /* the conversion goes on; its result is not used */
		}
		v->sdf = bigger;
		v->cap = cap;
	}
	memcpy(v->sdf + v->r.len, buf, len);
	v->r.len += len;
	return 0;
}

static void hold_msg(void *arg, const struct u2s_diagnostic *d)
{
	struct one *v = arg;
	struct held_msg *h = held_msg_copy(d);

	if (!h) {
		v->r.lost = 1;
		return;
	}
	*v->msgs_end = h;
	v->msgs_end = &h->next;
}

static void hold_stats(void *arg, const struct u2s_stats *st)
{
	struct one *v = arg;

	v->r.stats = *st;
	v->r.have_stats = 1;
}

/* Whether V's state was FROM; it is TO now if so. */
static int move(struct ahead *a, struct one *v, enum one_state from, enum one_state to)
{
	int was;

	pthread_mutex_lock(&a->lock);
	was = v->state == from;
	if (was)
		v->state = to;
	if (was && to == DONE)
		pthread_cond_broadcast(&a->done);
	pthread_mutex_unlock(&a->lock);
	return was;
}

static void *run(void *arg)
{
	struct ahead *a = arg;
	size_t i;

	for (i = 0; i < a->n; i++) {
		struct one *v = &a->ones[i];
		struct u2s_options o = a->o;
		if (!move(a, v, WAITING, CONVERTING))
			continue;   /* the caller's, or no longer wanted */
		o.sdf_version = a->versions[i];
		o.diag_record_fn = hold_msg;
		o.diag_record_arg = v;
		o.stats_fn = hold_stats;
		o.stats_arg = v;
		v->r.status = u2s_convert_buffer_to(a->buf, a->len, a->name, hold_sdf, v, &o);
		v->r.sdf = v->sdf;
		move(a, v, CONVERTING, DONE);
	}
	return NULL;
}

/* ---- the caller's side ----------------------------------------------------------- */

static void free_all(struct ahead *a);

static struct ahead *ahead_new(const struct u2s_options *o, const char *buf, size_t len,
			       const char *name, const char *const *versions)
{
	struct ahead *a = calloc(1, sizeof *a);
	size_t i;

	if (!a)
		return NULL;
	*a = (struct ahead){ .o = *o, .buf = buf, .name = name, .len = len, .versions = versions };
	while (versions[a->n])
		a->n++;
	if (!a->n || (a->ones = calloc(a->n, sizeof *a->ones)) == NULL) {
		free(a);
		return NULL;
	}
	for (i = 0; i < a->n; i++)
		a->ones[i].msgs_end = &a->ones[i].r.msgs;
	a->o.mesh_fn = NULL;     /* the first version copies the files */
	a->o.bridge_fn = NULL;   /* and gives bridge.yaml */
	a->o.flags &= ~(unsigned)U2S_PLACE;
	return a;
}

struct ahead *ahead_start(const struct u2s_options *o, const char *buf, size_t len,
			  const char *name, const char *const *versions)
{
	struct ahead *a = ahead_new(o, buf, len, name, versions);
	sigset_t all, old;
	int err;

	if (!a)
		return NULL;
	pthread_mutex_init(&a->lock, NULL);   /* with no attributes: they cannot fail */
	pthread_cond_init(&a->done, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = pthread_create(&a->thread, NULL, run, a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		pthread_mutex_destroy(&a->lock);
		pthread_cond_destroy(&a->done);
		free_all(a);
		return NULL;
	}
	return a;
}

const struct ahead_result *ahead_take(struct ahead *a, size_t i)
{
	struct one *v = &a->ones[i];
	const struct ahead_result *r = &v->r;

	pthread_mutex_lock(&a->lock);
	if (v->state == WAITING) {
		v->state = NOT_AHEAD;   /* the thread is behind: the caller converts it */
		r = NULL;
	}
	while (v->state == CONVERTING)
		pthread_cond_wait(&a->done, &a->lock);
	pthread_mutex_unlock(&a->lock);
	return r;
}

void ahead_free(struct ahead *a)
{
	size_t i;

	if (!a)
		return;
	pthread_mutex_lock(&a->lock);
	for (i = 0; i < a->n; i++)   /* what is not started is not wanted */
		if (a->ones[i].state == WAITING)
			a->ones[i].state = NOT_AHEAD;
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	pthread_mutex_destroy(&a->lock);
	pthread_cond_destroy(&a->done);
	free_all(a);
}

/* The results and A freed. */
static void free_all(struct ahead *a)
{
	size_t i;

	for (i = 0; i < a->n; i++) {
		struct held_msg *h, *next;
		for (h = a->ones[i].r.msgs; h; h = next) {
			next = h->next;
			free(h);
		}
		free(a->ones[i].sdf);
	}
	free(a->ones);
	free(a);
}
