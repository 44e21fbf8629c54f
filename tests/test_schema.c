/* What libsdformat's Param makes of a value (src/schema.c's schema_check),
 * type by type, against the ranges gen-schema carries from the element
 * descriptions; and blob.c's use of it on <gazebo> blocks: an error as
 * the reference converters fail, --repair's default and a warning.  The
 * verdicts below are the loaders' own (sdf-oracle-12.9/14.9/new and
 * sdf-validate on the crafted robots of tests/loadable/refused/). */
#include <criterion/criterion.h>

#include <math.h>
#include <string.h>

#include "convtest.h"
#include "num.h"
#include "schema.h"

extern const struct schema SCHEMA_1_9, SCHEMA_1_12;

#define OK SCHEMA_VALUE_OK
#define BAD SCHEMA_VALUE_BAD
#define LOW SCHEMA_VALUE_LOW
#define HIGH SCHEMA_VALUE_HIGH

static enum schema_verdict check(enum schema_type type, const char *text, const char *min,
				 const char *max)
{
	return schema_check(type, text, min, max, 6);
}

Test(values, double_as_std_stod_then_range)
{
	cr_expect_eq(check(SCHEMA_DOUBLE, "1.5", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_DOUBLE, " 0.5abc ", "0", NULL), OK);   /* the number at the start */
	cr_expect_eq(check(SCHEMA_DOUBLE, "abc", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_DOUBLE, "1e-310", NULL, NULL), BAD);   /* subnormal: out_of_range */
	cr_expect_eq(check(SCHEMA_DOUBLE, "-1e-310", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_DOUBLE, "1e-400", NULL, NULL), BAD);   /* underflows to 0 */
	cr_expect_eq(check(SCHEMA_DOUBLE, "1e400", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_DOUBLE, "0x1p-1030", NULL, NULL), OK); /* exactly subnormal */
	cr_expect_eq(check(SCHEMA_DOUBLE, "90", "0.1", "6.283186"), HIGH);
	cr_expect_eq(check(SCHEMA_DOUBLE, "0.05", "0.1", "6.283186"), LOW);
	cr_expect_eq(check(SCHEMA_DOUBLE, "0.1", "0.1", "6.283186"), OK);
	cr_expect_eq(check(SCHEMA_DOUBLE, "6.283186", "0.1", "6.283186"), OK);
	cr_expect_eq(check(SCHEMA_DOUBLE, "-1", "0.0", NULL), LOW);
	cr_expect_eq(check(SCHEMA_DOUBLE, "-0", "0.0", NULL), OK);
	cr_expect_eq(check(SCHEMA_DOUBLE, "nan", "0.0", "1"), OK);       /* comparisons are false */
	cr_expect_eq(check(SCHEMA_DOUBLE, "inf", "0.1", "6.283186"), HIGH);
	cr_expect_eq(check(SCHEMA_DOUBLE, "true", "0", "0.5"), HIGH);    /* read as 1 */
	cr_expect_eq(check(SCHEMA_DOUBLE, "0x10", NULL, "6.283186"), HIGH);
}

Test(values, float_as_std_stof)
{
	cr_expect_eq(check(SCHEMA_FLOAT, "1e38", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_FLOAT, "1e39", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_FLOAT, "1e-40", NULL, NULL), BAD);     /* a float's subnormal */
	cr_expect_eq(check(SCHEMA_FLOAT, "0.5", "0.5", NULL), OK);
}

Test(values, integers_as_std_stoi_and_stoul)
{
	cr_expect_eq(check(SCHEMA_INT, "256", "4", "2048"), OK);
	cr_expect_eq(check(SCHEMA_INT, "3", "4", "2048"), LOW);
	cr_expect_eq(check(SCHEMA_INT, "2049", "4", "2048"), HIGH);
	cr_expect_eq(check(SCHEMA_INT, "3.9", "4", NULL), LOW);          /* stoi reads 3 */
	cr_expect_eq(check(SCHEMA_INT, "0x10", "4", "15"), HIGH);        /* hexadecimal: 16 */
	cr_expect_eq(check(SCHEMA_INT, "2147483648", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_INT, "-2147483648", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_INT, "x", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_UINT, "-1", NULL, NULL), OK);          /* wraps, as strtoul */
	cr_expect_eq(check(SCHEMA_UINT, "-1", NULL, "5"), HIGH);
	cr_expect_eq(check(SCHEMA_UINT, "99999999999999999999", NULL, NULL), BAD);
}

