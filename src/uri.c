/* uri: mesh URIs by --uri-mode, or for a model folder (--model-dir). */
/* realpath() is an X/Open System Interface. */
#define _XOPEN_SOURCE 700

#include "uri.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <talloc.h>

#include "index.h"
#include "meshrefs.h"

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
	TALLOC_CTX *tmp;                 /* what lives as long as the rewrite */
	struct index *roots;             /* model_name: "p:PKG", "d:DIR" -> struct mesh_root */
	const char **allowed;            /* model_name: the allowed directories, real */
	size_t nallowed;
	struct mesh_refs *refs;          /* model_name: the files told, by place */
	struct real_dirs *dirs;          /* the real paths of the folders looked in */
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
	const char *file, *rel;

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
		rel = rel_join(tmp, jump, "", *rest == '/' ? rest + 1 : rest);
		if (!rel) {
			*where = must(jump, talloc_asprintf(tmp, "it climbs out of package '%s' (%s)",
							    pkg, dir));
			return NULL;
		}
		file = must(jump, talloc_asprintf(tmp, "%s/%s", dir, rel));
		*where = must(jump, talloc_asprintf(tmp, "no file %s (package '%s' is %s)", file,
						    pkg, dir));
		*pkg_path = must(jump, talloc_asprintf(tmp, "%s/%s", pkg, rel));
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

/* ---- a model folder: model://NAME/meshes/PATH ----------------------------- */

/* The root (meshrefs.h) of package PKG, at DIR (real): the package's
 * directory and, when its package.xml is a symbolic link elsewhere (a
 * colcon --symlink-install), the directory that file really is in. */
static const struct mesh_root *package_root(struct rewriter *rw, const char *pkg, const char *dir)
{
	oom_jump *jump = rw->rb->oom;
	const char *key = must(jump, talloc_asprintf(rw->tmp, "p:%s", pkg));
	struct mesh_root *r = index_get(rw->roots, key);
	char *xml, *real, *slash;

	if (r)
		return r;
	r = must(jump, talloc_zero(rw->tmp, struct mesh_root));
	r->dir = dir;   /* the finder's: lives as long */
	r->prefix = must(jump, talloc_strdup(r, pkg));
	r->what = must(jump, talloc_asprintf(r, "package '%s' (%s)", pkg, dir));
	xml = must(jump, talloc_asprintf(r, "%s/package.xml", dir));
	if ((real = realpath(xml, NULL)) != NULL) {
		char *up = talloc_strdup(r, real);
		free(real);
		must(jump, up);
		slash = strrchr(up, '/');
		slash[slash == up] = '\0';   /* "/" stays "/" */
		if (strcmp(up, dir) != 0)
			r->alt = up;
	}
	index_put(rw->roots, key, r);
	return r;
}

/* The root of the files under DIR (real) that are no package's. */
static const struct mesh_root *dir_root(struct rewriter *rw, const char *dir)
{
	oom_jump *jump = rw->rb->oom;
	const char *key = must(jump, talloc_asprintf(rw->tmp, "d:%s", dir));
	struct mesh_root *r = index_get(rw->roots, key);

	if (r)
		return r;
	r = must(jump, talloc_zero(rw->tmp, struct mesh_root));
	r->dir = must(jump, talloc_strdup(r, dir));
	/* the place "_file" + DIR: the real path, percent-encoded, as before */
	r->prefix = strcmp(dir, "/") ? uri_path_encoded(r, jump, "_file", dir) : "_file";
	r->what = must(jump, talloc_asprintf(r, "directory %s", dir));
	index_put(rw->roots, key, r);
	return r;
}

/* The directories a file that is no package's may be read from: the
 * input's (the current one for standard input) and each allowed one
 * (u2s.h allow_dirs), real paths; made once. */
