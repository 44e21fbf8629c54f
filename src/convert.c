/* convert: one conversion, bytes in to bytes out, in one talloc context;
 * the public options read into the modules' struct options, and the
 * caller's callbacks called in the caller's locale. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bounds.h"
#include "bridge.h"
#include "diag.h"
#include "migrate.h"
#include "num.h"
#include "options.h"
#include "out.h"
#include "read.h"
#include "resolve.h"
#include "target.h"
#include "u2s.h"
#include "uri.h"
#include "world.h"
#include "write.h"
#include "write_urdf.h"

#define OUT_BUFSZ (1024 * 1024)

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Model-level blobs of <gazebo> blocks are written as they are: they count
 * when they are links, joints or frames. */
static void count_blobs(const struct robot *rb, struct u2s_stats *st)
{
	const struct ext_ref *r;
	unsigned i;

	for (r = rb->model_exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++) {
			const char *name = r->ext->blobs.v[i]->name;
			st->links_out += strcmp(name, "link") == 0;
			st->joints_out += strcmp(name, "joint") == 0;
			st->frames_out += strcmp(name, "frame") == 0;
		}
}

/* What write_sdf() writes, counted from the fates resolve() gave the links
 * and joints: a link or joint written is one element, one merged or kept
 * as a frame one <frame>. */
static void count_stats(const struct robot *rb, struct u2s_stats *st)
{
	const struct joint *j;
	unsigned i;

	st->links_in = rb->nlinks;
	st->joints_in = rb->njoints;
	st->read_in_halves = rb->read_in_halves;
	for (i = 0; i < rb->norder; i++) {
		enum link_fate f = rb->order[i]->fate;
		st->links_out += f == LINK_WRITTEN;
		st->merged += f == LINK_LUMPED;
		st->frames_out += f == LINK_LUMPED || f == LINK_FRAME;
	}
	for (j = rb->joints; j; j = j->next) {
		st->joints_out += j->fate == JOINT_WRITTEN;
		st->frames_out += j->fate == JOINT_LUMPED || j->fate == JOINT_AS_FRAME;
	}
	count_blobs(rb, st);
	if (rb->plan && rb->plan->placed) {
		st->placed = 1;
		st->place_z = rb->plan->place_z;
	}
}

/* Where a conversion reads and writes: descriptors, or memory and a
 * caller's writer. */
struct io {
	int in_fd;
	const char *in_buf;         /* not NULL: the input is these IN_LEN bytes */
	size_t in_len;
	int out_fd;
	u2s_write_fn *write_fn;     /* not NULL: the SDF goes through it */
	void *write_arg;
	int no_result;              /* u2s_convert_buffer given no place for it */
	size_t null_len;            /* not 0: a NULL buffer given this length, not read */
};

static int out_of_memory(struct diag *d)
{
	/* The jump left the reader's frame, if memory ran out while reading:
	 * the path it gave the messages is gone with it. */
	d->path_fn = NULL;
	d->path_arg = NULL;
	diag_error(d, D_OUT_OF_MEMORY, 0, 0, "out of memory");
	return U2S_IO;
}

/* The bridge configuration of a migrated robot, through the caller's
 * writer, in BUF (the SDF's buffer, flushed). */
static int write_bridge(const struct robot *rb, const struct options *opts, char *buf,
			struct diag *d)
{
	struct out o;

	out_init_sink(&o, opts->bridge_fn, opts->bridge_arg, buf, OUT_BUFSZ);
	bridge_write(&rb->migration->bridge, d->file, &o);
	if (out_flush(&o) != 0) {
		if (o.err == ENOMEM)
			return out_of_memory(d);
		diag_error(d, D_BRIDGE_WRITE_FAILED, 0, 0, "cannot write the bridge configuration: "
			   "%s", strerror(o.err));
		return U2S_IO;
	}
	return U2S_OK;
}

static int write_output(TALLOC_CTX *ctx, const struct robot *rb, const struct options *opts,
			const struct sdf_target *target, const struct io *io, struct diag *d)
{
	char *buf = must(rb->oom, talloc_size(ctx, OUT_BUFSZ));
	struct out o;

	if (io->write_fn)
		out_init_sink(&o, io->write_fn, io->write_arg, buf, OUT_BUFSZ);
	else
		out_init(&o, io->out_fd, buf, OUT_BUFSZ);
	if ((opts->flags & U2S_OUTPUT_URDF))
		write_urdf(rb, target, &o);
	else
		write_sdf(ctx, rb, opts, target, &o);
	if (out_flush(&o) != 0) {
		if (o.err == ENOMEM)
			return out_of_memory(d);
		diag_error(d, D_WRITE_FAILED, 0, 0, "cannot write the %s output: %s",
			   (opts->flags & U2S_OUTPUT_URDF) ? "URDF" : "SDF", strerror(o.err));
		return U2S_IO;
	}
	return opts->bridge_fn ? write_bridge(rb, opts, buf, d) : U2S_OK;
}

