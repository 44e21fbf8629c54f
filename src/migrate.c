/* migrate: Gazebo Classic -> gz-sim (see migrate.h).
 *
 * The Classic side is gazebo_ros_pkgs' ros2 branch (d52f7c4,
 * gazebo_plugins/src/gazebo_ros_*.cpp, gazebo_ros/src/node.cpp and
 * utils.cpp), its noetic-devel branch for the ROS 1 plugins (f9e1a46,
 * gazebo_plugins/src/gazebo_ros_*.cpp, gazebo_ros_camera_utils.cpp,
 * include/gazebo_plugins/gazebo_ros_utils.h) and gazebo_ros2_control; the gz side gz-sim (ignition-gazebo6
 * 6.18 for Fortress, gz-sim8 8.14 for Harmonic), gz-sensors (6.8, 8.2) and
 * gz_ros2_control (humble, jazzy).  ../shared/research/migration.md in
 * the project's shared folder has the line numbers of every fact used. */
#include "migrate.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gzsim.h"
#include "num.h"
#include "rosname.h"

/* ---- one plugin's arguments --------------------------------------------- */

/* A parameter of a Classic plugin: its name, unit and default (as the
 * plugin's source gives them; NULL: none); DROPPED: the migration has no
 * equivalent, and says so when it is given. */
struct mig_param {
	const char *name, *unit, *dflt;
	int dropped;
};

#define MIG_PARAMS_MAX 32

