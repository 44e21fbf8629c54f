/* atomic_dir: a folder that appears whole or not at all (atomic_dir.h). */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE   /* getentropy, copy_file_range */
#define _GNU_SOURCE

#include "atomic_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_codes.h"
#include "u2s.h"
#include "undo.h"

static void sayf(const struct atomic_dir *d, unsigned code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void sayf(const struct atomic_dir *d, unsigned code, const char *fmt, ...)
{
	char text[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	d->say(d->say_arg, code, text);
}

char *atomic_dir_asprintf(const struct atomic_dir *d, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		d->oom(d->oom_arg);   /* does not return */
	return s;
}

/* PATH recorded for a fatal signal's handler to remove (undo.h). */
static void record(const struct atomic_dir *d, const char *path, int is_dir)
{
	if (undo_push(d->undo, path, is_dir) != 0)
		d->oom(d->oom_arg);
}

/* ---- where ------------------------------------------------------------------- */

/* The longest name a file in DIR may have. */
static size_t name_max(const char *dir)
{
	long n = pathconf(dir, _PC_NAME_MAX);

	return n > 0 ? (size_t)n : NAME_MAX;
}

/* A copy of the first LEN bytes of S (out of memory: D's OOM). */
static char *xstrndup(const struct atomic_dir *d, const char *s, size_t len)
{
	char *c = strndup(s, len);

	if (!c)
		d->oom(d->oom_arg);
	return c;
}

int atomic_dir_init(struct atomic_dir *d, const char *dir)
{
	size_t dlen = strlen(dir);
	const char *base;

	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	d->path = xstrndup(d, dir, dlen);
	base = strrchr(d->path, '/');
	d->name = base ? xstrndup(d, base + 1, strlen(base + 1)) : xstrndup(d, d->path, dlen);
	d->parent = base ? xstrndup(d, d->path, (size_t)(base - d->path) + (base == d->path))
			 : xstrndup(d, ".", 1);
	/* not named after NAME: any NAME the file system takes leaves room */
	d->tmp = atomic_dir_asprintf(d, "%s/.u2s-XXXXXX", d->parent);
	d->old = NULL;
	d->made = 0;
	if (strlen(d->name) > name_max(d->parent)) {
		errno = ENAMETOOLONG;
		sayf(d, D_CLI_MODEL_NAME_LONG, "--model-dir: the folder name '%.40s...' has %zu "
		     "bytes, more than the %zu a name of %s may have: not made", d->name,
		     strlen(d->name), name_max(d->parent), d->parent);
		return U2S_IO;
	}
	return U2S_OK;
}

/* ---- the hidden folder --------------------------------------------------------- */

/* TMP made, its XXXXXX replaced by a name no other file has, with the
 * mode a new directory gets (0777 less the umask: mkdtemp's 0700 would
 * keep the folder from gz-sim run as another user, a web server, a
 * container); -1 with errno set. */
static int make_unique_dir(char *tmp)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	char *x = tmp + strlen(tmp) - 6;
	unsigned char r[6];
	int tries, i;

	for (tries = 0; tries < 100; tries++) {
		if (getentropy(r, sizeof r) != 0)
			return -1;
		for (i = 0; i < 6; i++)
			x[i] = letters[r[i] % (sizeof letters - 1)];
		if (mkdir(tmp, 0777) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* DIR and its missing parents, as mkdir -p (--model-dir=DIR makes DIR's
 * parent as -d OUT makes OUT); -1 with errno set. */
static int make_parents(const struct atomic_dir *d, const char *dir)
{
	char *path = atomic_dir_asprintf(d, "%s", dir), *s;
	int rc = 0;

	for (s = path + 1; rc == 0; s++) {
		char end = *s;
		if (end != '/' && end != '\0')
			continue;
		*s = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			rc = -1;
		*s = end;
		if (!end)
			break;
	}
	free(path);
	return rc;
}

static int begin_failed(const struct atomic_dir *d)
{
	sayf(d, D_CLI_MODEL_MKDIR, "cannot create a folder in %s: %s", d->parent, strerror(errno));
	return U2S_IO;
}

/* TMP made, recorded with the fatal signals blocked: a signal lands
 * before the folder exists or once it is recorded, never between. */
int atomic_dir_begin(struct atomic_dir *d)
{
	sigset_t old;
	struct stat st;

	if (stat(d->parent, &st) != 0 && errno == ENOENT && make_parents(d, d->parent) != 0)
		return begin_failed(d);
	undo_block(&old);
	d->made = make_unique_dir(d->tmp) == 0;
	if (d->made && undo_push(d->undo, d->tmp, 1) != 0) {
		rmdir(d->tmp);   /* not recorded: nobody else would remove it */
		d->oom(d->oom_arg);
	}
	undo_unblock(&old);
	if (!d->made) {
		errno = errno ? errno : EEXIST;
		return begin_failed(d);
	}
	d->old = atomic_dir_asprintf(d, "%s-old", d->tmp);   /* unique, as TMP is */
	return U2S_OK;
}

/* ---- files ------------------------------------------------------------------ */

/* The folders on the way to TMP/REL (its last part a file's name), each
 * recorded before it is made; PATH is TMP/REL.  -1 with errno set.  TMP
 * is new and only this run writes in it: a folder not in DIRS is not
 * there yet (no lstat to ask). */
static int mkdirs_under(struct atomic_dir *d, char *path)
{
	char *s;
	int met;

	for (s = path + strlen(d->tmp) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if ((met = strset_met_before(&d->dirs, path)) < 0)
			d->oom(d->oom_arg);
		if (met) {   /* made already: no system call */
			*s = '/';
			continue;
		}
		record(d, path, 1);
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return 0;
}

int atomic_dir_create(struct atomic_dir *d, const char *rel, mode_t mode)
{
	char *path = atomic_dir_asprintf(d, "%s/%s", d->tmp, rel);
	int fd = -1, err;

	if (mkdirs_under(d, path) == 0) {
		record(d, path, 0);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	}
	err = errno;
	free(path);
	errno = err;
	return fd;
}

int atomic_dir_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)   /* a short write, as at a file-size limit, retried then failed */
			return n < 0 && errno ? errno : EIO;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

int atomic_dir_write(struct atomic_dir *d, const char *rel, const char *text)
{
	int fd = atomic_dir_create(d, rel, 0666), err;

	if (fd < 0)
		return errno;
	err = atomic_dir_write_all(fd, text, strlen(text));
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

/* Whether copy_file_range failed only for not copying between these
 * files (not a full disk or a file-size limit: those are the answer). */
static int copy_unsupported(int err)
{
	return err == EXDEV || err == EINVAL || err == ENOSYS || err == EOPNOTSUPP ||
	       err == EBADF;
}

/* IN's bytes to OUT; 0 or an errno value.  With copy_file_range, as cp
 * copies: the bytes never come up to this process. */
static int copy_bytes(int in, int out)
{
	char buf[1 << 16];
	ssize_t n;
	int err = 0;

	while ((n = copy_file_range(in, NULL, out, NULL, 1 << 30, 0)) > 0)
		;
	if (n < 0 && copy_unsupported(errno)) {   /* by hand */
		while ((n = read(in, buf, sizeof buf)) > 0 &&
		       (err = atomic_dir_write_all(out, buf, (size_t)n)) == 0)
			;
	}
	if (n < 0 && !err)
		err = errno ? errno : EIO;
	return err;
}

/* IN's bytes to OUT, then both closed (the copier's copy_fn too); 0 or
 * an errno value: a disk that fills only at the close is a failure. */
static int copy_and_close(int in, int out)
{
	int err = copy_bytes(in, out);

	close(in);
	if (close(out) != 0 && !err)
		err = errno;
	return err;
}

/* How many copies may wait for the copier, each with two descriptors
 * open: few enough that neither u2s nor the library runs out of them
 * (EMFILE) where copying one at a time did not; 0 under a limit so low
 * (ulimit -n below 64) that every copy is made at once, as before. */
static size_t copies_pending_max(void)
{
	struct rlimit lim;

	if (getrlimit(RLIMIT_NOFILE, &lim) != 0)
		return 0;
	if (lim.rlim_cur == RLIM_INFINITY || lim.rlim_cur >= 96)
		return 32;
	return lim.rlim_cur >= 64 ? (size_t)(lim.rlim_cur - 32) / 2 : 0;
}

/* IN to OUT on the copier thread, started at the first copy; 0, or an
 * errno value when no thread starts (the bytes then copied here). */
static int copy_on_thread(struct atomic_dir *d, int in, int out)
{
	size_t pending = d->copying ? 0 : copies_pending_max();

	if (!d->copying && (!pending || copier_start(&d->copier, copy_and_close, pending) != 0)) {
		d->copy_later = 0;   /* no second thread: every copy at once */
		return copy_and_close(in, out);
	}
	d->copying = 1;
	if (copier_add(&d->copier, in, out) != 0) {
		close(in);
		close(out);
		d->oom(d->oom_arg);   /* does not return */
	}
	return 0;
}

/* SRC is opened without blocking and must be a regular file: the library
 * checked it, and a FIFO put in its place since must not hang the copy.
 * No wider a mode than SRC's: a file only its owner reads is not
 * published. */
int atomic_dir_copy(struct atomic_dir *d, const char *src, const char *rel)
{
	int in = open(src, O_RDONLY | O_NONBLOCK | O_CLOEXEC), out, err;
	struct stat st;

	if (in < 0)
		return errno;
	if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
		err = S_ISREG(st.st_mode) ? errno : EINVAL;
		close(in);
		return err;
	}
	fcntl(in, F_SETFL, 0);   /* reads of a regular file never block: plain reads */
	out = atomic_dir_create(d, rel, st.st_mode & 0666);
	if (out < 0) {
		err = errno;
		close(in);
		return err;
	}
	return d->copy_later ? copy_on_thread(d, in, out) : copy_and_close(in, out);
}

int atomic_dir_copies_wait(struct atomic_dir *d)
{
	return d->copying ? copier_wait(&d->copier) : 0;
}

/* ---- the end ---------------------------------------------------------------- */

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void remove_tree(const char *dir)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Renames the built folder to DIR, over what is there. */
static int put_in_place(const struct atomic_dir *d)
{
	struct stat st;
	int replacing = lstat(d->path, &st) == 0;

	/* a folder replaced keeps the mode it was given */
	if (replacing && S_ISDIR(st.st_mode))
		chmod(d->tmp, st.st_mode & 07777);
	if (replacing && rename(d->path, d->old) != 0) {
		sayf(d, D_CLI_MODEL_ASIDE, "cannot move %s aside: %s", d->path, strerror(errno));
		return U2S_IO;
	}
	if (rename(d->tmp, d->path) != 0) {
		sayf(d, D_CLI_MODEL_RENAME, "cannot rename %s to %s: %s", d->tmp, d->path,
		     strerror(errno));
		if (replacing)
			rename(d->old, d->path);
		return U2S_IO;
	}
	if (replacing)
		remove_tree(d->old);
	return U2S_OK;
}

/* The copier ended: nothing is renamed or removed while it writes.  A
 * failure its caller did not wait for (atomic_dir_copies_wait) still
 * fails the folder. */
static int end_copies(struct atomic_dir *d, int rc)
{
	int err;

	if (!d->copying)
		return rc;
	d->copying = 0;
	err = copier_end(&d->copier);
	return err && rc == U2S_OK ? atomic_dir_write_failed(d, err) : rc;
}

int atomic_dir_write_failed(const struct atomic_dir *d, int err)
{
	sayf(d, D_CLI_MODEL_WRITE, "cannot write in %s: %s", d->tmp, strerror(err));
	return U2S_IO;
}

int atomic_dir_finish(struct atomic_dir *d, int rc)
{
	sigset_t old;

	rc = end_copies(d, rc);
	undo_block(&old);
	if (rc == U2S_OK && d->made)
		rc = put_in_place(d);
	/* every path made in TMP is recorded: removed from the list, which
	 * needs no memory (nftw's opendir does, and once memory has run out
	 * it failed and left the folder), then by a walk for anything else */
	if (rc != U2S_OK && d->made) {
		undo_remove_all(d->undo);
		remove_tree(d->tmp);
	}
	undo_forget(d->undo);
	undo_unblock(&old);
	strset_free(&d->dirs);
	free(d->path);
	free(d->name);
	free(d->parent);
	free(d->tmp);
	free(d->old);
	d->path = d->name = d->parent = d->tmp = d->old = NULL;
	d->made = 0;
	return rc;
}
