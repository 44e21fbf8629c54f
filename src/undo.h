/* undo: what the CLI is creating and has not finished (-o's temporary
 * file, a model folder being built), removed when a fatal signal (SIGHUP,
 * SIGINT, SIGTERM) ends the run, so that a killed u2s leaves nothing.
 *
 * Each path is recorded before it is created (an entry complete, then
 * published by one atomic store), so a signal finds every path that may
 * exist; the handler removes them, the last made first (files, then the
 * folders that held them), with unlink() and rmdir() only: both
 * async-signal-safe, as is reading the list.  A path recorded and not yet
 * made is simply not there to remove.  The CLI's; not part of libu2s. */
#ifndef U2S_UNDO_H
#define U2S_UNDO_H

#include <signal.h>
#include <stdatomic.h>

struct undo_entry;

struct undo {
	_Atomic(struct undo_entry *) last;   /* NULL: nothing to remove */
};

/* Makes U the list the fatal signals empty (the one process-wide pointer:
 * a handler reaches nothing else), and catches those signals that are not
 * ignored (one ignored by whoever started u2s, as nohup does, stays so). */
void undo_catch_signals(struct undo *u);

/* Records PATH (a directory when IS_DIR) as one to remove; 0, or -1 when
 * out of memory (nothing recorded).  Record a path before creating it,
 * inside a place only this run writes (a name nobody else may hold would
 * otherwise be removed): a name known only once made (mkstemp, mkdtemp)
 * is made and recorded with the signals blocked (undo_block). */
int undo_push(struct undo *u, const char *path, int is_dir);

/* Removes every path recorded, the last first, as a fatal signal would,
 * then forgets them: for a run that cannot go on (out of memory).  Call
 * with the signals blocked (undo_block). */
void undo_remove_all(struct undo *u);

/* Forgets every path (they are kept, or gone): call with the signals
 * blocked, once the files are renamed into place or removed. */
void undo_forget(struct undo *u);

/* Blocks the fatal signals in this thread (OLD gets the mask to restore
 * with undo_unblock).  Enough for undo_forget: a handler may run in
 * another thread only while libu2s converts, and it joins every thread it
 * starts before returning. */
void undo_block(sigset_t *old);
void undo_unblock(const sigset_t *old);

#endif
