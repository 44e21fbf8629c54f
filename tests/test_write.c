/* End-to-end tests of the writer (src/write.c) through u2s_convert():
 * small URDF texts in, SDFormat text out, checked for exact pieces
 * (tests/writetest.h).  Lumping, blobs, versions and --repair have their
 * own files: test_lump.c, test_blob.c, test_target.c, test_loadable.c. */
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

/* ---- whole documents ----------------------------------------------------------------- */

Test(write, one_link_document)
{
	struct result r = convert_ok(
		"<robot name='one'>\n"
		"  <link name='base'>\n"
		"    <inertial><origin xyz='0 0 0.25'/><mass value='2.5'/>\n"
		"      <inertia ixx='0.1' ixy='0' ixz='0' iyy='0.2' iyz='0' izz='0.3'/></inertial>\n"
		"    <visual><geometry><box size='1 2 3'/></geometry></visual>\n"
		"  </link>\n"
		"</robot>\n");

	cr_assert_str_eq(r.sdf,
		"<?xml version='1.0' encoding='UTF-8'?>\n"
		"<sdf version='1.9'>\n"
		"  <model name='one'>\n"
		"    <link name='base'>\n"
		"      <inertial>\n"
		"        <pose>0 0 0.25 0 0 0</pose>\n"
		"        <mass>2.5</mass>\n"
		"        <inertia>\n"
		"          <ixx>0.1</ixx>\n"
		"          <ixy>0</ixy>\n"
		"          <ixz>0</ixz>\n"
		"          <iyy>0.2</iyy>\n"
		"          <iyz>0</iyz>\n"
		"          <izz>0.3</izz>\n"
		"        </inertia>\n"
		"      </inertial>\n"
		"      <visual name='base_visual'>\n"
		"        <pose>0 0 0 0 0 0</pose>\n"
		"        <geometry>\n"
		"          <box>\n"
		"            <size>1 2 3</size>\n"
		"          </box>\n"
		"        </geometry>\n"
		"      </visual>\n"
		"    </link>\n"
		"  </model>\n"
		"</sdf>\n");
	cr_assert_eq(r.len, strlen(r.sdf));
	cr_assert_str_eq(r.msgs, "");
	result_free(&r);
}

/* ---- joints and links ---------------------------------------------------------------- */

static const char CHAIN[] =
	"<robot name='chain'>\n"
	"  <link name='base'>" INERTIAL "</link>\n"
	"  <link name='hand'>" INERTIAL "</link>\n"
	"  <link name='arm'>" INERTIAL "</link>\n"
	"  <link name='side'>" INERTIAL "</link>\n"
	"  <joint name='j_hand' type='continuous'>\n"
	"    <parent link='arm'/><child link='hand'/>\n"
	"    <origin xyz='0 0 0.5'/>\n"
	"    <axis xyz='0 0 1'/>\n"
	"  </joint>\n"
	"  <joint name='j_side' type='prismatic'>\n"
	"    <parent link='base'/><child link='side'/>\n"
	"    <limit lower='-0.25' upper='0.5' effort='7' velocity='0.1'/>\n"
	"  </joint>\n"
	"  <joint name='j_arm' type='revolute'>\n"
	"    <origin xyz='0 0 1' rpy='0 0 1.5'/>\n"
	"    <parent link='base'/><child link='arm'/>\n"
	"    <axis xyz='0 1 0'/>\n"
	"    <limit lower='-1' upper='1' effort='5' velocity='2'/>\n"
	"    <dynamics damping='0.5' friction='0.25'/>\n"
	"  </joint>\n"
	"</robot>\n";

/* Depth first from the root, children by joint name, each joint before its
 * child link. */
