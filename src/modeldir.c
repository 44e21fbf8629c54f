/* modeldir: --model-dir DIR, the folder's contents (modeldir.h); the
 * folder itself is built by atomic_dir.c. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE   /* getloadavg */

#include "modeldir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_dir.h"
#include "cli_codes.h"
#include "convert_ahead.h"
#include "strset.h"

/* model.config's first lines: what marks a folder u2s may replace.  A
 * comment may not hold "--" (XML 1.0, 2.5): strict parsers refuse the
 * marker of u2s 0.3 and 0.4, which is still recognised, never written. */
static const char MARKER[] = "<!-- u2s model folder: u2s replaces it (option model-dir) -->";
static const char MARKER_0_3[] = "<!-- u2s model folder: u2s --model-dir replaces it -->";

/* One folder being filled. */
struct folder {
	struct atomic_dir dir;        /* the folder being built, beside DIR */
	struct strset paths;          /* under meshes/, copied so far */
	struct strset said;           /* the diagnostics printed, by code and place */
	u2s_diag_record_fn *record;   /* the caller's, which prints them */
	void *record_arg;
	/* While the meshes' bytes are copied on a second thread (copier.h),
	 * the diagnostics are held: a copy that fails there makes the folder
	 * again with every copy made at once, so that the failure is said
	 * where and when it is without the thread, and nothing of the first
	 * attempt is said. */
	int holding;
	int threads;                  /* this attempt runs the other threads */
	struct held_msg *held, **held_end;
	struct ahead *ahead;          /* the versions after the first, converted
				       * on a second thread (convert_ahead.h) */
	modeldir_oom_fn *oom;         /* the run's (the CLI's, cli_oom.c) */
	void *oom_arg;
	u2s_stats_fn *stats;          /* the caller's statistics */
	void *stats_arg;
	char *bridge;                 /* --migrate: bridge.yaml, as the first version gave it */
	size_t bridge_len;
	int placed;                   /* world.sdf: the library's placement on the */
	double place_z;               /* ground (U2S_PLACE), decided once */
};

/* The URDF, read once, and its name (NULL: standard input). */
struct input {
	const char *buf;
	size_t len;
	const char *file;
};

