/* gzsim: the tables of gzsim.h and their lookups.  Read (not copied) from
 * gz-sim's sources at tags ignition-gazebo6_6.0.0 .. ignition-gazebo6_6.18.0
 * (Fortress), gz-sim8_8.0.0 .. gz-sim8_8.14.0 (Harmonic), gz-sim9_9.5.0
 * (Ionic) and gz-sim10_10.4.0 (Jetty), and gz-common's src/SystemPaths.cc at
 * ignition-common4_4.8.1, gz-common5_5.8.0 and gz-common7_7.3.1; each row
 * names its file. */
#include "gzsim.h"

#include <fnmatch.h>
#include <string.h>

/* ---- World systems ----------------------------------------------------- */

/* File names.  src/systems/CMakeLists.txt (gz_add_system) builds
 * lib<project><major>-<stem>-system.so and installs beside it the
 * unversioned lib<project>-<stem>-system.so: libignition-gazebo-imu-system.so
 * in every Fortress tag from ignition-gazebo6_6.0.0, libgz-sim-imu-system.so
 * in gz-sim8_8.0.0 and gz-sim9_9.5.0; gz-sim10 (CMakeLists.txt:
 * project(gz-sim)) has no versioned name, only libgz-sim-imu-system.so.
 * gz_world_system_named accepts a version number after either prefix
 * all the same.  SystemPaths::FindSharedLibrary (gz-common
 * src/SystemPaths.cc, GenerateLibraryPaths, the same at
 * ignition-common4_4.8.1, gz-common5_5.8.0 and gz-common7_7.3.1) tries
 * NAME, libNAME.so and NAME.so, and the same for NAME less a leading "lib"
 * and trailing ".so" when it has both, so "ignition-gazebo-imu-system" and
 * "libignition-gazebo-imu-system.so" load alike; the table writes the short
 * one, as examples/worlds/sensors.sdf does.
 *
 * Between spellings (src/SystemLoader.cc):
 *   Fortress from ignition-gazebo6_6.16.0 maps "gz-sim" in a file name to
 *   "ignition-gazebo"; 6.0.0-6.15.0 do not, so Fortress rows use the
 *   ignition- names, which every 6.x loads.
 *   gz-sim8 and gz-sim9 map "ignition-gazebo" anywhere in a file name to
 *   "gz-sim" and "ignition::gazebo" in a class name to "gz::sim"; gz-sim10
 *   (src/Util.cc normalizePluginFilename) only at the start of the name,
 *   so "libignition-gazebo-imu-system.so" no longer loads there.
 * Class names: every system registers the alias
 *   "ignition::gazebo::systems::<Class>" in all Fortress tags
 *   (IGNITION_ADD_PLUGIN_ALIAS in src/systems/<dir>/<Class>.cc), and
 *   "gz::sim::systems::<Class>" too from ignition-gazebo6_6.15.0; gz-sim8
 *   and gz-sim10 register "gz::sim::systems::<Class>" (GZ_ADD_PLUGIN_ALIAS).
 *
 * Which sensors each system simulates: src/SdfEntityCreator.cc (the
 * component each sdf::SensorType gets) and src/systems/sensors/Sensors.cc
 * (the rendering sensors it creates: camera, depth, gpu_lidar, rgbd,
 * thermal, segmentation in 6.0.0; boundingbox from 6.10.0; wide_angle_camera
 * from gz-sim8_8.0.0).  Sensors reads <render_engine>, default "ogre2", in
 * every tag read (Fortress included); it is written anyway so that the
 * world says which engine it needs.  NavSat (src/systems/navsat/NavSat.cc,
 * from ignition-gazebo6_6.4.0) publishes nothing without the world's
 * <spherical_coordinates> ("Spherical coordinates not set"). */

#define FILES(stem) { "ignition-gazebo-" stem "-system", "gz-sim-" stem "-system" }
#define NAMES(cls) { "ignition::gazebo::systems::" cls, "gz::sim::systems::" cls }

static const char *const no_types[] = { NULL };
/* src/systems/sensors/Sensors.cc, src/SdfEntityCreator.cc: the types that
 * become Camera, DepthCamera, GpuLidar, RgbdCamera, ThermalCamera,
 * SegmentationCamera, BoundingBoxCamera and WideAngleCamera components,
 * with the spellings SDFormat's sensor.sdf gives them. */
