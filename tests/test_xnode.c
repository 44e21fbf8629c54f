/* Unit tests of src/xnode.c: the element tree. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "modeltest.h"

TestSuite(xnode, .init = setup, .fini = teardown);

/* ---- element tree ----------------------------------------------------------- */

/* The children of P by name, space separated, checked both ways. */
static const char *children(const struct xnode *p)
{
	char *s = talloc_strdup(ctx, "");
	const struct xnode *c, *prev = NULL;

	for (c = p->first; c; prev = c, c = c->next) {
		cr_assert_eq(c->parent, p, "%s: wrong parent", c->name);
		cr_assert_eq(c->prev, prev, "%s: wrong prev", c->name);
		s = talloc_asprintf_append(s, "%s%s", prev ? " " : "", c->name);
	}
	cr_assert_eq(p->last, prev, "last is not the last child");
	return s;
}

Test(xnode, new_and_add)
{
	struct xnode *root = xnode_new(&arena, "root");
	struct xnode *a, *b;

	cr_assert_str_eq(root->name, "root");
	cr_assert(!root->parent && !root->first && !root->last && !root->next && !root->prev);
	cr_assert_null(root->text);
	cr_assert_eq(root->nattrs, 0);
	a = xnode_add(root, "a", "text of a");
	b = xnode_add(root, "b", NULL);
	cr_assert_str_eq(a->text, "text of a");
	cr_assert_null(b->text);
	cr_assert_str_eq(children(root), "a b");
	cr_assert_eq(a->next, b);
	cr_assert_eq(b->prev, a);
	cr_assert_eq(xnode_child(root, "b"), b);
	cr_assert_null(xnode_child(root, "c"));
	cr_assert_null(xnode_child(b, "a"));
}

Test(xnode, need)
{
	struct xnode *root = xnode_new(&arena, "root");
	struct xnode *a = xnode_add(root, "a", NULL);
	struct xnode *b, *n;

	xnode_add(root, "c", NULL);
	cr_assert_eq(xnode_need(root, "a"), a, "existing child returned");
	cr_assert_str_eq(children(root), "a c");
	b = xnode_need(root, "b");
	cr_assert_str_eq(children(root), "a c b");
	cr_assert_null(b->text);
	cr_assert_eq(xnode_need(root, "b"), b);
	cr_assert_str_eq(children(root), "a c b");
	/* the first of several */
	n = xnode_add(root, "a", NULL);
	cr_assert_neq(xnode_need(root, "a"), n);
	cr_assert_eq(xnode_need(root, "a"), a);
}

Test(xnode, replace_moves_to_end)
{
	struct xnode *root = xnode_new(&arena, "root");
	struct xnode *r;

	xnode_add(root, "a", "1");
	xnode_add(root, "b", "2");
	xnode_add(root, "c", "3");
	xnode_add(root, "b", "4");
	r = xnode_replace(root, "b", "5");
	cr_assert_str_eq(children(root), "a c b", "every old <b> goes, the new one is last");
	cr_assert_eq(root->last, r);
	cr_assert_str_eq(r->text, "5");
	cr_assert_str_eq(xnode_child(root, "a")->text, "1");
	r = xnode_replace(root, "d", "6");
	cr_assert_str_eq(children(root), "a c b d");
	r = xnode_replace(root, "a", NULL);
	cr_assert_str_eq(children(root), "c b d a");
	cr_assert_null(r->text);
}

Test(xnode, unlink_first_middle_last_only)
{
	struct xnode *root = xnode_new(&arena, "root");
	struct xnode *a = xnode_add(root, "a", NULL);
	struct xnode *b = xnode_add(root, "b", NULL);
	struct xnode *c = xnode_add(root, "c", NULL);
	struct xnode *d = xnode_add(root, "d", NULL);
	struct xnode *e = xnode_add(root, "e", NULL);

	xnode_unlink(c);
	cr_assert_str_eq(children(root), "a b d e");
	cr_assert(!c->parent && !c->prev && !c->next);
	xnode_unlink(a);
	cr_assert_str_eq(children(root), "b d e");
	cr_assert_eq(root->first, b);
	cr_assert(!a->parent && !a->prev && !a->next);
	xnode_unlink(e);
	cr_assert_str_eq(children(root), "b d");
	cr_assert_eq(root->last, d);
	cr_assert(!e->parent && !e->prev && !e->next);
	xnode_unlink(e);    /* detached: nothing happens */
	cr_assert_str_eq(children(root), "b d");
	xnode_unlink(b);
	xnode_unlink(d);
	cr_assert(!root->first && !root->last);
	/* an unlinked node can be appended elsewhere */
	xnode_append(a, c);
	xnode_append(root, a);
	cr_assert_str_eq(children(root), "a");
	cr_assert_str_eq(children(a), "c");
	xnode_unlink(root);  /* a root has no parent: nothing happens */
	cr_assert_eq(root->first, a);
}

