/* --world and the readiness messages: the systems chosen from the model as
 * written, world systems moved out of the model, names per version,
 * --pose, --no-ground, the usage errors, and the meshes --check looks up
 * as gz-sim does. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convtest.h"

#define INERTIAL "<inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial>"

static unsigned count(const char *hay, const char *needle)
{
	unsigned n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* Each message as "FILE:LINE:COL: [CODE] TEXT", one a line. */
static void record(void *arg, const struct u2s_diagnostic *d)
{
	struct result *r = arg;
	size_t old = r->msgs ? strlen(r->msgs) : 0, n = strlen(d->message) + 128;

	r->msgs = realloc(r->msgs, old + n);
	cr_assert_not_null(r->msgs);
	snprintf(r->msgs + old, n, "%s:%lu:%lu: [%s] %s\n", d->file, d->line, d->column, d->code,
		 d->message);
}

/* Converts URDF ("t.urdf" in messages) in memory with OPTS. */
static struct result convert_rec(const char *urdf, struct u2s_options *opts)
{
	struct result r = { 0 };

	opts->diag_record_fn = record;
	opts->diag_record_arg = &r;
	r.rc = u2s_convert_buffer(urdf, strlen(urdf), "t.urdf", &r.sdf, &r.len, opts);
	if (!r.sdf)
		r.sdf = strdup("");
	if (!r.msgs)
		r.msgs = strdup("");
	return r;
}

static struct result world(const char *urdf, const char *version, unsigned flags)
{
	struct u2s_options o = U2S_OPTIONS_INIT;

	o.flags = flags;
	o.sdf_version = version;
	return convert_rec(urdf, &o);
}

/* base, a camera link lumped into it (fixed joint), and an arm on a
 * revolute joint that has no mass, so it is left out with what its
 * block holds. */
static const char LUMPED_AND_DROPPED[] =
	"<robot name='r'>"
	"<link name='base'>" INERTIAL "</link>"
	"<joint name='jc' type='fixed'><parent link='base'/><child link='cam'/></joint>"
	"<link name='cam'>" INERTIAL "</link>"
	"<joint name='ja' type='revolute'><parent link='base'/><child link='arm'/>"
	"<axis xyz='0 0 1'/><limit lower='-1' upper='1' effort='1' velocity='1'/></joint>"
	"<link name='arm'/>"
	"<gazebo reference='cam'><sensor type='imu' name='imu1'/></gazebo>"
	"<gazebo reference='arm'><sensor type='contact' name='c1'/></gazebo>"
	"</robot>";

Test(world, lumped_sensor_counts_dropped_does_not)
{
	struct result r = world(LUMPED_AND_DROPPED, "1.11", U2S_WORLD);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<world name='r'>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-imu-system"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-contact-system"), 0, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-sensors-system"), 0, "no rendering sensor: %s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-physics-system"), 1);
	cr_assert_eq(count(r.sdf, "gz-sim-user-commands-system"), 1);
	cr_assert_eq(count(r.sdf, "gz-sim-scene-broadcaster-system"), 1);
	cr_assert_eq(count(r.sdf, "<max_step_size>0.001</max_step_size>"), 1);
	cr_assert_eq(count(r.sdf, "<model name='ground_plane'>"), 1);
	cr_assert_eq(count(r.sdf, "<light type='directional' name='sun'>"), 1);
	result_free(&r);
}

Test(world, plain_conversion_has_no_world)
{
	struct result r = world(LUMPED_AND_DROPPED, "1.11", 0);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<world"), 0);
	cr_assert_eq(count(r.sdf, "<plugin"), 0);
	result_free(&r);
}

static const char TWO_CAMERAS[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>"
	"<gazebo reference='base'><sensor type='camera' name='a'/>"
	"<sensor type='depth_camera' name='b'/><sensor type='navsat' name='g'/></gazebo>"
	"</robot>";

Test(world, one_system_per_kind)
{
	struct result r = world(TWO_CAMERAS, "1.12", U2S_WORLD);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "gz-sim-sensors-system"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<render_engine>ogre2</render_engine>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-navsat-system"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<spherical_coordinates>"), 1, "%s", r.sdf);
	result_free(&r);
}

