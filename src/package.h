/* package: where a ROS package is on disk, for package:// URIs.  One finder
 * per conversion; it looks each name up once and remembers the answer. */
#ifndef U2S_PACKAGE_H
#define U2S_PACKAGE_H

#include <talloc.h>

#include "arena.h"
#include "options.h"

struct package_finder;

/* A finder under CTX that searches where OPTS says (u2s.h: packages,
 * ros_package_path, ament_prefix_path); out of memory jumps to JUMP. */
struct package_finder *package_finder_new(TALLOC_CTX *ctx, const struct options *opts,
					  oom_jump *jump);

/* The absolute, symlink-free directory of package NAME, or NULL when it is
 * nowhere.  *FIRST is set to 1 when this call did the lookup, 0 when the
 * answer was remembered from an earlier call. */
const char *package_find(struct package_finder *pf, const char *name, int *first);

#endif
