/* ROS name resolution (src/rosname.c): ROS 2 remapping rules, names, and
 * ROS 1's namespaces and tf frame ids. */
#include <criterion/criterion.h>
#include <string.h>
#include <talloc.h>

#include "arena.h"
#include "rosname.h"

static struct arena A;
static TALLOC_CTX *ctx;

static void setup(void)
{
	ctx = talloc_new(NULL);
	arena_init(&A, ctx, NULL);
}

static void teardown(void)
{
	talloc_free(ctx);
}

TestSuite(rosname, .init = setup, .fini = teardown);

static const char *resolve_in(const char *ns, const char *node, const char *topic,
			      const char *const *rules)
{
	struct ros_node n;

	ros_node_init(&A, &n, node, ns);
	for (; rules && *rules; rules++)
		cr_assert_eq(ros_node_remap(&A, &n, *rules), 0, "%s", *rules);
	return ros_resolve(&A, &n, topic);
}

Test(rosname, expands_relative_private_and_absolute)
{
	cr_assert_str_eq(resolve_in(NULL, "imu_plugin", "~/out", NULL), "/imu_plugin/out");
	cr_assert_str_eq(resolve_in("demo", "imu_plugin", "~/out", NULL), "/demo/imu_plugin/out");
	cr_assert_str_eq(resolve_in("/demo/", "dd", "cmd_vel", NULL), "/demo/cmd_vel");
	cr_assert_str_eq(resolve_in("/demo", "dd", "/tf", NULL), "/tf");
	cr_assert_str_eq(resolve_in("/", "dd", "odom", NULL), "/odom");
	cr_assert_str_eq(resolve_in("/a", "n", "~", NULL), "/a/n");
}

Test(rosname, first_matching_rule_wins_both_sides_expanded)
{
	static const char *const rules[] = { "~/out:=imu/data", "~/out:=/other", NULL };
	static const char *const odom[] = { "odom:=odom/unfiltered", NULL };
	static const char *const abs[] = { "/demo/odom:=/odom", NULL };

	cr_assert_str_eq(resolve_in("/r1", "imu", "~/out", rules), "/r1/imu/data");
	cr_assert_str_eq(resolve_in(NULL, "dd", "odom", odom), "/odom/unfiltered");
	/* the rule's left side is expanded too: /demo/odom matches odom in /demo */
	cr_assert_str_eq(resolve_in("/demo", "dd", "odom", abs), "/odom");
	cr_assert_str_eq(resolve_in("/demo", "dd", "cmd_vel", abs), "/demo/cmd_vel");
}

Test(rosname, node_rules_and_special_rules)
{
	static const char *const other[] = { "someone_else:odom:=/x", NULL };
	static const char *const mine[] = { "dd:odom:=/x", NULL };
	static const char *const ns[] = { "__ns:=/moved", "__node:=renamed", NULL };
	struct ros_node n;

	cr_assert_str_eq(resolve_in(NULL, "dd", "odom", other), "/odom");
	cr_assert_str_eq(resolve_in(NULL, "dd", "odom", mine), "/x");
	cr_assert_str_eq(resolve_in("/a", "dd", "~/out", ns), "/moved/renamed/out");
	ros_node_init(&A, &n, "dd", NULL);
	cr_assert_eq(ros_node_remap(&A, &n, "no rule here"), -1);
	cr_assert_eq(ros_node_remap(&A, &n, ":=x"), -1);
	cr_assert_eq(ros_node_remap(&A, &n, "x:="), -1);
}

Test(rosname, valid_names)
{
	cr_assert(ros_name_valid("/a/b_c/d1"));
	cr_assert(ros_name_valid("/"));
	cr_assert_not(ros_name_valid("/a//b"));
	cr_assert_not(ros_name_valid("/a/"));
	cr_assert_not(ros_name_valid("/1a"));
	cr_assert_not(ros_name_valid("/a b"));
	cr_assert_not(ros_name_valid("a"));
	cr_assert_not(ros_name_valid("/a\"\n- x"));
}

/* ---- ROS 1 (noetic) names ------------------------------------------------- */

Test(rosname, ros1_namespace_rule)
{
	cr_assert_str_eq(ros1_resolve(&A, "", "scan"), "/scan");
	cr_assert_str_eq(ros1_resolve(&A, NULL, "/world"), "/world");
	cr_assert_str_eq(ros1_resolve(&A, "robot", "imu"), "/robot/imu");
	cr_assert_str_eq(ros1_resolve(&A, "/robot/", "imu"), "/robot/imu");
	cr_assert_str_eq(ros1_resolve(&A, "/a", "/abs//b/"), "/abs/b");
	/* the camera utils' NodeHandle: robotNamespace + "/" + cameraName */
	cr_assert_str_eq(ros1_resolve(&A, "/", "/cam"), "/cam");
	cr_assert_str_eq(ros1_resolve(&A, "/", "r//cam"), "/r/cam");
	cr_assert_null(ros1_resolve(&A, "/r", "~private"));
	cr_assert_null(ros1_resolve(&A, "/r", ""));
	cr_assert_str_eq(tf_frame_id("/world"), "world");
	cr_assert_str_eq(tf_frame_id("base_link"), "base_link");
}
