/* --migrate's Classic material scripts (src/classic_material.h): the table,
 * and what a robot's <gazebo> materials become. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic_material.h"
#include "convtest.h"

/* ---- the table ------------------------------------------------------------- */

Test(classic_table, sorted_for_the_search)
{
	unsigned i;

	cr_assert_gt(CLASSIC_MATERIAL_COUNT, 60);
	for (i = 1; i < CLASSIC_MATERIAL_COUNT; i++)
		cr_assert_lt(strcmp(CLASSIC_MATERIALS[i - 1].name, CLASSIC_MATERIALS[i].name), 0,
			     "%s before %s", CLASSIC_MATERIALS[i - 1].name, CLASSIC_MATERIALS[i].name);
	for (i = 0; i < CLASSIC_MATERIAL_COUNT; i++)
		cr_assert_eq(classic_material_find(CLASSIC_MATERIALS[i].name), &CLASSIC_MATERIALS[i]);
}

Test(classic_table, lookup)
{
	const struct classic_material *m = classic_material_find("Gazebo/Black");

	cr_assert_not_null(m);
	cr_assert_eq(m->kind, CLASSIC_SOLID);
	cr_assert_eq(m->diffuse[0], 0.0f);
	cr_assert_eq(m->specular[0], 0.1f);
	cr_assert_eq(m->diffuse[3], 1.0f);
	cr_assert_eq(m->has_emissive, 0);
	/* Ogre's names are case-sensitive, and Classic spells Grey */
	cr_assert_null(classic_material_find("gazebo/black"));
	cr_assert_null(classic_material_find("Gazebo/Gray"));
	cr_assert_null(classic_material_find("Gazebo/Xyz"));
	cr_assert_null(classic_material_find(""));
}

/* Inheritance: WhiteGlow is White and an emissive colour. */
Test(classic_table, inherited_and_emissive)
{
	const struct classic_material *m = classic_material_find("Gazebo/WhiteGlow");

	cr_assert_not_null(m);
	cr_assert_eq(m->ambient[0], 1.0f);
	cr_assert_eq(m->specular[0], 0.1f);
	cr_assert(m->has_emissive && m->emissive[0] == 1.0f);
}

Test(classic_table, kinds)
{
	const struct classic_material *wood = classic_material_find("Gazebo/WoodFloor");
	const struct classic_material *sky = classic_material_find("Gazebo/CloudySky");

	cr_assert_eq(wood->kind, CLASSIC_LOSSY);
	cr_assert_str_eq(wood->dropped, "texture hardwood_floor.jpg");
	cr_assert_eq(wood->ambient[0], 0.5f);
	cr_assert_eq(wood->diffuse[0], 1.0f);   /* Ogre's default for a pass */
	cr_assert_eq(classic_material_find("Gazebo/GreenTransparent")->kind, CLASSIC_LOSSY);
	cr_assert_eq(sky->kind, CLASSIC_NO_COLOUR);
	cr_assert_eq(classic_material_find("Gazebo/DepthMap")->kind, CLASSIC_NO_COLOUR);
}

Test(classic_table, meant)
{
	cr_assert_str_eq(classic_material_meant("Gazebo/DarkGray")->name, "Gazebo/DarkGrey");
	cr_assert_str_eq(classic_material_meant("Gazebo/Gray")->name, "Gazebo/Grey");
	cr_assert_str_eq(classic_material_meant("gazebo/black")->name, "Gazebo/Black");
	cr_assert_null(classic_material_meant("Gazebo/Black"));
	cr_assert_null(classic_material_meant("Gazebo/Xyz"));
	cr_assert_null(classic_material_meant("PR2/Blue"));
}

/* ---- conversions --------------------------------------------------------------- */

#define INERTIAL "<inertial><mass value='1'/>" \
	"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"
#define LINK(name) "<link name='" name "'>" INERTIAL \
	"<visual><geometry><box size='1 1 1'/></geometry></visual></link>\n"
#define JOINT(parent, child) "<joint name='" parent "_" child "' type='revolute'>" \
	"<parent link='" parent "'/><child link='" child "'/><axis xyz='0 0 1'/>" \
	"<limit lower='-1' upper='1' effort='1' velocity='1'/></joint>\n"