Test(world, names_per_version)
{
	struct result r = world(TWO_CAMERAS, "1.9", U2S_WORLD);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "filename='ignition-gazebo-sensors-system' "
			   "name='ignition::gazebo::systems::Sensors'"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "ignition-gazebo-physics-system"), 1);
	cr_assert_eq(count(r.sdf, "gz-sim-"), 0, "%s", r.sdf);
	result_free(&r);
	r = world(TWO_CAMERAS, "1.11", U2S_WORLD);
	cr_assert_eq(count(r.sdf, "filename='gz-sim-sensors-system' "
			   "name='gz::sim::systems::Sensors'"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "ignition"), 0, "%s", r.sdf);
	result_free(&r);
}

static const char SYSTEM_IN_MODEL[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>"
	"<gazebo reference='base'><sensor type='camera' name='a'/></gazebo>"
	"<gazebo><plugin filename='libignition-gazebo-sensors-system.so' "
	"name='ignition::gazebo::systems::Sensors'><render_engine>ogre</render_engine>"
	"</plugin><plugin filename='my_own' name='mine'/></gazebo>"
	"</robot>";

Test(world, world_system_moves_once)
{
	struct result r = world(SYSTEM_IN_MODEL, "1.11", U2S_WORLD);
	const char *model;

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "sensors-system"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<render_engine>ogre</render_engine>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<render_engine>"), 1, "the user's, not the table's: %s", r.sdf);
	model = strstr(r.sdf, "<model name='r'>");
	cr_assert_not_null(model);
	cr_assert_eq(count(model, "sensors-system"), 0, "left in the model: %s", r.sdf);
	cr_assert_eq(count(model, "filename='my_own'"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.msgs, "[U2S1204]"), 1, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1203]"), 0, "%s", r.msgs);
	result_free(&r);
}

Test(world, world_system_without_world_is_said)
{
	struct result r = world(SYSTEM_IN_MODEL, "1.11", 0);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "libignition-gazebo-sensors-system.so"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.msgs, "[U2S1203]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:1:"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "--world"), "%s", r.msgs);
	result_free(&r);
}

static const char READINESS[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>\n"
	"<gazebo reference='base'>\n<sensor type='ray' name='l'/>\n"
	"<sensor type='multicamera' name='m'/>\n"
	"<sensor type='gpu_lidar' name='g'/></gazebo>\n"
	"<gazebo>\n<plugin filename='libgazebo_ros_diff_drive.so' name='d'/></gazebo>"
	"</robot>";

Test(world, readiness_messages)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;

	o.flags = U2S_CHECK;
	r = convert_rec(READINESS, &o);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1201]"), 2, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:3:1: [U2S1201] sensor 'l' is of type 'ray'"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "gpu_lidar"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:4:1: [U2S1201] sensor 'm' is of type 'multicamera'"),
		  "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1202]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:7:1:"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "DiffDrive"), "%s", r.msgs);
	result_free(&r);
}

Test(world, air_speed_needs_harmonic)
{
	const char *urdf = "<robot name='r'><link name='base'>" INERTIAL "</link>"
			   "<gazebo reference='base'><sensor type='air_speed' name='a'/></gazebo>"
			   "</robot>";
	struct result r = world(urdf, "1.9", U2S_WORLD);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1201]"), 1, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "air-speed"), 0, "%s", r.sdf);
	result_free(&r);
	r = world(urdf, "1.12", U2S_WORLD);
	cr_assert_eq(count(r.msgs, "[U2S1201]"), 0, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "gz-sim-air-speed-system"), 1, "%s", r.sdf);
	result_free(&r);
}

static const char FIXED_TO_WORLD[] =
	"<robot name='arm'><link name='world'/>"
	"<joint name='fix' type='fixed'><parent link='world'/><child link='base'/></joint>"
	"<link name='base'>" INERTIAL "</link><origin xyz='0 0 0'/></robot>";

