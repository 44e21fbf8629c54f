/* undo: paths a fatal signal removes (undo.h). */
#define _POSIX_C_SOURCE 200809L

#include "undo.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct undo_entry {
	struct undo_entry *prev;   /* recorded before this one */
	int is_dir;
	char path[];
};

/* A handler may read the list only if the loads need no lock. */
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "pointers are not always lock-free");

static const int fatal_signals[] = { SIGHUP, SIGINT, SIGTERM };
#define NFATAL (sizeof fatal_signals / sizeof fatal_signals[0])

/* The list the handler empties: the one piece of process-wide state, as a
 * signal handler can reach nothing else.  Set once, before any signal is
 * caught. */
static struct undo *volatile signal_undo;

/* Removes every path U (NULL: none) records, the last first.  Only
 * async-signal-safe calls: an atomic load, unlink, rmdir.  A folder not
 * yet empty (a file in it recorded after it is removed later in the walk)
 * fails here and is removed at its turn. */
static void remove_recorded(struct undo *u)
{
	const struct undo_entry *e;

	for (e = u ? atomic_load(&u->last) : NULL; e; e = e->prev)
		(void)(e->is_dir ? rmdir(e->path) : unlink(e->path));
}

/* Removes every recorded path, then dies of SIG as if not caught, so that
 * the caller (a shell, make, xargs) sees the signal: signal and raise are
 * async-signal-safe too. */
static void on_fatal_signal(int sig)
{
	remove_recorded(signal_undo);
	signal(sig, SIG_DFL);
	raise(sig);
}

void undo_catch_signals(struct undo *u)
{
	size_t i;

	signal_undo = u;
	for (i = 0; i < NFATAL; i++) {
		struct sigaction sa, old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_fatal_signal;
		sigemptyset(&sa.sa_mask);
		if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	}
}

int undo_push(struct undo *u, const char *path, int is_dir)
{
	size_t len = strlen(path);
	struct undo_entry *e = malloc(sizeof *e + len + 1);

	if (!e)
		return -1;
	e->prev = atomic_load(&u->last);
	e->is_dir = is_dir;
	memcpy(e->path, path, len + 1);
	atomic_store(&u->last, e);   /* complete before it is seen */
	return 0;
}

void undo_remove_all(struct undo *u)
{
	remove_recorded(u);
	undo_forget(u);
}

void undo_forget(struct undo *u)
{
	struct undo_entry *e = atomic_exchange(&u->last, NULL), *prev;

	for (; e; e = prev) {
		prev = e->prev;
		free(e);
	}
}

void undo_block(sigset_t *old)
{
	sigset_t block;
	size_t i;

	sigemptyset(&block);
	for (i = 0; i < NFATAL; i++)
		sigaddset(&block, fatal_signals[i]);
	pthread_sigmask(SIG_BLOCK, &block, old);
}

void undo_unblock(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}
