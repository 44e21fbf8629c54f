/* Unit tests of src/gzsim.c: the world systems, sensor types and Gazebo
 * Classic plugins gz-sim needs, and their lookups. */
#include <criterion/criterion.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gzsim.h"

static const struct gz_system *sys_id(const char *id)
{
	for (size_t i = 0; i < gz_system_count; i++)
		if (!strcmp(gz_system_table[i].id, id))
			return &gz_system_table[i];
	cr_assert_fail("no system row %s", id);
	return NULL;
}

/* ---- The system table -------------------------------------------------- */

Test(gz_system, always_on_first_in_order)
{
	static const char *const always[] = { "physics", "user_commands", "scene_broadcaster" };
	size_t n = sizeof always / sizeof always[0];

	for (size_t i = 0; i < gz_system_count; i++) {
		const struct gz_system *s = &gz_system_table[i];

		if (i < n) {
			cr_assert_str_eq(s->id, always[i]);
			cr_assert(s->always, "%s", s->id);
			cr_assert_null(s->sensor_types[0], "%s", s->id);
		} else {
			int custom = 0;
			for (size_t k = 0; k < gz_custom_count; k++)
				custom |= !strcmp(gz_custom_table[k].system, s->id);
			cr_assert(!s->always, "%s is always on", s->id);
			cr_assert(s->sensor_types[0] || custom, "%s simulates no sensor", s->id);
		}
	}
}

/* ---- gz_custom_sensor -------------------------------------------------- */

/* gz-sim 8 and later simulate custom sensors of gz:type dvl and
 * environmental_sensor/FIELD (their systems DopplerVelocityLogSystem and
 * EnvironmentalSystem); Fortress has neither; other gz:types none. */
Test(gz_custom_sensor, dvl_and_environmental)
{
	const struct gz_custom_sensor *c = gz_custom_sensor("dvl");
	const struct gz_system *s;

	cr_assert_not_null(c);
	s = gz_system_by_id(c->system);
	cr_assert_not_null(s);
	cr_assert_str_eq(s->file[GZ_SIM], "gz-sim-dvl-system");
	cr_assert_str_eq(s->name[GZ_SIM], "gz::sim::systems::DopplerVelocityLogSystem");
	cr_assert_null(s->file[GZ_FORTRESS]);
	cr_assert(c->rendering);
	cr_assert(c->info.simulated[GZ_SIM] && !c->info.simulated[GZ_FORTRESS]);
	c = gz_custom_sensor("environmental_sensor/humidity");
	cr_assert_not_null(c);
	s = gz_system_by_id(c->system);
	cr_assert_str_eq(s->file[GZ_SIM], "gz-sim-environmental-sensor-system");
	cr_assert_str_eq(s->name[GZ_SIM], "gz::sim::systems::EnvironmentalSystem");
	cr_assert(c->info.simulated[GZ_SIM] && !c->info.simulated[GZ_FORTRESS]);
	cr_assert_null(gz_custom_sensor("environmental_sensor/"));
	cr_assert_null(gz_custom_sensor("dvl2"));
	cr_assert_null(gz_custom_sensor("sonar"));
	cr_assert_null(gz_custom_sensor(NULL));
	for (size_t k = 0; k < gz_custom_count; k++)
		cr_assert_not_null(gz_custom_table[k].info.suggestion);
}

/* The file and class names follow the one pattern gz_add_system and the
 * plugin aliases give them. */
Test(gz_system, names_per_generation)
{
	static const char *const fp[GZ_GENERATIONS] = { "ignition-gazebo-", "gz-sim-" };
	static const char *const np[GZ_GENERATIONS] = { "ignition::gazebo::systems::",
		"gz::sim::systems::" };

	for (size_t i = 0; i < gz_system_count; i++) {
		const struct gz_system *s = &gz_system_table[i];

		for (int g = 0; g < GZ_GENERATIONS; g++) {
			char want[128];

			if (!s->file[g]) {
				cr_assert_null(s->name[g], "%s", s->id);
				continue;
			}
			snprintf(want, sizeof want, "%s%s-system", fp[g], s->stem);
			cr_assert_str_eq(s->file[g], want);
			snprintf(want, sizeof want, "%s%s", np[g], s->klass);
			cr_assert_str_eq(s->name[g], want);
		}
		cr_assert_not_null(s->file[GZ_SIM], "%s: not in gz-sim", s->id);
	}
}

