/* meshrefs: the files a model folder takes for one mesh, and the rule of
 * where they may come from (the confinement of --model-dir).
 *
 * Every file is read from a ROOT, a directory it may not leave:
 *   - package://PKG/... and model://PKG/...: the package's directory (and,
 *     for a colcon --symlink-install, the directory its package.xml really
 *     is in: that layout's files are symbolic links into the source);
 *   - file://, absolute and relative paths: the input's directory or an
 *     allowed directory (u2s.h allow_dirs) holding the file; outside them
 *     the file is refused under U2S_CONFINE, else its root is the nearest
 *     directory above it with a package.xml or model.config, or its own.
 * A file's path inside its root is made lexically ("." and ".." taken
 * away, never above the root), and its real path (symbolic links
 * resolved) must lie in the root too.  Only regular files are read.
 *
 * A mesh brings the files it names, followed with a worklist (no
 * recursion: a chain of files naming each other costs no stack): a
 * COLLADA file's <image><init_from>, an OBJ file's "mtllib" names, a
 * material file's texture maps.  Each file, the mesh included, is told to
 * the caller (mesh_fn: its real path, and its place under meshes/) once;
 * two files that would share one place are an error.  A file a mesh names
 * that is missing is a warning (the mesh is drawn without it), one named
 * by an absolute path or a URI is not copied (a warning); every message
 * is at the <mesh> of the URDF, and says where inside the mesh or material
 * file the name was. */
#ifndef U2S_MESHREFS_H
#define U2S_MESHREFS_H

#include <talloc.h>

#include "diag.h"
#include "model.h"
#include "options.h"

struct mesh_root {
	const char *dir;      /* absolute, symbolic links resolved */
	const char *alt;      /* another real directory of the package, or NULL */
	const char *prefix;   /* its place under meshes/ ("PKG", "_file/DIR") */
	const char *what;     /* for messages: "package 'p' (DIR)", "directory DIR" */
};

/* Whether REAL (a real path) lies in ROOT. */
int mesh_root_holds(const struct mesh_root *root, const char *real);

/* DIR (a relative path, "" for none) joined with REF and made lexical:
 * no empty, "." or ".." segment left.  NULL when a ".." would climb above
 * DIR's top.  Linear in the lengths. */
char *rel_join(TALLOC_CTX *ctx, oom_jump *jump, const char *dir, const char *ref);

/* What ST is when it is not a regular file ("a FIFO", "a directory" ...),
 * for "... is %s: only regular files are read". */
struct stat;
const char *mesh_file_kind(const struct stat *st);

/* DESC ("mesh 'URI' (PATH)") is not a regular file (ST): an error at POS. */
void mesh_not_regular(struct diag *d, struct srcpos pos, const char *desc, const struct stat *st);

/* Real paths of files, with the real path of each folder looked up once
 * (for a conversion: the meshes of a package share a few folders). */
struct real_dirs;
struct real_dirs *real_dirs_new(TALLOC_CTX *ctx, oom_jump *jump);

/* realpath(LEX), under CTX; NULL with errno set as realpath sets it.  RD
 * NULL: realpath's alone. */
char *real_path(struct real_dirs *rd, TALLOC_CTX *ctx, oom_jump *jump, const char *lex);

struct mesh_refs;

/* One per conversion, under CTX: what was told, by place. */
struct mesh_refs *mesh_refs_new(TALLOC_CTX *ctx, oom_jump *jump, struct diag *d,
				const struct options *opts);

/* The mesh written URI (at POS) names, at REAL (its real path), in ROOT
 * at REL (its path from the root, lexical), placed under meshes/ at ROOT's prefix and PLACE_REL (REL
 * as the folder names it), told to the caller with every file it names.
 * Returns 0, or the errno value of a failure to read or copy (said). */
int mesh_refs_tell(struct mesh_refs *mr, const struct mesh_root *root, const char *real,
		   const char *rel, const char *place_rel, const char *uri, struct srcpos pos);

#endif
