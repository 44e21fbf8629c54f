/* convert: one conversion, bytes in to bytes out, in one talloc context. */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "out.h"
#include "read.h"
#include "resolve.h"
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

/* What write_sdf() writes, counted from the fates resolve() gave the links:
 * a written link with its parent joint (unless floating or planar, which
 * SDFormat 1.9 lacks); a massless link on a kept fixed joint as two frames
 * (link and joint); a lumped link as two frames (joint and link). */
static void count_stats(const struct robot *rb, struct u2s_stats *st)
{
	unsigned i;

	st->links_in = rb->nlinks;
	st->joints_in = rb->njoints;
	st->read_in_halves = rb->read_in_halves;
	for (i = 0; i < rb->norder; i++) {
		const struct link *l = rb->order[i];
		const struct joint *pj = l->parent_joint;
		switch (l->fate) {
		case LINK_WRITTEN:
			st->links_out++;
			if (pj && pj->type != JOINT_FLOATING && pj->type != JOINT_PLANAR)
				st->joints_out++;
			break;
		case LINK_LUMPED:
			st->merged++;
			st->frames_out += 2;
			break;
		case LINK_FRAME:
			st->frames_out += 2;
			break;
		case LINK_WORLD:
		case LINK_DROPPED:
			break;
		}
	}
	count_blobs(rb, st);
}

static int write_output(TALLOC_CTX *ctx, const struct robot *rb, int out_fd, struct diag *d)
{
	struct out o;

	out_init(&o, out_fd, talloc_size(ctx, OUT_BUFSZ), OUT_BUFSZ);
	write_sdf(rb, &o);
	if (out_flush(&o) != 0) {
		diag_error(d, 0, 0, "cannot write the SDF output: %s", strerror(o.err));
		return U2S_IO;
	}
	return U2S_OK;
}

int u2s_convert(int in_fd, const char *name, int out_fd, const struct u2s_options *opts)
{
	static const struct u2s_options defaults;
	double start = now_seconds();
	TALLOC_CTX *ctx = talloc_new(NULL);
	struct robot *rb = NULL;
	struct u2s_stats st;
	struct diag d;
	int rc;

	if (!opts)
		opts = &defaults;
	memset(&st, 0, sizeof st);
	diag_init(&d, name, opts);
	rc = read_urdf(ctx, in_fd, &d, &rb);
	if (rc == U2S_OK)
		rc = resolve(rb, &d, opts);
	if (rc == U2S_OK)
		uri_rewrite(rb, &d, opts);
	if (rc == U2S_OK && d.errors)
		rc = U2S_REJECTED;   /* --werror */
	if (rc == U2S_OK && !opts->check)
		rc = write_output(ctx, rb, out_fd, &d);
	if (rc == U2S_OK && opts->stats) {
		count_stats(rb, &st);
		st.seconds = now_seconds() - start;
		*opts->stats = st;
	}
	talloc_free(ctx);
	return rc;
}