Test(world, pose_places_the_model)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;
	const double pose[6] = { 1, 2, 0.5, 0, 0, 1.5 };

	o.flags = U2S_WORLD | U2S_POSE;
	o.world_name = "lab";
	memcpy(o.pose, pose, sizeof pose);
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<world name='lab'>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "    <pose>1 2 0.5 0 0 1.5</pose>\n  </model>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<parent>world</parent>"), 1, "stays fixed: %s", r.sdf);
	result_free(&r);
	o.flags = U2S_POSE;
	o.world_name = NULL;
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<world"), 0);
	cr_assert_eq(count(r.sdf, "<pose>1 2 0.5 0 0 1.5</pose>"), 1, "%s", r.sdf);
	result_free(&r);
}

Test(world, no_ground)
{
	struct result r = world(FIXED_TO_WORLD, "1.12", U2S_WORLD | U2S_NO_GROUND);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "ground_plane"), 0, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<light"), 0, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-physics-system"), 1, "%s", r.sdf);
	result_free(&r);
}

Test(world, usage_errors)
{
	static const char *const bad_names[] = { "", "a::b", "__model__" };
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;

	for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
		o = (struct u2s_options)U2S_OPTIONS_INIT;
		o.flags = U2S_WORLD;
		o.world_name = bad_names[i];
		r = convert_rec(FIXED_TO_WORLD, &o);
		cr_assert_eq(r.rc, U2S_USAGE, "'%s'", bad_names[i]);
		cr_assert_eq(r.len, 0);
		cr_assert(strstr(r.msgs, "[U2S1035]"), "%s", r.msgs);
		result_free(&r);
	}
	o = (struct u2s_options)U2S_OPTIONS_INIT;
	o.flags = U2S_POSE;
	o.pose[4] = NAN;
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(r.rc, U2S_USAGE);
	cr_assert_eq(r.len, 0);
	cr_assert(strstr(r.msgs, "[U2S1036]"), "%s", r.msgs);
	result_free(&r);
	o = (struct u2s_options)U2S_OPTIONS_INIT;
	o.flags = U2S_NO_GROUND;
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(r.rc, U2S_USAGE);
	cr_assert(strstr(r.msgs, "[U2S1091]"), "%s", r.msgs);
	result_free(&r);
}

static const char MESHES[] =
	"<robot name='r'><link name='base'>" INERTIAL "\n"
	"<visual><geometry><mesh filename='package://pkg/meshes/a.dae'/></geometry></visual>\n"
	"<collision><geometry><mesh filename='model://other/b.stl'/></geometry></collision>\n"
	"</link></robot>";

Test(world, meshes_resolved_as_gz_sim_does)
{
	char dir[] = "/tmp/u2s-gzpath-XXXXXX", path[PATH_MAX];
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/pkg", dir);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/pkg/meshes", dir);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/pkg/meshes/a.dae", dir);
	cr_assert_not_null(f = fopen(path, "w"));
	fclose(f);
	o.flags = U2S_CHECK;
	o.gz_resource_path = dir;
	r = convert_rec(MESHES, &o);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1205]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:3:") && strstr(r.msgs, "model://other/b.stl"), "%s",
		  r.msgs);
	result_free(&r);
	/* not under --check: nothing looked up */
	o.flags = 0;
	r = convert_rec(MESHES, &o);
	cr_assert_eq(count(r.msgs, "[U2S1205]"), 0, "%s", r.msgs);
	result_free(&r);
	o.flags = U2S_CHECK | U2S_REPAIR;
	o.gz_resource_path = NULL;
	o.sdf_version = "1.11";
	r = convert_rec(MESHES, &o);
	cr_assert_eq(count(r.msgs, "[U2S1205]"), 2, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "do not load a world"), "%s", r.msgs);
	result_free(&r);
	remove(path);
	snprintf(path, sizeof path, "%s/pkg/meshes", dir);
	rmdir(path);
	snprintf(path, sizeof path, "%s/pkg", dir);
	rmdir(path);
	rmdir(dir);
}

/* ---- readiness that depends on the target, and what gz-sim ignores or
 * aborts on ---------------------------------------------------------------- */