static const char *const sensors_types[] = {
	"camera", "depth_camera", "depth", "rgbd_camera", "rgbd",
	"thermal_camera", "thermal", "segmentation_camera", "segmentation",
	"boundingbox_camera", "boundingbox", "wide_angle_camera",
	"gpu_lidar", "gpu_ray", NULL };
static const char *const imu_types[] = { "imu", NULL };
static const char *const contact_types[] = { "contact", NULL };
static const char *const ft_types[] = { "force_torque", NULL };
static const char *const navsat_types[] = { "navsat", "gps", NULL };
static const char *const magnetometer_types[] = { "magnetometer", NULL };
static const char *const altimeter_types[] = { "altimeter", NULL };
static const char *const air_pressure_types[] = { "air_pressure", NULL };
static const char *const air_speed_types[] = { "air_speed", NULL };
static const char *const logical_camera_types[] = { "logical_camera", NULL };

/* In the order they are written: the three every world lists (as
 * examples/worlds/sensors.sdf lists them, physics first), then the
 * sensor systems. */
const struct gz_system gz_system_table[] = {
	/* src/systems/physics: gz_add_system(physics), class Physics */
	{ "physics", "physics", "Physics", FILES("physics"), NAMES("Physics"),
	  NULL, 1, NULL, NULL, NULL, no_types },
	/* src/systems/user_commands: gz_add_system(user-commands) */
	{ "user_commands", "user-commands", "UserCommands", FILES("user-commands"),
	  NAMES("UserCommands"), NULL, 1, NULL, NULL, NULL, no_types },
	/* src/systems/scene_broadcaster: gz_add_system(scene-broadcaster) */
	{ "scene_broadcaster", "scene-broadcaster", "SceneBroadcaster",
	  FILES("scene-broadcaster"), NAMES("SceneBroadcaster"), NULL, 1, NULL, NULL,
	  NULL, no_types },
	/* src/systems/sensors: gz_add_system(sensors) */
	{ "sensors", "sensors", "Sensors", FILES("sensors"), NAMES("Sensors"),
	  NULL, 0, "render_engine", "ogre2", NULL, sensors_types },
	/* src/systems/imu: gz_add_system(imu) */
	{ "imu", "imu", "Imu", FILES("imu"), NAMES("Imu"), NULL, 0, NULL, NULL, NULL,
	  imu_types },
	/* src/systems/contact: gz_add_system(contact) */
	{ "contact", "contact", "Contact", FILES("contact"), NAMES("Contact"), NULL,
	  0, NULL, NULL, NULL, contact_types },
	/* src/systems/force_torque: gz_add_system(forcetorque), no hyphen */
	{ "force_torque", "forcetorque", "ForceTorque", FILES("forcetorque"),
	  NAMES("ForceTorque"), NULL, 0, NULL, NULL, NULL, ft_types },
	/* src/systems/navsat: gz_add_system(navsat); Fortress from 6.4.0 */
	{ "navsat", "navsat", "NavSat", FILES("navsat"), NAMES("NavSat"), "6.4.0", 0,
	  NULL, NULL, "spherical_coordinates", navsat_types },
	/* src/systems/magnetometer: gz_add_system(magnetometer) */
	{ "magnetometer", "magnetometer", "Magnetometer", FILES("magnetometer"),
	  NAMES("Magnetometer"), NULL, 0, NULL, NULL, NULL, magnetometer_types },
	/* src/systems/altimeter: gz_add_system(altimeter) */
	{ "altimeter", "altimeter", "Altimeter", FILES("altimeter"),
	  NAMES("Altimeter"), NULL, 0, NULL, NULL, NULL, altimeter_types },
	/* src/systems/air_pressure: gz_add_system(air-pressure) */
	{ "air_pressure", "air-pressure", "AirPressure", FILES("air-pressure"),
	  NAMES("AirPressure"), NULL, 0, NULL, NULL, NULL, air_pressure_types },
	/* src/systems/air_speed: gz_add_system(air-speed); not in any
	 * ignition-gazebo6 tag, in gz-sim8_8.0.0 */
	{ "air_speed", "air-speed", "AirSpeed",
	  { NULL, "gz-sim-air-speed-system" }, { NULL, "gz::sim::systems::AirSpeed" },
	  NULL, 0, NULL, NULL, NULL, air_speed_types },
	/* src/systems/logical_camera: gz_add_system(logical-camera) */
	{ "logical_camera", "logical-camera", "LogicalCamera", FILES("logical-camera"),
	  NAMES("LogicalCamera"), NULL, 0, NULL, NULL, NULL, logical_camera_types },
	/* src/systems/dvl: gz_add_system(dvl), class DopplerVelocityLogSystem
	 * (GZ_ADD_PLUGIN_ALIAS "gz::sim::systems::DopplerVelocityLogSystem");
	 * it simulates the <sensor type='custom' gz:type='dvl'> (gz_custom_
	 * sensor, below), rendering in the Sensors system's render thread (it
	 * connects to events::PreRender/Render/PostRender, which Sensors
	 * emits).  Not in any ignition-gazebo6 tag (it came with gz-sim 7). */
	{ "dvl", "dvl", "DopplerVelocityLogSystem",
	  { NULL, "gz-sim-dvl-system" }, { NULL, "gz::sim::systems::DopplerVelocityLogSystem" },
	  NULL, 0, NULL, NULL, NULL, no_types },
	/* src/systems/environmental_sensor_system:
	 * gz_add_system(environmental-sensor), class EnvironmentalSensorSystem
	 * with the alias "gz::sim::systems::EnvironmentalSystem"; it simulates
	 * <sensor type='custom' gz:type='environmental_sensor/FIELD'>, reading
	 * the world's components::Environment, which an EnvironmentPreload
	 * plugin loads from the user's data file ("No sensor data loaded"
	 * without it).  Not in ignition-gazebo6 either. */
	{ "environmental_sensor", "environmental-sensor", "EnvironmentalSystem",
	  { NULL, "gz-sim-environmental-sensor-system" },
	  { NULL, "gz::sim::systems::EnvironmentalSystem" },
	  NULL, 0, NULL, NULL, NULL, no_types },
};
const size_t gz_system_count = sizeof gz_system_table / sizeof gz_system_table[0];

