/* migrate: Gazebo Classic -> gz-sim (see migrate.h).
 *
 * The Classic side is gazebo_ros_pkgs' ros2 branch (d52f7c4,
 * gazebo_plugins/src/gazebo_ros_*.cpp, gazebo_ros/src/node.cpp and
 * utils.cpp) and gazebo_ros2_control; the gz side gz-sim (ignition-gazebo6
 * 6.18 for Fortress, gz-sim8 8.14 for Harmonic), gz-sensors (6.8, 8.2) and
 * gz_ros2_control (humble, jazzy).  ../shared/research/migration.md in
 * the project's shared folder has the line numbers of every fact used. */
#include "migrate.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "num.h"
#include "rosname.h"

/* ---- one plugin's arguments --------------------------------------------- */

/* A parameter of a Classic plugin: its name, unit and default (as the
 * plugin's source gives them; NULL: none). */
struct mig_param {
	const char *name, *unit, *dflt;
};

#define MIG_PARAMS_MAX 24

/* What a migration function works with. */
struct mig {
	struct robot *rb;
	struct diag *d;
	const struct options *opts;
	const struct sdf_target *t;
	struct arena *a;
	struct migration *m;
	const struct mig_row *row;
	struct xnode *plugin;       /* the Classic <plugin> */
	struct xnode *sensor;       /* its <sensor>, for sensor plugins */
	const struct link *link;    /* the link written that holds the sensor */
	const char *file, *name;    /* the plugin's attributes */
	struct ros_node node;
	/* The first element of each of the row's parameters, or NULL. */
	const struct xnode *arg[MIG_PARAMS_MAX];
};

typedef int mig_fn(struct mig *g);

enum mig_place { IN_SENSOR, IN_MODEL };

/* A Classic plugin: the files it is loaded from (fnmatch patterns over the
 * name without directory, "lib" and ".so"), where it sits, what it
 * becomes, the parameters its ROS 2 version reads, the tags only its ROS 1
 * version read (in a ROS 2 plugin they never had an effect), and the
 * function that writes the replacement (0: done; -1: left in place). */
struct mig_row {
	const char *const *files;
	enum mig_place place;
	const char *becomes;
	const struct mig_param *params;
	const char *const *ros1;
	mig_fn *fn;
};

static const char *text_of(struct mig *g, const struct xnode *n)
{
	return n ? xnode_trimmed(g->a, n->text) : NULL;
}

static int param_index(const struct mig_row *row, const char *name)
{
	for (int i = 0; row->params[i].name; i++)
		if (strcmp(row->params[i].name, name) == 0)
			return i;
	return -1;
}

static int listed(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (strcmp(*list, name) == 0)
			return 1;
	return 0;
}

/* The parameter NAME's text, or its default. */
static const char *arg(struct mig *g, const char *name)
{
	int i = param_index(g->row, name);

	if (i < 0)
		return NULL;
	return g->arg[i] ? text_of(g, g->arg[i]) : g->row->params[i].dflt;
}

/* Whether NAME was written in the plugin. */
static int given(struct mig *g, const char *name)
{
	int i = param_index(g->row, name);

	return i >= 0 && g->arg[i] != NULL;
}

static const struct xnode *arg_node(struct mig *g, const char *name)
{
	int i = param_index(g->row, name);

	return i >= 0 ? g->arg[i] : NULL;
}

static double arg_num(struct mig *g, const char *name)
{
	const char *s = arg(g, name);
	const struct xnode *n = arg_node(g, name);
	int i = param_index(g->row, name);
	double v = 0;

	if (s && num_parse(s, &v) == 0)
		return v;
	if (n)
		diag_warn(g->d, D_MIGRATE_PARAM_BAD, n->pos.line, n->pos.col, "<%s> '%s' of plugin "
			  "'%s' is not a number: Classic's default %s is used", name, s ? s : "",
			  g->name, g->row->params[i].dflt ? g->row->params[i].dflt : "0");
	if (i >= 0 && g->row->params[i].dflt)
		num_parse(g->row->params[i].dflt, &v);
	return v;
}

/* SDFormat's reading of a bool, as the Classic plugin's sdf::Element::Get
 * (libsdformat 9: "true" or "1", any case, else false). */
static int arg_bool(struct mig *g, const char *name)
{
	const char *s = arg(g, name);

	return s && (strcasecmp(s, "true") == 0 || strcmp(s, "1") == 0);
}

/* An <argument> of <ros>: each is one argv element given to rclcpp before
 * the "--ros-args -r ..." gazebo_ros adds, so a rule counts only after an
 * element "--ros-args" and a "-r" or "--remap" element; *STATE carries
 * that (0 outside ROS arguments, 1 inside, 2 after -r). */
static void read_argument(struct mig *g, const struct xnode *c, int *state)
{
	const char *t = text_of(g, c);

	if (strcmp(t, "--ros-args") == 0)
		*state = 1;
	else if (*state == 1 && (strcmp(t, "-r") == 0 || strcmp(t, "--remap") == 0))
		*state = 2;
	else if (*state == 2 && ros_node_remap(g->a, &g->node, t) == 0)
		*state = 1;
	else
		diag_warn(g->d, D_MIGRATE_ARGUMENT_IGNORED, c->pos.line, c->pos.col, "<argument> "
			  "'%s' of plugin '%s': rclcpp reads a remapping only after the arguments "
			  "--ros-args and -r, each its own <argument>; Classic ignored this one, "
			  "and so does the migration", t, g->name);
}

