/* uri: mesh URIs by --uri-mode, or for a model folder (--model-dir). */
/* realpath() is an X/Open System Interface. */
#define _XOPEN_SOURCE 700

#include "uri.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <talloc.h>

#include "index.h"

#include "package.h"

static const char PACKAGE_SCHEME[] = "package://";
#define PACKAGE_SCHEME_LEN (sizeof PACKAGE_SCHEME - 1)

struct rewriter {
	struct robot *rb;
	struct diag *d;
	enum u2s_uri_mode mode;
	struct package_finder *finder;   /* U2S_URI_FILE, model_name */
	const struct options *opts;
	struct index *done;              /* model_name: URI -> its model:// URI */
	int status;                      /* model_name: U2S_OK, or what ended it */
};

/* libsdformat's rewrite: the first package:// anywhere becomes model://. */
static const char *model_uri(struct arena *a, const char *f)
{
	const char *p = strstr(f, PACKAGE_SCHEME);

	if (!p)
		return f;
	return arena_cat3(a, f, (size_t)(p - f), "model://", p + PACKAGE_SCHEME_LEN);
}

/* F, a mesh URI at POS, under U2S_URI_FILE. */
static const char *file_uri(struct rewriter *rw, const char *f, struct srcpos pos)
{
	const char *name, *rest, *dir;
	char *pkg;
	int first;

	if (strncmp(f, PACKAGE_SCHEME, PACKAGE_SCHEME_LEN) != 0)
		return f;
	name = f + PACKAGE_SCHEME_LEN;
	rest = name + strcspn(name, "/");
	pkg = arena_strndup(&rw->rb->arena, name, (size_t)(rest - name));
	/* the directory percent-encoded (package.h); REST is the URDF's, a URI already */
	dir = package_find_uri(rw->finder, pkg, &first);
	if (dir)
		return arena_cat3(&rw->rb->arena, dir, strlen(dir), rest, "");
	if (first)
		diag_warn(rw->d, D_PACKAGE_NOT_FOUND, pos.line, pos.col,
			  "package '%s' (mesh '%s') is not in --package-path, ROS_PACKAGE_PATH "
			  "or AMENT_PREFIX_PATH; its meshes are written as model://%s/...",
			  pkg, f, pkg);
	return model_uri(&rw->rb->arena, f);
}

/* ---- a model folder: model://NAME/meshes/PATH ----------------------------- */

static int regular_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Whether REL (a package's relative path) stays inside the package as
 * written: no empty, "." or ".." segment, so that PKG/REL names one file. */
static int plain_path(const char *rel)
{
	const char *p = rel;

	while (*p) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return 0;
		p += n;
		if (*p)
			p++;
	}
	return p != rel;
}

/* Where the packages were looked for, for a message. */
static const char *package_places(TALLOC_CTX *tmp, oom_jump *jump, const struct options *o)
{
	char *s = must(jump, talloc_strdup(tmp, "--package-path ("));
	size_t i;

	for (i = 0; i < o->npackages; i++)
		s = must(jump, talloc_asprintf_append(s, "%s%s=%s", i ? ", " : "",
						     o->packages[i].name, o->packages[i].dir));
	return must(jump, talloc_asprintf_append(s, "), ROS_PACKAGE_PATH (%s) and "
						 "AMENT_PREFIX_PATH (%s)",
						 o->ros_package_path ? o->ros_package_path : "",
						 o->ament_prefix_path ? o->ament_prefix_path : ""));
}

