/* Unit tests of src/arena.c, src/index.c, src/xnode.c, src/tags.c and
 * src/model.c: memory, the name index, the element tree, the tag table,
 * model helpers. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "model.h"
#include "target.h"

static TALLOC_CTX *ctx;
static struct arena arena;   /* element trees live in an arena, as in u2s */

static void setup(void)
{
	ctx = talloc_new(NULL);
	arena_init(&arena, talloc_new(ctx), NULL);
}

static void teardown(void)
{
	talloc_free(ctx);
}

TestSuite(index, .init = setup, .fini = teardown);
TestSuite(xnode, .init = setup, .fini = teardown);
TestSuite(robot, .init = setup, .fini = teardown);
TestSuite(arena, .init = setup, .fini = teardown);
TestSuite(tags);

/* ---- arena ------------------------------------------------------------------ */

/* The arena's blocks and large chunks are the only children of its context. */
static size_t chunks(void)
{
	return talloc_total_blocks(arena.ctx) - 1;
}

Test(arena, zeroed_aligned_and_in_blocks)
{
	char *a = arena_alloc(&arena, 3), *b = arena_alloc(&arena, 40);
	unsigned i;

	cr_assert_eq((size_t)a % 16, 0);
	cr_assert_eq((size_t)b % 16, 0);
	cr_assert_eq(b - a, 16, "small allocations are carved from one block");
	for (i = 0; i < 40; i++)
		cr_assert_eq(b[i], 0);
	cr_assert_eq(chunks(), 1);
}

Test(arena, release_forgets_what_came_after_the_mark)
{
	char *before = arena_strdup(&arena, "kept");
	struct arena_mark m = arena_mark(&arena);
	char *big, *again;
	int i;

	for (i = 0; i < 10000; i++)
		arena_alloc(&arena, 1000);              /* several new blocks */
	big = arena_alloc(&arena, 3 * 1024 * 1024);  /* a chunk of its own */
	big[3 * 1024 * 1024 - 1] = 'x';
	cr_assert_gt(chunks(), 3);
	arena_release(&arena, m);
	cr_assert_eq(chunks(), 1, "blocks after the mark are freed");
	cr_assert_str_eq(before, "kept");
	again = arena_alloc(&arena, 8);
	cr_assert_eq(again, before + 16, "allocation resumes at the mark");
}

Test(arena, reset_keeps_the_first_block_only)
{
	char *first = arena_alloc(&arena, 8);
	int i;

	arena_alloc(&arena, 3 * 1024 * 1024);
	for (i = 0; i < 10000; i++)
		arena_alloc(&arena, 1000);
	arena_reset(&arena);
	cr_assert_eq(chunks(), 1);
	cr_assert_eq(arena_alloc(&arena, 8), first, "the first block is reused from its start");
	arena_reset(&arena);
	arena_reset(&arena);
	cr_assert_eq(chunks(), 1);
}

Test(arena, mark_before_any_block)
{
	struct arena_mark m = arena_mark(&arena);

	arena_alloc(&arena, 100);
	arena_alloc(&arena, 1024 * 1024);
	arena_release(&arena, m);
	cr_assert_eq(chunks(), 0);
	cr_assert_not_null(arena_alloc(&arena, 100), "a fresh block after releasing everything");
	arena_reset(&arena);
	cr_assert_eq(chunks(), 1);
}

/* Blocks after the first are mapped with their pages in place (Linux):
 * they are zeroed and writable like the first, and freed with the arena. */
Test(arena, later_blocks_are_zeroed_and_freed)
{
	int round, i;
	size_t k;

	for (round = 0; round < 2; round++) {
		for (i = 0; i < 5000; i++) {
			unsigned char *p = arena_alloc(&arena, 1000);
			for (k = 0; k < 1000; k += 97)
				cr_assert_eq(p[k], 0, "round %d, allocation %d", round, i);
			memset(p, 0xa5, 1000);
		}
		cr_assert_gt(chunks(), 2);
		arena_reset(&arena);
		cr_assert_eq(chunks(), 1);
	}
}

/* ---- name index ---------------------------------------------------------- */