Test(values, pose_six_tokens_each_std_stod)
{
	cr_expect_eq(check(SCHEMA_POSE, "0 0 1", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_POSE, "0 0 1 0 0 0", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_POSE, "0 0 0 0 0 0 0", NULL, NULL), BAD);
	cr_expect_eq(schema_check(SCHEMA_POSE, "0 0 0 0 0 0 1", NULL, NULL, 7), OK);
	cr_expect_eq(schema_check(SCHEMA_POSE, "0 0 0 0 0 0", NULL, NULL, 7), BAD);
	cr_expect_eq(check(SCHEMA_POSE, "0 0 0 0 0 nan", NULL, NULL), BAD);  /* finite only */
	cr_expect_eq(check(SCHEMA_POSE, "0 0 0 0 0 1x", NULL, NULL), OK);    /* token's number */
	cr_expect_eq(check(SCHEMA_POSE, "0 0 0 0 0 1e-310", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_POSE, "0 0 0 0 0 x", NULL, NULL), BAD);
}

Test(values, vectors_and_times_as_an_istream)
{
	cr_expect_eq(check(SCHEMA_VECTOR3, "1 0", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_VECTOR3, "1 0 0", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_VECTOR3, "1 0 0 5", NULL, NULL), OK);   /* the rest unread */
	cr_expect_eq(check(SCHEMA_VECTOR3, "1e-310 0 0", NULL, NULL), OK); /* streams take it */
	cr_expect_eq(check(SCHEMA_VECTOR3, "nan 0 0", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_VECTOR3, "1e400 0 0", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_VECTOR3, "1,0,0", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_VECTOR3, "1e 0 0", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_VECTOR3, "1 0 0x", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_VECTOR2D, "1", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_VECTOR2D, "1 2", "5 5", NULL), OK);    /* no range for vectors */
	cr_expect_eq(check(SCHEMA_TIME, "5 0", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_TIME, "5", NULL, NULL), BAD);
	cr_expect_eq(check(SCHEMA_TIME, "1.5 0", NULL, NULL), BAD);
}

Test(values, text_bool_colour_are_blobs_to_read)
{
	cr_expect_eq(check(SCHEMA_TEXT, "", "1", "2"), OK);
	cr_expect_eq(check(SCHEMA_BOOL, "maybe", NULL, NULL), OK);
	cr_expect_eq(check(SCHEMA_COLOR, "2 2 2", NULL, NULL), OK);
}

/* gen-schema carries each description's range, per version. */
Test(table, ranges_from_the_descriptions)
{
	const struct schema_elem *cam9 = schema_file(&SCHEMA_1_9, "camera");
	const struct schema_elem *cam12 = schema_file(&SCHEMA_1_12, "camera");
	const struct schema_elem *fov, *clip, *far;

	cr_assert_not_null(cam9);
	cr_assert_not_null(cam12);
	fov = schema_child(&SCHEMA_1_9, cam9, "horizontal_fov", NULL);
	cr_assert_not_null(fov);
	cr_expect_eq(fov->type, SCHEMA_DOUBLE);
	cr_expect_str_eq(fov->min, "0.1");
	cr_expect_str_eq(fov->max, "6.283186");
	/* the range is the version's: 1.12 allows narrower views */
	fov = schema_child(&SCHEMA_1_12, cam12, "horizontal_fov", NULL);
	cr_assert_not_null(fov);
	cr_expect_str_eq(fov->min, "0.001");
	clip = schema_child(&SCHEMA_1_12, cam12, "clip", NULL);
	cr_assert_not_null(clip);
	far = schema_child(&SCHEMA_1_12, clip, "far", NULL);
	cr_assert_not_null(far);
	cr_expect_str_eq(far->min, "0.1");
	cr_expect_null(far->max);
	cr_expect_eq(schema_child(&SCHEMA_1_9, schema_file(&SCHEMA_1_9, "sensor"), "pose",
				  NULL)->type, SCHEMA_POSE);
}

/* ---- blobs --------------------------------------------------------------------- */

