/* The migrated URDF (--migrate --output-format=urdf, src/write_urdf.c): the
 * input byte for byte but for the blocks the migration marks and the
 * Classic ros2_control hardware plugin.  With the library's
 * read_split_min lowered to 512 (as in test_fuzz), so that every corpus file but the
 * smallest is read in two halves at once too: the spans the second half
 * records must count from the file's start.  Until src/migrate.c marks
 * blocks, the tests mark them (edit functions below), as it will: a tree
 * changed in place and MIGRATED set, or a block appended with ADDED. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <talloc.h>

#include "testutil.h"

#include "diag.h"
#include "options.h"
#include "out.h"
#include "read.h"
#include "resolve.h"
#include "target.h"
#include "write_urdf.h"

/* Files from 512 bytes up are read in two halves (read.h): set before
 * Criterion forks the tests. */
__attribute__((constructor)) static void split_from_512_bytes(void)
{
	read_split_min = 512;
}

/* ---- one conversion through the stages -------------------------------------- */

struct result {
	int rc;
	char *bytes;           /* malloc'd, NUL-terminated; NULL unless U2S_OK */
	size_t len;
	int halves;            /* read in two halves */
	int edited;            /* a block was marked (migrated or added) */
	char messages[4096];   /* every message, one a line */
};

typedef void edit_fn(struct robot *rb);

static void keep_message(void *arg, enum u2s_severity sev, const char *line)
{
	struct result *r = arg;
	size_t n = strlen(r->messages);

	(void)sev;
	snprintf(r->messages + n, sizeof r->messages - n, "%s\n", line);
}

static int any_marked(const struct robot *rb)
{
	const struct gazebo *g;

	for (g = rb->gazebos; g; g = g->next)
		if (g->migrated || g->added)
			return 1;
	return 0;
}

/* out's sink: the bytes appended to RES, NUL-terminated. */
static int keep(void *arg, const char *buf, size_t len)
{
	struct result *res = arg;
	char *p = realloc(res->bytes, res->len + len + 1);

	cr_assert_not_null(p);
	memcpy(p + res->len, buf, len);
	res->len += len;
	p[res->len] = '\0';
	res->bytes = p;
	return 0;
}

static void write_out(struct result *res, const struct robot *rb, const struct sdf_target *t)
{
	static char buf[4096];   /* small: the sink is called often */
	struct out o;

	res->bytes = calloc(1, 1);
	res->len = 0;
	cr_assert_not_null(res->bytes);
	out_init_sink(&o, keep, res, buf, sizeof buf);
	write_urdf(rb, t, &o);
	cr_assert_eq(out_flush(&o), 0);
}

/* convert.c's run() for the URDF output, on FD (or MEM, LEN), with EDIT
 * standing for the migration: after resolve, or before when EDIT_FIRST
 * (where the migration runs: resolve copies what it marked before lumping). */
static struct result run_urdf_as(int fd, const char *mem, size_t len, const char *version,
				 int single_thread, edit_fn *edit, int edit_first)
{
	static struct result res;
	const struct sdf_target *t = version ? target_find(version) : target_default();
	TALLOC_CTX *ctx = talloc_new(NULL);
	struct robot *rb = NULL;
	struct options opts;
	struct diag d;
	oom_jump jump;

	memset(&res, 0, sizeof res);
	memset(&opts, 0, sizeof opts);
	opts.flags = U2S_MIGRATE | U2S_OUTPUT_URDF | U2S_NOTES;
	if (single_thread)
		opts.flags |= U2S_SINGLE_THREAD;
	opts.diag_fn = keep_message;
	opts.diag_arg = &res;
	diag_init(&d, "t.urdf", &opts);
	if (setjmp(jump) != 0)
		cr_assert_fail("out of memory");
	res.rc = mem ? read_urdf_mem(ctx, &jump, mem, len, &opts, &d, &rb)
		     : read_urdf(ctx, &jump, fd, &opts, &d, &rb);
	if (res.rc == U2S_OK && edit && edit_first)
		edit(rb);
	if (res.rc == U2S_OK)
		res.rc = resolve(rb, &d, &opts, t);
	if (res.rc == U2S_OK && edit && !edit_first)
		edit(rb);
	if (res.rc == U2S_OK)
		res.rc = urdf_check(rb, &d, &opts, t);
	if (res.rc == U2S_OK)
		write_out(&res, rb, t);
	res.halves = rb ? rb->read_in_halves : 0;
	res.edited = rb ? any_marked(rb) : 0;
	talloc_free(ctx);
	return res;
}

