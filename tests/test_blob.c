/* <gazebo> blobs read through the output version's schema (src/blob.c),
 * end to end through u2s_convert() (tests/writetest.h). */
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

/* ---- blobs read through the output version's schema (src/blob.c) ------------------ */

/* Required children come with their defaults, from the element descriptions
 * of the version written, at every depth and under each kind of parent. */
Test(blob, required_children_get_their_defaults)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='a'>" INERTIAL "<collision><geometry><box size='1 1 1'/></geometry></collision></link>\n"
		"  <link name='b'>" INERTIAL "</link>\n"
		"  <joint name='j' type='revolute'><parent link='a'/><child link='b'/>"
		"<limit lower='-1' upper='1' effort='1' velocity='1'/></joint>\n"
		"  <gazebo reference='a'>\n"
		"    <sensor name='cam' type='camera'><camera/></sensor>\n"
		"    <sensor name='l' type='gpu_lidar'><lidar><scan><horizontal><samples>5</samples>"
		"</horizontal></scan></lidar></sensor>\n"
		"    <light name='sun' type='directional'/>\n"
		"  </gazebo>\n"
		"  <gazebo reference='j'><physics><ode><limit/></ode></physics></gazebo>\n"
		"  <gazebo><joint name='extra' type='revolute'><parent>a</parent><child>b</child>"
		"<axis><xyz>0 0 1</xyz></axis></joint></gazebo>\n"
		"</robot>");

	at(&r, "        <camera>\n"
	       "          <horizontal_fov>1.047</horizontal_fov>\n"
	       "          <image>\n"
	       "            <width>320</width>\n"
	       "            <height>240</height>\n"
	       "          </image>\n"
	       "          <clip>\n"
	       "            <near>.1</near>\n"   /* the description's text, as libsdformat 12 prints it */
	       "            <far>100</far>\n"
	       "          </clip>\n"
	       "        </camera>\n");
	at(&r, "              <samples>5</samples>\n"
	       "              <resolution>1</resolution>\n"
	       "              <min_angle>0</min_angle>\n"
	       "              <max_angle>0</max_angle>\n");
	at(&r, "          <range>\n"
	       "            <min>0</min>\n"
	       "            <max>0</max>\n"
	       "          </range>\n");
	at(&r, "<light name='sun' type='directional'>\n"
	       "        <direction>0 0 -1</direction>\n");
	at(&r, "          <limit>\n"
	       "            <cfm>0.0</cfm>\n"
	       "            <erp>0.2</erp>\n"
	       "          </limit>\n");
	at(&r, "        <xyz>0 0 1</xyz>\n"
	       "        <limit>\n"
	       "          <lower>-1e16</lower>\n"
	       "          <upper>1e16</upper>\n"
	       "        </limit>\n");
	absent(&r, "<always_on>");   /* optional children stay out */
	result_free(&r);
}

/* Attributes the version does not have are dropped with a warning;
 * namespaced ones and the elements of a plugin are kept as written. */
Test(blob, unknown_attributes_dropped_and_said)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='a'>" INERTIAL "</link>\n"
		"  <gazebo reference='a'>\n"
		"    <sensor name='s' type='imu' colour='red' gz:extra='1'><always_on>1</always_on></sensor>\n"
		"    <plugin name='p' filename='f'><anything odd='1'/></plugin>\n"
		"  </gazebo>\n"
		"</robot>");

	at(&r, "<sensor name='s' type='imu' gz:extra='1'>");
	at(&r, "<anything odd='1'/>");
	cr_assert_not_null(strstr(r.msgs, "t.urdf:4:5: warning: <sensor> has no attribute 'colour' "
				  "in SDFormat 1.9; dropped"), "%s", r.msgs);
	cr_assert_eq(r.nwarnings, 1, "%s", r.msgs);
	result_free(&r);
}

/* <pose frame='F'> (SDFormat 1.6) keeps its meaning as relative_to where F
 * is written; where F is not, it goes with a warning; empty, quietly. */
Test(blob, old_pose_frame_becomes_relative_to)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='a'>" INERTIAL "</link>\n"
		"  <link name='b'>" INERTIAL "</link>\n"
		"  <joint name='j' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
		"  <gazebo reference='a'>\n"
		"    <sensor name='s1' type='imu'><pose frame='j'>1 0 0 0 0 0</pose></sensor>\n"
		"    <sensor name='s2' type='imu'><pose frame='nowhere'>2 0 0 0 0 0</pose></sensor>\n"
		"    <sensor name='s3' type='imu'><pose frame=''>3 0 0 0 0 0</pose></sensor>\n"
		"  </gazebo>\n"
		"</robot>");

	at(&r, "<pose relative_to='j'>1 0 0 0 0 0</pose>");   /* the lumped joint's frame */
	at(&r, "<pose>2 0 0 0 0 0</pose>");
	at(&r, "<pose>3 0 0 0 0 0</pose>");
	absent(&r, "frame=");
	cr_assert_not_null(strstr(r.msgs, "t.urdf:7:34: warning: <pose frame='nowhere'> names no"),
			   "%s", r.msgs);
	cr_assert_eq(r.nwarnings, 1, "%s", r.msgs);
	result_free(&r);
}

