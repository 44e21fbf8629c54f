/* Fixed-joint lumping and massless links (src/lump.c), end to end
 * through u2s_convert() (tests/writetest.h). */
#include <criterion/criterion.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loadable.h"
#include "writetest.h"

/* ---- fixed-joint lumping and massless links ---------------------------------------- */

static const char FIXED_PAIR[] =
	"<robot name='r'>"
	"<link name='base'>" INERTIAL "</link>"
	"<link name='cam'><inertial><mass value='1'/>"
	"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"
	"<visual><geometry><sphere radius='0.1'/></geometry></visual></link>"
	"<joint name='mount' type='fixed'><parent link='base'/><child link='cam'/>"
	"<origin xyz='0 0 2'/></joint>"
	"</robot>";

Test(lump, fixed_child_merges_into_parent)
{
	struct result r = convert_ok(FIXED_PAIR);

	absent(&r, "<link name='cam'>");
	absent(&r, "<joint name='mount'");
	at(&r, "<mass>2</mass>");
	at(&r, "<pose>0 0 1 0 0 0</pose>");              /* centre of mass between the two */
	at(&r, "<ixx>4</ixx>");                           /* 1 + 1 + 2 * 1^2 */
	at(&r, "<visual name='base_fixed_joint_lump__cam_visual'>");
	at(&r, "<pose>0 0 2 0 0 0</pose>");               /* the visual moved by the joint */
	at(&r, "<frame name='mount' attached_to='base'>");
	at(&r, "<frame name='cam' attached_to='mount'/>");
	result_free(&r);
}

Test(lump, preserve_fixed_joints_option_keeps_them)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	opts.flags |= U2S_PRESERVE_FIXED_JOINTS;
	r = convert_opts(FIXED_PAIR, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	at(&r, "<joint name='mount' type='fixed'>");
	at(&r, "<link name='cam'>");
	absent(&r, "<frame");
	result_free(&r);
}

static const char MASSLESS_ON_KEPT_JOINT[] =
	"<robot name='r'>"
	"<link name='base'>" INERTIAL "</link>"
	"<link name='tip'/>"
	"<joint name='j' type='fixed'><parent link='base'/><child link='tip'/>"
	"<origin xyz='1 0 0'/></joint>"
	"<gazebo reference='j'><preserveFixedJoint>true</preserveFixedJoint>"
	"<sensor name='ft' type='force_torque'/></gazebo>"
	"</robot>";

Test(lump, massless_link_on_kept_fixed_joint_becomes_frames)
{
	struct result r = convert_ok(MASSLESS_ON_KEPT_JOINT);

	absent(&r, "<link name='tip'>");
	absent(&r, "<joint name='j'");
	at(&r, "<frame name='tip' attached_to='base'>");
	at(&r, "<frame name='j' attached_to='tip'>");
	absent(&r, "force_torque");
	cr_assert(strstr(r.msgs, "t.urdf:1:") && strstr(r.msgs, "'ft'") && strstr(r.msgs, "'j'"),
		  "the sensor left out is named with its joint:\n%s", r.msgs);
	result_free(&r);
}

Test(lump, massless_link_on_moving_joint_is_dropped_with_subtree)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "</link>"
		"<link name='a'/>"
		"<link name='b'>" INERTIAL "</link>"
		"<joint name='ja' type='continuous'><parent link='base'/><child link='a'/></joint>"
		"<joint name='jb' type='continuous'><parent link='a'/><child link='b'/></joint>"
		"</robot>");

	absent(&r, "<link name='a'>");
	absent(&r, "<link name='b'>");
	absent(&r, "<joint name='ja'");
	absent(&r, "<joint name='jb'");
	cr_assert(strstr(r.msgs, "warning: link 'a' has no <inertial>") &&
		  strstr(r.msgs, "1 link below it"), "%s", r.msgs);
	result_free(&r);
}

Test(lump, plugin_on_merged_link_moves_with_offset_once)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "</link>"
		"<link name='imu'>" INERTIAL "</link>"
		"<joint name='m' type='fixed'><parent link='base'/><child link='imu'/>"
		"<origin xyz='1 0 0'/></joint>"
		"<gazebo reference='imu'><plugin name='p' filename='p.so'>"
		"<bodyName>imu</bodyName></plugin></gazebo>"
		"</robot>");

	at(&r, "<bodyName>base</bodyName>");
	at(&r, "<xyzOffset>1 0 0</xyzOffset>");
	at(&r, "<rpyOffset>0 0 0</rpyOffset>");
	at(&r, "<gz::corrected_offsets>1</gz::corrected_offsets>");
	result_free(&r);
}

