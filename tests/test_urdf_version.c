/* URDF 1.1 and 1.2: the version attribute as urdfdom reads it
 * (src/urdf_version.c), quat_xyzw's rotation (src/xform.c), and each new
 * construct in its version and in an older one, through the whole
 * conversion, with its messages.  The SDF of the converting cases is
 * checked by meaning in tests/corpus/versions (the conformance test). */
#include <criterion/criterion.h>

#include <math.h>
#include <string.h>

#include "convtest.h"
#include "urdf_version.h"
#include "xform.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- the version attribute ---------------------------------------------------- */

static void version_is(const char *text, unsigned major, unsigned minor)
{
	struct urdf_version v = { 99, 99 };
	const char *why = urdf_version_parse(text, &v);

	cr_assert_null(why, "'%s': %s", text, why);
	cr_assert(v.major == major && v.minor == minor, "'%s' read as %u.%u", text, v.major,
		  v.minor);
}

static void version_fails(const char *text, const char *reason)
{
	struct urdf_version v;
	const char *why = urdf_version_parse(text, &v);

	cr_assert_not_null(why, "'%s' accepted", text);
	cr_assert_str_eq(why, reason, "'%s'", text);
}

Test(version, read_as_urdfdom_reads_it)
{
	version_is("1.0", 1, 0);
	version_is("1.1", 1, 1);
	version_is("1.2", 1, 2);
	version_is("01.02", 1, 2);
	/* strtol's leading blanks and sign */
	version_is(" 1.1", 1, 1);
	version_is("+1.+2", 1, 2);
	version_is("-0.1", 0, 1);
	/* a trailing '.' leaves no third field in urdfdom's split */
	version_is("1.0.", 1, 0);
	version_is("2.7", 2, 7);
}

Test(version, malformed)
{
	version_fails("", "not of the form MAJOR.MINOR");
	version_fails("1", "not of the form MAJOR.MINOR");
	version_fails("1.", "not of the form MAJOR.MINOR");
	version_fails(".", "not of the form MAJOR.MINOR");
	version_fails("1.0.0", "not of the form MAJOR.MINOR");
	version_fails("1.0..", "not of the form MAJOR.MINOR");
	version_fails(".1", "a field is empty");
	version_fails("1..", "a field is empty");
	version_fails("a.b", "a field is not an integer");
	version_fails("1.0 ", "extra characters after a number");
	version_fails("1.0~pre6", "extra characters after a number");
	version_fails("0x1.0", "extra characters after a number");
	version_fails("-1.0", "a field is negative");
}

Test(version, known_and_features)
{
	cr_assert(urdf_version_known(URDF_1_0));
	cr_assert(urdf_version_known((struct urdf_version){ 1, 2 }));
	cr_assert(!urdf_version_known((struct urdf_version){ 1, 3 }));
	cr_assert(!urdf_version_known((struct urdf_version){ 2, 0 }));
	cr_assert(!urdf_version_known((struct urdf_version){ 0, 9 }));
	cr_assert(!urdf_has(URDF_1_0, URDF_QUAT_XYZW));
	cr_assert(urdf_has((struct urdf_version){ 1, 1 }, URDF_CAPSULE));
	cr_assert(!urdf_has((struct urdf_version){ 1, 1 }, URDF_LIMITS_1_2));
	cr_assert(urdf_has((struct urdf_version){ 1, 2 }, URDF_QUAT_XYZW));
	cr_assert(urdf_has((struct urdf_version){ 2, 0 }, URDF_LIMITS_1_2));
}

/* ---- quat_xyzw's rotation ----------------------------------------------------- */

/* The rotation of V (any length) equals that of angles RPY. */
static void rotation_is(const double v[4], double r, double p, double y)
{
	double rpy[3], m[9], want[9];
	int i;

	cr_assert_eq(xyzw_to_rpy(v, rpy), 0);
	quat_to_matrix(quat_from_rpy(rpy[0], rpy[1], rpy[2]), m);
	quat_to_matrix(quat_from_rpy(r, p, y), want);
	for (i = 0; i < 9; i++)
		cr_assert(fabs(m[i] - want[i]) < 1e-15, "element %d: %.17g, want %.17g", i,
			  m[i], want[i]);
}

