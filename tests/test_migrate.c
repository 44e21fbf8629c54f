/* --migrate: the bridge YAML (bridge.c) and the Classic plugins'
 * replacements (migrate.c), each by its mechanism, and the official
 * guide's three mistakes, which no migration may repeat.  (ROS name
 * resolution, rosname.c: tests/test_rosname.c.) */
#include <criterion/criterion.h>
#include <string.h>
#include <talloc.h>

#include "convtest.h"

/* ---- whole conversions ---------------------------------------------------- */

struct grown { char *p; size_t len; };

static int grow(void *arg, const char *buf, size_t len)
{
	struct grown *g = arg;

	g->p = realloc(g->p, g->len + len + 1);
	memcpy(g->p + g->len, buf, len);
	g->len += len;
	g->p[g->len] = '\0';
	return 0;
}

struct migrated {
	struct result r;
	struct grown yaml;
};

static struct migrated migrate_as(const char *urdf, const char *version, unsigned flags)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct migrated m = { { 0 }, { NULL, 0 } };

	o.flags = U2S_MIGRATE | U2S_NOTES | flags;
	o.sdf_version = version;
	o.bridge_fn = grow;
	o.bridge_arg = &m.yaml;
	m.r = convert_opts(urdf, &o);
	if (!m.yaml.p)
		m.yaml.p = strdup("");
	return m;
}

static void migrated_free(struct migrated *m)
{
	result_free(&m->r);
	free(m->yaml.p);
}

#define ROBOT(body) "<robot name='r'>" \
	"<link name='base_link'><inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1' " \
	"ixy='0' ixz='0' iyz='0'/></inertial><collision><geometry><box size='1 1 1'/></geometry>" \
	"</collision></link>" \
	"<link name='imu_link'><inertial><mass value='0.1'/><inertia ixx='1' iyy='1' izz='1' " \
	"ixy='0' ixz='0' iyz='0'/></inertial></link>" \
	"<joint name='imu_joint' type='fixed'><parent link='base_link'/><child link='imu_link'/>" \
	"</joint>" \
	"<link name='wl'><inertial><mass value='0.1'/><inertia ixx='1' iyy='1' izz='1' " \
	"ixy='0' ixz='0' iyz='0'/></inertial></link>" \
	"<joint name='jl' type='continuous'><parent link='base_link'/><child link='wl'/>" \
	"<axis xyz='0 1 0'/></joint>" \
	"<link name='wr'><inertial><mass value='0.1'/><inertia ixx='1' iyy='1' izz='1' " \
	"ixy='0' ixz='0' iyz='0'/></inertial></link>" \
	"<joint name='jr' type='continuous'><parent link='base_link'/><child link='wr'/>" \
	"<axis xyz='0 1 0'/></joint>" body "</robot>"

#define DIFF_DRIVE(extra) "<gazebo><plugin filename='libgazebo_ros_diff_drive.so' name='dd'>" \
	"<ros><namespace>demo</namespace></ros><left_joint>jl</left_joint>" \
	"<right_joint>jr</right_joint><wheel_separation>0.4</wheel_separation>" \
	"<wheel_diameter>0.2</wheel_diameter><max_wheel_acceleration>1.5</max_wheel_acceleration>" \
	"<update_rate>30</update_rate><publish_odom>true</publish_odom>" extra \
	"</plugin></gazebo>"

/* The guide (gazebosim/docs, migrating_gazebo_classic_ros2_packages.md)
 * writes <odom_publisher_frequency>, which DiffDrive does not read. */
Test(migrate, guide_mistake_odom_publisher_frequency)
{
	struct migrated m = migrate_as(ROBOT(DIFF_DRIVE("")), "1.11", 0);

	cr_assert_eq(m.r.rc, U2S_OK, "%s", m.r.msgs);
	cr_assert_null(strstr(m.r.sdf, "odom_publisher_frequency"));
	cr_assert(strstr(m.r.sdf, "<odom_publish_frequency>30</odom_publish_frequency>"), "%s",
		  m.r.sdf);
	migrated_free(&m);
}

/* The guide multiplies max_wheel_acceleration by the wheel radius;
 * Classic's limit is already at the rim (m/s^2). */
