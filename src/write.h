/* write: the resolved model -> SDFormat 1.9 text.  A straight walk over the
 * links in emission order; each joint and link is built as a small element
 * tree (so that <gazebo> extensions can be applied the way libsdformat
 * applies them), printed, and freed before the next. */
#ifndef U2S_WRITE_H
#define U2S_WRITE_H

#include "model.h"
#include "out.h"

void write_sdf(const struct robot *rb, struct out *o);

#endif
