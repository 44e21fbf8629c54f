/* write: SDF emission. */
#include "write.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "out.h"
#include "spool.h"
#include "tags.h"
#include "world.h"

/* The writer's context, as cmark's renderer: what it writes (the resolved
 * robot), how (the options, the target version), with what (the scratch
 * arena each element is built in and forgotten), and where. */
struct writer {
	const struct robot *rb;
	const struct options *opts;
	const struct sdf_target *target;
	struct arena scratch;
	struct out *o;
	/* The colour text of the materials met last, by their address: a
	 * robot's visuals share a few materials, and each colour costs floats
	 * read and printed.  The texts are talloc children of KEEP, each
	 * freed when its slot is taken by another material. */
	TALLOC_CTX *keep;
	struct { const struct material *m; const char *text; } colours[16];
	/* The rotation of the last link whose items were placed in their
	 * owner's frame (a link has many items). */
	const struct link *placed;
	struct quat placed_q;
};

/* ---- text of values ------------------------------------------------------- */

static const char *fmt_num(struct xnode *at, double v)
{
	return num_vec_text(at->arena, &v, 1, NUM_SHORTEST);
}

static const char *fmt_long(struct xnode *at, long v)
{
	char *p = arena_alloc_raw(at->arena, NUM_BUFSZ);

	arena_trim(at->arena, p, NUM_BUFSZ, num_format_long(v, p) + 1);
	return p;
}

/* N numbers in STYLE. */
static const char *fmt_nums(struct xnode *at, const double *v, int n, enum num_style style)
{
	return num_vec_text(at->arena, v, n, style);
}

/* A vector of the kind libsdformat may print with fewer digits (sizes,
 * scales, axes, fdir1): in the target's style. */
static const char *fmt_vector(const struct writer *w, struct xnode *at, const double *v,
			      enum vector_use use)
{
	return fmt_nums(at, v, 3, w->target->vector_style[use]);
}

/* A pose, exactly; angles as urdfdom extracts them when URDF_RPY (visual,
 * collision and model poses). */
static const char *fmt_pose_as(struct xnode *at, struct pose p, int urdf_rpy)
{
	double v[6] = { p.p.x, p.p.y, p.p.z };

	pose_rpy(&p, urdf_rpy, v + 3);
	return fmt_nums(at, v, 6, NUM_SHORTEST);
}

static const char *fmt_pose(struct xnode *at, struct pose p)
{
	return fmt_pose_as(at, p, 0);
}

static const char *fmt_pose_urdf(struct xnode *at, struct pose p)
{
	return fmt_pose_as(at, p, 1);
}

static const char *fmt_bool(int b)
{
	return b ? "true" : "false";
}

/* ---- printing an element tree ------------------------------------------------ */

/* Two spaces a level, up to 32 levels: deeper blobs are indented no more,
 * so that the output grows with the input, not with its depth squared. */
#define INDENT_MAX 64
static const char SPACES[INDENT_MAX + 1] =
	"                                                                ";

static size_t indent_of(unsigned depth)
{
	return depth < INDENT_MAX / 2 ? 2 * depth : INDENT_MAX;
}

/* The output is millions of short pieces: an element's pieces are copied
 * into the buffer at one place (out_room) rather than each through
 * out_put.  The indentation is copied whole (a fixed size, which the
 * compiler copies inline) and the cursor moved by what is meant. */
static char *put_indent(char *d, unsigned depth)
{
	memcpy(d, SPACES, INDENT_MAX);
	return d + indent_of(depth);
}

/* Copies the N bytes at S to D.  Names and numbers are a few bytes: two
 * fixed-size copies that overlap in the middle cost fewer instructions
 * than a call to memcpy, and read nothing outside S[0..N). */