Test(migrate, guide_mistake_acceleration_times_radius)
{
	struct migrated m = migrate_as(ROBOT(DIFF_DRIVE("")), "1.9", 0);

	cr_assert(strstr(m.r.sdf, "<max_linear_acceleration>1.5</max_linear_acceleration>"), "%s",
		  m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<min_linear_acceleration>-1.5</min_linear_acceleration>"));
	cr_assert(strstr(m.r.sdf, "<wheel_radius>0.1</wheel_radius>"));
	cr_assert_null(strstr(m.r.sdf, "<max_linear_acceleration>0.15<"));
	migrated_free(&m);
}

/* The guide maps Classic's odometry to DiffDrive's encoder odometry; the
 * Classic default (odometry_source 1) is ground truth. */
Test(migrate, guide_mistake_encoder_odometry)
{
	struct migrated m = migrate_as(ROBOT(DIFF_DRIVE("")), "1.9", 0);
	const char *odom = strstr(m.r.sdf, "ignition::gazebo::systems::OdometryPublisher");

	cr_assert_not_null(odom, "%s", m.r.sdf);
	cr_assert(strstr(odom, "<odom_topic>/demo/odom</odom_topic>"));
	cr_assert(strstr(odom, "<robot_base_frame>base_footprint</robot_base_frame>"));
	cr_assert(strstr(m.r.sdf, "ignition-gazebo-diff-drive-system"));
	cr_assert(strstr(m.r.sdf, "<topic>/demo/cmd_vel</topic>"));
	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_diff_drive"));
	cr_assert(strstr(m.yaml.p, "\"/demo/cmd_vel\"\n  gz_topic_name: \"/demo/cmd_vel\"\n  "
			 "ros_type_name: \"geometry_msgs/msg/Twist\""), "%s", m.yaml.p);
	cr_assert(strstr(m.yaml.p, "direction: ROS_TO_GZ"));
	cr_assert(strstr(m.yaml.p, "\"/demo/odom\""));
	migrated_free(&m);
	/* encoder odometry when the robot asked for it */
	m = migrate_as(ROBOT(DIFF_DRIVE("<odometry_source>0</odometry_source>")), "1.9", 0);
	cr_assert_null(strstr(m.r.sdf, "OdometryPublisher"));
	cr_assert(strstr(m.r.sdf, "<odom_topic>/demo/odom</odom_topic>"), "%s", m.r.sdf);
	migrated_free(&m);
}

#define IMU_SENSOR(plugin) "<gazebo reference='imu_link'><sensor name='imu' type='imu'>" \
	"<update_rate>100</update_rate>" plugin "</sensor></gazebo>"

Test(migrate, imu_topic_frame_per_version_and_world_reference)
{
	static const char *const elem[] = { "ignition_frame_id", "gz_frame_id", "frame_id" };
	static const char *const version[] = { "1.9", "1.11", "1.12" };
	const char *urdf = ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so' "
					    "name='imu_plugin'><ros><remapping>~/out:=imu/data"
					    "</remapping></ros></plugin>"));

	for (int i = 0; i < 3; i++) {
		struct migrated m = migrate_as(urdf, version[i], 0);
		char want[128];
		cr_assert_eq(m.r.rc, U2S_OK, "%s", m.r.msgs);
		/* Classic's frame: the link the sensor is in after lumping */
		snprintf(want, sizeof want, "<%s>base_link</%s>", elem[i], elem[i]);
		cr_assert(strstr(m.r.sdf, want), "%s: %s", version[i], m.r.sdf);
		cr_assert(strstr(m.r.sdf, "<topic>/imu/data</topic>"));
		cr_assert(strstr(m.r.sdf, "<localization>ENU</localization>"));
		cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_imu_sensor"));
		cr_assert(strstr(m.r.msgs, ": note: plugin 'imu_plugin'"), "%s", m.r.msgs);
		migrated_free(&m);
	}
}

Test(migrate, imu_initial_orientation_kept_relative)
{
	struct migrated m = migrate_as(ROBOT(IMU_SENSOR(
		"<plugin filename='libgazebo_ros_imu_sensor.so' name='p'><frame_name>imu_link"
		"</frame_name><initial_orientation_as_reference>true"
		"</initial_orientation_as_reference></plugin>")), "1.9", 0);

	cr_assert_null(strstr(m.r.sdf, "ENU"));
	cr_assert(strstr(m.r.sdf, "<ignition_frame_id>imu_link</ignition_frame_id>"));
	cr_assert(strstr(m.r.sdf, "<topic>/p/out</topic>"), "%s", m.r.sdf);
	migrated_free(&m);
}