Test(write, joint_before_child_link)
{
	struct result r = convert_ok(CHAIN);
	size_t base = at(&r, "<link name='base'>"), j_arm = at(&r, "<joint name='j_arm'");
	size_t arm = at(&r, "<link name='arm'>"), j_hand = at(&r, "<joint name='j_hand'");
	size_t hand = at(&r, "<link name='hand'>"), j_side = at(&r, "<joint name='j_side'");
	size_t side = at(&r, "<link name='side'>");

	cr_assert(base < j_arm && j_arm < arm && arm < j_hand && j_hand < hand &&
		  hand < j_side && j_side < side, "order:\n%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<link name="), 4);
	cr_assert_eq(count(r.sdf, "<joint name="), 3);
	result_free(&r);
}

Test(write, child_links_posed_on_their_joint)
{
	struct result r = convert_ok(CHAIN);

	at(&r, "    <link name='arm'>\n      <pose relative_to='j_arm'/>\n      <inertial>\n");
	at(&r, "    <link name='hand'>\n      <pose relative_to='j_hand'/>\n");
	at(&r, "    <link name='side'>\n      <pose relative_to='j_side'/>\n");
	at(&r, "    <link name='base'>\n      <inertial>\n");   /* the root: no pose */
	result_free(&r);
}

Test(write, revolute_joint)
{
	struct result r = convert_ok(CHAIN);
	double v[6];
	size_t j = at(&r, "    <joint name='j_arm' type='revolute'>\n      <pose relative_to='base'>");

	/* the angles went through a quaternion: compare the numbers */
	cr_assert_eq(sscanf(r.sdf + j + strlen("    <joint name='j_arm' type='revolute'>\n"
					       "      <pose relative_to='base'>"),
			    "%lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]), 6);
	cr_assert(v[0] == 0 && v[1] == 0 && v[2] == 1 && v[3] == 0 && v[4] == 0 &&
		  fabs(v[5] - 1.5) < 1e-12, "pose %g %g %g %g %g %.17g", v[0], v[1], v[2], v[3], v[4], v[5]);
	at(&r,
	   "</pose>\n"
	   "      <parent>base</parent>\n"
	   "      <child>arm</child>\n"
	   "      <axis>\n"
	   "        <xyz>0 1 0</xyz>\n"
	   "        <limit>\n"
	   "          <lower>-1</lower>\n"
	   "          <upper>1</upper>\n"
	   "          <effort>5</effort>\n"
	   "          <velocity>2</velocity>\n"
	   "        </limit>\n"
	   "        <dynamics>\n"
	   "          <damping>0.5</damping>\n"
	   "          <friction>0.25</friction>\n");
	at(&r,
	   "    <joint name='j_side' type='prismatic'>\n"
	   "      <pose relative_to='base'>0 0 0 0 0 0</pose>\n"
	   "      <parent>base</parent>\n"
	   "      <child>side</child>\n"
	   "      <axis>\n"
	   "        <xyz>1 0 0</xyz>\n"
	   "        <limit>\n"
	   "          <lower>-0.25</lower>\n"
	   "          <upper>0.5</upper>\n"
	   "          <effort>7</effort>\n"
	   "          <velocity>0.1</velocity>\n"
	   "        </limit>\n");
	result_free(&r);
}

Test(write, continuous_becomes_revolute_with_huge_limits)
{
	struct result r = convert_ok(CHAIN);
	size_t j = at(&r, "    <joint name='j_hand' type='revolute'>\n"
		      "      <pose relative_to='arm'>0 0 0.5 0 0 0</pose>\n"
		      "      <parent>arm</parent>\n"
		      "      <child>hand</child>\n"
		      "      <axis>\n"
		      "        <xyz>0 0 1</xyz>\n"
		      "        <limit>\n");
	const char *end = strstr(r.sdf + j, "</joint>");
	char *joint = strndup(r.sdf + j, (size_t)(end - (r.sdf + j)));

	cr_assert_not_null(strstr(joint, "          <lower>-10000000000000000</lower>\n"), "%s", joint);
	cr_assert_not_null(strstr(joint, "          <upper>10000000000000000</upper>\n"), "%s", joint);
	absent(&r, "type='continuous'");
	free(joint);
	result_free(&r);
}

Test(write, continuous_with_limit_keeps_effort_not_bounds)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='a'>" INERTIAL "</link><link name='b'>" INERTIAL "</link>\n"
		"  <joint name='j' type='continuous'><parent link='a'/><child link='b'/>\n"
		"    <limit lower='-3' upper='3' effort='12' velocity='4'/></joint>\n"
		"</robot>");

	at(&r, "          <effort>12</effort>\n          <velocity>4</velocity>\n");
	at(&r, "          <lower>-10000000000000000</lower>\n");
	at(&r, "          <upper>10000000000000000</upper>\n");
	absent(&r, "<lower>-3</lower>");
	result_free(&r);
}

