/* Tests of the reader's table (src/reader.h: read_children, read_scopes):
 * that its rows are well formed, and, driven from the rows themselves,
 * that every child urdfdom reads once is read once: the first of two
 * counts, the second is warned of and has no effect. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convtest.h"
#include "reader.h"

/* ---- the rows ------------------------------------------------------------ */

Test(table, element_names_classify_back)
{
	unsigned el, other;

	for (el = 1; el < EL_COUNT; el++) {
		cr_assert(urdf_elem_names[el] && urdf_elem_names[el][0], "element %u has no name", el);
		cr_assert_eq(urdf_elem_of(urdf_elem_names[el]), el, "<%s>", urdf_elem_names[el]);
		for (other = 1; other < el; other++)
			cr_assert_str_neq(urdf_elem_names[el], urdf_elem_names[other]);
	}
	cr_assert_eq(urdf_elem_of("robots"), EL_OTHER);
	cr_assert_eq(urdf_elem_of("lin"), EL_OTHER);
	cr_assert_eq(urdf_elem_of(""), EL_OTHER);
}

/* The element named exactly TEXT, or EL_OTHER. */
static enum urdf_elem named(const char *text)
{
	unsigned el;

	for (el = 1; el < EL_COUNT; el++)
		if (strcmp(urdf_elem_names[el], text) == 0)
			return (enum urdf_elem)el;
	return EL_OTHER;
}

/* urdf_elem_of compares a name's tail a byte at a time after a switch on
 * its first letters: every prefix of every name, every name with a byte
 * more, and with each byte changed, must classify as a plain comparison
 * does.  Each text is copied to a buffer of its own size, so that a read
 * past its end shows under AddressSanitizer and valgrind. */
Test(table, near_names_classify_as_compared)
{
	static const char changes[] = "alx_2\x80";
	unsigned el, k, c;
	char text[40];

	for (el = 1; el < EL_COUNT; el++) {
		size_t len = strlen(urdf_elem_names[el]);
		for (k = 0; k <= len + 1; k++)
			for (c = 0; c < sizeof changes; c++) {
				char *exact;
				memcpy(text, urdf_elem_names[el], len + 1);
				if (k < len)
					text[k] = changes[c];   /* a byte changed, or cut (the NUL) */
				else if (k == len + 1)
					text[len] = changes[c], text[len + 1] = '\0';   /* one more */
				exact = malloc(strlen(text) + 1);
				strcpy(exact, text);
				cr_assert_eq(urdf_elem_of(exact), named(exact), "\"%s\"", exact);
				free(exact);
			}
	}
}

/* The bit each ONCE row of a scope kind marks in seen_child is its own, and
 * fits; FIRST_CHILD rows (which share one bit) are not mixed with them. */
Test(table, once_rows_have_distinct_bits)
{
	unsigned k, el, once, first_child;
	unsigned long long bits;

	for (k = 0; k < SCOPE_KINDS; k++) {
		bits = 0, once = first_child = 0;
		for (el = 0; el < EL_COUNT; el++) {
			const struct child_row *row = &read_children[k][el];
			if (!row->known || row->count == MANY)
				continue;
			if (row->count == FIRST_CHILD) {
				first_child++;
				continue;
			}
			cr_assert_eq(row->count, ONCE);
			cr_assert_lt(el, sizeof ((struct scope *)0)->seen_child * 8);
			cr_assert_eq(bits & SEEN_BIT(el), 0, "scope %u, <%s>: its bit is taken", k,
				     urdf_elem_names[el]);
			bits |= SEEN_BIT(el);
			once++;
		}
		cr_assert(!(once && first_child), "scope %u mixes ONCE and FIRST_CHILD rows", k);
	}
}

static void check_row(unsigned k, unsigned el, const struct child_row *row)
{
	cr_assert_lt(row->into, SCOPE_KINDS, "scope %u, element %u", k, el);
	cr_assert_leq(row->count, FIRST_CHILD, "scope %u, element %u", k, el);
	/* nothing read: nothing to fill either */
	cr_assert(row->start || row->into == IN_IGNORED, "scope %u, element %u opens %u unread",
		  k, el, row->into);
}

Test(table, rows_are_well_formed)
{
	unsigned k, el;

	for (k = 0; k < SCOPE_KINDS; k++) {
		const struct scope_row *s = &read_scopes[k];
		cr_assert(s->children == NULL || s->children == read_children[k], "scope %u", k);
		cr_assert(s->other.known, "scope %u: its other row is none", k);
		check_row(k, EL_COUNT, &s->other);
		/* a scope with rows names itself in messages (but the document) */
		cr_assert(k == IN_DOC || !s->children || s->name, "scope %u has no name", k);
		cr_assert(k == IN_DOC || s->path, "scope %u has no step in paths", k);
		cr_assert(!read_children[k][EL_OTHER].known, "scope %u has a row for EL_OTHER", k);
		for (el = 0; el < EL_COUNT; el++) {
			if (read_children[k][el].known)
				cr_assert(s->children, "scope %u: rows not looked at", k);
			if (read_children[k][el].known)
				check_row(k, el, &read_children[k][el]);
		}
	}
}

