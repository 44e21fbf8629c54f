/* modeldir: --model-dir DIR (modeldir.h). */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE   /* mkdtemp, copy_file_range */
#define _GNU_SOURCE

#include "modeldir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_codes.h"
#include "undo.h"

/* model.config's first lines: what marks a folder u2s may replace.  A
 * comment may not hold "--" (XML 1.0, 2.5): strict parsers refuse the
 * marker of u2s 0.3 and 0.4, which is still recognised, never written. */
static const char MARKER[] = "<!-- u2s model folder: u2s replaces it (option model-dir) -->";
static const char MARKER_0_3[] = "<!-- u2s model folder: u2s --model-dir replaces it -->";

/* A set of strings: hashed, CAP slots (a power of two), at most half full. */
struct strset {
	char **v;
	size_t n, cap;
};

struct folder {
	const char *tmp;              /* the folder being built */
	struct undo *undo;            /* each path in it, recorded before it is made */
	struct strset paths;          /* under meshes/, copied so far */
	struct strset said;           /* the diagnostics printed, by code and place */
	struct strset dirs;           /* the directories made in it */
	u2s_diag_record_fn *record;   /* the caller's, which prints them */
	void *record_arg;
	modeldir_say_fn *say;
	void *say_arg;
	int failed;                   /* a message was said */
	u2s_stats_fn *stats;          /* the caller's statistics */
	void *stats_arg;
	char *bridge;                 /* --migrate: bridge.yaml, as the first version gave it */
	size_t bridge_len;
	int placed;                   /* world.sdf: the library's placement on the */
	double place_z;               /* ground (U2S_PLACE), decided once */
};

static void sayf(struct folder *f, unsigned code, const char *fmt, ...)
{
	char text[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	f->say(f->say_arg, code, text);
	f->failed = 1;
}

static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();   /* out of memory, for a path or a line of text */
	return s;
}

/* ---- files ------------------------------------------------------------------ */

/* PATH recorded for a fatal signal's handler to remove (undo.h). */
static void record(struct folder *f, const char *path, int is_dir)
{
	if (undo_push(f->undo, path, is_dir) != 0)
		abort();   /* out of memory, for a path */
}

/* The folders on the way to ROOT/REL (its last part a file's name). */
static int met_before(struct strset *set, const char *s);

static int mkdirs_under(struct folder *f, const char *root, const char *rel)
{
	char *p = xasprintf("%s/%s", root, rel), *s;
	struct stat st;

	for (s = p + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (met_before(&f->dirs, p)) {   /* made already: no system call */
			*s = '/';
			continue;
		}
		if (lstat(p, &st) != 0)
			record(f, p, 1);
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}

/* The new file PATH of the folder, open for writing, of MODE (less the
 * umask); -1 (errno set). */
static int create_file(struct folder *f, const char *path, mode_t mode)
{
	record(f, path, 0);
	return open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
}

/* Writes LEN bytes of BUF to FD; 0 or an errno value (a short write, as
 * at a file-size limit, is retried and then fails with the reason). */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 && errno ? errno : EIO;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Whether copy_file_range failed only for not copying between these
 * files (not a full disk or a file-size limit: those are the answer). */
static int copy_unsupported(int err)
{
	return err == EXDEV || err == EINVAL || err == ENOSYS || err == EOPNOTSUPP ||
	       err == EBADF;
}

/* Copies SRC to the new file DST of F, byte for byte, with no wider a
 * mode than SRC's (a file only its owner reads is not published); 0 or
 * an errno value.  SRC is opened without blocking and must be a regular
 * file: the library checked it, and a FIFO put in its place since must
 * not hang the copy. */
static int copy_file(struct folder *f, const char *src, const char *dst)
{
	int in = open(src, O_RDONLY | O_NONBLOCK | O_CLOEXEC), out, err = 0;
	char buf[1 << 16];
	struct stat st;
	ssize_t n;

	if (in < 0)
		return errno;
	if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
		err = S_ISREG(st.st_mode) ? errno : EINVAL;
		close(in);
		return err;
	}
	fcntl(in, F_SETFL, 0);   /* reads of a regular file never block: plain reads */
	out = create_file(f, dst, st.st_mode & 0666);
	if (out < 0) {
		err = errno;
		close(in);
		return err;
	}
	while ((n = copy_file_range(in, NULL, out, NULL, 1 << 30, 0)) > 0)
		;
	if (n < 0 && copy_unsupported(errno)) {   /* by hand */
		while ((n = read(in, buf, sizeof buf)) > 0 && (err = write_all(out, buf, (size_t)n)) == 0)
			;
	}
	if (n < 0 && !err)
		err = errno ? errno : EIO;
	close(in);
	if (close(out) != 0 && !err)
		err = errno;
	return err;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void remove_tree(const char *dir)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* All of FD, '\0'-terminated, in *LEN bytes; NULL (errno set) when it
 * cannot be read. */
static char *read_fd(int fd, size_t *len)
{
	char *buf = NULL, *bigger;
	size_t cap = 0, n = 0;
	struct stat st;
	ssize_t r;

	/* a regular file's size, and one byte to see its end: no regrowing */
	size_t first = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 ?
		       (size_t)st.st_size + 1 : 1 << 16;
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : first;
			bigger = realloc(buf, cap + 1);
			if (!bigger) {
				free(buf);
				errno = ENOMEM;
				return NULL;
			}
			buf = bigger;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(buf);
			return NULL;
		}
		n += (size_t)r;
	} while (r > 0);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static char *read_all(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY), err;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = read_fd(fd, len);
	err = errno;
	close(fd);
	errno = err;
	return buf;
}