Test(quat_xyzw, normalised_at_any_scale)
{
	const double quarter[4] = { 0, 0, 1, 1 };
	const double big[4] = { 0, 0, 1e300, 1e300 };
	const double tiny[4] = { 0, 0, 1e-300, 1e-300 };
	const double minus[4] = { 0, 0, -3, -3 };
	const double half_x[4] = { 1, 0, 0, 0 };
	const double none[4] = { 0, 0, 0, -2 };
	const double third_y[4] = { 0, 0.5, 0, 0.8660254037844386 };
	const double general[4] = { 0.1, -0.7, 0.3, 0.5 };
	struct quat q = { 0.5, 0.1, -0.7, 0.3 };
	double rpy[3];

	rotation_is(quarter, 0, 0, M_PI / 2);
	rotation_is(big, 0, 0, M_PI / 2);
	rotation_is(tiny, 0, 0, M_PI / 2);
	rotation_is(minus, 0, 0, M_PI / 2);   /* q and -q: one rotation */
	rotation_is(half_x, M_PI, 0, 0);
	rotation_is(none, 0, 0, 0);
	rotation_is(third_y, 0, M_PI / 3, 0);
	quat_to_rpy(q, rpy);
	rotation_is(general, rpy[0], rpy[1], rpy[2]);
	/* exactly, where the angle is a round one */
	cr_assert_eq(xyzw_to_rpy(quarter, rpy), 0);
	cr_assert_eq(rpy[2], M_PI / 2);
}

Test(quat_xyzw, zero_has_no_direction)
{
	const double zero[4] = { 0, 0, 0, 0 };
	double rpy[3] = { 7, 7, 7 };

	cr_assert_eq(xyzw_to_rpy(zero, rpy), -1);
	cr_assert_eq(rpy[0], 7);
}

/* ---- conversions ------------------------------------------------------------------ */

#define INERTIAL "<inertial><mass value='1'/><inertia ixx='1' ixy='0' ixz='0' " \
		 "iyy='1' iyz='0' izz='1'/></inertial>"

static struct result run(const char *urdf)
{
	struct u2s_options o = U2S_OPTIONS_INIT;

	return convert_opts(urdf, &o);
}

static void converts_with(const char *urdf, const char *msgs)
{
	struct result r = run(urdf);

	cr_assert_eq(r.rc, U2S_OK, "status %d: %s", r.rc, r.msgs);
	cr_assert_str_eq(r.msgs, msgs);
	result_free(&r);
}

static void rejected_with(const char *urdf, const char *msgs)
{
	struct result r = run(urdf);

	cr_assert_eq(r.rc, U2S_REJECTED, "status %d: %s", r.rc, r.msgs);
	cr_assert_eq(r.len, 0, "output written");
	cr_assert_str_eq(r.msgs, msgs);
	result_free(&r);
}

/* The SDF of URDF holds NEEDLE. */
static void output_has(const char *urdf, const char *needle)
{
	struct result r = run(urdf);

	cr_assert_eq(r.rc, U2S_OK, "status %d: %s", r.rc, r.msgs);
	cr_assert_not_null(strstr(r.sdf, needle), "no '%s' in:\n%s", needle, r.sdf);
	result_free(&r);
}

Test(robot_version, absent_is_1_0)
{
	converts_with("<robot name='r'>\n"
		      " <link name='a'>" INERTIAL "\n"
		      "  <visual><origin quat_xyzw='0 0 0 1'/><geometry><sphere radius='1'/>"
		      "</geometry></visual>\n"
		      " </link>\n"
		      "</robot>\n",
		      "t.urdf:3:11: warning: <origin quat_xyzw> needs URDF 1.1 or later (this robot "
		      "is URDF 1.0: write <robot version=\"1.1\">); ignored, as urdfdom ignores it\n");
}

