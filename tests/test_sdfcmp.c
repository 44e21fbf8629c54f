/* Unit tests of tests/sdfcmp.c, the semantic SDF comparator (the rules of the
 * tests/tools/sdfcmp.py). */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sdfcmp.h"

static char why[4096];

static int cmp(const char *a, const char *b)
{
	return sdfcmp_buffers(a, strlen(a), b, strlen(b), why, sizeof why);
}

/* Compare two documents <sdf><m><TAG>A</TAG></m></sdf>. */
static int leaf(const char *tag, const char *a, const char *b)
{
	char da[512], db[512];

	snprintf(da, sizeof da, "<sdf><m><%s>%s</%s></m></sdf>", tag, a, tag);
	snprintf(db, sizeof db, "<sdf><m><%s>%s</%s></m></sdf>", tag, b, tag);
	return cmp(da, db);
}

#define LEAF_EQ(tag, a, b) \
	cr_assert_eq(leaf(tag, a, b), SDFCMP_EQUAL, "<%s> '%s' vs '%s': %s", tag, a, b, why)
#define LEAF_NE(tag, a, b) \
	cr_assert_eq(leaf(tag, a, b), SDFCMP_DIFFERENT, "<%s> '%s' vs '%s' found equal", tag, a, b)

/* ---- numbers ------------------------------------------------------------ */

Test(sdfcmp, numbers_within_tolerance)
{
	LEAF_EQ("mass", "1", "1.0");
	LEAF_EQ("mass", "0.1", "0.10000000000000001");
	LEAF_EQ("mass", "1", "1.00000005");            /* 5e-8 relative */
	LEAF_EQ("mass", "1000", "1000.00005");          /* 5e-8 relative */
	LEAF_EQ("mass", "0", "5e-10");                  /* 1e-9 absolute */
	LEAF_EQ("mass", "0", "-1e-9");
	LEAF_EQ("mass", "1e-3", "0.001");
	LEAF_EQ("mass", ".5", "+0.5");
	LEAF_EQ("mass", "-0", "0");
	LEAF_EQ("mass", "1_000", "1000");               /* as python's float() */
	LEAF_EQ("xyz", "1 0 0", "1.00000001 0 -0");
	LEAF_EQ("mass", "  1\n", "1");
}

Test(sdfcmp, numbers_outside_tolerance)
{
	LEAF_NE("mass", "1", "1.0000002");
	LEAF_NE("mass", "1000", "1000.001");
	LEAF_NE("mass", "0", "2e-9");
	LEAF_NE("mass", "1", "-1");
	LEAF_NE("xyz", "1 0 0", "1 0 0.001");
	LEAF_NE("mass", "nan", "NaN");                  /* nan is never close */
	LEAF_NE("mass", "0x10", "16");                  /* not a python float */
	cr_assert_eq(leaf("mass", "1", "1.0000002"), SDFCMP_DIFFERENT);
	cr_assert(strstr(why, "/sdf/m/mass: text '1' expected, '1.0000002' found"), "%s", why);
}

Test(sdfcmp, number_lists_of_other_lengths_compare_as_text)
{
	LEAF_NE("xyz", "1 2", "1 2 3");
	LEAF_EQ("xyz", "1  2\t3", "1 2 3");
	LEAF_EQ("xyz", "1 2 3", "1 2 3.0");
}

/* The 6-significant-digit slack holds only in <pose>, <xyzOffset>,
 * <rpyOffset> and <scale>, and only for tokens of EXPECTED with at most 6
 * significant digits: half a unit in the 6th digit of each, or, when every
 * token of the vector has at most 6 digits (libsdformat rounded them,
 * maybe once per lumping level), 1e-5 of its largest magnitude (at least 1). */