static const char MIMIC_PLUGIN[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>\n"
	"<gazebo>\n<plugin filename='libroboticsgroup_upatras_gazebo_mimic_joint_plugin.so' "
	"name='m'/></gazebo></robot>";

Test(world, mimic_advice_by_target)
{
	struct result r = world(MIMIC_PLUGIN, "1.9", 0);

	cr_assert_eq(count(r.msgs, "[U2S1202]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "nothing in Fortress: SDFormat 1.9 has no <mimic>"), "%s", r.msgs);
	result_free(&r);
	r = world(MIMIC_PLUGIN, "1.11", 0);
	cr_assert_eq(count(r.msgs, "[U2S1202]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "enforce it only with the bullet-featherstone engine"), "%s",
		  r.msgs);
	cr_assert_null(strstr(r.msgs, "Fortress"), "%s", r.msgs);
	result_free(&r);
}

Test(world, f3d_advice)
{
	const char *urdf = "<robot name='r'><link name='base'>" INERTIAL "</link>"
			   "<gazebo><plugin filename='libgazebo_ros_f3d.so' name='f'/></gazebo>"
			   "</robot>";
	struct result r = world(urdf, "1.12", 0);

	cr_assert_eq(count(r.msgs, "[U2S1202]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "a force_torque sensor in the link's parent joint"), "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "Gazebo Classic"), 1, "said once: %s", r.msgs);
	result_free(&r);
}

/* <image>, <clip> and <horizontal_fov> straight under a camera's <sensor>
 * (lines 3, 4, 5); <save> inside <camera> is where it belongs, and a
 * gpu_lidar's children are not camera settings. */
static const char CAMERA_SETTINGS[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>\n"
	"<gazebo reference='base'><sensor type='camera' name='cam'>\n"
	"<image><width>640</width></image>\n"
	"<clip><near>0.1</near></clip>\n"
	"<horizontal_fov>1.2</horizontal_fov>\n"
	"<camera><save enabled='false'><path>/tmp</path></save></camera></sensor>\n"
	"<sensor type='gpu_lidar' name='l'><lidar/></sensor></gazebo></robot>";

Test(world, camera_settings_outside_camera)
{
	struct result r = world(CAMERA_SETTINGS, "1.11", 0);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1223]"), 3, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:3:1: [U2S1223] <image> of sensor 'cam' (type 'camera') "
			 "is a child of <sensor>"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:4:1: [U2S1223] <clip>"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:5:1: [U2S1223] <horizontal_fov>"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "move it into the sensor's <camera>"), "%s", r.msgs);
	/* written as it is, and the <camera> holds the defaults gz-sim uses */
	cr_assert_eq(count(r.sdf, "<image>"), 2, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<width>320</width>"), 1, "%s", r.sdf);
	result_free(&r);
}

/* A collision mesh scaled -1 on x (lumped into base from 'arm'): DART
 * aborts on it.  A visual of the same scale is only drawn mirrored. */
Test(world, negative_collision_mesh_scale)
{
	const char *urdf =
		"<robot name='r'><link name='base'>" INERTIAL "</link>"
		"<joint name='j' type='fixed'><parent link='base'/><child link='arm'/></joint>"
		"<link name='arm'>" INERTIAL "\n<visual><geometry><mesh filename='m.stl' "
		"scale='-1 1 1'/></geometry></visual>\n<collision><geometry>\n<mesh "
		"filename='m.stl' scale='-1 1 1'/></geometry></collision></link></robot>";
	struct result r = world(urdf, "1.9", 0);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1224]"), 1, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "t.urdf:4:1: [U2S1224] a collision of link 'base' (from 'arm') "
			 "has the mesh scale -1 1 1: DART"), "%s", r.msgs);
	result_free(&r);
}

/* ---- a model folder's world (U2S_WORLD_INCLUDE) ---------------------------- */

/* One writer: the world of a folder is --world's, byte for byte up to the
 * model, which it includes as model://NAME; its model leaves the world
 * systems to it. */
Test(world, include_is_the_world_of_world)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result inl, inc, model;
	const char *cut;

	o.flags = U2S_WORLD;
	o.sdf_version = "1.11";
	inl = convert_rec(SYSTEM_IN_MODEL, &o);
	o = (struct u2s_options)U2S_OPTIONS_INIT;
	o.flags = U2S_WORLD | U2S_WORLD_INCLUDE;
	o.sdf_version = "1.11";
	o.model_name = "r";
	inc = convert_rec(SYSTEM_IN_MODEL, &o);
	cr_assert_eq(inl.rc, U2S_OK, "%s", inl.msgs);
	cr_assert_eq(inc.rc, U2S_OK, "%s", inc.msgs);
	cut = strstr(inl.sdf, "  <model name='r'>");
	cr_assert_not_null(cut);
	cr_assert_eq(strncmp(inl.sdf, inc.sdf, (size_t)(cut - inl.sdf)), 0, "%s\n---\n%s", inl.sdf,
		     inc.sdf);
	cr_assert_str_eq(inc.sdf + (cut - inl.sdf), "    <include>\n      <uri>model://r</uri>\n"
			 "    </include>\n  </world>\n</sdf>\n");
	cr_assert_eq(count(inc.sdf, "<render_engine>ogre</render_engine>"), 1, "%s", inc.sdf);
	cr_assert_eq(count(inc.msgs, "[U2S1204]"), 1, "%s", inc.msgs);
	/* the model of that world: the Sensors plugin left to the world */
	o = (struct u2s_options)U2S_OPTIONS_INIT;
	o.flags = U2S_WORLD_INCLUDE;
	o.sdf_version = "1.11";
	model = convert_rec(SYSTEM_IN_MODEL, &o);
	cr_assert_eq(model.rc, U2S_OK, "%s", model.msgs);
	cr_assert_eq(count(model.sdf, "<world"), 0, "%s", model.sdf);
	cr_assert_eq(count(model.sdf, "sensors-system"), 0, "%s", model.sdf);
	cr_assert_eq(count(model.sdf, "filename='my_own'"), 1, "%s", model.sdf);
	cr_assert_eq(count(model.msgs, "[U2S1203]"), 0, "%s", model.msgs);
	cr_assert_eq(count(model.msgs, "[U2S1204]"), 1, "%s", model.msgs);
	result_free(&inl);
	result_free(&inc);
	result_free(&model);
}

/* The include is placed where --pose says, subnormal numbers written 0
 * (as --world's own pose: readers refuse subnormal numbers). */
Test(world, include_pose)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;

	o.flags = U2S_WORLD | U2S_WORLD_INCLUDE | U2S_POSE;
	o.model_name = "arm";
	o.world_name = "lab";
	o.pose[0] = 1e-320;
	o.pose[2] = 1.5;
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<world name='lab'>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<include>\n      <uri>model://arm</uri>\n"
			   "      <pose>0 0 1.5 0 0 0</pose>\n    </include>"), 1, "%s", r.sdf);
	result_free(&r);
	o.flags = U2S_WORLD | U2S_POSE;   /* --world alike */
	o.model_name = NULL;
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(count(r.sdf, "    <pose>0 0 1.5 0 0 0</pose>\n  </model>"), 1, "%s", r.sdf);
	result_free(&r);
}