Test(gz_system, known_names)
{
	const struct gz_system *s = sys_id("force_torque");

	cr_assert_str_eq(s->file[GZ_FORTRESS], "ignition-gazebo-forcetorque-system");
	cr_assert_str_eq(s->name[GZ_FORTRESS], "ignition::gazebo::systems::ForceTorque");
	cr_assert_str_eq(s->file[GZ_SIM], "gz-sim-forcetorque-system");
	cr_assert_str_eq(s->name[GZ_SIM], "gz::sim::systems::ForceTorque");
	s = sys_id("scene_broadcaster");
	cr_assert_str_eq(s->file[GZ_SIM], "gz-sim-scene-broadcaster-system");
	cr_assert_str_eq(s->name[GZ_SIM], "gz::sim::systems::SceneBroadcaster");
	s = sys_id("air_pressure");
	cr_assert_str_eq(s->file[GZ_FORTRESS], "ignition-gazebo-air-pressure-system");
	s = sys_id("air_speed");
	cr_assert_null(s->file[GZ_FORTRESS]);
	cr_assert_str_eq(s->file[GZ_SIM], "gz-sim-air-speed-system");
	cr_assert_str_eq(s->name[GZ_SIM], "gz::sim::systems::AirSpeed");
}

Test(gz_system, world_elements)
{
	for (size_t i = 0; i < gz_system_count; i++) {
		const struct gz_system *s = &gz_system_table[i];

		if (!strcmp(s->id, "sensors")) {
			cr_assert_str_eq(s->plugin_elem, "render_engine");
			cr_assert_str_eq(s->plugin_value, "ogre2");
		} else {
			cr_assert_null(s->plugin_elem, "%s", s->id);
			cr_assert_null(s->plugin_value, "%s", s->id);
		}
		if (!strcmp(s->id, "navsat")) {
			cr_assert_str_eq(s->world_elem, "spherical_coordinates");
			cr_assert_str_eq(s->fortress_since, "6.4.0");
		} else {
			cr_assert_null(s->world_elem, "%s", s->id);
		}
	}
}

Test(gz_system, ids_and_types_unique)
{
	for (size_t i = 0; i < gz_system_count; i++)
		for (size_t j = i + 1; j < gz_system_count; j++) {
			cr_assert_str_neq(gz_system_table[i].id, gz_system_table[j].id);
			cr_assert_str_neq(gz_system_table[i].stem, gz_system_table[j].stem);
			cr_assert_str_neq(gz_system_table[i].klass, gz_system_table[j].klass);
		}
	/* A type in two rows would make gz_system_for_sensor take the first. */
	for (size_t i = 0; i < gz_system_count; i++)
		for (const char *const *t = gz_system_table[i].sensor_types; *t; t++)
			cr_assert_eq(gz_system_for_sensor(*t), &gz_system_table[i], "%s", *t);
}

/* ---- gz_system_for_sensor ---------------------------------------------- */