/* The stages, with every allocation under CTX; out of memory jumps to
 * JUMP.  Returns the status; *RB is the robot read, for the statistics. */
static int run(TALLOC_CTX *ctx, oom_jump *jump, const struct io *io,
	       const struct options *opts, struct diag *d, struct robot **rb)
{
	const struct sdf_target *target = opts->sdf_version ? target_find(opts->sdf_version)
							    : target_default();
	int rc;

	if (!target) {
		char known[TARGET_LIST_SIZE];
		diag_error(d, D_SDF_VERSION_UNKNOWN, 0, 0, "SDFormat version '%s' is not one u2s "
			   "writes (%s)", opts->sdf_version, target_list(known, ", "));
		return U2S_USAGE;
	}
	if (io->in_buf)
		rc = read_urdf_mem(ctx, jump, io->in_buf, io->in_len, opts, d, rb);
	else
		rc = read_urdf(ctx, jump, io->in_fd, opts, d, rb);
	if (rc == U2S_OK)
		rc = resolve(*rb, d, opts, target);
	if (rc == U2S_OK)
		world_plan(*rb, d, opts, target);   /* what gz-sim needs: decided once */
	if (rc == U2S_OK && ((opts->flags & U2S_WORLD) || (opts->flags & U2S_PLACE)))
		bounds_place(*rb, d, opts);   /* where it stands on the ground: decided once */
	/* The URDF written keeps its URIs as they are. */
	if (rc == U2S_OK && !(opts->flags & U2S_OUTPUT_URDF))
		rc = uri_rewrite(*rb, d, opts);
	if (rc == U2S_OK && (opts->flags & U2S_OUTPUT_URDF))
		rc = urdf_check(*rb, d, opts, target);
	if (rc == U2S_OK && (opts->flags & U2S_CHECK))
		world_check_meshes(*rb, d, opts, target);
	if (rc == U2S_OK && d->errors)
		rc = U2S_REJECTED;   /* --werror */
	if (rc == U2S_OK && !(opts->flags & U2S_CHECK))
		rc = write_output(ctx, *rb, opts, target, io, d);
	return rc;
}

/* run(), unless memory runs out somewhere below: then the message, and
 * U2S_IO.  Whatever was allocated is under CTX, which the caller frees. */
static int run_guarded(TALLOC_CTX *ctx, const struct io *io, const struct options *opts,
		       struct diag *given, struct robot **rb)
{
	struct diag *volatile d = given;   /* as it was, after a longjmp */
	oom_jump jump;

	if (setjmp(jump) != 0)
		return out_of_memory(d);
	return run(ctx, &jump, io, opts, d, rb);
}

const char *u2s_version(void)
{
	return PACKAGE_VERSION;
}

const char *const *u2s_sdf_versions(void)
{
	return target_versions();
}

int u2s_sdf_version_known(const char *version)
{
	return version && target_find(version) != NULL;
}

/* ---- the caller's callbacks, in the caller's locale ---------------------- */

/* The conversion runs in a locale of its own (num_locale_enter); each of
 * the caller's callbacks is called through one of these, back in the
 * locale the caller had. */
struct callers {
	locale_t locale;            /* the caller's; (locale_t)0: not switched */
	u2s_diag_fn *diag_fn;
	void *diag_arg;
	u2s_diag_record_fn *record_fn;
	void *record_arg;
	u2s_write_fn *write_fn;
	void *write_arg;
	u2s_mesh_fn *mesh_fn;
	void *mesh_arg;
	u2s_write_fn *bridge_fn;
	void *bridge_arg;
};

static locale_t to_caller(const struct callers *c)
{
	return c->locale ? uselocale(c->locale) : (locale_t)0;
}

static void from_caller(locale_t ours)
{
	if (ours)
		uselocale(ours);
}