/* Names a loader refuses, or XML cannot hold, are usage errors, each with
 * its code; the world named after the folder too. */
Test(world, names_refused)
{
	static const struct { const char *world, *model; unsigned flags; const char *code; } rows[] = {
		{ "world", NULL, U2S_WORLD, "[U2S1082]" },
		{ "a\001b", NULL, U2S_WORLD, "[U2S1082]" },
		{ "a\nb", NULL, U2S_WORLD, "[U2S1082]" },
		{ "a\xff" "b", NULL, U2S_WORLD, "[U2S1082]" },
		{ "a\xc0\xaf", NULL, U2S_WORLD, "[U2S1082]" },       /* overlong '/' */
		{ "a\xed\xa0\x80", NULL, U2S_WORLD, "[U2S1082]" },   /* a surrogate */
		{ "a\xef\xbf\xbf", NULL, U2S_WORLD, "[U2S1082]" },   /* U+FFFF */
		{ "a\xc2\x85", NULL, U2S_WORLD, "[U2S1082]" },       /* C1 NEL */
		{ "a\xe2\x82", NULL, U2S_WORLD, "[U2S1082]" },       /* cut short */
		{ NULL, "m\001", U2S_WORLD_INCLUDE, "[U2S1083]" },
		{ NULL, "m\xfe", 0, "[U2S1083]" },
		{ NULL, NULL, U2S_WORLD | U2S_WORLD_INCLUDE, "[U2S1084]" },
		{ NULL, "world", U2S_WORLD | U2S_WORLD_INCLUDE, "[U2S1085]" },
		{ NULL, "a::b", U2S_WORLD | U2S_WORLD_INCLUDE, "[U2S1085]" },
		{ NULL, "__x__", U2S_WORLD | U2S_WORLD_INCLUDE, "[U2S1085]" },
	};
	struct u2s_options o;
	struct result r;

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		o = (struct u2s_options)U2S_OPTIONS_INIT;
		o.flags = rows[i].flags;
		o.world_name = rows[i].world;
		o.model_name = rows[i].model;
		r = convert_rec(FIXED_TO_WORLD, &o);
		cr_assert_eq(r.rc, U2S_USAGE, "row %zu", i);
		cr_assert_eq(r.len, 0);
		cr_assert(strstr(r.msgs, rows[i].code), "row %zu: %s", i, r.msgs);
		result_free(&r);
	}
	/* accepted: a folder named 'world' whose world is named otherwise, and
	 * names of any script */
	o = (struct u2s_options)U2S_OPTIONS_INIT;
	o.flags = U2S_WORLD | U2S_WORLD_INCLUDE;
	o.model_name = "world";
	o.world_name = "w\xc3\xa9lt \xf0\x9f\x8c\x8d";
	r = convert_rec(FIXED_TO_WORLD, &o);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<world name='w\xc3\xa9lt \xf0\x9f\x8c\x8d'>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<uri>model://world</uri>"), 1, "%s", r.sdf);
	result_free(&r);
}