Test(index, put_and_get)
{
	struct index *ix;
	int a = 1, b = 2, c = 3;

	ix = index_new(ctx, NULL);
	cr_assert_eq(index_count(ix), 0);
	cr_assert_null(index_get(ix, "a"));
	cr_assert_null(index_put(ix, "a", &a));
	cr_assert_null(index_put(ix, "b", &b));
	cr_assert_null(index_put(ix, "", &c));
	cr_assert_eq(index_get(ix, "a"), &a);
	cr_assert_eq(index_get(ix, "b"), &b);
	cr_assert_eq(index_get(ix, ""), &c);
	cr_assert_null(index_get(ix, "c"));
	cr_assert_null(index_get(ix, "aa"));
	cr_assert_null(index_get(ix, "A"));
	cr_assert_eq(index_count(ix), 3);
}

Test(index, duplicate_returns_existing)
{
	struct index *ix;
	int a = 1, b = 2;
	char key2[] = "link";   /* same text, another pointer */

	ix = index_new(ctx, NULL);
	cr_assert_null(index_put(ix, "link", &a));
	cr_assert_eq(index_put(ix, "link", &b), &a);
	cr_assert_eq(index_put(ix, key2, &b), &a);
	cr_assert_eq(index_get(ix, "link"), &a, "the first value stays");
	cr_assert_eq(index_count(ix), 1);
}

Test(index, grows_past_thousands)
{
	enum { N = 50000 };
	struct index *ix;
	static int vals[N];
	char **keys = talloc_array(ctx, char *, N);
	int i;

	ix = index_new(ctx, NULL);
	for (i = 0; i < N; i++) {
		keys[i] = talloc_asprintf(ctx, "link_%d", i);
		cr_assert_null(index_put(ix, keys[i], &vals[i]), "put %s", keys[i]);
	}
	cr_assert_eq(index_count(ix), N);
	for (i = 0; i < N; i++) {
		char probe[32];
		snprintf(probe, sizeof probe, "link_%d", i);   /* another pointer */
		cr_assert_eq(index_get(ix, probe), &vals[i], "get %s", probe);
	}
	for (i = 0; i < N; i += 997)
		cr_assert_eq(index_put(ix, keys[i], NULL), &vals[i]);
	cr_assert_eq(index_count(ix), N);
	cr_assert_null(index_get(ix, "link_50000"));
	cr_assert_null(index_get(ix, "link_"));
	cr_assert_null(index_get(ix, "link_-1"));
}

/* Pairs with the same 32-bit FNV-1a hash, so they probe the same slots and
 * only the string comparison tells them apart. */
Test(index, full_hash_collisions)
{
	static const char *const keys[] = {
		"costarring", "liquid", "declinate", "macallums", "altarage", "zinke",
		"altarages", "zinkes"
	};
	static int vals[8];
	struct index *ix;
	unsigned i;

	ix = index_new(ctx, NULL);
	for (i = 0; i < 8; i += 2)
		cr_assert_null(index_put(ix, keys[i], &vals[i]));
	for (i = 0; i < 8; i += 2) {
		cr_assert_eq(index_get(ix, keys[i]), &vals[i]);
		cr_assert_null(index_get(ix, keys[i + 1]), "%s found through %s", keys[i + 1], keys[i]);
	}
	for (i = 1; i < 8; i += 2)
		cr_assert_null(index_put(ix, keys[i], &vals[i]));
	for (i = 0; i < 8; i++) {
		cr_assert_eq(index_get(ix, keys[i]), &vals[i], "get %s", keys[i]);
		cr_assert_eq(index_put(ix, keys[i], &vals[(i + 1) % 8]), &vals[i]);
	}
	cr_assert_eq(index_count(ix), 8);
	/* the colliding pairs survive growth */
	for (i = 0; i < 5000; i++)
		index_put(ix, talloc_asprintf(ctx, "k%u", i), &vals[0]);
	for (i = 0; i < 8; i++)
		cr_assert_eq(index_get(ix, keys[i]), &vals[i], "after growth: get %s", keys[i]);
}

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

/* ---- robot helpers ------------------------------------------------------------ */

Test(robot, new_robot)
{
	struct robot *rb = robot_new(ctx, NULL);
	int x;

	cr_assert_null(rb->name);
	cr_assert(pose_is_identity(rb->origin));
	cr_assert_eq(rb->nlinks, 0);
	cr_assert_null(rb->links);
	cr_assert_null(index_put(rb->link_index, "a", &x));
	cr_assert_null(index_get(rb->joint_index, "a"), "three separate indexes");
	cr_assert_null(index_get(rb->material_index, "a"));
}

