/* uri: the mesh URIs the SDF is to hold.  Runs after resolve, on the meshes
 * that will be written (those of written links and of the links lumped into
 * them), and leaves in each geometry's filename what the writer prints:
 *
 *   U2S_URI_MODEL  the first "package://" becomes "model://" (libsdformat)
 *   U2S_URI_KEEP   as written
 *   U2S_URI_FILE   "package://NAME/REST" becomes "file://DIR/REST", DIR the
 *                  package's absolute directory (package.h); a package that
 *                  is nowhere gets one warning, at its first <mesh>, and its
 *                  URIs the model:// form */
#ifndef U2S_URI_H
#define U2S_URI_H

#include "diag.h"
#include "model.h"

void uri_rewrite(struct robot *rb, struct diag *d, const struct options *opts);

#endif
