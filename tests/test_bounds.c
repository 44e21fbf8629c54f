/* Unit tests of src/bounds.c and src/meshbounds.c: how low each primitive
 * reaches, turned every way; the vertices of STL (binary and ASCII), OBJ
 * and COLLADA files written here, scaled and turned; and the placement
 * on the ground --world writes, end to end. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bounds.h"
#include "meshbounds.h"
#include "u2s.h"

#define EPS 1e-12
#define HALF_PI 1.5707963267948966

static struct pose at(double z, double roll, double pitch, double yaw)
{
	const double xyz[3] = { 0.5, -2, z }, rpy[3] = { roll, pitch, yaw };

	return pose_from_xyz_rpy(xyz, rpy);
}

static struct geometry box(double x, double y, double z)
{
	struct geometry g = { .kind = GEOM_BOX };

	g.size[0] = x;
	g.size[1] = y;
	g.size[2] = z;
	return g;
}

static struct geometry round_shape(enum geom_kind kind, double length, double radius)
{
	struct geometry g = { .kind = kind };

	g.length = length;
	g.radius = radius;
	return g;
}

Test(bounds, box_each_way)
{
	struct geometry g = box(1, 2, 3);

	cr_assert_float_eq(bounds_lowest(&g, at(10, 0, 0, 0)), 10 - 1.5, EPS);
	cr_assert_float_eq(bounds_lowest(&g, at(10, HALF_PI, 0, 0)), 10 - 1, EPS);
	cr_assert_float_eq(bounds_lowest(&g, at(10, 0, HALF_PI, 0)), 10 - 0.5, EPS);
	cr_assert_float_eq(bounds_lowest(&g, at(10, 0, 0, 1.2)), 10 - 1.5, EPS, "yaw keeps it");
	/* 45 degrees about x: corners at (y, z) = (+-1, +-1.5) turned */
	cr_assert_float_eq(bounds_lowest(&g, at(10, HALF_PI / 2, 0, 0)),
			   10 - (1 + 1.5) * sqrt(0.5), EPS);
}

Test(bounds, cylinder_capsule_sphere)
{
	struct geometry cyl = round_shape(GEOM_CYLINDER, 2, 0.5);
	struct geometry cap = round_shape(GEOM_CAPSULE, 2, 0.5);
	struct geometry sph = { .kind = GEOM_SPHERE };

	sph.radius = 0.7;
	cr_assert_float_eq(bounds_lowest(&cyl, at(3, 0, 0, 0)), 2, EPS, "upright: half its length");
	cr_assert_float_eq(bounds_lowest(&cyl, at(3, HALF_PI, 0, 0)), 2.5, EPS, "lying: its radius");
	cr_assert_float_eq(bounds_lowest(&cyl, at(3, 0, HALF_PI / 2, 0)),
			   3 - sqrt(0.5) * (1 + 0.5), EPS, "tilted: the rim");
	cr_assert_float_eq(bounds_lowest(&cap, at(3, 0, 0, 0)), 1.5, EPS, "upright: the cap");
	cr_assert_float_eq(bounds_lowest(&cap, at(3, 0, HALF_PI / 2, 0)), 3 - sqrt(0.5) - 0.5, EPS);
	cr_assert_float_eq(bounds_lowest(&sph, at(3, 1, 2, 3)), 2.3, EPS);
	cr_assert(isnan(bounds_lowest(&(struct geometry){ .kind = GEOM_MESH }, at(0, 0, 0, 0))));
}

/* ---- mesh files -------------------------------------------------------------- */

static char dir[] = "/tmp/u2s-bounds-XXXXXX";

static void make_dir(void)
{
	cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[64];

	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
}

static const char *put(const char *name, const void *data, size_t n)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	cr_assert_not_null(f = fopen(path, "wb"));
	cr_assert_eq(fwrite(data, 1, n, f), n);
	cr_assert_eq(fclose(f), 0);
	return path;
}

/* Three triangles whose lowest vertex is (1, 2, -3) and highest (0, 0, 5). */
static const float TRI[3][9] = {
	{ 0, 0, 5, 1, 0, 0, 0, 1, 0 },
	{ 1, 2, -3, 0, 0, 0, 4, 4, 4 },
	{ -1, -1, 1, 0, 0, 1, 1, 1, 1 },
};

static const char *binary_stl(void)
{
	unsigned char b[84 + 3 * 50] = { 0 };
	int t;

	memcpy(b, "solid but binary", 16);   /* a header that starts like ASCII */
	b[80] = 3;
	for (t = 0; t < 3; t++)
		memcpy(b + 84 + 50 * t + 12, TRI[t], sizeof TRI[t]);   /* little-endian hosts */
	return put("b.STL", b, sizeof b);
}