Test(gz_system_for_sensor, every_kind)
{
	static const struct { const char *type, *id; } rows[] = {
		{ "camera", "sensors" }, { "depth_camera", "sensors" }, { "depth", "sensors" },
		{ "rgbd_camera", "sensors" }, { "rgbd", "sensors" },
		{ "thermal_camera", "sensors" }, { "thermal", "sensors" },
		{ "segmentation_camera", "sensors" }, { "segmentation", "sensors" },
		{ "boundingbox_camera", "sensors" }, { "boundingbox", "sensors" },
		{ "wide_angle_camera", "sensors" }, { "gpu_lidar", "sensors" },
		{ "gpu_ray", "sensors" }, { "imu", "imu" }, { "contact", "contact" },
		{ "force_torque", "force_torque" }, { "navsat", "navsat" }, { "gps", "navsat" },
		{ "magnetometer", "magnetometer" }, { "altimeter", "altimeter" },
		{ "air_pressure", "air_pressure" }, { "air_speed", "air_speed" },
		{ "logical_camera", "logical_camera" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gz_system *s = gz_system_for_sensor(rows[i].type);

		cr_assert_not_null(s, "%s", rows[i].type);
		cr_assert_str_eq(s->id, rows[i].id, "%s", rows[i].type);
	}
}

Test(gz_system_for_sensor, none)
{
	static const char *const types[] = { "ray", "lidar", "multicamera", "sonar", "custom",
		"rfid", "rfidtag", "wireless_receiver", "wireless_transmitter", "", "Camera",
		"camera ", "imu_sensor" };

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		cr_assert_null(gz_system_for_sensor(types[i]), "%s", types[i]);
	cr_assert_null(gz_system_for_sensor(NULL));
}

/* ---- gz_world_system_named --------------------------------------------- */

static void named(const char *file, const char *name, const struct gz_system *want)
{
	const struct gz_system *got = gz_world_system_named(file, name);

	cr_assert_eq(got, want, "(%s, %s) gave %s, want %s", file, name ? name : "NULL",
	             got ? got->id : "NULL", want ? want->id : "NULL");
}

/* Every spelling of every system's file, with every spelling of its
 * name. */
Test(gz_world_system_named, every_spelling)
{
	static const char *const prefixes[] = { "gz-sim", "gz-sim8", "gz-sim10",
		"ignition-gazebo", "ignition-gazebo6" };
	static const char *const forms[] = { "%s", "lib%s.so", "lib%s", "%s.so", "lib%s.dylib",
		"%s.dll", "/usr/lib/x86_64-linux-gnu/gz-sim-8/plugins/lib%s.so",
		"/opt/ros/humble/lib/%s" };
	static const char *const names[] = { "gz::sim::systems::%s",
		"ignition::gazebo::systems::%s", "ignition::gazebo::v6::systems::%s",
		"gz::sim::v8::systems::%s" };

	for (size_t i = 0; i < gz_system_count; i++) {
		const struct gz_system *s = &gz_system_table[i];

		for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
			char base[96];

			snprintf(base, sizeof base, "%s-%s-system", prefixes[p], s->stem);
			for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
				char file[192];

				snprintf(file, sizeof file, forms[f], base);
				named(file, NULL, s);
				named(file, "", s);
				for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
					char name[96];

					snprintf(name, sizeof name, names[n], s->klass);
					named(file, name, s);
				}
				/* Another class in the same file: not this system. */
				named(file, "gz::sim::systems::DiffDrive", NULL);
				named(file, s->klass, NULL);
			}
		}
		/* The table's own spellings. */
		for (int g = 0; g < GZ_GENERATIONS; g++)
			if (s->file[g])
				named(s->file[g], s->name[g], s);
		/* gz-sim10's static plugins. */
		for (size_t n = 0; n < 2; n++) {
			char file[128], name[96];

			snprintf(file, sizeof file, "static://%s", s->name[GZ_SIM] + 0);
			named(file, NULL, s);
			snprintf(name, sizeof name, names[n], s->klass);
			named(file, name, s);
		}
	}
}

