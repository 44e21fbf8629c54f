/* Tests of reading a big file as two halves at once (src/read_split.c): whatever the file holds, converting it from a regular file
 * (where it may be read in halves, and is written on two threads) must
 * give exactly what converting it from a pipe on one thread (one stream,
 * one writer) gives, messages and their positions included. */
#include <criterion/criterion.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "read.h"
#include "testutil.h"

#include "u2s.h"

/* ---- a big robot, built as text ------------------------------------------ */

struct text {
	char *s;
	size_t len, cap;
};

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if ((size_t)n < t->cap - t->len)
			break;
		t->cap = t->cap ? 2 * t->cap : 1 << 20;
		t->s = realloc(t->s, t->cap);
		cr_assert_not_null(t->s);
	}
	t->len += (size_t)n;
}

/* A chain of N links, every third joint fixed (so lumping runs across the
 * cut), a gazebo block on every tenth link, a transmission now and then
 * (whose <joint> is indented deeper).  MIDDLE, if not NULL, goes in the
 * middle of the links: what a test wants the cut to meet. */
static char *robot(unsigned n, const char *head, const char *middle, const char *end)
{
	struct text t = { NULL, 0, 0 };
	unsigned i;

	add(&t, "%s<robot name='big'>\n", head ? head : "<?xml version='1.0'?>\n");
	add(&t, "  <material name='grey'><color rgba='0.5 0.5 0.5 1'/></material>\n");
	for (i = 0; i < n; i++) {
		if (middle && i == n / 2)
			add(&t, "%s", middle);
		add(&t, "  <link name='l%u'>\n"
			"    <inertial>\n      <origin xyz='0 0 0.%u'/>\n"
			"      <mass value='1.%u'/>\n"
			"      <inertia ixx='0.1' ixy='0' ixz='0' iyy='0.2' iyz='0' izz='0.3'/>\n"
			"    </inertial>\n"
			"    <visual>\n      <geometry><box size='0.1 0.2 0.%u'/></geometry>\n"
			"      <material name='grey'/>\n    </visual>\n"
			"    <collision>\n      <geometry><cylinder radius='0.05' length='0.%u'/></geometry>\n"
			"    </collision>\n  </link>\n", i, i % 10, i % 7, i % 9 + 1, i % 8 + 1);
		if (i > 0)
			add(&t, "  <joint name='j%u' type='%s'>\n    <parent link='l%u'/>\n"
				"    <child link='l%u'/>\n    <origin xyz='0 0 0.1' rpy='0 0 0.%u'/>\n"
				"    <axis xyz='0 0 1'/>\n"
				"    <limit lower='-1' upper='1' effort='10' velocity='1'/>\n  </joint>\n",
			    i, i % 3 == 0 ? "fixed" : "revolute", i - 1, i, i % 10);
		if (i % 10 == 0)
			add(&t, "  <gazebo reference='l%u'>\n    <mu1>0.%u</mu1>\n"
				"    <sensor name='s%u' type='imu'><pose>0 0 0.%u 0 0 0</pose></sensor>\n"
				"  </gazebo>\n", i, i % 9 + 1, i, i % 10);
		if (i % 50 == 1)
			add(&t, "  <transmission name='t%u'>\n    <joint name='j%u'/>\n"
				"  </transmission>\n", i, i);
	}
	add(&t, "</robot>\n%s", end ? end : "");
	return t.s;
}

/* ---- converting it two ways ------------------------------------------------ */

struct result {
	int rc;
	int halves;
	char *out;
	struct msgs_text msgs;
};

static void convert_as(int in, struct result *r, int single_thread)
{
	struct u2s_options opts;
	struct u2s_stats st;
	int out = temp_fd();
	size_t len;

	opts = (struct u2s_options)U2S_OPTIONS_INIT;
	memset(&st, 0, sizeof st);
	opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
	opts.diag_fn = msgs_collect;
	opts.diag_arg = &r->msgs;
	opts.flags = single_thread ? U2S_SINGLE_THREAD : 0;
	msgs_clear(&r->msgs);
	r->rc = u2s_convert(in, "big.urdf", out, &opts);
	r->halves = st.read_in_halves;
	r->out = slurp(out, &len);
	close(out);
}

static void convert(int in, struct result *r)
{
	convert_as(in, r, 0);
}