static void sayf(struct folder *f, unsigned code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void sayf(struct folder *f, unsigned code, const char *fmt, ...)
{
	char text[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	f->dir.say(f->dir.say_arg, code, text);
}

/* Whether S is in SET; if not, it is now (out of memory: the CLI's
 * answer, which does not return). */
static int met_before(struct folder *f, struct strset *set, const char *s)
{
	int met = strset_met_before(set, s);

	if (met < 0)
		f->dir.oom(f->dir.oom_arg);
	return met;
}

/* ---- messages held ---------------------------------------------------------- */

/* D kept, to be printed once the copies are known whole. */
static void hold(struct folder *f, const struct u2s_diagnostic *d)
{
	struct held_msg *h = held_msg_copy(d);

	if (!h)
		f->dir.oom(f->dir.oom_arg);   /* does not return */
	*f->held_end = h;
	f->held_end = &h->next;
}

/* The messages held, printed (PRINT) or not, and forgotten. */
static void release(struct folder *f, int print)
{
	struct held_msg *h, *next;

	for (h = f->held; h; h = next) {
		next = h->next;
		if (print && f->record)
			f->record(f->record_arg, &h->d);
		free(h);
	}
	f->held = NULL;
	f->held_end = &f->held;
	f->holding = 0;
}

/* The copies waited for: the messages held printed, and 0; or, when a
 * copy failed, forgotten, and 1 (the folder is made again). */
static int settle(struct folder *f)
{
	if (!f->holding)
		return 0;
	if (atomic_dir_copies_wait(&f->dir) != 0) {
		release(f, 0);
		return 1;
	}
	release(f, 1);
	return 0;
}

/* Out of memory: the conversions ahead waited for (no thread runs the
 * library while the CLI exits), what was held said before the CLI's
 * answer. */
static void folder_oom(void *arg)
{
	struct folder *f = arg;

	ahead_free(f->ahead);
	f->ahead = NULL;
	release(f, 1);
	f->oom(f->oom_arg);
}

/* ---- reading ---------------------------------------------------------------- */

/* All of FD, '\0'-terminated, in *LEN bytes; NULL (errno set) when it
 * cannot be read (out of memory: F's OOM, which does not return). */
static char *read_fd(struct folder *f, int fd, size_t *len)
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
			if (!bigger)
				f->dir.oom(f->dir.oom_arg);
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

static char *read_all(struct folder *f, const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY), err;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = read_fd(f, fd, len);
	err = errno;
	close(fd);
	errno = err;
	return buf;
}

/* opts.mesh_fn: the file SOURCE (a regular file the library checked)
 * copied to meshes/PATH, once; 0 or an errno value, which the library
 * reports at the <mesh> that brought it. */
static int on_mesh(void *arg, const char *source, const char *path)
{
	struct folder *f = arg;
	char *rel;
	int err;

	if (met_before(f, &f->paths, path))
		return 0;
	rel = atomic_dir_asprintf(&f->dir, "meshes/%s", path);
	err = atomic_dir_copy(&f->dir, source, rel);
	free(rel);
	return err;
}

/* ---- what the folder holds ------------------------------------------------------ */

/* The library's writer (u2s_convert_buffer_to) into the descriptor ARG. */
static int write_fd(void *arg, const char *buf, size_t len)
{
	return atomic_dir_write_all(*(int *)arg, buf, len);
}

static char *xml_escape(struct folder *f, const char *s)
{
	char *o = malloc(strlen(s) * 6 + 1), *p = o;

	if (!o)
		f->dir.oom(f->dir.oom_arg);   /* does not return */
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
	char *ename = xml_escape(f, name),
	     *efile = xml_escape(f, !file ? "standard input" : u2s_xml_text_ok(file) ? file :
				 "a file whose name is not UTF-8 text");
	char *text = atomic_dir_asprintf(&f->dir, "<?xml version='1.0'?>\n%s\n<model>\n  <name>%s</name>\n"
			       "  <version>1</version>\n", MARKER, ename), *t;
	int err;

	for (; *v; v++) {
		if (!listed_in_config(*v))
			continue;
		t = atomic_dir_asprintf(&f->dir, "%s  <sdf version='%s'>model-%s.sdf</sdf>\n", text, *v, *v);
		free(text);
		text = t;
	}
	t = atomic_dir_asprintf(&f->dir, "%s  <author>\n    <name>u2s</name>\n  </author>\n  <description>%s, "
		      "converted from URDF by u2s %s</description>\n</model>\n", text, efile,
		      u2s_version());
	free(text);
	err = atomic_dir_write(&f->dir, "model.config", t);
	free(t);
	free(ename);
	free(efile);
	return err;
}

/* Whether DIR is a folder u2s wrote (its model.config starts so). */
static int ours(struct folder *f, const char *dir)
{
	char *path = atomic_dir_asprintf(&f->dir, "%s/model.config", dir), *text;
	size_t len;
	int yes;

	text = read_all(f, path, &len);
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
	char *key = atomic_dir_asprintf(&f->dir, "%s:%lu:%lu:%d:%s", d->code ? d->code : "", d->line, d->column,
			      (int)d->severity, d->message ? d->message : "");

	if (!met_before(f, &f->said, key) && f->record) {
		if (f->holding)
			hold(f, d);
		else
			f->record(f->record_arg, d);
	}
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

	if (!p)   /* as main.c's holder for --bridge-config */
		f->dir.oom(f->dir.oom_arg);
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
	if (!f->bridge)
		return 0;
	return atomic_dir_write(&f->dir, "bridge.yaml", f->bridge);
}

/* The flags that apply with U2S_WORLD only (options.def's REQUIRES, such
 * as --no-ground), which the model's own conversions drop with it: read
 * from the table, so that a new one cannot make every --model-dir
 * --world run a usage error. */
static unsigned world_only_flags(void)
{
	static const struct { unsigned flag, requires; } rows[] = {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) \
		{ FLAG, REQUIRES },
#include "options.def"
#undef OPTION
	};
	unsigned all = 0;
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].requires & U2S_WORLD)
			all |= rows[i].flag;
	return all;
}

/* What convert_versions returns when a copy failed on the copier thread:
 * the folder is made again (not a u2s_status). */
#define AGAIN (-1)

/* A failure of model-V.sdf (CODE, "cannot create" or "cannot write" at
 * DOING, errno ERR), said once the copies are known whole: U2S_IO, or
 * AGAIN when one failed (nothing said). */
static int sdf_failed(struct folder *f, unsigned code, const char *doing, const char *rel, int err)
{
	if (settle(f))
		return AGAIN;
	sayf(f, code, "cannot %s %s/%s: %s", doing, f->dir.tmp, rel, strerror(err));
	return U2S_IO;
}

/* The conversion of a version made ahead (R), as if it ran now: its SDF
 * written to FD, then its messages and statistics passed on.  Its status,
 * or -1 when it must run again (not held whole, out of memory with two
 * conversions at once, or the SDF not written: the library then says
 * why, as without the thread), FD emptied. */
static int take_ahead(struct folder *f, const struct ahead_result *r, int fd)
{
	const struct held_msg *h;

	if (r->lost || r->status == U2S_IO)   /* out of memory, two conversions at once */
		return -1;
	if (atomic_dir_write_all(fd, r->sdf, r->len) != 0) {
		(void)(ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0);
		return -1;
	}
	for (h = r->msgs; h; h = h->next)
		record_once(f, &h->d);
	if (r->have_stats)
		on_stats(f, &r->stats);
	return r->status;
}