Test(sdfcmp, six_digit_slack_only_in_the_six_tags)
{
	LEAF_EQ("scale", "1 1 1", "1.000004 1 1");
	LEAF_EQ("scale", "1 1 1", "1.000006 1 1");
	LEAF_NE("scale", "1 1 1", "1.000011 1 1");
	LEAF_EQ("xyzOffset", "0.1 0.2 0.3", "0.1000004 0.2 0.3");
	LEAF_EQ("rpyOffset", "1 2 3", "1 2 3.000006");
	LEAF_EQ("rpyOffset", "1 2 3", "1 2 3.00002");     /* 1e-5 of 3 */
	LEAF_NE("rpyOffset", "1 2 3", "1 2 3.00004");
	LEAF_EQ("scale", "123456 1 1", "123456.4 1 1");
	LEAF_EQ("scale", "123456 1 1", "123457 1 1");
	LEAF_NE("scale", "123456 1 1", "123458.5 1 1");
	LEAF_EQ("pose", "1 0 0 0 0 0", "1.000004 0 0 0 0 0");
	LEAF_EQ("pose", "1 0 0 0 0 0", "1.000006 0 0 0 0 0");
	LEAF_NE("pose", "1 0 0 0 0 0", "1.000011 0 0 0 0 0");
	/* elsewhere: only 1e-9 + 1e-7 relative */
	LEAF_NE("mass", "0.1", "0.1000004");
	LEAF_NE("xyz", "1 1 1", "1.000004 1 1");
	LEAF_NE("size", "1 1 1", "1.000004 1 1");
	/* an EXPECTED token with more than 6 digits has no slack, nor has its
	 * vector */
	LEAF_NE("scale", "1.0000000 1 1", "1.000004 1 1");
	LEAF_NE("scale", "1.0000000 1 1", "1 1 1.000006");
	/* the slack comes from EXPECTED, not ACTUAL */
	LEAF_NE("scale", "1.000004 1 1", "1 1 1");
}

/* ---- poses -------------------------------------------------------------- */

Test(sdfcmp, poses_compare_as_rigid_transforms)
{
	LEAF_EQ("pose", "0 0 0 3.14159265358979 0 0", "0 0 0 -3.14159265358979 0 0");
	LEAF_EQ("pose", "0 0 0 3.14159 0 0", "0 0 0 -3.14159 0 0");
	LEAF_EQ("pose", "0 0 0 0 1.5707963267948966 0",
	        "0 0 0 3.141592653589793 1.5707963267948966 3.141592653589793");
	LEAF_EQ("pose", "1 2 3 0.5 -0.25 0.125",
	        "1 2 3 3.6415926535897931 3.3915926535897931 -3.0165926535897931");
	LEAF_EQ("pose", "0 0 0 0 0 6.283185307179586", "0 0 0 0 0 0");
	LEAF_NE("pose", "0 0 0 0 0 0.1", "0 0 0 0 0 -0.1");
	LEAF_NE("pose", "0 0 0 0 0 0", "0 0 0.001 0 0 0");
}

Test(sdfcmp, pose_rotation_tolerance_follows_expected_digits)
{
	/* expected printed with 6 digits: 2e-5 on the rotation matrix */
	LEAF_EQ("pose", "0 0 0 1.5708 0 0", "0 0 0 1.5707963267948966 0 0");
	/* expected in full: 1e-7 */
	LEAF_NE("pose", "0 0 0 1.5707963267948966 0 0", "0 0 0 1.5708 0 0");
}

Test(sdfcmp, empty_pose_is_the_identity)
{
	/* (an empty <pose/> with no attribute is pruned: absent) */
	cr_assert_eq(cmp("<sdf><pose relative_to='a'/></sdf>",
	                 "<sdf><pose relative_to='a'>0 0 0 0 0 0</pose></sdf>"), SDFCMP_EQUAL, "%s", why);
	cr_assert_eq(cmp("<sdf><pose relative_to='a'> </pose></sdf>",
	                 "<sdf><pose relative_to='a'>0 0 0 0 0 0</pose></sdf>"), SDFCMP_EQUAL, "%s", why);
	cr_assert_eq(cmp("<sdf><pose relative_to='a'/></sdf>",
	                 "<sdf><pose relative_to='a'>0 0 0 0 0 0.001</pose></sdf>"), SDFCMP_DIFFERENT);
	cr_assert_eq(cmp("<sdf><m/><pose/></sdf>", "<sdf><m/></sdf>"), SDFCMP_EQUAL, "%s", why);
	/* not six numbers: compared token by token */
	LEAF_EQ("pose", "1 2 3", "1  2 3");
	LEAF_NE("pose", "1 2 3", "1 2 3.0");
}