/* The node's namespace and remappings from <ros>. */
static void read_ros(struct mig *g, const struct xnode *ros)
{
	const struct xnode *c;
	int state = 0;

	for (c = ros->first; c; c = c->next)
		if (strcmp(c->name, "namespace") == 0)
			ros_node_init(g->a, &g->node, g->name, text_of(g, c));
	for (c = ros->first; c; c = c->next)
		if (strcmp(c->name, "argument") == 0)
			read_argument(g, c, &state);
	for (c = ros->first; c; c = c->next)
		if (strcmp(c->name, "remapping") == 0 &&
		    ros_node_remap(g->a, &g->node, c->text ? c->text : "") != 0)
			diag_warn(g->d, D_MIGRATE_REMAP_BAD, c->pos.line, c->pos.col, "<remapping> "
				  "'%s' of plugin '%s' is no FROM:=TO rule: rcl refused it, and "
				  "it is left out", text_of(g, c), g->name);
}

/* What a child of the plugin that is none of its parameters was. */
static void ignored_tag(struct mig *g, const struct xnode *c)
{
	const char *why = listed(g->row->ros1, c->name) ?
		"a tag of the ROS 1 plugin, which the ROS 2 plugin never read" :
		strcmp(c->name, "remap") == 0 ? "gazebo_ros reads <ros><remapping>, never <remap>" :
		"not a parameter the plugin reads";

	diag_warn(g->d, D_MIGRATE_TAG_IGNORED, c->pos.line, c->pos.col, "<%s> in plugin '%s' "
		  "(%s): %s, so it had no effect in Gazebo Classic; migrated as Classic behaved "
		  "(without it)", c->name, g->name, g->file, why);
}

/* The plugin's children into G->arg (the first of each wins, as
 * sdf::Element::Get reads the first), <ros> into G->node. */
static void read_args(struct mig *g)
{
	const struct xnode *c;

	memset(g->arg, 0, sizeof g->arg);
	ros_node_init(g->a, &g->node, g->name, NULL);
	for (c = g->plugin->first; c; c = c->next) {
		int i = param_index(g->row, c->name);
		if (strcmp(c->name, "ros") == 0)
			read_ros(g, c);
		else if (i >= 0 && !g->arg[i])
			g->arg[i] = c;
		else if (i < 0)
			ignored_tag(g, c);
	}
}

/* ---- writing ------------------------------------------------------------- */

static struct xnode *add(struct mig *g, struct xnode *parent, const char *name, const char *text)
{
	return xnode_add(parent, arena_strdup(g->a, name), text ? arena_strdup(g->a, text) : NULL);
}

static struct xnode *add_num(struct mig *g, struct xnode *parent, const char *name, double v)
{
	char buf[NUM_BUFSZ];

	num_format(v, buf);
	return add(g, parent, name, buf);
}

/* A new <plugin> for system STEM/CLASS of the target's generation. */
static struct xnode *new_system(struct mig *g, const char *stem, const char *klass)
{
	struct xnode *p = xnode_new(g->a, "plugin");
	int fortress = g->t->gz == GZ_FORTRESS;

	xnode_set_attr(p, "filename", arena_cat3(g->a, fortress ? "ignition-gazebo-" : "gz-sim-",
						 strlen(fortress ? "ignition-gazebo-" : "gz-sim-"),
						 stem, "-system"));
	xnode_set_attr(p, "name", arena_cat3(g->a, fortress ? "ignition::gazebo::systems::" :
					     "gz::sim::systems::",
					     strlen(fortress ? "ignition::gazebo::systems::" :
						    "gz::sim::systems::"), klass, ""));
	p->pos = g->plugin->pos;
	return p;
}

/* NEW in the place of OLD among its siblings (OLD stays where it is when
 * NEW is NULL). */
static void put_before(struct xnode *old, struct xnode *new)
{
	struct xnode *p = old->parent;

	new->parent = p;
	new->prev = old->prev;
	new->next = old;
	if (old->prev)
		old->prev->next = new;
	else
		p->first = new;
	old->prev = new;
	new->seq = ++p->arena->xnode_seq;
	p->kids = NULL;   /* its index by name is rebuilt when next needed */
}

static void drop(struct xnode *n)
{
	struct xnode *p = n->parent;

	xnode_unlink(n);
	if (p)
		p->kids = NULL;
}

/* Renames element N (its parent's index by name is dropped). */
static void rename_node(struct mig *g, struct xnode *n, const char *name)
{
	n->name = arena_strdup(g->a, name);
	n->nlen = strlen(name);
	if (n->parent)
		n->parent->kids = NULL;
}

/* Every child NAME of PARENT removed, in one pass. */
static void drop_all(struct xnode *parent, const char *name)
{
	struct xnode *c, *next;

	for (c = parent->first; c; c = next) {
		next = c->next;
		if (strcmp(c->name, name) == 0)
			xnode_unlink(c);
	}
	parent->kids = NULL;
}

/* The sensor's <topic> and frame id (the element the target reads). */
static void sensor_topic_frame(struct mig *g, const char *topic, const char *frame)
{
	drop_all(g->sensor, "topic");
	add(g, g->sensor, "topic", topic);
	drop_all(g->sensor, g->t->sensor_frame_elem);
	add(g, g->sensor, g->t->sensor_frame_elem, frame);
}

/* The frame the Classic plugin stamped its messages with: <frame_name>, or
 * the sensor's parent link as Gazebo Classic had it (after its lumping:
 * the link the sensor is written in). */
static const char *frame_of(struct mig *g)
{
	const char *f = arg(g, "frame_name");

	return f && *f ? f : g->link->name;
}

static const char *resolved(struct mig *g, const char *topic)
{
	return ros_resolve(g->a, &g->node, topic);
}

/* Adds ROS <-> GZ to the bridge; a name ROS cannot have is said instead. */
static void bridge(struct mig *g, const char *ros, const char *gz, enum bridge_type type,
		   enum bridge_dir dir)
{
	char buf[DIAG_EXCERPT + 4];