#define ROBOT(blob)                                                                       \
	"<robot name='r'><link name='base'><inertial><mass value='1'/>"                   \
	"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"            \
	"<collision><geometry><box size='1 1 1'/></geometry></collision></link>\n"         \
	"<gazebo reference='base'>\n" blob "\n</gazebo></robot>"

static struct result run(const char *urdf, int repair)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;

	opts.flags = repair ? U2S_REPAIR : 0;
	return convert_opts(urdf, &opts);
}

/* Refused plainly with MSG at 3:COL; with --repair, WRITTEN is in the output. */
static void refused(const char *urdf, const char *msg, const char *written)
{
	struct result plain = run(urdf, 0), fixed = run(urdf, 1);

	cr_expect_eq(plain.rc, U2S_REJECTED, "%s", plain.msgs);
	cr_expect_eq(plain.nerrors, 1, "%s", plain.msgs);
	cr_expect(strstr(plain.msgs, msg) != NULL, "%s", plain.msgs);
	cr_expect_eq(fixed.rc, U2S_OK, "%s", fixed.msgs);
	cr_expect_eq(fixed.nerrors, 0, "%s", fixed.msgs);
	cr_expect(fixed.nwarnings >= 1);
	cr_expect(strstr(fixed.sdf, written) != NULL, "%s", fixed.sdf);
	result_free(&plain);
	result_free(&fixed);
}

Test(blobs, out_of_range_is_an_error_and_repair_writes_the_default)
{
	refused(ROBOT("<sensor name='c' type='camera'><camera><horizontal_fov>90</horizontal_fov>"
		      "</camera></sensor>"), "t.urdf:3:", "<horizontal_fov>1.047</horizontal_fov>");
	refused(ROBOT("<sensor name='c' type='camera'><camera><clip><near>0.1</near>"
		      "<far>0.001</far></clip></camera></sensor>"), "is below the minimum 0.1",
		"<far>100</far>");
	refused(ROBOT("<collision><surface><friction><ode><mu>-1</mu></ode></friction></surface>"
		      "</collision>"), "'-1' is below the minimum 0.0", "<mu>1</mu>");
}

Test(blobs, malformed_values_are_errors)
{
	refused(ROBOT("<sensor name='c' type='camera'><pose>0 0 1</pose></sensor>"),
		"is not a pose", "<pose>0 0 0 0 0 0</pose>");
	refused(ROBOT("<sensor name='c' type='camera'><update_rate>1e-310</update_rate></sensor>"),
		"'1e-310' is not a number", "<update_rate>0</update_rate>");
	refused(ROBOT("<sensor name='c' type='camera'><pose rotation_format='quat_xyzw'>"
		      "0 0 0 0 0 0</pose></sensor>"), "is not a pose", "<pose>0 0 0 0 0 0</pose>");
}

Test(blobs, a_required_attribute_missing)
{
	struct result plain = run(ROBOT("<sensor name='c'><update_rate>5</update_rate></sensor>"), 0);
	struct result fixed = run(ROBOT("<sensor name='c'><update_rate>5</update_rate></sensor>"), 1);

	cr_expect_eq(plain.rc, U2S_REJECTED);
	cr_expect(strstr(plain.msgs, "attribute 'type' is required") != NULL, "%s", plain.msgs);
	cr_expect_eq(fixed.rc, U2S_OK, "%s", fixed.msgs);
	cr_expect(strstr(fixed.msgs, "<sensor> lacks the attribute 'type', which SDFormat 1.9 "
			 "requires, with no default a reader loads; the <sensor> is left out")
		  != NULL, "%s", fixed.msgs);
	cr_expect(strstr(fixed.sdf, "<sensor") == NULL, "%s", fixed.sdf);
	result_free(&plain);
	result_free(&fixed);
}

/* required="1" and empty: "Empty string used when setting a required
 * parameter"; an optional one keeps its default. */