Test(lump, long_fixed_chain_is_linear_and_finite)
{
	/* 2000 massless links in a fixed chain under one with mass: no stack
	 * depth, no NaN, everything merged into the root. */
	size_t cap = 400000, n = 0;
	char *urdf = malloc(cap);
	struct result r;
	int i;

	n += (size_t)snprintf(urdf + n, cap - n, "<robot name='c'><link name='l0'>" INERTIAL "</link>");
	for (i = 1; i < 2000; i++)
		n += (size_t)snprintf(urdf + n, cap - n,
				      "<link name='l%d'/><joint name='j%d' type='fixed'><parent link='l%d'/>"
				      "<child link='l%d'/><origin xyz='0 0 1' rpy='0 0 0.1'/></joint>",
				      i, i, i - 1, i);
	snprintf(urdf + n, cap - n, "</robot>");
	cr_assert_lt(strlen(urdf), 60000 * 5);
	{
		/* too big for one pipe write: use a file */
		int fd = temp_fd(), out = temp_fd();
		struct u2s_options opts = U2S_OPTIONS_INIT;
		cr_assert_eq(write(fd, urdf, strlen(urdf)), (ssize_t)strlen(urdf));
		lseek(fd, 0, SEEK_SET);
		opts.diag_fn = collect;
		opts.diag_arg = &r;
		memset(&r, 0, sizeof r);
		r.rc = u2s_convert(fd, "c.urdf", out, &opts);
		r.sdf = slurp(out, &r.len);
		close(fd);
		close(out);
	}
	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_eq(count(r.sdf, "<link "), 1);
	cr_assert_eq(count(r.sdf, "<frame "), 2 * 1999);
	cr_assert_null(strstr(r.sdf, "nan"));
	cr_assert_null(strstr(r.sdf, "inf"));
	free(urdf);
	result_free(&r);
}

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The 3 numbers of the first <NAME> in R's output. */
static void vector_of(const struct result *r, const char *name, double v[3])
{
	char open[64];
	const char *p;

	snprintf(open, sizeof open, "<%s>", name);
	p = r->sdf + at(r, open) + strlen(open);
	cr_assert_eq(sscanf(p, "%lf %lf %lf", &v[0], &v[1], &v[2]), 3, "%s", p);
}

static void assert_vector_within(const struct result *r, const char *name, double x, double y,
				 double z, double tol)
{
	double v[3];

	vector_of(r, name, v);
	cr_assert(fabs(v[0] - x) < tol && fabs(v[1] - y) < tol && fabs(v[2] - z) < tol,
		  "<%s> %.17g %.17g %.17g, expected %g %g %g", name, v[0], v[1], v[2], x, y, z);
}

static void assert_vector(const struct result *r, const char *name, double x, double y, double z)
{
	assert_vector_within(r, name, x, y, z, 1e-12);
}

/* base -fixed j1 (1 0 0)- a -fixed j2 (0 1 0, yaw pi/2)- b, and a plugin on b. */
#define TWO_LEVELS(plugin_keys) \
	"<robot name='r'>" \
	"<link name='base'>" INERTIAL "</link><link name='a'>" INERTIAL "</link>" \
	"<link name='b'>" INERTIAL "</link>" \
	"<joint name='j1' type='fixed'><parent link='base'/><child link='a'/>" \
	"<origin xyz='1 0 0'/></joint>" \
	"<joint name='j2' type='fixed'><parent link='a'/><child link='b'/>" \
	"<origin xyz='0 1 0' rpy='0 0 1.5707963267948966'/></joint>" \
	"<gazebo reference='b'><plugin name='p' filename='p.so'>" plugin_keys "</plugin></gazebo>" \
	"</robot>"

/* The frames lumping leaves come in libsdformat's merge order, deepest
 * first: b (j2) merges into a before a (j1) merges into base. */
Test(lump, frames_in_merge_order)
{
	struct result r = convert_ok(TWO_LEVELS(""));

	cr_assert_lt(at(&r, "<frame name='j2'"), at(&r, "<frame name='j1'"));
	cr_assert_lt(at(&r, "<frame name='b'"), at(&r, "<frame name='j1'"));
	result_free(&r);
}

