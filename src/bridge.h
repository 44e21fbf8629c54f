/* bridge: the ros_gz_bridge configuration of a migrated robot.
 *
 * One entry per topic of the robot's ROS interface: its ROS name (as the
 * Classic plugin resolved it, src/rosname.h), the gz topic u2s wrote into
 * the SDF for it, both message types and the direction; /clock always
 * first, as gazebo_ros_init published it.  Written as the YAML list
 * ros_gz_bridge's config_file reads (ros_gz_bridge/src/bridge_config.cpp:
 * ros_topic_name, gz_topic_name, ros_type_name, gz_type_name, direction,
 * lazy), whose gz_* keys and gz.msgs.* types Humble's bridge reads as
 * well as Jazzy's.  Names are written absolute, so that the bridge node's
 * own namespace does not move them. */
#ifndef U2S_BRIDGE_H
#define U2S_BRIDGE_H

#include "arena.h"
#include "index.h"
#include "out.h"

enum bridge_dir { BRIDGE_GZ_TO_ROS, BRIDGE_ROS_TO_GZ };

/* A message type on both sides: the rows of bridge.c's table. */
enum bridge_type {
	BT_CLOCK, BT_IMU, BT_LASER_SCAN, BT_POINT_CLOUD2, BT_IMAGE, BT_CAMERA_INFO,
	BT_NAVSAT, BT_ODOMETRY, BT_TWIST, BT_TF, BT_JOINT_STATE, BT_WRENCH, BT_CONTACTS,
	BT_COUNT
};

struct bridge_entry {
	const char *ros, *gz;
	enum bridge_type type;
	enum bridge_dir dir;
	struct bridge_entry *next;
};

struct bridge {
	struct arena *arena;
	struct bridge_entry *first, *last;
	struct index *seen;   /* ROS name -> entry: each ROS topic once */
};

void bridge_init(struct bridge *b, struct arena *a);
/* Adds ROS <-> GZ of TYPE in DIR; 0, or -1 when ROS already has an
 * entry (the first one stays). */
int bridge_add(struct bridge *b, const char *ros, const char *gz, enum bridge_type type,
	       enum bridge_dir dir);
/* The ROS message type of TYPE ("sensor_msgs/msg/Imu"). */
const char *bridge_ros_type(enum bridge_type type);
/* The YAML, for the input named SOURCE (a comment). */
void bridge_write(const struct bridge *b, const char *source, struct out *o);

#endif