Test(migrate, ray_becomes_gpu_lidar_laser_scan_or_points)
{
	const char *scan = ROBOT("<gazebo reference='base_link'><sensor name='l' type='ray'>"
				 "<ray><scan><horizontal><samples>10</samples></horizontal></scan>"
				 "<range><min>0.1</min><max>10</max></range></ray>"
				 "<plugin filename='libgazebo_ros_ray_sensor.so' name='lp'><ros>"
				 "<remapping>~/out:=scan</remapping></ros><output_type>"
				 "sensor_msgs/LaserScan</output_type></plugin></sensor></gazebo>");
	const char *cloud = ROBOT("<gazebo reference='base_link'><sensor name='l' type='ray'>"
				  "<ray><scan><horizontal><samples>10</samples></horizontal></scan>"
				  "<range><min>0.1</min><max>10</max></range></ray>"
				  "<plugin filename='libgazebo_ros_ray_sensor.so' name='lp'/>"
				  "</sensor></gazebo>");
	struct migrated m = migrate_as(scan, "1.9", 0);

	cr_assert(strstr(m.r.sdf, "type='gpu_lidar'"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<lidar>"));
	cr_assert_null(strstr(m.r.sdf, "<ray>"));
	cr_assert(strstr(m.yaml.p, "\"/scan\"\n  gz_topic_name: \"/scan\"\n  ros_type_name: "
			 "\"sensor_msgs/msg/LaserScan\""), "%s", m.yaml.p);
	cr_assert_null(strstr(m.r.msgs, "U2S1201"), "%s", m.r.msgs);
	migrated_free(&m);
	m = migrate_as(cloud, "1.9", 0);
	cr_assert(strstr(m.yaml.p, "\"/lp/out\"\n  gz_topic_name: \"/lp/out/points\""), "%s",
		  m.yaml.p);
	cr_assert(strstr(m.yaml.p, "lazy: true"));
	migrated_free(&m);
}

Test(migrate, range_output_left_with_the_reason)
{
	struct migrated m = migrate_as(ROBOT("<gazebo reference='base_link'><sensor name='s' "
		"type='ray'><plugin filename='libgazebo_ros_ray_sensor.so' name='lp'><output_type>"
		"sensor_msgs/Range</output_type></plugin></sensor></gazebo>"), "1.9", 0);

	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_ray_sensor.so"), "%s", m.r.sdf);   /* left out */
	cr_assert(strstr(m.r.msgs, "--migrate left it out: its output_type is sensor_msgs/Range"),
		  "%s", m.r.msgs);
	cr_assert(strstr(m.r.msgs, "is a Gazebo Classic plugin"));
	migrated_free(&m);
}

Test(migrate, classic_ignored_tags_and_bad_values_warned)
{
	struct migrated m = migrate_as(ROBOT(DIFF_DRIVE("<updateRate>7</updateRate>"
		"<remap from='cmd_vel' to='/cmd_vel'/><odometry_frame>odom</odometry_frame>"
		"<covariance_x>x</covariance_x>")), "1.9", 0);

	cr_assert_eq(m.r.rc, U2S_OK);
	cr_assert(strstr(m.r.msgs, "<updateRate> in plugin 'dd'"), "%s", m.r.msgs);
	cr_assert(strstr(m.r.msgs, "never read"));
	cr_assert(strstr(m.r.msgs, "<remap> in plugin 'dd'"));
	/* the <remap> had no effect in Classic: cmd_vel stays in the namespace */
	cr_assert(strstr(m.r.sdf, "<topic>/demo/cmd_vel</topic>"));
	cr_assert(strstr(m.r.msgs, "<covariance_x> has no equivalent"), "%s", m.r.msgs);
	migrated_free(&m);
}

Test(migrate, ros1_dialect_left_for_u2s1202)
{
	struct migrated m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_diff_drive.so'"
		" name='dd'><leftJoint>jl</leftJoint><rightJoint>jr</rightJoint>"
		"<commandTopic>cmd_vel</commandTopic></plugin></gazebo>"), "1.9", 0);

	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_diff_drive.so"), "%s", m.r.sdf);   /* left out */
	cr_assert(strstr(m.r.msgs, "--migrate left it out: it is written for the ROS 1 plugin"), "%s",
		  m.r.msgs);
	migrated_free(&m);
}

Test(migrate, without_it_u2s1202_says_migrate_would)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r = convert_opts(ROBOT(DIFF_DRIVE("")), &o);

	cr_assert(strstr(r.msgs, "; --migrate does this\n"), "%s", r.msgs);
	result_free(&r);
}