static void diag_in_caller(void *arg, enum u2s_severity sev, const char *line)
{
	const struct callers *c = arg;
	locale_t ours = to_caller(c);

	c->diag_fn(c->diag_arg, sev, line);
	from_caller(ours);
}

static void record_in_caller(void *arg, const struct u2s_diagnostic *dg)
{
	const struct callers *c = arg;
	locale_t ours = to_caller(c);

	c->record_fn(c->record_arg, dg);
	from_caller(ours);
}

static int write_in_caller(void *arg, const char *buf, size_t len)
{
	const struct callers *c = arg;
	locale_t ours = to_caller(c);
	int rc = c->write_fn(c->write_arg, buf, len);

	from_caller(ours);
	return rc;
}

static int bridge_in_caller(void *arg, const char *buf, size_t len)
{
	const struct callers *c = arg;
	locale_t ours = to_caller(c);
	int rc = c->bridge_fn(c->bridge_arg, buf, len);

	from_caller(ours);
	return rc;
}

static int mesh_in_caller(void *arg, const char *source, const char *path)
{
	const struct callers *c = arg;
	locale_t ours = to_caller(c);
	int rc = c->mesh_fn(c->mesh_arg, source, path);

	from_caller(ours);
	return rc;
}

/* ---- the public options -------------------------------------------------- */

/* The fields of the first struct u2s_options: a smaller size is no
 * version of it. */
#define OPTIONS_V1_SIZE (offsetof(struct u2s_options, ament_prefix_path) + sizeof(const char *))

/* The flags of options.def, with what each requires and excludes, and
 * how the command line spells the option that sets it. */
struct flag_row {
	const char *name;        /* "U2S_NO_GROUND" */
	const char *option;      /* "no-ground", or NULL */
	unsigned flag, requires, excludes;
};

static const struct flag_row FLAG_ROWS[] = {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) \
	{ #FLAG, LONG, FLAG, REQUIRES, EXCLUDES },
#include "options.def"
#undef OPTION
};
#define FLAG_ROW_COUNT (sizeof FLAG_ROWS / sizeof FLAG_ROWS[0])

static unsigned known_flags(void)
{
	unsigned all = 0;
	size_t i;

	for (i = 0; i < FLAG_ROW_COUNT; i++)
		all |= FLAG_ROWS[i].flag;
	return all;
}
#define KNOWN_FLAGS known_flags()

/* The first row whose flag FLAGS sets without all it requires, or with
 * one it excludes; NULL when none. */
static const struct flag_row *flag_relation_broken(unsigned flags)
{
	size_t i;

	for (i = 0; i < FLAG_ROW_COUNT; i++) {
		const struct flag_row *r = &FLAG_ROWS[i];
		if (r->flag && (flags & r->flag) &&
		    ((flags & r->requires) != r->requires || (flags & r->excludes)))
			return r;
	}
	return NULL;
}

/* FLAG's name and, when an option sets it, the option: "U2S_WORLD
 * (--world)", into BUF. */
static const char *flag_spelled(unsigned flag, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < FLAG_ROW_COUNT; i++)
		if (FLAG_ROWS[i].flag == flag) {
			if (FLAG_ROWS[i].option)
				snprintf(buf, size, "%s (--%s)", FLAG_ROWS[i].name, FLAG_ROWS[i].option);
			else
				snprintf(buf, size, "%s", FLAG_ROWS[i].name);
			return buf;
		}
	snprintf(buf, size, "0x%x", flag);
	return buf;
}

/* The lowest flag of SET. */
static unsigned lowest_flag(unsigned set)
{
	return set & (~set + 1);
}

/* What is wrong with the caller's options, for a message. */
enum options_fault { OPTIONS_FINE, OPTIONS_SIZE, OPTIONS_UNKNOWN, OPTIONS_REPAIR_MASS,
		     OPTIONS_WORLD_NAME, OPTIONS_NUMBERS, OPTIONS_FLAG_RELATION,
		     OPTIONS_MODEL_NAME, OPTIONS_MIGRATE_ALONE, OPTIONS_URDF_WORLD,
		     OPTIONS_INCLUDE_NO_MODEL, OPTIONS_WORLD_NAME_DERIVED,
		     OPTIONS_REPAIR_MASS_SUBNORMAL, OPTIONS_WORLD_NAME_TEXT,
		     OPTIONS_MODEL_NAME_TEXT, OPTIONS_REPAIR_MASS_ALONE };

