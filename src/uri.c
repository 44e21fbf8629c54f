/* uri: mesh URIs by --uri-mode. */
#include "uri.h"

#include <string.h>

#include "package.h"

static const char PACKAGE_SCHEME[] = "package://";
#define PACKAGE_SCHEME_LEN (sizeof PACKAGE_SCHEME - 1)

struct rewriter {
	struct robot *rb;
	struct diag *d;
	enum u2s_uri_mode mode;
	struct package_finder *finder;   /* U2S_URI_FILE */
};

/* libsdformat's rewrite: the first package:// anywhere becomes model://. */
static const char *model_uri(struct arena *a, const char *f)
{
	const char *p = strstr(f, PACKAGE_SCHEME);

	if (!p)
		return f;
	return arena_cat3(a, f, (size_t)(p - f), "model://", p + PACKAGE_SCHEME_LEN);
}

static const char *file_uri(struct rewriter *rw, const struct geometry *g)
{
	const char *f = g->filename, *name, *rest, *dir;
	char *pkg;
	int first;

	if (strncmp(f, PACKAGE_SCHEME, PACKAGE_SCHEME_LEN) != 0)
		return f;
	name = f + PACKAGE_SCHEME_LEN;
	rest = name + strcspn(name, "/");
	pkg = arena_strndup(&rw->rb->arena, name, (size_t)(rest - name));
	dir = package_find(rw->finder, pkg, &first);
	if (dir)
		return arena_cat3(&rw->rb->arena, "file://", 7, dir, rest);
	if (first)
		diag_warn(rw->d, D_PACKAGE_NOT_FOUND, g->pos.line, g->pos.col,
			  "package '%s' (mesh '%s') is not in --package-path, ROS_PACKAGE_PATH "
			  "or AMENT_PREFIX_PATH; its meshes are written as model://%s/...",
			  pkg, f, pkg);
	return model_uri(&rw->rb->arena, f);
}

static void rewrite_item(struct rewriter *rw, struct item *it)
{
	struct geometry *g = &it->geom;

	if (g->kind != GEOM_MESH || !g->filename)
		return;
	if (rw->mode == U2S_URI_FILE)
		g->filename = file_uri(rw, g);
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

/* In document order, so that a warning points at the first <mesh> that
 * names the package.  A link's items are written when it is, or when the
 * link it was lumped into is (its owner; itself unless lumped). */
void uri_rewrite(struct robot *rb, struct diag *d, const struct options *opts)
{
	struct rewriter rw = { rb, d, opts->uri_mode, NULL };
	TALLOC_CTX *tmp;
	struct link *l;

	if (opts->uri_mode == U2S_URI_KEEP)
		return;
	tmp = must(rb->oom, talloc_new(rb));
	if (opts->uri_mode == U2S_URI_FILE)
		rw.finder = package_finder_new(tmp, opts, rb->oom);
	for (l = rb->links; l; l = l->next)
		if (l->owner && l->owner->fate == LINK_WRITTEN)
			rewrite_link(&rw, l);
	talloc_free(tmp);
}