const struct gz_system *gz_system_by_id(const char *id)
{
	for (size_t i = 0; i < gz_system_count; i++)
		if (!strcmp(gz_system_table[i].id, id))
			return &gz_system_table[i];
	return NULL;
}

const struct gz_system *gz_system_for_sensor(const char *type)
{
	if (!type)
		return NULL;
	for (size_t i = 0; i < gz_system_count; i++)
		for (const char *const *t = gz_system_table[i].sensor_types; *t; t++)
			if (!strcmp(*t, type))
				return &gz_system_table[i];
	return NULL;
}

/* S without the prefix P, or NULL when S does not start with it. */
static const char *skip(const char *s, const char *p)
{
	size_t n = strlen(p);

	return strncmp(s, p, n) ? NULL : s + n;
}

/* The class of a plugin name: "X" of gz::sim::systems::X,
 * ignition::gazebo::systems::X and their inline-versioned forms
 * (gz::sim::v8::systems::X); NULL for any other name. */
static const char *class_of(const char *name)
{
	const char *p = skip(name, "gz::sim::");

	if (!p)
		p = skip(name, "ignition::gazebo::");
	if (!p)
		return NULL;
	/* An inline version namespace: "v6::". */
	if (*p == 'v' && p[1] >= '0' && p[1] <= '9') {
		p++;
		while (*p >= '0' && *p <= '9')
			p++;
		if (!(p = skip(p, "::")))
			return NULL;
	}
	return skip(p, "systems::");
}

/* The file name without directory, "lib" and the shared-library suffix,
 * copied into BUF (of N bytes); NULL when it does not fit. */
const char *gz_plugin_base(const char *filename, char *buf, size_t n)
{
	static const char *const suffixes[] = { ".so", ".dylib", ".dll" };
	const char *slash = strrchr(filename, '/');
	size_t len;

	if (slash)
		filename = slash + 1;
	if (!strncmp(filename, "lib", 3))
		filename += 3;
	len = strlen(filename);
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		size_t s = strlen(suffixes[i]);

		if (len > s && !strcmp(filename + len - s, suffixes[i])) {
			len -= s;
			break;
		}
	}
	if (len >= n)
		return NULL;
	memcpy(buf, filename, len);
	buf[len] = '\0';
	return buf;
}