/* A name goes into an attribute as it is (u2s.h). */
int u2s_xml_text_ok(const char *name)
{
	const unsigned char *p = (const unsigned char *)name;

	while (*p) {
		unsigned long c;
		int n, i;

		if (*p < 0x80) {
			if (*p < 0x20 || *p == 0x7f)
				return 0;
			p++;
			continue;
		}
		if (*p >= 0xc2 && *p <= 0xdf)
			n = 1, c = *p & 0x1f;
		else if (*p >= 0xe0 && *p <= 0xef)
			n = 2, c = *p & 0x0f;
		else if (*p >= 0xf0 && *p <= 0xf4)
			n = 3, c = *p & 0x07;
		else
			return 0;
		for (i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return 0;
			c = (c << 6) | (p[i] & 0x3f);
		}
		if ((n == 2 && c < 0x800) || (n == 3 && (c < 0x10000 || c > 0x10ffff)) ||
		    (c >= 0xd800 && c <= 0xdfff) || c == 0xfffe || c == 0xffff || c <= 0x9f)
			return 0;
		p += n + 1;
	}
	return 1;
}

/* Whether NAME can name the world: not empty, not one SDFormat reserves
 * ('world', '::' in it, or __x__ as a whole: libsdformat 12.9, 14.9 and
 * 16 refuse each, the first and last as reserved world names, '::' as a
 * delimiter in a name), and text XML can hold. */
static int world_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || strstr(name, "::") || !strcmp(name, "world") || !u2s_xml_text_ok(name))
		return 0;
	return !(n >= 4 && !strncmp(name, "__", 2) && !strcmp(name + n - 2, "__"));
}

/* The options whose argument is numbers (options.def's NUMBERS rows),
 * each checked finite when its flag is set. */
enum flag_row_id {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) ROW_##ID,
#include "options.def"
#undef OPTION
	ROW_COUNT
};

struct numbers_row {
	enum flag_row_id row;
	const char *field;
	size_t offset;
	int count;
	const char *words;
};

static const struct numbers_row NUMBERS_ROWS[] = {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP)
#define NUMBERS(ID, FIELD, COUNT, WORDS) \
	{ ROW_##ID, #FIELD, offsetof(struct u2s_options, FIELD), COUNT, WORDS },
#include "options.def"
#undef NUMBERS
#undef OPTION
};
#define NUMBERS_ROW_COUNT (sizeof NUMBERS_ROWS / sizeof NUMBERS_ROWS[0])

/* The first option of numbers PUB sets with one that is not finite, or
 * NULL. */
static const struct numbers_row *numbers_broken(const struct u2s_options *pub)
{
	size_t i;
	int k;

	for (i = 0; i < NUMBERS_ROW_COUNT; i++) {
		const struct numbers_row *r = &NUMBERS_ROWS[i];
		const double *v = (const double *)((const char *)pub + r->offset);
		if (!(pub->flags & FLAG_ROWS[r->row].flag))
			continue;
		for (k = 0; k < r->count; k++)
			if (!isfinite(v[k]))
				return r;
	}
	return NULL;
}

/* The numbers of R that are not all finite, said: "pose (--pose) 1 2 3 4
 * 5 inf is not 6 finite numbers (X Y Z ROLL PITCH YAW)". */
static int numbers_said(struct diag *d, const struct u2s_options *pub,
			const struct numbers_row *r)
{
	const double *v = (const double *)((const char *)pub + r->offset);
	char text[512];
	size_t len = 0;
	int k;

	for (k = 0; k < r->count && len < sizeof text - 40; k++)
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%g", k ? " " : "", v[k]);
	diag_error(d, D_POSE_INVALID, 0, 0, "%s (--%s) %s is not %d finite numbers (%s)", r->field,
		   FLAG_ROWS[r->row].option, text, r->count, r->words);
	return U2S_USAGE;
}

/* The caller's options U, of whatever size it was compiled with, into
 * PUB (this library's layout, zero past what the caller knew). */
static enum options_fault copy_options(const struct u2s_options *u, struct u2s_options *pub)
{
	enum options_fault fault = OPTIONS_FINE;
	size_t i, n;