static struct result run_urdf(int fd, const char *mem, size_t len, const char *version,
			      int single_thread, edit_fn *edit)
{
	return run_urdf_as(fd, mem, len, version, single_thread, edit, 0);
}

static struct result run_text(const char *text, const char *version, edit_fn *edit)
{
	return run_urdf(-1, text, strlen(text), version, 1, edit);
}

/* TEXT in a regular file, read from there (in halves unless SINGLE). */
static struct result run_file(const char *text, const char *version, int single, edit_fn *edit)
{
	int fd = temp_fd();
	size_t len = strlen(text);
	struct result r;

	cr_assert_eq(write(fd, text, len), (ssize_t)len);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	r = run_urdf(fd, NULL, 0, version, single, edit);
	close(fd);
	return r;
}

/* S with every FROM outside comments replaced by TO (malloc'd). */
static char *replaced(const char *s, const char *from, const char *to)
{
	size_t nf = strlen(from), nt = strlen(to);
	char *out = malloc(strlen(s) * (nt > nf ? nt : 1) + 1), *q = out;

	cr_assert_not_null(out);
	while (*s) {
		if (strncmp(s, "<!--", 4) == 0) {
			const char *end = strstr(s + 4, "-->");
			size_t n = end ? (size_t)(end + 3 - s) : strlen(s);
			memcpy(q, s, n);
			q += n, s += n;
		} else if (strncmp(s, from, nf) == 0) {
			memcpy(q, to, nt);
			q += nt, s += nf;
		} else {
			*q++ = *s++;
		}
	}
	*q = '\0';
	return out;
}

/* ---- the whole corpus: identical when nothing is migrated --------------------- */

static const char CLASSIC_HW[] = "<plugin>gazebo_ros2_control/GazeboSystem</plugin>";
static const char HARMONIC_HW[] = "<plugin>gz_ros2_control/GazeboSimSystem</plugin>";

struct tally { unsigned files, accepted, identical, halves, marked; };

static void check_corpus_file(const char *path, void *arg)
{
	struct tally *t = arg;
	int fd = open(path, O_RDONLY);
	size_t len;
	char *in, *want;
	struct result one, two, mem;

	cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
	in = slurp(fd, &len);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	two = run_urdf(fd, NULL, 0, "1.11", 0, NULL);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	one = run_urdf(fd, NULL, 0, "1.11", 1, NULL);
	close(fd);
	mem = run_urdf(-1, in, len, "1.11", 1, NULL);
	cr_expect(mem.rc == one.rc && mem.len == one.len &&
		  (mem.rc != U2S_OK || memcmp(mem.bytes, one.bytes, one.len) == 0),
		  "%s: from memory and from a file differ", path);
	free(mem.bytes);
	t->files++;
	t->halves += two.halves;
	cr_expect_eq(one.rc, two.rc, "%s: %d read as one stream, %d in halves", path, one.rc, two.rc);
	if (one.rc == U2S_OK && two.rc == U2S_OK) {
		t->accepted++;
		cr_expect(one.len == two.len && memcmp(one.bytes, two.bytes, one.len) == 0,
			  "%s: one stream and two halves differ", path);
		want = replaced(in, CLASSIC_HW, HARMONIC_HW);
		if (one.edited) {
			t->marked++;
		} else {
			cr_expect(one.len == strlen(want) && memcmp(one.bytes, want, one.len) == 0,
				  "%s: not the input byte for byte", path);
			t->identical += one.len == strlen(want) && memcmp(one.bytes, want, one.len) == 0;
		}
		free(want);
	}
	free(one.bytes);
	free(two.bytes);
	free(in);
}

