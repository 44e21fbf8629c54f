/* convert: one conversion, bytes in to bytes out, in one talloc context. */
#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "num.h"
#include "out.h"
#include "read.h"
#include "resolve.h"
#include "target.h"
#include "u2s.h"
#include "uri.h"
#include "write.h"

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

static int write_output(TALLOC_CTX *ctx, const struct robot *rb, const struct u2s_options *opts,
			const struct sdf_target *target, const struct io *io, struct diag *d)
{
	char *buf = must(rb->oom, talloc_size(ctx, OUT_BUFSZ));
	struct out o;

	if (io->write_fn)
		out_init_sink(&o, io->write_fn, io->write_arg, buf, OUT_BUFSZ);
	else
		out_init(&o, io->out_fd, buf, OUT_BUFSZ);
	write_sdf(ctx, rb, opts, target, &o);
	if (out_flush(&o) != 0) {
		if (o.err == ENOMEM)
			return out_of_memory(d);
		diag_error(d, D_WRITE_FAILED, 0, 0, "cannot write the SDF output: %s", strerror(o.err));
		return U2S_IO;
	}
	return U2S_OK;
}

/* The stages, with every allocation under CTX; out of memory jumps to
 * JUMP.  Returns the status; *RB is the robot read, for the statistics. */
static int run(TALLOC_CTX *ctx, oom_jump *jump, const struct io *io,
	       const struct u2s_options *opts, struct diag *d, struct robot **rb)
{
	const struct sdf_target *target = opts->sdf_version ? target_find(opts->sdf_version)
							    : target_default();
	int rc;

	if (!target) {
		diag_error(d, D_SDF_VERSION_UNKNOWN, 0, 0, "SDFormat version '%s' is not one u2s writes (1.9, 1.11, 1.12)",
			   opts->sdf_version);
		return U2S_USAGE;
	}
	if (io->in_buf)
		rc = read_urdf_mem(ctx, jump, io->in_buf, io->in_len, d, rb);
	else
		rc = read_urdf(ctx, jump, io->in_fd, opts, d, rb);
	if (rc == U2S_OK)
		rc = resolve(*rb, d, opts, target);
	if (rc == U2S_OK)
		uri_rewrite(*rb, d, opts);
	if (rc == U2S_OK && d->errors)
		rc = U2S_REJECTED;   /* --werror */
	if (rc == U2S_OK && !opts->check)
		rc = write_output(ctx, *rb, opts, target, io, d);
	return rc;
}

/* run(), unless memory runs out somewhere below: then the message, and
 * U2S_IO.  Whatever was allocated is under CTX, which the caller frees. */
static int run_guarded(TALLOC_CTX *ctx, const struct io *io, const struct u2s_options *opts,
		       struct diag *given, struct robot **rb)
{
	struct diag *volatile d = given;   /* as it was, after a longjmp */
	oom_jump jump;

	if (setjmp(jump) != 0)
		return out_of_memory(d);
	return run(ctx, &jump, io, opts, d, rb);
}

int u2s_sdf_version_known(const char *version)
{
	return version && target_find(version) != NULL;
}

/* One conversion, whatever its input and output: a talloc context of its
 * own, freed before returning; nothing shared with any other call. */
static int convert(const struct io *io, const char *name, const struct u2s_options *opts)
{
	static const struct u2s_options defaults;
	double start = now_seconds();
	TALLOC_CTX *ctx;
	struct robot *rb = NULL;
	struct u2s_stats st;
	struct diag d;
	struct num_locale loc;
	int rc;

	if (!opts)
		opts = &defaults;
	memset(&st, 0, sizeof st);
	diag_init(&d, name, opts);
	ctx = talloc_new(NULL);
	if (!ctx)
		return out_of_memory(&d);
	num_locale_enter(&loc);   /* numbers read and written as in C, whatever the host's locale */
	rc = run_guarded(ctx, io, opts, &d, &rb);
	num_locale_leave(&loc);
	if (rc == U2S_OK && opts->stats) {
		count_stats(rb, &st);
		st.seconds = now_seconds() - start;
		*opts->stats = st;
	}
	talloc_free(ctx);
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
	struct io io = { .in_fd = -1, .in_buf = urdf ? urdf : "", .in_len = len, .out_fd = -1,
			 .write_fn = write, .write_arg = write_arg };

	if (!write && !(opts && opts->check))
		return U2S_USAGE;
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

	if (!sdf)
		return U2S_USAGE;
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