/* One key: every joint up to the owner, once: j1 j2. */
Test(lump, plugin_offset_over_two_levels)
{
	struct result r = convert_ok(TWO_LEVELS("<bodyName>b</bodyName>"));

	at(&r, "<bodyName>base</bodyName>");
	assert_vector(&r, "xyzOffset", 1, 1, 0);
	assert_vector(&r, "rpyOffset", 0, 0, M_PI / 2);
	result_free(&r);
}

/* Both keys on b: libsdformat applies each merge's joint once per key that
 * names the link being merged, level by level: j2 j2 then j1 j1 (not
 * j2 j1 j2 j1), printing the offsets with 6 digits in between. */
Test(lump, plugin_with_both_keys_moves_level_by_level)
{
	struct result r = convert_ok(TWO_LEVELS("<bodyName>b</bodyName><frameName>b</frameName>"
						"<xyzOffset>0 0 0</xyzOffset>"));
	double rpy[3];

	at(&r, "<bodyName>base</bodyName>");
	at(&r, "<frameName>base</frameName>");
	assert_vector_within(&r, "xyzOffset", 1, 1, 0, 1e-5);
	vector_of(&r, "rpyOffset", rpy);
	cr_assert(fabs(fabs(rpy[2]) - M_PI) < 1e-5 && fabs(rpy[0]) < 1e-5 && fabs(rpy[1]) < 1e-5,
		  "rpyOffset %g %g %g", rpy[0], rpy[1], rpy[2]);
	result_free(&r);
}

/* Keys on links of two branches: the joints in libsdformat's merge order
 * (by joint name: ja before jc), whichever key names them. */
Test(lump, plugin_keys_on_two_branches_follow_merge_order)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "</link><link name='a'>" INERTIAL "</link>"
		"<link name='c'>" INERTIAL "</link>"
		"<joint name='ja' type='fixed'><parent link='base'/><child link='a'/>"
		"<origin xyz='1 0 0'/></joint>"
		"<joint name='jc' type='fixed'><parent link='base'/><child link='c'/>"
		"<origin xyz='0 0 1' rpy='0 0 1.5707963267948966'/></joint>"
		"<gazebo><plugin name='p' filename='p.so'><bodyName>c</bodyName>"
		"<frameName>a</frameName></plugin></gazebo>"
		"</robot>");

	/* ja first, then jc: (0 0 1) + Rz(pi/2) (1 0 0) */
	assert_vector(&r, "xyzOffset", 0, 1, 1);
	assert_vector(&r, "rpyOffset", 0, 0, M_PI / 2);
	result_free(&r);
}

/* Keys on links of two chains that meet at a lumped link m: libsdformat
 * merges bottom-up (a link's lumped children, then the link), so b, a, d,
 * c, m; at m both keys name it.  Values from sdf-oracle-12.9 (6 digits). */
Test(lump, plugin_keys_follow_bottom_up_merge_order)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "</link><link name='m'>" INERTIAL "</link>"
		"<link name='a'>" INERTIAL "</link><link name='b'>" INERTIAL "</link>"
		"<link name='c'>" INERTIAL "</link><link name='d'>" INERTIAL "</link>"
		"<joint name='jm' type='fixed'><parent link='base'/><child link='m'/>"
		"<origin xyz='0.5 0 0' rpy='0.3 0 0'/></joint>"
		"<joint name='ja' type='fixed'><parent link='m'/><child link='a'/>"
		"<origin xyz='1 0 0' rpy='0 0.2 0'/></joint>"
		"<joint name='jb' type='fixed'><parent link='a'/><child link='b'/>"
		"<origin xyz='0 1 0' rpy='0 0 0.7'/></joint>"
		"<joint name='jc' type='fixed'><parent link='m'/><child link='c'/>"
		"<origin xyz='0 0 1' rpy='0.1 0 0'/></joint>"
		"<joint name='jd' type='fixed'><parent link='c'/><child link='d'/>"
		"<origin xyz='0 2 0' rpy='0 0.4 0.5'/></joint>"
		"<gazebo><plugin name='p' filename='p.so'><bodyName>b</bodyName>"
		"<frameName>d</frameName><xyzOffset>0.1 0.2 0.3</xyzOffset>"
		"<rpyOffset>0.1 0.2 0.3</rpyOffset></plugin></gazebo>"
		"</robot>");

	assert_vector_within(&r, "xyzOffset", 1.3354, 2.2385, 3.03962, 1e-5);
	assert_vector_within(&r, "rpyOffset", 0.583615, -0.21412, 1.6839, 1e-5);
	result_free(&r);
}