/* PATH's slot in F's set: where it is, or the empty one it would take. */
static char **slot(char **paths, size_t cap, const char *path)
{
	size_t h = 14695981039346656037u;   /* FNV-1a */
	const unsigned char *c;

	for (c = (const unsigned char *)path; *c; c++)
		h = (h ^ *c) * 1099511628211u;
	for (h &= cap - 1; paths[h] && strcmp(paths[h], path); h = (h + 1) & (cap - 1))
		;
	return &paths[h];
}

/* Whether S is in SET; if not, it is now (a set, not a list: a robot
 * with many meshes costs no scan per mesh). */
static int met_before(struct strset *set, const char *s)
{
	char **at;
	size_t i;

	if (2 * (set->n + 1) > set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 64;
		char **bigger = calloc(cap, sizeof *bigger);
		if (!bigger)
			abort();   /* out of memory, for a path */
		for (i = 0; i < set->cap; i++)
			if (set->v[i])
				*slot(bigger, cap, set->v[i]) = set->v[i];
		free(set->v);
		set->v = bigger;
		set->cap = cap;
	}
	at = slot(set->v, set->cap, s);
	if (*at)
		return 1;
	if ((*at = strdup(s)) == NULL)
		abort();
	set->n++;
	return 0;
}

static void strset_free(struct strset *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++)
		free(set->v[i]);
	free(set->v);
}

/* opts.mesh_fn: the file SOURCE (a regular file the library checked)
 * copied to meshes/PATH, once; 0 or an errno value, which the library
 * reports at the <mesh> that brought it. */
static int on_mesh(void *arg, const char *source, const char *path)
{
	struct folder *f = arg;
	char *dst;
	int err;

	if (met_before(&f->paths, path))
		return 0;
	dst = xasprintf("%s/meshes/%s", f->tmp, path);
	err = mkdirs_under(f, f->tmp, dst + strlen(f->tmp) + 1) ? errno : copy_file(f, source, dst);
	free(dst);
	return err;
}

/* ---- the folder --------------------------------------------------------------- */

/* The library's writer (u2s_convert_buffer_to) into the descriptor ARG. */
static int write_fd(void *arg, const char *buf, size_t len)
{
	return write_all(*(int *)arg, buf, len);
}