Test(write_urdf, corpus_is_copied_byte_for_byte)
{
	const char *dir = getenv("U2S_CORPUS");
	struct tally t = { 0, 0, 0, 0, 0 };

	cr_assert(dir && *dir, "U2S_CORPUS is not set (run through make check)");
	walk_urdfs(dir, check_corpus_file, &t);
	cr_log_info("corpus: %u files, %u accepted, %u identical, %u with marked blocks, "
		    "%u read in halves", t.files, t.accepted, t.identical, t.marked, t.halves);
	cr_expect_geq(t.files, 279);
	cr_expect_geq(t.accepted, 200);
	cr_expect_eq(t.identical + t.marked, t.accepted);
	cr_expect_geq(t.halves, 150, "only %u files read in halves", t.halves);
}

/* ---- a robot, and what the migration may do to it ------------------------------ */

#define INERTIAL "<inertial><mass value=\"1\"/><inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" " \
	"iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial>"
#define HEAD "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" \
	"<!-- a comment, <robot> & all -->\n" \
	"<robot name=\"r\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n" \
	"  <link name=\"base\">" INERTIAL \
	"<collision><geometry><box size=\"1 1 1\"/></geometry></collision></link>\n" \
	"  <link name=\"arm\">" INERTIAL "</link>\n" \
	"  <joint name=\"j\" type=\"revolute\"><parent link=\"base\"/><child link=\"arm\"/>" \
	"<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n"
#define BASE_BLOCK "  <gazebo reference=\"base\">\n" \
	"    <mu1>0.5</mu1>\n" \
	"    <!-- gone when the block is printed anew -->\n" \
	"  </gazebo>\n"
#define ARM_BLOCK "  <gazebo reference=\"arm\"><selfCollide><![CDATA[true]]></selfCollide></gazebo>\n"
#define HW(name) "  <ros2_control name=\"GazeboSystem\" type=\"system\">\n" \
	"    <hardware>\n" \
	"      <plugin>" name "</plugin>\n" \
	"    </hardware>\n" \
	"    <joint name=\"j\"><command_interface name=\"position\"/></joint>\n" \
	"  </ros2_control>\n"
#define TAIL "</robot>\n"

static const char ROBOT[] = HEAD BASE_BLOCK ARM_BLOCK HW("gazebo_ros2_control/GazeboSystem") TAIL;

static struct gazebo *block_of(struct robot *rb, const char *reference)
{
	struct gazebo *g;

	for (g = rb->gazebos; g; g = g->next)
		if (g->reference && strcmp(g->reference, reference) == 0)
			return g;
	cr_assert_fail("no block for %s", reference);
	return NULL;
}

/* Changes <mu1> of every block that has one. */
static void edit_mu1(struct robot *rb)
{
	struct gazebo *g;

	for (g = rb->gazebos; g; g = g->next) {
		struct xnode *mu1 = xnode_child(g->elem, "mu1");
		if (mu1) {
			mu1->text = "0.9";
			g->migrated = 1;
		}
	}
}

/* Adds a block for joint j holding a sensor. */
static void edit_add(struct robot *rb)
{
	struct gazebo *g = ARENA_NEW(&rb->arena, struct gazebo);
	struct xnode *n = xnode_new(&rb->arena, "gazebo"), *s;

	xnode_set_attr(n, "reference", "j");
	s = xnode_add(n, "sensor", NULL);
	xnode_set_attr(s, "name", "ft");
	xnode_set_attr(s, "type", "force_torque");
	xnode_add(s, "topic", "a&b");
	xnode_add(s, "update_rate", "100");
	g->reference = "j";
	g->elem = n;
	g->added = 1;
	LIST_APPEND(rb->gazebos, rb->gazebos_last, g, next);
}

static void edit_remove(struct robot *rb)
{
	struct gazebo *g = block_of(rb, "arm");

	g->elem = NULL;
	g->migrated = 1;
}