Test(write, world_parent)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='world'/>\n"
		"  <link name='base'>" INERTIAL "</link>\n"
		"  <link name='top'>" INERTIAL "</link>\n"
		"  <joint name='fix' type='fixed'><parent link='world'/><child link='base'/>\n"
		"    <origin xyz='0 0 0.5'/></joint>\n"
		"  <joint name='hinge' type='revolute'><parent link='base'/><child link='top'/>\n"
		"    <limit effort='1' velocity='1'/></joint>\n"
		"</robot>");

	at(&r, "    <joint name='fix' type='fixed'>\n"
	       "      <pose relative_to='__model__'>0 0 0.5 0 0 0</pose>\n"
	       "      <parent>world</parent>\n"
	       "      <child>base</child>\n"
	       "    </joint>\n"
	       "    <link name='base'>\n"
	       "      <pose relative_to='fix'/>\n");
	at(&r, "      <pose relative_to='base'>0 0 0 0 0 0</pose>\n      <parent>base</parent>\n");
	absent(&r, "<link name='world'");
	absent(&r, "relative_to='world'");
	result_free(&r);
}

/* ---- geometry ----------------------------------------------------------------------- */

Test(write, meshes_and_shapes)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='base'>" INERTIAL "\n"
		"    <visual><geometry><mesh filename='package://arm/meshes/base.dae'/></geometry></visual>\n"
		"    <visual><geometry><mesh filename='file:///abs/m.stl' scale='0.001 0.001 0.001'/></geometry></visual>\n"
		"    <collision><geometry><cylinder radius='0.05' length='0.4'/></geometry></collision>\n"
		"    <collision><geometry><sphere radius='0.125'/></geometry></collision>\n"
		"  </link>\n"
		"</robot>");

	at(&r, "          <mesh>\n"
	       "            <scale>1 1 1</scale>\n"
	       "            <uri>model://arm/meshes/base.dae</uri>\n"
	       "          </mesh>\n");
	at(&r, "          <mesh>\n"
	       "            <scale>0.001 0.001 0.001</scale>\n"
	       "            <uri>file:///abs/m.stl</uri>\n");
	at(&r, "          <cylinder>\n"
	       "            <length>0.4</length>\n"
	       "            <radius>0.05</radius>\n"
	       "          </cylinder>\n");
	at(&r, "          <sphere>\n            <radius>0.125</radius>\n          </sphere>\n");
	absent(&r, "package://");
	result_free(&r);
}

/* ---- names ---------------------------------------------------------------------------- */