	memset(pub, 0, sizeof *pub);
	if (!u)
		return OPTIONS_FINE;
	/* Every caller's struct has the first version's fields at least (the
	 * first <u2s.h> with a size field had them all), so a size too small,
	 * most likely 0 from "= { 0 }", still lets the message reach the
	 * callbacks the caller set. */
	n = u->size < OPTIONS_V1_SIZE ? OPTIONS_V1_SIZE : u->size;
	memcpy(pub, u, n < sizeof *pub ? n : sizeof *pub);
	if (u->size < OPTIONS_V1_SIZE)
		fault = OPTIONS_SIZE;
	for (i = sizeof *pub; i < u->size && fault == OPTIONS_FINE; i++)
		if (((const unsigned char *)u)[i] != 0)
			fault = OPTIONS_UNKNOWN;
	return fault;
}

/* What is wrong with PUB's values, the first thing found. */
static enum options_fault check_options(const struct u2s_options *pub)
{
	if (pub->flags & ~(unsigned)KNOWN_FLAGS)
		return OPTIONS_UNKNOWN;
	if (!(pub->repair_mass >= 0 && isfinite(pub->repair_mass)))
		return OPTIONS_REPAIR_MASS;
	/* a subnormal mass is refused too: the writer prints it as 0 (as
	 * every number below DBL_MIN, num.h), which no reader takes for a mass */
	if (pub->repair_mass > 0 && pub->repair_mass < DBL_MIN)
		return OPTIONS_REPAIR_MASS_SUBNORMAL;
	if (pub->world_name && (!(pub->flags & U2S_WORLD) || !world_name_ok(pub->world_name)))
		return *pub->world_name && (!strcmp(pub->world_name, "world") ||
					    !u2s_xml_text_ok(pub->world_name)) ?
		       OPTIONS_WORLD_NAME_TEXT : OPTIONS_WORLD_NAME;
	if (numbers_broken(pub))
		return OPTIONS_NUMBERS;
	if (flag_relation_broken(pub->flags))
		return OPTIONS_FLAG_RELATION;
	if (pub->model_name && (!*pub->model_name || strchr(pub->model_name, '/')))
		return OPTIONS_MODEL_NAME;
	if (pub->model_name && !u2s_xml_text_ok(pub->model_name))
		return OPTIONS_MODEL_NAME_TEXT;
	if ((pub->flags & U2S_WORLD) && (pub->flags & U2S_WORLD_INCLUDE) && !pub->model_name)
		return OPTIONS_INCLUDE_NO_MODEL;
	if ((pub->flags & U2S_WORLD) && (pub->flags & U2S_WORLD_INCLUDE) && !pub->world_name &&
	    !world_name_ok(pub->model_name))
		return OPTIONS_WORLD_NAME_DERIVED;
	if (!(pub->flags & U2S_MIGRATE) && pub->bridge_fn)
		return OPTIONS_MIGRATE_ALONE;
	if ((pub->flags & U2S_OUTPUT_URDF) && pub->model_name)
		return OPTIONS_URDF_WORLD;
	if (pub->repair_mass > 0 && !(pub->flags & U2S_REPAIR))
		return OPTIONS_REPAIR_MASS_ALONE;
	return OPTIONS_FINE;
}

/* PUB as the modules read it, in O; the caller's callbacks, in C, are
 * called through convert's own (in the caller's locale). */
static void translate_options(const struct u2s_options *pub, struct options *o,
			      struct callers *c)
{
	memset(o, 0, sizeof *o);
	o->pub = *pub;
	o->flags = pub->flags;
	o->sdf_version = pub->sdf_version;
	o->uri_mode = pub->uri_mode;
	o->repair_mass = pub->repair_mass >= 0 && isfinite(pub->repair_mass) ? pub->repair_mass : 0;
	o->packages = pub->packages;
	o->npackages = pub->npackages;
	o->ros_package_path = pub->ros_package_path;
	o->ament_prefix_path = pub->ament_prefix_path;
	memcpy(o->pose, pub->pose, sizeof o->pose);
	o->world_name = pub->world_name;
	o->gz_resource_path = pub->gz_resource_path;
	o->model_name = pub->model_name;
	o->allow_dirs = pub->allow_dirs;
	o->nallow_dirs = pub->allow_dirs ? pub->nallow_dirs : 0;
	c->bridge_fn = pub->bridge_fn;
	c->bridge_arg = pub->bridge_arg;
	if (c->bridge_fn) {
		o->bridge_fn = bridge_in_caller;
		o->bridge_arg = c;
	}
	c->diag_fn = pub->diag_fn;
	c->diag_arg = pub->diag_arg;
	c->record_fn = pub->diag_record_fn;
	c->record_arg = pub->diag_record_arg;
	if (c->diag_fn) {
		o->diag_fn = diag_in_caller;
		o->diag_arg = c;
	}
	c->mesh_fn = pub->mesh_fn;
	c->mesh_arg = pub->mesh_arg;
	if (c->mesh_fn) {
		o->mesh_fn = mesh_in_caller;
		o->mesh_arg = c;
	}
	if (c->record_fn) {
		o->diag_record_fn = record_in_caller;
		o->diag_record_arg = c;
	}
}

