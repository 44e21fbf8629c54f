/* write: the resolved model -> SDFormat text.  A straight walk over the
 * links in emission order; each joint and link is built as a small element
 * tree (so that <gazebo> extensions can be applied the way libsdformat
 * applies them), printed, and freed before the next. */
#ifndef U2S_WRITE_H
#define U2S_WRITE_H

#include "model.h"
#include "out.h"
#include "target.h"
#include "options.h"

/* Writes RB as SDFormat TARGET->version onto O.  Scratch memory hangs off
 * CTX, the conversion's context, and is freed before it returns. */
void write_sdf(TALLOC_CTX *ctx, const struct robot *rb, const struct options *opts,
	       const struct sdf_target *target, struct out *o);

#endif