	if (!ros_name_valid(ros)) {
		diag_warn(g->d, D_MIGRATE_NAME_INVALID, g->plugin->pos.line, g->plugin->pos.col,
			  "plugin '%s': its topic '%s' is no valid ROS name, so Classic could not "
			  "have made it; not bridged", g->name, diag_excerpt(buf, ros));
		return;
	}
	bridge_add(&g->m->bridge, ros, gz, type, dir);
}

static void migrated(struct mig *g, const char *what)
{
	diag_note(g->d, D_MIGRATED, g->plugin->pos.line, g->plugin->pos.col, "plugin '%s' (%s) "
		  "migrated: %s", g->name, g->file, what);
}

static void approx(struct mig *g, const struct xnode *at, const char *fmt, const char *s)
{
	char text[512];

	snprintf(text, sizeof text, fmt, s);
	at = at ? at : g->plugin;
	diag_warn(g->d, D_MIGRATE_APPROX, at->pos.line, at->pos.col, "plugin '%s' (%s), "
		  "migrated with an approximation: %s", g->name, g->file, text);
}

/* ---- sensors ------------------------------------------------------------- */

static int mig_imu(struct mig *g)
{
	const char *topic = resolved(g, "~/out");
	struct xnode *imu, *ref;

	sensor_topic_frame(g, topic, frame_of(g));
	if (!arg_bool(g, "initial_orientation_as_reference")) {
		/* REP 145, as Classic: gz-sim's default is the initial orientation */
		imu = xnode_need(g->sensor, "imu");
		ref = xnode_need(imu, "orientation_reference_frame");
		drop_all(ref, "localization");
		add(g, ref, "localization", "ENU");
	}
	bridge(g, topic, topic, BT_IMU, BRIDGE_GZ_TO_ROS);
	migrated(g, "an imu sensor publishing on its <topic>, world-referenced unless "
		 "initial_orientation_as_reference");
	return 0;
}

static void ray_to_lidar(struct mig *g)
{
	struct xnode *ray = xnode_child(g->sensor, "ray");

	xnode_set_attr(g->sensor, "type", "gpu_lidar");
	if (ray && !xnode_child(g->sensor, "lidar"))
		rename_node(g, ray, "lidar");
}

static int mig_ray(struct mig *g)
{
	const char *type = arg(g, "output_type"), *topic;

	if (strstr(type, "Range"))
		return -1;
	topic = resolved(g, "~/out");
	ray_to_lidar(g);
	sensor_topic_frame(g, topic, frame_of(g));
	if (strstr(type, "LaserScan")) {
		bridge(g, topic, topic, BT_LASER_SCAN, BRIDGE_GZ_TO_ROS);
		migrated(g, "a gpu_lidar sensor, its LaserScan on <topic>");
		return 0;
	}
	bridge(g, topic, arena_cat3(g->a, topic, strlen(topic), "/points", ""), BT_POINT_CLOUD2,
	       BRIDGE_GZ_TO_ROS);
	if (strstr(type, "PointCloud2") || !strstr(type, "PointCloud"))
		migrated(g, "a gpu_lidar sensor, its PointCloud2 on <topic>/points");
	else
		approx(g, arg_node(g, "output_type"), "%s", "output_type sensor_msgs/PointCloud "
		       "has no gz-sim equivalent: the cloud is bridged as PointCloud2");
	if (given(g, "min_intensity"))
		approx(g, arg_node(g, "min_intensity"), "%s", "min_intensity has no gz-sim "
		       "equivalent: left out");
	return 0;
}

static int mig_gps(struct mig *g)
{
	const char *topic = resolved(g, "~/out");
	struct xnode *gps = xnode_child(g->sensor, "gps");

	xnode_set_attr(g->sensor, "type", "navsat");
	if (gps && !xnode_child(g->sensor, "navsat"))
		rename_node(g, gps, "navsat");
	sensor_topic_frame(g, topic, frame_of(g));
	bridge(g, topic, topic, BT_NAVSAT, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "%s", "its velocity (geometry_msgs/Vector3Stamped on ~/vel) has no "
	       "ros_gz_bridge type and is not published; the fix is (NavSat needs the world's "
	       "<spherical_coordinates>, which --world writes)");
	return 0;
}

/* The camera's image and info topics; for a depth sensor, the rgbd
 * camera's topics and bridge entries. */