/* Probes: straight down (z), down a scaled z (scale 2 -> 2 z), and x. */
static void probe(const char *path, double low_z, double low_x)
{
	struct mesh_probe p[3] = { { { 0, 0, 1 }, INFINITY }, { { 0, 0, 2 }, INFINITY },
				   { { 1, 0, 0 }, INFINITY } };
	TALLOC_CTX *tmp = talloc_new(NULL);
	oom_jump jump;
	const char *why;

	if (setjmp(jump))
		cr_assert_fail("out of memory");
	why = meshbounds_read(tmp, &jump, path, p, 3);
	cr_assert_null(why, "%s: %s", path, why);
	cr_assert_float_eq(p[0].low, low_z, 1e-9, "%s: %g", path, p[0].low);
	cr_assert_float_eq(p[1].low, 2 * low_z, 1e-9, "%s", path);
	cr_assert_float_eq(p[2].low, low_x, 1e-9, "%s: %g", path, p[2].low);
	talloc_free(tmp);
}

Test(bounds, stl_binary_and_ascii, .init = make_dir, .fini = remove_dir)
{
	static const char ascii[] =
		"solid t\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 5\n   vertex 1 0 0\n"
		"   vertex 0 1 0\n  endloop\n endfacet\n facet normal 0 0 1\n  outer loop\n"
		"   VERTEX 1 2 -3\n   vertex 0 0 0\n   vertex 4 4 4\n  endloop\n endfacet\n"
		" facet normal 0 0 1 outer loop vertex -1 -1 1 vertex 0 0 1 vertex 1 1 1 endloop\n"
		"endfacet\nendsolid t\n";

	probe(binary_stl(), -3, -1);
	probe(put("a.stl", ascii, strlen(ascii)), -3, -1);
}

Test(bounds, obj_v_lines, .init = make_dir, .fini = remove_dir)
{
	static const char obj[] = "# a comment\nmtllib m.mtl\nv 0 0 5\n  v 1 2 -3 1.0\nvt 0 -9\n"
				  "vn 0 0 -9\nv\t-1 -1 1\nf 1 2 3\n";

	probe(put("m.obj", obj, strlen(obj)), -3, -1);
}

/* A COLLADA file in centimetres (unit 0.01).  Geometry g is instantiated
 * by node 'parent' (100 up) and by its child 'child' (200 down from it):
 * gz-common loads a node's children first and keeps a source's vertices
 * as the first instance transformed them, so both instances of g are at
 * 100 down (z from -103 cm).  Geometry h is turned 90 degrees about x (y
 * becomes z: from -4 cm) and moved 2 along x.  A third geometry, used by
 * no node, lies far below and is not seen. */
static const char DAE[] =
	"<?xml version='1.0'?>\n<COLLADA version='1.4.1'><asset><unit meter='0.01'/>"
	"<up_axis>Z_UP</up_axis></asset><library_geometries>"
	"<geometry id='g'><mesh><source id='g-pos'><float_array id='g-arr' count='9'>"
	"0 0 5 1 2 -3\n -1 -1 1</float_array><technique_common>"
	"<accessor source='#g-arr' count='3' stride='3'/></technique_common></source>"
	"<vertices id='g-v'><input semantic='POSITION' source='#g-pos'/></vertices>"
	"<triangles count='1'><input semantic='VERTEX' source='#g-v' offset='0'/><p>0 1 2</p>"
	"</triangles></mesh></geometry>"
	"<geometry id='h'><mesh><source id='h-pos'><float_array id='h-arr' count='9'>"
	"0 -4 0 3 0 1 4 0 0</float_array><technique_common><accessor stride='3'/>"
	"</technique_common></source><vertices id='h-v'><input semantic='POSITION' "
	"source='#h-pos'/></vertices></mesh></geometry>"
	"<geometry id='unused'><mesh><source id='u-pos'><float_array id='u-arr' count='3'>"
	"0 0 -999</float_array><technique_common><accessor stride='3'/></technique_common>"
	"</source><vertices id='u-v'><input semantic='POSITION' source='#u-pos'/></vertices>"
	"</mesh></geometry></library_geometries>"
	"<library_visual_scenes><visual_scene id='s'>"
	"<node name='parent'><translate>0 0 100</translate><instance_geometry url='#g'/>"
	"<node name='child'><translate>0 0 -200</translate><instance_geometry url='#g'/>"
	"</node></node>"
	"<node name='outer'><translate>2 0 0</translate>"
	"<node name='turned'><rotate>1 0 0 90</rotate><instance_geometry url='#h'/></node></node>"
	"</visual_scene></library_visual_scenes>"
	"<scene><instance_visual_scene url='#s'/></scene></COLLADA>\n";