Test(sdfcmp, pose_attributes_still_count)
{
	cr_assert_eq(cmp("<sdf><pose relative_to='a'>0 0 1 0 0 0</pose></sdf>",
	                 "<sdf><pose relative_to='b'>0 0 1 0 0 0</pose></sdf>"), SDFCMP_DIFFERENT);
}

/* ---- booleans and text -------------------------------------------------- */

Test(sdfcmp, true_is_1_and_false_is_0)
{
	LEAF_EQ("static", "true", "1");
	LEAF_EQ("static", "1", "TRUE");
	LEAF_EQ("static", "false", "0");
	LEAF_EQ("static", " False ", "0");
	LEAF_NE("static", "true", "0");
	LEAF_NE("static", "false", "1");
	LEAF_NE("static", "yes", "1");
	cr_assert_eq(cmp("<sdf a='true'/>", "<sdf a='1'/>"), SDFCMP_EQUAL);
}

Test(sdfcmp, text_blanks_are_normalised)
{
	LEAF_EQ("uri", "  model://a  ", "model://a");
	LEAF_EQ("name", "a  b\n c", "a b c");
	LEAF_NE("name", "ab", "a b");
	LEAF_EQ("name", "a&#xa0;b", "a b");             /* python's str.split() */
}

/* ---- structure ---------------------------------------------------------- */

Test(sdfcmp, identical_documents)
{
	const char *d = "<?xml version='1.0'?>\n<sdf version='1.9'><model name='m'>"
	                "<link name='a'><pose>0 0 0 0 0 0</pose></link></model></sdf>";

	cr_assert_eq(cmp(d, d), SDFCMP_EQUAL, "%s", why);
	cr_assert_str_empty(why);
}

Test(sdfcmp, attribute_order_is_ignored)
{
	cr_assert_eq(cmp("<sdf><joint name='j' type='revolute'/></sdf>",
	                 "<sdf><joint type='revolute' name='j'/></sdf>"), SDFCMP_EQUAL, "%s", why);
	cr_assert_eq(cmp("<sdf><joint name='j' type='revolute'/></sdf>",
	                 "<sdf><joint name='j' type='prismatic'/></sdf>"), SDFCMP_DIFFERENT);
	cr_assert_str_eq(why, "/sdf/joint[@name='j']: attributes {'name': 'j', 'type': 'revolute'} "
	                 "expected, {'name': 'j', 'type': 'prismatic'} found");
	cr_assert_eq(cmp("<sdf><joint name='j'/></sdf>", "<sdf><joint name='j' type='x'/></sdf>"),
	             SDFCMP_DIFFERENT);
}

Test(sdfcmp, empty_elements_are_pruned)
{
	cr_assert_eq(cmp("<sdf><model name='m'><link name='a'/></model></sdf>",
	                 "<sdf><model name='m'><link name='a'><visual/><inertial> <inertia>\n"
	                 "</inertia></inertial></link><plugin></plugin></model></sdf>"),
	             SDFCMP_EQUAL, "%s", why);
	/* an element with an attribute or text is not empty */
	cr_assert_eq(cmp("<sdf><model name='m'/></sdf>", "<sdf><model name='m'><frame name='f'/></model></sdf>"),
	             SDFCMP_DIFFERENT);
	cr_assert_eq(cmp("<sdf><model name='m'/></sdf>", "<sdf><model name='m'><static>0</static></model></sdf>"),
	             SDFCMP_DIFFERENT);
	/* a container whose children all go becomes a leaf */
	cr_assert_eq(cmp("<sdf><a/><b>1</b></sdf>", "<sdf><a><c/></a><b>1</b></sdf>"), SDFCMP_EQUAL);
}

Test(sdfcmp, text_after_a_child_is_not_compared)
{
	/* as the python: the text before the first child is the element's, the
	 * rest is the children's tails */
	cr_assert_eq(cmp("<sdf>x<a/>y</sdf>", "<sdf>x</sdf>"), SDFCMP_EQUAL, "%s", why);
	cr_assert_eq(cmp("<sdf>x<a/>y</sdf>", "<sdf>y</sdf>"), SDFCMP_DIFFERENT);
}