static int mig_camera(struct mig *g)
{
	const char *cam = arg(g, "camera_name");
	const char *type = xnode_attr(g->sensor, "type");
	const char *base, *image, *info;
	struct xnode *camera = xnode_child(g->sensor, "camera");
	static const char *const info_only[] = { "cx", "cy", "focal_length", "hack_baseline",
		"distortion_k1", "distortion_k2", "distortion_k3", "distortion_t1", "distortion_t2",
		"border_crop", NULL };

	if (!cam || !*cam)
		cam = xnode_attr(g->sensor, "name");
	if (!cam || !camera || (type && strcmp(type, "camera") && strcmp(type, "depth") &&
				strcmp(type, "depth_camera")))
		return -1;
	base = ros_expand(g->a, &g->node, cam);
	image = resolved(g, arena_cat3(g->a, cam, strlen(cam), "/image_raw", ""));
	info = resolved(g, arena_cat3(g->a, cam, strlen(cam), "/camera_info", ""));
	for (const char *const *p = info_only; *p; p++) {
		double v = given(g, *p) ? arg_num(g, *p) : 0;
		if (v != 0)
			approx(g, arg_node(g, *p), "<%s> changed only the CameraInfo message in "
			       "Classic (gz-sim computes it from the image): left out", *p);
	}
	if (type && strcmp(type, "camera") != 0) {
		const char *depth = resolved(g, arena_cat3(g->a, cam, strlen(cam), "/depth/image_raw", ""));
		const char *dinfo = resolved(g, arena_cat3(g->a, cam, strlen(cam), "/depth/camera_info", ""));
		const char *points = resolved(g, arena_cat3(g->a, cam, strlen(cam), "/points", ""));
		xnode_set_attr(g->sensor, "type", "rgbd_camera");
		sensor_topic_frame(g, base, frame_of(g));
		bridge(g, image, arena_cat3(g->a, base, strlen(base), "/image", ""), BT_IMAGE,
		       BRIDGE_GZ_TO_ROS);
		bridge(g, info, arena_cat3(g->a, base, strlen(base), "/camera_info", ""),
		       BT_CAMERA_INFO, BRIDGE_GZ_TO_ROS);
		bridge(g, depth, arena_cat3(g->a, base, strlen(base), "/depth_image", ""), BT_IMAGE,
		       BRIDGE_GZ_TO_ROS);
		bridge(g, dinfo, arena_cat3(g->a, base, strlen(base), "/camera_info", ""),
		       BT_CAMERA_INFO, BRIDGE_GZ_TO_ROS);
		bridge(g, points, arena_cat3(g->a, base, strlen(base), "/points", ""),
		       BT_POINT_CLOUD2, BRIDGE_GZ_TO_ROS);
		approx(g, NULL, "%s", "a depth sensor with a ROS camera becomes an rgbd_camera; its "
		       "point cloud has x forward (gz-sensors) where Classic's had the optical axes "
		       "(z forward), under the same frame id (gz-sensors#29)");
		return 0;
	}
	sensor_topic_frame(g, image, frame_of(g));
	xnode_replace(camera, "camera_info_topic", info);
	bridge(g, image, image, BT_IMAGE, BRIDGE_GZ_TO_ROS);
	bridge(g, info, info, BT_CAMERA_INFO, BRIDGE_GZ_TO_ROS);
	migrated(g, "a camera sensor, its image on <topic> and its info on <camera_info_topic>");
	return 0;
}

static int mig_bumper(struct mig *g)
{
	const char *topic = resolved(g, "bumper_states");
	struct xnode *contact = xnode_child(g->sensor, "contact");

	if (!contact)
		return -1;
	xnode_replace(contact, "topic", topic);
	bridge(g, topic, topic, BT_CONTACTS, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "%s", "the contact sensor publishes on <contact><topic>, bridged as "
	       "ros_gz_interfaces/msg/Contacts: gazebo_msgs/msg/ContactsState has no "
	       "ros_gz_bridge type, so subscribers must change type");
	return 0;
}

/* ---- model systems ------------------------------------------------------ */

/* The replacement systems in the Classic plugin's place; the plugin goes. */
static void replace_plugin(struct mig *g, struct xnode *a, struct xnode *b)
{
	put_before(g->plugin, a);
	if (b)
		put_before(g->plugin, b);
	drop(g->plugin);
}

static void odometry_publisher(struct mig *g, struct xnode *p, const char *topic,
			       const char *frame, const char *base, double rate, int dims)
{
	add(g, p, "odom_frame", frame);
	add(g, p, "robot_base_frame", base);
	add(g, p, "odom_topic", topic);
	add_num(g, p, "odom_publish_frequency", rate);
	add_num(g, p, "dimensions", dims);
}

/* Values given more than once (a diff drive's per-pair geometry): whether
 * they all equal the first. */
static int all_same(struct mig *g, const char *name)
{
	const struct xnode *c;
	const char *first = arg(g, name);

	for (c = g->plugin->first; c; c = c->next)
		if (strcmp(c->name, name) == 0 && strcmp(text_of(g, c), first) != 0)
			return 0;
	return 1;
}

static void copy_repeated(struct mig *g, struct xnode *to, const char *name)
{
	const struct xnode *c;

	for (c = g->plugin->first; c; c = c->next)
		if (strcmp(c->name, name) == 0)
			add(g, to, name, text_of(g, c));
}

static void diff_drive_limits(struct mig *g, struct xnode *dd, double sep)
{
	double acc = arg_num(g, "max_wheel_acceleration");

	if (acc > 0) {
		/* Classic's limit is at the rim, m/s^2 (the wheel speed it ramps
		 * is omega * d / 2): the same number, not times the radius */
		add_num(g, dd, "max_linear_acceleration", acc);
		add_num(g, dd, "min_linear_acceleration", -acc);
		if (sep > 0) {
			add_num(g, dd, "max_angular_acceleration", 2 * acc / sep);
			add_num(g, dd, "min_angular_acceleration", -2 * acc / sep);
			approx(g, arg_node(g, "max_wheel_acceleration"), "%s", "Classic limited "
			       "each wheel's rim acceleration; gz-sim limits the linear and the "
			       "yaw acceleration: the yaw limit is 2a/separation");
		}
	}
	if (given(g, "max_wheel_torque"))
		approx(g, arg_node(g, "max_wheel_torque"), "%s", "max_wheel_torque has no DiffDrive "
		       "parameter: gz-sim drives the wheels within their joints' <limit effort>");
}

static void diff_drive_warnings(struct mig *g)
{
	static const char *const covariances[] = { "covariance_x", "covariance_y",
		"covariance_yaw", NULL };

	if (!all_same(g, "wheel_separation") || !all_same(g, "wheel_diameter"))
		approx(g, NULL, "%s", "the wheel pairs differ in separation or diameter: "
		       "DiffDrive takes one of each, the first pair's");
	if (arg_bool(g, "publish_wheel_tf"))
		approx(g, arg_node(g, "publish_wheel_tf"), "%s", "publish_wheel_tf has no "
		       "equivalent: the wheels' tf comes from robot_state_publisher with the "
		       "joint states (JointStatePublisher)");
	for (const char *const *c = covariances; *c; c++)
		if (given(g, *c))
			approx(g, arg_node(g, *c), "<%s> has no equivalent: left out", *c);
}