static void allowed_dirs(struct rewriter *rw)
{
	const char *input = rw->d->file, *slash;
	char *dir, *real;
	size_t i;

	if (rw->allowed)
		return;
	rw->allowed = must(rw->rb->oom, talloc_zero_array(rw->tmp, const char *,
							  rw->opts->nallow_dirs + 2));
	slash = input && input[0] != '<' ? strrchr(input, '/') : NULL;
	dir = slash ? must(rw->rb->oom, talloc_strndup(rw->tmp, input, (size_t)(slash - input) +
								    (slash == input)))
		    : ".";
	if ((real = realpath(dir, NULL)) != NULL) {
		rw->allowed[rw->nallowed++] = talloc_strdup(rw->allowed, real);
		free(real);
	}
	for (i = 0; i < rw->opts->nallow_dirs; i++)
		if ((real = realpath(rw->opts->allow_dirs[i], NULL)) != NULL) {
			rw->allowed[rw->nallowed++] = talloc_strdup(rw->allowed, real);
			free(real);
		}
	for (i = 0; i < rw->nallowed; i++)
		must(rw->rb->oom, (void *)rw->allowed[i]);
}

static int in_dir(const char *real, const char *dir)
{
	struct mesh_root r = { dir, NULL, "", "" };

	return mesh_root_holds(&r, real);
}

/* The widest allowed directory holding REAL, or NULL. */
static const char *allowed_dir_of(struct rewriter *rw, const char *real)
{
	const char *best = NULL;
	size_t i;

	allowed_dirs(rw);
	for (i = 0; i < rw->nallowed; i++)
		if (in_dir(real, rw->allowed[i]) && (!best || strlen(rw->allowed[i]) < strlen(best)))
			best = rw->allowed[i];
	return best;
}

static int regular_in(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	return snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path &&
	       stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The nearest directory above REAL holding a package.xml or a
 * model.config (a package, a Gazebo model), or NULL; under TMP. */
static const char *package_above(TALLOC_CTX *tmp, oom_jump *jump, const char *real)
{
	char *dir = must(jump, talloc_strdup(tmp, real)), *slash;

	while ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		if (!*dir)
			return NULL;   /* not the whole file system */
		if (regular_in(dir, "package.xml") || regular_in(dir, "model.config"))
			return dir;
	}
	return NULL;
}

/* A mesh's file as found: its real path, its root and path in it. */
struct found {
	const char *real;
	const struct mesh_root *root;
	const char *rel, *place_rel;
};

/* REAL (under TMP) checked to be a regular file; else said at POS. */
static int regular_mesh(struct rewriter *rw, const char *f, const char *real, struct srcpos pos)
{
	struct stat st;

	if (stat(real, &st) == 0 && S_ISREG(st.st_mode))
		return 1;
	mesh_not_regular(rw->d, pos, must(rw->rb->oom, talloc_asprintf(rw->tmp, "mesh '%s' (%s)",
									f, real)), &st);
	return 0;
}

/* F (at POS) is found nowhere: WHERE says where it was looked for. */
static void not_found(struct rewriter *rw, const char *f, struct srcpos pos, const char *where)
{
	diag_error(rw->d, D_MODEL_MESH_NOT_FOUND, pos.line, pos.col, "mesh '%s' is not found: %s",
		   f, where);
}

/* F (at POS) leaves ROOT, its package (HOW says how). */
static void leaves_package(struct rewriter *rw, const char *f, struct srcpos pos,
			   const struct mesh_root *root, const char *how)
{
	diag_error(rw->d, D_MESH_LEAVES_PACKAGE, pos.line, pos.col,
		   "mesh '%s' %s %s: a %.*s URI names a file of its package", f, how, root->what,
		   (int)(strstr(f, "://") - f + 3), f);
}

/* package://PKG/REST or model://PKG/REST, in package PKG (at DIR). */
static int locate_in_package(struct rewriter *rw, TALLOC_CTX *tmp, const char *f,
			     struct srcpos pos, const char *pkg, const char *dir, const char *rest,
			     struct found *out)
{
	oom_jump *jump = rw->rb->oom;
	const struct mesh_root *root = package_root(rw, pkg, dir);
	const char *rel = rel_join(tmp, jump, "", *rest == '/' ? rest + 1 : rest), *lex;