Test(xnode, attributes)
{
	struct xnode *n = xnode_new(&arena, "plugin");

	cr_assert_null(xnode_attr(n, "name"));
	xnode_set_attr(n, "name", "p1");
	xnode_set_attr(n, "filename", "libp.so");
	cr_assert_eq(n->nattrs, 2);
	cr_assert_str_eq(xnode_attr(n, "name"), "p1");
	cr_assert_str_eq(xnode_attr(n, "filename"), "libp.so");
	cr_assert_null(xnode_attr(n, "nam"));
	xnode_set_attr(n, "name", "p2");
	cr_assert_eq(n->nattrs, 2, "overwriting adds nothing");
	cr_assert_str_eq(xnode_attr(n, "name"), "p2");
	cr_assert_str_eq(n->attrs[0].name, "name", "order of first setting kept");
	cr_assert_str_eq(n->attrs[1].name, "filename");
	xnode_set_attr(n, "", "empty");
	cr_assert_str_eq(xnode_attr(n, ""), "empty");
	cr_assert_eq(n->nattrs, 3);
}

/* Compares two trees node by node, without recursion. */
static void assert_same_tree(const struct xnode *a, const struct xnode *b)
{
	const struct xnode *ra = a;
	unsigned long count = 0;

	cr_assert_null(b->parent, "a copy is detached");
	cr_assert(!b->prev && !b->next);
	for (;;) {
		unsigned i;
		count++;
		cr_assert_neq(a, b, "node shared, not copied");
		cr_assert_str_eq(a->name, b->name);
		cr_assert(a->pos.line == b->pos.line && a->pos.col == b->pos.col);
		cr_assert((a->text == NULL) == (b->text == NULL));
		if (a->text)
			cr_assert_str_eq(a->text, b->text);
		cr_assert_eq(a->nattrs, b->nattrs);
		for (i = 0; i < a->nattrs; i++) {
			cr_assert_str_eq(a->attrs[i].name, b->attrs[i].name);
			cr_assert_str_eq(a->attrs[i].value, b->attrs[i].value);
		}
		if (a->nattrs)
			cr_assert_neq(a->attrs, b->attrs, "attribute array shared");
		cr_assert((a->first == NULL) == (b->first == NULL), "at %s #%lu", a->name, count);
		if (a->first) {
			cr_assert_eq(b->first->parent, b);
			cr_assert_null(b->first->prev);
			a = a->first;
			b = b->first;
			continue;
		}
		while (a != ra && !a->next) {
			cr_assert_null(b->next, "copy has more siblings at %s", b->name);
			cr_assert_eq(b->parent->last, b);
			a = a->parent;
			b = b->parent;
		}
		if (a == ra)
			return;
		cr_assert_not_null(b->next, "copy lacks a sibling after %s", b->name);
		cr_assert_eq(b->next->prev, b);
		cr_assert_eq(b->next->parent, b->parent);
		a = a->next;
		b = b->next;
	}
}

/* The first child named NAME, by walking: what xnode_child must return. */
static struct xnode *first_named(const struct xnode *p, const char *name)
{
	struct xnode *c;