static void from_file(const char *xml, struct result *r)
{
	int fd = temp_fd();

	cr_assert_eq(write(fd, xml, strlen(xml)), (ssize_t)strlen(xml));
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	convert(fd, r);
	close(fd);
}

static void from_pipe(const char *xml, struct result *r)
{
	int p[2];
	pid_t pid;

	cr_assert_eq(pipe(p), 0);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		size_t len = strlen(xml), done = 0;
		close(p[0]);
		while (done < len) {
			ssize_t w = write(p[1], xml + done, len - done);
			if (w <= 0)
				_exit(1);
			done += (size_t)w;
		}
		_exit(0);
	}
	close(p[1]);
	/* on one thread: the file's conversion may also write on two
	 * (write.h), and that seam is compared too */
	convert_as(p[0], r, 1);
	close(p[0]);
	waitpid(pid, NULL, 0);
}

/* Both ways agree, whichever side reads the middle of the file
 * (read_split.c): both, racing, or one of them alone; returns the status.
 * HALVES: whether the file is to be read in halves (1), or the halves
 * must have been given up (0), or either (-1). */
static int same_both_ways(const char *xml, int halves)
{
	static const int takers[] = { MIDDLE_BOTH, MIDDLE_FRONT, MIDDLE_BACK };
	struct result f, p;
	size_t i;

	cr_assert_gt(strlen(xml), 300 * 1024, "the robot is too small to be read in halves");
	from_pipe(xml, &p);
	cr_assert_eq(p.halves, 0, "a pipe is read as one stream");
	for (i = 0; i < sizeof takers / sizeof takers[0]; i++) {
		read_middle_taker = takers[i];
		from_file(xml, &f);
		read_middle_taker = MIDDLE_BOTH;
		cr_assert_eq(f.rc, p.rc, "status %d from a file, %d from a pipe (middle %d)",
			     f.rc, p.rc, takers[i]);
		if (f.rc == U2S_OK && halves >= 0)
			cr_assert_eq(f.halves, halves, "read in halves: %d, expected %d (middle %d)",
				     f.halves, halves, takers[i]);
		cr_assert_str_eq(f.msgs.s, p.msgs.s, "messages differ (middle %d)", takers[i]);
		cr_assert(strcmp(f.out, p.out) == 0, "output differs (%zu bytes from a file, %zu "
			  "from a pipe; middle %d)", strlen(f.out), strlen(p.out), takers[i]);
		free(f.out);
	}
	free(p.out);
	return p.rc;
}

/* XML, read from a file, says WANT among its messages. */
static void says(const char *xml, const char *want)
{
	struct result f;

	from_file(xml, &f);
	cr_assert_not_null(strstr(f.msgs.s, want), "%s", f.msgs.s);
	free(f.out);
}

/* ---- the cases --------------------------------------------------------------- */

Test(split, a_clean_robot)
{
	char *xml = robot(2000, NULL, NULL, NULL);

	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	free(xml);
}

/* options.single_thread (U2S_THREADS=1): the same file, one stream, the
 * same text. */
Test(split, single_thread_reads_one_stream)
{
	char *xml = robot(2000, NULL, NULL, NULL);
	struct result two, one;
	int fd = temp_fd();

	cr_assert_eq(write(fd, xml, strlen(xml)), (ssize_t)strlen(xml));
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	convert_as(fd, &two, 0);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	convert_as(fd, &one, 1);
	close(fd);
	cr_assert_eq(two.rc, U2S_OK);
	cr_assert_eq(one.rc, U2S_OK);
	cr_assert_eq(two.halves, 1);
	cr_assert_eq(one.halves, 0, "single_thread read the file in halves");
	cr_assert_str_eq(one.out, two.out);
	free(one.out);
	free(two.out);
	free(xml);
}

Test(split, positions_in_the_second_half)
{
	/* resolve's messages point into the second half: a reference to a
	 * missing link, and a link without inertial below the cut */
	char *xml = robot(2000, NULL,
			  "  <gazebo reference='l999x'><mu1>1</mu1></gazebo>\n", NULL);

	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	says(xml, "did you mean 'l999'?");
	free(xml);
}

/* Each half counts its own lines and columns (read.c's count_to, the half
 * parsed as one buffer): a message that points after multibyte characters
 * and tabs on its line, in either half and right at the end, says what
 * expat's count (a pipe) says. */