Test(robot, lists)
{
	struct item_list l = { 0 };
	struct item a, b, c;
	struct ext_list el = { 0 };
	struct ext e1, e2;
	struct node_list nl = { 0 };
	unsigned i;

	item_list_append(&l, &a);
	item_list_append(&l, &b);
	item_list_append(&l, &c);
	cr_assert(l.first == &a && a.next == &b && b.next == &c && !c.next && l.last == &c);
	cr_assert_eq(l.count, 3);

	ext_list_append(&arena, &el, &e1);
	ext_list_append(&arena, &el, &e2);
	cr_assert(el.first->ext == &e1 && el.first->next->ext == &e2 && !el.first->next->next);
	cr_assert_eq(el.last->ext, &e2);

	for (i = 0; i < 100; i++)
		node_list_push(&arena, &nl, xnode_new(&arena, talloc_asprintf(ctx, "n%u", i)));
	cr_assert_eq(nl.n, 100);
	cr_assert_geq(nl.cap, 100);
	for (i = 0; i < 100; i++) {
		char want[16];
		snprintf(want, sizeof want, "n%u", i);
		cr_assert_str_eq(nl.v[i]->name, want);
	}
}

Test(robot, joint_type_names)
{
	cr_assert_str_eq(joint_type_name(JOINT_REVOLUTE), "revolute");
	cr_assert_str_eq(joint_type_name(JOINT_CONTINUOUS), "continuous");
	cr_assert_str_eq(joint_type_name(JOINT_PRISMATIC), "prismatic");
	cr_assert_str_eq(joint_type_name(JOINT_FIXED), "fixed");
	cr_assert_str_eq(joint_type_name(JOINT_FLOATING), "floating");
	cr_assert_str_eq(joint_type_name(JOINT_PLANAR), "planar");
}

Test(robot, massless)
{
	struct link l = { 0 };
	struct inertial in = { 0 };

	cr_assert(link_is_massless(&l), "no inertial");
	l.inertial = &in;
	cr_assert(link_is_massless(&l), "mass 0");
	in.mass = -1;
	cr_assert(link_is_massless(&l), "negative mass");
	in.mass = 1e-300;
	cr_assert(!link_is_massless(&l));
	in.mass = NAN;
	cr_assert(link_is_massless(&l), "NaN mass");
}

/* ---- out of memory and the memory checkers ------------------------------------ */

/* Out of memory jumps to the conversion's point, not abort(): talloc
 * refuses any single chunk of 256 MiB or more, which the arena asks for
 * when one allocation is that large. */
Test(arena, out_of_memory_jumps)
{
	oom_jump jump;
	struct arena a;
	volatile int reached = 0;

	arena_init(&a, talloc_new(ctx), &jump);
	if (setjmp(jump) == 0) {
		arena_alloc(&a, (size_t)512 * 1024 * 1024);
		reached = 1;
	}
	cr_assert_eq(reached, 0, "a failed allocation returned");
	cr_assert_not_null(arena_alloc(&a, 16), "the arena still works afterwards");
}

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
/* What the arena forgets but keeps for reuse is poisoned: a use after
 * arena_reset() or arena_release() is reported as a use after free. */
Test(arena, forgotten_memory_is_poisoned)
{
	char *a = arena_alloc(&arena, 64), *b;
	struct arena_mark m;

	arena_reset(&arena);
	cr_assert(__asan_address_is_poisoned(a), "reset memory is addressable");
	a = arena_alloc(&arena, 64);
	cr_assert_not(__asan_address_is_poisoned(a), "a new allocation is poisoned");
	m = arena_mark(&arena);
	b = arena_alloc(&arena, 64);
	arena_release(&arena, m);
	cr_assert(__asan_address_is_poisoned(b), "released memory is addressable");
	cr_assert_not(__asan_address_is_poisoned(a));
}
#endif

/* ---- the tag table -------------------------------------------------------------- */

/* What every row must say for resolve and the writer to handle it without
 * knowing the tag. */