static inline char *put_bytes(char *d, const char *s, size_t n)
{
	if (n >= 8 && n <= 16) {
		memcpy(d, s, 8);
		memcpy(d + n - 8, s + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(d, s, 4);
		memcpy(d + n - 4, s + n - 4, 4);
	} else if (n > 16 && n <= 32) {
		memcpy(d, s, 16);
		memcpy(d + n - 16, s + n - 16, 16);
	} else if (n < 4) {
		size_t i;
		for (i = 0; i < n; i++)
			d[i] = s[i];
	} else {
		memcpy(d, s, n);
	}
	return d + n;
}

/* N's attributes, after its name: each in one piece when its value needs
 * no escaping (names: nearly all). */
static void print_attrs(struct out *o, const struct xnode *n)
{
	unsigned i;

	for (i = 0; i < n->nattrs; i++) {
		const char *name = n->attrs[i].name, *value = n->attrs[i].value;
		size_t nlen = strlen(name), run = strcspn(value, OUT_ATTR_SPECIAL);
		char *d;
		if (value[run] == '\0' && (d = out_room(o, nlen + run + 4)) != NULL) {
			*d++ = ' ';
			d = put_bytes(d, name, nlen);
			d[0] = '=', d[1] = '\'';
			d = put_bytes(d + 2, value, run);
			*d++ = '\'';
			out_wrote(o, d);
			continue;
		}
		out_char(o, ' ');
		out_put(o, name, nlen);
		out_str(o, "='");
		out_escaped_attr(o, value);
		out_char(o, '\'');
	}
}

/* Writes "<NAME" and N's attributes at DEPTH; returns NAME's length.
 * Inline: it is most of the printing, and most elements have no
 * attributes (print_attrs is out of line). */
static inline size_t print_open(struct out *o, const struct xnode *n, unsigned depth)
{
	size_t nlen = n->nlen;
	char *d = out_room(o, INDENT_MAX + 1 + nlen);

	if (d) {
		d = put_indent(d, depth);
		*d++ = '<';
		out_wrote(o, put_bytes(d, n->name, nlen));
	} else {
		out_put(o, SPACES, indent_of(depth));
		out_char(o, '<');
		out_put(o, n->name, nlen);
	}
	if (n->nattrs)
		print_attrs(o, n);
	return nlen;
}

/* "</NAME>" and a newline, NAME of NLEN bytes, after INDENT bytes of it. */
static inline void print_end_tag(struct out *o, const char *name, size_t nlen, size_t indent)
{
	char *d = out_room(o, INDENT_MAX + nlen + 4);

	if (d) {
		memcpy(d, SPACES, INDENT_MAX);
		d += indent;
		d[0] = '<', d[1] = '/';
		d = put_bytes(d + 2, name, nlen);
		d[0] = '>', d[1] = '\n';
		out_wrote(o, d + 2);
	} else {
		out_put(o, SPACES, indent);
		out_str(o, "</");
		out_put(o, name, nlen);
		out_str(o, ">\n");
	}
}

static void print_close(struct out *o, const struct xnode *n, unsigned depth)
{
	print_end_tag(o, n->name, n->nlen, indent_of(depth));
}

/* ">TEXT</NAME>" and a newline: TEXT escaped, copied in one piece when its
 * first RUN bytes are all of it (it needs no escaping: nearly always). */
static inline void print_text(struct out *o, const char *text, size_t run, const char *name,
			      size_t nlen)
{
	char *d;

	if (text[run] == '\0' && (d = out_room(o, run + 1)) != NULL) {
		*d++ = '>';
		out_wrote(o, put_bytes(d, text, run));
	} else {
		out_char(o, '>');
		out_escaped(o, text);
	}
	print_end_tag(o, name, nlen, 0);
}

/* A leaf with text: "<NAME>TEXT</NAME>", in one piece when it has no
 * attributes and its text needs no escaping (most elements the writer
 * makes: a number under a name). */
static inline void print_leaf(struct out *o, const struct xnode *n, unsigned depth)
{
	const char *text = n->text;
	size_t nlen = n->nlen, run = text == n->plain ? strlen(text) : strcspn(text, OUT_TEXT_SPECIAL);
	char *d;

	if (!n->nattrs && text[run] == '\0' &&
	    (d = out_room(o, INDENT_MAX + 2 * nlen + run + 5)) != NULL) {
		d = put_indent(d, depth);
		*d++ = '<';
		d = put_bytes(d, n->name, nlen);
		*d++ = '>';
		d = put_bytes(d, text, run);
		d[0] = '<', d[1] = '/';
		d = put_bytes(d + 2, n->name, nlen);
		d[0] = '>', d[1] = '\n';
		out_wrote(o, d + 2);
		return;
	}
	print_open(o, n, depth);
	print_text(o, text, run, n->name, nlen);
}

/* Prints N and its subtree at DEPTH.  Iterative: blobs may be deep. */
static void print_node(struct out *o, const struct xnode *n, unsigned depth)
{
	const struct xnode *cur = n;

	for (;;) {
		if (!cur->first && cur->text && cur->text[0]) {
			print_leaf(o, cur, depth);
		} else {
			print_open(o, cur, depth);
			if (cur->first) {
				out_str(o, ">\n");
				cur = cur->first;
				depth++;
				continue;
			}
			out_str(o, "/>\n");
		}
		while (cur != n && !cur->next) {
			cur = cur->parent;
			depth--;
			print_close(o, cur, depth);
		}
		if (cur == n)
			return;
		cur = cur->next;
	}
}

/* Prints a model child and forgets it: the arena is the writer's scratch. */
static void print_and_free(struct out *o, struct xnode *el)
{
	print_node(o, el, 2);
	arena_reset(el->arena);
}

/* ---- geometry, visuals, collisions -------------------------------------------- */

static void add_geometry(const struct writer *w, struct xnode *parent, const struct geometry *g)
{
	struct xnode *geo = xnode_add(parent, "geometry", NULL);
	struct xnode *shape;

	switch (g->kind) {
	case GEOM_BOX:
		shape = xnode_add(geo, "box", NULL);
		xnode_add_plain(shape, "size", fmt_vector(w, geo, g->size, VEC_BOX_SIZE));
		break;
	case GEOM_CYLINDER:
		shape = xnode_add(geo, "cylinder", NULL);
		xnode_add_plain(shape, "length", fmt_num(geo, g->length));
		xnode_add_plain(shape, "radius", fmt_num(geo, g->radius));
		break;
	case GEOM_CAPSULE:   /* SDFormat 1.8 and later (every target); the schema's order */
		shape = xnode_add(geo, "capsule", NULL);
		xnode_add_plain(shape, "radius", fmt_num(geo, g->radius));
		xnode_add_plain(shape, "length", fmt_num(geo, g->length));
		break;
	case GEOM_SPHERE:
		shape = xnode_add(geo, "sphere", NULL);
		xnode_add_plain(shape, "radius", fmt_num(geo, g->radius));
		break;
	case GEOM_MESH:
		shape = xnode_add(geo, "mesh", NULL);
		xnode_add_plain(shape, "scale", fmt_vector(w, geo, g->scale, VEC_MESH_SCALE));
		xnode_add(shape, "uri", g->filename);  /* src/uri.c made it */
		break;
	case GEOM_NONE:
		break;
	}
}

/* A blob, as resolve left it (src/blob.c: read through the target's
 * schema), copied under PARENT. */
static void add_blob(struct xnode *parent, const struct xnode *blob)
{
	xnode_append(parent, xnode_copy(parent->arena, blob));
}

/* A blob named NAME replaces the element of that name; others are added. */
static void add_blobs_replacing(struct xnode *parent, const struct node_list *blobs,
				const char *name)
{
	unsigned i;

	for (i = 0; i < blobs->n; i++) {
		struct xnode *old;
		if (strcmp(blobs->v[i]->name, name) == 0)
			while ((old = xnode_child(parent, name)) != NULL)
				xnode_unlink(old);
		add_blob(parent, blobs->v[i]);
	}
}

/* ---- special <gazebo> tags (src/tags.h) ------------------------------------- */

static const char *tag_text(const struct writer *w, struct xnode *at, const struct tag *t,
			    const union tag_value *v)
{
	switch (t->kind) {
	case TAG_BOOL:
		return fmt_bool(t->negate ? !v->b : v->b);
	case TAG_NUM:
		return fmt_num(at, v->num);
	case TAG_VEC3:
		return fmt_vector(w, at, v->vec, VEC_TAG);
	case TAG_INT:
		return fmt_long(at, v->i);
	case TAG_TEXT:
		return v->text;
	}
	return "";
}

/* Puts TEXT at place P below EL.  *FRESH, when not NULL, is the first
 * container this use of the tag made (W_ADD). */
static void put_at(struct xnode *el, const struct tag_place *p, const char *text,
		   struct xnode **fresh)
{
	struct xnode *cur = el;
	unsigned i;

	for (i = 0; i + 1 < TAG_PATH_MAX && p->path[i + 1]; i++) {
		if (i == 0 && fresh)
			cur = *fresh ? *fresh : (*fresh = xnode_add(el, p->path[0], NULL));
		else
			cur = xnode_need(cur, p->path[i]);
	}
	if (fresh)
		xnode_add(cur, p->path[i], text);
	else
		xnode_replace(cur, p->path[i], text);
}

static void apply_tag(const struct writer *w, struct xnode *el, const struct tag *t,
		      const union tag_value *v)
{
	struct xnode *fresh = NULL;
	unsigned k;

	for (k = 0; k < 2 && t->at[k].path[0]; k++)
		put_at(el, &t->at[k], t->at[k].fixed ? t->at[k].fixed : tag_text(w, el, t, v),
		       t->write == W_ADD ? &fresh : NULL);
}

/* --migrate's colours for the Classic material E's <material> tag names
 * (resolve.c decided), in place of the script that tag writes: replaced,
 * as the tag's elements are. */
static void put_material_colours(struct xnode *vis, const struct xnode *colours)
{
	struct xnode *mat = xnode_need(vis, "material"), *old;
	const struct xnode *c;

	while ((old = xnode_child(mat, "script")) != NULL)
		xnode_unlink(old);
	for (c = colours->first; c; c = c->next)
		xnode_replace(mat, c->name, c->text);
}

/* Every tag of E written at TARGET, in the table's order. */
static void apply_tags(const struct writer *w, struct xnode *el, const struct ext *e,
		       enum tag_target target)
{
	unsigned id;

	for (id = 0; id < TAG_COUNT; id++) {
		if (TAGS[id].target != target || !tag_given(&e->tags, id))
			continue;
		if (id == TAG_MATERIAL && e->material_colours)
			put_material_colours(el, e->material_colours);
		else
			apply_tag(w, el, &TAGS[id], tag_get(&e->tags, id));
	}
}

/* libsdformat makes a collision's surface/contact/ode and
 * surface/friction/ode for every block of its link, set or not. */
static void collision_ext(const struct writer *w, struct xnode *col, const struct ext *e)
{
	struct xnode *surface;

	add_blobs_replacing(col, &e->collision_blobs, "surface");
	surface = xnode_need(col, "surface");
	xnode_need(xnode_need(surface, "contact"), "ode");
	xnode_need(xnode_need(surface, "friction"), "ode");
	apply_tags(w, col, e, AT_COLLISION);
}

static void visual_ext(const struct writer *w, struct xnode *vis, const struct ext *e)
{
	add_blobs_replacing(vis, &e->visual_blobs, "material");
	apply_tags(w, vis, e, AT_VISUAL);
}

/* The colour libsdformat writes for material M, as text: it reproduces its
 * digits.  urdfdom keeps the colour as a float, the converter scales it by
 * 1/0.8 in double and prints 16 digits, and the SDF reader parses that back
 * as a float and prints it: libsdformat 12 with 6 digits, later ones in
 * full (the target says which). */
static const char *colour_text(const struct writer *w, const struct material *m)
{
	char buf[4 * NUM_BUFSZ + 4];
	float c[4] = { 0, 0, 0, 1 };
	size_t len = 0;
	int i;

	if (m->has_rgba) {
		for (i = 0; i < 3; i++) {
			double x = (double)(float)m->rgba[i] / 0.8;
			c[i] = num_float_via_text16(x > 1 ? 1 : x);
		}
		c[3] = (float)m->rgba[3];
	}
	for (i = 0; i < 4; i++) {
		if (i)
			buf[len++] = ' ';
		len += w->target->colour_in_full ? num_format_float_shortest(c[i], buf + len)
						  : num_format_float(c[i], buf + len);
	}
	return must(w->scratch.oom, talloc_strndup(w->keep, buf, len));
}

static const char *colour_of(struct writer *w, const struct material *m)
{
	unsigned slot = (unsigned)((uintptr_t)m / sizeof *m) % (sizeof w->colours / sizeof w->colours[0]);

	if (w->colours[slot].m != m) {
		w->colours[slot].m = m;
		talloc_free((char *)w->colours[slot].text);   /* NULL at first: nothing */
		w->colours[slot].text = colour_text(w, m);
	}
	return w->colours[slot].text;
}

/* The URDF colour, unless an extension gave the material its own. */
static void visual_colour(struct writer *w, struct xnode *vis, const struct material *m)
{
	struct xnode *mat = xnode_need(vis, "material");
	const char *text;

	if (xnode_child(mat, "diffuse") || xnode_child(mat, "ambient"))
		return;
	text = colour_of(w, m);
	xnode_add(mat, "diffuse", text);
	xnode_add(mat, "ambient", text);
}

/* Children of an item, each with when it came (a count of appends). */
struct stamped { struct xnode *n; unsigned stamp; };
struct stamps { struct stamped *v; unsigned n, cap; };

static void stamps_push(struct arena *a, struct stamps *s, struct xnode *n, unsigned stamp)
{
	if (s->n == s->cap) {
		struct stamped *v;
		s->cap = s->cap ? 2 * s->cap : 8;
		v = ARENA_ARRAY(a, struct stamped, s->cap);
		if (s->n)
			memcpy(v, s->v, s->n * sizeof *v);
		s->v = v;
	}
	s->v[s->n].n = n;
	s->v[s->n++].stamp = stamp;
}

/* Whether a block applied to an item of KIND looks up its children named
 * NAME: those a blob replaces (material, surface), those a tag is written
 * in. */
static int looked_up(const char *name, enum item_kind kind)
{
	enum tag_target target = kind == ITEM_VISUAL ? AT_VISUAL : AT_COLLISION;
	unsigned id, k;

	if (!strcmp(name, kind == ITEM_VISUAL ? "material" : "surface"))
		return 1;
	for (id = 0; id < TAG_COUNT; id++)
		for (k = 0; k < 2 && TAGS[id].target == target && TAGS[id].at[k].path[0]; k++)
			if (!strcmp(TAGS[id].at[k].path[0], name))
				return 1;
	return 0;
}

/* What the blocks of link EXT_LINK make of an item of KIND: applied once
 * to an item with an empty pose and geometry (which no block reads), then
 * copied into each item, so that a link's items cost no more each for
 * having many blocks.  NULL when the link has no block.
 * After each block, the children no block looks up are moved aside, so
 * that the next block's lookups scan only what they may find; each child
 * keeps when it came, and all go back in that order at the end (the order
 * the blocks applied one after the other give). */
static struct xnode *item_template(struct writer *w, const struct link *ext_link,
				   enum item_kind kind)
{
	struct xnode *el, *c, *next;
	const struct ext_ref *r;
	struct stamps kept = { 0 }, aside = { 0 };
	unsigned seen, i, j;

	if (!ext_link->exts.first)
		return NULL;
	el = xnode_new(&w->scratch, kind == ITEM_VISUAL ? "visual" : "collision");
	xnode_add(el, "pose", NULL);
	seen = xnode_add(el, "geometry", NULL)->seq;
	for (r = ext_link->exts.first; r; r = r->next) {
		if (kind == ITEM_VISUAL)
			visual_ext(w, el, r->ext);
		else
			collision_ext(w, el, r->ext);
		/* What this block added came after everything looked at before
		 * (children are only appended): each child is looked at once.
		 * What tags look up stays; the rest is set aside, with its
		 * place in the order things came. */
		for (c = el->last; c && c->prev && c->prev->seq > seen; c = c->prev)
			;
		for (; c && c->seq > seen; c = next) {
			next = c->next;
			seen = c->seq;
			if (!looked_up(c->name, kind)) {
				xnode_unlink(c);
				stamps_push(&w->scratch, &aside, c, seen);
			}
		}
	}
	for (c = el->first; c; c = c->next)
		stamps_push(&w->scratch, &kept, c, c->seq);
	for (i = 0; i < kept.n; i++)
		xnode_unlink(kept.v[i].n);
	for (i = j = 0; i < kept.n || j < aside.n;)
		if (j == aside.n || (i < kept.n && kept.v[i].stamp < aside.v[j].stamp))
			xnode_append(el, kept.v[i++].n);
		else
			xnode_append(el, aside.v[j++].n);
	return el;
}

/* An item of link SRC, written in link L (SRC itself, or the link SRC was
 * lumped into); TMPL[0] and TMPL[1] what the blocks of SRC and of L make
 * of it (item_template). */
static struct xnode *build_item(struct writer *w, const struct link *l, const struct link *src,
			       const struct item *it, unsigned k, struct xnode *const tmpl[2])
{
	const char *tag = it->kind == ITEM_VISUAL ? "visual" : "collision";
	struct xnode *el = xnode_new(&w->scratch, tag);
	const char *name = item_sdf_name(el->arena, l->name, src, it, k);
	const struct xnode *t = tmpl[0], *c;

	xnode_set_attr(el, "name", name);
	if (src != w->placed && !pose_is_identity(src->to_owner)) {
		w->placed = src;
		w->placed_q = pose_quat(&src->to_owner);
	}
	xnode_add_plain(el, "pose", fmt_pose_urdf(el, pose_compose_q(src->to_owner, w->placed_q,
								      it->origin)));
	add_geometry(w, el, &it->geom);
	/* Extensions reach exactly the items that came from the link they
	 * name, with one exception kept for libsdformat's sake (it tells items
	 * apart by name): an unnamed item lumped from a link whose name starts
	 * with the owner's ("base_arm" into "base") gets no lump marker in its
	 * name, and takes the owner's extensions instead of its link's. */
	if (src != l && !strstr(name, "_fixed_joint_lump__"))
		t = tmpl[1];
	for (c = t ? t->first->next->next : NULL; c; c = c->next)
		add_blob(el, c);
	if (it->kind == ITEM_VISUAL && it->material)
		visual_colour(w, el, it->material);
	return el;
}

/* ---- links ------------------------------------------------------------------ */

static void add_inertial(struct xnode *link_el, const struct inertial *in)
{
	struct xnode *el = xnode_add(link_el, "inertial", NULL);
	struct xnode *inertia;

	xnode_add_plain(el, "pose", fmt_pose(el, in->origin));
	xnode_add_plain(el, "mass", fmt_num(el, in->mass));
	inertia = xnode_add(el, "inertia", NULL);
	xnode_add_plain(inertia, "ixx", fmt_num(el, in->ixx));
	xnode_add_plain(inertia, "ixy", fmt_num(el, in->ixy));
	xnode_add_plain(inertia, "ixz", fmt_num(el, in->ixz));
	xnode_add_plain(inertia, "iyy", fmt_num(el, in->iyy));
	xnode_add_plain(inertia, "iyz", fmt_num(el, in->iyz));
	xnode_add_plain(inertia, "izz", fmt_num(el, in->izz));
}

/* The link-level elements that <gazebo> tags replace (gravity,
 * self_collide), tracked as they are added, so that a replacement costs no
 * scan of the link's children (a link that absorbed thousands of others
 * has thousands of them): by tag, every child of that tag's name. */
struct replaceable {
	struct node_list nodes[TAG_COUNT];
};

static int is_tracked(const struct tag *t)
{
	return (t->target == AT_LINK || t->target == AT_MODEL) && t->write == W_REPLACE &&
	       !t->at[0].path[1];
}

/* SDF's replace-add: every element of that name goes, one comes at the end. */
static void replace_tracked(struct xnode *el, struct node_list *nodes, const char *name,
			    const char *text)
{
	unsigned i;

	for (i = 0; i < nodes->n; i++)
		xnode_unlink(nodes->v[i]);
	nodes->n = 0;
	node_list_push(el->arena, nodes, xnode_add(el, name, text));
}

static void link_ext(const struct writer *w, struct xnode *el, const struct ext *e,
		     struct replaceable *rep, enum tag_target target)
{
	unsigned i, id;

	for (id = 0; id < TAG_COUNT; id++) {
		const struct tag *t = &TAGS[id];
		if (t->target != target || !tag_given(&e->tags, id))
			continue;
		if (is_tracked(t))
			replace_tracked(el, &rep->nodes[id], t->at[0].path[0],
					tag_text(w, el, t, tag_get(&e->tags, id)));
		else
			apply_tag(w, el, t, tag_get(&e->tags, id));
	}
	for (i = 0; i < e->blobs.n; i++) {
		if (world_blob_moved(w->rb->plan, e->blobs.v[i]))
			continue;   /* a world system: written in the world (world.h) */
		add_blob(el, e->blobs.v[i]);
		for (id = 0; id < TAG_COUNT; id++)
			if (is_tracked(&TAGS[id]) &&
			    strcmp(e->blobs.v[i]->name, TAGS[id].at[0].path[0]) == 0)
				node_list_push(el->arena, &rep->nodes[id], el->last);
	}
}

/* The name a joint's pose is relative to: its parent link, or the model
 * when the parent is the world. */
static const char *parent_frame(const struct robot *rb, const struct joint *j)
{
	return link_is_world(rb, j->parent) ? "__model__" : j->parent->name;
}

/* The items of link L, its own then those of the links lumped into it
 * (collisions first, then visuals), each printed as soon as it is built
 * and then forgotten: a link that absorbed a hundred thousand others
 * still needs the memory of one item. */
static void write_items(struct writer *w, const struct link *l, enum item_kind kind)
{
	const struct link *src;
	const struct item *it;
	unsigned k = 0;
	struct arena_mark all = arena_mark(&w->scratch);
	struct xnode *tmpl[2] = { NULL, item_template(w, l, kind) };

	for (src = l; src; src = src == l ? l->absorbed_first : src->next_absorbed) {
		struct arena_mark m0 = arena_mark(&w->scratch);
		tmpl[0] = src == l ? tmpl[1] : item_template(w, src, kind);
		for (it = kind == ITEM_VISUAL ? src->visuals.first : src->collisions.first;
		     it; it = it->next) {
			struct arena_mark m = arena_mark(&w->scratch);
			print_node(w->o, build_item(w, l, src, it, k++, tmpl), 3);
			arena_release(&w->scratch, m);
		}
		arena_release(&w->scratch, m0);
	}
	arena_release(&w->scratch, all);
}

static int has_items(const struct link *l)
{
	const struct link *src;

	for (src = l; src; src = src == l ? l->absorbed_first : src->next_absorbed)
		if (src->visuals.first || src->collisions.first)
			return 1;
	return 0;
}

/* A link: its pose and inertial, its items, then what its extensions add
 * (which only ever touches what extensions added before it). */
static void write_link(struct writer *w, const struct link *l)
{
	struct xnode *el = xnode_new(&w->scratch, "link"), *tail = xnode_new(&w->scratch, "link");
	const struct joint *pj = l->parent_joint;
	const struct link *src;
	const struct ext_ref *r;
	struct replaceable *rep = ARENA_NEW(&w->scratch, struct replaceable);
	struct xnode *c;

	xnode_set_attr(el, "name", l->name);
	if (pj && pj->fate == JOINT_WRITTEN) {
		xnode_set_attr(xnode_add(el, "pose", NULL), "relative_to", pj->name);
	} else if (pj) {
		struct xnode *pose = xnode_add_plain(el, "pose", fmt_pose(el, pj->origin));
		xnode_set_attr(pose, "relative_to", parent_frame(w->rb, pj));
	}
	if (l->inertial)
		add_inertial(el, l->inertial);
	for (src = l; src; src = src == l ? l->absorbed_first : src->next_absorbed)
		for (r = src->exts.first; r; r = r->next)
			link_ext(w, tail, r->ext, rep, AT_LINK);
	if (!has_items(l)) {
		while ((c = tail->first) != NULL) {
			xnode_unlink(c);
			xnode_append(el, c);
		}
		print_and_free(w->o, el);
		return;
	}
	print_open(w->o, el, 2);
	out_str(w->o, ">\n");
	for (c = el->first; c; c = c->next)
		print_node(w->o, c, 3);
	write_items(w, l, ITEM_COLLISION);
	write_items(w, l, ITEM_VISUAL);
	for (c = tail->first; c; c = c->next)
		print_node(w->o, c, 3);
	print_close(w->o, el, 2);
	arena_reset(&w->scratch);
}

/* ---- joints ------------------------------------------------------------------ */

static void add_axis(const struct writer *w, struct xnode *el, const struct joint *j)
{
	struct xnode *axis = xnode_add(el, "axis", NULL);
	struct xnode *limit, *dyn;

	if (j->type == JOINT_FIXED) {
		/* disableFixedJointLumping: a revolute joint locked at 0 */
		limit = xnode_add(axis, "limit", NULL);
		xnode_add(limit, "lower", "0");
		xnode_add(limit, "upper", "0");
		dyn = xnode_add(axis, "dynamics", NULL);
		xnode_add(dyn, "damping", "0");
		xnode_add(dyn, "friction", "0");
		return;
	}
	xnode_add_plain(axis, "xyz", fmt_vector(w, el, j->axis, VEC_AXIS));
	if (j->rare && j->rare->mimic_written) {
		struct xnode *mimic = xnode_add(axis, "mimic", NULL);
		xnode_set_attr(mimic, "joint", j->rare->mimic_joint);
		xnode_add_plain(mimic, "multiplier", fmt_num(el, j->rare->mimic_multiplier));
		xnode_add_plain(mimic, "offset", fmt_num(el, j->rare->mimic_offset));
		xnode_add(mimic, "reference", "0");
	}
	limit = xnode_add(axis, "limit", NULL);
	if (j->has_limit) {
		if (j->type != JOINT_CONTINUOUS) {
			xnode_add_plain(limit, "lower", fmt_num(el, j->lower));
			xnode_add_plain(limit, "upper", fmt_num(el, j->upper));
		}
		xnode_add_plain(limit, "effort", fmt_num(el, j->effort));
		xnode_add_plain(limit, "velocity", fmt_num(el, j->velocity));
	}
	dyn = xnode_add(axis, "dynamics", NULL);
	if (j->has_dynamics) {
		xnode_add_plain(dyn, "damping", fmt_num(el, j->damping));
		xnode_add_plain(dyn, "friction", fmt_num(el, j->friction));
	}
}

/* libsdformat makes a joint's axis/dynamics and physics/ode/limit for
 * every block that names the joint (a new <axis> lands before a new
 * <physics>), set or not. */
static void joint_ext(const struct writer *w, struct xnode *el, const struct ext *e)
{
	unsigned i;

	/* libsdformat's skeleton for a joint's <gazebo> block; a block
	 * --migrate made (an F/T sensor) was no block of the input */
	if (!e->block || !e->block->added) {
		xnode_need(xnode_need(el, "axis"), "dynamics");
		xnode_need(xnode_need(xnode_need(el, "physics"), "ode"), "limit");
	}
	apply_tags(w, el, e, AT_JOINT);
	for (i = 0; i < e->blobs.n; i++)
		add_blob(el, e->blobs.v[i]);
}

static void need_default(struct xnode *parent, const char *name, const char *text)
{
	if (!xnode_child(parent, name))
		xnode_add(parent, name, text);
}

/* The required values SDF readers fill in, written out so that the output
 * says what it means without a schema at hand. */
static void joint_defaults(const struct writer *w, struct xnode *el)
{
	struct xnode *axis = xnode_child(el, "axis");
	struct xnode *physics = xnode_child(el, "physics");
	struct xnode *x;

	if (axis) {
		need_default(axis, "xyz", "0 0 1");
		x = xnode_need(axis, "limit");
		need_default(x, "lower", w->target->unbounded_lower);
		need_default(x, "upper", w->target->unbounded_upper);
		if ((x = xnode_child(axis, "dynamics")) != NULL) {
			need_default(x, "spring_reference", "0");
			need_default(x, "spring_stiffness", "0");
		}
	}
	if (physics && (x = xnode_child(physics, "ode")) && (x = xnode_child(x, "limit"))) {
		need_default(x, "cfm", "0");
		need_default(x, "erp", "0.2");
	}
}

static struct xnode *build_joint(struct writer *w, const struct joint *j)
{
	struct xnode *el = xnode_new(&w->scratch, "joint");
	const struct ext_ref *r;
	struct xnode *pose;
	const char *type = joint_sdf_type(j);

	xnode_set_attr(el, "name", j->name);
	xnode_set_attr(el, "type", type);
	pose = xnode_add_plain(el, "pose", fmt_pose(el, j->origin));
	xnode_set_attr(pose, "relative_to", parent_frame(w->rb, j));
	xnode_add(el, "parent", j->parent->name);
	xnode_add(el, "child", j->child->name);
	if (strcmp(type, "fixed") != 0)
		add_axis(w, el, j);
	for (r = j->exts.first; r; r = r->next)
		joint_ext(w, el, r->ext);
	joint_defaults(w, el);
	return el;
}

/* ---- on two threads (spool.h) ------------------------------------------------ */

/* Links and frames are units none of which reads what another wrote (the
 * writer's caches only save work): a robot with write_split_min of them
 * (write.h) is written on two threads, in segments of SPOOL_SEGMENT. */
#define SPOOL_SEGMENT 64
#ifndef WRITE_SPLIT_MIN
#define WRITE_SPLIT_MIN 256
#endif
size_t write_split_min = WRITE_SPLIT_MIN;

static int in_two(const struct writer *w, size_t units)
{
	return !(w->opts->flags & U2S_SINGLE_THREAD) && units >= write_split_min;
}

/* A thread's own writer, like PROTO, its memory under ROOT. */
static void *writer_begin(void *proto_arg, TALLOC_CTX *root, oom_jump *jump)
{
	const struct writer *proto = proto_arg;
	struct writer *w = must(jump, talloc_zero(root, struct writer));

	w->rb = proto->rb;
	w->opts = proto->opts;
	w->target = proto->target;
	arena_init(&w->scratch, root, jump);
	w->keep = root;
	return w;
}

/* The calling thread's writer W jumps to JUMP when out of memory. */
static oom_jump *writer_rejump(void *state, oom_jump *jump)
{
	struct writer *w = state;
	oom_jump *before = w->scratch.oom;

	w->scratch.oom = jump;
	return before;
}

static void write_units(struct writer *w, size_t n, void (*unit)(void *, size_t, struct out *))
{
	struct spool_job job = { n, SPOOL_SEGMENT, writer_begin, unit, w, w, writer_rejump };

	if (spool_write(&job, w->o) != 0)
		oom(w->rb->oom);
}

/* ---- frames ------------------------------------------------------------------ */

static struct xnode *frame_node(struct arena *a, const char *name, const char *attached_to)
{
	struct xnode *f = xnode_new(a, "frame");

	xnode_set_attr(f, "name", name);
	xnode_set_attr(f, "attached_to", attached_to);
	return f;
}

/* A massless link on a kept fixed joint: the link, then the joint, as
 * frames where they stand in the tree. */
static void write_frame_link(struct writer *w, const struct link *l)
{
	const struct joint *j = l->parent_joint;
	const char *parent = parent_frame(w->rb, j);
	struct xnode *f;
	int i;

	for (i = 0; i < 2; i++) {
		f = i == 0 ? frame_node(&w->scratch, l->name, parent)
			   : frame_node(&w->scratch, j->name, l->name);
		xnode_set_attr(xnode_add_plain(f, "pose", fmt_pose(f, j->origin)), "relative_to", parent);
		print_and_free(w->o, f);
	}
}

/* What lumping removed stays as frames: the joint, attached to its parent
 * link at the joint pose, and the child link, attached to the joint.
 * Printed one by one: a robot of a million links leaves hundreds of
 * thousands. */
static void write_lumped_frame(struct writer *w, const struct link *l)
{
	const struct joint *j = l->parent_joint;
	struct xnode *f;

	if (l->fate != LINK_LUMPED)   /* dropped since it was merged */
		return;
	f = frame_node(&w->scratch, j->name, j->parent->name);
	xnode_add_plain(f, "pose", fmt_pose(f, j->origin));
	print_and_free(w->o, f);
	f = frame_node(&w->scratch, l->name, j->name);
	if (w->target->link_frame_pose)
		xnode_add(f, "pose", "0 0 0 0 0 0");
	print_and_free(w->o, f);
}

static void lumped_frame_unit(void *state, size_t i, struct out *o)
{
	struct writer *w = state;

	w->o = o;
	write_lumped_frame(w, w->rb->merged[i]);
}

static void write_lumped_frames(struct writer *w)
{
	unsigned i;

	if (in_two(w, w->rb->nmerged)) {
		write_units(w, w->rb->nmerged, lumped_frame_unit);
		return;
	}
	for (i = 0; i < w->rb->nmerged; i++)
		write_lumped_frame(w, w->rb->merged[i]);
}

/* ---- the model ---------------------------------------------------------------- */

/* After the links and joints: the model's own extensions, the frames that
 * lumping left, and the URDF's robot origin, which replaces any <pose> an
 * extension gave. */
static void write_model_tail(struct writer *w)
{
	struct xnode *tail = xnode_new(&w->scratch, "model"), *pose;
	struct replaceable *rep = ARENA_NEW(&w->scratch, struct replaceable);
	const struct ext_ref *r;
	struct xnode *c;

	/* As a link's: a tag replaces what it tracks, with no scan. */
	int placed = (w->opts->flags & U2S_WORLD) && !(w->opts->flags & U2S_POSE) && w->rb->plan && w->rb->plan->placed;
	int posed = w->rb->has_origin || (w->opts->flags & U2S_POSE) || placed;

	for (r = w->rb->model_exts.first; r; r = r->next)
		link_ext(w, tail, r->ext, rep, AT_MODEL);
	if (posed)   /* replaced by the origin (or --pose), which goes last */
		xnode_unlink(xnode_replace(tail, "pose", NULL));
	for (c = tail->first; c; c = c->next)
		print_node(w->o, c, 2);
	/* the frames reuse the scratch arena as they go: nothing of it may
	 * be kept across them */
	arena_reset(&w->scratch);
	write_lumped_frames(w);
	if ((w->opts->flags & U2S_POSE)) {   /* --pose: where the model is placed */
		pose = xnode_new(&w->scratch, "pose");
		pose->text = fmt_nums(pose, w->opts->pose, 6, NUM_SHORTEST);
		print_and_free(w->o, pose);
	} else if (w->rb->has_origin) {
		pose = xnode_new(&w->scratch, "pose");
		pose->text = fmt_pose_urdf(pose, w->rb->origin);
		print_and_free(w->o, pose);
	} else if (placed) {   /* on the ground (bounds.h): decided once, read here */
		double at[6] = { 0, 0, w->rb->plan->place_z, 0, 0, 0 };
		pose = xnode_new(&w->scratch, "pose");
		pose->text = fmt_nums(pose, at, 6, NUM_SHORTEST);
		print_and_free(w->o, pose);
	}
}

/* A link of the emission order, with its parent joint, or as frames. */
static void write_in_order(struct writer *w, const struct link *l)
{
	if (l->fate == LINK_FRAME)
		write_frame_link(w, l);
	if (l->fate != LINK_WRITTEN)
		return;
	if (l->parent_joint && l->parent_joint->fate == JOINT_WRITTEN)
		print_and_free(w->o, build_joint(w, l->parent_joint));
	write_link(w, l);
}

static void link_unit(void *state, size_t i, struct out *o)
{
	struct writer *w = state;

	w->o = o;
	write_in_order(w, w->rb->order[i]);
}

/* The links in emission order. */
static void write_links(struct writer *w)
{
	unsigned i;

	if (in_two(w, w->rb->norder)) {
		write_units(w, w->rb->norder, link_unit);
		return;
	}
	for (i = 0; i < w->rb->norder; i++)
		write_in_order(w, w->rb->order[i]);
}

/* ---- the world (--world) ---------------------------------------------------- */

/* The world's plugin of system S: the table's file and class for the
 * target's Gazebo, holding the parameters of the model's plugins of that
 * system (the first of each element name), then the table's own element
 * unless one of them gave it. */
static void write_system(struct writer *w, size_t s)
{
	const struct gz_system *sys = &gz_system_table[s];
	const struct world_plan *plan = w->rb->plan;
	struct xnode *el;
	const struct xnode *c;
	unsigned i;

	if (!sys->file[w->target->gz])   /* none in this generation (AirSpeed in Fortress) */
		return;
	el = xnode_new(&w->scratch, "plugin");
	xnode_set_attr(el, "filename", sys->file[w->target->gz]);
	xnode_set_attr(el, "name", sys->name[w->target->gz]);
	for (i = 0; i < plan->nmoved; i++)
		if (plan->moved_system[i] == s)
			for (c = plan->moved[i]->first; c; c = c->next)
				if (!xnode_child(el, c->name))
					add_blob(el, c);
	if (sys->plugin_elem && !xnode_child(el, sys->plugin_elem))
		xnode_add(el, sys->plugin_elem, sys->plugin_value);
	print_and_free(w->o, el);
}

static struct xnode *add_plane(struct xnode *parent, const char *tag)
{
	struct xnode *el = xnode_add(parent, tag, NULL), *plane;

	xnode_set_attr(el, "name", tag);
	plane = xnode_add(xnode_add(el, "geometry", NULL), "plane", NULL);
	xnode_add(plane, "normal", "0 0 1");
	xnode_add(plane, "size", "100 100");
	return el;
}

/* A world's fixed elements, as (element, text) leaves. */
struct leaf {
	const char *name, *text;
};

static void add_leaves(struct xnode *el, const struct leaf *l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		xnode_add(el, l[i].name, l[i].text);
}

#define ADD_LEAVES(el, table) add_leaves((el), (table), sizeof (table) / sizeof (table)[0])

/* The world's step, and what every version's world.sdf requires, at
 * gz-sim's own values. */
static void write_world_settings(struct writer *w)
{
	static const struct leaf physics[] = {
		{ "max_step_size", "0.001" }, { "real_time_factor", "1" },
		{ "real_time_update_rate", "1000" },   /* required: 1 / step */
	};
	static const struct leaf scene[] = {
		{ "ambient", "0.4 0.4 0.4 1" }, { "background", "0.7 0.7 0.7 1" },
		{ "shadows", "true" },
	};
	struct xnode *el, *x;

	el = xnode_new(&w->scratch, "physics");
	xnode_set_attr(el, "name", "1ms");
	xnode_set_attr(el, "type", "ignored");
	ADD_LEAVES(el, physics);
	print_and_free(w->o, el);
	el = xnode_new(&w->scratch, "world");
	xnode_add(el, "gravity", "0 0 -9.8");
	xnode_add(el, "magnetic_field", "5.5645e-06 2.28758e-05 -4.23884e-05");
	xnode_set_attr(xnode_add(el, "atmosphere", NULL), "type", "adiabatic");
	ADD_LEAVES(xnode_add(el, "scene", NULL), scene);
	for (x = el->first; x; x = x->next)
		print_node(w->o, x, 2);
	arena_reset(&w->scratch);
}

/* The systems the plan needs, and NavSat's spherical coordinates. */
static void write_world_systems(struct writer *w)
{
	static const struct leaf fix[] = {   /* 0 N 0 E until the user sets one */
		{ "surface_model", "EARTH_WGS84" }, { "world_frame_orientation", "ENU" },
		{ "latitude_deg", "0" }, { "longitude_deg", "0" }, { "elevation", "0" },
		{ "heading_deg", "0" },
	};
	const struct world_plan *plan = w->rb->plan;
	int coordinates = 0;
	struct xnode *el;
	size_t s;

	for (s = 0; s < gz_system_count && s < WORLD_SYSTEMS_MAX; s++)
		if (plan->needs[s]) {
			write_system(w, s);
			coordinates |= gz_system_table[s].world_elem &&
				       !strcmp(gz_system_table[s].world_elem, "spherical_coordinates");
		}
	if (coordinates) {
		el = xnode_new(&w->scratch, "spherical_coordinates");
		ADD_LEAVES(el, fix);
		print_and_free(w->o, el);
	}
}

/* The sun and the ground plane, named apart from the robot. */
static void write_world_ground(struct writer *w)
{
	static const struct leaf sun[] = {
		{ "cast_shadows", "true" }, { "pose", "0 0 10 0 0 0" },
		{ "diffuse", "0.8 0.8 0.8 1" }, { "specular", "0.2 0.2 0.2 1" },
	};
	static const struct leaf attenuation[] = {
		{ "range", "1000" }, { "constant", "0.9" }, { "linear", "0.01" },
		{ "quadratic", "0.001" },
	};
	static const struct leaf ground[] = {
		{ "ambient", "0.8 0.8 0.8 1" }, { "diffuse", "0.8 0.8 0.8 1" },
		{ "specular", "0.8 0.8 0.8 1" },
	};
	struct xnode *el, *x;

	el = xnode_new(&w->scratch, "light");
	xnode_set_attr(el, "type", "directional");
	xnode_set_attr(el, "name", strcmp(w->rb->name, "sun") ? "sun" : "sun_light");
	ADD_LEAVES(el, sun);
	ADD_LEAVES(xnode_add(el, "attenuation", NULL), attenuation);
	xnode_add(el, "direction", "-0.5 0.1 -0.9");
	print_and_free(w->o, el);
	el = xnode_new(&w->scratch, "model");
	xnode_set_attr(el, "name", strcmp(w->rb->name, "ground_plane") ? "ground_plane" : "ground");
	xnode_add(el, "static", "true");
	x = xnode_add(el, "link", NULL);
	xnode_set_attr(x, "name", "link");
	add_plane(x, "collision");
	ADD_LEAVES(xnode_add(add_plane(x, "visual"), "material", NULL), ground);
	print_and_free(w->o, el);
}

/* What the world holds before the model: a 1 ms step, gravity, the
 * systems, the world elements they need, a sun and the ground. */
static void write_world_head(struct writer *w)
{
	const char *name = w->opts->world_name ? w->opts->world_name :
			   (w->opts->flags & U2S_WORLD_INCLUDE) ? w->opts->model_name : w->rb->name;

	out_str(w->o, "  <world name='");
	out_escaped_attr(w->o, name);
	out_str(w->o, "'>\n");
	write_world_settings(w);
	write_world_systems(w);
	if (!(w->opts->flags & U2S_NO_GROUND))
		write_world_ground(w);
}

/* U2S_WORLD_INCLUDE: the model of the folder MODEL_NAME, where --pose
 * or the placement on the ground puts it (else where its file does). */
static void write_include(struct writer *w)
{
	struct xnode *inc = xnode_new(&w->scratch, "include"), *pose;
	const struct world_plan *plan = w->rb->plan;
	double placed[6] = { 0, 0, 0, 0, 0, 0 };

	xnode_add(inc, "uri", arena_cat3(&w->scratch, "model://", 8, w->opts->model_name, ""));
	if ((w->opts->flags & U2S_POSE) || (plan && plan->placed)) {
		placed[2] = plan && plan->placed ? plan->place_z : 0;
		pose = xnode_add(inc, "pose", NULL);
		pose->text = fmt_nums(pose, (w->opts->flags & U2S_POSE) ? w->opts->pose : placed, 6,
				      NUM_SHORTEST);
	}
	print_and_free(w->o, inc);
}

void write_sdf(TALLOC_CTX *ctx, const struct robot *rb, const struct options *opts,
	       const struct sdf_target *target, struct out *o)
{
	struct writer w = { .rb = rb, .opts = opts, .target = target, .o = o };
	TALLOC_CTX *scratch = must(rb->oom, talloc_new(ctx));

	arena_init(&w.scratch, scratch, rb->oom);
	w.keep = scratch;
	out_str(o, "<?xml version='1.0' encoding='UTF-8'?>\n<sdf version='");
	out_str(o, target->version);
	out_str(o, "'>\n");
	if ((opts->flags & U2S_WORLD))
		write_world_head(&w);
	if ((opts->flags & U2S_WORLD) && (opts->flags & U2S_WORLD_INCLUDE)) {
		write_include(&w);
		out_str(o, "  </world>\n</sdf>\n");
		talloc_free(scratch);
		return;
	}
	/* The model's lines are those of a plain conversion, in a world too. */
	out_str(o, "  <model name='");
	out_escaped_attr(o, rb->name);
	out_str(o, "'>\n");
	write_links(&w);
	write_model_tail(&w);
	out_str(o, (opts->flags & U2S_WORLD) ? "  </model>\n  </world>\n</sdf>\n" : "  </model>\n</sdf>\n");
	talloc_free(scratch);
}
