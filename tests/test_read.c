/* Unit tests of src/read.c: URDF text -> model, and the rejections with
 * their FILE:LINE:COL positions. */
#include <criterion/criterion.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "read.h"
#include "reader.h"
#include "testutil.h"
#include "resolve.h"

/* ---- harness ----------------------------------------------------------------- */

struct msgs {
	char *line[64];
	enum u2s_severity sev[64];
	unsigned n;
};

static TALLOC_CTX *ctx;
static struct msgs msgs;
static struct diag diag;
static struct options opts;

static void collect(void *arg, enum u2s_severity sev, const char *line)
{
	struct msgs *m = arg;

	if (m->n < 64) {
		m->sev[m->n] = sev;
		m->line[m->n] = talloc_strdup(ctx, line);
		cr_assert_eq(strip_codes(m->line[m->n]), 0, "a message without a code: %s", line);
		m->n++;
	}
}

static void setup(void)
{
	ctx = talloc_new(NULL);
	memset(&msgs, 0, sizeof msgs);
	memset(&opts, 0, sizeof opts);
	opts.diag_fn = collect;
	opts.diag_arg = &msgs;
	diag_init(&diag, "t.urdf", &opts);
}

static void teardown(void)
{
	talloc_free(ctx);
}

TestSuite(read, .init = setup, .fini = teardown);
TestSuite(reject, .init = setup, .fini = teardown);
TestSuite(fates, .init = setup, .fini = teardown);

/* Feeds LEN bytes of XML through a pipe (small inputs) or an unlinked
 * temporary file (large ones) and reads them. */
static int read_bytes(const char *xml, size_t len, struct robot **rb)
{
	int fd, rc;

	if (len < 32768) {
		int p[2];
		cr_assert_eq(pipe(p), 0);
		cr_assert_eq(write(p[1], xml, len), (ssize_t)len);
		close(p[1]);
		fd = p[0];
	} else {
		char path[] = "/tmp/u2s-test-read-XXXXXX";
		fd = mkstemp(path);
		cr_assert_geq(fd, 0, "mkstemp: %s", strerror(errno));
		unlink(path);
		cr_assert_eq(write(fd, xml, len), (ssize_t)len);
		cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	}
	*rb = NULL;
	rc = read_urdf(ctx, NULL, fd, &opts, &diag, rb);
	close(fd);
	cr_assert_not_null(*rb, "read_urdf left no robot");
	return rc;
}

static int read_str(const char *xml, struct robot **rb)
{
	return read_bytes(xml, strlen(xml), rb);
}

static struct robot *read_ok(const char *xml)
{
	struct robot *rb;
	int rc = read_str(xml, &rb);

	cr_assert_eq(rc, U2S_OK, "rc %d, first message: %s", rc, msgs.n ? msgs.line[0] : "(none)");
	cr_assert_eq(diag.errors, 0);
	return rb;
}

/* Reads XML, expects it rejected with exactly the messages given (NULL-ended). */
static void rejected_with(const char *xml, ...)
{
	struct robot *rb;
	int rc = read_str(xml, &rb);
	va_list ap;
	const char *want;
	unsigned i = 0;

	cr_assert_eq(rc, U2S_REJECTED, "accepted: %s", xml);
	va_start(ap, xml);
	while ((want = va_arg(ap, const char *)) != NULL) {
		cr_assert_lt(i, msgs.n, "missing message: %s", want);
		cr_assert_str_eq(msgs.line[i], want);
		cr_assert_eq(msgs.sev[i], U2S_ERROR);
		i++;
	}
	va_end(ap);
	cr_assert_eq(msgs.n, i, "extra message: %s", msgs.n > i ? msgs.line[i] : "");
	cr_assert_eq(diag.errors, i);
}

static struct link *link_named(struct robot *rb, const char *name)
{
	struct link *l = index_get(rb->link_index, name);

	cr_assert_not_null(l, "no link %s", name);
	return l;
}

static void assert_pose(struct pose p, double x, double y, double z, double r, double pt, double yw)
{
	struct quat q = quat_from_rpy(r, pt, yw);

	cr_assert(p.p.x == x && p.p.y == y && p.p.z == z, "xyz %.17g %.17g %.17g", p.p.x, p.p.y, p.p.z);
	struct quat pq = pose_quat(&p);
	cr_assert(fabs(pq.w - q.w) < 1e-15 && fabs(pq.x - q.x) < 1e-15 &&
		  fabs(pq.y - q.y) < 1e-15 && fabs(pq.z - q.z) < 1e-15, "rotation differs");
}

/* ---- model contents -------------------------------------------------------------- */

static const char ARM[] =
	"<?xml version='1.0'?>\n"
	"<robot name=\"arm\">\n"
	"  <material name=\"blue\"><color rgba=\"0 0 0.8 1\"/></material>\n"
	"  <link name=\"base\">\n"
	"    <inertial>\n"
	"      <origin xyz=\"0 0 0.1\" rpy=\"0 0 0\"/>\n"
	"      <mass value=\"2.5\"/>\n"
	"      <inertia ixx=\"0.1\" ixy=\"0.01\" ixz=\"0\" iyy=\"0.2\" iyz=\"0\" izz=\"0.3\"/>\n"
	"    </inertial>\n"
	"    <visual name=\"v0\">\n"
	"      <origin xyz=\"1 2 3\" rpy=\"0.1 0.2 0.3\"/>\n"
	"      <geometry><box size=\"0.5 0.25 0.125\"/></geometry>\n"
	"      <material name=\"blue\"/>\n"
	"    </visual>\n"
	"    <visual>\n"
	"      <geometry><mesh filename=\"package://arm/meshes/base.dae\"/></geometry>\n"
	"      <material name=\"red\"><color rgba=\"1 0 0 0.5\"/></material>\n"
	"    </visual>\n"
	"    <collision>\n"
	"      <geometry><cylinder radius=\"0.05\" length=\"0.4\"/></geometry>\n"
	"    </collision>\n"
	"    <collision name='c1'>\n"
	"      <origin xyz='0 0 -1'/>\n"
	"      <geometry><mesh filename=\"m.stl\" scale=\"0.001 0.002 0.003\"/></geometry>\n"
	"    </collision>\n"
	"  </link>\n"
	"  <link name=\"tool\">\n"
	"    <visual><geometry><sphere radius=\"0.02\"/></geometry></visual>\n"
	"  </link>\n"
	"  <joint name=\"j1\" type=\"continuous\">\n"
	"    <origin xyz=\"0 0 0.5\" rpy=\"0 0 1.5707963267948966\"/>\n"
	"    <parent link=\"base\"/>\n"
	"    <child link=\"tool\"/>\n"
	"    <axis xyz=\"0 0 1\"/>\n"
	"    <limit effort=\"10\" velocity=\"2\"/>\n"
	"    <dynamics damping=\"0.7\"/>\n"
	"  </joint>\n"
	"  <joint name='j0' type='revolute'>\n"
	"    <parent link='base'/><child link='tool'/>\n"
	"    <limit lower='-1.5' upper='1.5' effort='3' velocity='4'/>\n"
	"  </joint>\n"
	"</robot>\n";

