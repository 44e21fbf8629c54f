/* resolve: the model as read -> the model as written.  Runs after the last
 * byte: builds the tree and finds the root, joins <gazebo> blocks to what
 * they name, resolves visual materials, and decides the fate of every link
 * (written, or dropped as massless with its subtree).  Fixed-joint lumping
 * plugs in here too.  Every warning about the input is given here, so the
 * writer only prints. */
#ifndef U2S_RESOLVE_H
#define U2S_RESOLVE_H

#include "diag.h"
#include "model.h"

/* Returns U2S_OK or U2S_REJECTED (errors reported). */
int resolve(struct robot *rb, struct diag *d, const struct u2s_options *opts);

/* The link a joint's <pose relative_to> and <parent> name: "world" when the
 * parent is a root named world. */
int link_is_world(const struct robot *rb, const struct link *l);

#endif
