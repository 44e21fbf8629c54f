/* gzsim: what gz-sim needs to run a converted model, as constant tables.
 *
 * Three tables, one row per thing, read from gz-sim's own sources (the
 * file and tag of each fact are named beside the rows in gzsim.c):
 *
 *   gz_system_table   the world systems: the three every world lists
 *                     (Physics, UserCommands, SceneBroadcaster) and one per
 *                     kind of sensor, each with its plugin file and class
 *                     name per Gazebo generation, the element its <plugin>
 *                     holds, the world element it needs and the sensor
 *                     types it simulates; in the order they are written.
 *   gz_sensor_table   every SDFormat sensor type: whether gz-sim simulates
 *                     it, per generation, and what to do instead.
 *   gz_classic_table  Gazebo Classic plugin files gz-sim does not load,
 *                     and what replaces them.
 *
 * No state: the lookups read the tables only, and are safe from any
 * thread.  The tables are small (about 13, 35 and 45 rows); lookups are
 * linear. */
#ifndef U2S_GZSIM_H
#define U2S_GZSIM_H

#include <stddef.h>

/* The Gazebo a target SDFormat version is for: 1.9 is Fortress
 * (ignition-gazebo 6.x, names ignition-gazebo-*-system and
 * ignition::gazebo::systems::*); 1.11 and 1.12 are gz-sim 8 (Harmonic) and
 * later (gz-sim-*-system, gz::sim::systems::*). */
enum gz_generation { GZ_FORTRESS, GZ_SIM, GZ_GENERATIONS };

struct gz_system {
	const char *id;        /* short, lower case: "sensors", "air_speed" */
	/* The middle of the file name, gz-sim-<stem>-system (the first
	 * argument of gz_add_system in src/systems/<dir>/CMakeLists.txt). */
	const char *stem;
	const char *klass;     /* the class: "Sensors", "AirSpeed" */
	/* <plugin filename=... name=...> per generation; NULL where that
	 * generation has no such system (AirSpeed in Fortress). */
	const char *file[GZ_GENERATIONS];
	const char *name[GZ_GENERATIONS];
	/* The first Fortress release that has it when not 6.0.0. */
	const char *fortress_since;
	int always;            /* listed in every world */
	/* One child element of the <plugin>, or NULL: <render_engine>ogre2
	 * for Sensors. */
	const char *plugin_elem, *plugin_value;
	/* The world element it needs, or NULL: "spherical_coordinates". */
	const char *world_elem;
	/* The sensor types it simulates, NULL-terminated (empty for the
	 * always-on ones). */
	const char *const *sensor_types;
};

extern const struct gz_system gz_system_table[];
extern const size_t gz_system_count;

/* The system that simulates sensors of TYPE (any spelling SDFormat
 * accepts: "depth" and "depth_camera", "gps" and "navsat"), or NULL when
 * no gz-sim system does (ray, multicamera, sonar, custom ...).  Whether
 * a given generation simulates it: gz_sensor_type(TYPE)->simulated. */
const struct gz_system *gz_system_for_sensor(const char *type);
/* The row whose id is ID, or NULL. */
const struct gz_system *gz_system_by_id(const char *id);

/* The world system a <plugin filename=FILENAME name=NAME> loads, in any
 * of its spellings: with or without a directory, "lib" and ".so" (or
 * .dylib, .dll), gz-sim or ignition-gazebo with or without a version
 * number (gz-sim8-imu-system), "static://<class>"; NAME as
 * gz::sim::systems::X or ignition::gazebo::systems::X (with or without an
 * inline version namespace, ignition::gazebo::v6::systems::X), or NULL or
 * "" (gz-sim then takes the library's only plugin).  NULL when FILENAME is
 * none of the table's files, or NAME is another class. */
const struct gz_system *gz_world_system_named(const char *filename, const char *name);

struct gz_sensor_info {
	const char *type;      /* as written in <sensor type=...> */
	const char *canonical; /* the preferred spelling: "gpu_lidar" for "gpu_ray" */
	int simulated[GZ_GENERATIONS];
	const char *fortress_since;  /* when simulated from a later 6.x only */
	/* What to do when not simulated, or a note when it is (the systems
	 * the objects it sees need); NULL when there is nothing to say. */
	const char *suggestion;
};

extern const struct gz_sensor_info gz_sensor_table[];
extern const size_t gz_sensor_count;

/* The row of sensor type TYPE, or NULL when SDFormat has no such type. */
const struct gz_sensor_info *gz_sensor_type(const char *type);

/* A <sensor type='custom'> that a gz-sim system simulates, by its
 * gz:type attribute. */
struct gz_custom_sensor {
	const char *gz_type;   /* the gz:type, or its start when PREFIX */
	int prefix;
	const char *system;    /* the id of its gz_system_table row */
	int rendering;         /* it renders: the Sensors system is needed too */
	struct gz_sensor_info info;   /* for the messages, as gz_sensor_type's */
};

extern const struct gz_custom_sensor gz_custom_table[];
extern const size_t gz_custom_count;

/* The row of a custom sensor of gz:type GZ_TYPE, or NULL when no gz-sim
 * system simulates it (a plugin of the user's own must). */
const struct gz_custom_sensor *gz_custom_sensor(const char *gz_type);

struct gz_classic_plugin {
	/* fnmatch(3) patterns over the file name without directory, "lib"
	 * and ".so" ("gazebo_ros_diff_drive", "gazebo_ros_*"),
	 * NULL-terminated. */
	const char *const *patterns;
	/* The gz-sim system that replaces it, if one does (stem and class as
	 * in struct gz_system: the file is gz-sim-<stem>-system, or
	 * ignition-gazebo-<stem>-system for Fortress), else NULL. */
	const char *stem, *klass;
	const char *replacement;  /* one sentence, for a message */
	/* The sentence for Fortress (SDFormat 1.9) when what replaces it
	 * there differs; NULL: REPLACEMENT. */
	const char *replacement_fortress;
};

extern const struct gz_classic_plugin gz_classic_table[];
extern const size_t gz_classic_count;

/* FILENAME without directory, "lib" and the shared-library suffix (.so,
 * .dylib, .dll), copied into BUF (of N bytes): what the tables' patterns
 * match; NULL when it does not fit. */
const char *gz_plugin_base(const char *filename, char *buf, size_t n);

/* The row of a Gazebo Classic plugin file that gz-sim will not load
 * (libgazebo_ros_diff_drive.so, libgazebo_ros2_control.so ...), the most
 * specific first; NULL when FILENAME is not one of them. */
const struct gz_classic_plugin *gz_classic_plugin(const char *filename);

/* Whether a sensor of TYPE keeps its settings in a <camera> element (the
 * camera types the Sensors system simulates, and multicamera). */
int gz_sensor_has_camera(const char *type);

/* Whether NAME is an element SDFormat reads only inside <camera> (image,
 * clip, horizontal_fov ...): written straight under a camera's <sensor>
 * it is an unknown element, which gz-sim does not read. */
int gz_camera_element(const char *name);

#endif