/* Blobs nested deeper than any description are kept as written, without
 * recursion that a hostile depth could exhaust. */
Test(blob, deep_nesting_is_kept)
{
	enum { DEPTH = 3000 };   /* the reader allows 4096 levels */
	char *urdf = malloc(DEPTH * 26 + 512), *p = urdf;
	struct result r;
	int i;

	p += sprintf(p, "<robot name='r'><link name='a'>" INERTIAL "</link><gazebo>");
	for (i = 0; i < DEPTH; i++)   /* named: a reader requires it */
		p += sprintf(p, "<model name='m'>");
	for (i = 0; i < DEPTH; i++)
		p += sprintf(p, "</model>");
	sprintf(p, "</gazebo></robot>");
	r = convert(urdf);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<model"), DEPTH + 1);
	result_free(&r);
	free(urdf);
}

/* Blobs that name what the output lacks (a massless link left out, a
 * floating joint, a blob left out before them) go too, each said. */
Test(blob, what_names_nothing_written_is_left_out)
{
	struct result r = convert_ok(
		"<robot name='r'>\n"
		"  <link name='base'>" INERTIAL "</link>\n"
		"  <link name='ghost'/>\n"
		"  <link name='free'>" INERTIAL "</link>\n"
		"  <joint name='jg' type='revolute'><parent link='base'/><child link='ghost'/>"
		"<limit effort='1' velocity='1'/></joint>\n"
		"  <joint name='jf' type='floating'><parent link='base'/><child link='free'/></joint>\n"
		"  <gazebo>\n"
		"    <joint name='x1' type='fixed'><parent>base</parent><child>ghost</child></joint>\n"
		"    <frame name='f1' attached_to='ghost'/>\n"
		"    <frame name='f2' attached_to='f1'/>\n"
		"    <frame name='f3' attached_to='base'><pose relative_to='f2'/></frame>\n"
		"    <frame name='ok' attached_to='base'/>\n"
		"    <plugin name='p' filename='p.so'><bodyName>ghost</bodyName></plugin>\n"
		"    <plugin name='q' filename='q.so'><bodyName>world</bodyName>"
		"<frameName>ghost</frameName></plugin>\n"
		"  </gazebo>\n"
		"  <gazebo reference='base'><sensor name='s' type='imu'>"
		"<pose relative_to='jf'/></sensor></gazebo>\n"
		"</robot>");

	absent(&r, "name='x1'");
	absent(&r, "name='f1'");
	absent(&r, "name='f2'");
	absent(&r, "name='f3'");
	absent(&r, "name='p'");
	absent(&r, "<sensor");
	at(&r, "<frame name='ok' attached_to='base'/>");
	at(&r, "<plugin name='q' filename='q.so'>");   /* frameName is the plugin's own */
	cr_assert_not_null(strstr(r.msgs, "t.urdf:8:56: warning: <child> names 'ghost', which the "
				  "output does not have (left out with a massless link); this "
				  "<joint> is left out too"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "t.urdf:10:5: warning: <frame> names 'f1'"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "t.urdf:11:41: warning: <pose> names 'f2'"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "<bodyName> names 'ghost'"), "%s", r.msgs);
	cr_assert_not_null(strstr(r.msgs, "<pose> names 'jf', which the output does not have (a "
				  "joint of a type SDFormat lacks, left out); this <sensor>"), "%s", r.msgs);
	result_free(&r);
}

/* A long chain of frames whose first names nothing: every one goes, in
 * time linear in the chain (a pass per frame would be quadratic). */
Test(blob, a_dangling_chain_of_frames_goes_whole)
{
	enum { N = 20000 };
	char *urdf = malloc(N * 64 + 512), *p = urdf;
	struct result r;
	int i;

	p += sprintf(p, "<robot name='r'><link name='a'>" INERTIAL "</link><gazebo>");
	/* the last frame first: each names one given later in the document */
	for (i = N - 1; i > 0; i--)
		p += sprintf(p, "<frame name='f%d' attached_to='f%d'/>", i, i - 1);
	sprintf(p, "<frame name='f0' attached_to='nothing'/></gazebo></robot>");
	r = convert(urdf);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<frame"), 0);
	cr_assert_eq(r.nwarnings, N);
	result_free(&r);
	free(urdf);
}
