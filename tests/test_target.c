/* What each SDFormat output version (src/target.c's table) writes, end
 * to end through u2s_convert() (tests/writetest.h). */
#include <criterion/criterion.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loadable.h"
#include "target.h"
#include "writetest.h"

/* ---- SDFormat versions ------------------------------------------------------------- */

static struct result convert_version(const char *urdf, const char *version)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;

	opts.sdf_version = version;
	return convert_opts(urdf, &opts);
}

#define FINGERS(extra) \
	"<robot name='r'>\n" \
	"<link name='base'>" INERTIAL "</link>\n" \
	"<link name='l'>" INERTIAL "</link>\n" \
	"<link name='r'>" INERTIAL "</link>\n" \
	"<joint name='jl' type='prismatic'><parent link='base'/><child link='l'/>" \
	"<limit lower='0' upper='1' effort='1' velocity='1'/></joint>\n" \
	"<joint name='jr' type='prismatic'><parent link='base'/><child link='r'/>" \
	"<limit lower='0' upper='1' effort='1' velocity='1'/>" \
	"<mimic joint='jl' multiplier='-1' offset='0.5'/></joint>\n" \
	extra \
	"</robot>"

/* 1.11 and 1.12 write <mimic> in the follower's axis; 1.9 cannot, and says
 * so once. */
Test(version, mimic_written_from_1_11)
{
	const char *const versions[] = { "1.11", "1.12" };
	struct result r;
	int i;

	for (i = 0; i < 2; i++) {
		r = convert_version(FINGERS(""), versions[i]);
		cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
		at(&r, "<mimic joint='jl'>\n"
		       "          <multiplier>-1</multiplier>\n"
		       "          <offset>0.5</offset>\n"
		       "          <reference>0</reference>\n"
		       "        </mimic>\n");
		cr_assert_eq(r.nwarnings, 0, "%s", r.msgs);
		result_free(&r);
	}
	r = convert_version(FINGERS(""), NULL);
	absent(&r, "<mimic");
	cr_assert_not_null(strstr(r.msgs, "<mimic> has no SDFormat 1.9 equivalent"), "%s", r.msgs);
	result_free(&r);
}

/* A mimic that would not load is left out, with its position and why:
 * its leader missing, itself, fixed, merged away, left out with a
 * massless link or for its type, or a follower itself (a chain). */
Test(version, mimics_that_would_not_load_are_left_out)
{
	struct result r = convert_version(
		"<robot name='r'>\n"
		"<link name='base'>" INERTIAL "</link>\n"
		"<link name='a'>" INERTIAL "</link><link name='b'>" INERTIAL "</link>\n"
		"<link name='c'>" INERTIAL "</link><link name='d'>" INERTIAL "</link>\n"
		"<link name='e'>" INERTIAL "</link><link name='f'>" INERTIAL "</link>\n"
		"<link name='g'/><link name='h'>" INERTIAL "</link><link name='k'>" INERTIAL "</link>\n"
		"<joint name='fixed' type='fixed'><parent link='base'/><child link='a'/></joint>\n"
		"<joint name='kept' type='fixed'><parent link='base'/><child link='b'/></joint>\n"
		"<joint name='free' type='floating'><parent link='base'/><child link='c'/></joint>\n"
		"<joint name='j1' type='revolute'><parent link='base'/><child link='d'/>"
		"<limit effort='1' velocity='1'/><mimic joint='nothing'/></joint>\n"
		"<joint name='j2' type='revolute'><parent link='base'/><child link='e'/>"
		"<limit effort='1' velocity='1'/><mimic joint='j2'/></joint>\n"
		"<joint name='j3' type='revolute'><parent link='base'/><child link='f'/>"
		"<limit effort='1' velocity='1'/><mimic joint='fixed'/></joint>\n"
		"<joint name='ghost' type='revolute'><parent link='base'/><child link='g'/>"
		"<limit effort='1' velocity='1'/></joint>\n"
		"<joint name='j4' type='revolute'><parent link='base'/><child link='h'/>"
		"<limit effort='1' velocity='1'/><mimic joint='ghost'/></joint>\n"
		"<joint name='j5' type='revolute'><parent link='base'/><child link='k'/>"
		"<limit effort='1' velocity='1'/><mimic joint='j4'/></joint>\n"
		"<link name='m'>" INERTIAL "</link><link name='n'>" INERTIAL "</link>\n"
		"<joint name='j6' type='revolute'><parent link='base'/><child link='m'/>"
		"<limit effort='1' velocity='1'/><mimic joint='kept'/></joint>\n"
		"<joint name='j7' type='revolute'><parent link='base'/><child link='n'/>"
		"<limit effort='1' velocity='1'/><mimic joint='free'/></joint>\n"
		"<gazebo reference='kept'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
		"</robot>", "1.11");

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	/* j4's own <mimic> is left out, so it follows nothing in the output:
	 * j5 may follow it (leaders are decided first) */
	at(&r, "<mimic joint='j4'>");
	absent(&r, "<mimic joint='j1'");
	absent(&r, "<mimic joint='j2'");
	absent(&r, "<mimic joint='fixed'");
	absent(&r, "<mimic joint='ghost'");
	absent(&r, "<mimic joint='kept'");
	absent(&r, "<mimic joint='free'");
	cr_assert_not_null(strstr(r.msgs, "t.urdf:10:104: warning: joint 'j1' mimics 'nothing', but no "
				  "joint has that name; the <mimic> is left out"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "joint 'j2' mimics 'j2', but it names the joint itself"),
			   "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "joint 'j3' mimics 'fixed', but that fixed joint is "
				  "merged away by lumping"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "joint 'j4' mimics 'ghost', but that joint is left out "
				  "with a massless link"), "%s", r.msgs);
	cr_assert_null(strstr(r.msgs, "joint 'j5'"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "joint 'j6' mimics 'kept', but that joint is fixed and "
				  "does not move"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "joint 'j7' mimics 'free', but that joint has a type "
				  "SDFormat lacks and is left out"), "%s", r.msgs);
	result_free(&r);

	r = convert_version(FINGERS("<gazebo reference='jl'><preserveFixedJoint>true"
				    "</preserveFixedJoint></gazebo>"), "1.12");
	at(&r, "<mimic joint='jl'>");   /* preserveFixedJoint on a moving joint changes nothing */
	result_free(&r);
}

