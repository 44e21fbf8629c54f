/* Unit tests of src/model.c: the robot's helpers.  (The arena, the name
 * index, the element tree and the tag table have their own files.) */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "modeltest.h"

TestSuite(robot, .init = setup, .fini = teardown);

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

/* What a block's reference names: as resolve found it, until a repair
 * adds names to the indexes; looked up for blocks resolve did not join
 * (the migration's). */
Test(robot, ext_named)
{
	struct robot *rb = robot_new(ctx, NULL);
	struct link la = { 0 }, lb = { 0 };
	struct joint ja = { 0 };
	struct ext found = { 0 }, made = { 0 }, model = { 0 };
	struct link *l;
	struct joint *j;

	index_put(rb->link_index, "a", &la);
	index_put(rb->joint_index, "a", &ja);
	found.ref = made.ref = "a";
	model.ref = "";
	found.ref_found = 1, found.ref_link = &la, found.ref_joint = NULL;   /* as found then */
	ext_named(rb, &found, &l, &j);
	cr_assert(l == &la && j == NULL, "what join_block found, not the index");
	ext_named(rb, &made, &l, &j);
	cr_assert(l == &la && j == &ja);
	ext_named(rb, &model, &l, &j);
	cr_assert(!l && !j);
	index_put(rb->link_index, "b", &lb);
	rb->names_added = 1;
	found.ref = "b";
	ext_named(rb, &found, &l, &j);
	cr_assert(l == &lb && j == NULL, "looked up once names were added");
}

/* What SDFormat 1.8 and later reserve, at the edges of each form. */
Test(robot, name_reserved)
{
	static const char *const reserved[] = { "::", "a::b", "a:b::", "::a", ":::", "____",
						"__model__", "__x__", "world" };
	static const char *const allowed[] = { "", ":", "a:b:c", ":a:", "___", "__a_", "_a__",
					       "__", "_", "worlds", "World", "a_world", "w" };
	unsigned i;

	for (i = 0; i < sizeof reserved / sizeof *reserved; i++)
		cr_assert_not_null(name_reserved(reserved[i]), "%s", reserved[i]);
	for (i = 0; i < sizeof allowed / sizeof *allowed; i++)
		cr_assert_null(name_reserved(allowed[i]), "%s", allowed[i]);
	cr_assert_str_eq(name_reserved("a::__x__"), "'::' separates nested scopes");
	cr_assert_str_eq(name_reserved("__a::b__") , "'::' separates nested scopes");
	cr_assert_str_eq(name_reserved("__x__"), "names between '__' are SDFormat's own (__model__)");
}
