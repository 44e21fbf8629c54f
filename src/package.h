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

/* The same directory as the start of a file:// URI, "file://" and its
 * path with every byte that a URI path cannot hold as it is (a space,
 * '%', any byte from 0x80, whether or not the name is UTF-8) written %XX,
 * so that the URI is ASCII, the SDF well-formed, and the URI percent-
 * decodes to the directory's path; or NULL, as package_find. */
const char *package_find_uri(struct package_finder *pf, const char *name, int *first);

/* PREFIX then PATH percent-encoded as a URI path holds it (every byte but
 * letters, digits, spaces and -._~!$&'()*+,;=:@/ as %XX), under CTX: the
 * text is ASCII, well-formed XML whatever PATH's bytes, and decodes to
 * PATH byte for byte. */
char *uri_path_encoded(TALLOC_CTX *ctx, oom_jump *jump, const char *prefix, const char *path);

#endif
