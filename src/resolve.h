/* resolve: the model as read -> the model as written.  Runs after the last
 * byte: builds the tree and finds the root, joins <gazebo> blocks to what
 * they name, resolves visual materials, and decides the fate of every link
 * and joint (written, merged, a frame, left out): see enum link_fate and enum
 * joint_fate.  Fixed-joint lumping (lump.c), the loadability rules
 * (loadable.c) and the reading of blocks as the target reads them (blob.c)
 * plug in here.  What is written, renamed or dropped is decided and said
 * here and in the stages after it (uri.c, world.c, migrate.c, meshrefs.c);
 * the reader says what it could not read; the SDF writer (write.c, out.c)
 * says nothing and only prints. */
#ifndef U2S_RESOLVE_H
#define U2S_RESOLVE_H

#include "diag.h"
#include "model.h"
#include "target.h"

/* Returns U2S_OK or U2S_REJECTED (errors reported).  TARGET is the SDF
 * version written: what it lacks is decided (and warned about) here. */
int resolve(struct robot *rb, struct diag *d, const struct options *opts,
	    const struct sdf_target *target);

#endif