Test(write, visual_and_collision_names)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='base'>" INERTIAL "\n"
		"    <visual><geometry><sphere radius='1'/></geometry></visual>\n"
		"    <visual name='cam'><geometry><sphere radius='2'/></geometry></visual>\n"
		"    <visual name='base_logo'><geometry><sphere radius='3'/></geometry></visual>\n"
		"    <visual><geometry><sphere radius='4'/></geometry></visual>\n"
		"    <collision name='base_col'><geometry><sphere radius='5'/></geometry></collision>\n"
		"    <collision><geometry><sphere radius='6'/></geometry></collision>\n"
		"    <collision name='bumper'><geometry><sphere radius='7'/></geometry></collision>\n"
		"  </link>\n"
		"</robot>");
	size_t v0 = at(&r, "<visual name='base_visual'>");
	size_t v1 = at(&r, "<visual name='base_fixed_joint_lump__cam_visual_1'>");
	size_t v2 = at(&r, "<visual name='base_logo_visual_2'>");
	size_t v3 = at(&r, "<visual name='base_visual_3'>");
	size_t c0 = at(&r, "<collision name='base_col_collision'>");
	size_t c1 = at(&r, "<collision name='base_collision_1'>");
	size_t c2 = at(&r, "<collision name='base_fixed_joint_lump__bumper_collision_2'>");

	cr_assert(c0 < c1 && c1 < c2 && c2 < v0 && v0 < v1 && v1 < v2 && v2 < v3,
		  "collisions first, then visuals, in document order:\n%s", r.sdf);
	/* each name goes with its own item */
	cr_assert(at(&r, "<radius>2</radius>") > v1 && at(&r, "<radius>2</radius>") < v2);
	cr_assert(at(&r, "<radius>7</radius>") > c2 && at(&r, "<radius>7</radius>") < v0);
	result_free(&r);
}

Test(write, xml_escaping)
{
	struct result r = convert_ok(
		"<robot name='a&amp;b&lt;c&gt;&quot;'>\n"
		"  <link name='l&amp;&lt;1'>" INERTIAL "\n"
		"    <visual><geometry><mesh filename='package://p/a&amp;b.dae'/></geometry></visual>\n"
		"  </link>\n"
		"  <gazebo><plugin name='x&lt;y' filename=\"it's.so\">a &lt; b &amp;&amp; c</plugin></gazebo>\n"
		"</robot>");

	at(&r, "  <model name='a&amp;b&lt;c&gt;&quot;'>\n");
	at(&r, "    <link name='l&amp;&lt;1'>\n");
	at(&r, "<visual name='l&amp;&lt;1_visual'>");
	at(&r, "<uri>model://p/a&amp;b.dae</uri>");
	at(&r, "    <plugin name='x&lt;y' filename='it&apos;s.so'>a &lt; b &amp;&amp; c</plugin>\n");
	result_free(&r);
}

/* The printer copies names and texts in pieces whose size depends on their
 * length (src/write.c put_bytes): every length from 1 to 40, a leaf in one
 * piece, with an attribute, with text to escape, and with children. */
Test(write, names_and_texts_of_every_length)
{
	char urdf[16384], want[256], name[48], text[48];
	size_t len = 0;
	unsigned k;
	struct result r;

	len += (size_t)snprintf(urdf + len, sizeof urdf - len,
				"<robot name='r'><link name='l'>" INERTIAL "</link>"
				"<gazebo><plugin name='p' filename='p.so'>");
	for (k = 1; k <= 40; k++) {
		memset(name, 'a' + (int)(k % 26), k);
		name[k] = '\0';
		memset(text, '0' + (int)(k % 10), k);
		text[k] = '\0';
		len += (size_t)snprintf(urdf + len, sizeof urdf - len,
					"<%s>%s</%s><%s k='%s'>%s</%s><%s>&lt;%s</%s><%s><%s>%s</%s></%s>",
					name, text, name, name, text, text, name, name, text, name,
					name, name, text, name, name);
	}
	snprintf(urdf + len, sizeof urdf - len, "</plugin></gazebo></robot>");
	r = convert_ok(urdf);
	for (k = 1; k <= 40; k++) {
		memset(name, 'a' + (int)(k % 26), k);
		name[k] = '\0';
		memset(text, '0' + (int)(k % 10), k);
		text[k] = '\0';
		snprintf(want, sizeof want, "\n      <%s>%s</%s>\n", name, text, name);
		at(&r, want);
		snprintf(want, sizeof want, "\n      <%s k='%s'>%s</%s>\n", name, text, text, name);
		at(&r, want);
		snprintf(want, sizeof want, "\n      <%s>&lt;%s</%s>\n", name, text, name);
		at(&r, want);
		snprintf(want, sizeof want, "\n      <%s>\n        <%s>%s</%s>\n      </%s>\n",
			 name, name, text, name, name);
		at(&r, want);
	}
	result_free(&r);
}