static void edit_mu1_add(struct robot *rb)
{
	edit_mu1(rb);
	edit_add(rb);
}

static void edit_all(struct robot *rb)
{
	edit_mu1(rb);
	edit_add(rb);
	edit_remove(rb);
}

static void expect_text(struct result r, const char *want)
{
	cr_assert_eq(r.rc, U2S_OK, "rc %d: %s", r.rc, r.messages);
	cr_expect_str_eq(r.bytes, want);
	free(r.bytes);
}

/* ---- the hardware plugin --------------------------------------------------------- */

Test(write_urdf, hardware_plugin_for_fortress)
{
	struct result r = run_text(ROBOT, "1.9", NULL);

	cr_expect(strstr(r.messages, "[U2S1235]"), "%s", r.messages);
	expect_text(r, HEAD BASE_BLOCK ARM_BLOCK HW("ign_ros2_control/IgnitionSystem") TAIL);
}

Test(write_urdf, hardware_plugin_for_harmonic_and_later)
{
	expect_text(run_text(ROBOT, "1.11", NULL),
		    HEAD BASE_BLOCK ARM_BLOCK HW("gz_ros2_control/GazeboSimSystem") TAIL);
	expect_text(run_text(ROBOT, "1.12", NULL),
		    HEAD BASE_BLOCK ARM_BLOCK HW("gz_ros2_control/GazeboSimSystem") TAIL);
}

/* Blanks around the name stay; another plugin, or one in a comment, is
 * left alone; an entity in the name is read as expat reads it. */
Test(write_urdf, hardware_plugin_as_written)
{
	expect_text(run_text(HEAD HW("\n  gazebo_ros2_control/GazeboSystem  ") TAIL, "1.11", NULL),
		    HEAD HW("\n  gz_ros2_control/GazeboSimSystem  ") TAIL);
	expect_text(run_text(HEAD HW("mock_components/GenericSystem") TAIL, "1.11", NULL),
		    HEAD HW("mock_components/GenericSystem") TAIL);
	expect_text(run_text(HEAD HW("<!-- gazebo_ros2_control/GazeboSystem -->x") TAIL, "1.11",
			     NULL), HEAD HW("<!-- gazebo_ros2_control/GazeboSystem -->x") TAIL);
	expect_text(run_text(HEAD HW("gazebo_ros2_control&#47;GazeboSystem") TAIL, "1.11", NULL),
		    HEAD HW("gz_ros2_control/GazeboSimSystem") TAIL);
}

/* ---- blocks the migration marks ---------------------------------------------------- */

Test(write_urdf, changed_block_in_place)
{
	expect_text(run_text(ROBOT, "1.11", edit_mu1),
		    HEAD "  <gazebo reference=\"base\">\n    <mu1>0.9</mu1>\n  </gazebo>\n"
		    ARM_BLOCK HW("gz_ros2_control/GazeboSimSystem") TAIL);
}

Test(write_urdf, added_block_before_robot_end)
{
	expect_text(run_text(ROBOT, "1.11", edit_add),
		    HEAD BASE_BLOCK ARM_BLOCK HW("gz_ros2_control/GazeboSimSystem")
		    "  <gazebo reference=\"j\">\n"
		    "    <sensor name=\"ft\" type=\"force_torque\">\n"
		    "      <topic>a&amp;b</topic>\n"
		    "      <update_rate>100</update_rate>\n"
		    "    </sensor>\n"
		    "  </gazebo>\n" TAIL);
}

Test(write_urdf, removed_block_with_its_line)
{
	expect_text(run_text(ROBOT, "1.11", edit_remove),
		    HEAD BASE_BLOCK HW("gz_ros2_control/GazeboSimSystem") TAIL);
}

/* The input's style: tabs, single quotes, CRLF, a block that is not alone
 * on its line, </robot> after something on its line. */