/* Five links, each with a <gazebo> <material>: two Classic colours, an
 * unknown Gazebo/ name, a textured one, a robot's own script. */
static const char ROBOT[] =
	"<robot name='r'>\n"
	LINK("a") LINK("b") LINK("c") LINK("d") LINK("e")
	JOINT("a", "b") JOINT("b", "c") JOINT("c", "d") JOINT("d", "e")
	"<gazebo reference='a'><material>Gazebo/Black</material></gazebo>\n"
	"<gazebo reference='b'><material>Gazebo/Red</material></gazebo>\n"
	"<gazebo reference='c'><material>Gazebo/Xyz</material></gazebo>\n"
	"<gazebo reference='d'><material>Gazebo/WoodFloor</material></gazebo>\n"
	"<gazebo reference='e'><material>MyRobot/Blue</material></gazebo>\n"
	"</robot>\n";

static struct result convert_flags(const char *urdf, unsigned flags, const char *version)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	opts.flags = flags;
	opts.sdf_version = version;
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_OK, "rc %d; messages:\n%s", r.rc, r.msgs);
	return r;
}

/* The <material> of link NAME's visual, as written. */
static char *material_of(const struct result *r, const char *name)
{
	char open[64];
	const char *v, *m, *end;

	snprintf(open, sizeof open, "<visual name='%s_visual'>", name);
	v = strstr(r->sdf, open);
	cr_assert_not_null(v, "no %s in\n%s", open, r->sdf);
	m = strstr(v, "<material>");
	end = m ? strstr(m, "</material>") : NULL;
	cr_assert(m && end && end < strstr(v, "</visual>"), "no material in %s", open);
	return strndup(m, (size_t)(end - m));
}

static void has(const char *hay, const char *needle)
{
	cr_assert_not_null(strstr(hay, needle), "missing: %s\n--- in:\n%s", needle, hay);
}

static void lacks(const char *hay, const char *needle)
{
	cr_assert_null(strstr(hay, needle), "unexpected: %s\n--- in:\n%s", needle, hay);
}

Test(migrate_material, colours_instead_of_scripts)
{
	struct result r = convert_flags(ROBOT, U2S_MIGRATE | U2S_NOTES, NULL);
	char *a = material_of(&r, "a"), *b = material_of(&r, "b"), *c = material_of(&r, "c");
	char *d = material_of(&r, "d"), *e = material_of(&r, "e");

	has(a, "<ambient>0 0 0 1</ambient>");
	has(a, "<diffuse>0 0 0 1</diffuse>");
	has(a, "<specular>0.1 0.1 0.1 1</specular>");
	lacks(a, "<script>");
	lacks(a, "<emissive>");
	has(b, "<ambient>1 0 0 1</ambient>");
	has(b, "<diffuse>1 0 0 1</diffuse>");
	lacks(b, "<script>");
	has(c, "<name>Gazebo/Xyz</name>");
	has(d, "<ambient>0.5 0.5 0.5 1</ambient>");
	has(d, "<diffuse>1 1 1 1</diffuse>");
	lacks(d, "<script>");
	has(e, "<name>MyRobot/Blue</name>");
	has(e, "<uri>file://media/materials/scripts/gazebo.material</uri>");
	has(r.msgs, "t.urdf:11:23: note: link 'a': Classic material 'Gazebo/Black' is written as "
		    "its colours (ambient 0 0 0 1, diffuse 0 0 0 1, specular 0.1 0.1 0.1 1), "
		    "which gz-sim draws\n");
	has(r.msgs, "t.urdf:12:23: note: link 'b': Classic material 'Gazebo/Red' is written");
	has(r.msgs, "t.urdf:13:23: warning: link 'c': 'Gazebo/Xyz' is not a material of Classic's "
		    "gazebo.material: left as the script, which gz-sim does not draw\n");
	has(r.msgs, "t.urdf:14:23: warning: link 'd': Classic material 'Gazebo/WoodFloor' is "
		    "written as its colours (ambient 0.5 0.5 0.5 1, diffuse 1 1 1 1, specular 0 0 0 "
		    "1); its texture hardwood_floor.jpg is left out (gz-sim draws no material script)\n");
	has(r.msgs, "t.urdf:15:23: warning: link 'e': material script 'MyRobot/Blue' is the "
		    "robot's own, not one of Classic's gazebo.material: left as it is, though gz-sim "
		    "draws no material script, only colours (<ambient>, <diffuse>)\n");
	cr_assert_eq(r.nwarnings, 5, "%s", r.msgs);   /* 3 warnings and 2 notes */
	free(a), free(b), free(c), free(d), free(e);
	result_free(&r);
}