const struct gz_system *gz_world_system_named(const char *filename, const char *name)
{
	char buf[128];
	const char *base, *p, *cls = NULL;
	size_t len;

	if (!filename)
		return NULL;
	if (name && *name && !(cls = class_of(name)))
		return NULL;
	/* gz-sim10's static plugins: "static://" and the class. */
	if ((p = skip(filename, "static://"))) {
		const char *c = class_of(p);

		if (!c || (cls && strcmp(c, cls)))
			return NULL;
		for (size_t i = 0; i < gz_system_count; i++)
			if (!strcmp(gz_system_table[i].klass, c))
				return &gz_system_table[i];
		return NULL;
	}
	if (!(base = gz_plugin_base(filename, buf, sizeof buf)))
		return NULL;
	if (!(p = skip(base, "gz-sim")) && !(p = skip(base, "ignition-gazebo")))
		return NULL;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p++ != '-')
		return NULL;
	len = strlen(p);
	if (len <= strlen("-system") || strcmp(p + len - strlen("-system"), "-system"))
		return NULL;
	len -= strlen("-system");
	for (size_t i = 0; i < gz_system_count; i++) {
		const struct gz_system *s = &gz_system_table[i];

		if (strlen(s->stem) == len && !strncmp(s->stem, p, len))
			return cls && strcmp(cls, s->klass) ? NULL : s;
	}
	return NULL;
}

/* ---- Sensor types ------------------------------------------------------ */

/* Every type of sdf-schema/1.12/sensor.sdf's <attribute name="type">
 * (1.9 and 1.11 list a subset), and wide_angle_camera, which libsdformat
 * reads though the list omits it.  Simulated: src/SdfEntityCreator.cc,
 * which gives LIDAR no component ("Sensor type LIDAR not supported yet.
 * Try using a GPU LIDAR instead.") and the types it does not name none
 * (multicamera, sonar, rfid, rfidtag, wireless_*), at every tag read. */
#define BOTH { 1, 1 }
#define NONE { 0, 0 }
#define SIM_ONLY { 0, 1 }

static const char ray_text[] =
	"gz-sim does not simulate the CPU lidar: write type gpu_lidar (same "
	"<lidar> element), which the Sensors system simulates";
static const char label_text[] =
	"the objects it sees need a label: the Label system on their model or visual";

const struct gz_sensor_info gz_sensor_table[] = {
	{ "air_pressure", "air_pressure", BOTH, NULL, NULL },
	{ "air_speed", "air_speed", SIM_ONLY, NULL,
	  "Fortress has no AirSpeed system; gz-sim 8 (Harmonic) and later simulate it" },
	{ "altimeter", "altimeter", BOTH, NULL, NULL },
	{ "camera", "camera", BOTH, NULL, NULL },
	{ "contact", "contact", BOTH, NULL,
	  "the sensor's <contact><collision> names the collision whose contacts it reports" },
	{ "boundingbox_camera", "boundingbox_camera", BOTH, "6.10.0", label_text },
	{ "boundingbox", "boundingbox_camera", BOTH, "6.10.0", label_text },
	{ "custom", "custom", NONE, NULL,
	  "a custom sensor is simulated only by a plugin of your own that handles its type" },
	{ "depth_camera", "depth_camera", BOTH, NULL, NULL },
	{ "depth", "depth_camera", BOTH, NULL, NULL },
	{ "force_torque", "force_torque", BOTH, NULL, NULL },
	{ "gps", "navsat", BOTH, "6.4.0",
	  "the world needs <spherical_coordinates>; gps is the old spelling of navsat" },
	{ "gpu_lidar", "gpu_lidar", BOTH, NULL, NULL },
	{ "gpu_ray", "gpu_lidar", BOTH, NULL, NULL },
	{ "imu", "imu", BOTH, NULL, NULL },
	{ "lidar", "lidar", NONE, NULL, ray_text },
	{ "logical_camera", "logical_camera", BOTH, NULL, NULL },
	{ "magnetometer", "magnetometer", BOTH, NULL, NULL },
	{ "multicamera", "multicamera", NONE, NULL,
	  "gz-sim does not simulate multicamera: write one camera sensor per <camera>" },
	{ "navsat", "navsat", BOTH, "6.4.0", "the world needs <spherical_coordinates>" },
	{ "ray", "lidar", NONE, NULL, ray_text },
	{ "rfid", "rfid", NONE, NULL, "gz-sim does not simulate RFID" },
	{ "rfidtag", "rfidtag", NONE, NULL, "gz-sim does not simulate RFID" },
	{ "rgbd_camera", "rgbd_camera", BOTH, NULL, NULL },
	{ "rgbd", "rgbd_camera", BOTH, NULL, NULL },
	{ "segmentation_camera", "segmentation_camera", BOTH, NULL, label_text },
	{ "segmentation", "segmentation_camera", BOTH, NULL, label_text },
	{ "sonar", "sonar", NONE, NULL,
	  "gz-sim does not simulate sonar: a gpu_lidar with a few rays can stand in "
	  "for a range sensor" },
	{ "thermal_camera", "thermal_camera", BOTH, NULL,
	  "objects' temperatures come from the Thermal system on their model or visual" },
	{ "thermal", "thermal_camera", BOTH, NULL,
	  "objects' temperatures come from the Thermal system on their model or visual" },
	{ "wide_angle_camera", "wide_angle_camera", SIM_ONLY, NULL,
	  "Fortress does not simulate it (gz-sim 8 and later do): write a camera for 1.9" },
	{ "wireless_receiver", "wireless_receiver", NONE, NULL,
	  "gz-sim does not simulate wireless sensors; its RFComms system models radio links" },
	{ "wireless_transmitter", "wireless_transmitter", NONE, NULL,
	  "gz-sim does not simulate wireless sensors; its RFComms system models radio links" },
};
const size_t gz_sensor_count = sizeof gz_sensor_table / sizeof gz_sensor_table[0];