Test(split, positions_after_multibyte_characters)
{
	char *xml = robot(2000, "<?xml version='1.0' encoding='UTF-8'?>\n<!-- \xc3\xa9\xf0\x9f\x98\x80 -->\n",
			  "  <!-- \xe6\xbc\xa2\xe6\xbc\xa2 --> \t<gazebo reference='l999x'><mu1>1</mu1></gazebo>\n",
			  "<!-- \xc3\xa9 -->");

	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	says(xml, ":16: warning: <gazebo reference='l999x'>");
	free(xml);
}

/* TEXT repeated until it fills more than the windows a cut is looked for
 * in, wrapped in OPEN and CLOSE: every cut near the middle falls inside. */
static char *filler(const char *open, const char *text, const char *close)
{
	struct text t = { NULL, 0, 0 };

	add(&t, "%s", open);
	while (t.len < 400 * 1024)
		add(&t, "%s", text);
	add(&t, "%s", close);
	return t.s;
}

Test(split, a_cut_inside_a_comment)
{
	/* commented-out links in the middle: the first half, closed at a cut
	 * in the comment, is not well-formed */
	char *fill = filler("  <!-- old links\n", "  <link name='x'/>\n", "  -->\n");
	char *xml = robot(2000, NULL, fill, NULL);

	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
	free(fill);
	/* a short one, wherever the cut falls */
	xml = robot(2000, NULL, "  <!--\n  <link name='x1'/>\n  <joint name='x'/>\n  -->\n", NULL);
	cr_assert_eq(same_both_ways(xml, -1), U2S_OK);
	free(xml);
}

Test(split, a_cut_inside_cdata)
{
	char *fill = filler("  <gazebo><plugin name='p' filename='p.so'><![CDATA[\n",
			    "  <link name='inside'>\n", "  ]]></plugin></gazebo>\n");
	char *xml = robot(2000, NULL, fill, NULL);

	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
	free(fill);
}

Test(split, a_cut_inside_an_element)
{
	/* a <gazebo> block holding <link> elements, indented as deep as the
	 * robot's own: the first half closed there has a mismatched tag */
	char *fill = filler("  <gazebo>\n", "  <link name='y'/>\n", "  </gazebo>\n");
	char *xml = robot(2000, NULL, fill, NULL);

	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
	free(fill);
}

Test(split, a_name_in_both_halves)
{
	char *xml = robot(2000, NULL, "  <link name='l1999'/>\n", NULL);

	cr_assert_eq(same_both_ways(xml, 0), U2S_REJECTED);
	free(xml);
}

Test(split, a_doctype_with_defaults)
{
	/* a default attribute from the internal subset applies to the second
	 * half too: such files are read as one stream */
	char *xml = robot(2000,
			  "<?xml version='1.0'?>\n<!DOCTYPE robot [\n"
			  "<!ATTLIST sensor always_on CDATA 'true'>\n]>\n", NULL, NULL);

	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
}

Test(split, malformed_in_either_half)
{
	char *xml = robot(2000, NULL, NULL, NULL);
	char *late = strstr(xml + strlen(xml) * 3 / 4, "<link");
	char *early = strstr(xml + strlen(xml) / 4, "<link");

	late[1] = '!';
	cr_assert_eq(same_both_ways(xml, 0), U2S_REJECTED);
	late[1] = 'l';
	early[4] = '!';
	cr_assert_eq(same_both_ways(xml, 0), U2S_REJECTED);
	free(xml);
}

Test(split, warnings_anywhere)
{
	/* a message found while reading either half: read again as a stream,
	 * so that messages come in document order */
	char *xml = robot(2000, NULL,
			  "  <link name='w'><inertial><mass value='1'/></inertial></link>\n"
			  "  <joint name='jw' type='fixed'><parent link='l0'/><child link='w'/></joint>\n",
			  NULL);

	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
}