Test(bounds, collada_nodes_and_unit, .init = make_dir, .fini = remove_dir)
{
	/* z: g's lowest at -103 cm (h's -4 cm); x: g's -1 cm (h's from 2 cm) */
	probe(put("m.dae", DAE, strlen(DAE)), -1.03, -0.01);
}

Test(bounds, unreadable_files_say_why, .init = make_dir, .fini = remove_dir)
{
	struct mesh_probe p = { { 0, 0, 1 }, INFINITY };
	TALLOC_CTX *tmp = talloc_new(NULL);
	oom_jump jump;
	static const char skinned[] =
		"<COLLADA><library_visual_scenes><visual_scene id='s'><node>"
		"<instance_controller url='#c'/></node></visual_scene></library_visual_scenes>"
		"<scene><instance_visual_scene url='#s'/></scene></COLLADA>";

	if (setjmp(jump))
		cr_assert_fail("out of memory");
	cr_assert_not_null(meshbounds_read(tmp, &jump, "/nonexistent/x.stl", &p, 1));
	{
		char fifo[128];
		snprintf(fifo, sizeof fifo, "%s/f.stl", dir);
		cr_assert_eq(mkfifo(fifo, 0600), 0);
		cr_assert_str_eq(meshbounds_read(tmp, &jump, fifo, &p, 1), "not a regular file",
				 "a FIFO is refused, not waited on");
	}
	cr_assert_not_null(meshbounds_read(tmp, &jump, put("x.ply", "ply", 3), &p, 1));
	cr_assert_not_null(meshbounds_read(tmp, &jump, put("x.stl", "not an stl", 10), &p, 1));
	cr_assert_not_null(meshbounds_read(tmp, &jump, put("x.obj", "v 1 2\n", 6), &p, 1));
	cr_assert_not_null(meshbounds_read(tmp, &jump, put("x.dae", "<COLLADA>", 9), &p, 1));
	cr_assert(strstr(meshbounds_read(tmp, &jump, put("s.dae", skinned, strlen(skinned)), &p, 1),
			 "instance_controller"));
	talloc_free(tmp);
}

/* ---- end to end ---------------------------------------------------------------- */

#define INERTIAL "<inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1' ixy='0' " \
		 "ixz='0' iyz='0'/></inertial>"

struct run {
	int rc;
	char *sdf, msgs[4096];
	struct u2s_stats st;
};

static void on_diag(void *arg, enum u2s_severity sev, const char *line)
{
	struct run *r = arg;

	(void)sev;
	strncat(r->msgs, line, sizeof r->msgs - strlen(r->msgs) - 2);
	strcat(r->msgs, "\n");
}

static void on_stats(void *arg, const struct u2s_stats *st)
{
	((struct run *)arg)->st = *st;
}

static struct run convert(const char *urdf, unsigned flags)
{
	struct u2s_options o = U2S_OPTIONS_INIT;
	struct run r = { 0 };
	char name[128];

	snprintf(name, sizeof name, "%s/t.urdf", dir);   /* relative meshes: in DIR */
	o.flags = flags;
	o.diag_fn = on_diag;
	o.diag_arg = &r;
	o.stats_fn = on_stats;
	o.stats_arg = &r;
	r.rc = u2s_convert_buffer(urdf, strlen(urdf), name, &r.sdf, NULL, &o);
	return r;
}

/* A base 0.2 m high box at 0.5 m, and a leg below it: a mesh (the binary
 * STL, scaled by 0.1 and turned upside down: its highest vertex, z 5,
 * becomes its lowest, -0.5 m below the leg's frame), lumped into the base. */
static const char ROBOT[] =
	"<robot name='r'><link name='base'>" INERTIAL "<collision><origin xyz='0 0 0.5'/>"
	"<geometry><box size='1 1 0.2'/></geometry></collision></link>"
	"<joint name='j' type='fixed'><parent link='base'/><child link='leg'/>"
	"<origin xyz='0 0 0.2'/></joint><link name='leg'>" INERTIAL
	"<collision name='foot'><origin rpy='3.141592653589793 0 0'/><geometry>"
	"<mesh filename='b.STL' scale='0.1 0.1 0.1'/></geometry></collision></link></robot>";

