/* atomic_dir: a folder that appears whole or not at all (the CLI's, for
 * --model-dir; not part of libu2s).  It is built beside DIR in a hidden
 * folder (.u2s-XXXXXX, with the mode a new directory gets: 0777 less the
 * umask), DIR's missing parents made first, and renamed to DIR at the
 * end, over an earlier DIR (whose mode it keeps), or removed on failure.
 * Every path in it is recorded in the undo list before it is made, so a
 * fatal signal leaves nothing (undo.h).  Out of memory, it calls the
 * caller's OOM function, which does not return (the CLI's cli_oom.h).
 *
 *	atomic_dir_init    where DIR goes; its name's length checked
 *	atomic_dir_begin   the hidden folder made
 *	atomic_dir_create  a new file in it (O_EXCL), its folders made
 *	atomic_dir_copy    a copy of a regular file, no wider a mode (its
 *	                   bytes on a second thread under COPY_LATER)
 *	atomic_dir_copies_wait  every copy's bytes in place
 *	atomic_dir_write   a new file holding a text
 *	atomic_dir_finish  renamed into place, or removed; freed
 *
 * Messages (their codes from diag_codes.def) go to SAY; the caller decides
 * whether DIR may be replaced (atomic_dir_finish replaces what is there). */
#ifndef U2S_ATOMIC_DIR_H
#define U2S_ATOMIC_DIR_H

#include <stddef.h>
#include <sys/types.h>

#include "copier.h"
#include "strset.h"

struct undo;

/* A message (CODE, from diag_codes.def). */
typedef void atomic_dir_say_fn(void *arg, unsigned code, const char *text);
/* Out of memory: says so, removes what the undo list holds, exits. */
typedef void atomic_dir_oom_fn(void *arg);

struct atomic_dir {
	/* the caller's */
	struct undo *undo;           /* each path, recorded before it is made */
	atomic_dir_say_fn *say;
	void *say_arg;
	atomic_dir_oom_fn *oom;      /* does not return */
	void *oom_arg;
	int copy_later;              /* the bytes of copies on a second thread
				      * (copier.h), when one starts */
	/* atomic_dir_init's */
	char *path;                  /* DIR without a final '/' */
	char *name;                  /* its last part */
	char *parent;                /* the folder holding it */
	char *tmp;                   /* the hidden folder built beside it */
	char *old;                   /* where an earlier DIR is moved aside */
	int made;                    /* TMP exists (atomic_dir_begin) */
	struct strset dirs;          /* the folders made in TMP */
	struct copier copier;        /* COPY_LATER: the copies' bytes */
	int copying;                 /* COPIER started, not yet ended */
};

/* Where DIR goes, in D (its caller's fields set, the rest zero); U2S_OK,
 * or U2S_IO (said) when DIR's name is longer than its parent allows.
 * Nothing is made. */
int atomic_dir_init(struct atomic_dir *d, const char *dir);

/* The hidden folder made (DIR's missing parents first); U2S_OK or U2S_IO
 * (said). */
int atomic_dir_begin(struct atomic_dir *d);

/* The new file REL of the folder (its folders made), open for writing, of
 * MODE less the umask; -1 with errno set. */
int atomic_dir_create(struct atomic_dir *d, const char *rel, mode_t mode);

/* The regular file SRC copied to the new file REL, byte for byte, with no
 * wider a mode than SRC's; 0 or an errno value.  Under COPY_LATER, SRC is
 * opened and REL created here (what fails there is returned), and the
 * bytes are copied on the copier thread: a failure of theirs is
 * atomic_dir_copies_wait's. */
int atomic_dir_copy(struct atomic_dir *d, const char *src, const char *rel);

/* Waits until the bytes of every copy so far are in place: 0, or the
 * errno value of the first that failed (its file is not whole). */
int atomic_dir_copies_wait(struct atomic_dir *d);

/* The new file REL holding TEXT; 0 or an errno value. */
int atomic_dir_write(struct atomic_dir *d, const char *rel, const char *text);

/* LEN bytes of BUF written to FD; 0 or an errno value. */
int atomic_dir_write_all(int fd, const char *buf, size_t len);

/* A new string as printf makes it (out of memory: D's OOM). */
char *atomic_dir_asprintf(const struct atomic_dir *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Says that writing in the folder failed with ERR (U2S1047, "cannot
 * write in TMP"), once for the folder and the copies; returns U2S_IO. */
int atomic_dir_write_failed(const struct atomic_dir *d, int err);

/* The copies waited for (one that failed makes RC U2S_IO, said), then
 * with RC U2S_OK, the folder renamed to DIR (over what is there);
 * otherwise, or if that fails, removed (by the undo list, which holds
 * every path made in it: no memory needed); either way with the fatal
 * signals blocked, the undo list emptied and D freed.  Returns the
 * status. */
int atomic_dir_finish(struct atomic_dir *d, int rc);

#endif
