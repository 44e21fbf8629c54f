/* rosname: the ROS 2 names a Gazebo Classic ROS 2 plugin's node used.
 *
 * gazebo_ros::Node::Get (gazebo_ros_pkgs, ros2 branch, gazebo_ros/src/
 * node.cpp) makes the plugin's node: named by the plugin's name attribute,
 * in the namespace <ros><namespace> (a '/' put in front when missing; "/"
 * when absent), with each <ros><remapping>FROM:=TO</remapping> given to
 * rcl as "-r FROM:=TO".  A topic the plugin creates by a relative or
 * private name is then expanded and remapped the way rcl does:
 *
 *   ~/x -> NS/NODE/x      x -> NS/x      /x -> /x
 *
 * and the first rule whose expanded FROM equals the expanded topic gives
 * its expanded TO ("NODE:FROM:=TO" applies to node NODE only; "__ns:=" and
 * "__node:=" change the namespace and the node's name).  What the plugin
 * never read (a <remap> element) does nothing here either. */
#ifndef U2S_ROSNAME_H
#define U2S_ROSNAME_H

#include "arena.h"

struct ros_remap { const char *node, *from, *to; };

struct ros_node {
	const char *ns;            /* "/" or "/a/b": absolute, no trailing '/' */
	const char *name;          /* the node's name */
	struct ros_remap *remaps;  /* in the order given */
	unsigned nremaps, cap;
};

/* N named NAME in namespace NS (NULL or "": "/"), without remappings. */
void ros_node_init(struct arena *a, struct ros_node *n, const char *name, const char *ns);

/* Adds the remapping RULE ("FROM:=TO", "NODE:FROM:=TO", "__ns:=/x",
 * "__node:=x"); 0, or -1 when RULE is no remapping (nothing added). */
int ros_node_remap(struct arena *a, struct ros_node *n, const char *rule);

/* TOPIC expanded to an absolute name in N (no remapping). */
const char *ros_expand(struct arena *a, const struct ros_node *n, const char *topic);

/* TOPIC as the node N used it: expanded, then remapped. */
const char *ros_resolve(struct arena *a, const struct ros_node *n, const char *topic);

/* ROS 1 (roscpp, as the noetic Classic plugins used it): TOPIC advertised
 * on a ros::NodeHandle made with namespace NS (NULL or "": the gzserver
 * node's, "/"; a relative NS is under "/").  A relative TOPIC goes under
 * NS, an absolute one stays; ros::names::clean then drops repeated and
 * trailing '/'.  NULL when roscpp advertised nothing: an empty TOPIC, or
 * a private "~x" (a NodeHandle refuses those).  A ROS 1 robot migrated
 * this way keeps its topic names in ROS 2. */
const char *ros1_resolve(struct arena *a, const char *ns, const char *topic);

/* A tf frame id as ROS 2 can use it: tf2 rejects ids that start with '/'
 * (noetic's tf::resolve strips it too, when no tf_prefix is set). */
const char *tf_frame_id(const char *frame);

/* Whether NAME is a valid absolute ROS 2 topic name: '/' then tokens of
 * letters, digits and '_', not starting with a digit, joined by single
 * '/', no '/' at the end. */
int ros_name_valid(const char *name);

#endif