const struct gz_sensor_info *gz_sensor_type(const char *type)
{
	if (!type)
		return NULL;
	for (size_t i = 0; i < gz_sensor_count; i++)
		if (!strcmp(gz_sensor_table[i].type, type))
			return &gz_sensor_table[i];
	return NULL;
}

/* The custom sensors gz-sim 8, 9 and 10 simulate, by gz:type (gz-sim
 * src/systems/dvl/DopplerVelocityLogSystem.cc: gz:type exactly "dvl";
 * src/systems/environmental_sensor_system/EnvironmentalSensorSystem.cc:
 * every gz:type starting "environmental_sensor/").  Fortress has neither
 * system. */
const struct gz_custom_sensor gz_custom_table[] = {
	{ "dvl", 0, "dvl", 1,
	  { "custom", "custom", SIM_ONLY, NULL,
	    "Fortress has no DopplerVelocityLogSystem; gz-sim 8 (Harmonic) and later simulate "
	    "gz:type 'dvl'" } },
	{ "environmental_sensor/", 1, "environmental_sensor", 0,
	  { "custom", "custom", SIM_ONLY, NULL,
	    "Fortress has no EnvironmentalSystem; gz-sim 8 (Harmonic) and later simulate "
	    "gz:type 'environmental_sensor/...' from the data an EnvironmentPreload plugin "
	    "of the world loads" } },
};
const size_t gz_custom_count = sizeof gz_custom_table / sizeof gz_custom_table[0];

const struct gz_custom_sensor *gz_custom_sensor(const char *gz_type)
{
	if (!gz_type)
		return NULL;
	for (size_t i = 0; i < gz_custom_count; i++) {
		const struct gz_custom_sensor *c = &gz_custom_table[i];

		if (c->prefix ? !strncmp(gz_type, c->gz_type, strlen(c->gz_type)) &&
				gz_type[strlen(c->gz_type)] : !strcmp(gz_type, c->gz_type))
			return c;
	}
	return NULL;
}

/* ---- Gazebo Classic plugins -------------------------------------------- */

/* The Classic plugins robots carry most: gazebo_ros_pkgs' gazebo_plugins
 * (gazebo_plugins/src/gazebo_ros_*.cpp, ROS 1 and ROS 2 branches),
 * gazebo_ros2_control and hector_gazebo_plugins, and a few of Gazebo
 * Classic's own (plugins/<Name>Plugin.cc).  Their replacements: the gz-sim
 * systems of the same job (the stems are gz_add_system's, as above, at
 * gz-sim8_8.14.0 and ignition-gazebo6_6.18.0; ApplyLinkWrench from
 * ignition-gazebo6_6.11.0, Elevator from 6.6.0), and gz_ros2_control
 * (ros-controls/gz_ros2_control: gz_ros2_control-system /
 * gz_ros2_control::GazeboSimROS2ControlPlugin, on its humble branch for
 * Fortress ign_ros2_control-system /
 * ign_ros2_control::IgnitionROS2ControlPlugin); ROS topics go through
 * ros_gz_bridge, as gazebosim.org's "Migrating ROS 2 packages that use
 * Gazebo Classic" describes.  Specific rows first: the first match wins. */
#define P(...) (const char *const[]){ __VA_ARGS__, NULL }