/* Version V's SDF into model-V.sdf with the options O; the FIRST version
 * also copies the files (and follows what meshes name: the others place
 * them alike), gives bridge.yaml (--migrate) and, with WORLD, places the
 * model.  AHEAD: the version's conversion made ahead, or NULL.  A
 * u2s_status, or AGAIN. */
static int convert_version(struct folder *f, struct u2s_options *o, const char *v, int first,
			   int world, const struct input *in, const struct ahead_result *ahead)
{
	char *rel = atomic_dir_asprintf(&f->dir, "model-%s.sdf", v);
	int fd = atomic_dir_create(&f->dir, rel, 0666), rc = -1;

	if (fd < 0) {
		rc = sdf_failed(f, D_CLI_MODEL_CREATE, "create", rel, errno);
		free(rel);
		return rc;
	}
	o->sdf_version = v;
	if (world && first)
		o->flags |= U2S_PLACE;
	else
		o->flags &= ~(unsigned)U2S_PLACE;
	o->mesh_fn = first ? on_mesh : NULL;
	o->bridge_fn = (o->flags & U2S_MIGRATE) && first ? hold_bridge : NULL;
	o->bridge_arg = f;
	if (ahead)
		rc = take_ahead(f, ahead, fd);
	if (rc < 0)
		rc = u2s_convert_buffer_to(in->buf, in->len, in->file ? in->file : "<stdin>",
					   write_fd, &fd, o);
	if (close(fd) != 0 && rc == U2S_OK)   /* a disk that fills only now */
		rc = sdf_failed(f, D_CLI_MODEL_CLOSE, "write", rel, errno);
	free(rel);
	/* the library's own I/O failure (a copy, out of memory) with nothing
	 * said yet: on one thread, it may not fail, or fail as it says */
	return rc == U2S_IO && f->threads && f->holding ? AGAIN : rc;
}

/* The options of the folder's SDFs, from the caller's GIVEN. */
static struct u2s_options sdf_options(struct folder *f, const struct u2s_options *given, int world,
				      const char *name)
{
	struct u2s_options o = *given;

	o.flags &= ~(U2S_WORLD | world_only_flags());
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
	return o;
}

/* The SDF in each version, into model-V.sdf; with WORLD, the first also
 * decides where world.sdf places the model (U2S_PLACE: the meshes are
 * measured once, not once per version).  With a second thread, the
 * versions after the first are converted meanwhile (convert_ahead.h),
 * and the copies' bytes are moving: they are waited for at the end, or
 * before a failure is said.  A u2s_status, or AGAIN. */