/* A contact sensor on a lumped link watches its collision by the name it
 * would have there; the collision is written in the owner under another
 * name, and the sensor follows it (at every lumping depth). */
Test(lump, contact_sensor_follows_its_collision)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "<collision name='bc'><geometry><box size='1 1 1'/>"
		"</geometry></collision></link>"
		"<link name='mid'>" INERTIAL "</link>"
		"<link name='tip'>" INERTIAL "<collision><geometry><box size='1 1 1'/></geometry>"
		"</collision><collision><geometry><sphere radius='1'/></geometry></collision></link>"
		"<joint name='j1' type='fixed'><parent link='base'/><child link='mid'/></joint>"
		"<joint name='j2' type='fixed'><parent link='mid'/><child link='tip'/></joint>"
		"<gazebo reference='tip'>"
		"<sensor name='c' type='contact'><contact><collision>tip_collision_1</collision>"
		"</contact></sensor>"
		"<sensor name='d' type='contact'><contact><collision>other</collision>"
		"</contact></sensor></gazebo>"
		"</robot>");

	at(&r, "<collision name='base_fixed_joint_lump__tip_collision_2'>");
	at(&r, "<collision>base_fixed_joint_lump__tip_collision_2</collision>");
	at(&r, "<collision>other</collision>");
	result_free(&r);
}

/* Lumped into a massless link that becomes a frame (its fixed joint
 * kept), a link's collisions are written in the frame's owner, and its
 * contact sensor follows them there, not to the frame. */
Test(lump, contact_sensor_follows_past_a_frame)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "<collision><geometry><box size='1 1 1'/></geometry>"
		"</collision></link>"
		"<link name='m'/>"
		"<link name='t'><collision><geometry><box size='1 1 1'/></geometry></collision></link>"
		"<joint name='j' type='fixed'><parent link='base'/><child link='m'/></joint>"
		"<joint name='k' type='fixed'><parent link='m'/><child link='t'/></joint>"
		"<gazebo reference='j'><preserveFixedJoint>true</preserveFixedJoint></gazebo>"
		"<gazebo reference='t'><sensor name='c' type='contact'><contact>"
		"<collision>t_collision</collision></contact></sensor></gazebo>"
		"</robot>");

	at(&r, "<collision name='base_fixed_joint_lump__t_collision_1'>");
	at(&r, "<collision>base_fixed_joint_lump__t_collision_1</collision>");
	result_free(&r);
}

/* Named again once owners are final, a sensor's collision is the one it
 * was followed to, not what its new text names in the link itself:
 * base_x's first collision is base_x_collision_1 in base, its second
 * base_x_collision_1 in base_x. */
Test(lump, contact_sensor_followed_again_keeps_its_collision)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "<collision><geometry><box size='1 1 1'/></geometry>"
		"</collision></link>"
		"<link name='base_x'>" INERTIAL "<collision><geometry><box size='1 1 1'/></geometry>"
		"</collision><collision><geometry><sphere radius='1'/></geometry></collision></link>"
		"<joint name='j' type='fixed'><parent link='base'/><child link='base_x'/></joint>"
		"<gazebo reference='base_x'><sensor name='c' type='contact'><contact>"
		"<collision>base_x_collision</collision></contact></sensor></gazebo>"
		"</robot>");

	at(&r, "<collision>base_x_collision_1</collision>");
	result_free(&r);
}

/* A massless link written as a frame (its fixed joint kept) keeps what it
 * holds: its visuals, collisions and <gazebo> blocks go to the link the
 * frame hangs from, posed and named as lumping would, also through a
 * chain of such frames and from links lumped into it. */