/* Without -v (U2S_NOTES) the migrated colours say nothing. */
Test(migrate_material, notes_only_when_asked)
{
	struct result r = convert_flags(ROBOT, U2S_MIGRATE, NULL);

	lacks(r.msgs, "note:");
	has(r.msgs, "its texture hardwood_floor.jpg is left out");
	result_free(&r);
}

/* Without --migrate: the scripts, as libsdformat writes them, and no word. */
Test(migrate_material, scripts_without_migrate)
{
	struct result r = convert_flags(ROBOT, U2S_NOTES, NULL);
	char *a = material_of(&r, "a");

	has(a, "<name>Gazebo/Black</name>");
	lacks(a, "<ambient>");
	lacks(r.msgs, "Classic");
	free(a);
	result_free(&r);
}

/* The colours in the precision of the target: libsdformat 12 (SDFormat
 * 1.9) prints 6 digits, later ones the float in full. */
Test(migrate_material, precision_of_the_target)
{
	static const char urdf[] =
		"<robot name='r'>" LINK("a")
		"<gazebo reference='a'><material>Gazebo/Pioneer2Body</material></gazebo></robot>";
	struct result r9 = convert_flags(urdf, U2S_MIGRATE, "1.9");
	struct result r11 = convert_flags(urdf, U2S_MIGRATE, "1.11");

	has(r9.sdf, "<ambient>0.481193 0.000123 0.000123 1</ambient>");
	has(r9.sdf, "<emissive>0 0 0 1</emissive>");
	has(r11.sdf, "<ambient>0.481193 0.000123 0.000123 1</ambient>");
	has(r11.sdf, "<diffuse>0.681193 0.000923 0.000923 1</diffuse>");
	result_free(&r9);
	result_free(&r11);
}

/* The Classic colour wins over the URDF one, as the script did. */
Test(migrate_material, over_the_urdf_colour)
{
	static const char urdf[] =
		"<robot name='r'><link name='a'>" INERTIAL
		"<visual><geometry><box size='1 1 1'/></geometry>"
		"<material name='m'><color rgba='0 0 1 1'/></material></visual></link>"
		"<gazebo reference='a'><material>Gazebo/Orange</material></gazebo></robot>";
	struct result r = convert_flags(urdf, U2S_MIGRATE, NULL);
	char *a = material_of(&r, "a");

	has(a, "<ambient>1 0.5088 0.0468 1</ambient>");
	has(a, "<diffuse>1 0.5088 0.0468 1</diffuse>");
	has(a, "<specular>0.5 0.5 0.5 1</specular>");
	lacks(a, "0 0 1 1");
	free(a);
	result_free(&r);
}

/* The SDFormat form inside a <gazebo> block (<visual><material><script>,
 * or <material> holding elements): the same, the colours it gives itself
 * kept. */
Test(migrate_material, sdformat_script_in_a_block)
{
	static const char urdf[] =
		"<robot name='r'>" LINK("a") LINK("b") JOINT("a", "b")
		"<gazebo reference='a'><visual><material><script>"
		"<uri>file://media/materials/scripts/gazebo.material</uri>"
		"<name>Gazebo/Blue</name></script><diffuse>0.2 0.2 0.2 1</diffuse></material>"
		"</visual></gazebo>\n"
		"<gazebo reference='b'><material><script><uri>model://x/materials</uri>"
		"<name>X/Shiny</name></script></material></gazebo></robot>";
	struct result r = convert_flags(urdf, U2S_MIGRATE, NULL);
	char *a = material_of(&r, "a"), *b = material_of(&r, "b");

	has(a, "<ambient>0 0 1 1</ambient>");
	has(a, "<diffuse>0.2 0.2 0.2 1</diffuse>");
	has(a, "<specular>0.1 0.1 0.1 1</specular>");
	lacks(a, "<script>");
	has(b, "<name>X/Shiny</name>");
	has(r.msgs, "material script 'X/Shiny' (uri 'model://x/materials') is the robot's own");
	free(a), free(b);
	result_free(&r);
}

