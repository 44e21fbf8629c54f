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
#include "target.h"

void lump(struct robot *rb, struct diag *d, const struct options *opts,
	  const struct sdf_target *target);
/* L, massless on a kept fixed joint, is written as a <frame> (resolve
 * decides, after lump()): its visuals, collisions and extensions go to
 * the link the frame hangs from (its parent, or that one's owner), the
 * way lumping moves a lumped link's, so that nothing of it is lost. */
void lump_frame_link(struct robot *rb, struct diag *d, struct link *l);
/* After every frame link is known: their contact sensors follow their
 * collisions to the names they have in the owner, and those of lumped
 * links again (one lumped into a link that became a frame is written in
 * the frame's owner). */
void lump_frames_done(struct robot *rb);

#endif