const char *uri_mesh_file(struct package_finder *pf, TALLOC_CTX *tmp, oom_jump *jump,
			  const struct options *opts, const char *input, const char *f,
			  const char **where, const char **pkg_path)
{
	const char *file;

	*pkg_path = NULL;
	if (!strncmp(f, PACKAGE_SCHEME, PACKAGE_SCHEME_LEN) || !strncmp(f, "model://", 8)) {
		const char *name = strstr(f, "://") + 3, *rest = name + strcspn(name, "/");
		char *pkg = must(jump, talloc_strndup(tmp, name, (size_t)(rest - name)));
		int first;
		const char *dir = package_find(pf, pkg, &first);
		if (!dir) {
			*where = must(jump, talloc_asprintf(tmp, "package '%s' is in none of %s",
							    pkg, package_places(tmp, jump, opts)));
			return NULL;
		}
		file = must(jump, talloc_asprintf(tmp, "%s%s", dir, rest));
		*where = must(jump, talloc_asprintf(tmp, "no file %s (package '%s' is %s)", file,
						    pkg, dir));
		if (*rest == '/' && plain_path(rest + 1))
			*pkg_path = must(jump, talloc_asprintf(tmp, "%s%s", pkg, rest));
	} else if (!strncmp(f, "file://", 7) || f[0] == '/') {
		file = f[0] == '/' ? f : f + 7;
		*where = must(jump, talloc_asprintf(tmp, "no file %s", file));
	} else if (strstr(f, "://")) {
		*where = "a URI of a scheme u2s does not read";
		return NULL;
	} else {
		const char *slash = input && input[0] != '<' ? strrchr(input, '/') : NULL;
		file = slash ? must(jump, talloc_asprintf(tmp, "%.*s/%s", (int)(slash - input), input,
							   f))
			     : f;
		*where = must(jump, talloc_asprintf(tmp, "no file %s (relative to the input's "
						    "directory)", file));
	}
	return file;
}

/* The file URI F names, in *SOURCE (absolute), and its place under
 * meshes/ in *PATH; or a message saying where it was looked for. */
static const char *locate(struct rewriter *rw, TALLOC_CTX *tmp, const char *f,
			  char **source, const char **path)
{
	oom_jump *jump = rw->rb->oom;
	const char *file, *where;
	char *real;

	file = uri_mesh_file(rw->finder, tmp, jump, rw->opts, rw->d->file, f, &where, path);
	if (!file || !regular_file(file))
		return where;
	/* A package's file has its place already (PKG/REL) and needs only a
	 * path to copy from; the others are placed by their real path.
	 * (realpath costs a readlink per component, per mesh, per version.) */
	if (*path && file[0] == '/') {
		*source = must(jump, talloc_strdup(tmp, file));
		return NULL;
	}
	if ((real = realpath(file, NULL)) == NULL)
		return where;
	*source = must(jump, talloc_strdup(tmp, real));
	free(real);
	/* a path of the file system may hold any byte: its place in the
	 * folder is named (and its URI written) percent-encoded, which no
	 * two paths share, and which is well-formed in the SDF */
	if (!*path)
		*path = uri_path_encoded(tmp, jump, "_file", *source);
	return NULL;
}

/* F, a mesh URI at POS, for the model folder. */
static const char *folder_uri(struct rewriter *rw, const char *f, struct srcpos pos)
{
	const char *done, *why, *path;
	char *source = NULL, *uri;
	TALLOC_CTX *tmp;
	int err;

	if ((done = index_get(rw->done, f)) != NULL)
		return done;
	if (strstr(f, "://") && strncmp(f, PACKAGE_SCHEME, PACKAGE_SCHEME_LEN) &&
	    strncmp(f, "model://", 8) && strncmp(f, "file://", 7))
		return f;   /* http(s):// (Fuel) and the like: fetched by the simulator */
	tmp = must(rw->rb->oom, talloc_new(NULL));
	why = locate(rw, tmp, f, &source, &path);
	if (why) {
		diag_error(rw->d, D_MODEL_MESH_NOT_FOUND, pos.line, pos.col,
			   "mesh '%s' is not found: %s", f, why);
		talloc_free(tmp);
		return f;
	}
	uri = arena_cat3(&rw->rb->arena, "model://", 8, rw->opts->model_name,
			 must(rw->rb->oom, talloc_asprintf(tmp, "/meshes/%s", path)));
	index_put(rw->done, f, uri);
	index_put(rw->done, uri, uri);   /* a blob met twice is rewritten once */
	/* the first failure ends the conversion: no more copies are asked for
	 * (a full disk would fail each, with a message each) */
	if (rw->opts->mesh_fn && rw->status == U2S_OK &&
	    (err = rw->opts->mesh_fn(rw->opts->mesh_arg, source, path)) != 0) {
		diag_error(rw->d, D_MODEL_MESH_REFUSED, pos.line, pos.col,
			   "mesh '%s' (%s) cannot be put in the model folder: %s", f, source,
			   strerror(err));
		if (rw->status == U2S_OK)
			rw->status = U2S_IO;
	}
	talloc_free(tmp);
	return uri;
}