static int convert_versions(struct folder *f, const struct u2s_options *given, int world,
			    const struct input *in, const char *name)
{
	struct u2s_options o = sdf_options(f, given, world, name);
	const char *const *v = u2s_sdf_versions();
	int rc = U2S_OK;
	size_t i;

	if (f->threads && v[0])
		f->ahead = ahead_start(&o, in->buf, in->len, in->file ? in->file : "<stdin>", v + 1);
	for (i = 0; v[i] && rc == U2S_OK; i++)
		rc = convert_version(f, &o, v[i], i == 0, world, in,
				     i && f->ahead ? ahead_take(f->ahead, i - 1) : NULL);
	ahead_free(f->ahead);
	f->ahead = NULL;
	if (rc != AGAIN && settle(f))
		rc = AGAIN;
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
static int convert_world(struct folder *f, const struct u2s_options *given,
			 const struct input *in, const char *name)
{
	struct u2s_options o = *given;
	int fd = atomic_dir_create(&f->dir, "world.sdf", 0666), rc = U2S_OK, i;

	if (fd < 0) {
		sayf(f, D_CLI_WORLD_CREATE, "cannot create %s/world.sdf: %s", f->dir.tmp,
		     strerror(errno));
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
	rc = u2s_convert_buffer_to(in->buf, in->len, in->file ? in->file : "<stdin>", write_fd, &fd,
				   &o);
	if (close(fd) != 0 && rc == U2S_OK) {
		sayf(f, D_CLI_WORLD_CLOSE, "cannot write %s/world.sdf: %s", f->dir.tmp,
		     strerror(errno));
		rc = U2S_IO;
	}
	return rc;
}
/* Everything of the folder, in the hidden folder: a u2s_status, or AGAIN. */
static int build(struct folder *f, const struct modeldir_run *run, const struct input *in)
{
	const char *name = f->dir.name;
	int rc = convert_versions(f, run->opts, run->world, in, name), err = 0;

	if (rc == U2S_OK && ((err = write_config(f, name, in->file)) != 0 ||
			     (err = write_bridge(f)) != 0))
		rc = atomic_dir_write_failed(&f->dir, err);
	if (rc == U2S_OK && run->world)
		rc = convert_world(f, run->opts, in, name);
	return rc;
}

/* A copy failed on the copier thread, or a conversion with an I/O
 * failure of the library's (out of memory with two at once, a copy):
 * what was made is removed, nothing said, and the folder made again in a
 * new hidden folder (DIR's) on one thread, every copy made at once, so
 * that a failure is said as, where and when it is without the threads
 * (the library's message at the <mesh>, the conversion going on without
 * copying more). */
static int build_again(struct folder *f, const struct modeldir_run *run, const struct input *in,
		       const char *dir)
{
	int rc;

	release(f, 0);
	atomic_dir_finish(&f->dir, U2S_IO);
	strset_free(&f->paths);
	strset_free(&f->said);   /* nothing was said: every message was held */
	free(f->bridge);
	f->bridge = NULL;
	f->bridge_len = 0;
	f->placed = 0;
	f->dir.copy_later = f->threads = 0;
	rc = atomic_dir_init(&f->dir, dir);
	if (rc == U2S_OK)
		rc = atomic_dir_begin(&f->dir);
	if (rc == U2S_OK)
		rc = build(f, run, in);
	return rc;
}

/* DIR's parent, DIR not taken by another's folder, the input read. */
static int can_begin(struct folder *f, int in_fd, struct input *in, char **buf)
{
	struct stat st;

	if (lstat(f->dir.path, &st) == 0 && !(S_ISDIR(st.st_mode) && ours(f, f->dir.path))) {
		sayf(f, D_CLI_MODEL_DIR_TAKEN, "--model-dir: %s exists and is not a model folder "
		     "u2s made: not replaced", f->dir.path);
		return U2S_IO;
	}
	if ((*buf = read_fd(f, in_fd, &in->len)) == NULL) {
		sayf(f, D_CLI_MODEL_READ, "cannot read %s: %s", in->file ? in->file : "standard input",
		     strerror(errno));
		return U2S_IO;
	}
	in->buf = *buf;
	return U2S_OK;
}

/* Whether a processor is free for the other threads: the load of the
 * last minute at least one below the processors online.  On a busy
 * machine they cost more than they give: each waits its turn, and their
 * creation, wake-ups and the TLB shootdowns of every munmap take system
 * time (spot_arm with a load of 3.3 on 2 cores: 9.95 ms of CPU against
 * 9.19 on one thread, and a slower median). */
static int processor_free(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	double load;

	return n > 1 && getloadavg(&load, 1) == 1 && load <= (double)n - 1;
}

/* Whether the other threads run: not under U2S_THREADS=1, nor on a busy
 * machine (unless U2S_THREADS=2), nor under a limit of the address space
 * or data (ulimit -v, -d) below 1 GiB, where a thread's stack and malloc
 * arena (64 MiB reserved) could make u2s run out of memory where one
 * thread did not. */
static int threads_allowed(const struct modeldir_run *run)
{
	static const int limits[] = { RLIMIT_AS, RLIMIT_DATA };
	struct rlimit lim;
	size_t i;

	if ((run->opts->flags & U2S_SINGLE_THREAD) || (!run->threads_always && !processor_free()))
		return 0;
	for (i = 0; i < sizeof limits / sizeof limits[0]; i++)
		if (getrlimit(limits[i], &lim) != 0 ||
		    (lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < (rlim_t)1 << 30))
			return 0;
	return 1;
}

int modeldir_make(const struct modeldir_run *run, int in_fd, const char *file, const char *dir)
{
	int later = threads_allowed(run);
	struct folder f = { .dir = { .undo = run->undo, .say = run->say, .say_arg = run->say_arg,
				     .oom = folder_oom, .copy_later = later },
			    .record = run->opts->diag_record_fn,
			    .record_arg = run->opts->diag_record_arg,
			    .holding = later, .threads = later, .oom = run->oom,
			    .oom_arg = run->oom_arg };
	struct input in = { NULL, 0, file };
	char *buf = NULL;
	int rc;

	f.dir.oom_arg = &f;
	f.held_end = &f.held;
	rc = atomic_dir_init(&f.dir, dir);
	if (rc == U2S_OK)
		rc = can_begin(&f, in_fd, &in, &buf);
	if (rc == U2S_OK)
		rc = atomic_dir_begin(&f.dir);
	if (rc == U2S_OK)
		rc = build(&f, run, &in);
	if (rc == AGAIN)
		rc = build_again(&f, run, &in, dir);
	rc = atomic_dir_finish(&f.dir, rc);
	release(&f, 1);   /* (nothing is held by now) */
	free(f.bridge);
	strset_free(&f.paths);
	strset_free(&f.said);
	free(buf);
	return rc;
}