Test(sdfcmp, children_out_of_order_are_1)
{
	cr_assert_eq(cmp("<sdf><model name='m'><link name='a'/><link name='b'/></model></sdf>",
	                 "<sdf><model name='m'><link name='b'/><link name='a'/></model></sdf>"),
	             SDFCMP_REORDERED, "%s", why);
	cr_assert_str_eq(why, "equal out of order; in order: /sdf/model[@name='m']/link[@name='a']: "
	                 "attributes {'name': 'a'} expected, {'name': 'b'} found");
	cr_assert_eq(cmp("<sdf><m><a>1</a><b>2</b></m></sdf>", "<sdf><m><b>2</b><a>1</a></m></sdf>"),
	             SDFCMP_REORDERED);
}

Test(sdfcmp, missing_child_is_2)
{
	cr_assert_eq(cmp("<sdf><model name='m'><link name='a'/><link name='b'/></model></sdf>",
	                 "<sdf><model name='m'><link name='a'/></model></sdf>"),
	             SDFCMP_DIFFERENT);
	cr_assert_str_eq(why, "/sdf/model[@name='m']: 2 children expected, 1 found; "
	                 "missing [\"link[@name='b']\"] extra [\"link[@name='a']\"]");
	cr_assert_eq(cmp("<sdf><m><a>1</a><b>2</b></m></sdf>", "<sdf><m><a>1</a><c>2</c></m></sdf>"),
	             SDFCMP_DIFFERENT);
	cr_assert_str_eq(why, "/sdf/m: no match for b");
}

Test(sdfcmp, first_difference_in_a_reordered_document)
{
	cr_assert_eq(cmp("<sdf><l name='a'><mass>1</mass></l><l name='b'><mass>2</mass></l></sdf>",
	                 "<sdf><l name='b'><mass>2</mass></l><l name='a'><mass>3</mass></l></sdf>"),
	             SDFCMP_DIFFERENT);
	cr_assert_str_eq(why, "/sdf/l[@name='a']/mass: text '1' expected, '3' found");
}

Test(sdfcmp, element_names_are_not_namespaces)
{
	cr_assert_eq(cmp("<sdf><gz::corrected_offsets>1</gz::corrected_offsets><sensor:ray a='1'/></sdf>",
	                 "<sdf><gz::corrected_offsets>true</gz::corrected_offsets><sensor:ray a='1'/></sdf>"),
	             SDFCMP_EQUAL, "%s", why);
	cr_assert_eq(cmp("<sdf><gz::a>1</gz::a></sdf>", "<sdf><gz::b>1</gz::b></sdf>"), SDFCMP_DIFFERENT);
	cr_assert_str_eq(why, "/sdf: no match for gz::a");
	cr_assert_eq(cmp("<sdf><gz::a>1</gz::a></sdf>", "<sdf><gz::b>1</gz::b><gz::a>2</gz::a></sdf>"),
	             SDFCMP_DIFFERENT);
	cr_assert(strstr(why, "extra ['gz::b']"), "%s", why);
}

Test(sdfcmp, unparsable_is_3)
{
	cr_assert_eq(cmp("<sdf><a></sdf>", "<sdf/>"), SDFCMP_UNPARSABLE);
	cr_assert(!strncmp(why, "parse error: mismatched tag", 27), "%s", why);
	cr_assert_eq(cmp("<sdf/>", ""), SDFCMP_UNPARSABLE);
	cr_assert_eq(cmp("<sdf/>", "<sdf/><sdf/>"), SDFCMP_UNPARSABLE);
	cr_assert_eq(cmp("<sdf/>", "<a:b:c/>"), SDFCMP_DIFFERENT);  /* a name, not an error */
	cr_assert_str_eq(why, ": element <sdf> expected, <a:b:c> found");
}

Test(sdfcmp, deep_documents)
{
	size_t depth = 5000, i, n = 0;
	size_t cap = depth * 7 + 64;
	char *a = malloc(cap), *b, *msg = NULL;

	cr_assert_not_null(a);
	n += (size_t)sprintf(a + n, "<sdf>");
	for (i = 0; i < depth; i++)
		n += (size_t)sprintf(a + n, "<a>");
	n += (size_t)sprintf(a + n, "1");
	for (i = 0; i < depth; i++)
		n += (size_t)sprintf(a + n, "</a>");
	n += (size_t)sprintf(a + n, "</sdf>");
	b = strdup(a);
	cr_assert_not_null(b);
	cr_assert_eq(sdfcmp_buffers(a, n, b, n, why, sizeof why), SDFCMP_EQUAL);
	b[5 + 3 * depth] = '2';
	cr_assert_eq(sdfcmp_buffers_ex(a, n, b, n, SDFCMP_TOL, &msg), SDFCMP_DIFFERENT);
	cr_assert_not_null(msg);
	cr_assert(!strncmp(msg, "/sdf/a/a/a/", 11), "%.40s", msg);
	cr_assert(strstr(msg, "/a: text '1' expected, '2' found"), "%s", msg + strlen(msg) - 40);
	free(msg);
	free(a);
	free(b);
}