/* ---- first of repeated children wins -------------------------------------- */

/* A document that reaches scope kind K: FRONT, the children, BACK. */
struct context {
	enum scope_kind kind;
	const char *front, *back;
};

#define ROBOT "<robot version='1.1' name='r'>"   /* 1.1: it has every element with a row */

static const struct context contexts[] = {
	{ IN_ROBOT, ROBOT "\n", "\n<link name='a'/></robot>\n" },
	{ IN_LINK, ROBOT "<link name='a'>\n", "\n</link></robot>\n" },
	{ IN_INERTIAL, ROBOT "<link name='a'><inertial>\n", "\n</inertial></link></robot>\n" },
	{ IN_VISUAL, ROBOT "<link name='a'><visual>\n", "\n</visual></link></robot>\n" },
	{ IN_COLLISION, ROBOT "<link name='a'><collision>\n", "\n</collision></link></robot>\n" },
	{ IN_GEOMETRY, ROBOT "<link name='a'><visual><geometry>\n",
	  "\n</geometry></visual></link></robot>\n" },
	{ IN_MATERIAL, ROBOT "<material name='m'>\n",
	  "\n</material><link name='a'><visual><geometry><box size='1 1 1'/></geometry>"
	  "<material name='m'/></visual></link></robot>\n" },
	{ IN_VMATERIAL, ROBOT "<link name='a'><visual><geometry><box size='1 1 1'/>"
	  "</geometry><material name='m'>\n", "\n</material></visual></link></robot>\n" },
	{ IN_JOINT, ROBOT "<link name='a'/><link name='b'/><joint name='j' type='revolute'>\n",
	  "\n</joint></robot>\n" },
};

/* Two of each element: the first as a file would give it, the second
 * different (most often wrong), so that reading it would show, in the
 * output or in the messages; unless ALIKE: u2s keeps nothing of the
 * element but that it is there. */
struct sample {
	enum urdf_elem el;
	const char *first, *second;
	int alike;
};

static const struct sample samples[] = {
	{ EL_ORIGIN, "<origin xyz='1 2 3'/>", "<origin xyz='x'/>", 0 },
	{ EL_INERTIAL, "<inertial><mass value='1'/><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' "
	  "izz='1'/></inertial>", "<inertial><mass value='x'/></inertial>", 0 },
	{ EL_MASS, "<mass value='2'/>", "<mass value='x'/>", 0 },
	{ EL_INERTIA, "<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/>", "<inertia ixx='x'/>", 0 },
	{ EL_GEOMETRY, "<geometry><box size='1 1 1'/></geometry>", "<geometry><box size='x'/></geometry>", 0 },
	{ EL_MATERIAL, "<material name='m'><color rgba='1 0 0 1'/></material>", "<material/>", 0 },
	{ EL_COLOR, "<color rgba='1 0 0 1'/>", "<color rgba='2 0 0 1'/>", 0 },
	{ EL_TEXTURE, "<texture filename='a.png'/>", "<texture filename='b.png'/>", 1 },
	{ EL_PARENT, "<parent link='a'/>", "<parent/>", 0 },
	{ EL_CHILD, "<child link='b'/>", "<child/>", 0 },
	{ EL_AXIS, "<axis xyz='0 0 1'/>", "<axis xyz='x'/>", 0 },
	{ EL_LIMIT, "<limit lower='-1' upper='1' effort='1' velocity='1'/>", "<limit effort='x'/>", 0 },
	{ EL_DYNAMICS, "<dynamics damping='1'/>", "<dynamics damping='x'/>", 0 },
	{ EL_MIMIC, "<mimic joint='j' multiplier='2'/>", "<mimic joint='j' multiplier='x'/>", 0 },
	{ EL_SAFETY_CONTROLLER, "<safety_controller k_velocity='1'/>", "<safety_controller/>", 0 },
	{ EL_CALIBRATION, "<calibration rising='1'/>", "<calibration rising='x'/>", 0 },
	{ EL_BOX, "<box size='1 1 1'/>", "<box size='x'/>", 0 },
	{ EL_CYLINDER, "<cylinder length='1' radius='1'/>", "<cylinder length='x' radius='1'/>", 0 },
	{ EL_SPHERE, "<sphere radius='1'/>", "<sphere radius='x'/>", 0 },
	{ EL_MESH, "<mesh filename='a.stl'/>", "<mesh filename=''/>", 0 },
	{ EL_CAPSULE, "<capsule length='1' radius='1'/>", "<capsule length='x' radius='1'/>", 0 },
};