Test(split, carriage_returns_and_other_encodings)
{
	char *xml = robot(2000, NULL, NULL, NULL), *p;

	for (p = xml; (p = strstr(p, "\n  <link")) != NULL; p++)
		*p = '\r';   /* old Mac line ends in places: expat counts them */
	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
	/* only in the middle, which either side may read */
	xml = robot(2000, NULL, NULL, NULL);
	for (p = xml + strlen(xml) * 9 / 20; (p = strstr(p, "\n  <link")) != NULL &&
	     p < xml + strlen(xml) * 11 / 20; p++)
		*p = '\r';
	cr_assert_eq(same_both_ways(xml, -1), U2S_OK);
	free(xml);
	xml = robot(2000, "<?xml version='1.0' encoding='ISO-8859-1'?>\n", NULL, NULL);
	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
}

Test(split, content_after_the_root)
{
	char *xml = robot(2000, NULL, NULL, "<!-- done -->\n");

	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	free(xml);
	xml = robot(2000, NULL, NULL, "<robot name='again'/>\n");
	cr_assert_eq(same_both_ways(xml, 0), U2S_REJECTED);
	free(xml);
}

/* XML with the robot's start tag given VERSION and TAIL put just before
 * "</robot>": in the second half, which reads as URDF 1.0 not knowing the
 * file's version. */
static char *versioned(const char *version, const char *tail)
{
	char *xml = robot(2000, NULL, NULL, NULL);
	const char *root = "<robot name='big'>", *close = "</robot>\n";
	size_t len = strlen(xml) + strlen(version) + strlen(tail) + 64;
	char *out = malloc(len), *at = strstr(xml, root), *end = strstr(xml, close);

	cr_assert(out && at && end);
	snprintf(out, len, "%.*s<robot name='big' version='%s'>%.*s%s%s", (int)(at - xml), xml,
		 version, (int)(end - at - strlen(root)), at + strlen(root), tail, close);
	free(xml);
	return out;
}

Test(split, urdf_versions)
{
	/* Silent under 1.0's rules (lower and upper default to 0), an error
	 * under 1.2's: the second half's reading must not be kept. */
	const char *no_bounds =
		"  <link name='v'><inertial><mass value='1'/><inertia ixx='1' ixy='0' ixz='0' "
		"iyy='1' iyz='0' izz='1'/></inertial></link>\n"
		"  <joint name='jv' type='revolute'><parent link='l0'/><child link='v'/>\n"
		"    <limit effort='1' velocity='1'/></joint>\n";
	const char *quat =
		"  <link name='q'><inertial><origin quat_xyzw='0 0 1 1'/><mass value='1'/>"
		"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>\n"
		"    <collision><geometry><capsule radius='1' length='2'/></geometry></collision>"
		"</link>\n"
		"  <joint name='jq' type='fixed'><parent link='l0'/><child link='q'/></joint>\n";
	char *xml;

	xml = versioned("1.2", no_bounds);
	cr_assert_eq(same_both_ways(xml, 0), U2S_REJECTED);
	free(xml);
	xml = versioned("1.0", no_bounds);
	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	free(xml);
	xml = versioned("1.1", quat);
	cr_assert_eq(same_both_ways(xml, 0), U2S_OK);
	free(xml);
	xml = versioned("1.1", "");
	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	free(xml);
}

/* Each half in pieces of about 4 KiB (read.c's reader_feed_range, as the
 * halves of a big file are read in pieces of 2 MiB) and the halves' names
 * joined on two threads (as from 16,384 links): the same text and the
 * same messages, at the same lines and columns, as one stream; a name in
 * both halves found by the threads' join. */
Test(split, in_pieces_and_joined_on_two_threads)
{
	char *xml = robot(2000, "<?xml version='1.0' encoding='UTF-8'?>\n<!-- \xc3\xa9 -->\n",
			  "  <!-- \xe6\xbc\xa2 --> \t<gazebo reference='l999x'><mu1>1</mu1></gazebo>\n",
			  NULL);

	read_piece_size = 4096;
	read_join_thread_min = 1;
	cr_assert_eq(same_both_ways(xml, 1), U2S_OK);
	says(xml, ":15: warning: <gazebo reference='l999x'>");
	free(xml);
	xml = robot(2000, NULL, "  <link name='l1999'/>\n", NULL);
	cr_assert_eq(same_both_ways(xml, 0), U2S_REJECTED);
	free(xml);
	xml = robot(2000, NULL, "  <!--\n  <link name='x1'/>\n  <joint name='x'/>\n  -->\n", NULL);
	cr_assert_eq(same_both_ways(xml, -1), U2S_OK);
	free(xml);
}