Test(bounds, world_places_the_model, .init = make_dir, .fini = remove_dir)
{
	struct run r;

	binary_stl();
	r = convert(ROBOT, U2S_WORLD);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	/* the foot's lowest: 0.2 - 0.5 = -0.3 (the box's is 0.4) */
	cr_assert(strstr(r.sdf, "    <pose>0 0 0.3 0 0 0</pose>\n  </model>"), "%s", r.sdf);
	cr_assert(strstr(r.msgs, "placed at z = 0.3 m"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "(link 'base', collision 'base_fixed_joint_lump__foot_collision"
			 "_1')"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "[U2S1220]"), "%s", r.msgs);
	cr_assert_eq(r.st.placed, 1);
	cr_assert_float_eq(r.st.place_z, 0.3, 1e-12);
	free(r.sdf);
	r = convert(ROBOT, U2S_WORLD | U2S_NO_GROUND);   /* a ground the user adds: placed too */
	cr_assert(strstr(r.sdf, "<pose>0 0 0.3 0 0 0</pose>\n  </model>"), "%s", r.sdf);
	free(r.sdf);
	r = convert(ROBOT, U2S_PLACE);   /* told, not written */
	cr_assert_eq(r.st.placed, 1);
	cr_assert_null(strstr(r.sdf, "<pose>0 0 0.3"), "%s", r.sdf);
	free(r.sdf);
	r = convert(ROBOT, 0);   /* not asked: nothing measured, nothing said */
	cr_assert_eq(r.st.placed, 0);
	cr_assert_null(strstr(r.msgs, "U2S122"), "%s", r.msgs);
	free(r.sdf);
}

/* Places composed through a chain of joints each turned a quarter about x
 * and 1 m up in its parent's frame: link k is turned k quarters, and l3,
 * three quarters round, stands at z 0 with its 2 m side upright, its box
 * reaching 1 m below; l4's sphere, a full turn round, only 0.25 m. */
#define TURNED_JOINT(k, parent) \
	"<joint name='j" #k "' type='revolute'><parent link='" parent "'/><child link='l" #k "'/>" \
	"<origin xyz='0 0 1' rpy='1.5707963267948966 0 0'/><axis xyz='0 0 1'/>" \
	"<limit lower='-1' upper='1' effort='1' velocity='1'/></joint>"
static const char TURNED[] =
	"<robot name='r'><link name='base'>" INERTIAL "</link>"
	TURNED_JOINT(1, "base") "<link name='l1'>" INERTIAL "</link>"
	TURNED_JOINT(2, "l1") "<link name='l2'>" INERTIAL "</link>"
	TURNED_JOINT(3, "l2") "<link name='l3'>" INERTIAL
	"<collision name='box'><geometry><box size='1 2 0.5'/></geometry></collision></link>"
	TURNED_JOINT(4, "l3") "<link name='l4'>" INERTIAL
	"<collision name='ball'><geometry><sphere radius='0.25'/></geometry></collision></link>"
	"</robot>";

Test(bounds, places_compose_turned_joints, .init = make_dir, .fini = remove_dir)
{
	struct run r = convert(TURNED, U2S_WORLD);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert(strstr(r.sdf, "    <pose>0 0 1 0 0 0</pose>\n  </model>"), "%s", r.sdf);
	cr_assert(strstr(r.msgs, "(link 'l3', collision 'l3_fixed_joint_lump__box_collision')"),
		  "%s", r.msgs);
	free(r.sdf);
}

Test(bounds, what_is_not_placed, .init = make_dir, .fini = remove_dir)
{
	static const char fixed[] =
		"<robot name='r'><link name='world'/><joint name='f' type='fixed'><parent "
		"link='world'/><child link='b'/></joint><link name='b'>" INERTIAL "<collision>"
		"<geometry><sphere radius='1'/></geometry></collision></link></robot>";
	static const char bare[] = "<robot name='r'><link name='b'>" INERTIAL "</link></robot>";
	static const char lost[] =
		"<robot name='r'><link name='b'>" INERTIAL "<collision><geometry>"
		"<mesh filename='gone.stl'/></geometry></collision></link></robot>";
	struct run r;

	r = convert(fixed, U2S_WORLD);   /* fixed to the world: its author's place */
	cr_assert_eq(r.st.placed, 0);
	cr_assert_null(strstr(r.msgs, "U2S122"), "%s", r.msgs);
	free(r.sdf);
	r = convert(bare, U2S_WORLD);
	cr_assert(strstr(r.msgs, "left at z = 0: it has no collision"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "[U2S1221]"), "%s", r.msgs);
	cr_assert_null(strstr(r.sdf, "</pose>\n  </model>"), "%s", r.sdf);
	free(r.sdf);
	r = convert(lost, U2S_WORLD);
	cr_assert(strstr(r.msgs, "mesh 'gone.stl' (a collision of link 'b') cannot be read"),
		  "%s", r.msgs);
	cr_assert(strstr(r.msgs, "[U2S1222]"), "%s", r.msgs);
	cr_assert(strstr(r.msgs, "none of its 1 collisions could be measured"), "%s", r.msgs);
	free(r.sdf);
}
