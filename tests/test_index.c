/* Unit tests of src/index.c: the name index. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "modeltest.h"

TestSuite(index, .init = setup, .fini = teardown);

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


/* index_intern: one copy per text, in the arena, found again whatever the
 * pointer; its entries are ordinary ones (index_get finds them), and the
 * slots it grows into (only their keys cleared) hold nothing else. */
Test(index, intern_keeps_one_copy)
{
	enum { N = 3000 };
	struct arena a;
	struct index *ix = index_new(ctx, NULL);
	const char *first[N];
	char text[32];
	int i;

	arena_init(&a, ctx, NULL);
	for (i = 0; i < N; i++) {
		int len = snprintf(text, sizeof text, "mesh_%d.stl", i);
		first[i] = index_intern(ix, text, (size_t)len, &a);
		cr_assert(first[i] != text && strcmp(first[i], text) == 0);
	}
	cr_assert_eq(index_count(ix), N);
	for (i = 0; i < N; i++) {
		int len = snprintf(text, sizeof text, "mesh_%d.stl", i);
		cr_assert_eq(index_intern(ix, text, (size_t)len, &a), first[i], "%s copied twice", text);
		cr_assert_eq(index_get(ix, text), first[i]);
	}
	cr_assert_eq(index_count(ix), N);
	cr_assert_null(index_get(ix, "mesh_3000.stl"));
	cr_assert_null(index_get(ix, "mesh_.stl"));
	cr_assert_eq(index_intern(ix, "", 0, &a), index_intern(ix, "", 0, &a));
}