	if (!rel) {
		leaves_package(rw, f, pos, root, "climbs out of");
		return -1;
	}
	lex = must(jump, talloc_asprintf(tmp, "%s/%s", dir, rel));
	if ((out->real = real_path(rw->dirs, tmp, jump, lex)) == NULL) {
		not_found(rw, f, pos, must(jump, talloc_asprintf(tmp, "no file %s (package '%s' is "
								  "%s)", lex, pkg, dir)));
		return -1;
	}
	if (!mesh_root_holds(root, out->real)) {
		leaves_package(rw, f, pos, root, must(jump, talloc_asprintf(tmp, "is a symbolic link "
									   "to %s, outside",
									   out->real)));
		return -1;
	}
	if (!regular_mesh(rw, f, out->real, pos))
		return -1;
	out->root = root;
	out->rel = out->place_rel = rel;
	return 0;
}

/* A mesh at REAL outside every allowed directory, copied as the user
 * asked: said once per directory, so that it is never silent (a service
 * would want --confine) and never a flood (a xacro's $(find) makes every
 * mesh absolute). */
static void outside_once(struct rewriter *rw, const char *f, struct srcpos pos, const char *real)
{
	const char *slash = strrchr(real, '/');
	char *dir = must(rw->rb->oom, talloc_strndup(rw->tmp, real, (size_t)(slash - real)));
	char *key = must(rw->rb->oom, talloc_asprintf(rw->tmp, "o:%s", dir));

	if (index_put(rw->roots, key, key))
		return;
	diag_warn(rw->d, D_MESH_OUTSIDE_INPUT, pos.line, pos.col,
		  "mesh '%s' (%s) is outside the input's directory (%s): copied, as are the other "
		  "meshes of %s (--confine refuses them)", f, real,
		  rw->allowed[0] ? rw->allowed[0] : "?", *dir ? dir : "/");
}

/* A file://, absolute or relative mesh at FILE: its root is the allowed
 * directory holding it; outside them, refused under U2S_CONFINE, else the
 * package above it (or that directory, the wider) or its own directory. */
static int locate_file(struct rewriter *rw, TALLOC_CTX *tmp, const char *f, struct srcpos pos,
		       const char *file, const char *where, struct found *out)
{
	oom_jump *jump = rw->rb->oom;
	const char *allowed, *above, *dir;
	char *real;

	if ((real = realpath(file, NULL)) == NULL) {
		not_found(rw, f, pos, where);
		return -1;
	}
	out->real = talloc_strdup(tmp, real);
	free(real);
	must(jump, (void *)out->real);
	if (!regular_mesh(rw, f, out->real, pos))
		return -1;
	allowed = allowed_dir_of(rw, out->real);
	if (!allowed && (rw->opts->flags & U2S_CONFINE)) {
		diag_error(rw->d, D_MESH_OUTSIDE_ALLOWED, pos.line, pos.col,
			   "mesh '%s' (%s) is outside the input's directory (%s)%s: refused under "
			   "--confine", f, out->real, rw->allowed[0] ? rw->allowed[0] : "?",
			   rw->opts->nallow_dirs ? " and every --allow-dir" : "");
		return -1;
	}
	if (!allowed)
		outside_once(rw, f, pos, out->real);
	above = (rw->opts->flags & U2S_CONFINE) ? NULL : package_above(tmp, jump, out->real);
	dir = allowed && (!above || strlen(allowed) <= strlen(above)) ? allowed : above;
	if (!dir) {
		char *slash = strrchr(out->real, '/');
		dir = slash == out->real ? "/"
					 : must(jump, talloc_strndup(tmp, out->real,
								     (size_t)(slash - out->real)));
	}
	out->root = dir_root(rw, dir);
	out->rel = out->real + strlen(dir) + (strcmp(dir, "/") != 0);
	out->place_rel = uri_path_encoded(tmp, jump, "", out->rel);
	return 0;
}

