/* lump: fixed-joint lumping, the part of resolution that merges the child
 * link of every lumpable fixed joint into its parent.
 *
 * Linear whatever the tree's shape: each link gets its owner (the first
 * ancestor not lumped) and its transform into the owner in one pre-order
 * pass; masses and inertias fold upwards in one reverse pass; visuals,
 * collisions and extensions are not moved but listed through the owner's
 * absorbed links; joints below are re-parented once. */
#ifndef U2S_LUMP_H
#define U2S_LUMP_H

#include "diag.h"
#include "model.h"

void lump(struct robot *rb, struct diag *d, const struct u2s_options *opts);

#endif