Test(lump, frame_link_contents_go_to_the_link_above)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"<link name='base'>" INERTIAL "</link>\n"
		"<link name='cam'><visual><origin xyz='0 0 1'/><geometry><sphere radius='1'/></geometry>"
		"</visual><collision><geometry><sphere radius='1'/></geometry></collision></link>\n"
		"<link name='lens'><visual><geometry><box size='1 1 1'/></geometry></visual></link>\n"
		"<link name='cap'><visual><geometry><cylinder radius='1' length='1'/></geometry>"
		"</visual></link>\n"
		"<joint name='j' type='fixed'><parent link='base'/><child link='cam'/>"
		"<origin xyz='1 0 0'/></joint>\n"
		"<joint name='k' type='fixed'><parent link='cam'/><child link='lens'/>"
		"<origin xyz='0 2 0'/></joint>\n"
		"<joint name='m' type='fixed'><parent link='lens'/><child link='cap'/>"
		"<origin xyz='0 0 3'/></joint>\n"
		"<gazebo reference='j'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
		"<gazebo reference='k'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
		"<gazebo reference='cam'><mu1>0.5</mu1><sensor name='s' type='camera'>"
		"<pose>0 0 0.5 0 0 0</pose></sensor>"
		"<sensor name='t' type='contact'><contact><collision>cam_collision</collision>"
		"</contact></sensor></gazebo>\n"
		"</robot>");

	at(&r, "<frame name='cam' attached_to='base'>");
	at(&r, "<frame name='lens' attached_to='cam'>");
	at(&r, "<collision name='base_fixed_joint_lump__cam_collision'>\n"
	       "        <pose>1 0 0 0 0 0</pose>");
	at(&r, "<mu>0.5</mu>");
	at(&r, "<visual name='base_fixed_joint_lump__cam_visual'>\n"
	       "        <pose>1 0 1 0 0 0</pose>");
	at(&r, "<visual name='base_fixed_joint_lump__lens_visual_1'>\n"
	       "        <pose>1 2 0 0 0 0</pose>");
	at(&r, "<visual name='base_fixed_joint_lump__cap_visual_2'>\n"
	       "        <pose>1 2 3 0 0 0</pose>");
	at(&r, "<sensor name='s' type='camera'>\n"
	       "        <pose>1 0 0.5 0 0 0</pose>");
	at(&r, "<collision>base_fixed_joint_lump__cam_collision</collision>");
	cr_assert_not_null(strstr(r.msgs, "t.urdf:3:1: warning: link 'cam' has no <inertial>; its "
				  "fixed joint 'j' is kept, so both are written as <frame>s, and what "
				  "the link holds (visuals, collisions, <gazebo> blocks) is written in "
				  "link 'base'"), "%s", r.msgs);
	result_free(&r);
}

/* Lumping multiplies offsets: 1e-160 apart, two masses give a product of
 * inertia of -5e-321, a number SDFormat readers refuse.  Written as 0. */
Test(lump, computed_subnormals_are_written_as_zero)
{
	struct result r = convert_ok(
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "</link>"
		"<link name='tip'><inertial><origin xyz='1e-160 1e-160 0'/><mass value='1'/>"
		"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial></link>"
		"<joint name='j' type='fixed'><parent link='base'/><child link='tip'/></joint>"
		"</robot>");

	cr_assert_null(strstr(r.sdf, "e-32"), "a subnormal in the output:\n%s", r.sdf);
	cr_assert_null(strstr(r.sdf, "e-31"), "a subnormal in the output:\n%s", r.sdf);
	at(&r, "<ixy>0</ixy>");
	result_free(&r);
}

/* An unnamed item lumped from "base_arm" into "base" is named
 * "base_arm_visual", without the lump marker: libsdformat then gives it
 * base's extensions, not base_arm's.  u2s does the same, and says so. */
Test(lump, item_named_like_its_owner_is_said)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"<link name='base'>" INERTIAL "</link>\n"
		"<link name='base_arm'>" INERTIAL "\n"
		"<visual><geometry><sphere radius='1'/></geometry></visual></link>\n"
		"<joint name='j' type='fixed'><parent link='base'/><child link='base_arm'/></joint>\n"
		"<gazebo reference='base_arm'><material>Gazebo/Red</material></gazebo>\n"
		"</robot>");

	at(&r, "<visual name='base_arm_visual'>");
	absent(&r, "Gazebo/Red");
	cr_assert_not_null(strstr(r.msgs, "t.urdf:4:1: warning: this visual of link 'base_arm', "
				  "merged into 'base', is named 'base_arm_visual', which starts with "
				  "'base': as in libsdformat, it takes the <gazebo> visual settings of "
				  "'base', not those of 'base_arm'"), "%s", r.msgs);
	result_free(&r);
}

/* ---- the tree lumping walks (resolve.c) ------------------------------------------- */