Test(write_urdf, block_in_the_inputs_style)
{
	static const char in[] =
		"<robot name='r'>\r\n\t<link name='base'>" INERTIAL "</link>\r\n"
		"\t<gazebo reference='base'>\r\n\t\t\t<mu1>0.5</mu1><mu2>1</mu2>\r\n\t</gazebo>\r\n"
		"\t<gazebo><static>false</static></gazebo><gazebo><mu1>1</mu1></gazebo></robot>";
	static const char want[] =
		"<robot name='r'>\r\n\t<link name='base'>" INERTIAL "</link>\r\n"
		"\t<gazebo reference='base'>\r\n\t\t\t<mu1>0.9</mu1>\r\n\t\t\t<mu2>1</mu2>\r\n"
		"\t</gazebo>\r\n"
		"\t<gazebo><static>false</static></gazebo><gazebo>\r\n\t\t<mu1>0.9</mu1>\r\n"
		"\t</gazebo>\r\n"
		"\t<gazebo reference='j'>\r\n\t\t<sensor name='ft' type='force_torque'>\r\n"
		"\t\t\t<topic>a&amp;b</topic>\r\n\t\t\t<update_rate>100</update_rate>\r\n"
		"\t\t</sensor>\r\n\t</gazebo>\r\n</robot>";

	expect_text(run_text(in, "1.11", edit_mu1_add), want);
}

Test(write_urdf, every_edit_at_once)
{
	expect_text(run_text(ROBOT, "1.9", edit_all),
		    HEAD "  <gazebo reference=\"base\">\n    <mu1>0.9</mu1>\n  </gazebo>\n"
		    HW("ign_ros2_control/IgnitionSystem")
		    "  <gazebo reference=\"j\">\n"
		    "    <sensor name=\"ft\" type=\"force_torque\">\n"
		    "      <topic>a&amp;b</topic>\n"
		    "      <update_rate>100</update_rate>\n"
		    "    </sensor>\n"
		    "  </gazebo>\n" TAIL);
}

/* ---- in two halves: the second's spans count from the file's start ------------------ */

/* N links in a chain, a block on each, the hardware plugin at the end:
 * several kilobytes, far above this test's read_split_min. */
static char *chain(unsigned n, const char *mu1)
{
	size_t cap = 1024 + (size_t)n * 1024, len;
	char *s = malloc(cap);
	unsigned i;

	cr_assert_not_null(s);
	len = (size_t)snprintf(s, cap, "<?xml version='1.0'?>\n<robot name='c'>\n");
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(s + len, cap - len, "  <link name='l%u'>%s</link>\n"
					"  <gazebo reference='l%u'>\n    <mu1>%s</mu1>\n  </gazebo>\n",
					i, INERTIAL, i, mu1);
		if (i > 0)
			len += (size_t)snprintf(s + len, cap - len, "  <joint name='j%u' type='fixed'>"
						"<parent link='l%u'/><child link='l%u'/></joint>\n",
						i, i - 1, i);
	}
	snprintf(s + len, cap - len, "%s", HW("gazebo_ros2_control/GazeboSystem") TAIL);
	return s;
}

Test(write_urdf, edits_in_both_halves)
{
	char *in = chain(40, "0.5"), *changed = chain(40, "0.9");
	char *want = replaced(changed, CLASSIC_HW, HARMONIC_HW);
	struct result two = run_file(in, "1.11", 0, edit_mu1);
	struct result one = run_file(in, "1.11", 1, edit_mu1);

	cr_expect_eq(two.halves, 1, "not read in halves");
	cr_expect_eq(one.halves, 0);
	expect_text(two, want);
	expect_text(one, want);
	free(in);
	free(changed);
	free(want);
}

/* ---- what cannot be written ----------------------------------------------------------- */

/* A block from an entity's replacement text is not in the bytes: copied
 * as it is when unchanged, an error when changed. */
Test(write_urdf, block_from_an_entity)
{
	static const char in[] =
		"<?xml version='1.0'?>\n<!DOCTYPE robot [\n"
		"<!ENTITY block \"<gazebo reference='base'><mu1>0.5</mu1></gazebo>\">\n]>\n"
		"<robot name='r'>\n  <link name='base'>" INERTIAL "</link>\n  &block;\n</robot>\n";
	struct result r = run_text(in, "1.11", NULL);

	expect_text(r, in);
	r = run_text(in, "1.11", edit_mu1);
	cr_expect_eq(r.rc, U2S_REJECTED);
	cr_expect_null(r.bytes);
	cr_expect(strstr(r.messages, "[U2S1066]"), "%s", r.messages);
}

