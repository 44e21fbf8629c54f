/* xnode: element tree operations. */
#include "xnode.h"

#include <string.h>

#include "index.h"

struct xnode *xnode_new_n(struct arena *a, const char *name, size_t nlen)
{
	struct xnode *n = ARENA_NEW(a, struct xnode);

	n->arena = a;
	n->name = name;
	n->nlen = nlen;
	return n;
}

/* ---- children by name ----------------------------------------------------
 *
 * Looking a child up by name walks the children; an element that gathers
 * thousands (a template that every <gazebo> block of a link adds a blob
 * to, each block then looking up its tags' elements) would make that
 * quadratic.  So the second time a lookup passes KIDS_SCANNED children of
 * a parent, the parent gets an index: name -> its children of that name,
 * in the order they were appended.  (Not the first time: an element
 * looked up once, as most printed ones are, is not worth one.)  Entries
 * are never removed: one whose child was unlinked (its parent changed) or
 * appended again (its seq changed) is passed over once and forgotten, so
 * every lookup costs O(1) amortized.  The index lives in the parent's
 * arena: a parent made before an arena_mark must not be looked up by name
 * between the mark and its release (nothing does: the writer marks and
 * releases around elements it makes after the mark). */
#define KIDS_SCANNED 16

struct kid { struct xnode *child; unsigned seq; };
struct kid_list { struct kid *v; unsigned head, n, cap; };
struct kids {
	struct index *by_name;   /* name -> struct kid_list; NULL: not yet */
};

/* What a parent's kids point at after its first long scan (a mark:
 * nothing is ever read or written through it). */
static const struct kids scanned_once;
#define SCANNED_ONCE ((struct kids *)&scanned_once)

static int indexed(const struct xnode *parent)
{
	return parent->kids && parent->kids != SCANNED_ONCE;
}

static void kids_add(struct xnode *parent, struct xnode *child)
{
	struct kids *k = parent->kids;
	struct kid_list *l = index_get(k->by_name, child->name);

	if (!l) {
		l = ARENA_NEW(parent->arena, struct kid_list);
		index_put(k->by_name, child->name, l);
	}
	if (l->n == l->cap) {   /* double, dropping the entries passed over */
		unsigned live = l->n - l->head, cap = live < 4 ? 8 : 2 * live;
		struct kid *v = ARENA_ARRAY(parent->arena, struct kid, cap);
		if (live)
			memcpy(v, l->v + l->head, live * sizeof *v);
		l->v = v, l->head = 0, l->n = live, l->cap = cap;
	}
	l->v[l->n++] = (struct kid){ child, child->seq };
}

static void kids_build(struct xnode *parent)
{
	struct xnode *c;

	parent->kids = ARENA_NEW(parent->arena, struct kids);
	parent->kids->by_name = index_new_in(parent->arena);
	for (c = parent->first; c; c = c->next)
		kids_add(parent, c);
}

/* The first child of PARENT (indexed) named NAME, or NULL. */
static struct xnode *kids_first(const struct xnode *parent, const char *name)
{
	struct kid_list *l = index_get(parent->kids->by_name, name);

	for (; l && l->head < l->n; l->head++) {
		const struct kid *k = &l->v[l->head];
		if (k->child->parent == parent && k->child->seq == k->seq)
			return k->child;
	}
	return NULL;
}

void xnode_append(struct xnode *parent, struct xnode *child)
{
	child->seq = ++parent->arena->xnode_seq;
	child->parent = parent;
	child->next = NULL;
	child->prev = parent->last;
	if (parent->last)
		parent->last->next = child;
	else
		parent->first = child;
	parent->last = child;
	if (indexed(parent))
		kids_add(parent, child);
}

struct xnode *xnode_add_n(struct xnode *parent, const char *name, size_t nlen, const char *text)
{
	struct xnode *n = xnode_new_n(parent->arena, name, nlen);

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

struct xnode *xnode_child_n(const struct xnode *parent, const char *name, size_t nlen)
{
	struct xnode *c;
	unsigned passed = 0;

	if (indexed(parent))
		return kids_first(parent, name);
	for (c = parent->first; c; c = c->next, passed++)
		if (c->nlen == nlen && memcmp(c->name, name, nlen) == 0)
			break;
	/* The index is a cache of the children: building it changes nothing
	 * a caller sees, so a const parent may get one. */
	if (passed >= KIDS_SCANNED) {
		struct xnode *p = (struct xnode *)parent;
		if (p->kids)
			kids_build(p);
		else
			p->kids = SCANNED_ONCE;
	}
	return c;
}

struct xnode *xnode_need_n(struct xnode *parent, const char *name, size_t nlen)
{
	struct xnode *c = xnode_child_n(parent, name, nlen);

	return c ? c : xnode_add_n(parent, name, nlen, NULL);
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
	attrs = arena_alloc_raw(n->arena, (n->nattrs + 1) * sizeof *attrs);   /* all written below */
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
	struct xnode *c = xnode_new_n(a, n->name, n->nlen);

	c->text = n->text;
	c->plain = n->plain;
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


void xnode_remove_attr(struct xnode *n, const char *name)
{
	unsigned i;

	for (i = 0; i < n->nattrs; i++)
		if (strcmp(n->attrs[i].name, name) == 0) {
			memmove(&n->attrs[i], &n->attrs[i + 1], (n->nattrs - i - 1) * sizeof *n->attrs);
			n->nattrs--;
			return;
		}
}

struct xnode *xnode_next_in(const struct xnode *n, const struct xnode *root, int skip_below)
{
	if (n->first && !skip_below)
		return n->first;
	while (n != root && !n->next)
		n = n->parent;
	return n == root ? NULL : n->next;
}

int xnode_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

const char *xnode_trimmed(struct arena *a, const char *text)
{
	size_t len;

	if (!text)
		return "";
	while (xnode_is_blank(*text))
		text++;
	len = strlen(text);
	if (!len || !xnode_is_blank(text[len - 1]))
		return text;
	while (len && xnode_is_blank(text[len - 1]))
		len--;
	return arena_strndup(a, text, len);
}

int xnode_blank(const char *text)
{
	if (!text)
		return 1;
	while (xnode_is_blank(*text))
		text++;
	return *text == '\0';
}