Test(read, model_contents)
{
	struct robot *rb = read_ok(ARM);
	struct link *base, *tool;
	struct item *it;
	struct joint *j;
	struct material *m;

	cr_assert_str_eq(rb->name, "arm");
	cr_assert(rb->pos.line == 2 && rb->pos.col == 1);
	cr_assert_eq(rb->nlinks, 2);
	cr_assert_eq(rb->njoints, 2);
	cr_assert_eq(msgs.n, 0);
	base = link_named(rb, "base");
	tool = link_named(rb, "tool");
	cr_assert(rb->links == base && base->next == tool && !tool->next && rb->links_last == tool);
	cr_assert(base->pos.line == 4 && base->pos.col == 3);

	m = index_get(rb->material_index, "blue");
	cr_assert_not_null(m);
	cr_assert(m->has_rgba && m->rgba[0] == 0 && m->rgba[1] == 0 && m->rgba[2] == 0.8 && m->rgba[3] == 1);

	cr_assert_not_null(base->inertial);
	cr_assert(base->inertial->mass == 2.5);
	cr_assert(base->inertial->ixx == 0.1 && base->inertial->ixy == 0.01 && base->inertial->ixz == 0);
	cr_assert(base->inertial->iyy == 0.2 && base->inertial->iyz == 0 && base->inertial->izz == 0.3);
	assert_pose(base->inertial->origin, 0, 0, 0.1, 0, 0, 0);
	cr_assert_null(tool->inertial);

	cr_assert_eq(base->visuals.count, 2);
	it = base->visuals.first;
	cr_assert_eq(it->kind, ITEM_VISUAL);
	cr_assert_str_eq(it->name, "v0");
	cr_assert_eq(it->source, base);
	assert_pose(it->origin, 1, 2, 3, 0.1, 0.2, 0.3);
	cr_assert_eq(it->geom.kind, GEOM_BOX);
	cr_assert(it->geom.size[0] == 0.5 && it->geom.size[1] == 0.25 && it->geom.size[2] == 0.125);
	cr_assert_str_eq(it->material_name, "blue");
	cr_assert(it->pos.line == 10 && it->pos.col == 5);
	it = it->next;
	cr_assert_null(it->name);
	assert_pose(it->origin, 0, 0, 0, 0, 0, 0);
	cr_assert_eq(it->geom.kind, GEOM_MESH);
	cr_assert_str_eq(it->geom.filename, "package://arm/meshes/base.dae");
	cr_assert(it->geom.scale[0] == 1 && it->geom.scale[1] == 1 && it->geom.scale[2] == 1);
	cr_assert_str_eq(it->material_name, "red");
	cr_assert_not_null(it->inline_mat);
	cr_assert(it->inline_mat->has_rgba && it->inline_mat->rgba[0] == 1 && it->inline_mat->rgba[3] == 0.5);
	cr_assert_null(it->next);
	cr_assert_eq(base->visuals.last, it);

	cr_assert_eq(base->collisions.count, 2);
	it = base->collisions.first;
	cr_assert_eq(it->kind, ITEM_COLLISION);
	cr_assert_null(it->name);
	cr_assert_eq(it->geom.kind, GEOM_CYLINDER);
	cr_assert(it->geom.radius == 0.05 && it->geom.length == 0.4);
	it = it->next;
	cr_assert_str_eq(it->name, "c1");
	assert_pose(it->origin, 0, 0, -1, 0, 0, 0);
	cr_assert_eq(it->geom.kind, GEOM_MESH);
	cr_assert_str_eq(it->geom.filename, "m.stl");
	cr_assert(it->geom.scale[0] == 0.001 && it->geom.scale[1] == 0.002 && it->geom.scale[2] == 0.003);

	cr_assert_eq(tool->visuals.count, 1);
	cr_assert_eq(tool->visuals.first->geom.kind, GEOM_SPHERE);
	cr_assert(tool->visuals.first->geom.radius == 0.02);
	cr_assert_eq(tool->collisions.count, 0);

	j = rb->joints;
	cr_assert_eq(index_get(rb->joint_index, "j1"), j);
	cr_assert_str_eq(j->name, "j1");
	cr_assert_eq(j->type, JOINT_CONTINUOUS);
	assert_pose(j->origin, 0, 0, 0.5, 0, 0, 1.5707963267948966);
	cr_assert_str_eq(j->parent_name, "base");
	cr_assert_str_eq(j->child_name, "tool");
	cr_assert(j->has_axis && j->axis[0] == 0 && j->axis[1] == 0 && j->axis[2] == 1);
	cr_assert(j->has_limit && j->effort == 10 && j->velocity == 2 && j->lower == 0 && j->upper == 0);
	cr_assert(j->has_dynamics && j->damping == 0.7 && j->friction == 0);
	cr_assert_null(j->rare);   /* no mimic, safety_controller or calibration */
	cr_assert(j->pos.line == 30 && j->pos.col == 3);
	cr_assert(j->parent_pos.line == 32 && j->parent_pos.col == 5);
	j = j->next;
	cr_assert_str_eq(j->name, "j0");
	cr_assert_eq(j->type, JOINT_REVOLUTE);
	cr_assert(j->lower == -1.5 && j->upper == 1.5 && j->effort == 3 && j->velocity == 4);
	cr_assert(!j->has_axis && j->axis[0] == 1 && j->axis[1] == 0 && j->axis[2] == 0,
		  "URDF's default axis is 1 0 0");
	assert_pose(j->origin, 0, 0, 0, 0, 0, 0);
	cr_assert_null(j->next);
	cr_assert_eq(rb->joints_last, j);
	cr_assert_null(rb->gazebos);
}

/* Every kind of joint type, and the robot-level <origin>. */
#define PC "<parent link='p'/><child link='c'/>"
Test(read, joint_types)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"<origin xyz='1 2 3' rpy='0 0 0.5'/>\n"
		"<joint name='a' type='revolute'><limit effort='1' velocity='1'/>" PC "</joint>\n"
		"<joint name='b' type='continuous'>" PC "</joint>\n"
		"<joint name='c' type='prismatic'><limit effort='1' velocity='1'/>" PC "</joint>\n"
		"<joint name='d' type='fixed'>" PC "</joint>\n"
		"<joint name='e' type='floating'>" PC "</joint>\n"
		"<joint name='f' type='planar'>" PC "</joint>\n"
		"</robot>");
	static const enum joint_type want[] = {
		JOINT_REVOLUTE, JOINT_CONTINUOUS, JOINT_PRISMATIC, JOINT_FIXED, JOINT_FLOATING, JOINT_PLANAR
	};
	struct joint *j;
	unsigned i = 0;

	for (j = rb->joints; j; j = j->next, i++)
		cr_assert_eq(j->type, want[i], "joint %s", j->name);
	cr_assert_eq(i, 6);
	cr_assert(rb->has_origin);
	assert_pose(rb->origin, 1, 2, 3, 0, 0, 0.5);
}

static const char GAZEBO[] =
	"<robot name='r'>\n"
	"  <link name='base'/>\n"
	"  <gazebo reference=\"base\">\n"
	"    <mu1>0.5</mu1>\n"
	"    <sensor type='camera' name=\"cam\">\n"
	"      <update_rate>30</update_rate>\n"
	"      <camera><image><width>640</width></image></camera>\n"
	"    </sensor>\n"
	"  </gazebo>\n"
	"  <gazebo>\n"
	"    <plugin name='p' filename=\"libp.so\">\n"
	"      <script><![CDATA[if (a < b && c) { x = \"]]\"; }]]></script>\n"
	"      <entity>&lt;&#x41;&#66;&gt;&amp;&quot;&apos;</entity>\n"
	"      <attr v='&lt;&#x41;&amp;&apos;' w=\"&quot;\"/>\n"
	"      <empty/>\n"
	"      <blank>  </blank>\n"
	"      <mixed>a<!-- comment -->b<?pi x?>c</mixed>\n"
	"    </plugin>\n"
	"  </gazebo>\n"
	"</robot>\n";

