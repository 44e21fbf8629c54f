/* blob: <gazebo> blobs read through the output version's schema (blob.h). */
#include "blob.h"

#include "index.h"

#include <stdio.h>
#include <string.h>

/* Descriptions nest (a model holds models), blobs may nest deeper than any
 * robot needs: below this depth elements are kept as they are. */
#define FILL_DEPTH_MAX 64

struct filler {
	struct robot *rb;
	struct diag *d;
	const struct schema *s;
};

int blob_frame_written(const struct robot *rb, const char *name)
{
	const struct link *l = index_get(rb->link_index, name);
	const struct joint *j = index_get(rb->joint_index, name);
	const struct ext_ref *r;
	unsigned i;

	if (strcmp(name, "__model__") == 0)
		return 1;
	if (l && (l->fate == LINK_WRITTEN || l->fate == LINK_LUMPED || l->fate == LINK_FRAME))
		return 1;
	if (j && (j->fate == JOINT_WRITTEN || j->fate == JOINT_AS_FRAME ||
		  (j->fate == JOINT_LUMPED && j->child->fate == LINK_LUMPED)))
		return 1;
	for (r = rb->model_exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++) {
			const struct xnode *b = r->ext->blobs.v[i];
			const char *n = xnode_attr(b, "name");
			if (strcmp(b->name, "frame") == 0 && n && strcmp(n, name) == 0)
				return 1;
		}
	return 0;
}

static void drop_attr_at(struct xnode *n, unsigned i)
{
	memmove(&n->attrs[i], &n->attrs[i + 1], (n->nattrs - i - 1) * sizeof *n->attrs);
	n->nattrs--;
}

/* <pose frame="F">: SDFormat 1.6's spelling of relative_to, which later
 * readers drop (the pose then means another place).  Written as
 * relative_to when F is a frame of the output; kept out, with a warning,
 * when it is not (or relative_to is given too); an empty F is no frame. */
static void old_pose_frame(struct filler *f, struct xnode *pose, unsigned i)
{
	const char *frame = pose->attrs[i].value;
	char buf[DIAG_EXCERPT + 4];

	drop_attr_at(pose, i);
	if (frame[0] == '\0')
		return;
	if (xnode_attr(pose, "relative_to"))
		diag_warn(f->d, pose->pos.line, pose->pos.col, "<pose> has both frame='%s' and "
			  "relative_to; frame is dropped", diag_excerpt(buf, frame));
	else if (blob_frame_written(f->rb, frame))
		xnode_set_attr(pose, "relative_to", frame);
	else
		diag_warn(f->d, pose->pos.line, pose->pos.col, "<pose frame='%s'> names no link, "
			  "joint or frame of the output; dropped, so the pose is taken relative "
			  "to the element's parent", diag_excerpt(buf, frame));
}

/* Attributes of N that E does not describe go, as a reader drops them,
 * with one warning naming them all; names with a namespace prefix (a:b)
 * stay, as libsdformat keeps them. */
static void drop_unknown_attrs(struct filler *f, struct xnode *n, const struct schema_elem *e)
{
	char names[3 * DIAG_EXCERPT], buf[DIAG_EXCERPT + 4];
	size_t len = 0;
	unsigned i = 0, dropped = 0, listed = 0;

	names[0] = '\0';
	while (i < n->nattrs) {
		const char *name = n->attrs[i].name;
		if (strchr(name, ':') || schema_attr(f->s, e, name)) {
			i++;
			continue;
		}
		if (strcmp(name, "frame") == 0 && strcmp(n->name, "pose") == 0) {
			old_pose_frame(f, n, i);
			continue;
		}
		if (len + DIAG_EXCERPT + 8 < sizeof names) {
			len += (size_t)snprintf(names + len, sizeof names - len, "%s'%s'",
						dropped ? ", " : "", diag_excerpt(buf, name));
			listed++;
		}
		dropped++;
		drop_attr_at(n, i);
	}
	if (dropped)
		diag_warn(f->d, n->pos.line, n->pos.col, "<%s> has no attribute%s %s%s in SDFormat "
			  "%s; dropped", n->name, dropped > 1 ? "s" : "", names,
			  listed < dropped ? ", ..." : "", f->s->version);
}

/* A required element E that is missing, added under PARENT with its
 * default text, its required attributes and required children. */
static void add_default(struct filler *f, struct xnode *parent, const struct schema_elem *e,
			int depth)
{
	struct xnode *n = xnode_add(parent, e->name, e->dflt);
	unsigned i;

	for (i = 0; i < e->nattrs; i++) {
		const struct schema_attr *a = &f->s->attrs[e->attr0 + i];
		if (a->required)
			xnode_set_attr(n, a->name, a->dflt ? a->dflt : "");
	}
	if (depth >= FILL_DEPTH_MAX)
		return;
	for (i = 0; i < e->nchildren; i++) {
		const struct schema_child *c = &f->s->children[e->child0 + i];
		if (c->required == SCHEMA_ONE)
			add_default(f, n, &f->s->elems[c->elem], depth + 1);
	}
}

/* N, described by E, as a reader makes it: unknown attributes dropped, its
 * children read the same way, missing required children added (at the
 * end, in the description's order, as libsdformat adds them). */
static void fill(struct filler *f, struct xnode *n, const struct schema_elem *e, int depth)
{
	struct xnode *c;
	unsigned i;

	drop_unknown_attrs(f, n, e);
	if (depth >= FILL_DEPTH_MAX)
		return;
	for (c = n->first; c; c = c->next) {
		const struct schema_elem *ce = schema_child(f->s, e, c->name, NULL);
		if (ce)
			fill(f, c, ce, depth + 1);
	}
	for (i = 0; i < e->nchildren; i++) {
		const struct schema_child *sc = &f->s->children[e->child0 + i];
		const struct schema_elem *ce = &f->s->elems[sc->elem];
		if ((sc->required == SCHEMA_ONE || sc->required == SCHEMA_SOME) &&
		    !xnode_child(n, ce->name))
			add_default(f, n, ce, depth + 1);
	}
}

void blob_fill(struct robot *rb, struct diag *d, const struct schema *s,
	       const struct schema_elem *context, struct xnode *blob)
{
	struct filler f = { rb, d, s };
	const struct schema_elem *e = context ? schema_child(s, context, blob->name, NULL) : NULL;

	if (e)
		fill(&f, blob, e, 0);
}

static void fill_list(struct robot *rb, struct diag *d, const struct schema *s,
		      const char *context, const struct node_list *blobs)
{
	const struct schema_elem *ctx = schema_file(s, context);
	unsigned i;

	for (i = 0; i < blobs->n; i++)
		blob_fill(rb, d, s, ctx, blobs->v[i]);
}

void blob_read_as(struct robot *rb, struct diag *d, const struct schema *s)
{
	unsigned i;

	for (i = 0; i < rb->nexts; i++) {
		struct ext *e = rb->exts[i];
		const struct link *l = e->ref[0] ? index_get(rb->link_index, e->ref) : NULL;
		const struct joint *j = e->ref[0] ? index_get(rb->joint_index, e->ref) : NULL;
		const char *context = "model";
		if (l && (l->fate == LINK_DROPPED || l->fate == LINK_WORLD))
			continue;   /* not written */
		else if (l)
			context = "link";
		else if (j && j->fate == JOINT_WRITTEN)
			context = "joint";
		else if (e->ref[0])
			continue;   /* names nothing written */
		fill_list(rb, d, s, context, &e->blobs);
		fill_list(rb, d, s, "visual", &e->visual_blobs);
		fill_list(rb, d, s, "collision", &e->collision_blobs);
	}
}