/* The file URI F (at POS) names, found and checked; -1 when it is not
 * (said). */
static int locate(struct rewriter *rw, TALLOC_CTX *tmp, const char *f, struct srcpos pos,
		  struct found *out)
{
	oom_jump *jump = rw->rb->oom;
	const char *file, *where, *pkg_path;

	if (!strncmp(f, PACKAGE_SCHEME, PACKAGE_SCHEME_LEN) || !strncmp(f, "model://", 8)) {
		const char *name = strstr(f, "://") + 3, *rest = name + strcspn(name, "/");
		char *pkg = must(jump, talloc_strndup(tmp, name, (size_t)(rest - name)));
		int first;
		const char *dir = package_find(rw->finder, pkg, &first);
		if (dir)
			return locate_in_package(rw, tmp, f, pos, pkg, dir, rest, out);
	}
	file = uri_mesh_file(rw->finder, tmp, jump, rw->opts, rw->d->file, f, &where, &pkg_path);
	if (!file) {
		not_found(rw, f, pos, where);
		return -1;
	}
	return locate_file(rw, tmp, f, pos, file, where, out);
}

/* F, a mesh URI at POS, for the model folder: the file and what it
 * names told to the caller (meshrefs.h), the URI of its place returned. */
static const char *folder_uri(struct rewriter *rw, const char *f, struct srcpos pos)
{
	const char *done;
	struct found at;
	char *uri;
	TALLOC_CTX *tmp;
	int err;

	if ((done = index_get(rw->done, f)) != NULL)
		return done;
	if (strstr(f, "://") && strncmp(f, PACKAGE_SCHEME, PACKAGE_SCHEME_LEN) &&
	    strncmp(f, "model://", 8) && strncmp(f, "file://", 7))
		return f;   /* http(s):// (Fuel) and the like: fetched by the simulator */
	tmp = must(rw->rb->oom, talloc_new(NULL));
	if (locate(rw, tmp, f, pos, &at) != 0) {
		talloc_free(tmp);
		index_put(rw->done, f, (void *)f);   /* said once */
		return f;
	}
	uri = arena_cat3(&rw->rb->arena, "model://", 8, rw->opts->model_name,
			 must(rw->rb->oom, talloc_asprintf(tmp, "/meshes/%s/%s", at.root->prefix,
							   at.place_rel)));
	index_put(rw->done, f, uri);
	index_put(rw->done, uri, uri);   /* a blob met twice is rewritten once */
	/* the first failure ends the conversion: no more copies are asked for
	 * (a full disk would fail each, with a message each) */
	if (rw->status == U2S_OK &&
	    (err = mesh_refs_tell(rw->refs, at.root, at.real, at.rel, at.place_rel, f, pos)) != 0)
		rw->status = U2S_IO;
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
	struct rewriter rw = { rb, d, opts->uri_mode, NULL, opts, NULL, U2S_OK, NULL, NULL, NULL,
			       0, NULL, NULL };
	TALLOC_CTX *tmp;
	struct link *l;
	unsigned i;

	if (opts->uri_mode == U2S_URI_KEEP && !opts->model_name)
		return U2S_OK;
	tmp = must(rb->oom, talloc_new(rb));
	if (opts->uri_mode == U2S_URI_FILE || opts->model_name)
		rw.finder = package_finder_new(tmp, opts, rb->oom);
	rw.tmp = tmp;
	if (rw.finder)
		rw.dirs = real_dirs_new(tmp, rb->oom);
	if (opts->model_name) {
		rw.done = index_new(tmp, rb->oom);
		rw.roots = index_new(tmp, rb->oom);
		rw.refs = mesh_refs_new(tmp, rb->oom, d, opts);
	}
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