/* ---- gazebo extensions --------------------------------------------------------------- */

Test(write, mu1_reaches_every_collision)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='base'>" INERTIAL "\n"
		"    <collision><geometry><sphere radius='1'/></geometry></collision>\n"
		"    <collision name='named'><geometry><sphere radius='2'/></geometry></collision>\n"
		"    <collision><geometry><box size='1 1 1'/></geometry></collision>\n"
		"  </link>\n"
		"  <link name='other'>" INERTIAL "\n"
		"    <collision><geometry><sphere radius='3'/></geometry></collision>\n"
		"  </link>\n"
		"  <joint name='j' type='revolute'><parent link='base'/><child link='other'/>\n"
		"    <limit effort='1' velocity='1'/></joint>\n"
		"  <gazebo reference='base'><mu1>0.3</mu1><mu2 value='0.25'/></gazebo>\n"
		"</robot>");
	size_t other = at(&r, "<link name='other'>");
	const char *friction =
		"          <friction>\n"
		"            <ode>\n"
		"              <mu>0.3</mu>\n"
		"              <mu2>0.25</mu2>\n"
		"            </ode>\n"
		"          </friction>\n";
	char *head = strndup(r.sdf, other);

	cr_assert_eq(count(head, "<collision name="), 3);
	cr_assert_eq(count(head, friction), 3, "every collision of base gets mu1/mu2:\n%s", r.sdf);
	cr_assert_eq(count(r.sdf + other, "<mu>"), 0, "not the other link's");
	cr_assert_eq(count(r.sdf, "<mu>0.3</mu>"), 3);
	free(head);
	result_free(&r);
}

Test(write, robot_level_plugin_copied)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='base'>" INERTIAL "</link>\n"
		"  <gazebo>\n"
		"    <plugin name=\"ctrl\" filename='libctrl.so'>\n"
		"      <robotNamespace>/r</robotNamespace>\n"
		"      <gains p='1' d=\"0.1\"/>\n"
		"      <nested><deeper a='b'>text</deeper></nested>\n"
		"    </plugin>\n"
		"    <static>true</static>\n"
		"  </gazebo>\n"
		"</robot>");
	size_t link_end = at(&r, "    </link>\n");
	size_t plugin = at(&r,
		"    <plugin name='ctrl' filename='libctrl.so'>\n"
		"      <robotNamespace>/r</robotNamespace>\n"
		"      <gains p='1' d='0.1'/>\n"
		"      <nested>\n"
		"        <deeper a='b'>text</deeper>\n"
		"      </nested>\n"
		"    </plugin>\n");

	cr_assert_gt(plugin, link_end, "model-level elements come after the links");
	at(&r, "    <static>true</static>\n");
	cr_assert_eq(count(r.sdf, "<plugin"), 1);
	cr_assert(strcmp(r.sdf + r.len - strlen("  </model>\n</sdf>\n"), "  </model>\n</sdf>\n") == 0);
	result_free(&r);
}

Test(write, link_plugin_and_material_colour)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <material name='half'><color rgba='0.4 0.2 0 1'/></material>\n"
		"  <link name='base'>" INERTIAL "\n"
		"    <visual><geometry><sphere radius='1'/></geometry><material name='half'/></visual>\n"
		"  </link>\n"
		"  <gazebo reference='base'>\n"
		"    <sensor name='imu' type='imu'><update_rate>100</update_rate></sensor>\n"
		"  </gazebo>\n"
		"</robot>");
	size_t sensor = at(&r, "      <sensor name='imu' type='imu'>\n"
			   "        <update_rate>100</update_rate>\n"
			   "      </sensor>\n"
			   "    </link>\n");

	/* URDF colours are scaled by 1/0.8 into diffuse and ambient */
	at(&r, "          <diffuse>0.5 0.25 0 1</diffuse>\n"
	       "          <ambient>0.5 0.25 0 1</ambient>\n");
	cr_assert_gt(sensor, at(&r, "<visual name='base_visual'>"));
	result_free(&r);
}