Test(migrate, ros2_control_names_by_generation)
{
	const char *urdf = ROBOT("<gazebo><plugin filename='libgazebo_ros2_control.so' "
				 "name='gazebo_ros2_control'><parameters>/c.yaml</parameters>"
				 "</plugin></gazebo>");
	struct migrated m = migrate_as(urdf, "1.9", 0);

	cr_assert(strstr(m.r.sdf, "filename='ign_ros2_control-system' "
			 "name='ign_ros2_control::IgnitionROS2ControlPlugin'"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<parameters>/c.yaml</parameters>"));
	migrated_free(&m);
	m = migrate_as(urdf, "1.12", 0);
	cr_assert(strstr(m.r.sdf, "filename='gz_ros2_control-system' "
			 "name='gz_ros2_control::GazeboSimROS2ControlPlugin'"), "%s", m.r.sdf);
	cr_assert(strstr(m.yaml.p, "/clock"));
	migrated_free(&m);
}

Test(migrate, world_lists_the_systems_of_migrated_sensors)
{
	struct migrated m = migrate_as(ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so'"
		" name='p'/>")), "1.11", U2S_WORLD);

	cr_assert(strstr(m.r.sdf, "gz-sim-imu-system"), "%s", m.r.sdf);
	migrated_free(&m);
}

Test(migrate, bridge_needs_migrate)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct grown g = { NULL, 0 };
	struct result r;

	o.bridge_fn = grow;
	o.bridge_arg = &g;
	r = convert_opts(ROBOT(""), &o);
	cr_assert_eq(r.rc, U2S_USAGE);
	cr_assert(strstr(r.msgs, "bridge_fn (--bridge-config) applies to U2S_MIGRATE (--migrate) only"), "%s", r.msgs);
	result_free(&r);
	free(g.p);
}

