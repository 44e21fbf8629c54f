/* Unit tests of src/tags.c: the tag table. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

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