const struct gz_classic_plugin gz_classic_table[] = {
	{ P("gazebo_ros2_control"), NULL, NULL,
	  "gz_ros2_control: <plugin filename=\"gz_ros2_control-system\" "
	  "name=\"gz_ros2_control::GazeboSimROS2ControlPlugin\"> (Fortress: "
	  "ign_ros2_control-system, ign_ros2_control::IgnitionROS2ControlPlugin)", NULL },
	/* ROS 1's gazebo_ros_control (noetic gazebo_ros_control_plugin.cpp)
	 * reads <transmission>s and ROS 1 controller parameters: nothing of
	 * it carries over mechanically */
	{ P("gazebo_ros_control", "*_gazebo_ros_control"), NULL, NULL,
	  "this is ROS 1's ros_control, which has no gz-sim counterpart: port the robot "
	  "to ROS 2 first (<ros2_control> tags in place of <transmission>, the controllers' "
	  "YAML for ros2_controllers), then gz_ros2_control (gz_ros2_control-system, "
	  "Fortress: ign_ros2_control-system) loads it", NULL },
	{ P("gazebo_ros_diff_drive", "gazebo_ros_diffdrive", "gazebo_ros_skid_steer_drive",
	    "DiffDrivePlugin", "SkidSteerDrivePlugin"),
	  "diff-drive", "DiffDrive",
	  "the gz-sim DiffDrive system, with ros_gz_bridge for cmd_vel, odometry and tf", NULL },
	{ P("gazebo_ros_ackermann_drive"), "ackermann-steering", "AckermannSteering",
	  "the gz-sim AckermannSteering system, with ros_gz_bridge for cmd_vel and odometry", NULL },
	{ P("gazebo_ros_tricycle_drive"), NULL, NULL,
	  "no gz-sim system drives a tricycle: gz_ros2_control with ros2_controllers' "
	  "tricycle_controller", NULL },
	{ P("gazebo_ros_planar_move", "gazebo_ros_omni_3wd_drive"),
	  "velocity-control", "VelocityControl",
	  "the gz-sim VelocityControl system (cmd_vel on the model), with ros_gz_bridge; "
	  "OdometryPublisher for odometry", NULL },
	{ P("gazebo_ros_joint_state_publisher"), "joint-state-publisher", "JointStatePublisher",
	  "the gz-sim JointStatePublisher system, with ros_gz_bridge for joint_states", NULL },
	{ P("gazebo_ros_joint_pose_trajectory", "gazebo_ros_joint_trajectory",
	    "JointTrajectoryPlugin"),
	  "joint-trajectory-controller", "JointTrajectoryController",
	  "the gz-sim JointTrajectoryController system with ros_gz_bridge, or gz_ros2_control", NULL },
	{ P("gazebo_ros_p3d"), "odometry-publisher", "OdometryPublisher",
	  "the gz-sim OdometryPublisher system (ground-truth odometry; PosePublisher for "
	  "poses), with ros_gz_bridge", NULL },
	{ P("gazebo_ros_force"), "apply-link-wrench", "ApplyLinkWrench",
	  "the gz-sim ApplyLinkWrench system (Fortress from 6.11), with ros_gz_bridge", NULL },
	{ P("gazebo_ros_camera", "gazebo_ros_triggered_camera", "gazebo_ros_prosilica",
	    "gazebo_ros_video"),
	  "sensors", "Sensors",
	  "a camera sensor, which the Sensors system simulates, with ros_gz_bridge or "
	  "ros_gz_image for the images", NULL },
	{ P("gazebo_ros_depth_camera", "gazebo_ros_openni_kinect"), "sensors", "Sensors",
	  "a depth_camera or rgbd_camera sensor, which the Sensors system simulates, with "
	  "ros_gz_bridge for images and points", NULL },
	{ P("gazebo_ros_multicamera", "gazebo_ros_multi_camera",
	    "gazebo_ros_triggered_multicamera"),
	  "sensors", "Sensors",
	  "one camera sensor per camera, which the Sensors system simulates, with ros_gz_bridge", NULL },
	{ P("gazebo_ros_ray_sensor", "gazebo_ros_laser", "gazebo_ros_gpu_laser",
	    "gazebo_ros_block_laser", "gazebo_ros_range", "gazebo_ros_sonar"),
	  "sensors", "Sensors",
	  "a gpu_lidar sensor, which the Sensors system simulates, with ros_gz_bridge for "
	  "the scan or points", NULL },
	{ P("gazebo_ros_imu_sensor", "gazebo_ros_imu", "hector_gazebo_ros_imu"), "imu", "Imu",
	  "an imu sensor, which the Imu system simulates, with ros_gz_bridge", NULL },
	{ P("gazebo_ros_gps_sensor", "hector_gazebo_ros_gps"), "navsat", "NavSat",
	  "a navsat sensor, which the NavSat system simulates (the world needs "
	  "<spherical_coordinates>), with ros_gz_bridge", NULL },
	{ P("gazebo_ros_ft_sensor"), "forcetorque", "ForceTorque",
	  "a force_torque sensor, which the ForceTorque system simulates, with ros_gz_bridge", NULL },
	{ P("gazebo_ros_bumper"), "contact", "Contact",
	  "a contact sensor, which the Contact system simulates, with ros_gz_bridge", NULL },
	{ P("gazebo_ros_magnetometer_sensor", "hector_gazebo_ros_magnetic"),
	  "magnetometer", "Magnetometer",
	  "a magnetometer sensor, which the Magnetometer system simulates, with ros_gz_bridge", NULL },
	{ P("gazebo_ros_vacuum_gripper"), "detachable-joint", "DetachableJoint",
	  "the gz-sim DetachableJoint system, which attaches and detaches a link on command", NULL },
	{ P("gazebo_ros_wheel_slip"), "wheel-slip", "WheelSlip", "the gz-sim WheelSlip system", NULL },
	{ P("gazebo_ros_elevator", "ElevatorPlugin"), "elevator", "Elevator",
	  "the gz-sim Elevator system (Fortress from 6.6)", NULL },
	{ P("LiftDragPlugin"), "lift-drag", "LiftDrag", "the gz-sim LiftDrag system", NULL },
	{ P("BuoyancyPlugin"), "buoyancy", "Buoyancy",
	  "the gz-sim Buoyancy system, in the world", NULL },
	/* Mimic: gz-sim's Physics system (gz-sim8 src/systems/physics/Physics.cc)
	 * builds an <axis><mimic> only where the engine has the
	 * MimicConstraintJointFeature, and says "the chosen physics engine does
	 * not support mimic constraints" where not: of gz-physics' plugins only
	 * bullet-featherstone implements SetJointMimicConstraint
	 * (bullet-featherstone/src/JointFeatures.cc), not dartsim, the
	 * default.  Fortress (SDFormat 1.9) has no <mimic> at all. */
	{ P("gazebo_ros_mimic_joint", "*mimic_joint_plugin"), NULL, NULL,
	  "no plugin: the URDF <mimic> of the joint, which u2s writes as <axis><mimic>; "
	  "gz-sim 8 (Harmonic) and later enforce it only with the bullet-featherstone "
	  "engine (gz sim --physics-engine gz-physics-bullet-featherstone-plugin, or the "
	  "Physics system's <engine><filename>): DART, the default, ignores it and says so",
	  "nothing in Fortress: SDFormat 1.9 has no <mimic> (u2s leaves it out, U2S1106) and "
	  "no Fortress engine enforces one; drive the follower joint as well (gz_ros2_control "
	  "can command it with its leader), or write SDFormat 1.11 for gz-sim 8 (Harmonic) "
	  "and later with the bullet-featherstone engine" },
	/* F3D (gazebo_plugins/src/gazebo_ros_f3d.cpp: the force and torque on
	 * a link, as a WrenchStamped): no gz-sim system publishes a link's
	 * wrench; the ForceTorque system measures a joint's
	 * (src/systems/force_torque/ForceTorque.cc, a force_torque sensor in
	 * the joint), the Contact system contact forces. */
	{ P("gazebo_ros_f3d"), "forcetorque", "ForceTorque",
	  "no gz-sim system publishes the force on a link: a force_torque sensor in the "
	  "link's parent joint (the ForceTorque system) measures the wrench that joint "
	  "carries, which is the link's when it hangs by that joint alone, and a contact "
	  "sensor (the Contact system) the contact forces on a collision; with ros_gz_bridge "
	  "to publish them as a ROS wrench", NULL },
	{ P("gazebo_ros_init", "gazebo_ros_factory", "gazebo_ros_state", "gazebo_ros_api_plugin",
	    "gazebo_ros_paths_plugin", "gazebo_ros_properties"),
	  NULL, NULL,
	  "ros_gz_sim (its launch files and create) and ros_gz_bridge for /clock", NULL },
	/* Vendors' Gazebo Classic plugins that real robots carry (research
	 * migration.md 1.1: RotorS, Unitree, UUV Simulator, DRCSim,
	 * roboticsgroup, RealSense): built against Gazebo Classic, none loads
	 * in gz-sim.  gz-sim's systems named here: src/systems/
	 * multicopter_motor_model, multicopter_control, thruster,
	 * hydrodynamics, buoyancy (gz-sim8_8.14.0, ignition-gazebo6_6.18.0). */
	{ P("rotors_gazebo_*"), NULL, NULL,
	  "RotorS is Gazebo Classic only: gz-sim's MulticopterMotorModel and "
	  "MulticopterVelocityControl systems take its motors and controller, and imu, "
	  "navsat, magnetometer and air_pressure sensors its sensor plugins", NULL },
	{ P("unitree*"), NULL, NULL,
	  "Unitree's Classic plugins (foot contact, force drawing) have no gz-sim "
	  "counterpart: a contact sensor on each foot gives the foot contacts", NULL },
	{ P("uuv_*"), NULL, NULL,
	  "UUV Simulator is Gazebo Classic only: gz-sim's Thruster, Hydrodynamics and "
	  "Buoyancy systems take its thrusters and vehicle dynamics", NULL },
	{ P("LinkPlot3DPlugin"), NULL, NULL,
	  "a Classic plugin that drew a link's path: gz-sim's GUI has a Plot3D plugin, "
	  "set in the GUI's configuration, not in the model", NULL },
	{ P("MultiSenseSLPlugin", "AtlasPlugin", "DRCVehiclePlugin"), NULL, NULL,
	  "DRCSim's Classic plugins have no gz-sim counterpart: the sensors as gz-sim "
	  "sensors (gpu_lidar, camera), and gz_ros2_control for the joints", NULL },
	{ P("realsense_gazebo_plugin"), NULL, NULL,
	  "the RealSense Classic plugin: rgbd_camera and depth_camera sensors, which the "
	  "Sensors system simulates, with ros_gz_bridge", NULL },
	{ P("roboticsgroup_gazebo_disable_link_plugin", "roboticsgroup_upatras_gazebo_disable_link_plugin"),
	  NULL, NULL,
	  "no gz-sim plugin switches a link's physics off: fix the link to its parent "
	  "with a fixed joint, or leave it out of the description", NULL },
	{ P("gazebo_ros_*", "hector_gazebo_*"), NULL, NULL,
	  "the gz-sim system that does its job, where one does (gz-sim's src/systems), with "
	  "ros_gz_bridge for its ROS topics; u2s knows no closer replacement for this one", NULL },
};
const size_t gz_classic_count = sizeof gz_classic_table / sizeof gz_classic_table[0];