Test(read, gazebo_trees)
{
	struct robot *rb = read_ok(GAZEBO);
	struct gazebo *g = rb->gazebos;
	struct xnode *e, *c;

	cr_assert_not_null(g);
	cr_assert_str_eq(g->reference, "base");
	e = g->elem;
	cr_assert_str_eq(e->name, "gazebo");
	cr_assert_str_eq(xnode_attr(e, "reference"), "base");
	cr_assert(e->pos.line == 3 && e->pos.col == 3);
	c = e->first;
	cr_assert_str_eq(c->name, "mu1");
	cr_assert_str_eq(c->text, "0.5");
	cr_assert(c->pos.line == 4 && c->pos.col == 5);
	c = c->next;
	cr_assert_str_eq(c->name, "sensor");
	cr_assert_null(c->text, "an element with children has no text");
	cr_assert_eq(c->nattrs, 2);
	cr_assert_str_eq(c->attrs[0].name, "type");
	cr_assert_str_eq(c->attrs[0].value, "camera");
	cr_assert_str_eq(c->attrs[1].name, "name");
	cr_assert_str_eq(c->attrs[1].value, "cam");
	cr_assert_str_eq(c->first->name, "update_rate");
	cr_assert_str_eq(c->first->text, "30");
	cr_assert_str_eq(c->last->name, "camera");
	cr_assert_str_eq(c->last->first->first->name, "width");
	cr_assert_str_eq(c->last->first->first->text, "640");
	cr_assert_eq(c->last->first->first->parent, c->last->first);
	cr_assert_null(c->next);

	g = g->next;
	cr_assert_not_null(g);
	cr_assert_null(g->reference);
	cr_assert_eq(g->elem->nattrs, 0);
	c = g->elem->first;
	cr_assert_str_eq(c->name, "plugin");
	cr_assert_str_eq(xnode_attr(c, "name"), "p");
	cr_assert_str_eq(xnode_attr(c, "filename"), "libp.so");
	c = c->first;
	cr_assert_str_eq(c->name, "script");
	cr_assert_str_eq(c->text, "if (a < b && c) { x = \"]]\"; }");
	c = c->next;
	cr_assert_str_eq(c->name, "entity");
	cr_assert_str_eq(c->text, "<AB>&\"'");
	c = c->next;
	cr_assert_str_eq(xnode_attr(c, "v"), "<A&'");
	cr_assert_str_eq(xnode_attr(c, "w"), "\"");
	c = c->next;
	cr_assert_str_eq(c->name, "empty");
	cr_assert_null(c->text);
	c = c->next;
	cr_assert_str_eq(c->name, "blank");
	cr_assert_str_eq(c->text, "  ", "blank text is kept as it is");
	c = c->next;
	cr_assert_str_eq(c->name, "mixed");
	cr_assert_str_eq(c->text, "abc");
	cr_assert_null(c->next);
	cr_assert_null(g->next);
	cr_assert_eq(rb->gazebos_last, g);
}

/* CRLF line ends, a BOM, comments: positions and text as with LF. */
Test(read, crlf_bom_comments)
{
	static const char xml[] =
		"\xEF\xBB\xBF<?xml version='1.0' encoding='UTF-8'?>\r\n"
		"<!-- a comment with <link name='fake'/> inside -->\r\n"
		"<robot name='r'>\r\n"
		"  <!-- another\r\n  one -->\r\n"
		"  <link name='a'/>\r\n"
		"  <gazebo reference='a'>\r\n"
		"    <plugin name='p'>line1\r\nline2\rline3</plugin>\r\n"
		"  </gazebo>\r\n"
		"</robot>\r\n";
	struct robot *rb = read_ok(xml);
	struct link *a = link_named(rb, "a");
	struct xnode *p;

	cr_assert_eq(rb->nlinks, 1);
	cr_assert_null(index_get(rb->link_index, "fake"));
	cr_assert(rb->pos.line == 3 && rb->pos.col == 1, "robot at %lu:%lu", rb->pos.line, rb->pos.col);
	cr_assert(a->pos.line == 6 && a->pos.col == 3, "link at %lu:%lu", a->pos.line, a->pos.col);
	p = rb->gazebos->elem->first;
	cr_assert_str_eq(p->text, "line1\nline2\nline3", "XML normalises line ends");
	cr_assert_eq(p->pos.line, 8);
}

Test(read, crlf_positions_in_errors)
{
	rejected_with("\xEF\xBB\xBF<robot name='r'>\r\n  <link name='a'/>\r\n  <link name='a'/>\r\n</robot>\r\n",
		      "t.urdf:3:3: error: duplicate link name 'a' (first defined at line 2)", NULL);
}

Test(read, quotes_and_entities_in_names)
{
	struct robot *rb = read_ok(
		"<robot name=\"r&lt;&#x41;&amp;&#66;\">\n"
		"  <link name='a&apos;b'/>\n"
		"  <link name=\"it's\"/>\n"
		"  <link name='say \"hi\"'/>\n"
		"</robot>");

	cr_assert_str_eq(rb->name, "r<A&B");
	link_named(rb, "a'b");
	link_named(rb, "it's");
	link_named(rb, "say \"hi\"");
}

Test(read, xml_declarations)
{
	struct robot *rb = read_ok("<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n"
				   "<robot name='r'><link name='a'/></robot>");
	cr_assert_eq(rb->nlinks, 1);
}

/* bullet3's URDF files say version="0.0"; expat does not check the number,
 * so neither does u2s. */
Test(read, odd_xml_version)
{
	struct robot *rb = read_ok("<?xml version=\"0.0\" ?>\n<robot name=\"r\"><link name=\"a\"/></robot>\n");
	cr_assert_eq(rb->nlinks, 1);
	cr_assert_str_eq(rb->name, "r");
}

Test(reject, malformed_xml_declaration)
{
	rejected_with("<?xml version='abc def'?>\n<robot name='r'/>",
		      "t.urdf:1:19: error: malformed XML: XML declaration not well-formed", NULL);
}

Test(read, other_encodings)
{
	struct robot *rb = read_ok("<?xml version='1.0' encoding='ISO-8859-1'?><robot name='caf\xe9'/>");
	cr_assert_str_eq(rb->name, "caf\xc3\xa9", "names come out as UTF-8");
}

Test(read, ignores_what_it_does_not_use)
{
	struct robot *rb = read_ok(
		"<robot name='r' xmlns:xacro='http://ros.org/wiki/xacro'>\n"
		"  <transmission name='t'><type>x</type><joint name='j'/></transmission>\n"
		"  <ros2_control name='c'><link name='not_a_link'/></ros2_control>\n"
		"  <link name='a'><sensor><link name='nested'/></sensor></link>\n"
		"</robot>");

	cr_assert_eq(rb->nlinks, 1);
	cr_assert_eq(rb->njoints, 0);
	link_named(rb, "a");
}

/* An input larger than the 64 KiB read chunk, with a blob whose text
 * crosses chunk boundaries. */
Test(read, large_input_in_chunks)
{
	enum { NLINKS = 3000 };
	char *xml = talloc_strdup(ctx, "<robot name='big'>\n");
	char *text = talloc_array(ctx, char, 200001);
	struct robot *rb;
	struct link *l;
	int i, rc;

	for (i = 0; i < 200000; i++)
		text[i] = (char)('a' + i % 26);
	text[200000] = '\0';
	for (i = 0; i < NLINKS; i++)
		xml = talloc_asprintf_append(xml, "  <link name='link_%d'/>\n", i);
	xml = talloc_asprintf_append(xml, "  <gazebo><blob>%s</blob></gazebo>\n</robot>\n", text);
	rc = read_bytes(xml, strlen(xml), &rb);
	cr_assert_eq(rc, U2S_OK);
	cr_assert_eq(rb->nlinks, NLINKS);
	for (i = 0, l = rb->links; l; l = l->next, i++) {
		char want[32];
		snprintf(want, sizeof want, "link_%d", i);
		cr_assert_str_eq(l->name, want);
		cr_assert_eq(l->pos.line, (unsigned long)i + 2);
	}
	cr_assert_eq(i, NLINKS);
	cr_assert_str_eq(rb->gazebos->elem->first->text, text);
}

/* A file of N links written to an unlinked temporary file: link i on line
 * i + 2, every fifth after a comment with a two-byte character on its line
 * (its column then counts characters), and, with COMMENT_BEFORE (not 0),
 * a comment of link lines at the margin before that link, five lines
 * long, whose offset is left in *COMMENT_AT. */
