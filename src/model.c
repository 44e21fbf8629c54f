/* model: element tree operations, the name index, model helpers. */
#include "model.h"

#include "num.h"

#include <string.h>

/* ---- robot ------------------------------------------------------------ */

const struct joint_type_info JOINT_TYPES[JOINT_TYPE_COUNT] = {
	[JOINT_REVOLUTE] = { "revolute", "revolute", 1 },
	[JOINT_CONTINUOUS] = { "continuous", "revolute", 0 },
	[JOINT_PRISMATIC] = { "prismatic", "prismatic", 1 },
	[JOINT_FIXED] = { "fixed", "fixed", 0 },
	[JOINT_FLOATING] = { "floating", NULL, 0 },
	[JOINT_PLANAR] = { "planar", NULL, 0 },
};

struct robot *robot_new(TALLOC_CTX *ctx, oom_jump *jump)
{
	struct robot *r = must(jump, talloc_zero(ctx, struct robot));

	r->oom = jump;
	arena_init(&r->arena, must(jump, talloc_new(r)), jump);
	arena_init(&r->link_arena, must(jump, talloc_new(r)), jump);
	arena_init(&r->joint_arena, must(jump, talloc_new(r)), jump);
	arena_init(&r->item_arena, must(jump, talloc_new(r)), jump);
	r->link_index = index_new(r, jump);
	r->joint_index = index_new(r, jump);
	r->material_index = index_new(r, jump);
	r->origin = POSE_IDENTITY;
	r->urdf_version = URDF_1_0;
	return r;
}

void robot_set_oom(struct robot *rb, oom_jump *jump)
{
	rb->oom = jump;
	rb->arena.oom = rb->link_arena.oom = rb->joint_arena.oom = rb->item_arena.oom = jump;
	index_set_oom(rb->link_index, jump);
	index_set_oom(rb->joint_index, jump);
	index_set_oom(rb->material_index, jump);
}

void item_list_append(struct item_list *l, struct item *it)
{
	LIST_APPEND(l->first, l->last, it, next);
	l->count++;
}

void ext_list_append(struct arena *a, struct ext_list *l, struct ext *e)
{
	struct ext_ref *r = ARENA_NEW(a, struct ext_ref);

	r->ext = e;
	LIST_APPEND(l->first, l->last, r, next);
}

void ext_named(const struct robot *rb, const struct ext *e, struct link **l, struct joint **j)
{
	if (e->ref_found && !rb->names_added) {
		*l = e->ref_link;
		*j = e->ref_joint;
		return;
	}
	*l = e->ref[0] ? index_get(rb->link_index, e->ref) : NULL;
	*j = e->ref[0] ? index_get(rb->joint_index, e->ref) : NULL;
}

void node_list_push(struct arena *a, struct node_list *l, struct xnode *n)
{
	if (l->n == l->cap) {
		/* Doubling in the arena leaves the old array behind: at most as
		 * much again as the list, and lists are short. */
		struct xnode **v;
		l->cap = l->cap ? l->cap * 2 : 4;
		v = ARENA_ARRAY(a, struct xnode *, l->cap);
		if (l->n)
			memcpy(v, l->v, l->n * sizeof *v);
		l->v = v;
	}
	l->v[l->n++] = n;
}

/* libsdformat's naming: LINK_visual, LINK_visual_1, ...; a name that does
 * not start with the link's name is prefixed LINK_fixed_joint_lump__. */
const char *item_sdf_name(struct arena *a, const char *link, const struct link *src,
			  const struct item *it, unsigned k)
{
	static const char lump[] = "_fixed_joint_lump__";
	const char *suffix = it->kind == ITEM_VISUAL ? "_visual" : "_collision";
	/* Unnamed items lumped from another link take that link's name. */
	const char *base = it->name ? it->name : src->name;
	size_t llen = strlen(link), mlen = sizeof lump - 1;
	size_t blen = strlen(base), slen = strlen(suffix);
	char *buf = arena_alloc_raw(a, llen + mlen + blen + slen + 16);
	char *name = buf + llen + mlen;   /* room for the prefix before it */

	/* By hand, not printf: this runs for every visual and collision. */
	memcpy(name, base, blen);
	memcpy(name + blen, suffix, slen + 1);
	if (k) {
		name[blen + slen] = '_';
		num_format_long((long)k, name + blen + slen + 1);
	}
	if (strncmp(name, link, llen) == 0)
		return name;
	memcpy(buf, link, llen);
	memcpy(buf + llen, lump, mlen);
	return buf;
}

int link_named_in_output(const struct link *l)
{
	return l->fate == LINK_WRITTEN || l->fate == LINK_LUMPED || l->fate == LINK_FRAME;
}

int joint_named_in_output(const struct joint *j)
{
	return j->fate == JOINT_WRITTEN || j->fate == JOINT_AS_FRAME ||
	       (j->fate == JOINT_LUMPED && j->child->fate == LINK_LUMPED);
}

const char *name_reserved(const char *name)
{
	const char *colon;
	size_t len;

	/* every name of the output is asked: one pass for '::', and a length
	 * only for the names that start with "__" */
	for (colon = strchr(name, ':'); colon; colon = strchr(colon + 1, ':'))
		if (colon[1] == ':')
			return "'::' separates nested scopes";
	if (name[0] == '_' && name[1] == '_') {
		len = strlen(name);
		if (len >= 4 && name[len - 2] == '_' && name[len - 1] == '_')
			return "names between '__' are SDFormat's own (__model__)";
	}
	if (name[0] == 'w' && !strcmp(name, "world"))
		return "'world' is the world's frame";
	return NULL;
}

const char *joint_sdf_type(const struct joint *j)
{
	if (j->type == JOINT_FIXED && j->disable_lumping && !j->preserve)
		return "revolute";
	return JOINT_TYPES[j->type].sdf;
}

const char *joint_type_name(enum joint_type t)
{
	return JOINT_TYPES[t].urdf;
}

int link_is_world(const struct robot *rb, const struct link *l)
{
	return l && l == rb->world;
}

int link_is_massless(const struct link *l)
{
	return !l->inertial || !(l->inertial->mass > 0);
}

void material_black(struct material *m)
{
	static const double black[4] = { 0, 0, 0, 1 };

	memcpy(m->rgba, black, sizeof black);
	m->has_rgba = 1;
	m->black = 1;
}

void gazebo_keep_migrated(struct robot *rb)
{
	struct gazebo *g;

	for (g = rb->gazebos; g; g = g->next)
		if ((g->migrated || g->added) && g->elem && !g->as_migrated)
			g->as_migrated = xnode_copy(&rb->arena, g->elem);
}