/* ---- failures -------------------------------------------------------------------------- */

Test(write, rejected_input_writes_nothing)
{
	static const char *const bad[] = {
		"<robot name='r'><link name='a'/><link name='a'/></robot>",
		"<robot name='r'><link name='a'>",
		"<sdf version='1.9'/>",
		/* rejected later, when the tree is built */
		"<robot name='r'><link name='a'>" INERTIAL "</link>"
		"<joint name='j' type='fixed'><parent link='a'/><child link='missing'/></joint></robot>",
		"<robot name='r'><link name='a'>" INERTIAL "</link><link name='b'>" INERTIAL "</link></robot>",
	};
	unsigned i;

	cr_assert_eq(U2S_REJECTED, 1);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct result r = convert(bad[i]);
		cr_assert_eq(r.rc, U2S_REJECTED, "case %u: rc %d", i, r.rc);
		cr_assert_eq(r.len, 0, "case %u wrote:\n%s", i, r.sdf);
		cr_assert_geq(r.nerrors, 1, "case %u: no error reported", i);
		cr_assert_not_null(strstr(r.msgs, "t.urdf:"), "%s", r.msgs);
		result_free(&r);
	}
}

Test(write, missing_link_message)
{
	struct result r = convert(
		"<robot name='r'>\n"
		"  <link name='a'>" INERTIAL "</link>\n"
		"  <joint name='j' type='fixed'>\n"
		"    <parent link='a'/>\n"
		"    <child link='nowhere'/>\n"
		"  </joint>\n"
		"</robot>");

	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert_str_eq(r.msgs, "t.urdf:5:5: error: joint 'j' names child link 'nowhere', which does not exist\n");
	cr_assert_eq(r.len, 0);
	result_free(&r);
}

Test(write, werror_rejects_warnings)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;
	const char *urdf =
		"<robot name='r'>\n"
		"  <link name='a'>" INERTIAL "</link>\n"
		"  <gazebo reference='b'><mu1>1</mu1></gazebo>\n"
		"</robot>";

	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_eq(r.nwarnings, 1, "%s", r.msgs);
	cr_assert_gt(r.len, 0);
	result_free(&r);

	opts = (struct u2s_options)U2S_OPTIONS_INIT;
	opts.flags |= U2S_WERROR;
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert_eq(r.nerrors, 1, "%s", r.msgs);
	cr_assert_eq(r.len, 0);
	result_free(&r);

	opts = (struct u2s_options)U2S_OPTIONS_INIT;
	opts.flags |= U2S_QUIET;
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_str_eq(r.msgs, "");
	result_free(&r);
}

Test(write, output_error)
{
	struct result r = { 0 };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	const char *urdf = "<robot name='r'><link name='a'>" INERTIAL "</link></robot>";
	int p[2], full = open("/dev/full", O_WRONLY);

	cr_assert_geq(full, 0);
	cr_assert_eq(pipe(p), 0);
	cr_assert_eq(write(p[1], urdf, strlen(urdf)), (ssize_t)strlen(urdf));
	close(p[1]);
	opts.diag_fn = collect;
	opts.diag_arg = &r;
	cr_assert_eq(u2s_convert(p[0], "t.urdf", full, &opts), U2S_IO);
	cr_assert_eq(strncmp(r.msgs, "t.urdf: error: ", 15), 0, "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "No space left on device\n"), "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "\n"), 1, "%s", r.msgs);
	close(p[0]);
	close(full);
	free(r.msgs);
}

/* An empty name is no name (xacro macros make them): such items are named
 * as unnamed ones are, LINK_visual, LINK_collision, numbered on. */