	for (c = p->first; c; c = c->next)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

/* A parent of hundreds of children gets an index of them by name (after
 * two long lookups); through random appends, unlinks, moves back and
 * replacements, xnode_child answers as a walk does, and the children stay
 * in seq order. */
Test(xnode, lookups_by_name_agree_with_a_walk)
{
	static const char *const names[] = {
		"a", "b", "c", "pose", "geometry", "surface", "max_contacts", "laser_retro",
		"plugin", "sensor", "n10", "n11"
	};
	enum { NNAMES = sizeof names / sizeof names[0] };
	struct xnode *root = xnode_new(&arena, "root"), *other = xnode_new(&arena, "other");
	uint64_t x = 0x9E3779B97F4A7C15ull;
	int step, k;

	for (step = 0; step < 6000; step++) {
		const char *name;
		struct xnode *c;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		name = names[x % NNAMES];
		switch ((x >> 8) % 6) {
		case 0: case 1:
			xnode_add(root, name, NULL);
			break;
		case 2:   /* move one away, maybe back to the end */
			if ((c = xnode_child(root, name)) != NULL) {
				xnode_unlink(c);
				xnode_append((x >> 16) & 1 ? root : other, c);
			}
			break;
		case 3:
			if ((x >> 16) % 8 == 0)
				xnode_replace(root, name, "r");
			else
				xnode_need(root, name);
			break;
		default:
			break;
		}
		for (k = 0; k < NNAMES; k++)
			cr_assert_eq(xnode_child(root, names[k]), first_named(root, names[k]),
				     "step %d: <%s>", step, names[k]);
		for (c = root->first; c && c->next; c = c->next)
			cr_assert_lt(c->seq, c->next->seq, "step %d: children out of seq order", step);
	}
	cr_assert_not_null(root->kids, "an index was built");
}

Test(xnode, copy_small_tree)
{
	struct xnode *src = xnode_new(&arena, "gazebo");
	struct xnode *plugin, *copy, *x, *sib;
	struct arena other;

	arena_init(&other, talloc_new(ctx), NULL);
	src->pos.line = 7;
	src->pos.col = 3;
	xnode_set_attr(src, "reference", "base");
	plugin = xnode_add(src, "plugin", NULL);
	xnode_set_attr(plugin, "name", "p");
	xnode_set_attr(plugin, "filename", "libp.so");
	x = xnode_add(plugin, "topic", "/cmd_vel");
	x->pos.line = 9;
	xnode_add(plugin, "rate", "50");
	xnode_add(xnode_add(plugin, "inner", NULL), "deep", "x");
	xnode_add(src, "mu1", "0.5");
	xnode_add(src, "empty", NULL);

	copy = xnode_copy(&other, src);
	assert_same_tree(src, copy);
	cr_assert_eq(copy->arena, &other);
	cr_assert_str_eq(children(copy), "plugin mu1 empty");
	cr_assert_str_eq(children(xnode_child(copy, "plugin")), "topic rate inner");

	/* a subtree copy stops at its own node, not its siblings */
	copy = xnode_copy(&other, plugin);
	assert_same_tree(plugin, copy);
	cr_assert_str_eq(children(copy), "topic rate inner");
	sib = xnode_copy(&other, x);
	assert_same_tree(x, sib);
	cr_assert_null(sib->first);

	/* the copy is independent of the original */
	xnode_set_attr(copy, "name", "changed");
	xnode_unlink(xnode_child(copy, "rate"));
	cr_assert_str_eq(xnode_attr(plugin, "name"), "p");
	cr_assert_str_eq(children(plugin), "topic rate inner");

	/* freeing the copy's context leaves the original whole */
	cr_assert_str_eq(children(src), "plugin mu1 empty");
}

Test(xnode, copy_wide_tree)
{
	struct xnode *src = xnode_new(&arena, "root"), *copy;
	int i, j;

	for (i = 0; i < 300; i++) {
		struct xnode *c = xnode_add(src, i % 2 ? "odd" : "even", NULL);
		for (j = 0; j < i % 7; j++)
			xnode_set_attr(xnode_add(c, "leaf", talloc_asprintf(ctx, "%d.%d", i, j)),
				       "k", talloc_asprintf(ctx, "%d", j));
	}
	copy = xnode_copy(&arena, src);
	assert_same_tree(src, copy);
}

Test(xnode, copy_very_deep_tree)
{
	enum { DEPTH = 100000 };
	struct xnode *src = xnode_new(&arena, "d"), *p = src, *copy, *q;
	int i;

	for (i = 1; i < DEPTH; i++) {
		p = xnode_add(p, "d", NULL);
		p->pos.line = (unsigned long)i;
		if (i % 1000 == 0) {
			xnode_set_attr(p, "level", talloc_asprintf(ctx, "%d", i));
			xnode_add(p, "side", "leaf");   /* a sibling for the walk to come back to */
		}
	}
	p->text = "bottom";
	copy = xnode_copy(&arena, src);
	assert_same_tree(src, copy);
	for (i = 1, q = copy; xnode_child(q, "d"); q = xnode_child(q, "d"))
		i++;
	cr_assert_eq(i, DEPTH);
	cr_assert_str_eq(q->text, "bottom");
}