Test(blobs, a_required_value_empty)
{
	const char *contact = ROBOT("<sensor name='c' type='contact'><contact><collision>"
				    "</collision></contact></sensor>");
	struct result plain = run(contact, 0), fixed = run(contact, 1), optional;

	refused(ROBOT("<sensor name='c' type='camera'><camera><horizontal_fov> </horizontal_fov>"
		      "</camera></sensor>"), "<horizontal_fov> ' ' is empty, and SDFormat 1.9 "
		"requires a value there", "<horizontal_fov>1.047</horizontal_fov>");
	/* no default a reader loads (__default__): the nearest element above
	 * it that a reader does not add back goes (a sensor's contact) */
	cr_expect_eq(plain.rc, U2S_REJECTED);
	cr_expect(strstr(plain.msgs, "t.urdf:3:") != NULL, "%s", plain.msgs);
	cr_expect_eq(fixed.rc, U2S_OK, "%s", fixed.msgs);
	cr_expect(strstr(fixed.msgs, "<collision> is empty where SDFormat 1.9 requires a value, "
			 "with no default a reader loads; the <contact> is left out")
		  != NULL, "%s", fixed.msgs);
	cr_expect(strstr(fixed.sdf, "<sensor name='c' type='contact'/>") != NULL, "%s", fixed.sdf);
	optional = run(ROBOT("<collision><surface><friction><ode><mu></mu></ode></friction>"
			     "</surface></collision>"), 0);
	cr_expect_eq(optional.rc, U2S_OK, "%s", optional.msgs);
	cr_expect(strstr(optional.sdf, "<mu>1</mu>") != NULL, "%s", optional.sdf);
	result_free(&plain);
	result_free(&fixed);
	result_free(&optional);
}

Test(tags, mu1_below_its_elements_minimum)
{
	refused(ROBOT("<mu1>-1</mu1>"), "<mu1> (written as <mu>) '-1' is below the minimum",
		"<mu>1</mu>");
}

/* What the readers take stays as it is, silently. */
Test(blobs, accepted_values_pass)
{
	struct result r = run(ROBOT("<sensor name='c' type='camera'><pose>0 0 0 0 0 1x</pose>"
				    "<camera><horizontal_fov>nan</horizontal_fov></camera></sensor>"
				    "<collision><surface><friction><ode><fdir1>1 0 0 5</fdir1>"
				    "</ode></friction></surface></collision><mu2>nan</mu2>"), 0);

	cr_expect_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_expect_eq(r.nerrors, 0, "%s", r.msgs);
	cr_expect(strstr(r.sdf, "<fdir1>1 0 0 5</fdir1>") != NULL, "%s", r.sdf);
	result_free(&r);
}

/* schema_check_double says of a value what schema_check says of its
 * shortest text, or leaves it to schema_check (BAD): never another
 * verdict. */
Test(values, double_without_its_text_as_with_it)
{
	static const double values[] = { 0.0, -0.0, 1.0, -1.0, 1e-300, 4e-320, -4e-320, 1e308,
					 0.1, 1.237, 183000.0, 2.2250738585072014e-308, 1e-5,
					 -1e-5, 0.30000000000000004, 1e15, 123456789.123 };
	static const char *const bounds[] = { NULL, "0", "-1", "1", "0.1", "1e-5", "1e308",
					      "4e-320", "2.2250738585072014e-308", "1.237" };
	unsigned i, lo, hi;
	char text[NUM_BUFSZ];

	for (i = 0; i < sizeof values / sizeof *values; i++)
		for (lo = 0; lo < sizeof bounds / sizeof *bounds; lo++)
			for (hi = 0; hi < sizeof bounds / sizeof *bounds; hi++) {
				enum schema_verdict fast = schema_check_double(values[i], bounds[lo], bounds[hi]);
				num_format(values[i], text);
				if (fast != SCHEMA_VALUE_BAD)
					cr_assert_eq(fast, schema_check(SCHEMA_DOUBLE, text, bounds[lo], bounds[hi], 6),
						     "%s in [%s, %s]", text, bounds[lo] ? bounds[lo] : "-",
						     bounds[hi] ? bounds[hi] : "-");
			}
	cr_assert_eq(schema_check_double(NAN, NULL, NULL), SCHEMA_VALUE_BAD);
	cr_assert_eq(schema_check_double(INFINITY, NULL, NULL), SCHEMA_VALUE_BAD);
	cr_assert_eq(schema_check_double(4e-320, NULL, NULL), SCHEMA_VALUE_BAD);
	cr_assert_eq(schema_check_double(0.5, "0", "1"), SCHEMA_VALUE_OK);
	cr_assert_eq(schema_check_double(-0.5, "0", "1"), SCHEMA_VALUE_LOW);
	cr_assert_eq(schema_check_double(1.5, "0", "1"), SCHEMA_VALUE_HIGH);
}