static int links_file(int n, int comment_before, off_t *comment_at)
{
	char path[] = "/tmp/u2s-test-read-XXXXXX";
	char *xml = talloc_strdup(ctx, "<robot name='pieces'>\n");
	int fd, i;

	for (i = 0; i < n; i++) {
		if (comment_before && i == comment_before)
			xml = talloc_asprintf_append(xml, "  <!--\n<link name='c1'/>\n<joint name='c2'/>\n"
						     "<gazebo/>\n  -->\n");
		xml = talloc_asprintf_append(xml, i % 5 ? "  <link name='l%d'/>\n" :
						  "  <!-- \xc3\xa9 --><link name='l%d'/>\n", i);
	}
	xml = talloc_asprintf_append(xml, "</robot>\n");
	if (comment_before)
		*comment_at = strstr(xml, "<!--\n") - xml;
	fd = mkstemp(path);
	cr_assert_geq(fd, 0, "mkstemp: %s", strerror(errno));
	unlink(path);
	cr_assert_eq(write(fd, xml, strlen(xml)), (ssize_t)strlen(xml));
	return fd;
}

/* All of FD read by R in pieces of PIECE bytes (reader_feed_range, as a
 * half of a big file is); FD is closed.  Returns the status. */
static int read_in_pieces(int fd, long long piece, struct reader *r)
{
	int rc;

	read_piece_size = piece;
	reader_init(r, ctx, NULL, &diag);
	rc = reader_feed_range(r, fd, 0, lseek(fd, 0, SEEK_END), "", "");
	reader_free(r);
	close(fd);
	return rc;
}

/* A range parsed in pieces (read_piece_size lowered, as a half of a big
 * file is): each piece a parser reset, its lines and columns counted on
 * from the last piece's, as if the range were read as one stream. */
Test(read, pieces_count_on_across_cuts)
{
	enum { N = 400 };
	struct reader r;
	int rc = read_in_pieces(links_file(N, 0, NULL), 256, &r), i;
	struct link *l;

	cr_assert_eq(rc, U2S_OK, "rc %d, first message: %s", rc, msgs.n ? msgs.line[0] : "(none)");
	cr_assert(r.synthetic_root, "read as one piece");
	cr_assert_str_eq(r.robot->name, "pieces");
	cr_assert_eq(r.robot->nlinks, N);
	for (i = 0, l = r.robot->links; l; l = l->next, i++) {
		char want[32];
		snprintf(want, sizeof want, "l%d", i);
		cr_assert_str_eq(l->name, want);
		cr_assert_eq(l->pos.line, (unsigned)i + 2, "%s on line %u", want, l->pos.line);
		cr_assert_eq(l->pos.col, i % 5 ? 3u : 13u, "%s at column %u", want, l->pos.col);
	}
	cr_assert_eq(i, N);
}

/* A cut where no child of <robot> starts (here in a comment, the only
 * lines in reach that look like one) leaves a piece that does not parse:
 * rejected, never read as something else (read_split then reads the file
 * as one stream). */
Test(read, piece_cut_in_a_comment_is_refused)
{
	off_t comment_at;
	int fd = links_file(40, 20, &comment_at);
	struct reader r;

	/* the window starts in the comment */
	cr_assert_eq(read_in_pieces(fd, comment_at + 1, &r), U2S_REJECTED);
	cr_assert_eq(diag.errors, 1);
}

/* After the first piece, a cut is looked for at the indentation of the
 * child of <robot> the piece starts at: elements commented out at the
 * margin, beyond the first piece's window (64 KiB) and in reach of every
 * window from before the comment to inside it, are passed over for the
 * real ones after it. */
Test(read, piece_cuts_keep_the_children_indentation)
{
	enum { N = 6000, COMMENT = 4000 };
	off_t comment_at;
	int fd = links_file(N, COMMENT, &comment_at), i;
	struct reader r;
	int rc = read_in_pieces(fd, 64, &r);
	struct link *l;

	cr_assert_eq(rc, U2S_OK, "rc %d, first message: %s", rc, msgs.n ? msgs.line[0] : "(none)");
	cr_assert(r.synthetic_root, "read as one piece");
	cr_assert_gt(comment_at, 64 * 1024 + 64);
	for (i = 0, l = r.robot->links; l; l = l->next, i++)
		cr_assert_eq(l->pos.line, (unsigned)i + 2 + (i >= COMMENT ? 5 : 0), "l%d on line %u", i,
			     l->pos.line);
	cr_assert_eq(i, N);
}

Test(read, warnings_do_not_reject)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"  <link name='a'>\n"
		"    <inertial><mass value='1'/></inertial>\n"
		"  </link>\n"
		"</robot>");

	cr_assert_eq(diag.warnings, 1);
	cr_assert_eq(msgs.n, 1);
	cr_assert_eq(msgs.sev[0], U2S_WARNING);
	cr_assert_str_eq(msgs.line[0], "t.urdf:3:5: warning: <inertial> has no <inertia>; using zero inertia");
	cr_assert(link_named(rb, "a")->inertial->mass == 1);
	cr_assert(link_named(rb, "a")->inertial->ixx == 0);
}

Test(read, werror_rejects_on_warnings)
{
	struct robot *rb;

	opts.flags |= U2S_WERROR;
	diag_init(&diag, "t.urdf", &opts);
	cr_assert_eq(read_str("<robot name='r'><link name='a'><inertial><mass value='1'/></inertial></link></robot>",
			      &rb), U2S_REJECTED);
	cr_assert_eq(msgs.n, 1);
	cr_assert_eq(msgs.sev[0], U2S_ERROR);
	cr_assert_str_eq(msgs.line[0], "t.urdf:1:32: error: <inertial> has no <inertia>; using zero inertia");
}

Test(read, stdin_name)
{
	struct robot *rb;

	diag_init(&diag, NULL, &opts);
	cr_assert_eq(read_str("<robot name='r'><link/></robot>", &rb), U2S_REJECTED);
	cr_assert_str_eq(msgs.line[0], "<stdin>:1:17: error: <link> has no 'name' attribute");
}

/* ---- rejections ---------------------------------------------------------------- */

Test(reject, empty_input)
{
	rejected_with("", "t.urdf:1:1: error: malformed XML: no element found", NULL);
}

Test(reject, mismatched_tag)
{
	rejected_with("<robot name='r'>\n  <link name='a'>\n</robot>\n",
		      "t.urdf:3:3: error: malformed XML: mismatched tag", NULL);
}

Test(reject, unclosed_root)
{
	rejected_with("<robot name='r'>\n  <link name='a'/>\n",
		      "t.urdf:3:1: error: malformed XML: no element found", NULL);
}

Test(reject, junk_after_root)
{
	rejected_with("<robot name='r'></robot>junk",
		      "t.urdf:1:25: error: malformed XML: junk after document element", NULL);
}

Test(reject, unquoted_attribute)
{
	rejected_with("<robot name='r'>\n  <link name=a/>\n</robot>",
		      "t.urdf:2:14: error: malformed XML: not well-formed (invalid token)", NULL);
}

Test(reject, undefined_entity)
{
	rejected_with("<robot name='r'>\n  <link name='&nbsp;'/>\n</robot>",
		      "t.urdf:2:3: error: malformed XML: undefined entity", NULL);
}

Test(reject, invalid_utf8)
{
	rejected_with("<robot name='r'>\n<link name='\xff'/></robot>",
		      "t.urdf:2:13: error: malformed XML: not well-formed (invalid token)", NULL);
}

Test(reject, root_not_robot)
{
	rejected_with("<?xml version='1.0'?>\n\n  <sdf version='1.9'><model name='m'/></sdf>\n",
		      "t.urdf:3:3: error: the root element is <sdf>; a URDF file has <robot>", NULL);
}

Test(reject, robot_without_name)
{
	rejected_with("<robot>\n  <link name='a'/>\n</robot>",
		      "t.urdf:1:1: error: <robot> has no 'name' attribute", NULL);
}

Test(reject, link_without_name)
{
	rejected_with("<robot name='r'>\n  <link name='a'/>\n    <link>\n    </link>\n</robot>",
		      "t.urdf:3:5: error: <link> has no 'name' attribute", NULL);
}

Test(reject, duplicate_link)
{
	rejected_with("<robot name='r'>\n"
		      "  <link name='base'/>\n"
		      "  <link name='arm'/>\n"
		      "  <link name='base'>\n"
		      "  </link>\n"
		      "</robot>",
		      "t.urdf:4:3: error: duplicate link name 'base' (first defined at line 2)", NULL);
}