Test(robot_version, unknown_and_malformed_are_errors)
{
	rejected_with("<robot name='r' version='2.0'><link name='a'/></robot>",
		      "t.urdf:1:1: error: <robot version='2.0'>: u2s reads URDF 1.0, 1.1 and 1.2, "
		      "not 2.0\n");
	rejected_with("<robot name='r' version='1.3'><link name='a'/></robot>",
		      "t.urdf:1:1: error: <robot version='1.3'>: u2s reads URDF 1.0, 1.1 and 1.2, "
		      "not 1.3\n");
	rejected_with("<robot name='r' version='1'><link name='a'/></robot>",
		      "t.urdf:1:1: error: <robot version='1'>: not of the form MAJOR.MINOR "
		      "(expected MAJOR.MINOR, such as 1.0)\n");
	rejected_with("<robot name='r' version=''><link name='a'/></robot>",
		      "t.urdf:1:1: error: <robot version=''>: not of the form MAJOR.MINOR "
		      "(expected MAJOR.MINOR, such as 1.0)\n");
}

Test(robot_version, rejected_file_reads_on_quietly)
{
	/* Read by the newest rules: the capsule adds no message of its own. */
	rejected_with("<robot name='r' version='9.9'>\n"
		      " <link name='a'><visual><geometry><capsule radius='1' length='1'/>"
		      "</geometry></visual></link>\n"
		      "</robot>",
		      "t.urdf:1:1: error: <robot version='9.9'>: u2s reads URDF 1.0, 1.1 and 1.2, "
		      "not 9.9\n");
}

Test(quat_xyzw, on_every_origin_in_1_1)
{
	const char *urdf =
		"<robot name='r' version='1.1'>\n"
		" <link name='a'><inertial><origin quat_xyzw='0 0 1 1'/><mass value='1'/>"
		"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>\n"
		"  <collision><origin xyz='1 2 3' quat_xyzw='1 0 0 1'/><geometry><sphere radius='1'/>"
		"</geometry></collision>\n"
		" </link>\n"
		" <link name='b'>" INERTIAL "</link>\n"
		" <joint name='j' type='continuous'><parent link='a'/><child link='b'/>"
		"<origin quat_xyzw='0 1 0 1'/></joint>\n"
		"</robot>";

	output_has(urdf, "<pose>0 0 0 0 0 1.5707963267948966</pose>");
	output_has(urdf, "<pose>1 2 3 1.5707963267948966 0 0</pose>");
	output_has(urdf, "<pose relative_to='a'>0 0 0 0 1.5707963267948966 0</pose>");
	converts_with(urdf, "");
}

Test(quat_xyzw, in_1_0_ignored_and_rpy_counts)
{
	const char *urdf =
		"<robot name='r' version='1.0'>\n"
		" <link name='a'>" INERTIAL "\n"
		"  <visual><origin rpy='0 0 0.25' quat_xyzw='1 0 0 0'/><geometry><sphere radius='1'/>"
		"</geometry></visual>\n"
		" </link>\n"
		"</robot>";

	output_has(urdf, "<pose>0 0 0 0 0 0.25</pose>");
	converts_with(urdf, "t.urdf:3:11: warning: <origin quat_xyzw> needs URDF 1.1 or later "
		      "(this robot is URDF 1.0: write <robot version=\"1.1\">); ignored, as urdfdom "
		      "ignores it\n");
}

Test(quat_xyzw, with_rpy_is_an_error_in_1_1)
{
	rejected_with("<robot name='r' version='1.1'>\n"
		      " <link name='a'>" INERTIAL "\n"
		      "  <visual><origin rpy='0 0 0' quat_xyzw='0 0 0 1'/><geometry><sphere radius='1'/>"
		      "</geometry></visual>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:3:11: error: <origin> has both rpy and quat_xyzw; give the rotation "
		      "once\n");
}

Test(quat_xyzw, malformed_and_zero)
{
	rejected_with("<robot name='r' version='1.2'>\n"
		      " <link name='a'>" INERTIAL "\n"
		      "  <visual><origin quat_xyzw='0 0 1'/><geometry><sphere radius='1'/>"
		      "</geometry></visual>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:3:11: error: <origin quat_xyzw='0 0 1'>: expected 4 finite numbers\n");
	converts_with("<robot name='r' version='1.1'>\n"
		      " <link name='a'>" INERTIAL "\n"
		      "  <visual><origin quat_xyzw='0 0 0 0'/><geometry><sphere radius='1'/>"
		      "</geometry></visual>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:3:11: warning: <origin quat_xyzw='0 0 0 0'> is no rotation; taken as "
		      "none (0 0 0 1), as urdfdom takes it\n");
}