/* A root with N children (links cK on joints jK), the joints given in the
 * order PERM names them; each child written by joint name. */
static void children_in_name_order(unsigned n)
{
	char urdf[16384], name[32];
	size_t len = 0, last = 0;
	struct result r;
	unsigned i, k;

	len += (size_t)snprintf(urdf + len, sizeof urdf - len, "<robot name='r'><link name='base'>"
				INERTIAL "</link>");
	for (i = 0; i < n; i++) {
		k = (i * 7 + 3) % n;   /* every K once, out of order (7 and N share no factor) */
		len += (size_t)snprintf(urdf + len, sizeof urdf - len,
					"<link name='c%02u'>" INERTIAL "</link><joint name='j%02u' "
					"type='continuous'><parent link='base'/><child link='c%02u'/>"
					"</joint>", k, k, k);
	}
	snprintf(urdf + len, sizeof urdf - len, "</robot>");
	r = convert_ok(urdf);
	for (k = 0; k < n; k++) {
		size_t pos;
		snprintf(name, sizeof name, "<link name='c%02u'>", k);
		pos = at(&r, name);
		cr_assert_gt(pos, last, "%s out of joint-name order", name);
		last = pos;
	}
	result_free(&r);
}

Test(tree, few_children_in_joint_name_order)
{
	children_in_name_order(2);
	children_in_name_order(5);
	children_in_name_order(12);
}

Test(tree, many_children_in_joint_name_order)
{
	children_in_name_order(13);
	children_in_name_order(50);
}

/* Every root after the first is said, in document order, whatever comes
 * between them. */
Test(tree, every_second_root_said)
{
	struct result r = convert("<robot name='r'>"
				  "<link name='a'>" INERTIAL "</link>"
				  "<link name='b'>" INERTIAL "</link>"
				  "<joint name='ab' type='fixed'><parent link='a'/><child link='b'/></joint>"
				  "<link name='c'>" INERTIAL "</link>"
				  "<link name='d'>" INERTIAL "</link>"
				  "</robot>");
	const char *c = strstr(r.msgs, "link 'c' is a second root (the first is 'a'");
	const char *d = strstr(r.msgs, "link 'd' is a second root (the first is 'a'");

	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert(c && d && c < d, "%s", r.msgs);
	cr_assert_eq(r.nerrors, 2, "%s", r.msgs);
	result_free(&r);
}

/* Joints below lumped links hang from the link they are merged into, with
 * the poses composed, however deep; a floating joint's child stays posed
 * on its own parent (a frame).  A block of a joint merged away is said
 * only where there is one. */
Test(lump, joints_below_lumped_links_reparented)
{
	static const char urdf[] =
		"<robot name='r'>"
		"<link name='base'>" INERTIAL "</link><link name='a'>" INERTIAL "</link>"
		"<link name='b'>" INERTIAL "</link><link name='c'>" INERTIAL "</link>"
		"<link name='d'>" INERTIAL "</link>"
		"<joint name='ja' type='fixed'><parent link='base'/><child link='a'/><origin xyz='1 0 0'/></joint>"
		"<joint name='jb' type='fixed'><parent link='a'/><child link='b'/>"
		"<origin xyz='0 1 0' rpy='0 0 1.5707963267948966'/></joint>"
		"<joint name='jc' type='continuous'><parent link='b'/><child link='c'/><origin xyz='0 0 1'/></joint>"
		"<joint name='jd' type='floating'><parent link='b'/><child link='d'/><origin xyz='0 0 2'/></joint>"
		"%s</robot>";
	char text[4096];
	struct result r;

	snprintf(text, sizeof text, urdf, "");
	r = convert_ok(text);
	at(&r, "<joint name='jc' type='revolute'>\n      <pose relative_to='base'>1 1 1 0 0 1.5707963267948963</pose>\n"
	       "      <parent>base</parent>");
	at(&r, "<link name='d'>\n      <pose relative_to='b'>0 0 2 0 0 0</pose>");
	cr_assert_null(strstr(r.msgs ? r.msgs : "", "merged away by lumping"), "%s", r.msgs);
	result_free(&r);
	snprintf(text, sizeof text, urdf, "<gazebo reference='jb'><provideFeedback>true</provideFeedback></gazebo>");
	r = convert_ok(text);
	cr_assert_eq(count(r.msgs, "fixed joint 'jb' is merged away by lumping"), 1, "%s", r.msgs);
	result_free(&r);
}