/* Scripts that stay: a Gazebo/ name spelt otherwise than Classic spells
 * it (with the name meant), a material that is no colour. */
Test(migrate_material, scripts_that_stay)
{
	static const char urdf[] =
		"<robot name='r'>" LINK("a") LINK("b") JOINT("a", "b")
		"<gazebo reference='a'><material>Gazebo/DarkGray</material></gazebo>"
		"<gazebo reference='b'><material>Gazebo/DepthMap</material></gazebo></robot>";
	struct result r = convert_flags(urdf, U2S_MIGRATE, NULL);
	char *a = material_of(&r, "a"), *b = material_of(&r, "b");

	has(a, "<name>Gazebo/DarkGray</name>");
	has(b, "<name>Gazebo/DepthMap</name>");
	has(r.msgs, "link 'a': 'Gazebo/DarkGray' is not a material of Classic's gazebo.material: "
		    "left as the script, which gz-sim does not draw; did you mean "
		    "'Gazebo/DarkGrey'?\n");
	has(r.msgs, "link 'b': Classic material 'Gazebo/DepthMap' has no colour to write (shader "
		    "programs): left as the script, which gz-sim does not draw\n");
	free(a), free(b);
	result_free(&r);
}

/* ---- URDF materials on many visuals (resolve.c) ------------------------------ */

static unsigned occurrences(const char *hay, const char *needle)
{
	unsigned n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay++)
		n++;
	return n;
}

/* One link of the robot below: a robot material named, the same name with
 * a colour of its own (lost), an inline material that later visuals name,
 * a name nothing defines, a texture. */
#define MANY_VISUALS_LINK \
	"<inertial><mass value='1'/><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='red'/></visual>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='red'><color rgba='0 1 0 1'/></material></visual>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='x'><color rgba='0 0 1 1'/></material></visual>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='x'/></visual>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='y'/></visual>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='t'><texture filename='a.png'/></material></visual>" \
	"<visual><geometry><sphere radius='1'/></geometry><material name='t'/></visual>"

/* The materials of a name many visuals share are found once and kept by
 * the name's address: every visual still gets what urdfdom gives it, and
 * each message comes as often, and in the order, as for one visual. */
Test(urdf_material, many_visuals_share_names)
{
	enum { LINKS = 150 };
	size_t cap = 4096 + LINKS * (sizeof MANY_VISUALS_LINK + 200), len;
	char *urdf = malloc(cap);
	struct result r;
	unsigned i;

	cr_assert_not_null(urdf);
	len = (size_t)snprintf(urdf, cap, "<robot name='r'><material name='red'><color rgba='1 0 0 1'/></material>");
	for (i = 0; i < LINKS; i++) {
		len += (size_t)snprintf(urdf + len, cap - len, "<link name='a%u'>" MANY_VISUALS_LINK "</link>", i);
		if (i > 0)
			len += (size_t)snprintf(urdf + len, cap - len, "<joint name='j%u' type='continuous'>"
						"<parent link='a%u'/><child link='a%u'/></joint>", i, i - 1, i);
	}
	snprintf(urdf + len, cap - len, "</robot>");
	r = convert_flags(urdf, 0, NULL);
	cr_assert_eq(occurrences(r.sdf, "<diffuse>1 0 0 1</diffuse>"), 2 * LINKS);
	cr_assert_eq(occurrences(r.sdf, "<diffuse>0 0 1 1</diffuse>"), 2 * LINKS);
	cr_assert_eq(occurrences(r.sdf, "<diffuse>0 0 0 1</diffuse>"), 2 * LINKS);
	cr_assert_eq(occurrences(r.sdf, "<diffuse>0 1 0 1</diffuse>"), 0);
	cr_assert_eq(occurrences(r.msgs, "with another colour"), LINKS);
	cr_assert_eq(occurrences(r.msgs, "material 'y' is not defined"), LINKS);
	cr_assert_eq(occurrences(r.msgs, "<texture> is left out"), 1);
	cr_assert_lt(strstr(r.msgs, "material 'y' is not defined"), strstr(r.msgs, "<texture> is left out"));
	cr_assert_lt(strstr(r.msgs, "with another colour"), strstr(r.msgs, "material 'y' is not defined"));
	result_free(&r);
	free(urdf);
}