Test(write, empty_item_names_are_no_names)
{
	struct result r = convert_ok(
		"<robot name='r'><link name='a'>" INERTIAL
		"<visual name=''><geometry><sphere radius='1'/></geometry></visual>"
		"<visual><geometry><sphere radius='2'/></geometry></visual>"
		"<collision name=''><geometry><sphere radius='1'/></geometry></collision>"
		"</link></robot>");

	at(&r, "<visual name='a_visual'>");
	at(&r, "<visual name='a_visual_1'>");
	at(&r, "<collision name='a_collision'>");
	absent(&r, "name='_visual");
	absent(&r, "name='a_fixed_joint_lump__");
	result_free(&r);
}

/* Thousands of <gazebo reference>s that name nothing: each is warned
 * about, but hints ("did you mean") stop once they have cost a bounded
 * amount of work, so the conversion stays linear in the input. */
Test(write, hints_for_bad_references_are_bounded)
{
	enum { N = 2000 };
	size_t cap = (size_t)N * 400, len = 0;
	char *urdf = malloc(cap);
	struct result r;
	unsigned i, hints;

	cr_assert_not_null(urdf);
	len += (size_t)snprintf(urdf + len, cap - len, "<robot name='r'>");
	for (i = 0; i < N; i++)
		len += (size_t)snprintf(urdf + len, cap - len, "<link name='link_%u'>" INERTIAL "</link>", i);
	for (i = 1; i < N; i++)
		len += (size_t)snprintf(urdf + len, cap - len, "<joint name='j%u' type='fixed'>"
					"<parent link='link_0'/><child link='link_%u'/></joint>", i, i);
	for (i = 0; i < N; i++)
		len += (size_t)snprintf(urdf + len, cap - len, "<gazebo reference='lnk_%u'/>", i);
	snprintf(urdf + len, cap - len, "</robot>");
	r = convert_ok(urdf);
	hints = count(r.msgs, "did you mean");
	cr_assert_eq(count(r.msgs, "names no link or joint"), N);
	cr_assert_gt(hints, 0, "no hint at all");
	cr_assert_lt(hints, N, "every one of %u bad references got a hint", N);
	cr_assert(strstr(r.msgs, "<gazebo reference='lnk_0'> names no link or joint; did you mean 'link_0'?"),
		  "the first reference's hint");
	free(urdf);
	result_free(&r);
}

/* What SDFormat readers refuse and u2s cannot fix without changing the
 * robot's meaning (reserved names, a zero axis) is written as given, with
 * a warning each that says the output will be rejected. */
Test(write, reserved_names_and_zero_axis_are_said)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"<link name='base'>" INERTIAL "</link>\n"
		"<link name='a::b'>" INERTIAL "</link>\n"
		"<link name='world'>" INERTIAL "</link>\n"
		"<link name='__c__'>" INERTIAL "</link>\n"
		"<joint name='j1' type='revolute'><parent link='base'/><child link='a::b'/>"
		"<axis xyz='0 0 0'/><limit effort='1' velocity='1'/></joint>\n"
		"<joint name='j2' type='fixed'><parent link='base'/><child link='world'/></joint>\n"
		"<joint name='__j__' type='continuous'><parent link='base'/><child link='__c__'/></joint>\n"
		"</robot>");

	cr_assert_not_null(strstr(r.msgs, "t.urdf:3:1: warning: link name 'a::b' is reserved"),
			   "%s", r.msgs);
	/* lumped, 'world' is still a frame's name */
	cr_assert_not_null(strstr(r.msgs, "t.urdf:4:1: warning: link name 'world' is reserved"),
			   "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "t.urdf:5:1: warning: link name '__c__' is reserved"),
			   "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "t.urdf:8:1: warning: joint name '__j__' is reserved"),
			   "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "t.urdf:6:1: warning: joint 'j1' has the axis 0 0 0"),
			   "%s", r.msgs);
	at(&r, "<link name='a::b'>");   /* as given: renaming is --repair's */
	cr_assert_eq(r.nwarnings, 5, "%s", r.msgs);
	result_free(&r);
}