/* ---- camera settings ------------------------------------------------------- */

/* The children of <camera> in SDFormat's camera.sdf (1.9, 1.11 and 1.12
 * alike; its <pose> left out: a <sensor> has its own).  sensor.sdf holds
 * none of them, so under <sensor> each is an unknown element: libsdformat
 * 14 and 16 warn ("not defined in SDF. Copying[image] as children of
 * [sensor]"), 12 says nothing, and gz-sim reads none (sdf::Camera comes
 * from <camera> only). */
static const char *const camera_elements[] = {
	"box_type", "camera_info_topic", "clip", "depth_camera", "distortion",
	"horizontal_fov", "image", "lens", "noise", "optical_frame_id", "save",
	"segmentation_type", "trigger_topic", "triggered", "visibility_mask", NULL };

int gz_sensor_has_camera(const char *type)
{
	const struct gz_system *sys = gz_system_for_sensor(type);

	return type && ((sys && !strcmp(sys->klass, "Sensors") && strcmp(type, "gpu_lidar") &&
			 strcmp(type, "gpu_ray")) || !strcmp(type, "multicamera"));
}

int gz_camera_element(const char *name)
{
	for (const char *const *e = camera_elements; *e; e++)
		if (!strcmp(*e, name))
			return 1;
	return 0;
}

const struct gz_classic_plugin *gz_classic_plugin(const char *filename)
{
	char buf[128];
	const char *base;

	if (!filename || !(base = gz_plugin_base(filename, buf, sizeof buf)))
		return NULL;
	for (size_t i = 0; i < gz_classic_count; i++)
		for (const char *const *p = gz_classic_table[i].patterns; *p; p++)
			if (!fnmatch(*p, base, 0))
				return &gz_classic_table[i];
	return NULL;
}
