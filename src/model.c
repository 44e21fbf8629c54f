/* model: element tree operations, the name index, model helpers. */
#include "model.h"

#include <string.h>

/* ---- element tree ---------------------------------------------------- */

struct xnode *xnode_new(struct arena *a, const char *name)
{
	struct xnode *n = ARENA_NEW(a, struct xnode);

	n->arena = a;
	n->name = name;
	return n;
}

void xnode_append(struct xnode *parent, struct xnode *child)
{
	child->parent = parent;
	child->next = NULL;
	child->prev = parent->last;
	if (parent->last)
		parent->last->next = child;
	else
		parent->first = child;
	parent->last = child;
}

struct xnode *xnode_add(struct xnode *parent, const char *name, const char *text)
{
	struct xnode *n = xnode_new(parent->arena, name);

	n->text = text;
	xnode_append(parent, n);
	return n;
}

void xnode_unlink(struct xnode *child)
{
	struct xnode *p = child->parent;

	if (!p)
		return;
	if (child->prev)
		child->prev->next = child->next;
	else
		p->first = child->next;
	if (child->next)
		child->next->prev = child->prev;
	else
		p->last = child->prev;
	child->parent = child->prev = child->next = NULL;
}

struct xnode *xnode_child(const struct xnode *parent, const char *name)
{
	struct xnode *c;

	for (c = parent->first; c; c = c->next)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

struct xnode *xnode_need(struct xnode *parent, const char *name)
{
	struct xnode *c = xnode_child(parent, name);

	return c ? c : xnode_add(parent, name, NULL);
}

struct xnode *xnode_replace(struct xnode *parent, const char *name, const char *text)
{
	struct xnode *old;

	while ((old = xnode_child(parent, name)) != NULL)
		xnode_unlink(old);
	return xnode_add(parent, name, text);
}

const char *xnode_attr(const struct xnode *n, const char *name)
{
	unsigned i;

	for (i = 0; i < n->nattrs; i++)
		if (strcmp(n->attrs[i].name, name) == 0)
			return n->attrs[i].value;
	return NULL;
}

void xnode_set_attr(struct xnode *n, const char *name, const char *value)
{
	struct xattr *attrs;
	unsigned i;

	for (i = 0; i < n->nattrs; i++)
		if (strcmp(n->attrs[i].name, name) == 0) {
			n->attrs[i].value = value;
			return;
		}
	/* Attribute lists are short: grow by copying. */
	attrs = ARENA_ARRAY(n->arena, struct xattr, n->nattrs + 1);
	if (n->nattrs)
		memcpy(attrs, n->attrs, n->nattrs * sizeof *attrs);
	n->attrs = attrs;
	n->attrs[n->nattrs].name = name;
	n->attrs[n->nattrs].value = value;
	n->nattrs++;
}

/* Copies N's own fields; strings are shared (they live as long as the model). */
static struct xnode *copy_one(struct arena *a, const struct xnode *n)
{
	struct xnode *c = xnode_new(a, n->name);

	c->text = n->text;
	c->pos = n->pos;
	if (n->nattrs) {
		c->attrs = ARENA_ARRAY(a, struct xattr, n->nattrs);
		memcpy(c->attrs, n->attrs, n->nattrs * sizeof *n->attrs);
		c->nattrs = n->nattrs;
	}
	return c;
}

/* Iterative pre-order walk, so deep trees cost no stack. */
struct xnode *xnode_copy(struct arena *a, const struct xnode *n)
{
	struct xnode *root = copy_one(a, n);
	struct xnode *dst = root;
	const struct xnode *src = n->first;

	while (src) {
		struct xnode *c = copy_one(a, src);
		xnode_append(dst, c);
		if (src->first) {
			dst = c;
			src = src->first;
			continue;
		}
		while (src && !src->next && src != n) {
			src = src->parent;
			dst = dst->parent;
		}
		if (!src || src == n)
			break;
		src = src->next;
	}
	return root;
}

/* ---- name index: open addressing, FNV-1a, grows at 1/2 load ---------- */

static unsigned hash_str(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

void index_init(struct index *ix, TALLOC_CTX *ctx)
{
	ix->ctx = ctx;
	ix->cap = 64;
	ix->count = 0;
	ix->slots = talloc_zero_array(ctx, struct index_slot, ix->cap);
}

static struct index_slot *find_slot(struct index_slot *slots, size_t cap,
				    const char *key, unsigned h)
{
	size_t i = h & (cap - 1);

	while (slots[i].key && (slots[i].hash != h || strcmp(slots[i].key, key) != 0))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

void *index_get(const struct index *ix, const char *key)
{
	return find_slot(ix->slots, ix->cap, key, hash_str(key))->val;
}

static void grow(struct index *ix)
{
	size_t i, cap = ix->cap * 2;
	struct index_slot *slots = talloc_zero_array(ix->ctx, struct index_slot, cap);

	for (i = 0; i < ix->cap; i++)
		if (ix->slots[i].key)
			*find_slot(slots, cap, ix->slots[i].key, ix->slots[i].hash) = ix->slots[i];
	talloc_free(ix->slots);
	ix->slots = slots;
	ix->cap = cap;
}

void *index_put(struct index *ix, const char *key, void *val)
{
	unsigned h = hash_str(key);
	struct index_slot *s = find_slot(ix->slots, ix->cap, key, h);

	if (s->key)
		return s->val;
	s->key = key;
	s->hash = h;
	s->val = val;
	if (++ix->count * 2 > ix->cap)
		grow(ix);
	return NULL;
}

/* ---- robot ------------------------------------------------------------ */

struct robot *robot_new(TALLOC_CTX *ctx)
{
	struct robot *r = talloc_zero(ctx, struct robot);

	arena_init(&r->arena, talloc_new(r));
	arena_init(&r->link_arena, talloc_new(r));
	arena_init(&r->joint_arena, talloc_new(r));
	arena_init(&r->item_arena, talloc_new(r));
	index_init(&r->link_index, r);
	index_init(&r->joint_index, r);
	index_init(&r->material_index, r);
	r->origin = POSE_IDENTITY;
	return r;
}

void item_list_append(struct item_list *l, struct item *it)
{
	it->next = NULL;
	if (l->last)
		l->last->next = it;
	else
		l->first = it;
	l->last = it;
	l->count++;
}

void ext_list_append(struct arena *a, struct ext_list *l, struct ext *e)
{
	struct ext_ref *r = ARENA_NEW(a, struct ext_ref);

	r->ext = e;
	r->next = NULL;
	if (l->last)
		l->last->next = r;
	else
		l->first = r;
	l->last = r;
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

const char *joint_type_name(enum joint_type t)
{
	static const char *const names[] = {
		"revolute", "continuous", "prismatic", "fixed", "floating", "planar"
	};
	return names[t];
}

int link_is_massless(const struct link *l)
{
	return !l->inertial || !(l->inertial->mass > 0);
}
