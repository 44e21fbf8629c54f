/* classic_material: Gazebo Classic's built-in materials (Gazebo/Black...)
 * as colours, for --migrate (gz-sim draws colours, not Ogre material
 * scripts).  The table, classic_material_data.c, is made by
 * scripts/gen-classic-materials from Classic's gazebo.material; its
 * comment says how a material becomes a row. */
#ifndef U2S_CLASSIC_MATERIAL_H
#define U2S_CLASSIC_MATERIAL_H

#include "diag.h"
#include "xnode.h"

/* The script every Classic built-in material is in, as <script><uri>. */
#define CLASSIC_MATERIAL_URI "file://media/materials/scripts/gazebo.material"

enum classic_kind {
	CLASSIC_SOLID,      /* its colours are all of it */
	CLASSIC_LOSSY,      /* colours, and more they leave out (DROPPED) */
	CLASSIC_NO_COLOUR   /* nothing a colour says (DROPPED: why) */
};

struct classic_material {
	const char *name;
	enum classic_kind kind;
	const char *dropped;
	float ambient[4], diffuse[4], specular[4], emissive[4];
	int has_emissive;   /* emissive is written only where the material gives it */
};

extern const struct classic_material CLASSIC_MATERIALS[];
extern const unsigned CLASSIC_MATERIAL_COUNT;

/* The material named NAME exactly (Ogre's names are case-sensitive), or
 * NULL. */
const struct classic_material *classic_material_find(const char *name);

/* A material NAME was likely meant as, when NAME is not one: the same
 * name but for case or the spelling Gray (Gazebo/DarkGray: Classic has
 * Gazebo/DarkGrey only); NULL when there is none. */
const struct classic_material *classic_material_meant(const char *name);

/* Where a script is met, for classic_material_migrate. */
struct classic_migration {
	struct diag *d;
	struct arena *a;      /* the robot's: the colours live as long as it */
	int in_full;          /* the target's colour precision (sdf_target.colour_in_full) */
	struct srcpos at;     /* the <material>, for messages */
	const char *what;     /* "link 'base'": messages start with it */
};

/* --migrate's decision on the script that names material NAME (URI its
 * <uri>, NULL for the <gazebo> <material> tag, whose URI is Classic's):
 * a <material> in MG->a holding the colours that replace the script
 * (<ambient>, <diffuse>, <specular>, <emissive> where the material has
 * one), or NULL when the script stays.  Says so: a note for a solid
 * colour, a warning when the colours leave something out (a texture) or
 * the script stays (no colour, not Classic's, a robot's own script). */
struct xnode *classic_material_migrate(const struct classic_migration *mg, const char *name,
				       const char *uri);

#endif