static int mig_diff_drive(struct mig *g)
{
	struct xnode *dd = new_system(g, "diff-drive", "DiffDrive"), *odom = NULL;
	const char *cmd = resolved(g, "cmd_vel"), *odom_topic = resolved(g, "odom");
	double sep = arg_num(g, "wheel_separation"), rate = arg_num(g, "update_rate");
	int world = arg_num(g, "odometry_source") != 0, publish = arg_bool(g, "publish_odom");

	copy_repeated(g, dd, "left_joint");
	copy_repeated(g, dd, "right_joint");
	add_num(g, dd, "wheel_separation", sep);
	add_num(g, dd, "wheel_radius", arg_num(g, "wheel_diameter") / 2);
	diff_drive_limits(g, dd, sep);
	add(g, dd, "topic", cmd);
	add(g, dd, "frame_id", arg(g, "odometry_frame"));
	add(g, dd, "child_frame_id", arg(g, "robot_base_frame"));
	if (world) {   /* Classic's default: ground truth, which OdometryPublisher gives */
		odom = new_system(g, "odometry-publisher", "OdometryPublisher");
		odometry_publisher(g, odom, odom_topic, arg(g, "odometry_frame"),
				   arg(g, "robot_base_frame"), rate, 3);
	} else {
		add(g, dd, "odom_topic", odom_topic);
		add_num(g, dd, "odom_publish_frequency", rate);
	}
	if (arg_bool(g, "publish_odom_tf")) {
		const char *tf = resolved(g, "/tf");
		add(g, odom ? odom : dd, "tf_topic", tf);
		bridge(g, tf, tf, BT_TF, BRIDGE_GZ_TO_ROS);
	}
	diff_drive_warnings(g);
	replace_plugin(g, dd, odom);
	bridge(g, cmd, cmd, BT_TWIST, BRIDGE_ROS_TO_GZ);
	if (publish)
		bridge(g, odom_topic, odom_topic, BT_ODOMETRY, BRIDGE_GZ_TO_ROS);
	migrated(g, world ? "DiffDrive for cmd_vel, OdometryPublisher for Classic's ground-truth "
		 "odometry" : "DiffDrive for cmd_vel and its encoder odometry");
	return 0;
}

static int mig_joint_states(struct mig *g)
{
	struct xnode *p = new_system(g, "joint-state-publisher", "JointStatePublisher");
	const char *topic = resolved(g, "joint_states");

	copy_repeated(g, p, "joint_name");
	add(g, p, "topic", topic);
	add_num(g, p, "update_rate", arg_num(g, "update_rate"));
	replace_plugin(g, p, NULL);
	bridge(g, topic, topic, BT_JOINT_STATE, BRIDGE_GZ_TO_ROS);
	migrated(g, "JointStatePublisher on the same topic (update_rate is read from gz-sim 8.14; "
		 "older releases publish every step)");
	return 0;
}

/* The model's canonical link: the first link written. */
static const struct link *canonical_link(const struct robot *rb)
{
	for (unsigned i = 0; i < rb->norder; i++)
		if (rb->order[i]->fate == LINK_WRITTEN)
			return rb->order[i];
	return NULL;
}

static int mig_p3d(struct mig *g)
{
	const char *body = arg(g, "body_name"), *frame = arg(g, "frame_name");
	const struct link *l = body ? index_get(g->rb->link_index, body) : NULL;
	const char *topic = resolved(g, "odom");
	double rate = arg_num(g, "update_rate");
	struct xnode *p;

	/* OdometryPublisher reports the model's frame: the body must be the
	 * canonical link, or lumped into it */
	if (!l || l->owner != canonical_link(g->rb) || (strcmp(frame, "world") &&
							 strcmp(frame, "map")))
		return -1;
	p = new_system(g, "odometry-publisher", "OdometryPublisher");
	odometry_publisher(g, p, topic, frame, body, rate > 0 ? rate : 1000, 3);
	if (!pose_is_identity(l->to_owner))
		approx(g, arg_node(g, "body_name"), "the body '%s' is lumped into the canonical "
		       "link; OdometryPublisher reports the canonical link's pose", body);
	if ((given(g, "xyz_offset") || given(g, "rpy_offset")))
		approx(g, NULL, "%s", "xyz_offset/rpy_offset are left out: gz-sim's offsets "
		       "compose in the body frame where Classic's were in world axes");
	if (given(g, "gaussian_noise"))
		add(g, p, "gaussian_noise", arg(g, "gaussian_noise"));
	replace_plugin(g, p, NULL);
	bridge(g, topic, topic, BT_ODOMETRY, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "%s", "the odometry's twist is in the body frame (gz-sim), where "
	       "Classic's p3d gave it in world axes");
	return 0;
}

static int mig_planar_move(struct mig *g)
{
	struct xnode *vc = new_system(g, "velocity-control", "VelocityControl");
	struct xnode *odom = new_system(g, "odometry-publisher", "OdometryPublisher");
	const char *cmd = resolved(g, "cmd_vel"), *topic = resolved(g, "odom");

	add(g, vc, "topic", cmd);
	odometry_publisher(g, odom, topic, arg(g, "odometry_frame"), arg(g, "robot_base_frame"),
			   arg_num(g, "publish_rate"), 2);
	if (arg_bool(g, "publish_odom_tf")) {
		const char *tf = resolved(g, "/tf");
		add(g, odom, "tf_topic", tf);
		bridge(g, tf, tf, BT_TF, BRIDGE_GZ_TO_ROS);
	}
	replace_plugin(g, vc, odom);
	bridge(g, cmd, cmd, BT_TWIST, BRIDGE_ROS_TO_GZ);
	if (arg_bool(g, "publish_odom"))
		bridge(g, topic, topic, BT_ODOMETRY, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "%s", "VelocityControl applies cmd_vel in the body frame, Classic's "
	       "planar_move in the yaw-rotated world frame: the same on level ground, not on "
	       "a slope");
	return 0;
}