Test(reject, duplicate_joint)
{
	rejected_with("<robot name='r'>\n"
		      "  <joint name='j' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
		      "  <joint name='j' type='fixed'><parent link='a'/><child link='c'/></joint>\n"
		      "</robot>",
		      "t.urdf:3:3: error: duplicate joint name 'j' (first defined at line 2)", NULL);
}

Test(reject, unknown_joint_type)
{
	struct robot *rb;
	unsigned i;

	cr_assert_eq(read_str("<robot name='r'>\n"
			      "  <joint name='j' type='hinge'>\n"
			      "    <parent link='a'/><child link='b'/>\n"
			      "  </joint>\n"
			      "</robot>", &rb), U2S_REJECTED);
	cr_assert_geq(msgs.n, 1);
	cr_assert_str_eq(msgs.line[0], "t.urdf:2:3: error: joint 'j' has unknown type 'hinge' "
			 "(expected revolute, continuous, prismatic, fixed, floating or planar)");
	for (i = 0; i < msgs.n; i++)
		cr_expect_null(strstr(msgs.line[i], "revolute joint"),
			       "a joint of unknown type is no revolute joint: %s", msgs.line[i]);
	cr_expect_eq(msgs.n, 1, "one problem, one message");
}

Test(reject, joint_without_type_or_links)
{
	rejected_with("<robot name='r'>\n"
		      "  <joint name='j' type='fixed'>\n"
		      "    <parent link='a'/>\n"
		      "  </joint>\n"
		      "</robot>",
		      "t.urdf:2:3: error: joint 'j' needs both <parent link=...> and <child link=...>", NULL);
}

Test(reject, revolute_without_limit)
{
	rejected_with("<robot name='r'>\n"
		      "  <joint name='j' type='revolute'><parent link='a'/><child link='b'/></joint>\n"
		      "</robot>",
		      "t.urdf:2:3: error: revolute joint 'j' has no <limit> (effort and velocity are required)",
		      NULL);
}

Test(reject, unknown_geometry)
{
	rejected_with("<robot name='r'>\n"
		      " <link name='a'>\n"
		      "  <collision>\n"
		      "   <geometry>\n"
		      "    <cone radius='1' length='2'/>\n"
		      "   </geometry>\n"
		      "  </collision>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:5:5: error: unknown geometry <cone> (expected box, cylinder, sphere, mesh "
		      "or, from URDF 1.1, capsule)",
		      NULL);
}

Test(reject, empty_geometry_and_missing_geometry)
{
	rejected_with("<robot name='r'>\n"
		      " <link name='a'>\n"
		      "  <visual><geometry/></visual>\n"
		      "  <collision><origin xyz='0 0 0'/></collision>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:3:11: error: <geometry> holds no shape",
		      "t.urdf:4:3: error: <collision> has no <geometry>", NULL);
}

Test(reject, non_numeric_attributes)
{
	rejected_with("<robot name='r'>\n"
		      " <link name='a'>\n"
		      "  <inertial>\n"
		      "   <mass value='abc'/>\n"
		      "   <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1,5'/>\n"
		      "  </inertial>\n"
		      "  <visual><geometry><box size='1 2'/></geometry></visual>\n"
		      "  <collision><geometry><cylinder radius='0x10' length='1'/></geometry></collision>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:4:4: error: <mass value='abc'>: not a finite number",
		      "t.urdf:5:4: error: <inertia izz='1,5'>: not a finite number",
		      "t.urdf:7:21: error: <box size='1 2'>: expected 3 finite numbers",
		      "t.urdf:8:24: error: <cylinder radius='0x10'>: not a finite number", NULL);
}

Test(reject, nan_and_infinite_attributes)
{
	rejected_with("<robot name='r'>\n"
		      " <link name='a'>\n"
		      "  <inertial><mass value='nan'/><inertia ixx='1' ixy='0' ixz='0' iyy='inf' iyz='0' izz='1'/></inertial>\n"
		      " </link>\n"
		      " <joint name='j' type='fixed'>\n"
		      "  <origin xyz='0 NaN 0' rpy='0 0 1e999'/>\n"
		      "  <parent link='a'/><child link='b'/>\n"
		      " </joint>\n"
		      "</robot>",
		      "t.urdf:3:13: error: <mass value='nan'>: not a finite number",
		      "t.urdf:3:32: error: <inertia iyy='inf'>: not a finite number",
		      "t.urdf:6:3: error: <origin xyz='0 NaN 0'>: expected 3 finite numbers",
		      "t.urdf:6:3: error: <origin rpy='0 0 1e999'>: expected 3 finite numbers", NULL);
}

Test(reject, missing_required_attributes)
{
	rejected_with("<robot name='r'>\n"
		      " <link name='a'>\n"
		      "  <inertial><mass/><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>\n"
		      "  <visual><geometry><sphere/></geometry></visual>\n"
		      "  <visual><geometry><mesh/></geometry></visual>\n"
		      " </link>\n"
		      "</robot>",
		      "t.urdf:3:13: error: <mass> has no 'value' attribute",
		      "t.urdf:4:21: error: <sphere> has no 'radius' attribute",
		      "t.urdf:5:21: error: <mesh> has no 'filename' attribute", NULL);
}

/* urdfdom keeps a robot-level material that gives no colour, black, and
 * reads a colour outside [0, 1] as none. */
Test(read, colour_out_of_range_and_material_without_colour)
{
	struct robot *rb = read_ok("<robot name='r'>\n"
				   " <material name='m'><color rgba='0 0 2 1'/></material>\n"
				   " <material name='n'/>\n"
				   " <link name='a'/>\n"
				   "</robot>");
	struct material *m = index_get(rb->material_index, "m");
	struct material *n = index_get(rb->material_index, "n");

	cr_assert(m && n);
	cr_assert(m->has_rgba && m->black && m->rgba[2] == 0 && m->rgba[3] == 1);
	cr_assert(n->has_rgba && n->black && n->rgba[0] == 0 && n->rgba[3] == 1);
}

Test(reject, every_problem_reported)
{
	/* parsing goes on after a semantic error, so one run lists them all */
	rejected_with("<robot name='r'>\n"
		      "  <link/>\n"
		      "  <link name='x'/>\n"
		      "  <link name='x'/>\n"
		      "  <link name='y'><visual><geometry><cone/></geometry></visual></link>\n"
		      "</robot>",
		      "t.urdf:2:3: error: <link> has no 'name' attribute",
		      "t.urdf:4:3: error: duplicate link name 'x' (first defined at line 3)",
		      "t.urdf:5:36: error: unknown geometry <cone> (expected box, cylinder, sphere, mesh "
		      "or, from URDF 1.1, capsule)",
		      NULL);
}

Test(reject, too_deep)
{
	char *xml = talloc_strdup(ctx, "<robot name='r'><gazebo>");
	int i;

	for (i = 0; i < 5000; i++)
		xml = talloc_strdup_append(xml, "<x>");
	for (i = 0; i < 5000; i++)
		xml = talloc_strdup_append(xml, "</x>");
	xml = talloc_strdup_append(xml, "</gazebo></robot>");
	/* the 4095th <x> would be the 4097th open element, counting the document */
	rejected_with(xml, talloc_asprintf(ctx, "t.urdf:1:%d: error: elements nested deeper than 4096 levels",
					   24 + 3 * 4094 + 1), NULL);
}

Test(read, deep_but_allowed)
{
	char *xml = talloc_strdup(ctx, "<robot name='r'><gazebo>");
	struct robot *rb;
	struct xnode *n;
	int i;

	for (i = 0; i < 4000; i++)
		xml = talloc_strdup_append(xml, "<x>");
	xml = talloc_strdup_append(xml, "deep");
	for (i = 0; i < 4000; i++)
		xml = talloc_strdup_append(xml, "</x>");
	xml = talloc_strdup_append(xml, "</gazebo></robot>");
	rb = read_ok(xml);
	for (i = 0, n = rb->gazebos->elem; n->first; n = n->first)
		i++;
	cr_assert_eq(i, 4000);
	cr_assert_str_eq(n->text, "deep");
}