Test(gz_world_system_named, not_world_systems)
{
	const struct gz_system *imu = sys_id("imu");

	named("gz-sim-diff-drive-system", NULL, NULL);
	named("libignition-gazebo-joint-state-publisher-system.so", NULL, NULL);
	named("gz-sim-imu", NULL, NULL);
	named("imu-system", NULL, NULL);
	named("gz-simimu-system", NULL, NULL);
	named("gz-sim--imu-system", NULL, NULL);
	named("gz-sim8imu-system", NULL, NULL);
	named("gz-sim-imu-system.so.8", NULL, NULL);
	named("gz-sim-Imu-system", NULL, NULL);
	named("libgazebo_ros_imu_sensor.so", NULL, NULL);
	named("gz-sim-imu-system", "Imu", NULL);
	named("gz-sim-imu-system", "gz::sim::Imu", NULL);
	named("gz-sim-imu-system", "gz::sim::systems::Imu2", NULL);
	named("gz-sim-imu-system", "gz::sim::vx::systems::Imu", NULL);
	named("gz-sim-imu-system", "my::gz::sim::systems::Imu", NULL);
	named("my_imu_plugin", "gz::sim::systems::Imu", NULL);
	named("static://gz::sim::systems::DiffDrive", NULL, NULL);
	named("static://Imu", NULL, NULL);
	named("static://gz::sim::systems::Imu", "gz::sim::systems::Contact", NULL);
	named("", NULL, NULL);
	named(NULL, "gz::sim::systems::Imu", NULL);
	/* Too long for the lookup's buffer: not a system file. */
	char longname[400];

	memset(longname, 'x', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	named(longname, NULL, NULL);
	/* And the plain ones. */
	named("gz-sim-imu-system", NULL, imu);
	named("libgz-sim-imu-system.so", "gz::sim::systems::Imu", imu);
	named("ignition-gazebo-imu-system", "ignition::gazebo::systems::Imu", imu);
}

/* ---- gz_sensor_type ---------------------------------------------------- */

/* The sensor types an SDFormat version's sensor.sdf lists in its
 * <attribute name="type"> description, into TYPES (N at most); their
 * count. */
static size_t spec_types(const char *version, char types[][32], size_t n)
{
	const char *srcdir = getenv("U2S_SRCDIR");
	char path[1024], *buf, *p;
	size_t count = 0, len;
	FILE *f;
	long size;

	snprintf(path, sizeof path, "%s/tests/spec/sdf-schema/%s/sensor.sdf",
	         srcdir ? srcdir : ".", version);
	f = fopen(path, "r");
	cr_assert_not_null(f, "cannot open %s", path);
	cr_assert_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	cr_assert_gt(size, 0);
	rewind(f);
	buf = malloc((size_t)size + 1);
	cr_assert_not_null(buf);
	len = fread(buf, 1, (size_t)size, f);
	buf[len] = '\0';
	fclose(f);
	p = strstr(buf, "supports types");
	cr_assert_not_null(p, "%s: no type list", path);
	p += strlen("supports types");
	/* Words up to the sentence's end. */
	while (*p && *p != '.') {
		const char *w;

		while (*p && *p != '.' && !islower((unsigned char)*p))
			p++;
		w = p;
		while (islower((unsigned char)*p) || *p == '_')
			p++;
		if (p == w || (p - w == 3 && !strncmp(w, "and", 3)))
			continue;
		cr_assert_lt(count, n);
		cr_assert_lt((size_t)(p - w), sizeof types[0]);
		memcpy(types[count], w, (size_t)(p - w));
		types[count][p - w] = '\0';
		count++;
	}
	free(buf);
	return count;
}

static void every_spec_type_has_a_row(const char *version, size_t at_least)
{
	char types[64][32];
	size_t n = spec_types(version, types, 64);

	cr_assert_geq(n, at_least, "%s: %zu types", version, n);
	for (size_t i = 0; i < n; i++)
		cr_assert_not_null(gz_sensor_type(types[i]), "%s: no row for type %s", version,
		                   types[i]);
}

Test(gz_sensor_type, every_type_of_sdformat_1_12)
{
	every_spec_type_has_a_row("1.12", 32);
}

Test(gz_sensor_type, every_type_of_sdformat_1_11)
{
	every_spec_type_has_a_row("1.11", 32);
}

Test(gz_sensor_type, every_type_of_sdformat_1_9)
{
	every_spec_type_has_a_row("1.9", 31);
}

/* The test's reading of the list, checked once by hand. */
Test(gz_sensor_type, spec_list_read)
{
	char types[64][32];
	size_t n = spec_types("1.12", types, 64);

	cr_assert_eq(n, 32);
	cr_assert_str_eq(types[0], "air_pressure");
	cr_assert_str_eq(types[1], "air_speed");
	cr_assert_str_eq(types[n - 1], "wireless_transmitter");
}

/* The two tables agree: a type is simulated in some generation exactly
 * when a system simulates it, and in Fortress only when Fortress has that
 * system; what is not simulated says what to do. */
Test(gz_sensor_type, agrees_with_systems)
{
	for (size_t i = 0; i < gz_sensor_count; i++) {
		const struct gz_sensor_info *t = &gz_sensor_table[i];
		const struct gz_system *s = gz_system_for_sensor(t->type);
		const struct gz_sensor_info *c = gz_sensor_type(t->canonical);

		cr_assert_eq(gz_sensor_type(t->type), t, "%s: two rows", t->type);
		cr_assert_not_null(c, "%s: canonical %s has no row", t->type, t->canonical);
		cr_assert_eq(gz_system_for_sensor(t->canonical), s, "%s", t->type);
		cr_assert_eq(memcmp(c->simulated, t->simulated, sizeof t->simulated), 0, "%s",
		             t->type);
		cr_assert_eq(!!s, t->simulated[GZ_FORTRESS] || t->simulated[GZ_SIM], "%s",
		             t->type);
		if (t->simulated[GZ_FORTRESS])
			cr_assert_not_null(s->file[GZ_FORTRESS], "%s", t->type);
		if (s && !s->file[GZ_FORTRESS])
			cr_assert(!t->simulated[GZ_FORTRESS], "%s", t->type);
		if (!t->simulated[GZ_FORTRESS] || !t->simulated[GZ_SIM])
			cr_assert_not_null(t->suggestion, "%s: no suggestion", t->type);
		if (s && s->world_elem)
			cr_assert_not_null(strstr(t->suggestion, s->world_elem), "%s", t->type);
	}
}

Test(gz_sensor_type, diagnostics)
{
	const struct gz_sensor_info *t;

	t = gz_sensor_type("ray");
	cr_assert_not_null(t);
	cr_assert(!t->simulated[GZ_FORTRESS] && !t->simulated[GZ_SIM]);
	cr_assert_str_eq(t->canonical, "lidar");
	cr_assert_not_null(strstr(t->suggestion, "gpu_lidar"));
	t = gz_sensor_type("lidar");
	cr_assert_not_null(strstr(t->suggestion, "gpu_lidar"));
	t = gz_sensor_type("multicamera");
	cr_assert(!t->simulated[GZ_SIM]);
	cr_assert_not_null(strstr(t->suggestion, "camera"));
	t = gz_sensor_type("gpu_ray");
	cr_assert(t->simulated[GZ_FORTRESS] && t->simulated[GZ_SIM]);
	cr_assert_str_eq(t->canonical, "gpu_lidar");
	t = gz_sensor_type("gps");
	cr_assert_str_eq(t->canonical, "navsat");
	cr_assert_str_eq(t->fortress_since, "6.4.0");
	t = gz_sensor_type("wide_angle_camera");
	cr_assert(!t->simulated[GZ_FORTRESS] && t->simulated[GZ_SIM]);
	t = gz_sensor_type("air_speed");
	cr_assert(!t->simulated[GZ_FORTRESS] && t->simulated[GZ_SIM]);
	t = gz_sensor_type("boundingbox");
	cr_assert_str_eq(t->canonical, "boundingbox_camera");
	cr_assert_str_eq(t->fortress_since, "6.10.0");
	cr_assert_null(gz_sensor_type("laser"));
	cr_assert_null(gz_sensor_type(""));
	cr_assert_null(gz_sensor_type(NULL));
}

/* ---- gz_classic_plugin ------------------------------------------------- */

static const struct gz_classic_plugin *classic(const char *file, const char *stem,
                                               const char *text)
{
	const struct gz_classic_plugin *c = gz_classic_plugin(file);

	cr_assert_not_null(c, "%s: not recognised", file);
	if (stem)
		cr_assert(c->stem && !strcmp(c->stem, stem), "%s: stem %s, want %s", file,
		          c->stem ? c->stem : "NULL", stem);
	else
		cr_assert_null(c->stem, "%s: stem %s", file, c->stem);
	cr_assert_not_null(strstr(c->replacement, text), "%s: \"%s\" lacks \"%s\"", file,
	                   c->replacement, text);
	return c;
}

Test(gz_classic_plugin, common_replacements)
{
	classic("libgazebo_ros_diff_drive.so", "diff-drive", "DiffDrive");
	classic("libgazebo_ros_diff_drive.so", "diff-drive", "ros_gz_bridge");
	classic("libgazebo_ros_skid_steer_drive.so", "diff-drive", "DiffDrive");
	classic("libgazebo_ros_joint_state_publisher.so", "joint-state-publisher",
	        "JointStatePublisher");
	classic("libgazebo_ros_camera.so", "sensors", "Sensors");
	classic("libgazebo_ros_depth_camera.so", "sensors", "depth_camera");
	classic("libgazebo_ros_imu_sensor.so", "imu", "Imu");
	classic("libgazebo_ros_ray_sensor.so", "sensors", "gpu_lidar");
	classic("libgazebo_ros_gpu_laser.so", "sensors", "gpu_lidar");
	classic("libgazebo_ros_laser.so", "sensors", "gpu_lidar");
	classic("libgazebo_ros2_control.so", NULL, "gz_ros2_control-system");
	classic("libgazebo_ros2_control.so", NULL, "ign_ros2_control");
	classic("libgazebo_ros_control.so", NULL, "gz_ros2_control");
	classic("libgazebo_ros_p3d.so", "odometry-publisher", "OdometryPublisher");
	classic("libgazebo_ros_p3d.so", "odometry-publisher", "PosePublisher");
	classic("libgazebo_ros_planar_move.so", "velocity-control", "VelocityControl");
	classic("libgazebo_ros_ackermann_drive.so", "ackermann-steering", "AckermannSteering");
	classic("libgazebo_ros_gps_sensor.so", "navsat", "spherical_coordinates");
	classic("libhector_gazebo_ros_gps.so", "navsat", "NavSat");
	classic("libgazebo_ros_ft_sensor.so", "forcetorque", "ForceTorque");
	classic("libgazebo_ros_bumper.so", "contact", "Contact");
	classic("libgazebo_ros_vacuum_gripper.so", "detachable-joint", "DetachableJoint");
	classic("libgazebo_ros_force.so", "apply-link-wrench", "ApplyLinkWrench");
	classic("libgazebo_ros_multicamera.so", "sensors", "one camera sensor per camera");
	classic("libroboticsgroup_upatras_gazebo_mimic_joint_plugin.so", NULL, "<mimic>");
	classic("libgazebo_ros_init.so", NULL, "ros_gz_sim");
	classic("libDiffDrivePlugin.so", "diff-drive", "DiffDrive");
	classic("libLiftDragPlugin.so", "lift-drag", "LiftDrag");
}

Test(gz_classic_plugin, spellings_and_fallback)
{
	const struct gz_classic_plugin *dd = gz_classic_plugin("libgazebo_ros_diff_drive.so");

	cr_assert_eq(gz_classic_plugin("gazebo_ros_diff_drive"), dd);
	cr_assert_eq(gz_classic_plugin("libgazebo_ros_diff_drive"), dd);
	cr_assert_eq(gz_classic_plugin("/opt/ros/humble/lib/libgazebo_ros_diff_drive.so"), dd);
	/* Any other gazebo_ros_ plugin: the general row, last. */
	classic("libgazebo_ros_hand_of_god.so", NULL, "no closer replacement");
	classic("libgazebo_ros_projector.so", NULL, "gz-sim system that does its job");
	classic("libhector_gazebo_ros_sonar.so", NULL, "ros_gz_bridge");
	/* the message says "a Gazebo Classic plugin" already: the row does not */
	cr_assert_null(strstr(gz_classic_table[gz_classic_count - 1].replacement, "Classic"));
	cr_assert_eq(gz_classic_plugin("libgazebo_ros_hand_of_god.so"),
	             &gz_classic_table[gz_classic_count - 1]);
}

Test(gz_classic_plugin, not_classic)
{
	static const char *const files[] = { "gz-sim-diff-drive-system",
		"libgz-sim-imu-system.so", "ignition-gazebo-sensors-system",
		"gz_ros2_control-system", "libgz_ros2_control-system.so",
		"ign_ros2_control-system", "libmy_plugin.so", "", "gazebo_ros" };

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		cr_assert_null(gz_classic_plugin(files[i]), "%s", files[i]);
	cr_assert_null(gz_classic_plugin(NULL));
}

/* The mimic plugins: what replaces them depends on the target.  gz-sim 8
 * and later enforce <mimic> with bullet-featherstone only; Fortress has no
 * <mimic> at all. */
Test(gz_classic_plugin, mimic_by_target)
{
	const struct gz_classic_plugin *c =
		classic("libroboticsgroup_upatras_gazebo_mimic_joint_plugin.so", NULL, "<mimic>");

	cr_assert_eq(gz_classic_plugin("libgazebo_ros_mimic_joint.so"), c);
	cr_assert(strstr(c->replacement, "bullet-featherstone"), "%s", c->replacement);
	cr_assert(strstr(c->replacement, "DART"), "%s", c->replacement);
	cr_assert_not_null(c->replacement_fortress);
	cr_assert(strstr(c->replacement_fortress, "SDFormat 1.9 has no <mimic>"), "%s",
		  c->replacement_fortress);
	for (size_t i = 0; i < gz_classic_count; i++)   /* the one row that differs */
		cr_assert(!gz_classic_table[i].replacement_fortress || &gz_classic_table[i] == c);
}

/* F3D: its own row, which says gz-sim has no such publisher and what comes
 * closest, not the general row. */
Test(gz_classic_plugin, f3d_names_what_comes_closest)
{
	const struct gz_classic_plugin *c =
		classic("libgazebo_ros_f3d.so", "forcetorque", "force_torque sensor");

	cr_assert_neq(c, &gz_classic_table[gz_classic_count - 1]);
	cr_assert(strstr(c->replacement, "no gz-sim system publishes the force on a link"));
	cr_assert(strstr(c->replacement, "Contact"));
}

Test(gz_camera, settings_and_types)
{
	static const char *const in_camera[] = { "image", "clip", "horizontal_fov", "save",
		"depth_camera", "distortion", "lens", "noise", "triggered", "visibility_mask" };
	static const char *const not_camera[] = { "pose", "update_rate", "topic", "camera",
		"always_on", "lidar", "" };

	for (size_t i = 0; i < sizeof in_camera / sizeof in_camera[0]; i++)
		cr_assert(gz_camera_element(in_camera[i]), "%s", in_camera[i]);
	for (size_t i = 0; i < sizeof not_camera / sizeof not_camera[0]; i++)
		cr_assert(!gz_camera_element(not_camera[i]), "%s", not_camera[i]);
	cr_assert(gz_sensor_has_camera("camera"));
	cr_assert(gz_sensor_has_camera("depth"));
	cr_assert(gz_sensor_has_camera("rgbd_camera"));
	cr_assert(gz_sensor_has_camera("wide_angle_camera"));
	cr_assert(gz_sensor_has_camera("multicamera"));
	cr_assert(!gz_sensor_has_camera("gpu_lidar"));
	cr_assert(!gz_sensor_has_camera("imu"));
	cr_assert(!gz_sensor_has_camera("logical_camera"));
	cr_assert(!gz_sensor_has_camera(NULL));
}

/* Every pattern of a row is reached: no earlier row hides it. */
Test(gz_classic_plugin, no_row_hidden)
{
	for (size_t i = 0; i < gz_classic_count; i++)
		for (const char *const *p = gz_classic_table[i].patterns; *p; p++) {
			char file[128];

			if (strchr(*p, '*'))
				continue;
			snprintf(file, sizeof file, "lib%s.so", *p);
			cr_assert_eq(gz_classic_plugin(file), &gz_classic_table[i], "%s", file);
		}
}