/* Reads the caller's options U (NULL: the defaults) into *PUB, the first
 * U->size bytes of them (the first version's at least) and the rest zero,
 * then into *O, with the callbacks through C.  Returns what makes them
 * unusable, if anything (*O is filled all the same, so that the message
 * reaches the caller). */
static enum options_fault read_options(const struct u2s_options *u, struct u2s_options *pub,
				       struct options *o, struct callers *c)
{
	enum options_fault fault = copy_options(u, pub);

	if (fault == OPTIONS_FINE)
		fault = check_options(pub);
	translate_options(pub, o, c);
	return fault;
}

/* The broken relation of FLAGS said: "U2S_NO_GROUND (--no-ground) needs
 * U2S_WORLD (--world)", or "... excludes ...". */
static int flag_relation_said(struct diag *d, unsigned flags)
{
	const struct flag_row *r = flag_relation_broken(flags);
	unsigned missing = r->requires & ~flags, clash = r->excludes & flags;
	char a[96], b[96];

	flag_spelled(r->flag, a, sizeof a);
	if (missing)
		diag_error(d, D_OPTION_REQUIRES, 0, 0, "%s applies with %s only", a,
			   flag_spelled(lowest_flag(missing), b, sizeof b));
	else
		diag_error(d, D_OPTION_EXCLUDES, 0, 0, "%s excludes %s", a,
			   flag_spelled(lowest_flag(clash), b, sizeof b));
	return U2S_USAGE;
}

/* A fault of the names the caller gave (world_name, model_name), said. */
static int name_fault_said(struct diag *d, const struct u2s_options *pub, enum options_fault fault)
{
	const char *without = "it is given without U2S_WORLD";

	if (fault == OPTIONS_WORLD_NAME)
		diag_error(d, D_WORLD_NAME_INVALID, 0, 0, "world_name (--world=NAME) '%s' cannot "
			   "name the world: %s", pub->world_name, !(pub->flags & U2S_WORLD) ? without :
			   "it is empty or one SDFormat reserves ('::' in it, or __x__)");
	else if (fault == OPTIONS_WORLD_NAME_TEXT)
		diag_error(d, D_WORLD_NAME_TEXT, 0, 0, "world_name (--world=NAME) '%s' cannot name "
			   "the world: %s", pub->world_name, !(pub->flags & U2S_WORLD) ? without :
			   !strcmp(pub->world_name, "world") ? "SDFormat reserves 'world' (the world "
			   "frame's name; libsdformat refuses a world of that name)" :
			   "it is not text XML can hold (a control character, invalid UTF-8, U+FFFE or "
			   "U+FFFF)");
	else if (fault == OPTIONS_MODEL_NAME)
		diag_error(d, D_MODEL_NAME_INVALID, 0, 0, "model_name (--model-dir's last part) '%s' "
			   "cannot name a model folder: it is empty or holds '/'", pub->model_name);
	else if (fault == OPTIONS_MODEL_NAME_TEXT)
		diag_error(d, D_MODEL_NAME_TEXT, 0, 0, "model_name (--model-dir's last part) '%s' "
			   "cannot name a model folder: it is not text XML can hold (a control "
			   "character, invalid UTF-8, U+FFFE or U+FFFF)", pub->model_name);
	else if (fault == OPTIONS_INCLUDE_NO_MODEL)
		diag_error(d, D_WORLD_INCLUDE_NO_MODEL, 0, 0, "U2S_WORLD with U2S_WORLD_INCLUDE "
			   "includes model://MODEL_NAME: model_name is not set");
	else
		diag_error(d, D_WORLD_NAME_DERIVED, 0, 0, "the world would be named '%s', after "
			   "model_name (--model-dir's last part), which cannot name a world: SDFormat "
			   "reserves it ('world', '::' in it, or __x__); give a world_name",
			   pub->model_name);
	return U2S_USAGE;
}

/* What is wrong with the options (FAULT), said; U2S_USAGE, or U2S_OK for
 * OPTIONS_FINE. */