static void rewrite_item(struct rewriter *rw, struct item *it)
{
	struct geometry *g = &it->geom;

	if (g->kind != GEOM_MESH || !g->filename)
		return;
	if (rw->opts->model_name)
		g->filename = folder_uri(rw, g->filename, g->pos);
	else if (rw->mode == U2S_URI_FILE)
		g->filename = file_uri(rw, g->filename, g->pos);
	else
		g->filename = model_uri(&rw->rb->arena, g->filename);
}

static int before(const struct item *a, const struct item *b)
{
	return a->pos.line < b->pos.line || (a->pos.line == b->pos.line && a->pos.col < b->pos.col);
}

/* A link's visuals and collisions, merged back into document order. */
static void rewrite_link(struct rewriter *rw, struct link *l)
{
	struct item *v = l->visuals.first, *c = l->collisions.first;

	while (v || c) {
		struct item **next = !c || (v && before(v, c)) ? &v : &c;
		rewrite_item(rw, *next);
		*next = (*next)->next;
	}
}

/* ---- meshes inside <gazebo> blocks ------------------------------------------- */

/* Each <mesh><uri> of BLOB's tree (a <visual> or <collision> a block adds,
 * a <link> of a model-level block ...) rewritten as an item's mesh is.
 * The blob is what the writer copies (write.c, add_blob): the new text is
 * all it needs.  libsdformat copies blobs verbatim, so the default mode
 * leaves them alone; only --uri-mode=file and a model folder map them. */
static void rewrite_blob(struct rewriter *rw, struct xnode *blob)
{
	struct xnode *n;

	for (n = blob; n; n = xnode_next_in(n, blob, 0)) {
		const char *f, *uri;
		if (strcmp(n->name, "uri") != 0 || !n->parent || strcmp(n->parent->name, "mesh") != 0 ||
		    n->first)
			continue;
		f = xnode_trimmed(&rw->rb->arena, n->text);
		if (!*f)
			continue;
		uri = rw->opts->model_name ? folder_uri(rw, f, n->pos) : file_uri(rw, f, n->pos);
		if (uri != f) {
			n->text = uri;
			n->plain = NULL;   /* printed escaped */
		}
	}
}

static void rewrite_blobs(struct rewriter *rw, const struct node_list *blobs)
{
	unsigned i;

	for (i = 0; i < blobs->n; i++)
		rewrite_blob(rw, blobs->v[i]);
}

/* Whether the blocks of E are written: those of the model, of a written
 * joint, of a link written or lumped into one (as its items, below). */
static int ext_written(const struct robot *rb, const struct ext *e)
{
	const struct link *l;
	const struct joint *j;

	if (!e->ref[0])
		return 1;
	l = index_get(rb->link_index, e->ref);
	j = index_get(rb->joint_index, e->ref);
	return (l && l->owner && l->owner->fate == LINK_WRITTEN) ||
	       (j && j->fate == JOINT_WRITTEN);
}

/* In document order, so that a warning points at the first <mesh> that
 * names the package (the blocks' meshes after the links').  A link's items
 * are written when it is, or when the link it was lumped into is (its
 * owner; itself unless lumped). */
int uri_rewrite(struct robot *rb, struct diag *d, const struct options *opts)
{
	struct rewriter rw = { rb, d, opts->uri_mode, NULL, opts, NULL, U2S_OK };
	TALLOC_CTX *tmp;
	struct link *l;
	unsigned i;

	if (opts->uri_mode == U2S_URI_KEEP && !opts->model_name)
		return U2S_OK;
	tmp = must(rb->oom, talloc_new(rb));
	if (opts->uri_mode == U2S_URI_FILE || opts->model_name)
		rw.finder = package_finder_new(tmp, opts, rb->oom);
	if (opts->model_name)
		rw.done = index_new(tmp, rb->oom);
	for (l = rb->links; l; l = l->next)
		if (l->owner && l->owner->fate == LINK_WRITTEN)
			rewrite_link(&rw, l);
	for (i = 0; rw.finder && i < rb->nexts; i++)   /* not in the default mode */
		if (ext_written(rb, rb->exts[i])) {
			rewrite_blobs(&rw, &rb->exts[i]->blobs);
			rewrite_blobs(&rw, &rb->exts[i]->visual_blobs);
			rewrite_blobs(&rw, &rb->exts[i]->collision_blobs);
		}
	talloc_free(tmp);
	return rw.status;
}