static int mig_ros2_control(struct mig *g)
{
	int fortress = g->t->gz == GZ_FORTRESS;

	xnode_set_attr(g->plugin, "filename", fortress ? "ign_ros2_control-system" :
		       "gz_ros2_control-system");
	xnode_set_attr(g->plugin, "name", fortress ? "ign_ros2_control::IgnitionROS2ControlPlugin" :
		       "gz_ros2_control::GazeboSimROS2ControlPlugin");
	if (!fortress && (given(g, "robot_param") || given(g, "robot_param_node")))
		approx(g, arg_node(g, given(g, "robot_param") ? "robot_param" : "robot_param_node"),
		       "%s", "gz_ros2_control from Jazzy reads the robot_description topic, not "
		       "robot_param/robot_param_node: remap robot_description in <ros>");
	migrated(g, fortress ? "ign_ros2_control (Humble); its <ros2_control> hardware plugin "
		 "is ign_ros2_control/IgnitionSystem (--output-format=urdf writes it)" :
		 "gz_ros2_control (Jazzy and later); its <ros2_control> hardware plugin is "
		 "gz_ros2_control/GazeboSimSystem (--output-format=urdf writes it)");
	return 0;
}

/* ---- the table ------------------------------------------------------------ */

#define NAMES(...) (const char *const[]){ __VA_ARGS__, NULL }
#define PARAMS(...) (const struct mig_param[]){ __VA_ARGS__, { NULL, NULL, NULL } }

/* Every sensor plugin reads these (gazebo_ros/src/utils.cpp SensorFrameID). */
#define SENSOR_FRAME { "frame_name", "", NULL }