static int options_fault_said(struct diag *d, const struct u2s_options *pub,
			      enum options_fault fault)
{
	switch (fault) {
	case OPTIONS_FINE:
		return U2S_OK;
	case OPTIONS_SIZE:
		diag_error(d, D_OPTIONS_SIZE, 0, 0, "the options' size (%zu bytes) is not that of "
			   "a struct u2s_options: give them U2S_OPTIONS_INIT", pub->size);
		break;
	case OPTIONS_UNKNOWN:
		diag_error(d, D_OPTIONS_UNKNOWN, 0, 0, "options this libu2s (%s) does not know are "
			   "set: a struct u2s_options of %zu bytes, which it knows %zu of, or flags "
			   "0x%x", PACKAGE_VERSION, pub->size, sizeof *pub,
			   pub->flags & ~(unsigned)KNOWN_FLAGS);
		break;
	case OPTIONS_REPAIR_MASS:
		diag_error(d, D_REPAIR_MASS_INVALID, 0, 0, "repair_mass (--repair-mass) %g is not a "
			   "mass: it is 0 (the default) or a positive number of kg", pub->repair_mass);
		break;
	case OPTIONS_REPAIR_MASS_SUBNORMAL:
		diag_error(d, D_REPAIR_MASS_SUBNORMAL, 0, 0, "repair_mass (--repair-mass) %g is "
			   "subnormal (below %g): the SDF would say 0, which no reader takes for a "
			   "mass; give 0 (the default) or a mass of at least %g kg", pub->repair_mass,
			   DBL_MIN, DBL_MIN);
		break;
	case OPTIONS_REPAIR_MASS_ALONE:
		diag_error(d, D_REPAIR_MASS_ALONE, 0, 0, "repair_mass (--repair-mass) applies to "
			   "U2S_REPAIR (--repair) only");
		break;
	case OPTIONS_NUMBERS:
		return numbers_said(d, pub, numbers_broken(pub));
	case OPTIONS_FLAG_RELATION:
		return flag_relation_said(d, pub->flags);
	case OPTIONS_MIGRATE_ALONE:
		diag_error(d, D_MIGRATE_ALONE, 0, 0, "bridge_fn (--bridge-config) applies to "
			   "U2S_MIGRATE (--migrate) only");
		break;
	case OPTIONS_URDF_WORLD:
		diag_error(d, D_URDF_OUTPUT_WORLD, 0, 0, "U2S_OUTPUT_URDF (--output-format=urdf) "
			   "writes the robot's URDF, not a model folder: no model_name (--model-dir) "
			   "with it");
		break;
	default:
		return name_fault_said(d, pub, fault);
	}
	return U2S_USAGE;
}

/* What is wrong with the call (its options, FAULT, or its input and
 * output, IO), said: U2S_USAGE; U2S_OK when nothing is. */
static int usage_fault(struct diag *d, const struct io *io, const struct u2s_options *pub,
		       enum options_fault fault)
{
	if (fault != OPTIONS_FINE)
		return options_fault_said(d, pub, fault);
	if (io->null_len) {
		diag_error(d, D_INPUT_NULL, 0, 0, "the input buffer is NULL with a length of %zu "
			   "bytes (NULL is the empty input only with length 0)", io->null_len);
		return U2S_USAGE;
	}
	if (io->no_result) {
		diag_error(d, D_RESULT_NULL, 0, 0, "u2s_convert_buffer: the SDF's pointer is NULL");
		return U2S_USAGE;
	}
	if (io->in_buf && !io->write_fn && !(pub->flags & U2S_CHECK)) {
		diag_error(d, D_WRITER_NULL, 0, 0, "u2s_convert_buffer_to: the writer is NULL, "
			   "which only U2S_CHECK allows");
		return U2S_USAGE;
	}
	return U2S_OK;
}

/* One conversion, whatever its input and output: a talloc context of its
 * own, freed before returning; nothing shared with any other call. */