/* A descriptor that cannot be read: an I/O failure, not a rejection. */
Test(reject, unreadable_input)
{
	struct robot *rb = NULL;
	int p[2];

	cr_assert_eq(pipe(p), 0);
	close(p[0]);
	cr_assert_eq(read_urdf(ctx, NULL, p[1], &opts, &diag, &rb), U2S_IO);   /* the write end */
	cr_assert_eq(msgs.n, 1);
	cr_assert_str_eq(msgs.line[0], "t.urdf: error: cannot read input: Bad file descriptor");
	close(p[1]);
}

/* ---- many errors ----------------------------------------------------------------- */

static char *many(const char *head, const char *piece, int n, const char *tail)
{
	char *xml = talloc_strdup(ctx, head);
	int i;

	for (i = 0; i < n; i++)
		xml = talloc_strdup_append(xml, piece);
	return talloc_strdup_append(xml, tail);
}

/* A flood of errors is cut short, with a line that says so. */
Test(reject, error_flood_is_capped)
{
	struct robot *rb;

	cr_assert_eq(read_str(many("<robot name='r'>\n", "<link/>\n", 60, "</robot>"), &rb), U2S_REJECTED);
	cr_assert_eq(diag.errors, 60, "every error is counted");
	cr_assert_lt(msgs.n, 60, "but not every one is printed");
	cr_assert_str_eq(msgs.line[0], "t.urdf:2:1: error: <link> has no 'name' attribute");
	cr_assert_not_null(strstr(msgs.line[msgs.n - 1], "too many errors"), "last: %s", msgs.line[msgs.n - 1]);
}

/* Under --werror warnings count as errors too; an error past the cap must
 * then still be reported or announced as left out, never dropped silently. */
Test(reject, werror_flood_does_not_hide_errors)
{
	struct robot *rb;
	const char *last;

	opts.flags |= U2S_WERROR;
	diag_init(&diag, "t.urdf", &opts);
	{
		char *body = talloc_strdup(ctx, "<robot name='r'>\n");
		int i;
		/* 60 links without <inertia>: 60 warnings, errors under --werror */
		for (i = 0; i < 60; i++)
			body = talloc_asprintf_append(body,
				"<link name='l%d'><inertial><mass value='1'/></inertial></link>\n", i);
		body = talloc_strdup_append(body, "<link name='l0'/>\n</robot>");
		cr_assert_eq(read_str(body, &rb), U2S_REJECTED);
	}
	cr_assert_eq(diag.errors, 61);
	cr_assert_gt(msgs.n, 0);
	last = msgs.line[msgs.n - 1];
	cr_expect(strstr(last, "duplicate link name 'l0'") || strstr(last, "too many errors"),
		  "the duplicate link error vanished without a word; last message: %s", last);
}

/* ---- fates: what resolve decides, once, for the writer to read ------------------- */

static struct robot *resolved(const char *xml)
{
	struct robot *rb = read_ok(xml);

	cr_assert_eq(resolve(rb, &diag, &opts, target_default()), U2S_OK,
		     "first message: %s", msgs.n ? msgs.line[0] : "(none)");
	return rb;
}

static struct joint *joint_named(struct robot *rb, const char *name)
{
	struct joint *j = index_get(rb->joint_index, name);

	cr_assert_not_null(j, "no joint %s", name);
	return j;
}

#define MASS "<inertial><mass value='1'/><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"

/* Every kind of joint fate in one robot, and the link fates with them. */
Test(fates, each_joint_once)
{
	struct robot *rb = resolved(
		"<robot name='r'>"
		"<link name='world'/>"
		"<link name='base'>" MASS "</link>"
		"<link name='arm'>" MASS "</link>"
		"<link name='plate'>" MASS "</link>"
		"<link name='tool'/>"
		"<link name='ghost'/>"
		"<link name='under_ghost'>" MASS "</link>"
		"<link name='drone'>" MASS "</link>"
		"<joint name='to_world' type='fixed'><parent link='world'/><child link='base'/></joint>"
		"<joint name='shoulder' type='revolute'><parent link='base'/><child link='arm'/>"
		"<limit effort='1' velocity='1' lower='-1' upper='1'/></joint>"
		"<joint name='bolt' type='fixed'><parent link='arm'/><child link='plate'/></joint>"
		"<joint name='tcp' type='fixed'><parent link='plate'/><child link='tool'/></joint>"
		"<joint name='spin' type='continuous'><parent link='arm'/><child link='ghost'/></joint>"
		"<joint name='below' type='continuous'><parent link='ghost'/><child link='under_ghost'/></joint>"
		"<joint name='fly' type='floating'><parent link='base'/><child link='drone'/></joint>"
		"<gazebo reference='tcp'><preserveFixedJoint>true</preserveFixedJoint></gazebo>"
		"</robot>");

	cr_assert_eq(rb->world, index_get(rb->link_index, "world"));
	cr_assert_eq(joint_named(rb, "to_world")->fate, JOINT_WRITTEN, "not lumped into the world");
	cr_assert_eq(joint_named(rb, "shoulder")->fate, JOINT_WRITTEN);
	cr_assert_eq(joint_named(rb, "bolt")->fate, JOINT_LUMPED);
	cr_assert_eq(joint_named(rb, "tcp")->fate, JOINT_AS_FRAME);
	cr_assert_eq(joint_named(rb, "spin")->fate, JOINT_DROPPED);
	cr_assert_eq(joint_named(rb, "below")->fate, JOINT_DROPPED, "below a dropped link");
	cr_assert_eq(joint_named(rb, "fly")->fate, JOINT_LEFT_OUT);
	cr_assert_eq(((struct link *)index_get(rb->link_index, "world"))->fate, LINK_WORLD);
	cr_assert_eq(((struct link *)index_get(rb->link_index, "plate"))->fate, LINK_LUMPED);
	cr_assert_eq(((struct link *)index_get(rb->link_index, "tool"))->fate, LINK_FRAME);
	cr_assert_eq(((struct link *)index_get(rb->link_index, "ghost"))->fate, LINK_DROPPED);
	cr_assert_eq(((struct link *)index_get(rb->link_index, "drone"))->fate, LINK_WRITTEN);
}

/* A link named world that is not the root is no world: its fixed child
 * joints are lumped like any other (the one definition of the world). */
Test(fates, world_is_the_root_only)
{
	struct robot *rb = resolved(
		"<robot name='r'>"
		"<link name='base'>" MASS "</link>"
		"<link name='world'>" MASS "</link>"
		"<link name='cap'>" MASS "</link>"
		"<joint name='a' type='fixed'><parent link='base'/><child link='world'/></joint>"
		"<joint name='b' type='fixed'><parent link='world'/><child link='cap'/></joint>"
		"</robot>");

	cr_assert_null(rb->world);
	cr_assert_eq(joint_named(rb, "a")->fate, JOINT_LUMPED);
	cr_assert_eq(joint_named(rb, "b")->fate, JOINT_LUMPED);
}

/* ---- repeated elements: the first counts, as in urdfdom --------------------------- */

TestSuite(first, .init = setup, .fini = teardown);

/* The messages, one per line, for comparing with what a test expects. */
static const char *all_msgs(void)
{
	char *s = talloc_strdup(ctx, "");
	unsigned i;

	for (i = 0; i < msgs.n; i++)
		s = talloc_asprintf_append(s, "%s\n", msgs.line[i]);
	return s;
}

