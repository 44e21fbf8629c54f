/* write: the resolved model -> SDFormat text.  A straight walk over the
 * links in emission order; each joint and link is built as a small element
 * tree (so that <gazebo> extensions can be applied the way libsdformat
 * applies them), printed, and freed before the next.  A robot of many
 * links is written on two threads in segments (spool.h), unless
 * OPTS->flags has U2S_SINGLE_THREAD, with the same bytes. */
#ifndef U2S_WRITE_H
#define U2S_WRITE_H

#include "model.h"
#include "out.h"
#include "target.h"
#include "options.h"

/* From this many links (or frames left by lumping) up, they are written
 * on two threads: WRITE_SPLIT_MIN at build time (256 by default); the
 * tests that compare the two writers lower it (not exported). */
extern size_t write_split_min;

/* Writes RB as SDFormat TARGET->version onto O.  Scratch memory hangs off
 * CTX, the conversion's context, and is freed before it returns. */
void write_sdf(TALLOC_CTX *ctx, const struct robot *rb, const struct options *opts,
	       const struct sdf_target *target, struct out *o);

#endif
