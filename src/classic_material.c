/* classic_material: lookups in the table of Classic's built-in materials
 * and --migrate's decision on a material script (see classic_material.h). */
#include "classic_material.h"

#include <stdlib.h>
#include <string.h>

#include "num.h"

static int by_name(const void *key, const void *row)
{
	return strcmp(key, ((const struct classic_material *)row)->name);
}

const struct classic_material *classic_material_find(const char *name)
{
	return bsearch(name, CLASSIC_MATERIALS, CLASSIC_MATERIAL_COUNT, sizeof CLASSIC_MATERIALS[0],
		       by_name);
}

#define MEANT_MAX 64

/* NAME into BUF as classic_material_meant compares it: lower case, "gray"
 * read as "grey" (the same length).  0 when NAME is too long to be one. */
static int fold(const char *name, char buf[MEANT_MAX + 1])
{
	size_t n = strlen(name), i;
	char *p;

	if (n > MEANT_MAX)
		return 0;
	for (i = 0; i <= n; i++)
		buf[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
	for (p = buf; (p = strstr(p, "gray")) != NULL; p += 4)
		p[2] = 'e';
	return 1;
}

const struct classic_material *classic_material_meant(const char *name)
{
	char want[MEANT_MAX + 1], row[MEANT_MAX + 1];
	unsigned i;

	if (!fold(name, want))
		return NULL;
	for (i = 0; i < CLASSIC_MATERIAL_COUNT; i++)
		if (fold(CLASSIC_MATERIALS[i].name, row) && strcmp(want, row) == 0 &&
		    strcmp(name, CLASSIC_MATERIALS[i].name) != 0)
			return &CLASSIC_MATERIALS[i];
	return NULL;
}

/* ---- --migrate -------------------------------------------------------------- */

/* C as SDF colour text: each float with 6 significant digits, as
 * libsdformat 12 prints colours, or IN_FULL (the fewest digits that read
 * back as it, as later ones do). */
static const char *colour_text(struct arena *a, const float c[4], int in_full)
{
	char buf[4 * NUM_BUFSZ + 4];
	size_t len = 0;
	int i;

	for (i = 0; i < 4; i++) {
		if (i)
			buf[len++] = ' ';
		len += in_full ? num_format_float_shortest(c[i], buf + len)
			       : num_format_float(c[i], buf + len);
	}
	return arena_strndup(a, buf, len);
}

/* M's colours, as the children of a <material> in A. */
static struct xnode *colours_of(struct arena *a, const struct classic_material *m, int in_full)
{
	struct xnode *mat = xnode_new(a, "material");

	xnode_add(mat, "ambient", colour_text(a, m->ambient, in_full));
	xnode_add(mat, "diffuse", colour_text(a, m->diffuse, in_full));
	xnode_add(mat, "specular", colour_text(a, m->specular, in_full));
	if (m->has_emissive)
		xnode_add(mat, "emissive", colour_text(a, m->emissive, in_full));
	return mat;
}

/* "ambient A, diffuse D, ..." of MAT's children, in A, for a message. */
static const char *colours_said(struct arena *a, const struct xnode *mat)
{
	const struct xnode *c;
	const char *said = "";

	for (c = mat->first; c; c = c->next)
		said = arena_cat3(a, said, strlen(said), said[0] ? ", " : "",
				  arena_cat3(a, c->name, c->nlen, " ", c->text));
	return said;
}

/* The script stays: why, as a warning. */
static void script_stays(const struct classic_migration *mg, const char *name, const char *uri,
			 const struct classic_material *m)
{
	const struct classic_material *meant;
	char buf[DIAG_EXCERPT + 4], ubuf[DIAG_EXCERPT + 4];

	if (m) {
		diag_warn(mg->d, D_GZ_MATERIAL_NO_COLOUR, mg->at.line, mg->at.col,
			  "%s: Classic material '%s' has no colour to write (%s): left as the "
			  "script, which gz-sim does not draw", mg->what, name, m->dropped);
	} else if (strncmp(name, "Gazebo/", 7) == 0) {
		meant = classic_material_meant(name);
		diag_warn(mg->d, D_GZ_MATERIAL_UNKNOWN, mg->at.line, mg->at.col,
			  "%s: '%s' is not a material of Classic's gazebo.material: left as the "
			  "script, which gz-sim does not draw%s%s%s",
			  mg->what, diag_excerpt(buf, name), meant ? "; did you mean '" : "",
			  meant ? meant->name : "", meant ? "'?" : "");
	} else {
		diag_warn(mg->d, D_GZ_MATERIAL_SCRIPT_OWN, mg->at.line, mg->at.col,
			  "%s: material script '%s'%s%s%s is the robot's own, not one of Classic's "
			  "gazebo.material: left as it is, though gz-sim draws no material script, "
			  "only colours (<ambient>, <diffuse>)", mg->what,
			  diag_excerpt(buf, name), uri ? " (uri '" : "",
			  uri ? diag_excerpt(ubuf, uri) : "", uri ? "')" : "");
	}
}

struct xnode *classic_material_migrate(const struct classic_migration *mg, const char *name,
				       const char *uri)
{
	const struct classic_material *m = classic_material_find(name);
	struct xnode *mat;

	if (!m || m->kind == CLASSIC_NO_COLOUR) {
		script_stays(mg, name, uri, m);
		return NULL;
	}
	mat = colours_of(mg->a, m, mg->in_full);
	if (m->kind == CLASSIC_LOSSY)
		diag_warn(mg->d, D_GZ_MATERIAL_LOSSY, mg->at.line, mg->at.col,
			  "%s: Classic material '%s' is written as its colours (%s); its %s is "
			  "left out (gz-sim draws no material script)", mg->what, name,
			  colours_said(mg->a, mat), m->dropped);
	else
		diag_note(mg->d, D_GZ_MATERIAL_MIGRATED, mg->at.line, mg->at.col,
			  "%s: Classic material '%s' is written as its colours (%s), which gz-sim "
			  "draws", mg->what, name, colours_said(mg->a, mat));
	return mat;
}