Test(migrate, yaml_names_cannot_break_the_document)
{
	struct migrated m = migrate_as(ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so'"
		" name='p'><ros><remapping>~/out:=/a\"b&#10;- x</remapping></ros></plugin>")), "1.9", 0);

	cr_assert_null(strstr(m.yaml.p, "\n- x"), "%s", m.yaml.p);
	cr_assert(strstr(m.r.msgs, "is no valid ROS name"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* gazebo_ros puts each <argument> before its own --ros-args: a rule
 * counts only inside ROS arguments, one argv element each. */
Test(migrate, arguments_read_as_rclcpp_reads_them)
{
	struct migrated m = migrate_as(ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so'"
		" name='p'><ros><argument>~/out:=ignored</argument></ros></plugin>")), "1.9", 0);

	cr_assert(strstr(m.r.sdf, "<topic>/p/out</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.msgs, "Classic ignored this one"), "%s", m.r.msgs);
	migrated_free(&m);
	m = migrate_as(ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so' name='p'>"
		"<ros><argument>--ros-args</argument><argument>-r</argument>"
		"<argument>~/out:=imu</argument></ros></plugin>")), "1.9", 0);
	cr_assert(strstr(m.r.sdf, "<topic>/imu</topic>"), "%s", m.r.sdf);
	cr_assert_null(strstr(m.r.msgs, "ignored"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* A note in the three styles: text "note:", JSON "note", GitHub ::notice. */
Test(migrate, notes_in_every_style)
{
	struct u2s_diagnostic d = { U2S_NOTE, "U2S1206", "r.urdf", 3, 7, "plugin 'p' migrated",
				    NULL };
	char buf[512];

	u2s_diagnostic_format(&d, U2S_DIAG_TEXT, buf, sizeof buf);
	cr_assert_str_eq(buf, "r.urdf:3:7: note: plugin 'p' migrated [U2S1206]");
	u2s_diagnostic_format(&d, U2S_DIAG_JSON, buf, sizeof buf);
	cr_assert(strstr(buf, "\"severity\":\"note\""), "%s", buf);
	u2s_diagnostic_format(&d, U2S_DIAG_GITHUB, buf, sizeof buf);
	cr_assert(!strncmp(buf, "::notice ", 9), "%s", buf);
}

/* Notes only when asked for (the CLI's -v), never under -q. */
Test(migrate, notes_only_when_asked)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;

	o.flags = U2S_MIGRATE;
	r = convert_opts(ROBOT(DIFF_DRIVE("")), &o);
	cr_assert_null(strstr(r.msgs, ": note: "), "%s", r.msgs);
	result_free(&r);
	o.flags = U2S_MIGRATE | U2S_NOTES | U2S_QUIET;
	r = convert_opts(ROBOT(DIFF_DRIVE("")), &o);
	cr_assert_str_eq(r.msgs, "");
	result_free(&r);
}

#define SENSOR_IN(link, type, body) "<gazebo reference='" link "'><sensor name='s' type='" \
	type "'>" body "</sensor></gazebo>"
#define CAMERA "<camera><horizontal_fov>1</horizontal_fov><image><width>8</width>" \
	"<height>6</height></image></camera>"
#define RAY "<ray><scan><horizontal><samples>10</samples></horizontal></scan>" \
	"<range><min>0.1</min><max>10</max></range></ray>"

/* gazebo_ros_camera_utils.cpp noetic: robotNamespace/cameraName/imageTopicName,
 * the frame through tf::resolve (its leading '/' goes). */
Test(migrate, ros1_camera_keeps_its_names)
{
	struct migrated m = migrate_as(ROBOT(SENSOR_IN("base_link", "camera", CAMERA
		"<plugin filename='libgazebo_ros_camera.so' name='cc'><robotNamespace>bot"
		"</robotNamespace><cameraName>head</cameraName><imageTopicName>image"
		"</imageTopicName><frameName>/head_optical</frameName><updateRate>5</updateRate>"
		"</plugin>")), "1.11", 0);

	cr_assert_eq(m.r.rc, U2S_OK, "%s", m.r.msgs);
	cr_assert(strstr(m.r.sdf, "<topic>/bot/head/image</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<camera_info_topic>/bot/head/camera_info</camera_info_topic>"));
	cr_assert(strstr(m.r.sdf, "<gz_frame_id>head_optical</gz_frame_id>"));
	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_camera"));
	cr_assert(strstr(m.yaml.p, "\"/bot/head/image\"\n  gz_topic_name: \"/bot/head/image\""),
		  "%s", m.yaml.p);
	cr_assert(strstr(m.r.msgs, "(libgazebo_ros_camera.so) migrated: (the ROS 1 plugin) a camera"), "%s", m.r.msgs);
	cr_assert(strstr(m.r.msgs, "keep their ROS 1 names"));
	cr_assert(strstr(m.r.msgs, "<updateRate> '5' has no equivalent"), "%s", m.r.msgs);
	migrated_free(&m);
	/* no frameName: Classic stamped '', the link is taken, and said */
	m = migrate_as(ROBOT(SENSOR_IN("base_link", "camera", CAMERA
		"<plugin filename='libgazebo_ros_camera.so' name='cc'><cameraName>c</cameraName>"
		"</plugin>")), "1.9", 0);
	cr_assert(strstr(m.r.sdf, "<topic>/c/image_raw</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<ignition_frame_id>base_link</ignition_frame_id>"));
	cr_assert(strstr(m.r.msgs, "the frame id ''"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* gazebo_ros_laser.cpp noetic 86-103: topicName and frameName default to
 * "/world"; the frame through tf::resolve. */
Test(migrate, ros1_laser_and_its_world_defaults)
{
	struct migrated m = migrate_as(ROBOT(SENSOR_IN("base_link", "ray", RAY
		"<plugin filename='libgazebo_ros_laser.so' name='l'><robotNamespace>r"
		"</robotNamespace><topicName>scan</topicName><gaussianNoise>0.1</gaussianNoise>"
		"</plugin>")), "1.9", 0);

	cr_assert(strstr(m.r.sdf, "type='gpu_lidar'"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<topic>/r/scan</topic>"));
	cr_assert(strstr(m.r.sdf, "<ignition_frame_id>world</ignition_frame_id>"));
	cr_assert(strstr(m.r.msgs, "stamped its data 'world'"), "%s", m.r.msgs);
	/* gazebo_ros_laser never read gaussianNoise */
	cr_assert(strstr(m.r.msgs, "<gaussianNoise> in plugin 'l'"), "%s", m.r.msgs);
	cr_assert(strstr(m.yaml.p, "\"/r/scan\"\n  gz_topic_name: \"/r/scan\"\n  ros_type_name: "
			 "\"sensor_msgs/msg/LaserScan\""), "%s", m.yaml.p);
	migrated_free(&m);
	/* a private name: roscpp advertised nothing */
	m = migrate_as(ROBOT(SENSOR_IN("base_link", "gpu_ray", RAY
		"<plugin filename='libgazebo_ros_gpu_laser.so' name='l'><topicName>~scan"
		"</topicName><frameName>x</frameName></plugin>")), "1.9", 0);
	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_gpu_laser.so"), "%s", m.r.sdf);   /* left out */
	cr_assert(strstr(m.r.msgs, "--migrate left it out: its <topicName> is empty or private"),
		  "%s", m.r.msgs);
	migrated_free(&m);
}

Test(migrate, ros1_block_laser_cloud_changes_type)
{
	struct migrated m = migrate_as(ROBOT(SENSOR_IN("base_link", "ray", RAY
		"<plugin filename='libgazebo_ros_block_laser.so' name='b'><topicName>/cloud"
		"</topicName><frameName>base_link</frameName></plugin>")), "1.9", 0);

	cr_assert(strstr(m.r.sdf, "<topic>/cloud</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.yaml.p, "\"/cloud\"\n  gz_topic_name: \"/cloud/points\"\n  "
			 "ros_type_name: \"sensor_msgs/msg/PointCloud2\""), "%s", m.yaml.p);
	cr_assert(strstr(m.r.msgs, "subscribers must change type"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* gazebo_ros_imu_sensor.cpp noetic 170-252: the namespace defaults to the
 * model's name, frameName is required and stamped as it is. */
Test(migrate, ros1_imu_sensor)
{
	struct migrated m = migrate_as(ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so'"
		" name='i'><topicName>imu</topicName><bodyName>imu_link</bodyName><frameName>/imu_link"
		"</frameName><updateRateHZ>50</updateRateHZ></plugin>")), "1.12", 0);

	cr_assert_eq(m.r.rc, U2S_OK, "%s", m.r.msgs);
	cr_assert(strstr(m.r.sdf, "<topic>/r/imu</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<frame_id>imu_link</frame_id>"));
	cr_assert(strstr(m.r.sdf, "<localization>ENU</localization>"));
	cr_assert(strstr(m.r.msgs, "the robot's name 'r' is taken"), "%s", m.r.msgs);
	cr_assert(strstr(m.r.msgs, "tf2 rejects a leading '/'"));
	cr_assert(strstr(m.r.msgs, "updateRateHZ (50 Hz"));
	cr_assert(strstr(m.r.msgs, "<bodyName> in plugin 'i'"));
	migrated_free(&m);
	m = migrate_as(ROBOT(IMU_SENSOR("<plugin filename='libgazebo_ros_imu_sensor.so' name='i'>"
		"<robotNamespace>/q</robotNamespace><topicName>imu</topicName></plugin>")), "1.9", 0);
	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_imu_sensor.so"), "%s", m.r.sdf);   /* left out */
	cr_assert(strstr(m.r.msgs, "stops without <frameName>"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* gazebo_ros_openni_kinect.cpp noetic: its "ir/image_raw" default is
 * overwritten by the camera utils' "image_raw". */
Test(migrate, ros1_openni_kinect_is_an_rgbd_camera)
{
	struct migrated m = migrate_as(ROBOT(SENSOR_IN("base_link", "depth", CAMERA
		"<plugin filename='libgazebo_ros_openni_kinect.so' name='k'><cameraName>kinect"
		"</cameraName><frameName>kinect_optical</frameName><pointCloudTopicName>"
		"depth/points</pointCloudTopicName></plugin>")), "1.9", 0);

	cr_assert(strstr(m.r.sdf, "type='rgbd_camera'"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<topic>/kinect</topic>"));
	cr_assert(strstr(m.yaml.p, "\"/kinect/image_raw\"\n  gz_topic_name: \"/kinect/image\""),
		  "%s", m.yaml.p);
	cr_assert(strstr(m.yaml.p, "\"/kinect/depth/image_raw\"\n  gz_topic_name: "
			 "\"/kinect/depth_image\""));
	cr_assert(strstr(m.yaml.p, "\"/kinect/depth/points\"\n  gz_topic_name: \"/kinect/points\""));
	cr_assert(strstr(m.yaml.p, "\"/kinect/depth/camera_info\""));
	cr_assert(strstr(m.r.msgs, "pointCloudCutoff"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* ---- gazebo_ros_ft_sensor -------------------------------------------------- */

Test(migrate, ft_sensor_in_the_joint)
{
	struct migrated m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_ft_sensor.so'"
		" name='ft'><ros><namespace>arm</namespace></ros><joint_name>jl</joint_name>"
		"<update_rate>200</update_rate><gaussian_noise>0.5</gaussian_noise></plugin>"
		"</gazebo>"), "1.11", U2S_WORLD);
	const char *joint = strstr(m.r.sdf, "<joint name='jl'"), *s;

	cr_assert_eq(m.r.rc, U2S_OK, "%s", m.r.msgs);
	cr_assert_not_null(joint, "%s", m.r.sdf);
	s = strstr(joint, "<sensor name='ft' type='force_torque'>");
	cr_assert_not_null(s, "%s", m.r.sdf);
	cr_assert(s < strstr(joint, "</joint>"));
	cr_assert(strstr(s, "<update_rate>200</update_rate>"));
	cr_assert(strstr(s, "<topic>/arm/wrench</topic>"));
	cr_assert(strstr(s, "<gz_frame_id>wl</gz_frame_id>"));
	cr_assert(strstr(s, "<frame>child</frame>"));
	cr_assert(strstr(s, "<measure_direction>parent_to_child</measure_direction>"));
	cr_assert(strstr(s, "<stddev>0.5</stddev>"));
	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_ft_sensor"));
	cr_assert(strstr(m.r.sdf, "gz-sim-forcetorque-system"), "%s", m.r.sdf);
	cr_assert(strstr(m.yaml.p, "\"/arm/wrench\"\n  gz_topic_name: \"/arm/wrench\"\n  "
			 "ros_type_name: \"geometry_msgs/msg/WrenchStamped\"\n  gz_type_name: "
			 "\"gz.msgs.Wrench\""), "%s", m.yaml.p);
	cr_assert(strstr(m.r.msgs, "check the signs"), "%s", m.r.msgs);
	cr_assert(strstr(m.r.msgs, ": note: plugin 'ft'"));
	/* no skeleton of a <gazebo> block the input never had */
	cr_assert_null(strstr(joint, "<physics>"), "%s", joint);
	migrated_free(&m);
}

Test(migrate, ft_sensor_refusals)
{
	/* the fixed joint imu_joint is lumped: no joint to hold the sensor */
	struct migrated m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_ft_sensor.so'"
		" name='ft'><joint_name>imu_joint</joint_name></plugin></gazebo>"), "1.9", 0);

	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_ft_sensor.so"), "%s", m.r.sdf);   /* left out */
	cr_assert(strstr(m.r.msgs, "<gazebo reference='imu_joint'><preserveFixedJoint>true"),
		  "%s", m.r.msgs);
	cr_assert_null(strstr(m.r.sdf, "force_torque"));
	migrated_free(&m);
	m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_ft_sensor.so' name='ft'>"
		"<body_name>wl</body_name></plugin></gazebo>"), "1.9", 0);
	cr_assert(strstr(m.r.msgs, "--migrate left it out: body_name"), "%s", m.r.msgs);
	migrated_free(&m);
	/* ROS 1: topicName is required */
	m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_ft_sensor.so' name='ft'>"
		"<jointName>jl</jointName></plugin></gazebo>"), "1.9", 0);
	cr_assert(strstr(m.r.msgs, "stops without <topicName>"), "%s", m.r.msgs);
	migrated_free(&m);
	m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_ft_sensor.so' name='ft'>"
		"<robotNamespace>r1</robotNamespace><jointName>jr</jointName><topicName>ft"
		"</topicName></plugin></gazebo>"), "1.9", 0);
	cr_assert(strstr(m.r.sdf, "<topic>/r1/ft</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.sdf, "<ignition_frame_id>wr</ignition_frame_id>"));
	migrated_free(&m);
}

/* ---- multicamera ------------------------------------------------------------ */

#define MULTI(extra) SENSOR_IN("base_link", "multicamera", "<pose>0 0 1 0 0 0</pose>" \
	"<camera name='left'><pose>0 0.1 0 0 0 0</pose><horizontal_fov>1</horizontal_fov>" \
	"<image><width>8</width><height>6</height></image></camera>" \
	"<camera name='right'><pose>0 -0.1 0 0 0 0</pose><horizontal_fov>1</horizontal_fov>" \
	"<image><width>8</width><height>6</height></image></camera>" \
	"<plugin filename='libgazebo_ros_camera.so' name='mc'><ros><namespace>d</namespace>" \
	"</ros></plugin>") extra

/* gazebo_ros_camera.cpp:210-237: CAM/<camera>/image_raw, CAM the sensor's
 * name unless camera_name. */
Test(migrate, multicamera_one_sensor_per_camera)
{
	struct migrated m = migrate_as(ROBOT(MULTI("")), "1.9", 0);
	const char *l = strstr(m.r.sdf, "<sensor name='s_left' type='camera'>");
	const char *r = strstr(m.r.sdf, "<sensor name='s_right' type='camera'>");

	cr_assert_eq(m.r.rc, U2S_OK, "%s", m.r.msgs);
	cr_assert_not_null(l, "%s", m.r.sdf);
	cr_assert_not_null(r);
	cr_assert_null(strstr(m.r.sdf, "multicamera"));
	cr_assert(strstr(l, "<pose>0 0.1 1 0 0 0</pose>"), "%s", l);
	cr_assert(strstr(r, "<pose>0 -0.1 1 0 0 0</pose>"));
	cr_assert(strstr(l, "<topic>/d/s/left/image_raw</topic>"));
	cr_assert(strstr(r, "<camera_info_topic>/d/s/right/camera_info</camera_info_topic>"));
	cr_assert(strstr(m.yaml.p, "\"/d/s/right/image_raw\""), "%s", m.yaml.p);
	migrated_free(&m);
	/* a name a camera would take is a sensor's already */
	m = migrate_as(ROBOT(MULTI("<gazebo reference='base_link'><sensor name='s_left' "
		"type='imu'/></gazebo>")), "1.9", 0);
	cr_assert(strstr(m.r.sdf, "type='multicamera'"), "%s", m.r.sdf);
	cr_assert(strstr(m.r.msgs, "already has the name"), "%s", m.r.msgs);
	migrated_free(&m);
}

/* ---- plugins left, with why ----------------------------------------------- */

Test(migrate, force_imu_model_and_ros_control_left_with_why)
{
	struct migrated m = migrate_as(ROBOT("<gazebo><plugin filename='libgazebo_ros_force.so' "
		"name='f'><link_name>wl</link_name></plugin><plugin filename='libgazebo_ros_imu.so' "
		"name='i'><bodyName>base_link</bodyName><topicName>imu</topicName></plugin><plugin "
		"filename='libgazebo_ros_control.so' name='c'><robotNamespace>/</robotNamespace>"
		"</plugin></gazebo>"), "1.9", 0);
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;

	cr_assert(strstr(m.r.msgs, "--migrate left it out: gz-sim's ApplyLinkWrench is a world "
			 "system"), "%s", m.r.msgs);
	cr_assert(strstr(m.r.msgs, "ros_gz_interfaces/msg/EntityWrench"));
	cr_assert(strstr(m.r.msgs, "--migrate left it out: a ROS 1 model plugin that computed an IMU"));
	cr_assert(strstr(m.r.msgs, "--migrate left it out: ROS 1 ros_control"));
	/* refused without a word about its tags */
	cr_assert_null(strstr(m.r.msgs, "U2S1208"), "%s", m.r.msgs);
	cr_assert_null(strstr(m.r.sdf, "libgazebo_ros_force.so"), "%s", m.r.sdf);   /* left out */
	migrated_free(&m);
	/* and --migrate is not said to do them */
	r = convert_opts(ROBOT("<gazebo><plugin filename='libgazebo_ros_force.so' name='f'/>"
			       "</gazebo>"), &o);
	cr_assert_null(strstr(r.msgs, "--migrate does this"), "%s", r.msgs);
	result_free(&r);
}

/* border_crop is a bool (gazebo_ros_camera.cpp ros2): its default true is
 * no number to complain of, false changed the CameraInfo only. */
Test(migrate, camera_border_crop_read_as_a_bool)
{
	struct migrated m = migrate_as(ROBOT(SENSOR_IN("base_link", "camera", CAMERA
		"<plugin filename='libgazebo_ros_camera.so' name='c'><border_crop>true"
		"</border_crop></plugin>")), "1.9", 0);

	cr_assert_null(strstr(m.r.msgs, "border_crop"), "%s", m.r.msgs);
	migrated_free(&m);
	m = migrate_as(ROBOT(SENSOR_IN("base_link", "camera", CAMERA
		"<plugin filename='libgazebo_ros_camera.so' name='c'><border_crop>false"
		"</border_crop></plugin>")), "1.9", 0);
	cr_assert(strstr(m.r.msgs, "<border_crop> changed only the CameraInfo"), "%s", m.r.msgs);
	cr_assert_null(strstr(m.r.msgs, "not a number"));
	migrated_free(&m);
}

/* Without robotNamespace and cameraName the ROS names are at the root; the
 * rgbd_camera's gz topics go under the sensor's name, not "/" itself. */
Test(migrate, ros1_openni_without_names)
{
	struct migrated m = migrate_as(ROBOT(SENSOR_IN("base_link", "depth", CAMERA
		"<plugin filename='libgazebo_ros_openni_kinect.so' name='k'><frameName>f"
		"</frameName></plugin>")), "1.9", 0);

	cr_assert(strstr(m.r.sdf, "<topic>/s</topic>"), "%s", m.r.sdf);
	cr_assert(strstr(m.yaml.p, "\"/image_raw\"\n  gz_topic_name: \"/s/image\""), "%s", m.yaml.p);
	cr_assert(strstr(m.yaml.p, "\"/points\"\n  gz_topic_name: \"/s/points\""));
	migrated_free(&m);
}

Test(migrate, urdf_output_takes_no_world)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct result r;

	o.flags = U2S_MIGRATE | U2S_OUTPUT_URDF | U2S_WORLD;
	r = convert_opts(ROBOT(""), &o);
	cr_assert_eq(r.rc, U2S_USAGE);
	cr_assert(strstr(r.msgs, "U2S_OUTPUT_URDF (--output-format) excludes U2S_WORLD (--world)"), "%s", r.msgs);
	result_free(&r);
}