static const struct mig_row CLASSIC_ROWS[] = {
	/* gazebo_ros_imu_sensor.cpp:75-102 */
	{ NAMES("gazebo_ros_imu_sensor"), IN_SENSOR, "imu sensor (Imu system)",
	  PARAMS(SENSOR_FRAME, { "initial_orientation_as_reference", "", "false" }),
	  NAMES("topicName", "bodyName", "frameName", "updateRateHZ", "gaussianNoise",
		"xyzOffset", "rpyOffset", "initialOrientationAsReference", "serviceName",
		"robotNamespace", "alwaysOn", "updateRate"),
	  mig_imu },
	/* gazebo_ros_ray_sensor.cpp:110-166 */
	{ NAMES("gazebo_ros_ray_sensor"), IN_SENSOR, "gpu_lidar sensor (Sensors system)",
	  PARAMS(SENSOR_FRAME, { "output_type", "", "sensor_msgs/PointCloud2" },
		 { "min_intensity", "", "0" }, { "radiation_type", "", "infrared" }),
	  NAMES("topicName", "frameName", "gaussianNoise", "updateRate", "hokuyoMinIntensity",
		"robotNamespace", "alwaysOn"),
	  mig_ray },
	/* gazebo_ros_gps_sensor.cpp:79-89 */
	{ NAMES("gazebo_ros_gps_sensor"), IN_SENSOR, "navsat sensor (NavSat system)",
	  PARAMS(SENSOR_FRAME),
	  NAMES("topicName", "frameName", "updateRate", "robotNamespace", "alwaysOn"),
	  mig_gps },
	/* gazebo_ros_camera.cpp:170-478 */
	{ NAMES("gazebo_ros_camera"), IN_SENSOR, "camera or rgbd_camera sensor (Sensors system)",
	  PARAMS(SENSOR_FRAME, { "camera_name", "", NULL }, { "triggered", "", "false" },
		 { "min_depth", "m", "0.4" }, { "max_depth", "m", NULL }, { "cx", "px", "0" },
		 { "cy", "px", "0" }, { "focal_length", "px", "0" }, { "hack_baseline", "m", "0" },
		 { "distortion_k1", "", "0" }, { "distortion_k2", "", "0" },
		 { "distortion_k3", "", "0" }, { "distortion_t1", "", "0" },
		 { "distortion_t2", "", "0" }, { "border_crop", "", "true" },
		 { "update_rate", "Hz", NULL }),
	  NAMES("cameraName", "imageTopicName", "cameraInfoTopicName", "frameName", "updateRate",
		"distortionK1", "distortionK2", "distortionK3", "distortionT1", "distortionT2",
		"Cx", "Cy", "CxPrime", "focalLength", "hackBaseline", "pointCloudCutoff",
		"pointCloudCutoffMax", "depthImageTopicName", "depthImageCameraInfoTopicName",
		"pointCloudTopicName", "robotNamespace", "alwaysOn", "baseline", "imageTopicName"),
	  mig_camera },
	/* gazebo_ros_bumper.cpp:91-99 */
	{ NAMES("gazebo_ros_bumper"), IN_SENSOR, "contact sensor (Contact system)",
	  PARAMS(SENSOR_FRAME),
	  NAMES("bumperTopicName", "frameName", "robotNamespace", "alwaysOn", "updateRate"),
	  mig_bumper },
	/* gazebo_ros_diff_drive.cpp:247-406 */
	{ NAMES("gazebo_ros_diff_drive"), IN_MODEL, "DiffDrive (+ OdometryPublisher)",
	  PARAMS({ "num_wheel_pairs", "", "1" }, { "left_joint", "", NULL },
		 { "right_joint", "", NULL }, { "wheel_separation", "m", "0.34" },
		 { "wheel_diameter", "m", "0.15" }, { "max_wheel_acceleration", "m/s^2", "0" },
		 { "max_wheel_torque", "N m", "5" }, { "update_rate", "Hz", "100" },
		 { "publish_odom", "", "false" }, { "publish_odom_tf", "", "false" },
		 { "publish_wheel_tf", "", "false" }, { "odometry_source", "", "1" },
		 { "odometry_frame", "", "odom" }, { "robot_base_frame", "", "base_footprint" },
		 { "covariance_x", "", "0.00001" }, { "covariance_y", "", "0.00001" },
		 { "covariance_yaw", "", "0.001" }),
	  NAMES("leftJoint", "rightJoint", "wheelSeparation", "wheelDiameter",
		"wheelAcceleration", "wheelTorque", "commandTopic", "odometryTopic",
		"odometryFrame", "robotBaseFrame", "publishOdomTF", "publishWheelTF",
		"publishWheelJointState", "odometrySource", "updateRate", "robotNamespace",
		"rosDebugLevel", "publishTf", "legacyMode", "alwaysOn"),
	  mig_diff_drive },
	/* gazebo_ros_joint_state_publisher.cpp:97-145 */
	{ NAMES("gazebo_ros_joint_state_publisher"), IN_MODEL, "JointStatePublisher",
	  PARAMS({ "joint_name", "", NULL }, { "update_rate", "Hz", "100" }),
	  NAMES("jointName", "updateRate", "robotNamespace", "alwaysOn"),
	  mig_joint_states },
	/* gazebo_ros_p3d.cpp:102-186 */
	{ NAMES("gazebo_ros_p3d"), IN_MODEL, "OdometryPublisher",
	  PARAMS({ "body_name", "", NULL }, { "frame_name", "", "world" },
		 { "update_rate", "Hz", "0" }, { "xyz_offset", "m", "0 0 0" },
		 { "rpy_offset", "rad", "0 0 0" }, { "gaussian_noise", "", "0" }),
	  NAMES("bodyName", "topicName", "frameName", "xyzOffsets", "rpyOffsets", "xyzOffset",
		"rpyOffset", "gaussianNoise", "updateRate", "robotNamespace", "alwaysOn"),
	  mig_p3d },
	/* gazebo_ros_planar_move.cpp:141-195 */
	{ NAMES("gazebo_ros_planar_move"), IN_MODEL, "VelocityControl + OdometryPublisher",
	  PARAMS({ "odometry_frame", "", "odom" }, { "robot_base_frame", "", "base_footprint" },
		 { "update_rate", "Hz", "20" }, { "publish_rate", "Hz", "20" },
		 { "publish_odom", "", "true" }, { "publish_odom_tf", "", "true" },
		 { "covariance_x", "", "0.00001" }, { "covariance_y", "", "0.00001" },
		 { "covariance_yaw", "", "0.001" }),
	  NAMES("commandTopic", "odometryTopic", "odometryFrame", "odometryRate",
		"robotBaseFrame", "robotNamespace", "alwaysOn", "updateRate"),
	  mig_planar_move },
	/* gazebo_ros2_control_plugin.cpp (humble 174-214, master 260-276) */
	{ NAMES("gazebo_ros2_control"), IN_MODEL, "gz_ros2_control (ign_ros2_control for Fortress)",
	  PARAMS({ "parameters", "", NULL }, { "hold_joints", "", "true" },
		 { "controller_manager_name", "", "controller_manager" },
		 { "robot_param", "", "robot_description" },
		 { "robot_param_node", "", "robot_state_publisher" },
		 { "control_period", "s", NULL }, { "e_stop_topic", "", NULL }),
	  NULL, mig_ros2_control },
};

#define CLASSIC_COUNT (sizeof CLASSIC_ROWS / sizeof CLASSIC_ROWS[0])

/* The file name without directory, "lib" and ".so", into BUF. */
static const char *file_base(const char *file, char *buf, size_t n)
{
	const char *slash = strrchr(file, '/');
	size_t len;

	file = slash ? slash + 1 : file;
	if (!strncmp(file, "lib", 3))
		file += 3;
	len = strlen(file);
	if (len > 3 && !strcmp(file + len - 3, ".so"))
		len -= 3;
	if (len >= n)
		return NULL;
	memcpy(buf, file, len);
	buf[len] = '\0';
	return buf;
}

static const struct mig_row *row_of(const char *file)
{
	char buf[128];
	const char *base = file ? file_base(file, buf, sizeof buf) : NULL;

	for (size_t i = 0; base && i < CLASSIC_COUNT; i++)
		for (const char *const *p = CLASSIC_ROWS[i].files; *p; p++)
			if (!fnmatch(*p, base, 0))
				return &CLASSIC_ROWS[i];
	return NULL;
}

int migrate_handles(const char *filename)
{
	return row_of(filename) != NULL;
}

/* ---- the walk ------------------------------------------------------------- */

/* Whether PLUGIN is written in the ROS 1 dialect: no <ros>, and a tag only
 * the ROS 1 plugin reads. */
static int ros1_dialect(const struct mig_row *row, const struct xnode *plugin)
{
	const struct xnode *c;
	int ros1 = 0;

	for (c = plugin->first; c; c = c->next) {
		if (strcmp(c->name, "ros") == 0 || param_index(row, c->name) >= 0)
			return 0;
		ros1 |= listed(row->ros1, c->name);
	}
	return ros1;
}