static struct result run_public(const char *in, size_t len, unsigned flags, char **out)
{
	static struct result res;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	size_t n;

	memset(&res, 0, sizeof res);
	opts.flags = flags;
	opts.sdf_version = "1.11";
	opts.diag_fn = keep_message;
	opts.diag_arg = &res;
	res.rc = u2s_convert_buffer(in, len, "t.urdf", out, &n, &opts);
	res.len = res.rc == U2S_OK ? n : 0;
	return res;
}

Test(write_urdf, utf16_input_refused)
{
	static const char ascii[] = "<?xml version='1.0' encoding='UTF-16'?>\n<robot name='r'>"
				    "<link name='base'/></robot>\n";
	char in[2 * sizeof ascii + 2], *out = NULL;
	size_t i;
	struct result r;

	in[0] = (char)0xff, in[1] = (char)0xfe;
	for (i = 0; i < sizeof ascii - 1; i++)
		in[2 + 2 * i] = ascii[i], in[3 + 2 * i] = 0;
	r = run_public(in, 2 * sizeof ascii, U2S_MIGRATE, &out);
	cr_expect_eq(r.rc, U2S_OK, "as SDF it converts: %s", r.messages);
	u2s_free(out);
	out = NULL;
	r = run_public(in, 2 * sizeof ascii, U2S_MIGRATE | U2S_OUTPUT_URDF, &out);
	cr_expect_eq(r.rc, U2S_REJECTED);
	cr_expect_null(out);
	cr_expect(strstr(r.messages, "[U2S1065]"), "%s", r.messages);
}

Test(write_urdf, other_declared_encoding_refused)
{
	static const char in[] = "<?xml version='1.0' encoding='ISO-8859-1'?>\n"
				 "<robot name='r'><link name='base'/></robot>\n";
	char *out = NULL;
	struct result r = run_public(in, sizeof in - 1, U2S_MIGRATE | U2S_OUTPUT_URDF, &out);

	cr_expect_eq(r.rc, U2S_REJECTED);
	cr_expect(strstr(r.messages, "[U2S1065]"), "%s", r.messages);
	r = run_public(in, sizeof in - 1, U2S_MIGRATE | U2S_OUTPUT_URDF | U2S_INPUT_UTF8, &out);
	cr_expect_eq(r.rc, U2S_OK, "%s", r.messages);
	cr_expect_str_eq(out, in);
	u2s_free(out);
}

/* ---- read back: the URDF written converts to the same SDF -------------------------------- */

static char *sdf_of(const char *urdf, size_t len)
{
	char *out = NULL;
	struct result r = run_public(urdf, len, U2S_MIGRATE, &out);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.messages);
	return out;
}

Test(write_urdf, read_back_gives_the_same_sdf)
{
	char *urdf = NULL, *a, *b;
	struct result r = run_public(ROBOT, sizeof ROBOT - 1, U2S_MIGRATE | U2S_OUTPUT_URDF, &urdf);
	struct result e;
	char *by_hand = replaced(ROBOT, "<mu1>0.5</mu1>", "<mu1>0.9</mu1>");

	cr_assert_eq(r.rc, U2S_OK, "%s", r.messages);
	a = sdf_of(ROBOT, sizeof ROBOT - 1);
	b = sdf_of(urdf, r.len);
	cr_expect_str_eq(a, b);
	u2s_free(a), u2s_free(b), u2s_free(urdf);
	/* A block printed anew reads as the change made by hand. */
	e = run_text(ROBOT, "1.11", edit_mu1);
	cr_assert_eq(e.rc, U2S_OK);
	a = sdf_of(by_hand, strlen(by_hand));
	b = sdf_of(e.bytes, e.len);
	cr_expect_str_eq(a, b);
	cr_expect(strstr(a, "<mu>0.9</mu>"), "%s", a);
	u2s_free(a), u2s_free(b), free(e.bytes), free(by_hand);
}