/* What else differs: the version, unbounded limits, colours in full, the
 * frames lumping leaves with explicit poses; an unknown version is a usage
 * error, through the library too. */
Test(version, what_each_version_writes)
{
	const char *urdf =
		"<robot name='r'>"
		"<material name='m'><color rgba='0.3 0.2 0.1 1'/></material>"
		"<link name='base'>" INERTIAL "<visual><geometry><sphere radius='1'/></geometry>"
		"<material name='m'/></visual></link>"
		"<link name='w'>" INERTIAL "</link><link name='t'>" INERTIAL "</link>"
		"<joint name='j' type='continuous'><parent link='base'/><child link='w'/></joint>"
		"<joint name='f' type='fixed'><parent link='w'/><child link='t'/>"
		"<origin xyz='0.1234567 0 0'/></joint>"
		"</robot>";
	struct result r = convert_version(urdf, "1.12");

	at(&r, "<sdf version='1.12'>");
	at(&r, "<lower>-inf</lower>\n          <upper>inf</upper>");
	at(&r, "<diffuse>0.37500003 0.25 0.125 1</diffuse>");   /* the float, in full */
	at(&r, "<frame name='f' attached_to='w'>\n      <pose>0.1234567 0 0 0 0 0</pose>");
	at(&r, "<frame name='t' attached_to='f'>\n      <pose>0 0 0 0 0 0</pose>");
	result_free(&r);
	r = convert_version(urdf, "1.9");
	at(&r, "<sdf version='1.9'>");
	at(&r, "<lower>-10000000000000000</lower>");
	at(&r, "<frame name='t' attached_to='f'/>");
	result_free(&r);
	r = convert_version(urdf, "1.10");
	cr_assert_eq(r.rc, U2S_USAGE);
	cr_assert_eq(r.len, 0);
	cr_assert_not_null(strstr(r.msgs, "'1.10' is not one u2s writes"), "%s", r.msgs);
	result_free(&r);
}

/* The table's default and its look-up. */
Test(target, table)
{
	const struct sdf_target *t = target_default();

	cr_assert_str_eq(t->version, "1.9");
	cr_assert_eq(target_find("1.9"), t);
	cr_assert_null(target_find("1.10"));
	cr_assert_null(target_find(""));
	cr_assert_not_null(t->unbounded_lower);
	cr_assert_not_null(t->unbounded_upper);
}