static void refuse(struct mig *g, const char *why)
{
	char key[32];

	if (!g->m->refused)
		g->m->refused = index_new_in(g->a);
	snprintf(key, sizeof key, "%p", (const void *)g->plugin);
	index_put(g->m->refused, arena_strdup(g->a, key), (void *)why);
}

/* PLUGIN (in SENSOR when not NULL, of written link LINK), migrated if it
 * is a Classic plugin the table has; 1 when the block changed. */
static int plugin_seen(struct mig *g, struct xnode *plugin, struct xnode *sensor,
		       const struct link *link)
{
	const struct mig_row *row = row_of(xnode_attr(plugin, "filename"));

	if (!row || (row->place == IN_SENSOR) != (sensor != NULL))
		return 0;
	g->row = row;
	g->plugin = plugin;
	g->sensor = sensor;
	g->link = link;
	g->file = xnode_attr(plugin, "filename");
	g->name = xnode_attr(plugin, "name") ? xnode_attr(plugin, "name") : "";
	if (ros1_dialect(row, plugin)) {
		refuse(g, "it is written for the ROS 1 plugin (no <ros>, ROS 1 tags): --migrate "
		       "migrates the ROS 2 dialect; port it to ROS 2 first");
		return 0;
	}
	read_args(g);
	if (row->fn(g) != 0) {
		refuse(g, row->fn == mig_ray ? "its output_type is sensor_msgs/Range, which "
		       "neither gz-sim nor ros_gz_bridge has: a gpu_lidar with a few rays publishes "
		       "a LaserScan, which a node of your own can turn into a Range" :
		       "what it names has no gz-sim equivalent here (a p3d on a moving link or "
		       "relative to a link; a camera without <camera>)");
		return 0;
	}
	if (sensor)
		drop(plugin);
	return 1;
}

/* Every Classic plugin of BLOB (a top-level element of a <gazebo> block
 * of written link LINK, or of the model when LINK is NULL). */
static int blob_seen(struct mig *g, struct xnode *blob, const struct link *link)
{
	struct xnode *c, *next;
	int changed = 0;

	if (strcmp(blob->name, "plugin") == 0 && !link)
		return plugin_seen(g, blob, NULL, NULL);
	if (strcmp(blob->name, "sensor") != 0 || !link)
		return 0;
	for (c = blob->first; c; c = next) {
		next = c->next;
		if (strcmp(c->name, "plugin") != 0 || !row_of(xnode_attr(c, "filename")))
			continue;
		if (changed) {   /* the sensor is another type now: one plugin made it */
			g->plugin = c;
			refuse(g, "the sensor's first Classic ROS plugin was migrated; a sensor "
			       "publishes on one topic in gz-sim");
			continue;
		}
		changed = plugin_seen(g, c, blob, link);
	}
	return changed;
}

static void exts_seen(struct mig *g, const struct ext_list *l, const struct link *link)
{
	const struct ext_ref *r;

	for (r = l->first; r; r = r->next) {
		int changed = 0;
		/* the list may shrink as plugins go: walk a copy of it */
		unsigned n = r->ext->blobs.n;
		struct xnode **v = ARENA_ARRAY(g->a, struct xnode *, n ? n : 1);
		memcpy(v, r->ext->blobs.v, n * sizeof *v);
		for (unsigned i = 0; i < n; i++)
			changed |= blob_seen(g, v[i], link);
		if (changed)
			r->ext->block->migrated = 1;
	}
}

/* Model-level blob B (a child of a model block) migrated: the blobs now in
 * its place, appended to FRESH; 1 when it changed. */
static int model_blob_seen(struct mig *g, struct xnode *b, struct node_list *fresh)
{
	struct xnode *parent = b->parent, *before = b->prev, *after = b->next, *c;

	if (!parent || !plugin_seen(g, b, NULL, NULL)) {
		node_list_push(&g->rb->arena, fresh, b);
		return 0;
	}
	/* the plugin left the tree only when replaced (gazebo_ros2_control
	 * is changed where it is) */
	if (b->parent) {
		node_list_push(&g->rb->arena, fresh, b);
		return 1;
	}
	for (c = before ? before->next : parent->first; c && c != after; c = c->next)
		node_list_push(&g->rb->arena, fresh, c);
	return 1;
}

static void model_seen(struct mig *g)
{
	const struct ext_ref *r;

	for (r = g->rb->model_exts.first; r; r = r->next) {
		struct ext *e = r->ext;
		struct node_list fresh = { NULL, 0, 0 };
		int changed = 0;

		for (unsigned i = 0; i < e->blobs.n; i++)
			changed |= model_blob_seen(g, e->blobs.v[i], &fresh);
		if (changed) {
			e->blobs = fresh;
			e->block->migrated = 1;
		}
	}
}

void migrate(struct robot *rb, struct diag *d, const struct options *opts,
	     const struct sdf_target *target)
{
	struct mig g;
	const struct link *l, *src;
	unsigned i;

	memset(&g, 0, sizeof g);
	g.rb = rb;
	g.d = d;
	g.opts = opts;
	g.t = target;
	g.a = &rb->arena;
	g.m = ARENA_NEW(&rb->arena, struct migration);
	bridge_init(&g.m->bridge, &rb->arena);
	rb->migration = g.m;
	for (i = 0; i < rb->norder; i++)
		if ((l = rb->order[i])->fate == LINK_WRITTEN)
			for (src = l; src; src = src == l ? l->absorbed_first : src->next_absorbed)
				exts_seen(&g, &src->exts, l);
	model_seen(&g);
}

const char *migrate_refusal(const struct robot *rb, const struct xnode *plugin)
{
	char key[32];

	if (!rb->migration || !rb->migration->refused)
		return NULL;
	snprintf(key, sizeof key, "%p", (const void *)plugin);
	return index_get(rb->migration->refused, key);
}