Test(tags, every_row_is_whole)
{
	unsigned id, k, i;

	for (id = 0; id < TAG_COUNT; id++) {
		const struct tag *t = &TAGS[id];
		cr_assert_not_null(t->name, "row %u has no name", id);
		cr_assert_eq(tag_find(t->name), t, "%s: found another row", t->name);
		cr_assert_eq(TAGS[t->stored_as].kind, t->kind, "%s: stored as another kind", t->name);
		cr_assert((t->stored_as == id) == !t->deprecated,
			  "%s: only a deprecated spelling is stored as another tag", t->name);
		cr_assert(!t->negate || t->kind == TAG_BOOL, "%s: only a bool is negated", t->name);
		switch (t->target) {
		case AT_LINK: case AT_COLLISION: case AT_VISUAL:
			cr_assert_eq(t->scope, SCOPE_LINK, "%s", t->name);
			break;
		case AT_JOINT:
			cr_assert_eq(t->scope, SCOPE_JOINT, "%s", t->name);
			break;
		case AT_MODEL:
			cr_assert_eq(t->scope, SCOPE_MODEL, "%s", t->name);
			break;
		case AT_NONE:
			cr_assert_null(t->at[0].path[0], "%s: a place, but not written", t->name);
			break;
		}
		if (t->target != AT_NONE)
			cr_assert_not_null(t->at[0].path[0], "%s: written nowhere", t->name);
		for (k = 0; k < 2; k++)
			for (i = 1; i < TAG_PATH_MAX; i++)
				cr_assert(t->at[k].path[i] == NULL || t->at[k].path[i - 1] != NULL,
					  "%s: a gap in a path", t->name);
		if (t->write == W_ADD && t->at[1].path[0])
			cr_assert_str_eq(t->at[0].path[0], t->at[1].path[0],
					 "%s: an added tag's places share their container", t->name);
	}
	cr_assert_null(tag_find("plugin"));
	cr_assert_null(tag_find("Mu1"), "names are case-sensitive");
}

/* A block keeps only the values it gives, in the order of their ids; each
 * is found by its rank among them, the first id and the last included. */
Test(tags, values_are_kept_by_rank)
{
	union tag_value kept[4];
	struct tag_values tv;

	tv.given = 1u << 0 | 1u << TAG_KP | 1u << TAG_STATIC | 1u << (TAG_COUNT - 1);
	tv.v = kept;
	kept[0].b = 1;
	kept[1].num = 2.5;
	kept[2].b = 0;
	kept[3].b = 1;
	cr_assert_eq(tag_count(tv.given), 4);
	cr_assert_eq(tag_get(&tv, 0)->b, 1);
	cr_assert_eq(tag_get(&tv, TAG_KP)->num, 2.5);
	cr_assert_eq(tag_get(&tv, TAG_STATIC), &kept[2]);
	cr_assert_eq(tag_get(&tv, TAG_COUNT - 1), &kept[3]);
	cr_assert(tag_true(&tv, TAG_COUNT - 1));
	cr_assert_not(tag_true(&tv, TAG_STATIC), "given as false");
	cr_assert_not(tag_true(&tv, TAG_MU1), "not given");
	cr_assert_eq(tag_count(0), 0);
	cr_assert_eq(tag_count(~0u), 8 * sizeof(unsigned));
}

/* ---- output versions ------------------------------------------------------------ */

Test(robot, target_table)
{
	const struct sdf_target *t = target_default();

	cr_assert_str_eq(t->version, "1.9");
	cr_assert_eq(target_find("1.9"), t);
	cr_assert_null(target_find("1.10"));
	cr_assert_null(target_find(""));
	cr_assert_not_null(t->unbounded_lower);
	cr_assert_not_null(t->unbounded_upper);
}

Test(index, merge)
{
	struct index *a = index_new(ctx, NULL), *b = index_new(ctx, NULL);
	int x, y, z;

	index_put(a, "a", &x);
	index_put(b, "b", &y);
	index_put(b, "c", &z);
	cr_assert_eq(index_merge(a, b), 0);
	cr_assert_eq(index_count(a), 3);
	cr_assert_eq(index_get(a, "c"), &z);
	index_put(b, "a", &z);
	cr_assert_eq(index_merge(a, b), -1, "a key in both is a conflict");
	cr_assert_eq(index_get(a, "a"), &x, "the first value stays");
}

/* Names crafted against an unkeyed hash: 1024 names whose FNV-1a hashes
 * (the index's hash before it was keyed) agree in their low 14 bits, so
 * that they would land in one run of slots that every lookup walks.  The
 * keyed hash spreads them. */
static unsigned fnv1a(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

Test(index, crafted_collisions_spread)
{
	enum { N = 1024 };
	struct index *ix = index_new(ctx, NULL);
	unsigned found = 0, u;
	char name[32];

	for (u = 0; found < N; u++) {
		snprintf(name, sizeof name, "link_%u", u);
		if ((fnv1a(name) & 0x3fff) == 0x1234) {
			cr_assert_null(index_put(ix, talloc_strdup(ctx, name), ix));
			found++;
		}
	}
	cr_assert_eq(index_count(ix), N);
	cr_assert_lt(index_longest_run(ix), 48, "a run of %zu slots", index_longest_run(ix));
}