/* What a migration function works with. */
struct mig {
	struct robot *rb;
	struct diag *d;
	const struct options *opts;
	const struct sdf_target *t;
	struct arena *a;
	struct migration *m;
	const struct mig_row *row;
	const struct mig_param *params;  /* the row's, of the dialect read */
	int ros1;                   /* written for the ROS 1 (noetic) plugin */
	const char *why;            /* set by a function that refuses */
	struct index *sensors;      /* "LINK\x1fSENSOR" of every sensor written, once asked */
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
 * function that writes the replacement (0: done; -1: left in place); then
 * the parameters the ROS 1 (noetic) plugin reads and its function (NULL:
 * the ROS 1 dialect is left in place).  A row without ROS 2 parameters is
 * a ROS 1 plugin only; a row that becomes NULL is one --migrate leaves,
 * its function saying why. */
struct mig_row {
	const char *const *files;
	enum mig_place place;
	const char *becomes;
	const struct mig_param *params;
	const char *const *ros1;
	mig_fn *fn;
	const struct mig_param *params1;
	mig_fn *fn1;
};

static const char *text_of(struct mig *g, const struct xnode *n)
{
	return n ? xnode_trimmed(g->a, n->text) : NULL;
}

static int param_index(const struct mig_param *params, const char *name)
{
	for (int i = 0; params && params[i].name; i++)
		if (strcmp(params[i].name, name) == 0)
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
	int i = param_index(g->params, name);

	if (i < 0)
		return NULL;
	return g->arg[i] ? text_of(g, g->arg[i]) : g->params[i].dflt;
}

/* Whether NAME was written in the plugin. */
static int given(struct mig *g, const char *name)
{
	int i = param_index(g->params, name);

	return i >= 0 && g->arg[i] != NULL;
}

static const struct xnode *arg_node(struct mig *g, const char *name)
{
	int i = param_index(g->params, name);

	return i >= 0 ? g->arg[i] : NULL;
}

static double arg_num(struct mig *g, const char *name)
{
	const char *s = arg(g, name);
	const struct xnode *n = arg_node(g, name);
	int i = param_index(g->params, name);
	double v = 0;

	if (s && num_parse(s, &v) == 0)
		return v;
	if (n)
		diag_warn(g->d, D_MIGRATE_PARAM_BAD, n->pos.line, n->pos.col, "<%s> '%s' of plugin "
			  "'%s' is not a number: Classic's default %s is used", name, s ? s : "",
			  g->name, g->params[i].dflt ? g->params[i].dflt : "0");
	if (i >= 0 && g->params[i].dflt)
		num_parse(g->params[i].dflt, &v);
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

/* Child C of the plugin had no effect in Classic: WHY. */
static void tag_ignored(struct mig *g, const struct xnode *c, const char *why)
{
	diag_warn(g->d, D_MIGRATE_TAG_IGNORED, c->pos.line, c->pos.col, "<%s> in plugin '%s' "
		  "(%s): %s, so it had no effect in Gazebo Classic; migrated as Classic behaved "
		  "(without it)", c->name, g->name, g->file, why);
}

/* What a child of the plugin that is none of its parameters was. */
static void ignored_tag(struct mig *g, const struct xnode *c)
{
	tag_ignored(g, c, g->ros1 ? "not a parameter the ROS 1 plugin reads" :
		    listed(g->row->ros1, c->name) ?
		    "a tag of the ROS 1 plugin, which the ROS 2 plugin never read" :
		    strcmp(c->name, "remap") == 0 ?
		    "gazebo_ros reads <ros><remapping>, never <remap>" :
		    "not a parameter the plugin reads");
}

/* The plugin's children into G->arg (the first of each wins, as
 * sdf::Element::Get reads the first), <ros> into G->node. */
static void read_args(struct mig *g)
{
	const struct xnode *c;

	memset(g->arg, 0, sizeof g->arg);
	ros_node_init(g->a, &g->node, g->name, NULL);
	for (c = g->plugin->first; c; c = c->next) {
		int i = param_index(g->params, c->name);
		if (strcmp(c->name, "ros") == 0 && !g->ros1)
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

/* The imu's orientation referenced to the world (REP 145, as Classic)
 * unless the plugin's parameter INITIAL says the initial orientation
 * (gz-sim's default). */
static void imu_reference(struct mig *g, const char *initial)
{
	struct xnode *imu, *ref;

	if (arg_bool(g, initial))
		return;
	imu = xnode_need(g->sensor, "imu");
	ref = xnode_need(imu, "orientation_reference_frame");
	drop_all(ref, "localization");
	add(g, ref, "localization", "ENU");
}

static int mig_imu(struct mig *g)
{
	const char *topic = resolved(g, "~/out");

	sensor_topic_frame(g, topic, frame_of(g));
	imu_reference(g, "initial_orientation_as_reference");
	bridge(g, topic, topic, BT_IMU, BRIDGE_GZ_TO_ROS);
	migrated(g, "an imu sensor publishing on its <topic>, world-referenced (ENU; gz-sim "
		 "honours it from Fortress 6.9.0 and in every later Gazebo) unless "
		 "initial_orientation_as_reference");
	return 0;
}

/* Whether the sensor is a lidar of some spelling (else: why). */
static int is_ray(struct mig *g)
{
	const char *t = xnode_attr(g->sensor, "type");

	if (t && (!strcmp(t, "ray") || !strcmp(t, "gpu_ray") || !strcmp(t, "lidar") ||
		  !strcmp(t, "gpu_lidar")))
		return 1;
	g->why = "a laser plugin in a sensor that is no ray sensor (Classic's plugin did not load)";
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

/* The parameters of LIST that changed only Classic's CameraInfo message,
 * given other than 0: said. */
static void info_only_said(struct mig *g, const char *const *list)
{
	for (const char *const *p = list; *p; p++) {
		/* border_crop is a bool, true by default */
		int flag = !strcmp(*p, "border_crop") || !strcmp(*p, "borderCrop");
		double v = !given(g, *p) ? 0 : flag ? !arg_bool(g, *p) : arg_num(g, *p);
		if (v != 0)
			approx(g, arg_node(g, *p), "<%s> changed only the CameraInfo message in "
			       "Classic (gz-sim computes it from the image): left out", *p);
	}
}

/* BASE/SUFFIX as a gz topic (BASE "/": /SUFFIX). */
static const char *under(struct mig *g, const char *base, const char *suffix)
{
	if (strcmp(base, "/") == 0)
		base = "";
	return arena_cat3(g->a, base, strlen(base), "/", suffix);
}

/* A depth sensor with a ROS camera: an rgbd_camera on gz topic BASE
 * (BASE/image, /depth_image, /points, /camera_info), bridged to the ROS
 * names T[0..4]: image, info, depth image, depth info, points. */
static void rgbd(struct mig *g, const char *base, const char *const t[5], const char *frame)
{
	xnode_set_attr(g->sensor, "type", "rgbd_camera");
	sensor_topic_frame(g, base, frame);
	bridge(g, t[0], under(g, base, "image"), BT_IMAGE, BRIDGE_GZ_TO_ROS);
	bridge(g, t[1], under(g, base, "camera_info"), BT_CAMERA_INFO, BRIDGE_GZ_TO_ROS);
	bridge(g, t[2], under(g, base, "depth_image"), BT_IMAGE, BRIDGE_GZ_TO_ROS);
	bridge(g, t[3], under(g, base, "camera_info"), BT_CAMERA_INFO, BRIDGE_GZ_TO_ROS);
	bridge(g, t[4], under(g, base, "points"), BT_POINT_CLOUD2, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "%s", "a depth sensor with a ROS camera becomes an rgbd_camera; its "
	       "point cloud has x forward (gz-sensors) where Classic's had the optical axes "
	       "(z forward), under the same frame id (gz-sensors#29)");
}

/* A camera sensor's image on <topic> and its info on <camera_info_topic>. */
static void plain_camera(struct mig *g, struct xnode *camera, const char *image,
			 const char *info, const char *frame)
{
	sensor_topic_frame(g, image, frame);
	xnode_replace(camera, "camera_info_topic", info);
	bridge(g, image, image, BT_IMAGE, BRIDGE_GZ_TO_ROS);
	bridge(g, info, info, BT_CAMERA_INFO, BRIDGE_GZ_TO_ROS);
}

static const char *cam_topic(struct mig *g, const char *cam, const char *leaf)
{
	return resolved(g, arena_cat3(g->a, cam, strlen(cam), "/", leaf));
}

/* A <pose> as 6 numbers with no attribute (relative_to, degrees,
 * rotation_format), or none (identity); 0, or -1 when it is another. */
static int plain_pose(const struct xnode *n, struct pose *out)
{
	double v[6];

	*out = POSE_IDENTITY;
	if (!n)
		return 0;
	if (n->nattrs || num_parse_vec(n->text ? n->text : "", v, 6) != 0)
		return -1;
	*out = pose_from_xyz_rpy(v, v + 3);
	return 0;
}

/* Camera CAM of multicamera sensor MULTI as a camera sensor of its own:
 * the sensor's other elements copied, the camera's <pose> composed into
 * the sensor's: gz-sensors places the camera at its sensor's pose and
 * never reads the camera's own (CameraSensor.cc SetLocalPose(Pose()):
 * gz-sensors8 8.2.2 :221, ignition-sensors6 6.8.1 :541). */
static struct xnode *camera_sensor(struct mig *g, const struct xnode *multi,
				   const struct xnode *cam, const char *name)
{
	struct xnode *s = xnode_new(g->a, "sensor"), *copy;
	const struct xnode *c;
	struct pose sp, cp, p;
	double v[6];

	xnode_set_attr(s, "name", name);
	xnode_set_attr(s, "type", "camera");
	s->pos = multi->pos;
	for (c = multi->first; c; c = c->next)
		if (strcmp(c->name, "camera") && strcmp(c->name, "plugin") && strcmp(c->name, "pose"))
			xnode_append(s, xnode_copy(g->a, c));
	plain_pose(xnode_child(multi, "pose"), &sp);
	plain_pose(xnode_child(cam, "pose"), &cp);
	p = pose_compose(sp, cp);
	memcpy(v, &p.p, sizeof p.p);
	memcpy(v + 3, p.rpy, sizeof p.rpy);
	if (!pose_is_identity(p))
		add(g, s, "pose", num_vec_text(g->a, v, 6, NUM_SHORTEST));
	copy = xnode_copy(g->a, cam);
	xnode_remove_attr(copy, "name");
	drop_all(copy, "pose");
	xnode_append(s, copy);
	return s;
}

static const char *sensor_key(struct mig *g, const struct link *l, const char *name)
{
	return arena_cat3(g->a, l->name, strlen(l->name), "\x1f", name);
}

/* Whether written link L has a sensor NAME (after lumping), in one index
 * built at the first question. */
static int sensor_taken(struct mig *g, const struct link *l, const char *name)
{
	const struct link *w, *src;
	const struct ext_ref *r;

	if (!g->sensors) {
		g->sensors = index_new_in(g->a);
		for (unsigned i = 0; i < g->rb->norder; i++)
			if ((w = g->rb->order[i])->fate == LINK_WRITTEN)
				for (src = w; src; src = src == w ? w->absorbed_first : src->next_absorbed)
					for (r = src->exts.first; r; r = r->next)
						for (unsigned k = 0; k < r->ext->blobs.n; k++) {
							const struct xnode *b = r->ext->blobs.v[k];
							const char *n = xnode_attr(b, "name");
							if (!strcmp(b->name, "sensor") && n)
								index_put(g->sensors, sensor_key(g, w, n), (void *)b);
						}
	}
	return index_get(g->sensors, sensor_key(g, l, name)) != NULL;
}

/* Why the multicamera's cameras cannot become sensors named SENSOR_CAMERA,
 * or NULL: each needs a name, distinct, and a plain <pose>. */
static const char *cameras_unfit(struct mig *g, const char *sname)
{
	struct index *seen = index_new_in(g->a);
	const struct xnode *c;
	struct pose p;

	if (!xnode_child(g->sensor, "camera"))
		return "a multicamera without <camera>";
	if (!sname || plain_pose(xnode_child(g->sensor, "pose"), &p))
		return "a multicamera whose <pose> is not six plain numbers";
	for (c = g->sensor->first; c; c = c->next) {
		const char *n = strcmp(c->name, "camera") ? NULL : xnode_attr(c, "name");
		if (strcmp(c->name, "camera"))
			continue;
		if (!n || !*n || index_put(seen, n, (void *)c))
			return "a multicamera's <camera> without a name, or two of one name "
			       "(Classic names each camera's topics by it)";
		if (plain_pose(xnode_child(c, "pose"), &p))
			return "a multicamera's <camera><pose> that is not six plain numbers";
		if (sensor_taken(g, g->link, arena_cat3(g->a, sname, strlen(sname), "_", n)))
			return "a sensor of the link already has the name <sensor>_<camera> that "
			       "one of the multicamera's cameras would take";
	}
	for (c = g->sensor->first; c; c = c->next)
		if (!strcmp(c->name, "camera"))
			index_put(g->sensors, sensor_key(g, g->link, arena_cat3(g->a, sname,
				  strlen(sname), "_", xnode_attr(c, "name"))), (void *)c);
	return NULL;
}

/* A multicamera with gazebo_ros_camera (gazebo_ros_camera.cpp:210-237:
 * CAM/<camera name>/image_raw and /camera_info, CAM the camera_name):
 * gz-sim has no multicamera, so one camera sensor per <camera>, named
 * <sensor>_<camera>, in the multicamera's place. */
static int mig_multicamera(struct mig *g, const char *cam)
{
	const char *sname = xnode_attr(g->sensor, "name"), *frame = frame_of(g);
	struct xnode *multi = g->sensor, *c;

	if ((g->why = cameras_unfit(g, sname)) != NULL)
		return -1;
	for (c = multi->first; c; c = c->next) {
		const char *n = xnode_attr(c, "name"), *sub;
		if (strcmp(c->name, "camera"))
			continue;
		sub = arena_cat3(g->a, cam, strlen(cam), "/", n);
		g->sensor = camera_sensor(g, multi, c, arena_cat3(g->a, sname, strlen(sname),
								 "_", n));
		put_before(multi, g->sensor);
		plain_camera(g, xnode_child(g->sensor, "camera"), cam_topic(g, sub, "image_raw"),
			     cam_topic(g, sub, "camera_info"), frame);
	}
	g->sensor = multi;
	drop(multi);
	migrated(g, "one camera sensor per <camera> of the multicamera, named "
		 "<sensor>_<camera>, each with its image on <topic> and its info on "
		 "<camera_info_topic>");
	return 0;
}

/* The camera's image and info topics; for a depth sensor, the rgbd
 * camera's topics and bridge entries. */
static int mig_camera(struct mig *g)
{
	const char *cam = arg(g, "camera_name");
	const char *type = xnode_attr(g->sensor, "type");
	struct xnode *camera = xnode_child(g->sensor, "camera");
	static const char *const info_only[] = { "cx", "cy", "focal_length", "hack_baseline",
		"distortion_k1", "distortion_k2", "distortion_k3", "distortion_t1", "distortion_t2",
		"border_crop", NULL };

	if (!cam || !*cam)
		cam = xnode_attr(g->sensor, "name");
	if (type && strcmp(type, "multicamera") == 0)
		return mig_multicamera(g, cam);
	if (!cam || !camera || (type && strcmp(type, "camera") && strcmp(type, "depth") &&
				strcmp(type, "depth_camera")))
		return -1;
	info_only_said(g, info_only);
	if (type && strcmp(type, "camera") != 0) {
		const char *t[5] = { cam_topic(g, cam, "image_raw"), cam_topic(g, cam, "camera_info"),
			cam_topic(g, cam, "depth/image_raw"), cam_topic(g, cam, "depth/camera_info"),
			cam_topic(g, cam, "points") };
		rgbd(g, ros_expand(g->a, &g->node, cam), t, frame_of(g));
		return 0;
	}
	plain_camera(g, camera, cam_topic(g, cam, "image_raw"), cam_topic(g, cam, "camera_info"),
		     frame_of(g));
	migrated(g, "a camera sensor, its image on <topic> and its info on <camera_info_topic>");
	return 0;
}

/* ---- ROS 1 (noetic) sensors --------------------------------------------- */

/* The Gazebo model's name, which a ROS 1 plugin took for its namespace:
 * spawn_model's -model gave it; the robot's name is the usual one. */
static const char *model_ns(struct mig *g, const struct xnode *at)
{
	approx(g, at, "the ROS 1 plugin's namespace was the Gazebo model's name (what "
	       "spawn_model's -model gave): the robot's name '%s' is taken", g->rb->name);
	return g->rb->name;
}

/* robotNamespace as gazebo_ros_utils.h GetRobotNamespace reads it (noetic
 * 83-102; the camera utils, laser, gpu_laser): absent "" (the gzserver
 * node's "/"), given empty the model's name. */
static const char *ns_utils(struct mig *g)
{
	const char *ns = arg(g, "robotNamespace");

	if (!given(g, "robotNamespace"))
		return "";
	return *ns ? ns : model_ns(g, arg_node(g, "robotNamespace"));
}

/* PARAM's topic advertised on a NodeHandle of namespace NS (rosname.h
 * ros1_resolve); NULL, with why, when roscpp advertised nothing. */
static const char *ros1_topic(struct mig *g, const char *ns, const char *param)
{
	const char *t = ros1_resolve(g->a, ns, arg(g, param));

	if (!t)
		g->why = arena_cat3(g->a, "its <", strlen("its <"), param, "> is empty or private "
				    "('~'), which roscpp's NodeHandle does not advertise: Classic "
				    "published nothing");
	return t;
}

/* The camera utils' NodeHandle namespace: robotNamespace/cameraName
 * (gazebo_ros_camera_utils.cpp noetic 122, 137-140, 288). */
static const char *camera_ns1(struct mig *g)
{
	const char *ns = ns_utils(g), *cam = arg(g, "cameraName");

	return ros1_resolve(g->a, "/", arena_cat3(g->a, ns, strlen(ns), "/", cam));
}

/* The camera utils' frame id: frameName through tf::resolve (noetic 146-149,
 * 297-298: a leading '/' goes); without it Classic stamped "" (the member
 * stays empty whatever its log says), which tf cannot use: the link. */
static const char *camera_frame1(struct mig *g)
{
	const char *f = tf_frame_id(arg(g, "frameName"));

	if (f && *f)
		return f;
	approx(g, NULL, "no <frameName>: the ROS 1 camera stamped its images with the frame id "
	       "'' (gazebo_ros_camera_utils.cpp:146-149), which tf cannot use; the link '%s' "
	       "is taken, as the ROS 2 plugin does", g->link->name);
	return g->link->name;
}

static const char *const INFO_ONLY1[] = { "Cx", "Cy", "CxPrime", "focalLength", "hackBaseline",
	"distortionK1", "distortionK2", "distortionK3", "distortionT1", "distortionT2", NULL };

static void ros1_migrated(struct mig *g, const char *what)
{
	migrated(g, arena_cat3(g->a, "(the ROS 1 plugin) ", strlen("(the ROS 1 plugin) "), what,
			       "; its topics keep their ROS 1 names, now ROS 2 topics bridged "
			       "from gz-sim"));
}

static int mig_camera1(struct mig *g)
{
	const char *type = xnode_attr(g->sensor, "type"), *ns, *image, *info;
	struct xnode *camera = xnode_child(g->sensor, "camera");

	if (!camera || (type && strcmp(type, "camera"))) {
		g->why = "the ROS 1 gazebo_ros_camera is migrated in a camera sensor with "
			 "<camera> only (a depth sensor's ROS 1 plugin is openni_kinect)";
		return -1;
	}
	ns = camera_ns1(g);
	if (!(image = ros1_topic(g, ns, "imageTopicName")) ||
	    !(info = ros1_topic(g, ns, "cameraInfoTopicName")))
		return -1;
	info_only_said(g, INFO_ONLY1);
	plain_camera(g, camera, image, info, camera_frame1(g));
	ros1_migrated(g, "a camera sensor, its image on <topic> and its info on "
		      "<camera_info_topic>");
	return 0;
}

/* gazebo_ros_openni_kinect (noetic 66-117; its "ir/image_raw" default is
 * overwritten by the camera utils' Load, camera_utils.cpp:124-126). */
static int mig_openni1(struct mig *g)
{
	const char *type = xnode_attr(g->sensor, "type"), *ns, *t[5];
	static const char *const params[5] = { "imageTopicName", "cameraInfoTopicName",
		"depthImageTopicName", "depthImageCameraInfoTopicName", "pointCloudTopicName" };

	if (!xnode_child(g->sensor, "camera") || !type || (strcmp(type, "depth") &&
							   strcmp(type, "depth_camera"))) {
		g->why = "openni_kinect is migrated in a depth sensor with <camera> only";
		return -1;
	}
	ns = camera_ns1(g);
	for (int i = 0; i < 5; i++)
		if (!(t[i] = ros1_topic(g, ns, params[i])))
			return -1;
	info_only_said(g, INFO_ONLY1);
	/* no robotNamespace nor cameraName: the gz topics under the sensor's name */
	if (strcmp(ns, "/") == 0 && xnode_attr(g->sensor, "name"))
		ns = ros1_resolve(g->a, "/", xnode_attr(g->sensor, "name"));
	rgbd(g, ns ? ns : "/rgbd_camera", t, camera_frame1(g));
	approx(g, NULL, "%s", "Classic's cloud held the points between pointCloudCutoff and "
	       "pointCloudCutoffMax (0.4 and 5 m unless given); the rgbd_camera's holds those "
	       "within its <clip>");
	return 0;
}

/* The laser plugins' frame: frameName, "/world" when absent (laser 88-95,
 * gpu_laser 91-98, block_laser 109-116), through tf::resolve. */
static const char *laser_frame1(struct mig *g)
{
	if (!given(g, "frameName"))
		approx(g, NULL, "%s", "no <frameName>: the ROS 1 plugin stamped its data 'world' "
		       "(its default '/world' through tf::resolve), and so does the migration; "
		       "name the link if that was not meant");
	return tf_frame_id(arg(g, "frameName"));
}

/* gazebo_ros_laser, gazebo_ros_gpu_laser: a LaserScan on robotNamespace/
 * topicName (laser 86-148, gpu_laser 89-151). */
static int mig_laser1(struct mig *g)
{
	const char *topic = is_ray(g) ? ros1_topic(g, ns_utils(g), "topicName") : NULL;

	if (!topic)
		return -1;
	ray_to_lidar(g);
	sensor_topic_frame(g, topic, laser_frame1(g));
	bridge(g, topic, topic, BT_LASER_SCAN, BRIDGE_GZ_TO_ROS);
	ros1_migrated(g, "a gpu_lidar sensor, its LaserScan on <topic>");
	return 0;
}

/* gazebo_ros_block_laser: a sensor_msgs/PointCloud on robotNamespace + "/"
 * + topicName (block_laser 105-123, 163-182). */
static int mig_block_laser1(struct mig *g)
{
	const char *topic = !is_ray(g) ? NULL : ros1_topic(g, given(g, "robotNamespace") ?
							   arg(g, "robotNamespace") : "", "topicName");

	if (!topic)
		return -1;
	ray_to_lidar(g);
	sensor_topic_frame(g, topic, laser_frame1(g));
	bridge(g, topic, under(g, topic, "points"), BT_POINT_CLOUD2, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "%s", "block_laser published sensor_msgs/PointCloud, which ros_gz_bridge "
	       "lacks: the gpu_lidar's cloud is bridged as sensor_msgs/PointCloud2 on the same "
	       "topic, so subscribers must change type");
	return 0;
}

/* gazebo_ros_imu_sensor (noetic 47-66, 83-84, 170-252): topicName under
 * robotNamespace (absent: the model's name), frameName required and
 * stamped as it is. */
static int mig_imu1(struct mig *g)
{
	const char *frame = arg(g, "frameName"), *topic;
	double rate = arg_num(g, "updateRateHZ"), srate = 0;
	const struct xnode *u = xnode_child(g->sensor, "update_rate");

	if (!given(g, "frameName")) {
		g->why = "the ROS 1 plugin stops without <frameName> (\"missing <frameName>, "
			 "cannot proceed\", gazebo_ros_imu_sensor.cpp noetic 202-210): Classic "
			 "published nothing";
		return -1;
	}
	if (!(topic = ros1_topic(g, given(g, "robotNamespace") ? arg(g, "robotNamespace") :
				 model_ns(g, NULL), "topicName")))
		return -1;
	if (frame[0] == '/')
		approx(g, arg_node(g, "frameName"), "the ROS 1 imu stamped '%s' as it is (no "
		       "tf::resolve); tf2 rejects a leading '/': written without it", frame);
	sensor_topic_frame(g, topic, tf_frame_id(frame));
	imu_reference(g, "initialOrientationAsReference");
	bridge(g, topic, topic, BT_IMU, BRIDGE_GZ_TO_ROS);
	if (u && u->text)
		num_parse(text_of(g, u), &srate);
	if (rate > 0 && (srate <= 0 || rate < srate))
		approx(g, arg_node(g, "updateRateHZ"), "the ROS 1 imu published at most "
		       "updateRateHZ (%s Hz; 1 unless given); the gz imu publishes at the sensor's "
		       "<update_rate>: set it to keep Classic's rate", arg(g, "updateRateHZ"));
	ros1_migrated(g, "an imu sensor publishing on its <topic>, world-referenced (ENU; "
		      "gz-sim honours it from Fortress 6.9.0 and in every later Gazebo) unless "
		      "initialOrientationAsReference");
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

/* ---- joint sensors -------------------------------------------------------- */

/* ELEM in a <gazebo reference=J> block made for written joint J: a new
 * extension of J (the writer puts its blobs in the joint; blob_read_as
 * reads it as every block), the block listed for the URDF output. */
static void joint_block(struct mig *g, struct joint *j, struct xnode *elem)
{
	struct robot *rb = g->rb;
	struct gazebo *gz = ARENA_NEW(g->a, struct gazebo);
	struct ext *e = ARENA_NEW(g->a, struct ext);

	gz->reference = j->name;
	gz->elem = xnode_new(g->a, "gazebo");
	gz->elem->pos = g->plugin->pos;
	xnode_set_attr(gz->elem, "reference", j->name);
	xnode_append(gz->elem, elem);
	gz->added = 1;
	gz->migrated = 1;
	LIST_APPEND(rb->gazebos, rb->gazebos_last, gz, next);
	e->ref = j->name;
	e->block = gz;
	e->pos = g->plugin->pos;
	node_list_push(g->a, &e->blobs, elem);
	ext_list_append(g->a, &j->exts, e);
	if (rb->nexts == rb->exts_cap) {
		rb->exts_cap = rb->exts_cap ? rb->exts_cap * 2 : 16;
		rb->exts = must(rb->oom, talloc_realloc(rb, rb->exts, struct ext *, rb->exts_cap));
	}
	rb->exts[rb->nexts++] = e;
}

/* <force> and <torque> each with gaussian noise of STDDEV on x, y, z, as
 * Classic added it to all six components. */
static void ft_noise(struct mig *g, struct xnode *ft, double stddev)
{
	static const char *const kinds[] = { "force", "torque" }, *const axes[] = { "x", "y", "z" };

	for (int k = 0; k < 2; k++) {
		struct xnode *w = add(g, ft, kinds[k], NULL);
		for (int i = 0; i < 3; i++) {
			struct xnode *n = add(g, add(g, w, axes[i], NULL), "noise", NULL);
			xnode_set_attr(n, "type", "gaussian");
			add(g, n, "mean", "0");
			add_num(g, n, "stddev", stddev);
		}
	}
}

/* The force_torque sensor of joint J: the wrench the parent applies to the
 * child, in the child's frame, stamped with the child's name (Classic's
 * frame id, ft_sensor.cpp:147); SDF's default direction is child_to_parent,
 * which gz-sensors negates (ForceTorqueSensor.cc 8.2.2:203-231). */
static struct xnode *ft_sensor(struct mig *g, const struct joint *j, const char *topic,
			       double rate, double noise)
{
	struct xnode *s = xnode_new(g->a, "sensor"), *ft;

	s->pos = g->plugin->pos;
	xnode_set_attr(s, "name", *g->name ? g->name : "force_torque");
	xnode_set_attr(s, "type", "force_torque");
	add(g, s, "always_on", "true");
	/* Classic's 0 is every step, and so is gz-sensors' (Sensor.cc 8.2.2:497-501) */
	add_num(g, s, "update_rate", rate);
	add(g, s, "topic", topic);
	add(g, s, g->t->sensor_frame_elem, j->child->name);
	ft = add(g, s, "force_torque", NULL);
	add(g, ft, "frame", "child");
	add(g, ft, "measure_direction", "parent_to_child");
	if (noise > 0)
		ft_noise(g, ft, noise);
	return s;
}

/* The written joint NAME names, or NULL with why. */
static struct joint *ft_joint(struct mig *g, const char *name)
{
	struct joint *j = name ? index_get(g->rb->joint_index, name) : NULL;

	if (!j)
		g->why = "its joint is missing or names no joint of the robot: Classic's plugin "
			 "stopped (\"cannot proceed\" / \"does not exist\") and published nothing";
	else if (j->fate == JOINT_LUMPED || j->fate == JOINT_AS_FRAME)
		g->why = arena_cat3(g->a, "its joint is a fixed joint that is merged away (a <frame> "
				    "in the SDF), so gz-sim has no joint to hold the force_torque "
				    "sensor: keep it with <gazebo reference='", strlen("its joint is a "
				    "fixed joint that is merged away (a <frame> in the SDF), so gz-sim "
				    "has no joint to hold the force_torque sensor: keep it with <gazebo "
				    "reference='"), j->name, "'><preserveFixedJoint>true"
				    "</preserveFixedJoint></gazebo> and convert again");
	else if (j->fate != JOINT_WRITTEN)
		g->why = "its joint is not written in the SDF (a type SDFormat lacks, or its child "
			 "link left out), so no force_torque sensor can measure it";
	return j && j->fate == JOINT_WRITTEN ? j : NULL;
}

/* gazebo_ros_ft_sensor in joint mode, either dialect: a force_torque
 * sensor in the joint publishing TOPIC; the model plugin goes. */
static int ft_common(struct mig *g, struct joint *j, const char *topic, double rate, double noise)
{
	joint_block(g, j, ft_sensor(g, j, topic, rate, noise));
	drop(g->plugin);
	bridge(g, topic, topic, BT_WRENCH, BRIDGE_GZ_TO_ROS);
	approx(g, NULL, "Classic published joint->GetForceTorque(0).body2Force/body2Torque "
	       "(ft_sensor.cpp ros2 196-199, noetic 190-196): the constraint wrench on the child "
	       "link, in its axes, the torque about the joint's anchor (the child's origin in a "
	       "URDF); the force_torque sensor of joint '%s' measures parent_to_child in the "
	       "child frame at the joint, the same convention, computed by another physics "
	       "engine: check the signs under a known static load", j->name);
	return 0;
}

static int mig_ft(struct mig *g)
{
	struct joint *j;

	if (given(g, "body_name")) {
		g->why = "body_name: Classic reported the sum of the forces applied to the link "
			 "(link->WorldForce, ft_sensor.cpp:193-195); gz-sim's force_torque sensor "
			 "measures a joint: no equivalent";
		return -1;
	}
	if (!(j = ft_joint(g, arg(g, "joint_name"))))
		return -1;
	if (given(g, "frame_name"))
		tag_ignored(g, arg_node(g, "frame_name"), "Classic reads it for a link only "
			    "(ft_sensor.cpp:142-147: a joint's frame is its child link's name)");
	ft_common(g, j, resolved(g, "wrench"), arg_num(g, "update_rate"),
		  arg_num(g, "gaussian_noise"));
	migrated(g, "a force_torque sensor in the joint, its WrenchStamped on <topic>");
	return 0;
}

/* ROS 1: jointName and topicName required (noetic 63-111), the topic
 * under robotNamespace + "/". */
static int mig_ft1(struct mig *g)
{
	struct joint *j;
	const char *topic;

	if (!given(g, "topicName")) {
		g->why = "the ROS 1 plugin stops without <topicName> (\"missing <topicName>, cannot "
			 "proceed\", gazebo_ros_ft_sensor.cpp noetic 88-92): Classic published nothing";
		return -1;
	}
	if (!(j = ft_joint(g, given(g, "jointName") ? arg(g, "jointName") : NULL)) ||
	    !(topic = ros1_topic(g, given(g, "robotNamespace") ? arg(g, "robotNamespace") : "",
				 "topicName")))
		return -1;
	ft_common(g, j, topic, arg_num(g, "updateRate"), arg_num(g, "gaussianNoise"));
	ros1_migrated(g, "a force_torque sensor in the joint, its WrenchStamped on <topic>");
	return 0;
}

/* ---- plugins left, and why ----------------------------------------------- */

/* gazebo_ros_force.cpp ros2 67-140 (link_name, force_frame, Wrench on
 * gazebo_ros_force, the last one applied every step); gz-sim
 * ApplyLinkWrench.hh:35-70. */
static int left_force(struct mig *g)
{
	g->why = "gz-sim's ApplyLinkWrench is a world system, not a model plugin: it takes "
		 "ros_gz_interfaces/msg/EntityWrench (the link named in every message, world "
		 "axes) on /world/WORLD/wrench/persistent, where Classic took "
		 "geometry_msgs/msg/Wrench for one link (ROS 2: on gazebo_ros_force; ROS 1: "
		 "topicName); add ApplyLinkWrench to the world and have the publisher send "
		 "EntityWrench there";
	return -1;
}

/* gazebo_ros_imu.cpp noetic 70-146, 261-318: a model plugin that computes
 * an "IMU" from bodyName's world motion (its acceleration the world
 * velocity differentiated, without gravity; offsets, noise, a calibrate
 * service), with no <sensor>; hector's likewise, with drifts.  An imu
 * sensor measures something else (gravity included): not made. */
static int left_imu_model(struct mig *g)
{
	g->why = "a ROS 1 model plugin that computed an IMU from bodyName's world motion, "
		 "without a <sensor> (its acceleration the differentiated world velocity, "
		 "without gravity: gazebo_ros_imu.cpp noetic 261-318), which a gz imu sensor "
		 "does not reproduce: put <sensor type='imu'> in <gazebo reference='BODY'> with "
		 "gazebo_ros_imu_sensor (topicName, frameName), which --migrate makes the gz imu; "
		 "offsets, drifts and the calibrate service have no gz equivalent";
	return -1;
}

static int left_ros_control(struct mig *g)
{
	g->why = "ROS 1 ros_control: gz-sim runs ros2_control (gz_ros2_control), which needs "
		 "a <ros2_control> description and ROS 2 controllers, not ROS 1 <transmission>s "
		 "and controller YAML: port the robot to gazebo_ros2_control, which --migrate "
		 "then migrates";
	return -1;
}

/* ---- the table ------------------------------------------------------------ */

#define NAMES(...) (const char *const[]){ __VA_ARGS__, NULL }
#define PARAMS(...) (const struct mig_param[]){ __VA_ARGS__, { NULL, NULL, NULL, 0 } }

/* Every sensor plugin reads these (gazebo_ros/src/utils.cpp SensorFrameID). */
#define SENSOR_FRAME { "frame_name", "", NULL, 0 }

/* What the ROS 1 camera utils read (gazebo_ros_camera_utils.cpp noetic
 * 122-254): names, frame, and what changed only the CameraInfo. */
#define CAMERA_UTILS1 { "robotNamespace", "", "", 0 }, { "cameraName", "", "", 0 }, \
	{ "imageTopicName", "", "image_raw", 0 }, { "cameraInfoTopicName", "", "camera_info", 0 }, \
	{ "frameName", "", NULL, 0 }, { "updateRate", "Hz", "0", 1 }, { "Cx", "px", "0", 0 }, \
	{ "Cy", "px", "0", 0 }, { "CxPrime", "px", "0", 0 }, { "focalLength", "px", "0", 0 }, \
	{ "hackBaseline", "m", "0", 0 }, { "distortionK1", "", "0", 0 }, \
	{ "distortionK2", "", "0", 0 }, { "distortionK3", "", "0", 0 }, \
	{ "distortionT1", "", "0", 0 }, { "distortionT2", "", "0", 0 }, \
	{ "borderCrop", "", "true", 1 }, { "autoDistortion", "", "false", 1 }, \
	{ "triggerTopicName", "", "image_trigger", 1 }

static const struct mig_row CLASSIC_ROWS[] = {
	/* gazebo_ros_imu_sensor.cpp:75-102 */
	{ NAMES("gazebo_ros_imu_sensor"), IN_SENSOR, "imu sensor (Imu system)",
	  PARAMS(SENSOR_FRAME, { "initial_orientation_as_reference", "", "false", 0 }),
	  NAMES("topicName", "bodyName", "frameName", "updateRateHZ", "gaussianNoise",
		"xyzOffset", "rpyOffset", "initialOrientationAsReference", "serviceName",
		"robotNamespace", "alwaysOn", "updateRate"),
	  mig_imu,
	  /* noetic gazebo_ros_imu_sensor.cpp:47-66, 170-252 (xyzOffset is read
	   * and unused; bodyName is not read) */
	  PARAMS({ "robotNamespace", "", NULL, 0 }, { "topicName", "", "imu_data", 0 },
		 { "frameName", "", NULL, 0 }, { "updateRateHZ", "Hz", "1", 0 },
		 { "gaussianNoise", "", "0", 1 }, { "xyzOffset", "m", "0 0 0", 0 },
		 { "rpyOffset", "rad", "0 0 0", 1 },
		 { "initialOrientationAsReference", "", "false", 0 }),
	  mig_imu1 },
	/* gazebo_ros_ray_sensor.cpp:110-166 */
	{ NAMES("gazebo_ros_ray_sensor"), IN_SENSOR, "gpu_lidar sensor (Sensors system)",
	  PARAMS(SENSOR_FRAME, { "output_type", "", "sensor_msgs/PointCloud2", 0 },
		 { "min_intensity", "", "0", 0 }, { "radiation_type", "", "infrared", 0 }),
	  NAMES("topicName", "frameName", "gaussianNoise", "updateRate", "hokuyoMinIntensity",
		"robotNamespace", "alwaysOn"),
	  mig_ray, NULL, NULL },
	/* gazebo_ros_gps_sensor.cpp:79-89 */
	{ NAMES("gazebo_ros_gps_sensor"), IN_SENSOR, "navsat sensor (NavSat system)",
	  PARAMS(SENSOR_FRAME),
	  NAMES("topicName", "frameName", "updateRate", "robotNamespace", "alwaysOn"),
	  mig_gps, NULL, NULL },
	/* gazebo_ros_camera.cpp:170-478 */
	{ NAMES("gazebo_ros_camera"), IN_SENSOR, "camera or rgbd_camera sensor (Sensors system)",
	  PARAMS(SENSOR_FRAME, { "camera_name", "", NULL, 0 }, { "triggered", "", "false", 0 },
		 { "min_depth", "m", "0.4", 0 }, { "max_depth", "m", NULL, 0 }, { "cx", "px", "0", 0 },
		 { "cy", "px", "0", 0 }, { "focal_length", "px", "0", 0 }, { "hack_baseline", "m", "0", 0 },
		 { "distortion_k1", "", "0", 0 }, { "distortion_k2", "", "0", 0 },
		 { "distortion_k3", "", "0", 0 }, { "distortion_t1", "", "0", 0 },
		 { "distortion_t2", "", "0", 0 }, { "border_crop", "", "true", 0 },
		 { "update_rate", "Hz", NULL, 0 }),
	  NAMES("cameraName", "imageTopicName", "cameraInfoTopicName", "frameName", "updateRate",
		"distortionK1", "distortionK2", "distortionK3", "distortionT1", "distortionT2",
		"Cx", "Cy", "CxPrime", "focalLength", "hackBaseline", "pointCloudCutoff",
		"pointCloudCutoffMax", "depthImageTopicName", "depthImageCameraInfoTopicName",
		"pointCloudTopicName", "robotNamespace", "alwaysOn", "baseline", "imageTopicName"),
	  mig_camera,
	  /* noetic gazebo_ros_camera.cpp:55-74 and the camera utils */
	  PARAMS(CAMERA_UTILS1), mig_camera1 },
	/* noetic gazebo_ros_laser.cpp:86-148, gazebo_ros_gpu_laser.cpp:89-151
	 * (ROS 1 only: ROS 2 has gazebo_ros_ray_sensor) */
	{ NAMES("gazebo_ros_laser", "gazebo_ros_gpu_laser"), IN_SENSOR,
	  "gpu_lidar sensor, LaserScan (Sensors system)", NULL, NULL, NULL,
	  PARAMS({ "robotNamespace", "", "", 0 }, { "topicName", "", "/world", 0 },
		 { "frameName", "", "/world", 0 }),
	  mig_laser1 },
	/* noetic gazebo_ros_block_laser.cpp:105-182 (ROS 1 only) */
	{ NAMES("gazebo_ros_block_laser"), IN_SENSOR,
	  "gpu_lidar sensor, its cloud as PointCloud2 (Sensors system)", NULL, NULL, NULL,
	  PARAMS({ "robotNamespace", "", "", 0 }, { "topicName", "", "/world", 0 },
		 { "frameName", "", "/world", 0 }, { "gaussianNoise", "", "0", 1 },
		 { "hokuyoMinIntensity", "", "101", 1 }, { "updateRate", "Hz", "0", 1 }),
	  mig_block_laser1 },
	/* noetic gazebo_ros_openni_kinect.cpp:66-146 and the camera utils (ROS 1
	 * only) */
	{ NAMES("gazebo_ros_openni_kinect"), IN_SENSOR, "rgbd_camera sensor (Sensors system)",
	  NULL, NULL, NULL,
	  PARAMS(CAMERA_UTILS1, { "depthImageTopicName", "", "depth/image_raw", 0 },
		 { "depthImageCameraInfoTopicName", "", "depth/camera_info", 0 },
		 { "pointCloudTopicName", "", "points", 0 },
		 { "pointCloudCutoff", "m", "0.4", 0 }, { "pointCloudCutoffMax", "m", "5", 0 },
		 { "useDepth16UC1Format", "", "false", 1 }),
	  mig_openni1 },
	/* gazebo_ros_bumper.cpp:91-99 */
	{ NAMES("gazebo_ros_bumper"), IN_SENSOR, "contact sensor (Contact system)",
	  PARAMS(SENSOR_FRAME),
	  NAMES("bumperTopicName", "frameName", "robotNamespace", "alwaysOn", "updateRate"),
	  mig_bumper, NULL, NULL },
	/* gazebo_ros_ft_sensor.cpp ros2 90-160 (joint mode 135-147), noetic 60-126 */
	{ NAMES("gazebo_ros_ft_sensor"), IN_MODEL, "force_torque sensor in the joint (ForceTorque "
	  "system)",
	  PARAMS({ "joint_name", "", NULL, 0 }, { "body_name", "", NULL, 0 },
		 { "frame_name", "", NULL, 0 }, { "update_rate", "Hz", "0", 0 },
		 { "gaussian_noise", "N, N m", "0", 0 }),
	  NAMES("jointName", "topicName", "gaussianNoise", "updateRate", "robotNamespace"),
	  mig_ft,
	  PARAMS({ "robotNamespace", "", "", 0 }, { "jointName", "", NULL, 0 },
		 { "topicName", "", NULL, 0 }, { "gaussianNoise", "N, N m", "0", 0 },
		 { "updateRate", "Hz", "0", 0 }),
	  mig_ft1 },
	/* plugins left, each with why */
	{ NAMES("gazebo_ros_force"), IN_MODEL, NULL, NULL, NULL, left_force, NULL, NULL },
	{ NAMES("gazebo_ros_imu", "hector_gazebo_ros_imu"), IN_MODEL, NULL, NULL, NULL,
	  left_imu_model, NULL, NULL },
	{ NAMES("gazebo_ros_control"), IN_MODEL, NULL, NULL, NULL, left_ros_control, NULL, NULL },
	/* gazebo_ros_diff_drive.cpp:247-406 */
	{ NAMES("gazebo_ros_diff_drive"), IN_MODEL, "DiffDrive (+ OdometryPublisher)",
	  PARAMS({ "num_wheel_pairs", "", "1", 0 }, { "left_joint", "", NULL, 0 },
		 { "right_joint", "", NULL, 0 }, { "wheel_separation", "m", "0.34", 0 },
		 { "wheel_diameter", "m", "0.15", 0 }, { "max_wheel_acceleration", "m/s^2", "0", 0 },
		 { "max_wheel_torque", "N m", "5", 0 }, { "update_rate", "Hz", "100", 0 },
		 { "publish_odom", "", "false", 0 }, { "publish_odom_tf", "", "false", 0 },
		 { "publish_wheel_tf", "", "false", 0 }, { "odometry_source", "", "1", 0 },
		 { "odometry_frame", "", "odom", 0 }, { "robot_base_frame", "", "base_footprint", 0 },
		 { "covariance_x", "", "0.00001", 0 }, { "covariance_y", "", "0.00001", 0 },
		 { "covariance_yaw", "", "0.001", 0 }),
	  NAMES("leftJoint", "rightJoint", "wheelSeparation", "wheelDiameter",
		"wheelAcceleration", "wheelTorque", "commandTopic", "odometryTopic",
		"odometryFrame", "robotBaseFrame", "publishOdomTF", "publishWheelTF",
		"publishWheelJointState", "odometrySource", "updateRate", "robotNamespace",
		"rosDebugLevel", "publishTf", "legacyMode", "alwaysOn"),
	  mig_diff_drive, NULL, NULL },
	/* gazebo_ros_joint_state_publisher.cpp:97-145 */
	{ NAMES("gazebo_ros_joint_state_publisher"), IN_MODEL, "JointStatePublisher",
	  PARAMS({ "joint_name", "", NULL, 0 }, { "update_rate", "Hz", "100", 0 }),
	  NAMES("jointName", "updateRate", "robotNamespace", "alwaysOn"),
	  mig_joint_states, NULL, NULL },
	/* gazebo_ros_p3d.cpp:102-186 */
	{ NAMES("gazebo_ros_p3d"), IN_MODEL, "OdometryPublisher",
	  PARAMS({ "body_name", "", NULL, 0 }, { "frame_name", "", "world", 0 },
		 { "update_rate", "Hz", "0", 0 }, { "xyz_offset", "m", "0 0 0", 0 },
		 { "rpy_offset", "rad", "0 0 0", 0 }, { "gaussian_noise", "", "0", 0 }),
	  NAMES("bodyName", "topicName", "frameName", "xyzOffsets", "rpyOffsets", "xyzOffset",
		"rpyOffset", "gaussianNoise", "updateRate", "robotNamespace", "alwaysOn"),
	  mig_p3d, NULL, NULL },
	/* gazebo_ros_planar_move.cpp:141-195 */
	{ NAMES("gazebo_ros_planar_move"), IN_MODEL, "VelocityControl + OdometryPublisher",
	  PARAMS({ "odometry_frame", "", "odom", 0 }, { "robot_base_frame", "", "base_footprint", 0 },
		 { "update_rate", "Hz", "20", 0 }, { "publish_rate", "Hz", "20", 0 },
		 { "publish_odom", "", "true", 0 }, { "publish_odom_tf", "", "true", 0 },
		 { "covariance_x", "", "0.00001", 0 }, { "covariance_y", "", "0.00001", 0 },
		 { "covariance_yaw", "", "0.001", 0 }),
	  NAMES("commandTopic", "odometryTopic", "odometryFrame", "odometryRate",
		"robotBaseFrame", "robotNamespace", "alwaysOn", "updateRate"),
	  mig_planar_move, NULL, NULL },
	/* gazebo_ros2_control_plugin.cpp (humble 174-214, master 260-276) */
	{ NAMES("gazebo_ros2_control"), IN_MODEL, "gz_ros2_control (ign_ros2_control for Fortress)",
	  PARAMS({ "parameters", "", NULL, 0 }, { "hold_joints", "", "true", 0 },
		 { "controller_manager_name", "", "controller_manager", 0 },
		 { "robot_param", "", "robot_description", 0 },
		 { "robot_param_node", "", "robot_state_publisher", 0 },
		 { "control_period", "s", NULL, 0 }, { "e_stop_topic", "", NULL, 0 }),
	  NULL, mig_ros2_control, NULL, NULL },
};

#define CLASSIC_COUNT (sizeof CLASSIC_ROWS / sizeof CLASSIC_ROWS[0])

static const struct mig_row *row_of(const char *file)
{
	char buf[128];
	const char *base = file ? gz_plugin_base(file, buf, sizeof buf) : NULL;

	for (size_t i = 0; base && i < CLASSIC_COUNT; i++)
		for (const char *const *p = CLASSIC_ROWS[i].files; *p; p++)
			if (!fnmatch(*p, base, 0))
				return &CLASSIC_ROWS[i];
	return NULL;
}

int migrate_handles(const char *filename)
{
	const struct mig_row *row = row_of(filename);

	return row && row->becomes;
}

/* ---- the walk ------------------------------------------------------------- */

/* Whether PLUGIN is written in the ROS 1 dialect: no <ros>, and a tag only
 * the ROS 1 plugin reads; every plugin of a row that has no ROS 2 one. */
static int ros1_dialect(const struct mig_row *row, const struct xnode *plugin)
{
	const struct xnode *c;
	int ros1 = !row->params;

	for (c = plugin->first; c && row->params; c = c->next) {
		if (strcmp(c->name, "ros") == 0 || param_index(row->params, c->name) >= 0)
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

/* The ROS 1 parameters given that the migration has no equivalent for,
 * each with a value other than Classic's default: said. */
static void dropped_said(struct mig *g)
{
	for (int i = 0; g->params[i].name; i++) {
		const char *v = g->arg[i] ? text_of(g, g->arg[i]) : NULL;
		double x, d;
		if (!g->params[i].dropped || !v || (g->params[i].dflt &&
		    (!strcmp(v, g->params[i].dflt) || (num_parse(v, &x) == 0 &&
		     num_parse(g->params[i].dflt, &d) == 0 && x == d))))
			continue;
		approx(g, g->arg[i], "%s", arena_cat3(g->a, "<", 1, g->params[i].name,
			arena_cat3(g->a, "> '", 3, v, "' has no equivalent in what it becomes: "
				   "left out")));
	}
}

/* The row's function for the plugin's dialect (NULL: none). */
static mig_fn *dialect_fn(struct mig *g)
{
	g->ros1 = ros1_dialect(g->row, g->plugin);
	g->params = g->ros1 ? g->row->params1 : g->row->params;
	g->why = NULL;
	return g->ros1 ? g->row->fn1 : g->row->fn;
}

/* PLUGIN (in SENSOR when not NULL, of written link LINK), migrated if it
 * is a Classic plugin the table has; 1 when the block changed. */
static int plugin_seen(struct mig *g, struct xnode *plugin, struct xnode *sensor,
		       const struct link *link)
{
	const struct mig_row *row = row_of(xnode_attr(plugin, "filename"));
	mig_fn *fn;

	if (!row || (row->place == IN_SENSOR) != (sensor != NULL))
		return 0;
	g->row = row;
	g->plugin = plugin;
	g->sensor = sensor;
	g->link = link;
	g->file = xnode_attr(plugin, "filename");
	g->name = xnode_attr(plugin, "name") ? xnode_attr(plugin, "name") : "";
	if (!row->becomes) {   /* one it leaves: why */
		g->why = NULL;
		row->fn(g);
		refuse(g, g->why);
		return 0;
	}
	if (!(fn = dialect_fn(g))) {
		refuse(g, "it is written for the ROS 1 plugin (no <ros>, ROS 1 tags): --migrate "
		       "migrates the ROS 1 dialect of sensor plugins and of gazebo_ros_ft_sensor "
		       "only; port it to ROS 2 first");
		return 0;
	}
	read_args(g);
	if (fn(g) != 0) {
		refuse(g, g->why ? g->why : row->fn == mig_ray ? "its output_type is "
		       "sensor_msgs/Range, which neither gz-sim nor ros_gz_bridge has: a gpu_lidar "
		       "with a few rays publishes a LaserScan, which a node of your own can turn "
		       "into a Range" :
		       "what it names has no gz-sim equivalent here (a p3d on a moving link or "
		       "relative to a link; a camera without <camera>)");
		return 0;
	}
	if (g->ros1)
		dropped_said(g);
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

/* The nodes that took the place of B among its siblings (from after
 * BEFORE up to AFTER) appended to FRESH, or B itself when it stayed. */
static void in_place(struct mig *g, struct xnode *b, struct xnode *parent, struct xnode *before,
		     struct xnode *after, struct node_list *fresh)
{
	struct xnode *c;

	if (b->parent || !parent) {
		node_list_push(&g->rb->arena, fresh, b);
		return;
	}
	for (c = before ? before->next : parent->first; c && c != after; c = c->next)
		node_list_push(&g->rb->arena, fresh, c);
}

/* A Classic plugin gz-sim cannot load, left after migration: out of the
 * tree (so out of the SDF and the migrated URDF) and on the list U2S1202
 * names it from. */
static void leave_out(struct mig *g, struct xnode *plugin)
{
	struct migration *m = g->m;

	if (m->ndropped == m->dropped_cap) {
		unsigned cap = m->dropped_cap ? 2 * m->dropped_cap : 8;
		const struct xnode **v = ARENA_ARRAY(g->a, const struct xnode *, cap);
		if (m->ndropped)
			memcpy(v, m->dropped, m->ndropped * sizeof *v);
		m->dropped = v;
		m->dropped_cap = cap;
	}
	m->dropped[m->ndropped++] = plugin;
	drop(plugin);
}

static int classic_left(const struct xnode *n)
{
	return n->parent && strcmp(n->name, "plugin") == 0 &&
	       gz_classic_plugin(xnode_attr(n, "filename")) != NULL;
}

/* The Classic plugins of BLOB (itself, or a sensor's) that migration left:
 * left out; 1 when there was one. */
static int leave_out_leftovers(struct mig *g, struct xnode *blob)
{
	struct xnode *c, *next;
	int changed = 0;

	if (classic_left(blob)) {
		leave_out(g, blob);
		return 1;
	}
	if (strcmp(blob->name, "sensor") != 0)
		return 0;
	for (c = blob->first; c; c = next) {
		next = c->next;
		if (classic_left(c)) {
			leave_out(g, c);
			changed = 1;
		}
	}
	return changed;
}

/* The Classic plugins among E's <visual> children (gazebo_ros_video,
 * Unitree's force drawing), left out; 1 when there was one. */
static int visual_leftovers(struct mig *g, struct ext *e)
{
	struct node_list kept = { NULL, 0, 0 };
	int changed = 0;

	for (unsigned i = 0; i < e->visual_blobs.n; i++) {
		struct xnode *b = e->visual_blobs.v[i];
		if (classic_left(b)) {
			leave_out(g, b);
			changed = 1;
		} else {
			node_list_push(&g->rb->arena, &kept, b);
		}
	}
	if (changed)
		e->visual_blobs = kept;
	return changed;
}

static void exts_seen(struct mig *g, const struct ext_list *l, const struct link *link)
{
	const struct ext_ref *r;

	for (r = l->first; r; r = r->next) {
		int changed = 0;
		/* the list changes as sensors are replaced: walk a copy of it */
		unsigned n = r->ext->blobs.n;
		struct xnode **v = ARENA_ARRAY(g->a, struct xnode *, n ? n : 1);
		struct node_list fresh = { NULL, 0, 0 };
		if (n)
			memcpy(v, r->ext->blobs.v, n * sizeof *v);
		for (unsigned i = 0; i < n; i++) {
			struct xnode *parent = v[i]->parent, *before = v[i]->prev, *after = v[i]->next;
			changed |= blob_seen(g, v[i], link);
			changed |= leave_out_leftovers(g, v[i]);
			in_place(g, v[i], parent, before, after, &fresh);
		}
		changed |= visual_leftovers(g, r->ext);
		if (changed) {
			r->ext->blobs = fresh;
			r->ext->block->migrated = 1;
		}
	}
}

/* Model-level blob B (a child of a model block) migrated: the blobs now in
 * its place, appended to FRESH; 1 when it changed. */
static int model_blob_seen(struct mig *g, struct xnode *b, struct node_list *fresh)
{
	struct xnode *parent = b->parent, *before = b->prev, *after = b->next;
	int changed = parent && plugin_seen(g, b, NULL, NULL);

	changed |= leave_out_leftovers(g, b);
	/* the plugin left the tree only when replaced (gazebo_ros2_control
	 * is changed where it is) or left out */
	in_place(g, b, parent, before, after, fresh);
	return changed;
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
	FOR_WRITTEN_SOURCES(rb, i, l, src)
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