/* gz-sim 8 and later simulate the custom sensors of gz:type dvl and
 * environmental_sensor/...: no U2S1201 there, their systems in the world
 * (DVL renders: Sensors too); Fortress has neither system. */
static const char CUSTOM_SENSORS[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>"
	"<gazebo reference='base'><sensor type='custom' gz:type='dvl' name='d'/>"
	"<sensor type='custom' gz:type='environmental_sensor/humidity' name='e'/>"
	"<sensor type='custom' gz:type='mine' name='m'/></gazebo></robot>";

Test(world, custom_sensors_of_gz_sim)
{
	struct result r = world(CUSTOM_SENSORS, "1.11", U2S_WORLD);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1201]"), 1, "only 'mine': %s", r.msgs);
	cr_assert(strstr(r.msgs, "sensor 'm'"), "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<plugin filename='gz-sim-dvl-system' "
			   "name='gz::sim::systems::DopplerVelocityLogSystem'/>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "<plugin filename='gz-sim-environmental-sensor-system' "
			   "name='gz::sim::systems::EnvironmentalSystem'/>"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.sdf, "gz-sim-sensors-system"), 1, "%s", r.sdf);
	result_free(&r);
	r = world(CUSTOM_SENSORS, "1.9", U2S_WORLD);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.msgs, "[U2S1201]"), 3, "%s", r.msgs);
	cr_assert(strstr(r.msgs, "Fortress has no DopplerVelocityLogSystem"), "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "dvl"), 1, "the sensor's only: %s", r.sdf);
	cr_assert_eq(count(r.sdf, "sensors-system"), 0, "%s", r.sdf);
	result_free(&r);
}

/* The writer asks of each blob whether it moved: many world-system
 * plugins all move, each once (tests/scaling.py times it). */
Test(world, many_moved_plugins)
{
	size_t n = 300, len = 0, cap = 64 + n * 160;
	char *urdf = malloc(cap);
	struct result r;

	cr_assert_not_null(urdf);
	len += (size_t)snprintf(urdf + len, cap - len, "<robot name='r'><link name='base'>"
				INERTIAL "</link>");
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(urdf + len, cap - len, "<gazebo><plugin filename="
					"'gz-sim-imu-system' name='gz::sim::systems::Imu'><p%zu/>"
					"</plugin></gazebo>", i);
	snprintf(urdf + len, cap - len, "</robot>");
	r = world(urdf, "1.11", U2S_WORLD);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "gz-sim-imu-system"), 1, "%s", r.sdf);
	cr_assert_eq(count(r.msgs, "[U2S1204]"), n, "%s", r.msgs);
	cr_assert_eq(count(r.sdf, "<p299/>"), 1);
	result_free(&r);
	free(urdf);
}