Test(capsule, written_in_1_1)
{
	const char *urdf = "<robot name='r' version='1.1'>\n"
			   " <link name='a'>" INERTIAL "\n"
			   "  <collision><geometry><capsule radius='0.25' length='2'/></geometry>"
			   "</collision>\n"
			   " </link>\n"
			   "</robot>";

	output_has(urdf, "<capsule>\n            <radius>0.25</radius>\n"
		   "            <length>2</length>\n          </capsule>");
	converts_with(urdf, "");
	rejected_with("<robot name='r' version='1.1'>\n"
		      " <link name='a'>" INERTIAL "\n"
		      "  <collision><geometry><capsule radius='0.25'/></geometry></collision>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:3:24: error: <capsule> has no 'length' attribute\n");
}

Test(capsule, in_1_0_fails_its_item_as_in_urdfdom)
{
	const char *urdf = "<robot name='r'>\n"
			   " <link name='a'>" INERTIAL "\n"
			   "  <collision name='c0'><geometry><box size='1 1 1'/></geometry></collision>\n"
			   "  <visual name='v0'><geometry><box size='1 1 1'/></geometry></visual>\n"
			   "  <visual name='v1'><geometry><capsule radius='1' length='1'/></geometry>"
			   "</visual>\n"
			   "  <visual name='v2'><geometry><box size='1 1 1'/></geometry></visual>\n"
			   "  <collision name='c1'><geometry><box size='1 1 1'/></geometry></collision>\n"
			   " </link>\n"
			   "</robot>";
	struct result r = run(urdf);

	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_str_eq(r.msgs, "t.urdf:5:31: warning: <capsule> needs URDF 1.1 or later (this "
			 "robot is URDF 1.0: write <robot version=\"1.1\">); as urdfdom reads it, "
			 "this visual fails: it is left out, and so are the link's later visuals "
			 "and all its collisions\n");
	cr_assert_not_null(strstr(r.sdf, "a_fixed_joint_lump__v0_visual"));
	cr_assert_null(strstr(r.sdf, "v1_visual"));
	cr_assert_null(strstr(r.sdf, "v2_visual"));
	cr_assert_null(strstr(r.sdf, "<collision"), "%s", r.sdf);
	result_free(&r);
}

Test(capsule, in_1_0_collision_keeps_the_visuals)
{
	struct result r = run("<robot name='r'>\n"
			      " <link name='a'>" INERTIAL "\n"
			      "  <collision name='c0'><geometry><box size='1 1 1'/></geometry></collision>\n"
			      "  <collision name='c1'><geometry><capsule radius='1' length='1'/>"
			      "</geometry></collision>\n"
			      "  <collision name='c2'><geometry><box size='1 1 1'/></geometry></collision>\n"
			      "  <visual name='v0'><geometry><box size='1 1 1'/></geometry></visual>\n"
			      " </link>\n"
			      "</robot>");

	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_eq(r.nwarnings, 1, "%s", r.msgs);
	cr_assert_not_null(strstr(r.sdf, "a_fixed_joint_lump__c0_collision"));
	cr_assert_null(strstr(r.sdf, "c1_collision"));
	cr_assert_null(strstr(r.sdf, "c2_collision"));
	cr_assert_not_null(strstr(r.sdf, "a_fixed_joint_lump__v0_visual"));
	result_free(&r);
}

#define JOINT_HEAD(type) \
	" <link name='a'>" INERTIAL "</link>\n <link name='b'>" INERTIAL "</link>\n" \
	" <joint name='j' type='" type "'><parent link='a'/><child link='b'/>"