Test(first, joint_children)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"<link name='a'/><link name='b'/><link name='c'/>\n"
		"<joint name='j' type='revolute'>\n"
		" <origin xyz='1 0 0'/><parent link='a'/><child link='b'/><axis xyz='0 1 0'/>\n"
		" <limit lower='-1' upper='1' effort='10' velocity='2'/>\n"
		" <dynamics damping='0.5'/><mimic joint='k' multiplier='2'/>\n"
		" <origin xyz='2 0 0'/><parent link='c'/><child link='c'/><axis xyz='1 0 0'/>\n"
		" <limit lower='-3' upper='3' effort='30' velocity='4'/>\n"
		" <dynamics damping='9'/><mimic joint='m' multiplier='5'/>\n"
		"</joint>\n"
		"</robot>\n");
	struct joint *j = index_get(rb->joint_index, "j");

	cr_assert_float_eq(j->origin.p.x, 1, 0);
	cr_assert_str_eq(j->parent_name, "a");
	cr_assert_str_eq(j->child_name, "b");
	cr_assert_float_eq(j->axis[1], 1, 0);
	cr_assert_float_eq(j->lower, -1, 0);
	cr_assert_float_eq(j->upper, 1, 0);
	cr_assert_float_eq(j->effort, 10, 0);
	cr_assert_float_eq(j->velocity, 2, 0);
	cr_assert_float_eq(j->damping, 0.5, 0);
	cr_assert_str_eq(j->rare->mimic_joint, "k");
	cr_assert_float_eq(j->rare->mimic_multiplier, 2, 0);
	cr_assert_str_eq(all_msgs(),
		"t.urdf:7:2: warning: a second <origin> in <joint> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:7:23: warning: a second <parent> in <joint> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:7:41: warning: a second <child> in <joint> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:7:58: warning: a second <axis> in <joint> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:8:2: warning: a second <limit> in <joint> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:9:2: warning: a second <dynamics> in <joint> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:9:25: warning: a second <mimic> in <joint> is ignored (the first counts, as in urdfdom)\n");
}

Test(first, inertial_and_its_children)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"<link name='a'>\n"
		" <inertial><origin xyz='1 0 0'/><mass value='2'/>\n"
		"  <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/>\n"
		"  <origin xyz='5 0 0'/><mass value='7'/>\n"
		"  <inertia ixx='7' ixy='0' ixz='0' iyy='7' iyz='0' izz='7'/></inertial>\n"
		" <inertial><mass value='9'/></inertial>\n"
		"</link>\n"
		"</robot>\n");
	struct inertial *in = link_named(rb, "a")->inertial;

	cr_assert_float_eq(in->origin.p.x, 1, 0);
	cr_assert_float_eq(in->mass, 2, 0);
	cr_assert_float_eq(in->ixx, 1, 0);
	cr_assert_str_eq(all_msgs(),
		"t.urdf:5:3: warning: a second <origin> in <inertial> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:5:24: warning: a second <mass> in <inertial> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:6:3: warning: a second <inertia> in <inertial> is ignored (the first counts, as in urdfdom)\n"
		"t.urdf:7:2: warning: a second <inertial> in <link> is ignored (the first counts, as in urdfdom)\n");
}

Test(first, material_colour)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"<material name='m'><color rgba='1 0 0 1'/><color rgba='0 1 0 1'/></material>\n"
		"<link name='a'/>\n"
		"</robot>\n");
	struct material *m = index_get(rb->material_index, "m");

	cr_assert_float_eq(m->rgba[0], 1, 0);
	cr_assert_float_eq(m->rgba[1], 0, 0);
	cr_assert_str_eq(all_msgs(),
		"t.urdf:2:43: warning: a second <color> in <material> is ignored (the first counts, as in urdfdom)\n");
}

/* urdfdom reads a colour from rgba only: <color rgb=... alpha=...> gives
 * none, which is no error in a visual (the visual gets no colour). */
Test(first, colour_without_rgba_is_ignored)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"<link name='a'><visual><geometry><sphere radius='1'/></geometry>\n"
		" <material name='grey'><color rgb='0.5 0.5 0.5' alpha='1'/></material></visual></link>\n"
		"</robot>\n");
	struct item *v = link_named(rb, "a")->visuals.first;

	cr_assert_not(v->inline_mat->has_rgba);
	cr_assert_str_eq(all_msgs(),
		"t.urdf:3:24: warning: <color> has no 'rgba' attribute; ignored "
		"(write the colour as rgba='R G B A')\n");
}

/* ---- positions counted by the reader --------------------------------------
 *
 * A whole regular file, or a buffer, is parsed as one final buffer and its
 * lines and columns counted by the reader (read.c's count_to); a pipe is
 * read in pieces and counted by expat.  Every message's LINE:COL must be
 * the same either way, over random documents: multibyte characters, a BOM,
 * tabs, long and empty lines, comments, entities, CR and CR LF line ends,
 * declared encodings (counted by expat), errors at the end. */

/* How a document is fed: through a pipe, a file, or a buffer. */
enum feed { BY_PIPE, BY_FILE, BY_MEM };

/* The messages of reading XML (LEN bytes) fed as HOW, one a line. */
static char *messages_of(const char *xml, size_t len, enum feed how)
{
	struct robot *rb = NULL;
	char *all = talloc_strdup(ctx, "");
	int fd = -1, p[2];
	unsigned i;

	memset(&msgs, 0, sizeof msgs);
	diag_init(&diag, "t.urdf", &opts);
	if (how == BY_PIPE) {
		cr_assert_lt(len, 60000);
		cr_assert_eq(pipe(p), 0);
		cr_assert_eq(write(p[1], xml, len), (ssize_t)len);
		close(p[1]);
		fd = p[0];
	} else if (how == BY_FILE) {
		char path[] = "/tmp/u2s-test-read-XXXXXX";
		fd = mkstemp(path);
		cr_assert_geq(fd, 0);
		unlink(path);
		cr_assert_eq(write(fd, xml, len), (ssize_t)len);
		cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	}
	if (fd >= 0) {
		read_urdf(ctx, NULL, fd, &opts, &diag, &rb);
		close(fd);
	} else {
		read_urdf_mem(ctx, NULL, xml, len, &opts, &diag, &rb);
	}
	for (i = 0; i < msgs.n; i++)
		all = talloc_asprintf_append(all, "%s\n", msgs.line[i]);
	return all;
}

/* Appends one random piece of a document's content to *XML. */
static void random_piece(uint64_t *x, char **xml)
{
	static const char *const text[] = {
		"a", "\xc3\xa9", "\xe6\xbc\xa2", "\xf0\x9f\x98\x80", "\t", " ", "        ",
		"&amp;", "&#233;", "&#x1F600;", "xyzxyzxyzxyzxyzxyzxyz", "0123456789abcdef"
	};
	static const char *const space[] = { "\n", "\n\n", " ", "\t", "\n\t  ", "", "\n    " };
	unsigned k, n;

	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	*xml = talloc_strdup_append(*xml, space[*x % 7]);
	switch ((*x >> 3) % 6) {
	case 0:   /* an element u2s warns of, its attribute's value of many characters */
	case 1:
		*xml = talloc_asprintf_append(*xml, "<u%u v='", (unsigned)(*x >> 8) % 100);
		for (k = 0, n = (unsigned)(*x >> 16) % 9; k < n; k++)
			*xml = talloc_strdup_append(*xml, text[(*x >> (20 + 4 * k)) % 12]);
		*xml = talloc_strdup_append(*xml, (*x >> 60) & 1 ? "'/>" : "'>x</u>");
		break;
	case 2:   /* a comment */
		*xml = talloc_strdup_append(*xml, "<!-- ");
		for (k = 0, n = (unsigned)(*x >> 16) % 9; k < n; k++)
			*xml = talloc_strdup_append(*xml, text[(*x >> (20 + 4 * k)) % 12][0] == '&' ?
						    "\n" : text[(*x >> (20 + 4 * k)) % 12]);
		*xml = talloc_strdup_append(*xml, " -->");
		break;
	case 3:   /* a link twice: an error at the second */
		*xml = talloc_asprintf_append(*xml, "<link name='l\xc3\xa9%u'/>", (unsigned)(*x >> 8) % 4);
		break;
	case 4:   /* a joint without its parts: errors at its start */
		*xml = talloc_strdup_append(*xml, "<joint name='j' type='fixed'>\n</joint>");
		break;
	default:   /* a <gazebo> block, its text read */
		*xml = talloc_strdup_append(*xml, "<gazebo>\n  <mu1>\xe6\xbc\xa2 1</mu1><x/></gazebo>");
		break;
	}
}

