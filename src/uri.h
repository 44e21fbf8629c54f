/* uri: the mesh URIs the SDF is to hold.  Runs after resolve, on the meshes
 * that will be written (those of written links and of the links lumped into
 * them), and leaves in each geometry's filename what the writer prints:
 *
 *   U2S_URI_MODEL  the first "package://" becomes "model://" (libsdformat)
 *   U2S_URI_KEEP   as written
 *   U2S_URI_FILE   "package://NAME/REST" becomes "file://DIR/REST", DIR the
 *                  package's absolute directory, percent-encoded
 *                  (package_find_uri, package.h); a package that
 *                  is nowhere gets one warning, at its first <mesh>, and its
 *                  URIs the model:// form
 *
 * and, whatever the mode, with a model_name (--model-dir), each mesh found
 * on disk and written as model://NAME/meshes/PATH, PATH decided here (u2s.h,
 * model_name), the caller told each through mesh_fn; a mesh found nowhere
 * is an error.  The <mesh><uri> of the <gazebo> blocks that are written
 * (blobs, copied verbatim by libsdformat) are left as written in the
 * default and keep modes, and mapped as the items' are under
 * U2S_URI_FILE and for a model folder.  Returns U2S_OK, or U2S_IO when
 * mesh_fn failed. */
#ifndef U2S_URI_H
#define U2S_URI_H

#include "diag.h"
#include "model.h"

int uri_rewrite(struct robot *rb, struct diag *d, const struct options *opts);

struct package_finder;

/* The file a mesh URI F names, as a model folder finds it (the one rule
 * of where meshes are, shared by uri_rewrite and the placement on the
 * ground, bounds.c): package://PKG/REL and model://PKG/REL in PF's
 * packages, file:// and absolute paths as they are, a relative path
 * against the directory of INPUT (the input as messages name it; none
 * when it starts with '<').  Not checked on disk.  NULL when the package
 * is nowhere or F is of another scheme (http://).  *WHERE says where it
 * was looked for, for a message; *PKG_PATH is PKG/REL for a package's
 * plain path, else NULL.  Everything under TMP. */
const char *uri_mesh_file(struct package_finder *pf, TALLOC_CTX *tmp, oom_jump *jump,
			  const struct options *opts, const char *input, const char *f,
			  const char **where, const char **pkg_path);

#endif
