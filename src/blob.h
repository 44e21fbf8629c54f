/* blob: the elements of <gazebo> blocks (blobs) as a reader of the output
 * version reads them (src/schema.h): required children added with their
 * defaults, attributes the version does not have dropped with a warning,
 * `<pose frame="F">` (SDFormat 1.6 and older) written as relative_to="F",
 * and blobs that name what the output lacks (a link left out as
 * massless, a floating joint) left out, with a warning.
 * Runs once in resolve, after lumping has decided what is written, on the
 * blobs themselves: the writer copies them as they are. */
#ifndef U2S_BLOB_H
#define U2S_BLOB_H

#include "diag.h"
#include "model.h"
#include "schema.h"
#include "tags.h"

/* Whether model-level blob B gives the model a frame (<link>, <joint>,
 * <frame>, <model>: their names share one scope with the robot's). */
int blob_names_a_frame(const struct xnode *b);

/* Every blob of RB, read through schema S.  Values and required
 * attributes no reader of S takes are errors; with FIX (--repair) they
 * become the descriptions' defaults (or the element is left out), with a
 * warning. */
void blob_read_as(struct robot *rb, struct diag *d, const struct schema *s, int fix);

/* The element of schema S that special tag T is written to (mu1: a
 * collision's surface/friction/ode/mu), or NULL. */
const struct schema_elem *blob_tag_elem(const struct schema *s, const struct tag *t);

/* Special tag T's number *VAL (read from N) against the range of E, the
 * element schema S writes it to (blob_tag_elem()): 0 when a reader takes
 * it; else an error and 1, or with FIX a warning and *VAL the
 * description's default, and 0. */
int blob_tag_refused(struct diag *d, const struct schema *s, const struct schema_elem *e,
		     const struct tag *t, const struct xnode *n, int fix, union tag_value *val);

#endif