/* A random document: a prolog of a few kinds, pieces, and sometimes a
 * malformed end. */
static char *random_document(uint64_t *x)
{
	static const char *const prolog[] = {
		"", "\xEF\xBB\xBF", "<?xml version='1.0'?>\n", "<?xml version='1.0' encoding='utf-8'?>",
		"\xEF\xBB\xBF<?xml version='1.0' encoding='UTF-8'?>\n",
		"<!DOCTYPE robot [<!ENTITY e '<inside/>'>]>\n",
	};
	char *xml;
	unsigned k, n;

	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	xml = talloc_asprintf(ctx, "%s<robot name='r'>", prolog[*x % 6]);
	for (k = 0, n = 1 + (unsigned)(*x >> 8) % 40; k < n; k++)
		random_piece(x, &xml);
	if (*x % 6 == 5)
		xml = talloc_strdup_append(xml, "\n&e;");
	switch ((*x >> 40) % 5) {
	case 0: return talloc_strdup_append(xml, "\n  <bad attr=>\n</robot>\n");
	case 1: return talloc_strdup_append(xml, "\n \xe6\xbc\n</robot>\n");   /* a cut character */
	case 2: return talloc_strdup_append(xml, "\n");   /* unclosed */
	default: return talloc_strdup_append(xml, "\n</robot>\n");
	}
}

Test(read, positions_counted_as_expat_counts)
{
	uint64_t x = 0x2545F4914F6CDD1Dull;
	int i;

	for (i = 0; i < 1500; i++) {
		char *xml = random_document(&x), *p;
		size_t len = strlen(xml);
		char *by_expat = messages_of(xml, len, BY_PIPE);

		cr_assert_str_eq(messages_of(xml, len, BY_FILE), by_expat, "file, %s", xml);
		cr_assert_str_eq(messages_of(xml, len, BY_MEM), by_expat, "buffer, %s", xml);
		if (i % 4 == 0) {   /* CR and CR LF line ends */
			for (p = xml; (p = strchr(p, '\n')) != NULL; p++)
				if ((p - xml) & 1)
					*p = '\r';
			by_expat = messages_of(xml, len, BY_PIPE);
			cr_assert_str_eq(messages_of(xml, len, BY_FILE), by_expat, "CR, %s", xml);
			cr_assert_str_eq(messages_of(xml, len, BY_MEM), by_expat, "CR, %s", xml);
		}
	}
}

Test(read, positions_of_other_encodings)
{
	static const char *const docs[] = {
		"<?xml version='1.0' encoding='ISO-8859-1'?>\n<robot name='r'>\xe9\xe9\xe9<x/>\n\t\xe9<y/></robot>",
		"<?xml version='1.0' encoding='US-ASCII'?>\n<robot name='r'>\n   <x/></robot>",
		"<?xml version='1.0' encoding='UTF-16'?>\n<robot name='r'><x/></robot>",
		"\xFF\xFE<\0r\0o\0b\0o\0t\0 \0n\0a\0m\0e\0=\0'\0r\0'\0>\0<\0x\0/\0>\0<\0/\0r\0o\0b\0o\0t\0>\0",
	};
	/* the UTF-16 document's bytes: 2 of BOM and 28 characters of 2, not
	 * its terminating NUL */
	static const size_t lens[] = { 0, 0, 0, 58 };
	unsigned i;

	for (i = 0; i < sizeof docs / sizeof docs[0]; i++) {
		size_t len = lens[i] ? lens[i] : strlen(docs[i]);
		char *by_expat = messages_of(docs[i], len, BY_PIPE);

		cr_assert_neq(strlen(by_expat), 0, "doc %u: no message", i);
		cr_assert_str_eq(messages_of(docs[i], len, BY_FILE), by_expat, "doc %u", i);
		cr_assert_str_eq(messages_of(docs[i], len, BY_MEM), by_expat, "doc %u", i);
	}
}

/* A subnormal number is warned of and read as 0 (num_value's rare path):
 * one warning per attribute, none for a number strtod reads that is not
 * subnormal.  A bad vector with one in it is an error only. */
Test(read, subnormal_numbers)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"  <link name='a'>\n"
		"    <inertial><origin xyz='1e-310 2e-320 0.12345678901234567' rpy='0 0 1e-300'/>\n"
		"      <mass value='4.9e-324'/>\n"
		"      <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>\n"
		"  </link>\n"
		"</robot>\n");
	const struct inertial *in = link_named(rb, "a")->inertial;

	cr_assert_eq(msgs.n, 2);
	cr_assert(strstr(msgs.line[0], "t.urdf:3:15: warning: <origin xyz='1e-310 2e-320") != NULL, "%s",
		  msgs.line[0]);
	cr_assert(strstr(msgs.line[1], "t.urdf:4:7: warning: <mass value='4.9e-324'>") != NULL, "%s",
		  msgs.line[1]);
	cr_assert(in->origin.p.x == 0 && in->origin.p.y == 0 && in->mass == 0);
	cr_assert(in->origin.p.z == 0.12345678901234567);
}

Test(reject, subnormal_in_a_bad_vector)
{
	rejected_with("<robot name='r'><link name='a'><visual><geometry><box size='1e-310 1 x'/>"
		      "</geometry></visual></link></robot>",
		      "t.urdf:1:50: error: <box size='1e-310 1 x'>: expected 3 finite numbers", NULL);
}

/* Attribute names are compared inline, a byte at a time: names that are
 * a prefix of the one read, or have it as their prefix, or differ in one
 * byte, are not it. */
Test(read, attribute_names_near_the_ones_read)
{
	struct robot *rb = read_ok(
		"<robot name='r'>\n"
		"  <link nam='x' namex='y' Name='z' name='a'>\n"
		"    <inertial><mass valu='5' values='6' value='2'/>\n"
		"      <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1' izzz='9'/></inertial>\n"
		"  </link>\n"
		"  <link name='b'/>\n"
		"  <joint type='fixed' name='j' typ='revolute'><parent lin='q' link='a' linkx='w'/>"
		"<child link='b'/></joint>\n"
		"</robot>\n");
	const struct link *a = link_named(rb, "a");

	cr_assert(a->inertial->mass == 2 && a->inertial->izz == 1);
	cr_assert_str_eq(rb->joints->parent_name, "a");
	cr_assert_eq(rb->joints->type, JOINT_FIXED);
}

/* <inertia>'s six values in any order, names near theirs ignored (iyx,
 * ix, ixxx, Ixx); <origin>'s in any order, near names ignored too. */
Test(read, inertia_and_origin_attributes_in_any_order)
{
	struct robot *rb = read_ok(
		"<robot name='r' version='1.1'>\n"
		"  <link name='a'><inertial><mass value='1'/>\n"
		"    <origin rpyx='9 9 9' rpy='0.1 0.2 0.3' xy='9 9 9' xyz='1 2 3'/>\n"
		"    <inertia izz='6' iyx='9' iyz='5' ix='9' ixxx='9' Ixx='9' iyy='4' ixz='3' ixy='2' ixx='1'/>"
		"</inertial></link>\n"
		"  <link name='b'><visual><origin quat_xyzw='0 0 0 1' quat_xyz='1 1 1 1' xyz='4 5 6'/>"
		"<geometry><sphere radius='1'/></geometry></visual></link>\n"
		"</robot>\n");
	const struct inertial *in = link_named(rb, "a")->inertial;
	const struct item *v = link_named(rb, "b")->visuals.first;

	cr_assert(in->ixx == 1 && in->ixy == 2 && in->ixz == 3 && in->iyy == 4 && in->iyz == 5 &&
		  in->izz == 6);
	cr_assert(in->origin.p.x == 1 && in->origin.p.y == 2 && in->origin.p.z == 3);
	cr_assert(in->origin.rpy[0] == 0.1 && in->origin.rpy[2] == 0.3);
	cr_assert(v->origin.p.x == 4 && v->origin.p.z == 6 && v->origin.rpy[0] == 0 && v->origin.rpy[2] == 0);
}