static int write_text(struct folder *f, const char *path, const char *text)
{
	int fd = create_file(f, path, 0666), err;

	if (fd < 0)
		return errno;
	err = write_all(fd, text, strlen(text));
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

static char *xml_escape(const char *s)
{
	char *o = malloc(strlen(s) * 6 + 1), *p = o;

	if (!o)
		abort();
	for (; *s; s++)
		switch (*s) {
		case '&': p += sprintf(p, "&amp;"); break;
		case '<': p += sprintf(p, "&lt;"); break;
		case '>': p += sprintf(p, "&gt;"); break;
		case '\'': p += sprintf(p, "&apos;"); break;
		default: *p++ = *s;
		}
	*p = '\0';
	return o;
}

/* model.config: one <sdf> per version (up to 1.11, below), ascending.  Who reads it, and how
 * (read, not copied, from the sources):
 *   libsdformat, src/parser.cc getBestSupportedModelVersion (tags
 *     sdformat12_12.9.0, sdformat14_14.9.0, and main): of the <sdf>
 *     elements, the highest version not above the parser's SDF_VERSION;
 *     each higher one is noted ("Ignoring version ... newer than this sdf
 *     parser"), in 14 as a WARNING-coded entry of the errors it returns;
 *   gz-fuel-tools, src/LocalCache.cc LocalCachePrivate::FixPaths (main,
 *     9ec1081): the <sdf> with the highest version, whatever the order.
 * So every reader takes the newest file it can read; ascending order also
 * makes the last listed the newest, for readers that take the last.
 *
 * But only the versions up to MODEL_CONFIG_NEWEST are listed: from
 * libsdformat 13 on, each listed version newer than the reader's is an
 * entry of its error list (above), and gz-sim from Garden on refuses a
 * world whose load gave any entry (gz-sim src/ServerPrivate.cc,
 * LoadSdfRootHelper, EXIT_IMMEDIATELY by default).  So a folder listing 1.12 would not load in Harmonic
 * (libsdformat 14, SDFormat 1.11), the Gazebo of ROS 2 Jazzy.  Ionic and
 * Jetty read 1.11 (and u2s's 1.11 and 1.12 models differ only in that
 * attribute); libsdformat 12 (Fortress) only prints a warning.  Files of
 * newer versions are still written (model-1.12.sdf), for direct use. */
#define MODEL_CONFIG_NEWEST_MAJOR 1
#define MODEL_CONFIG_NEWEST_MINOR 11

/* Whether version text V ("MAJOR.MINOR") is listed in model.config. */
static int listed_in_config(const char *v)
{
	char *end;
	unsigned long major = strtoul(v, &end, 10), minor = *end == '.' ? strtoul(end + 1, NULL, 10) : 0;

	return major < MODEL_CONFIG_NEWEST_MAJOR ||
	       (major == MODEL_CONFIG_NEWEST_MAJOR && minor <= MODEL_CONFIG_NEWEST_MINOR);
}

static int write_config(struct folder *f, const char *name, const char *file)
{
	const char *const *v = u2s_sdf_versions();
	/* a file name may hold any byte: said only when XML can hold it */
	char *ename = xml_escape(name),
	     *efile = xml_escape(!file ? "standard input" : u2s_xml_text_ok(file) ? file :
				 "a file whose name is not UTF-8 text");
	char *text = xasprintf("<?xml version='1.0'?>\n%s\n<model>\n  <name>%s</name>\n"
			       "  <version>1</version>\n", MARKER, ename), *t;
	char *path;
	int err;

	for (; *v; v++) {
		if (!listed_in_config(*v))
			continue;
		t = xasprintf("%s  <sdf version='%s'>model-%s.sdf</sdf>\n", text, *v, *v);
		free(text);
		text = t;
	}
	t = xasprintf("%s  <author>\n    <name>u2s</name>\n  </author>\n  <description>%s, "
		      "converted from URDF by u2s %s</description>\n</model>\n", text, efile,
		      u2s_version());
	free(text);
	path = xasprintf("%s/model.config", f->tmp);
	err = write_text(f, path, t);
	free(path);
	free(t);
	free(ename);
	free(efile);
	return err;
}

/* Whether DIR is a folder u2s wrote (its model.config starts so). */
static int ours(const char *dir)
{
	char *path = xasprintf("%s/model.config", dir), *text;
	size_t len;
	int yes;

	text = read_all(path, &len);
	yes = text && (strstr(text, MARKER) != NULL || strstr(text, MARKER_0_3) != NULL);
	free(text);
	free(path);
	return yes;
}

/* A diagnostic of one of the conversions, passed on to the caller's
 * printer unless the very same (code, place, severity and text) was:
 * each version's conversion says the same things, and those only a
 * later version says are said too.  Two messages that differ only in
 * their text are two messages. */
static void record_once(void *arg, const struct u2s_diagnostic *d)
{
	struct folder *f = arg;
	char *key = xasprintf("%s:%lu:%lu:%d:%s", d->code ? d->code : "", d->line, d->column,
			      (int)d->severity, d->message ? d->message : "");

	if (!met_before(&f->said, key) && f->record)
		f->record(f->record_arg, d);
	free(key);
}

/* opts.stats_fn: where the library placed the model (U2S_PLACE, the
 * first version's conversion), then the caller's statistics. */
static void on_stats(void *arg, const struct u2s_stats *st)
{
	struct folder *f = arg;

	if (st->placed) {
		f->placed = 1;
		f->place_z = st->place_z;
	}
	if (f->stats)
		f->stats(f->stats_arg, st);
}

/* The library's bridge configuration, kept for bridge.yaml. */
static int hold_bridge(void *arg, const char *buf, size_t len)
{
	struct folder *f = arg;
	char *p = realloc(f->bridge, f->bridge_len + len + 1);

	if (!p)
		return ENOMEM;
	memcpy(p + f->bridge_len, buf, len);
	f->bridge_len += len;
	p[f->bridge_len] = '\0';
	f->bridge = p;
	return 0;
}

/* --migrate: the folder's bridge.yaml (the ros_gz_bridge configuration,
 * the same for every version); 0 or an errno value. */
static int write_bridge(struct folder *f)
{
	char *path;
	int err;

	if (!f->bridge)
		return 0;
	path = xasprintf("%s/bridge.yaml", f->tmp);
	err = write_text(f, path, f->bridge);
	free(path);
	return err;
}

/* The SDF in each version, into model-V.sdf; with WORLD, the first also
 * decides where world.sdf places the model (U2S_PLACE: the meshes are
 * measured once, not once per version). */
static int convert_versions(struct folder *f, const struct u2s_options *given, int world,
			    const char *buf, size_t len, const char *file, const char *name)
{
	struct u2s_options o = *given;
	const char *const *v;
	int rc = U2S_OK;

	o.flags &= ~(unsigned)(U2S_WORLD | U2S_NO_GROUND);
	if (world)   /* the model of world.sdf: its world systems go there */
		o.flags |= U2S_WORLD_INCLUDE;
	f->stats = given->stats_fn;
	f->stats_arg = given->stats_arg;
	o.stats_fn = on_stats;
	o.stats_arg = f;
	o.world_name = NULL;
	o.model_name = name;
	o.mesh_arg = f;
	o.diag_record_fn = record_once;
	o.diag_record_arg = f;
	for (v = u2s_sdf_versions(); *v && rc == U2S_OK; v++) {
		char *path = xasprintf("%s/model-%s.sdf", f->tmp, *v);
		int fd = create_file(f, path, 0666);
		if (fd < 0) {
			sayf(f, D_CLI_MODEL_CREATE, "cannot create %s: %s", path, strerror(errno));
			rc = U2S_IO;
		} else {
			o.sdf_version = *v;
			if (world && v == u2s_sdf_versions())
				o.flags |= U2S_PLACE;
			else
				o.flags &= ~(unsigned)U2S_PLACE;
			/* the files are copied (and what meshes name followed)
			 * once, in the first version: the others place them alike */
			o.mesh_fn = v == u2s_sdf_versions() ? on_mesh : NULL;
			/* --migrate: the bridge of the first version, for bridge.yaml */
			o.bridge_fn = (o.flags & U2S_MIGRATE) && v == u2s_sdf_versions() ?
				      hold_bridge : NULL;
			o.bridge_arg = f;
			rc = u2s_convert_buffer_to(buf, len, file ? file : "<stdin>", write_fd, &fd, &o);
			if (close(fd) != 0 && rc == U2S_OK) {   /* a disk that fills only now */
				sayf(f, D_CLI_MODEL_CLOSE, "cannot write %s: %s", path, strerror(errno));
				rc = U2S_IO;
			}
		}
		free(path);
	}
	return rc;
}

/* world.sdf: the world --world writes (the library's one writer: its
 * systems with the parameters of the model's world-system plugins, NavSat's
 * spherical coordinates, sun, ground), the model included as
 * model://NAME (U2S_WORLD_INCLUDE), in the oldest version u2s writes
 * (every gz-sim reads it), named as --world names the world (NAME by
 * default), at --pose or where the first version's conversion placed the
 * model on the ground (the meshes are measured once).  Its messages are
 * those of the model's conversions (each said once). */
static int convert_world(struct folder *f, const struct u2s_options *given, const char *buf,
			 size_t len, const char *file, const char *name)
{
	struct u2s_options o = *given;
	char *path = xasprintf("%s/world.sdf", f->tmp);
	int fd = create_file(f, path, 0666), rc = U2S_OK, i;

	if (fd < 0) {
		sayf(f, D_CLI_WORLD_CREATE, "cannot create %s: %s", path, strerror(errno));
		free(path);
		return U2S_IO;
	}
	o.flags = (given->flags | U2S_WORLD_INCLUDE) & ~(unsigned)U2S_PLACE;
	if (f->placed && !(given->flags & U2S_POSE)) {
		o.flags |= U2S_POSE;
		for (i = 0; i < 6; i++)
			o.pose[i] = i == 2 ? f->place_z : 0;
	}
	o.sdf_version = u2s_sdf_versions()[0];
	o.model_name = name;
	o.mesh_fn = NULL;    /* the meshes were copied by the model's conversions */
	o.stats_fn = NULL;   /* the caller's statistics are the model's */
	o.bridge_fn = NULL;
	o.diag_record_fn = record_once;
	o.diag_record_arg = f;
	rc = u2s_convert_buffer_to(buf, len, file ? file : "<stdin>", write_fd, &fd, &o);
	if (close(fd) != 0 && rc == U2S_OK) {
		sayf(f, D_CLI_WORLD_CLOSE, "cannot write %s: %s", path, strerror(errno));
		rc = U2S_IO;
	}
	free(path);
	return rc;
}

/* Renames the built folder TMP to DIR, over a folder u2s made. */
static int put_in_place(struct folder *f, const char *tmp, const char *dir, const char *old)
{
	struct stat st;
	int replacing = lstat(dir, &st) == 0;

	/* a folder replaced keeps the mode it was given */
	if (replacing && S_ISDIR(st.st_mode))
		chmod(tmp, st.st_mode & 07777);
	if (replacing && rename(dir, old) != 0) {
		sayf(f, D_CLI_MODEL_ASIDE, "cannot move %s aside: %s", dir, strerror(errno));
		return U2S_IO;
	}
	if (rename(tmp, dir) != 0) {
		sayf(f, D_CLI_MODEL_RENAME, "cannot rename %s to %s: %s", tmp, dir, strerror(errno));
		if (replacing)
			rename(old, dir);
		return U2S_IO;
	}
	if (replacing)
		remove_tree(old);
	return U2S_OK;
}

/* Where the folder DIR goes: CLEAN is DIR without a final '/', NAME its
 * last part, PARENT the folder holding it, TMP the hidden folder built
 * beside it and OLD the name an earlier DIR is moved aside to. */
struct place {
	char *clean, *name, *parent, *tmp, *old;
};

static void place_of(struct place *p, const char *dir)
{
	size_t dlen = strlen(dir);
	const char *base;

	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	p->clean = strndup(dir, dlen);
	base = strrchr(p->clean, '/');
	p->name = strdup(base ? base + 1 : p->clean);
	p->parent = base ? strndup(p->clean, (size_t)(base - p->clean) + (base == p->clean))
			 : strdup(".");
	if (!p->clean || !p->name || !p->parent)
		abort();   /* out of memory, for a path */
	/* not named after NAME: any NAME the file system takes leaves room */
	p->tmp = xasprintf("%s/.u2s-XXXXXX", p->parent);
	p->old = NULL;
}

static void place_free(struct place *p)
{
	free(p->clean);
	free(p->name);
	free(p->parent);
	free(p->tmp);
	free(p->old);
}

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
static int make_parents(const char *dir)
{
	char *path = xasprintf("%s", dir), *s;
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

static int make_temp_failed(struct folder *f, const struct place *p)
{
	sayf(f, D_CLI_MODEL_MKDIR, "cannot create a folder in %s: %s", p->parent, strerror(errno));
	return U2S_IO;
}

/* TMP made, recorded with the fatal signals blocked: a signal lands
 * before the folder exists or once it is recorded, never between. */
static int make_temp(struct folder *f, struct place *p)
{
	sigset_t old;
	int made;
	struct stat st;

	if (stat(p->parent, &st) != 0 && errno == ENOENT && make_parents(p->parent) != 0)
		return make_temp_failed(f, p);
	undo_block(&old);
	made = make_unique_dir(p->tmp) == 0;
	if (made)
		record(f, p->tmp, 1);
	undo_unblock(&old);
	if (!made) {
		errno = errno ? errno : EEXIST;
		return make_temp_failed(f, p);
	}
	f->tmp = p->tmp;
	p->old = xasprintf("%s-old", p->tmp);   /* unique, as TMP is */
	return U2S_OK;
}

/* The longest name a file in DIR may have. */
static size_t name_max(const char *dir)
{
	long n = pathconf(dir, _PC_NAME_MAX);

	return n > 0 ? (size_t)n : NAME_MAX;
}

/* Everything of the folder, in TMP. */
static int build(struct folder *f, const struct modeldir_run *run, const char *buf, size_t len,
		 const char *file, const char *name)
{
	int rc = convert_versions(f, run->opts, run->world, buf, len, file, name), err = 0;

	if (rc == U2S_OK && ((err = write_config(f, name, file)) != 0 ||
			     (err = write_bridge(f)) != 0)) {
		sayf(f, D_CLI_MODEL_WRITE, "cannot write in %s: %s", f->tmp, strerror(err));
		rc = U2S_IO;
	}
	if (rc == U2S_OK && run->world)
		rc = convert_world(f, run->opts, buf, len, file, name);
	return rc;
}

/* The folder renamed into place when RC is U2S_OK, else removed; either
 * way, with the fatal signals blocked, and nothing left for them to
 * remove.  Returns the status. */
static int finish(struct folder *f, const struct place *p, int rc)
{
	sigset_t old;

	undo_block(&old);
	if (rc == U2S_OK)
		rc = put_in_place(f, p->tmp, p->clean, p->old);
	if (rc != U2S_OK && f->tmp)
		remove_tree(f->tmp);
	undo_forget(f->undo);
	undo_unblock(&old);
	return rc;
}

int modeldir_make(const struct modeldir_run *run, int in_fd, const char *file, const char *dir)
{
	struct folder f = { .undo = run->undo, .record = run->opts->diag_record_fn,
			    .record_arg = run->opts->diag_record_arg, .say = run->say,
			    .say_arg = run->say_arg };
	struct place p;
	size_t len = 0;
	char *buf = NULL;
	struct stat st;
	int rc = U2S_OK;

	place_of(&p, dir);
	if (strlen(p.name) > name_max(p.parent)) {
		errno = ENAMETOOLONG;
		sayf(&f, D_CLI_MODEL_NAME_LONG, "--model-dir: the folder name '%.40s...' has %zu "
		     "bytes, more than the %zu a name of %s may have: not made", p.name,
		     strlen(p.name), name_max(p.parent), p.parent);
		rc = U2S_IO;
	} else if (lstat(p.clean, &st) == 0 && !(S_ISDIR(st.st_mode) && ours(p.clean))) {
		sayf(&f, D_CLI_MODEL_DIR_TAKEN, "--model-dir: %s exists and is not a model folder "
		     "u2s made: not replaced", p.clean);
		rc = U2S_IO;
	}
	if (rc == U2S_OK && (buf = read_fd(in_fd, &len)) == NULL) {
		sayf(&f, D_CLI_MODEL_READ, "cannot read %s: %s", file ? file : "standard input",
		     strerror(errno));
		rc = U2S_IO;
	}
	if (rc == U2S_OK)
		rc = make_temp(&f, &p);
	if (rc == U2S_OK)
		rc = build(&f, run, buf, len, file, p.name);
	rc = finish(&f, &p, rc);
	free(f.bridge);
	strset_free(&f.paths);
	strset_free(&f.said);
	strset_free(&f.dirs);
	free(buf);
	place_free(&p);
	return rc;
}