Test(sdfcmp, too_deep_is_refused_not_crashed)
{
	size_t depth = SDFCMP_MAX_DEPTH + 10, i, n = 0;
	char *a = malloc(depth * 7 + 64);

	cr_assert_not_null(a);
	for (i = 0; i < depth; i++)
		n += (size_t)sprintf(a + n, "<a>");
	for (i = 0; i < depth; i++)
		n += (size_t)sprintf(a + n, "</a>");
	cr_assert_eq(sdfcmp_buffers(a, n, a, n, why, sizeof why), SDFCMP_UNPARSABLE);
	free(a);
}

Test(sdfcmp, why_is_truncated_safely)
{
	char small[8];

	cr_assert_eq(sdfcmp_buffers("<a>1</a>", 8, "<a>2</a>", 8, small, sizeof small), SDFCMP_DIFFERENT);
	cr_assert_str_eq(small, "/a: tex");
	cr_assert_eq(sdfcmp_buffers("<a>1</a>", 8, "<a>2</a>", 8, NULL, 0), SDFCMP_DIFFERENT);
}

Test(sdfcmp, ex_returns_the_whole_message_and_takes_a_tolerance)
{
	char *msg = (char *)"x";

	cr_assert_eq(sdfcmp_buffers_ex("<a>1</a>", 8, "<a>1</a>", 8, SDFCMP_TOL, &msg), SDFCMP_EQUAL);
	cr_assert_null(msg);
	cr_assert_eq(sdfcmp_buffers_ex("<a>0</a>", 8, "<a>1e-3</a>", 11, 1e-2, &msg), SDFCMP_EQUAL);
	cr_assert_eq(sdfcmp_buffers_ex("<a>0</a>", 8, "<a>1e-1</a>", 11, 1e-2, &msg), SDFCMP_DIFFERENT);
	cr_assert_str_eq(msg, "/a: text '0' expected, '1e-1' found");
	free(msg);
}

Test(sdfcmp, files)
{
	char pa[] = "/tmp/sdfcmp_test_a_XXXXXX", pb[] = "/tmp/sdfcmp_test_b_XXXXXX";
	int fa = mkstemp(pa), fb = mkstemp(pb);
	const char *a = "<sdf><l name='x'/><l name='y'/></sdf>";
	const char *b = "<sdf><l name='y'/><l name='x'/></sdf>";

	cr_assert(fa >= 0 && fb >= 0);
	cr_assert_eq(write(fa, a, strlen(a)), (ssize_t)strlen(a));
	cr_assert_eq(write(fb, b, strlen(b)), (ssize_t)strlen(b));
	close(fa);
	close(fb);
	cr_assert_eq(sdfcmp_files(pa, pa, why, sizeof why), SDFCMP_EQUAL);
	cr_assert_eq(sdfcmp_files(pa, pb, why, sizeof why), SDFCMP_REORDERED);
	cr_assert_eq(sdfcmp_files(pa, "/nonexistent/x.sdf", why, sizeof why), SDFCMP_UNPARSABLE);
	cr_assert_str_eq(why, "parse error: [Errno 2] No such file or directory: '/nonexistent/x.sdf'");
	unlink(pa);
	unlink(pb);
}

Test(sdfcmp, wellformed)
{
	cr_assert_eq(sdfcmp_wellformed("<a><b/></a>", 11, why, sizeof why), 0);
	cr_assert_eq(sdfcmp_wellformed("<a><b></a>", 10, why, sizeof why), SDFCMP_UNPARSABLE);
	cr_assert(strstr(why, "line 1"), "%s", why);
	cr_assert_eq(sdfcmp_wellformed("", 0, why, sizeof why), SDFCMP_UNPARSABLE);
}
