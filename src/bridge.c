/* bridge: the ros_gz_bridge configuration (see bridge.h). */
#include "bridge.h"

#include <stdio.h>
#include <string.h>

/* Each type on both sides, as ros_gz_bridge's README type table pairs
 * them (ros_gz ros2 a4d00a9, jazzy 739cb42, humble 5cc92f8); lazy for the
 * heavy ones (images, clouds), which are then made only when someone
 * subscribes. */
static const struct {
	const char *ros, *gz;
	int lazy;
} TYPES[BT_COUNT] = {
	[BT_CLOCK] = { "rosgraph_msgs/msg/Clock", "gz.msgs.Clock", 0 },
	[BT_IMU] = { "sensor_msgs/msg/Imu", "gz.msgs.IMU", 0 },
	[BT_LASER_SCAN] = { "sensor_msgs/msg/LaserScan", "gz.msgs.LaserScan", 0 },
	[BT_POINT_CLOUD2] = { "sensor_msgs/msg/PointCloud2", "gz.msgs.PointCloudPacked", 1 },
	[BT_IMAGE] = { "sensor_msgs/msg/Image", "gz.msgs.Image", 1 },
	[BT_CAMERA_INFO] = { "sensor_msgs/msg/CameraInfo", "gz.msgs.CameraInfo", 0 },
	[BT_NAVSAT] = { "sensor_msgs/msg/NavSatFix", "gz.msgs.NavSat", 0 },
	[BT_ODOMETRY] = { "nav_msgs/msg/Odometry", "gz.msgs.Odometry", 0 },
	[BT_TWIST] = { "geometry_msgs/msg/Twist", "gz.msgs.Twist", 0 },
	[BT_TF] = { "tf2_msgs/msg/TFMessage", "gz.msgs.Pose_V", 0 },
	[BT_JOINT_STATE] = { "sensor_msgs/msg/JointState", "gz.msgs.Model", 0 },
	[BT_WRENCH] = { "geometry_msgs/msg/WrenchStamped", "gz.msgs.Wrench", 0 },
	[BT_CONTACTS] = { "ros_gz_interfaces/msg/Contacts", "gz.msgs.Contacts", 0 },
};

void bridge_init(struct bridge *b, struct arena *a)
{
	memset(b, 0, sizeof *b);
	b->arena = a;
	b->seen = index_new_in(a);
	bridge_add(b, "/clock", "/clock", BT_CLOCK, BRIDGE_GZ_TO_ROS);
}

int bridge_add(struct bridge *b, const char *ros, const char *gz, enum bridge_type type,
	       enum bridge_dir dir)
{
	struct bridge_entry *e = ARENA_NEW(b->arena, struct bridge_entry);

	if (index_put(b->seen, ros, e))
		return -1;
	e->ros = ros;
	e->gz = gz;
	e->type = type;
	e->dir = dir;
	if (b->last)
		b->last->next = e;
	else
		b->first = e;
	b->last = e;
	return 0;
}

const char *bridge_ros_type(enum bridge_type type)
{
	return TYPES[type].ros;
}

/* S as a YAML double-quoted scalar: '"', '\' and every byte below 0x20
 * or 0x7F escaped, so that no name can end the line or the document. */
static void yaml_quoted(struct out *o, const char *s)
{
	char esc[8];

	out_char(o, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			out_char(o, '\\');
			out_char(o, (char)c);
		} else if (c < 0x20 || c == 0x7F) {
			snprintf(esc, sizeof esc, "\\x%02X", c);
			out_str(o, esc);
		} else {
			out_char(o, (char)c);
		}
	}
	out_char(o, '"');
}

static void entry_write(const struct bridge_entry *e, struct out *o)
{
	out_str(o, "- ros_topic_name: ");
	yaml_quoted(o, e->ros);
	out_str(o, "\n  gz_topic_name: ");
	yaml_quoted(o, e->gz);
	out_str(o, "\n  ros_type_name: ");
	yaml_quoted(o, TYPES[e->type].ros);
	out_str(o, "\n  gz_type_name: ");
	yaml_quoted(o, TYPES[e->type].gz);
	out_str(o, e->dir == BRIDGE_GZ_TO_ROS ? "\n  direction: GZ_TO_ROS\n" :
		   "\n  direction: ROS_TO_GZ\n");
	if (TYPES[e->type].lazy)
		out_str(o, "  lazy: true\n");
}

void bridge_write(const struct bridge *b, const char *source, struct out *o)
{
	const struct bridge_entry *e;

	out_str(o, "# ros_gz_bridge configuration (parameter_bridge --ros-args -p\n"
		   "# config_file:=THIS_FILE), written by u2s --migrate for ");
	/* a comment ends at the line's end: the name cannot be allowed one */
	for (; source && *source; source++)
		out_char(o, (unsigned char)*source < 0x20 ? '?' : *source);
	out_str(o, "\n");
	for (e = b->first; e; e = e->next)
		entry_write(e, o);
}