/* <gazebo/>, its span the start tag alone, given a child. */
static void edit_empty(struct robot *rb)
{
	struct gazebo *g = block_of(rb, "base");

	xnode_add(g->elem, "mu1", "0.9");
	g->migrated = 1;
}

Test(write_urdf, empty_block_given_a_child)
{
	expect_text(run_text(HEAD "  <gazebo reference='base'/>\n" TAIL, "1.11", edit_empty),
		    HEAD "  <gazebo reference='base'>\n    <mu1>0.9</mu1>\n  </gazebo>\n" TAIL);
}

/* Marked before resolve, as the migration marks: lumping moves the
 * sensor's pose into base's frame in the SDF's tree, and the URDF keeps
 * the block as migrated, under arm, where whoever reads it lumps again. */
static void edit_rate(struct robot *rb)
{
	struct gazebo *g = block_of(rb, "arm");

	xnode_child(xnode_child(g->elem, "sensor"), "update_rate")->text = "50";
	g->migrated = 1;
}

Test(write_urdf, printed_as_migrated_not_as_lumped)
{
	static const char in[] =
		"<robot name='r'>\n  <link name='base'>" INERTIAL "</link>\n"
		"  <link name='arm'>" INERTIAL "</link>\n"
		"  <joint name='j' type='fixed'><parent link='base'/><child link='arm'/>"
		"<origin xyz='0 0 1'/></joint>\n"
		"  <gazebo reference='arm'>\n    <sensor name='s' type='imu'>\n"
		"      <pose>1 0 0 0 0 0</pose>\n      <update_rate>100</update_rate>\n"
		"    </sensor>\n  </gazebo>\n</robot>\n";
	char *want = replaced(in, "<update_rate>100<", "<update_rate>50<");
	struct result r = run_urdf_as(-1, in, strlen(in), "1.11", 1, edit_rate, 1);

	expect_text(r, want);
	free(want);
}

/* The migration itself (src/migrate.c): a Classic F/T sensor plugin in a
 * model block becomes a force_torque sensor in a block it adds for the
 * joint; the model block, emptied, goes with its line. */
Test(write_urdf, migrated_ft_sensor_block_added)
{
	static const char in[] =
		"<?xml version='1.0'?>\n<robot name='r'>\n"
		"  <link name='base_link'>" INERTIAL "</link>\n"
		"  <link name='wl'>" INERTIAL "</link>\n"
		"  <joint name='jl' type='continuous'><parent link='base_link'/><child link='wl'/>"
		"<axis xyz='0 1 0'/></joint>\n"
		"  <gazebo>\n    <plugin filename='libgazebo_ros_ft_sensor.so' name='ft'>\n"
		"      <ros><namespace>arm</namespace></ros>\n      <joint_name>jl</joint_name>\n"
		"    </plugin>\n  </gazebo>\n</robot>\n";
	struct result r = run_text(in, "1.11", NULL);
	const char *added;

	cr_assert_eq(r.rc, U2S_OK, "%s", r.messages);
	cr_expect(r.edited);
	added = strstr(r.bytes, "<axis xyz='0 1 0'/></joint>\n  <gazebo reference='jl'>\n"
			"    <sensor name='ft' type='force_torque'>\n");
	cr_expect_not_null(added, "%s", r.bytes);
	cr_expect_null(strstr(r.bytes, "libgazebo_ros_ft_sensor"), "%s", r.bytes);
	cr_expect_null(strstr(r.bytes, "<gazebo/>"), "%s", r.bytes);
	cr_expect(strstr(r.bytes, "<topic>/arm/wrench</topic>"), "%s", r.bytes);
	cr_expect(r.len > 21 && strcmp(r.bytes + r.len - 21, "  </gazebo>\n</robot>\n") == 0,
		  "%s", r.bytes);
	free(r.bytes);
}