Test(limits, relaxed_in_1_2)
{
	const char *urdf = "<robot name='r' version='1.2'>\n" JOINT_HEAD("continuous")
			   "<limit/></joint>\n</robot>";

	output_has(urdf, "<effort>inf</effort>");
	output_has(urdf, "<velocity>inf</velocity>");
	converts_with(urdf, "");
	output_has("<robot name='r' version='1.2'>\n" JOINT_HEAD("prismatic")
		   "<limit lower='-1' upper='2' velocity='0.5'/></joint>\n</robot>",
		   "<lower>-1</lower>\n          <upper>2</upper>\n          "
		   "<effort>inf</effort>\n          <velocity>0.5</velocity>");
}

Test(limits, rules_of_1_2)
{
	rejected_with("<robot name='r' version='1.2'>\n" JOINT_HEAD("revolute")
		      "\n  <limit upper='1'/></joint>\n</robot>",
		      "t.urdf:5:3: error: revolute joint 'j': <limit> needs lower and upper "
		      "(URDF 1.2)\n");
	rejected_with("<robot name='r' version='1.2'>\n" JOINT_HEAD("continuous")
		      "\n  <limit lower='1' upper='-1'/></joint>\n</robot>",
		      "t.urdf:5:3: error: joint 'j': <limit> upper -1 is below lower 1\n");
	rejected_with("<robot name='r' version='1.2'>\n" JOINT_HEAD("continuous")
		      "\n  <limit velocity='-1' jerk='-2'/></joint>\n</robot>",
		      "t.urdf:5:3: error: <limit velocity='-1'>: negative (URDF 1.2 limits are "
		      "not)\n"
		      "t.urdf:5:3: error: <limit jerk='-2'>: negative (URDF 1.2 limits are not)\n"
		      "t.urdf:5:3: warning: joint 'j': SDFormat has no acceleration, deceleration "
		      "or jerk limit; left out here and on every other joint that has one\n");
	rejected_with("<robot name='r' version='1.2'>\n" JOINT_HEAD("continuous")
		      "\n  <limit acceleration='fast'/></joint>\n</robot>",
		      "t.urdf:5:3: error: <limit acceleration='fast'>: not a finite number\n"
		      "t.urdf:5:3: warning: joint 'j': SDFormat has no acceleration, deceleration "
		      "or jerk limit; left out here and on every other joint that has one\n");
	rejected_with("<robot name='r' version='1.2'>\n" JOINT_HEAD("revolute")
		      "</joint>\n</robot>",
		      "t.urdf:4:2: error: revolute joint 'j' has no <limit> (lower and upper "
		      "are required)\n");
}

Test(limits, extras_said_once_per_robot)
{
	converts_with("<robot name='r' version='1.2'>\n"
		      " <link name='a'>" INERTIAL "</link>\n"
		      " <link name='b'>" INERTIAL "</link>\n"
		      " <link name='c'>" INERTIAL "</link>\n"
		      " <joint name='j' type='continuous'><parent link='a'/><child link='b'/>\n"
		      "  <limit acceleration='1'/></joint>\n"
		      " <joint name='k' type='continuous'><parent link='a'/><child link='c'/>\n"
		      "  <limit deceleration='1' jerk='3'/></joint>\n"
		      "</robot>",
		      "t.urdf:6:3: warning: joint 'j': SDFormat has no acceleration, deceleration "
		      "or jerk limit; left out here and on every other joint that has one\n");
}

Test(limits, extras_ignored_before_1_2)
{
	converts_with("<robot name='r' version='1.1'>\n" JOINT_HEAD("revolute")
		      "\n  <limit lower='0' upper='1' effort='1' velocity='1' acceleration='x' "
		      "jerk='-1'/></joint>\n</robot>",
		      "t.urdf:5:3: warning: <limit acceleration jerk> needs URDF 1.2 or later "
		      "(this robot is URDF 1.1: write <robot version=\"1.2\">); ignored, as urdfdom "
		      "ignores it\n");
	rejected_with("<robot name='r' version='1.1'>\n" JOINT_HEAD("revolute")
		      "\n  <limit lower='0' upper='1' velocity='1'/></joint>\n</robot>",
		      "t.urdf:5:3: error: <limit> has no 'effort' attribute\n");
}