static const struct context *context_of(unsigned k)
{
	unsigned i;

	for (i = 0; i < sizeof contexts / sizeof contexts[0]; i++)
		if (contexts[i].kind == k)
			return &contexts[i];
	return NULL;
}

static const struct sample *sample_of(unsigned el)
{
	unsigned i;

	for (i = 0; i < sizeof samples / sizeof samples[0]; i++)
		if (samples[i].el == el)
			return &samples[i];
	return NULL;
}

/* A new string: A, B and C. */
static char *cat3(const char *a, const char *b, const char *c)
{
	size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
	char *s = malloc(n);

	cr_assert_not_null(s);
	snprintf(s, n, "%s%s%s", a, b, c);
	return s;
}

/* Converts the document of context C with CHILDREN inside (URDF 1.1, which
 * has every element that has a row). */
static struct result convert_in(const struct context *c, const char *children)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *doc = cat3(c->front, children, c->back);
	struct result r;

	r = convert_opts(doc, &opts);
	free(doc);
	return r;
}

/* MSGS without the one line that holds WARNING (which must be there once). */
static char *without_line(const char *msgs, const char *warning)
{
	const char *at = strstr(msgs, warning), *start, *end;
	char *out;

	cr_assert_not_null(at, "no \"%s\" in:\n%s", warning, msgs);
	cr_assert_null(strstr(at + 1, warning), "\"%s\" twice in:\n%s", warning, msgs);
	for (start = at; start > msgs && start[-1] != '\n'; start--)
		;
	end = strchr(at, '\n');
	end = end ? end + 1 : at + strlen(at);
	out = cat3("", "", msgs);
	strcpy(out + (start - msgs), end);
	return out;
}

/* Child EL of scope kind K, given twice: the first counts, as if it were
 * alone (output and messages), and the second is warned of, unless the row
 * passes over repeats quietly (QUIET).  ROW says whether it is read at all:
 * then the second alone must read differently from the first alone, or
 * the test would prove nothing. */
static void first_wins(unsigned k, unsigned el, const struct child_row *row, int quiet)
{
	const struct context *c = context_of(k);
	const struct sample *s = sample_of(el);
	char *both, *warning, *rest;
	struct result one, two, other;

	cr_assert_not_null(c, "no test context for scope kind %u: add one", k);
	cr_assert_not_null(s, "no samples of <%s>: add them", urdf_elem_names[el]);
	both = cat3(s->first, s->second, "");
	one = convert_in(c, s->first);
	two = convert_in(c, both);
	other = convert_in(c, s->second);
	warning = cat3("warning: a second <", urdf_elem_names[el], "> in <");
	rest = cat3(warning, read_scopes[k].name, "> is ignored");
	free(warning);
	warning = rest;
	rest = quiet ? strdup(two.msgs) : without_line(two.msgs, warning);
	if (quiet)
		cr_assert_null(strstr(two.msgs, "a second <"), "%s", two.msgs);
	cr_assert_str_eq(rest, one.msgs, "<%s> in <%s>", urdf_elem_names[el], read_scopes[k].name);
	cr_assert_eq(two.rc, one.rc);
	cr_assert_eq(two.len, one.len, "<%s> in <%s>: the output differs", urdf_elem_names[el],
		     read_scopes[k].name);
	cr_assert_eq(memcmp(two.sdf, one.sdf, one.len), 0);
	if (row->start && !s->alike)
		cr_assert(strcmp(other.msgs, one.msgs) != 0 || other.len != one.len ||
			  memcmp(other.sdf, one.sdf, one.len) != 0,
			  "<%s> in <%s>: the samples read alike", urdf_elem_names[el], read_scopes[k].name);
	free(both), free(warning), free(rest);
	result_free(&one), result_free(&two), result_free(&other);
}

Test(table, first_of_repeated_children_wins)
{
	unsigned k, el, n = 0;

	for (k = 0; k < SCOPE_KINDS; k++)
		for (el = 0; el < EL_COUNT; el++) {
			const struct child_row *row = &read_children[k][el];
			if (row->known && row->count != MANY) {
				first_wins(k, el, row, row->count == FIRST_CHILD);
				n++;
			}
		}
	/* 28 when this was written: fewer means the walk is broken */
	cr_assert_geq(n, 28, "%u rows", n);
}