static int convert(const struct io *given, const char *name, const struct u2s_options *uopts)
{
	double start = now_seconds();
	TALLOC_CTX *ctx = NULL;
	struct robot *rb = NULL;
	struct u2s_options pub;
	struct u2s_stats st;
	struct options opts;
	struct callers callers;
	struct io io = *given;
	struct diag d;
	struct num_locale loc;
	enum options_fault fault;
	int rc;

	memset(&st, 0, sizeof st);
	memset(&callers, 0, sizeof callers);
	num_locale_enter(&loc);   /* numbers read and written as in C, whatever the host's locale */
	callers.locale = loc.c ? loc.old : (locale_t)0;
	fault = read_options(uopts, &pub, &opts, &callers);
	if (io.in_buf)   /* a conversion from memory starts no thread (u2s.3) */
		opts.flags |= U2S_SINGLE_THREAD;
	diag_init(&d, name, &opts);
	rc = usage_fault(&d, &io, &pub, fault);
	if (rc == U2S_OK && io.write_fn) {
		callers.write_fn = io.write_fn;
		callers.write_arg = io.write_arg;
		io.write_fn = write_in_caller;
		io.write_arg = &callers;
	}
	if (rc == U2S_OK && !(ctx = talloc_new(NULL)))
		rc = out_of_memory(&d);
	if (rc == U2S_OK)
		rc = run_guarded(ctx, &io, &opts, &d, &rb);
	if (rc == U2S_OK && pub.stats_fn)
		count_stats(rb, &st);
	num_locale_leave(&loc);
	if (rc == U2S_OK && pub.stats_fn) {
		st.seconds = now_seconds() - start;
		pub.stats_fn(pub.stats_arg, &st);
	}
	talloc_free(ctx);
	return rc;
}

int u2s_options_check(const struct u2s_options *uopts)
{
	struct u2s_options pub;
	struct options opts;
	struct callers callers;
	struct io io = { .in_fd = -1, .out_fd = -1 };
	struct diag d;
	struct num_locale loc;
	enum options_fault fault;
	int rc;

	memset(&callers, 0, sizeof callers);
	num_locale_enter(&loc);
	callers.locale = loc.c ? loc.old : (locale_t)0;
	fault = read_options(uopts, &pub, &opts, &callers);
	diag_init(&d, NULL, &opts);
	d.file = NULL;   /* about the options, not an input: "u2s: ..." */
	rc = usage_fault(&d, &io, &pub, fault);
	num_locale_leave(&loc);
	return rc;
}

int u2s_convert(int in_fd, const char *name, int out_fd, const struct u2s_options *opts)
{
	struct io io = { .in_fd = in_fd, .out_fd = out_fd };

	return convert(&io, name, opts);
}

int u2s_convert_buffer_to(const char *urdf, size_t len, const char *name, u2s_write_fn *write,
			  void *write_arg, const struct u2s_options *opts)
{
	/* NULL with a length is refused before anything is read; NULL alone is
	 * the empty input. */
	struct io io = { .in_fd = -1, .in_buf = urdf ? urdf : "", .in_len = urdf ? len : 0,
			 .out_fd = -1, .write_fn = write, .write_arg = write_arg,
			 .null_len = urdf ? 0 : len };

	return convert(&io, name ? name : "<memory>", opts);
}

/* The SDF of u2s_convert_buffer, grown in malloc'd memory (the caller frees
 * it, not the conversion's talloc context), NUL-terminated as it grows. */
struct grown {
	char *p;
	size_t len, cap;
};

static int append(void *arg, const char *s, size_t n)
{
	struct grown *g = arg;

	if (n >= g->cap - g->len) {
		size_t cap = g->cap ? g->cap : 64 * 1024;
		char *p;

		while (n >= cap - g->len) {
			if (cap > SIZE_MAX / 2)
				return ENOMEM;
			cap *= 2;
		}
		p = realloc(g->p, cap);
		if (!p)
			return ENOMEM;
		g->p = p;
		g->cap = cap;
	}
	memcpy(g->p + g->len, s, n);
	g->len += n;
	g->p[g->len] = '\0';
	return 0;
}

int u2s_convert_buffer(const char *urdf, size_t len, const char *name, char **sdf,
		       size_t *sdf_len, const struct u2s_options *opts)
{
	struct grown g = { NULL, 0, 0 };
	int rc;

	if (!sdf) {
		struct io io = { .in_fd = -1, .in_buf = "", .out_fd = -1, .no_result = 1,
				 .null_len = urdf ? 0 : len };
		return convert(&io, name ? name : "<memory>", opts);
	}
	*sdf = NULL;
	if (sdf_len)
		*sdf_len = 0;
	rc = u2s_convert_buffer_to(urdf, len, name, append, &g, opts);
	if (rc != U2S_OK) {
		free(g.p);
		return rc;
	}
	*sdf = g.p;
	if (sdf_len)
		*sdf_len = g.len;
	return U2S_OK;
}

void u2s_free(void *p)
{
	free(p);
}
