/* The library face, as an embedding program uses it: u2s_convert() with an
 * options struct and a diagnostics callback; --check, the statistics, and
 * the mesh URI modes with the package search in detail. */
#include "config.h"

#include "clitest.h"

#include <expat.h>
#include <float.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <talloc.h>

#include "convtest.h"
#include "robots.h"

/* ---- harness ----------------------------------------------------------------- */

static void expect_in(const char *hay, const char *needle)
{
	cr_assert_not_null(strstr(hay, needle), "missing \"%s\" in:\n%s", needle, hay);
}

static void expect_not_in(const char *hay, const char *needle)
{
	cr_assert_null(strstr(hay, needle), "unexpected \"%s\" in:\n%s", needle, hay);
}

/* "<uri>file://REALPATH(DIR/SUB)REST</uri>" */
static char *file_uri(const char *dir, const char *sub, const char *rest)
{
	char *path = path_in(dir, sub), *real = realpath(path, NULL), *uri;
	size_t n;

	cr_assert_not_null(real, "%s", path);
	n = strlen(real) + strlen(rest) + 32;
	uri = malloc(n);
	snprintf(uri, n, "<uri>file://%s%s</uri>", real, rest);
	free(real);
	free(path);
	return uri;
}

static void expect_file_uri(const struct result *r, const char *dir, const char *sub,
			    const char *rest)
{
	char *uri = file_uri(dir, sub, rest);

	expect_in(r->sdf, uri);
	free(uri);
}

/* A robot with one link whose mesh is FILENAME. */
static char *mesh_robot(const char *filename)
{
	char *s = malloc(strlen(filename) + 512);

	sprintf(s, "<robot name='m'><link name='l'>" INERTIAL
		"<visual><geometry><mesh filename='%s'/></geometry></visual></link></robot>",
		filename);
	return s;
}

/* The URI written for FILENAME under OPTS; NWARNINGS the warnings given. */
static char *uri_of(const char *filename, struct u2s_options *opts, unsigned *nwarnings)
{
	char *urdf = mesh_robot(filename), *b, *e, *uri;
	struct result r = convert_opts(urdf, opts);

	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	b = strstr(r.sdf, "<uri>");
	cr_assert_not_null(b, "%s", r.sdf);
	b += strlen("<uri>");
	e = strstr(b, "</uri>");
	uri = strndup(b, (size_t)(e - b));
	if (nwarnings)
		*nwarnings = r.nwarnings;
	result_free(&r);
	free(urdf);
	return uri;
}

/* ---- the basics -------------------------------------------------------------- */

Test(lib, null_options_are_the_defaults)
{
	int p[2], out = temp_fd();
	size_t len = strlen(GOOD);
	char *sdf;

	cr_assert_eq(pipe(p), 0);
	cr_assert_eq(write(p[1], GOOD, len), (ssize_t)len);
	close(p[1]);
	cr_assert_eq(u2s_convert(p[0], NULL, out, NULL), U2S_OK);
	close(p[0]);
	sdf = slurp(out, &len);
	expect_in(sdf, "<uri>model://pkg_a/meshes/base.stl</uri>");
	expect_in(sdf, "<frame name='cam' attached_to='j2'/>");
	free(sdf);
	close(out);
}

Test(lib, diagnostics_callback)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r = convert_opts(BAD, &opts);

	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert_eq(r.nerrors, 1, "%s", r.msgs);
	cr_assert_eq(r.nwarnings, 0);
	cr_assert_eq(strncmp(r.msgs, "t.urdf:3:", 9), 0, "%s", r.msgs);
	expect_in(r.msgs, ": error: joint 'j' names child link 'missing'");
	cr_assert_str_eq(r.sdf, "", "nothing written for a rejected input");
	result_free(&r);
}

/* ---- messages as fields, and their three forms ------------------------------ */

struct records {
	unsigned n;
	char code[4][16], path[4][2048], message[4][256];
	unsigned long line[4], column[4];
	enum u2s_severity sev[4];
};

static void keep_record(void *arg, const struct u2s_diagnostic *d)
{
	struct records *k = arg;

	if (k->n < 4) {
		snprintf(k->code[k->n], sizeof k->code[0], "%s", d->code);
		snprintf(k->path[k->n], sizeof k->path[0], "%s", d->path ? d->path : "(null)");
		snprintf(k->message[k->n], sizeof k->message[0], "%s", d->message);
		k->line[k->n] = d->line;
		k->column[k->n] = d->column;
		k->sev[k->n] = d->severity;
	}
	k->n++;
}

/* Converts URDF from a descriptor with FLAGS, its messages into *K;
 * returns the status. */
static int convert_records(const char *urdf, unsigned flags, struct records *k)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	int in = temp_fd(), out = temp_fd(), rc;

	memset(k, 0, sizeof *k);
	cr_assert_eq(write(in, urdf, strlen(urdf)), (ssize_t)strlen(urdf));
	cr_assert_eq(lseek(in, 0, SEEK_SET), 0);
	opts.diag_record_fn = keep_record;
	opts.diag_record_arg = k;
	opts.flags = flags;
	rc = u2s_convert(in, "t.urdf", out, &opts);
	close(in);
	close(out);
	return rc;
}

Test(lib, diagnostics_as_fields)
{
	struct records k;
	const char *urdf = "<robot name='r'>\n <link name='a'>\n  <visual>\n"
			   "   <origin xyz='1 2'/><geometry><sphere radius='1'/></geometry>\n"
			   "  </visual>\n </link>\n</robot>\n";

	cr_assert_eq(convert_records(urdf, U2S_WERROR, &k), U2S_REJECTED);
	cr_assert_eq(k.n, 1);
	cr_assert_str_eq(k.code[0], "U2S0302");
	cr_assert_eq(k.sev[0], U2S_ERROR);
	cr_assert_eq(k.line[0], 4);
	cr_assert_eq(k.column[0], 4);
	cr_assert_str_eq(k.message[0], "<origin xyz='1 2'>: expected 3 finite numbers");
	cr_assert_str_eq(k.path[0], "/robot/link[@name='a']/visual[1]/origin");
}

/* A name holding a quote, or both: the step is an XPath literal, with
 * concat() when neither quote can enclose it, so no path is ambiguous. */
Test(lib, diagnostic_path_quotes_any_name)
{
	static const char *const names[][2] = {
		{ "x&quot;y", "[@name='x\"y']" },
		{ "x'y", "[@name=\"x'y\"]" },
		{ "a'b&quot;c", "[@name=concat('a', \"'\", 'b\"c')]" },
		{ "'&quot;", "[@name=concat(\"'\", '\"')]" },
		{ "&quot;''z'", "[@name=concat('\"', \"'\", \"'\", 'z', \"'\")]" },
	};
	size_t i;

	for (i = 0; i < sizeof names / sizeof *names; i++) {
		struct records k;
		char urdf[512], want[128];
		snprintf(urdf, sizeof urdf, "<robot name='r'><link name=\"%s\"><visual><origin xyz='1 2'/>"
			 "<geometry><sphere radius='1'/></geometry></visual></link></robot>", names[i][0]);
		snprintf(want, sizeof want, "/robot/link%s/visual[1]/origin", names[i][1]);
		cr_assert_eq(convert_records(urdf, 0, &k), U2S_REJECTED);
		cr_assert_eq(k.n, 1, "%s", names[i][0]);
		cr_assert_str_eq(k.path[0], want);
	}
}

/* A path too long for its buffer ends before the step that did not fit:
 * it never names an element that is not there (link[@name=''] for a link
 * whose name was cut). */
Test(lib, diagnostic_path_cut_whole_steps)
{
	static const size_t lengths[] = { 1000, 1010, 1020, 3000 };
	size_t i;

	for (i = 0; i < sizeof lengths / sizeof *lengths; i++) {
		struct records k;
		char *name = malloc(lengths[i] + 1), *urdf = malloc(lengths[i] + 200);
		cr_assert(name && urdf);
		memset(name, 'n', lengths[i]);
		name[lengths[i]] = '\0';
		sprintf(urdf, "<robot name='r'><link name='%s'><visual><origin xyz='1 2'/>"
			"<geometry><sphere radius='1'/></geometry></visual></link></robot>", name);
		cr_assert_eq(convert_records(urdf, 0, &k), U2S_REJECTED);
		cr_assert_eq(k.n, 1);
		/* the whole link step, or none of it */
		if (strstr(k.path[0], "/link"))
			cr_assert(strstr(k.path[0], name) && strstr(k.path[0], "']"),
				  "%zu: a cut link step: %s", lengths[i], k.path[0]);
		else
			cr_assert_str_eq(k.path[0], "/robot", "%zu", lengths[i]);
		cr_assert_null(strstr(k.path[0], "''"), "%zu: %s", lengths[i], k.path[0]);
		free(name);
		free(urdf);
	}
}

static const char *formatted(const struct u2s_diagnostic *d, enum u2s_diag_style style)
{
	static char buf[4096];
	size_t n = u2s_diagnostic_format(d, style, buf, sizeof buf);

	cr_assert_lt(n, sizeof buf);
	cr_assert_eq(n, strlen(buf));
	return buf;
}

Test(lib, diagnostic_forms_escape_what_they_must)
{
	struct u2s_diagnostic d = {
		U2S_WARNING, "U2S0407", "dir/a,b:c%.urdf", 3, 7,
		"name 'q\"\\\t\n\x01\xc3\xa9\xff' 100%", "/robot/link[@name='x']"
	};
	char small[16];

	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT),
			 "dir/a,b:c%.urdf:3:7: warning: name 'q\"\\\\t\\n\\x01\xc3\xa9\xff' 100% "
			 "[U2S0407]");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_JSON),
			 "{\"file\":\"dir/a,b:c%.urdf\",\"line\":3,\"column\":7,\"severity\":"
			 "\"warning\",\"code\":\"U2S0407\",\"message\":\"name 'q\\\"\\\\\\t\\n"
			 "\\u0001\xc3\xa9\\ufffd' 100%\",\"path\":\"/robot/link[@name='x']\"}");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_GITHUB),
			 "::warning file=dir/a%2Cb%3Ac%25.urdf,line=3,col=7,title=U2S0407::"
			 "name 'q\"\\\t%0A\x01\xc3\xa9\xef\xbf\xbd' 100%25");
	/* no position, no file (the CLI's own), no path */
	d.line = d.column = 0;
	d.file = NULL;
	d.path = NULL;
	d.severity = U2S_ERROR;
	d.message = "-o and -d exclude each other";
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), "u2s: -o and -d exclude each other [U2S0407]");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_JSON),
			 "{\"file\":null,\"line\":null,\"column\":null,\"severity\":\"error\","
			 "\"code\":\"U2S0407\",\"message\":\"-o and -d exclude each other\",\"path\":null}");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_GITHUB),
			 "::error title=U2S0407::-o and -d exclude each other");
	/* snprintf-like: cut, NUL-terminated, the length it needs */
	cr_assert_eq(u2s_diagnostic_format(&d, U2S_DIAG_TEXT, small, sizeof small), 43);
	cr_assert_str_eq(small, "u2s: -o and -d ");
	/* standard input is no file of a repository */
	d.file = "<stdin>";
	d.line = 2, d.column = 1;
	cr_assert_str_eq(formatted(&d, U2S_DIAG_GITHUB),
			 "::error title=U2S0407::-o and -d exclude each other");
}

/* A record a caller made, without some of its strings: never read. */
Test(lib, diagnostic_forms_take_null_strings)
{
	struct u2s_diagnostic d = { U2S_WARNING, NULL, NULL, 3, 7, NULL, NULL };
	char small[4] = "xyz";

	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), "u2s: ");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_JSON),
			 "{\"file\":null,\"line\":3,\"column\":7,\"severity\":\"warning\","
			 "\"code\":null,\"message\":null,\"path\":null}");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_GITHUB), "::warning ::");
	d.file = "a.urdf";
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), "a.urdf:3:7: warning: ");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_GITHUB), "::warning file=a.urdf,line=3,col=7,::");
	d.code = "U2S0407";
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), "a.urdf:3:7: warning:  [U2S0407]");
	d.code = NULL;
	d.message = "m";
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), "a.urdf:3:7: warning: m");
	cr_assert_str_eq(formatted(&d, U2S_DIAG_GITHUB), "::warning file=a.urdf,line=3,col=7,::m");
	/* no record at all: an empty line */
	cr_assert_eq(u2s_diagnostic_format(NULL, U2S_DIAG_JSON, small, sizeof small), 0);
	cr_assert_str_eq(small, "");
	cr_assert_eq(u2s_diagnostic_format(NULL, U2S_DIAG_TEXT, NULL, 0), 0);
}

/* The position and code are written by hand (no printf): the extremes. */
Test(lib, diagnostic_text_positions_and_codes_at_their_limits)
{
	struct u2s_diagnostic d = { U2S_ERROR, "U2S0001", "a", ULONG_MAX, 1, "m", NULL };
	char want[128];

	snprintf(want, sizeof want, "a:%lu:1: error: m [U2S0001]", ULONG_MAX);
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), want);
	d.line = 10, d.column = 0;
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT), "a:10:0: error: m [U2S0001]");
	d.code = "X23456789012345678901234567890123";   /* cut to 28, still bracketed */
	cr_assert_str_eq(formatted(&d, U2S_DIAG_TEXT),
			 "a:10:0: error: m [X234567890123456789012345678]");
}

Test(lib, diagnostic_text_keeps_the_code_of_a_cut_line)
{
	char msg[3000];
	const char *line;
	struct u2s_diagnostic d = { U2S_ERROR, "U2S0205", "t.urdf", 1, 1, msg, NULL };

	memset(msg, 'n', sizeof msg - 1);
	msg[sizeof msg - 1] = '\0';
	line = formatted(&d, U2S_DIAG_TEXT);
	cr_assert_lt(strlen(line), 1400);
	cr_assert(strstr(line, "n... [U2S0205]") != NULL && line[strlen(line) - 1] == ']', "%s",
		  line + strlen(line) - 30);
}

Test(lib, check_writes_nothing)
{
	struct u2s_stats st;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	opts.flags |= U2S_CHECK;
	opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_str_eq(r.sdf, "");
	cr_assert_eq(st.links_out, 2);
	result_free(&r);
	r = convert_opts(BAD, &opts);
	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert_eq(r.nerrors, 1);
	result_free(&r);
}

Test(lib, check_needs_no_output_descriptor)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	int p[2];
	size_t len = strlen(GOOD);

	opts.flags |= U2S_CHECK;
	cr_assert_eq(pipe(p), 0);
	cr_assert_eq(write(p[1], GOOD, len), (ssize_t)len);
	close(p[1]);
	cr_assert_eq(u2s_convert(p[0], "t.urdf", -1, &opts), U2S_OK);
	close(p[0]);
}

/* ---- statistics ---------------------------------------------------------------- */

Test(lib, stats)
{
	struct u2s_stats st;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(st.links_in, 3);
	cr_assert_eq(st.joints_in, 2);
	cr_assert_eq(st.links_out, 2);
	cr_assert_eq(st.joints_out, 1);
	cr_assert_eq(st.frames_out, 2);
	cr_assert_eq(st.merged, 1);
	cr_assert(st.seconds >= 0 && st.seconds < 1e6, "%g", st.seconds);
	result_free(&r);
	opts.flags |= U2S_PRESERVE_FIXED_JOINTS;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(st.links_out, 3);
	cr_assert_eq(st.joints_out, 2);
	cr_assert_eq(st.frames_out, 0);
	cr_assert_eq(st.merged, 0);
	result_free(&r);
}

Test(lib, stats_untouched_when_rejected)
{
	struct u2s_stats st;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	memset(&st, 0, sizeof st);
	st.links_in = 77;
	opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
	r = convert_opts(BAD, &opts);
	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert_eq(st.links_in, 77);
	result_free(&r);
}

/* Floating joints are not written; massless links go with what hangs
 * below them, a massless link on a kept fixed joint becomes two frames,
 * model-level <gazebo> links, joints and frames count. */
Test(lib, stats_of_what_is_left_out)
{
	struct u2s_stats st;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
	opts.flags |= U2S_QUIET;
	r = convert_opts("<robot name='s'>"
		    "<link name='base'>" INERTIAL "</link>"
		    "<link name='float'>" INERTIAL "</link>"
		    "<link name='ghost'/><link name='below'>" INERTIAL "</link>"
		    "<link name='tip'/>"
		    "<joint name='jf' type='floating'><parent link='base'/><child link='float'/></joint>"
		    "<joint name='jg' type='continuous'><parent link='base'/><child link='ghost'/></joint>"
		    "<joint name='jb' type='continuous'><parent link='ghost'/><child link='below'/></joint>"
		    "<joint name='jt' type='fixed'><parent link='base'/><child link='tip'/></joint>"
		    "<gazebo reference='jt'><preserveFixedJoint>true</preserveFixedJoint></gazebo>"
		    "<gazebo><frame name='extra' attached_to='base'/><joint name='x' type='fixed'>"
		    "<parent>base</parent><child>float</child></joint></gazebo>"
		    "</robot>", &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(st.links_in, 5);
	cr_assert_eq(st.joints_in, 4);
	cr_assert_eq(st.links_out, 2, "base, float");
	cr_assert_eq(st.joints_out, 1, "the <gazebo> joint");
	cr_assert_eq(st.frames_out, 3, "tip, jt and the <gazebo> frame");
	cr_assert_eq(st.merged, 0);
	result_free(&r);
}

static void ignore(void *arg, enum u2s_severity sev, const char *line)
{
	(void)arg;
	(void)sev;
	(void)line;
}

/* Counts the children of <robot> (or of <model> in <sdf>) by name. */
struct tally {
	int depth, want_depth;
	unsigned links, joints, frames;
};

static void XMLCALL tally_start(void *arg, const XML_Char *name, const XML_Char **atts)
{
	struct tally *t = arg;

	(void)atts;
	if (++t->depth != t->want_depth)
		return;
	t->links += strcmp(name, "link") == 0;
	t->joints += strcmp(name, "joint") == 0;
	t->frames += strcmp(name, "frame") == 0;
}

static void XMLCALL tally_end(void *arg, const XML_Char *name)
{
	struct tally *t = arg;

	(void)name;
	t->depth--;
}

static struct tally tally_xml(const char *text, size_t len, int want_depth)
{
	struct tally t = { 0, want_depth, 0, 0, 0 };
	XML_Parser p = XML_ParserCreate(NULL);

	XML_SetUserData(p, &t);
	XML_SetElementHandler(p, tally_start, tally_end);
	cr_assert_eq(XML_Parse(p, text, (int)len, 1), XML_STATUS_OK, "%s",
		     XML_ErrorString(XML_GetErrorCode(p)));
	XML_ParserFree(p);
	return t;
}

static unsigned check_folder_stats(const char *corpus, const char *folder)
{
	char *dir = path_in(corpus, folder);
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort), i;
	unsigned checked = 0;

	cr_assert_geq(n, 0, "%s: %s", dir, strerror(errno));
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		size_t len = strlen(name), in_len, out_len;
		struct u2s_options opts = U2S_OPTIONS_INIT;
		struct u2s_stats st;
		struct tally in, out;
		char *path, *urdf, *sdf;
		int fd, out_fd, rc;

		if (len < 5 || strcmp(name + len - 5, ".urdf") != 0) {
			free(ents[i]);
			continue;
		}
		path = path_in(dir, name);
		fd = open(path, O_RDONLY);
		cr_assert_geq(fd, 0, "%s", path);
		urdf = slurp(fd, &in_len);
		out_fd = temp_fd();
		opts.diag_fn = ignore;
		opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
		cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
		rc = u2s_convert(fd, path, out_fd, &opts);
		close(fd);
		sdf = slurp(out_fd, &out_len);
		close(out_fd);
		if (rc == U2S_OK) {
			in = tally_xml(urdf, in_len, 2);
			out = tally_xml(sdf, out_len, 3);
			cr_expect_eq(st.links_in, in.links, "%s: links in", path);
			cr_expect_eq(st.joints_in, in.joints, "%s: joints in", path);
			cr_expect_eq(st.links_out, out.links, "%s: links out", path);
			cr_expect_eq(st.joints_out, out.joints, "%s: joints out", path);
			cr_expect_eq(st.frames_out, out.frames, "%s: frames out", path);
			cr_expect_leq(st.merged * 2, st.frames_out, "%s: merged", path);
			checked++;
		}
		free(urdf);
		free(sdf);
		free(path);
		free(ents[i]);
	}
	free(ents);
	free(dir);
	return checked;
}

/* The counts are those of the elements in what is written, for every
 * robot of the conformance corpus. */
Test(lib, stats_match_the_output_over_the_corpus)
{
	const char *corpus = getenv("U2S_CORPUS");
	unsigned n = 0;

	if (!corpus || !*corpus)
		corpus = "tests/corpus";
	n += check_folder_stats(corpus, "seed");
	n += check_folder_stats(corpus, "real");
	n += check_folder_stats(corpus, "gen");
	n += check_folder_stats(corpus, "edge");
	cr_assert_gt(n, 250, "only %u corpus robots converted", n);
}

/* ---- mesh URIs: model and keep ------------------------------------------------ */

Test(lib, uri_model_as_libsdformat)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *uri;

	uri = uri_of("package://p/m.stl", &opts, NULL);
	cr_assert_str_eq(uri, "model://p/m.stl");
	free(uri);
	/* the first package:// anywhere, as the reference does */
	uri = uri_of("x/package://p/m.stl", &opts, NULL);
	cr_assert_str_eq(uri, "x/model://p/m.stl");
	free(uri);
	uri = uri_of("file:///abs/m.stl", &opts, NULL);
	cr_assert_str_eq(uri, "file:///abs/m.stl");
	free(uri);
	uri = uri_of("meshes/m.stl", &opts, NULL);
	cr_assert_str_eq(uri, "meshes/m.stl");
	free(uri);
}

Test(lib, uri_keep)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *uri;

	opts.uri_mode = U2S_URI_KEEP;
	uri = uri_of("package://p/m.stl", &opts, NULL);
	cr_assert_str_eq(uri, "package://p/m.stl");
	free(uri);
}

/* ---- mesh URIs: file ------------------------------------------------------------- */

Test(lib, uri_file_other_uris_as_written)
{
	static const char *const uris[] = {
		"file:///abs/m.stl", "model://p/m.stl", "meshes/m.stl", "x/package://p/m.stl",
		"https://example.org/m.stl",
	};
	struct u2s_options opts = U2S_OPTIONS_INIT;
	unsigned i, warnings;

	opts.uri_mode = U2S_URI_FILE;
	for (i = 0; i < sizeof uris / sizeof *uris; i++) {
		char *uri = uri_of(uris[i], &opts, &warnings);
		cr_assert_str_eq(uri, uris[i]);
		cr_assert_eq(warnings, 0);
		free(uri);
	}
}

Test(lib, uri_file_explicit_packages)
{
	char *dir = temp_dir(), *a1 = path_in(dir, "a1"), *a2 = path_in(dir, "a2");
	char *nodir = path_in(dir, "nodir");
	struct u2s_package pkgs[] = { { "pkg_a", a1 }, { "pkg_b", a2 }, { "pkg_a", a2 },
				      { "pkg_c", nodir } };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;
	unsigned warnings;
	char *uri, *want;

	make_dir(dir, "a1");
	make_dir(dir, "a2");
	opts.uri_mode = U2S_URI_FILE;
	opts.packages = pkgs;
	opts.npackages = 4;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(r.nwarnings, 0, "%s", r.msgs);
	/* the last pkg_a wins */
	expect_file_uri(&r, dir, "a2", "/meshes/base.stl");
	expect_file_uri(&r, dir, "a2", "/meshes/cam.dae");
	expect_file_uri(&r, dir, "a2", "/base.stl");
	result_free(&r);
	/* the package itself */
	uri = uri_of("package://pkg_b", &opts, &warnings);
	want = file_uri(dir, "a2", "");
	cr_assert_eq(strncmp(want, "<uri>", 5), 0);
	want[strlen(want) - strlen("</uri>")] = '\0';
	cr_assert_str_eq(uri, want + 5);
	free(uri);
	free(want);
	/* a directory that is not there is skipped: nowhere else to look */
	uri = uri_of("package://pkg_c/m.stl", &opts, &warnings);
	cr_assert_str_eq(uri, "model://pkg_c/m.stl");
	cr_assert_eq(warnings, 1);
	free(uri);
	free(a1);
	free(a2);
	free(nodir);
	remove_tree(dir);
}

/* An explicit entry whose directory is missing gives way to the search
 * paths; a relative one is made absolute. */
Test(lib, uri_file_explicit_then_search_paths)
{
	char *dir = temp_dir(), *ros = path_in(dir, "ros"), *cwd = getcwd(NULL, 0);
	struct u2s_package pkgs[] = { { "pkg_a", "no/such/dir" }, { "pkg_b", "rel_b" } };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	put_file(dir, "ros/pkg_a/package.xml", "");
	make_dir(dir, "rel_b");
	cr_assert_eq(chdir(dir), 0);
	opts.uri_mode = U2S_URI_FILE;
	opts.packages = pkgs;
	opts.npackages = 2;
	opts.ros_package_path = ros;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(chdir(cwd), 0);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	cr_assert_eq(r.nwarnings, 0, "%s", r.msgs);
	expect_file_uri(&r, dir, "ros/pkg_a", "/meshes/base.stl");
	expect_file_uri(&r, dir, "rel_b", "/base.stl");
	result_free(&r);
	free(cwd);
	free(ros);
	remove_tree(dir);
}

/* What rospack finds in a tree, and what it does not. */
Test(lib, uri_file_ros_package_path_crawl)
{
	char *dir = temp_dir(), *path = malloc(strlen(dir) * 4 + 64);
	struct u2s_options opts = U2S_OPTIONS_INIT;
	unsigned warnings;
	char *uri, *want;
	static const struct { const char *pkg, *where; } found[] = {
		{ "deep", "/ws/src/a/b/c/deep" },          /* nested */
		{ "legacy", "/ws/src/legacy" },            /* manifest.xml */
		{ "twice", "/ws/src/a/twice" },            /* name order: a before b */
		{ "first", "/ws/src/first" },              /* earlier entry wins */
		{ "itself", "/itself" },                   /* an entry that is a package */
	};
	static const char *const not_found[] = {
		"inner",      /* inside a package */
		"hidden",     /* in a hidden directory */
		"ignored",    /* below CATKIN_IGNORE */
		"nosub",      /* below rospack_nosubdirs */
		"notpkg",     /* a directory without package.xml */
		"..", ".",    /* not names */
	};
	unsigned i;

	put_file(dir, "ws/src/a/b/c/deep/package.xml", "");
	put_file(dir, "ws/src/legacy/manifest.xml", "");
	put_file(dir, "ws/src/a/twice/package.xml", "");
	put_file(dir, "ws/src/b/twice/package.xml", "");
	put_file(dir, "ws/src/first/package.xml", "");
	put_file(dir, "ws2/first/package.xml", "");
	put_file(dir, "itself/package.xml", "");
	put_file(dir, "ws/src/outer/package.xml", "");
	put_file(dir, "ws/src/outer/inner/package.xml", "");
	put_file(dir, "ws/src/.cache/hidden/package.xml", "");
	put_file(dir, "ws/src/skip/CATKIN_IGNORE", "");
	put_file(dir, "ws/src/skip/ignored/package.xml", "");
	put_file(dir, "ws/src/flat/rospack_nosubdirs", "");
	put_file(dir, "ws/src/flat/nosub/package.xml", "");
	put_file(dir, "ws/src/notpkg/meshes/m.stl", "");
	sprintf(path, "::%s/ws/src/:%s/ws2::%s/itself//", dir, dir, dir);
	opts.uri_mode = U2S_URI_FILE;
	opts.ros_package_path = path;
	for (i = 0; i < sizeof found / sizeof *found; i++) {
		char name[64];
		snprintf(name, sizeof name, "package://%s/m.stl", found[i].pkg);
		uri = uri_of(name, &opts, &warnings);
		want = file_uri(dir, found[i].where + 1, "/m.stl");
		want[strlen(want) - strlen("</uri>")] = '\0';
		cr_expect_str_eq(uri, want + 5, "%s", found[i].pkg);
		cr_expect_eq(warnings, 0, "%s", found[i].pkg);
		free(uri);
		free(want);
	}
	for (i = 0; i < sizeof not_found / sizeof *not_found; i++) {
		char name[64];
		snprintf(name, sizeof name, "package://%s/m.stl", not_found[i]);
		uri = uri_of(name, &opts, &warnings);
		cr_expect_eq(strncmp(uri, "model://", 8), 0, "%s: %s", not_found[i], uri);
		cr_expect_eq(warnings, 1, "%s", not_found[i]);
		free(uri);
	}
	free(path);
	remove_tree(dir);
}

Test(lib, uri_file_symlinks_resolved)
{
	char *dir = temp_dir(), *link = path_in(dir, "ws/pkg_a"), *target = path_in(dir, "real");
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *ws = path_in(dir, "ws"), *uri, *want;

	put_file(dir, "real/package.xml", "");
	make_dir(dir, "ws");
	cr_assert_eq(symlink(target, link), 0, "%s", strerror(errno));
	opts.uri_mode = U2S_URI_FILE;
	opts.ros_package_path = ws;
	uri = uri_of("package://pkg_a/m.stl", &opts, NULL);
	want = file_uri(dir, "real", "/m.stl");
	want[strlen(want) - strlen("</uri>")] = '\0';
	cr_assert_str_eq(uri, want + 5);
	free(uri);
	free(want);
	free(ws);
	free(link);
	free(target);
	remove_tree(dir);
}

Test(lib, uri_file_ament_prefix_path)
{
	char *dir = temp_dir(), *path = malloc(strlen(dir) * 3 + 64);
	struct u2s_options opts = U2S_OPTIONS_INIT;
	unsigned warnings;
	char *uri;

	put_file(dir, "p1/share/pkg_a/package.xml", "");
	put_file(dir, "p2/share/pkg_a/package.xml", "");
	put_file(dir, "p2/share/pkg_b/package.xml", "");
	sprintf(path, "%s/p0:%s/p1::%s/p2", dir, dir, dir);
	opts.uri_mode = U2S_URI_FILE;
	opts.ament_prefix_path = path;
	{
		struct result r = convert_opts(GOOD, &opts);
		cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
		cr_assert_eq(r.nwarnings, 0, "%s", r.msgs);
		expect_file_uri(&r, dir, "p1/share/pkg_a", "/meshes/base.stl");
		expect_file_uri(&r, dir, "p2/share/pkg_b", "/base.stl");
		result_free(&r);
	}
	/* PREFIX/share/.. is no package */
	uri = uri_of("package://../m.stl", &opts, &warnings);
	cr_assert_str_eq(uri, "model://../m.stl");
	cr_assert_eq(warnings, 1);
	free(uri);
	free(path);
	remove_tree(dir);
}

/* One warning per package, at its first <mesh> in the document, for the
 * meshes that are written only: a lumped link's are, a dropped link's
 * are not. */
/* A URI's path percent-decoded (the test's own reading of RFC 3986). */
static char *percent_decoded(const char *uri)
{
	char *out = malloc(strlen(uri) + 1), *o = out;

	cr_assert_not_null(out);
	for (; *uri; uri++) {
		unsigned v;
		if (*uri == '%' && sscanf(uri + 1, "%2x", &v) == 1) {
			*o++ = (char)v;
			uri += 2;
		} else {
			*o++ = *uri;
		}
	}
	*o = '\0';
	return out;
}

/* A package in a directory whose name is not UTF-8 (and holds '%', '#',
 * '?', which a URI path cannot hold as they are, and a space, which stays
 * for gz-sim): the file:// URI holds it percent-encoded, so that the SDF
 * is ASCII and well-formed, and the URI decodes to the directory again. */
Test(lib, uri_file_percent_encodes_the_directory)
{
	static const char odd[] = "w\xff\xe9 s%#?\xc3\xa9";
	char *dir = temp_dir(), *pkg = path_in(dir, odd), *real, *uri, *want, *path;
	char *urdf = NULL;
	struct u2s_package pkgs[] = { { "pkg", pkg } };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;
	size_t n;

	make_dir(dir, odd);
	make_dir(pkg, "meshes");
	real = realpath(dir, NULL);
	cr_assert_not_null(real);
	opts.uri_mode = U2S_URI_FILE;
	opts.packages = pkgs;
	opts.npackages = 1;
	uri = uri_of("package://pkg/meshes/m%20x.stl", &opts, NULL);
	n = strlen(real) + 128;
	want = malloc(n);
	snprintf(want, n, "file://%s/w%%FF%%E9 s%%25%%23%%3F%%C3%%A9/meshes/m%%20x.stl", real);
	cr_assert_str_eq(uri, want);
	/* back to the directory, and the rest as the URDF wrote it */
	path = percent_decoded(uri + strlen("file://"));
	snprintf(want, n, "%s/%s/meshes/m x.stl", real, odd);
	cr_assert_str_eq(path, want);
	/* the whole SDF: well-formed XML, and ASCII */
	free(urdf);
	urdf = mesh_robot("package://pkg/meshes/m.stl");
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	tally_xml(r.sdf, r.len, 1);
	for (n = 0; n < r.len; n++)
		cr_assert_lt((unsigned char)r.sdf[n], 0x80, "byte %zu of:\n%s", n, r.sdf);
	result_free(&r);
	free(urdf);
	free(path);
	free(want);
	free(uri);
	free(real);
	free(pkg);
	remove_tree(dir);
}

Test(lib, uri_file_warnings)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct result r;

	opts.uri_mode = U2S_URI_FILE;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_eq(r.nwarnings, 2, "%s", r.msgs);
	expect_in(r.msgs, "t.urdf:3:23: warning: package 'pkg_a' (mesh "
		  "'package://pkg_a/meshes/base.stl') is not in --package-path, "
		  "ROS_PACKAGE_PATH or AMENT_PREFIX_PATH; its meshes are written as "
		  "model://pkg_a/...\n");
	expect_in(r.msgs, "t.urdf:4:26: warning: package 'pkg_b'");
	expect_in(r.sdf, "<uri>model://pkg_a/meshes/cam.dae</uri>");
	result_free(&r);
	/* the collision comes first in the document */
	r = convert_opts("<robot name='c'><link name='l'>" INERTIAL "\n"
		    "<collision><geometry><mesh filename='package://p/c.stl'/></geometry></collision>\n"
		    "<visual><geometry><mesh filename='package://p/v.stl'/></geometry></visual>\n"
		    "</link></robot>", &opts);
	cr_assert_eq(r.nwarnings, 1, "%s", r.msgs);
	expect_in(r.msgs, "t.urdf:2:22: warning: package 'p' (mesh 'package://p/c.stl')");
	result_free(&r);
	/* a massless link is left out, and so are its meshes */
	r = convert_opts("<robot name='d'><link name='l'>" INERTIAL "</link>\n"
		    "<link name='ghost'><visual><geometry><mesh filename='package://gone/m.stl'/>"
		    "</geometry></visual></link>\n"
		    "<joint name='j' type='continuous'><parent link='l'/><child link='ghost'/></joint>"
		    "</robot>", &opts);
	cr_assert_eq(r.rc, U2S_OK);
	expect_not_in(r.msgs, "package 'gone'");
	result_free(&r);
	/* -q drops the warning, not the rewrite; --werror rejects */
	opts.flags |= U2S_QUIET;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(r.rc, U2S_OK);
	cr_assert_str_eq(r.msgs, "");
	expect_in(r.sdf, "<uri>model://pkg_b/base.stl</uri>");
	result_free(&r);
	opts.flags &= ~U2S_QUIET;
	opts.flags |= U2S_WERROR;
	r = convert_opts(GOOD, &opts);
	cr_assert_eq(r.rc, U2S_REJECTED);
	cr_assert_str_eq(r.sdf, "");
	expect_in(r.msgs, "t.urdf:3:23: error: package 'pkg_a'");
	result_free(&r);
}

/* ---- any locale --------------------------------------------------------------- */

/* A robot whose numbers take every path: long ones (more than 15 digits,
 * which strtod reads), colours, 6-digit vectors, poses lumping moves,
 * messages that print numbers; with BIG, thousands of links more, so that
 * it is read in two halves on two threads. */
static char *locale_robot(int big)
{
	static const char head[] =
		"<robot name='loc'>"
		"<material name='m'><color rgba='0.375 0.12345678901234567 0.5 1'/></material>"
		"<link name='base'><inertial><origin xyz='0.12345678901234567 0 0'/>"
		"<mass value='1.0000000000000002'/>"
		"<inertia ixx='0.1' ixy='0' ixz='0' iyy='0.1' iyz='0' izz='5.5'/></inertial>"
		"<visual><geometry><mesh filename='package://p/m.stl' scale='0.001 0.001 0.001'/>"
		"</geometry><material name='m'/></visual>"
		"<collision><geometry><box size='0.5 0.25 0.125'/></geometry></collision></link>"
		"<link name='arm'><inertial><mass value='2.5'/>"
		"<inertia ixx='0.25' ixy='0' ixz='0' iyy='0.25' iyz='0' izz='0.25'/></inertial></link>"
		"<joint name='j' type='revolute'><parent link='base'/><child link='arm'/>"
		"<origin xyz='0.1 0.2 0.3' rpy='0.5 0 0'/><axis xyz='0 0.6 0.8'/>"
		"<limit lower='1.5' upper='-1.5' effort='10.5' velocity='1.5'/></joint>"
		"<link name='tool'><inertial><mass value='0.5'/>"
		"<inertia ixx='0.05' ixy='0' ixz='0' iyy='0.05' iyz='0' izz='0.05'/></inertial></link>"
		"<joint name='fix' type='fixed'><parent link='arm'/><child link='tool'/>"
		"<origin xyz='0.05 0 0' rpy='0 0 0.25'/></joint>"
		"<link name='light'/>"
		"<joint name='lj' type='continuous'><parent link='arm'/><child link='light'/></joint>"
		"<gazebo reference='tool'><sensor name='cam' type='camera'>"
		"<pose>0.1 0.2 0.3 0 0 0.5</pose></sensor><mu1>0.75</mu1></gazebo>"
		"<gazebo reference='arm'><mu1>0.5</mu1><kp>1e+06</kp><fdir1>0.6 0.8 0</fdir1></gazebo>"
		"<gazebo><plugin name='p' filename='p.so'><x>0.5</x></plugin></gazebo>";
	size_t cap = sizeof head + (big ? 4000 * 400 : 0) + 32, len;
	char *s = malloc(cap);
	int i;

	cr_assert_not_null(s);
	strcpy(s, head);
	len = strlen(s);
	for (i = 0; big && i < 4000; i++)
		len += (size_t)snprintf(s + len, cap - len,
					"<link name='l%d'><inertial><mass value='0.12345678901234567'/>"
					"<inertia ixx='1.5' ixy='0' ixz='0' iyy='1.5' iyz='0' izz='1.5'/>"
					"</inertial></link><joint name='j%d' type='continuous'>"
					"<parent link='base'/><child link='l%d'/>"
					"<origin xyz='0.%d 1.25 0.1234567890123456789'/></joint>", i, i, i, i);
	strcpy(s + len, "</robot>");
	return s;
}

/* A host program that calls setlocale(LC_ALL, "") in a locale that writes
 * 0,375 (any Qt application in Germany) gets the same conversion, byte for
 * byte and message for message, as one in the C locale. */
Test(lib, any_locale_converts_the_same)
{
	static const char *const comma_locales[] = {
		"de_DE.UTF-8", "de_DE.utf8", "de_DE", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8",
	};
	const char *found = NULL;
	int big, v;
	size_t i;

	for (i = 0; i < sizeof comma_locales / sizeof *comma_locales && !found; i++)
		if (setlocale(LC_ALL, comma_locales[i]) && strcmp(localeconv()->decimal_point, ",") == 0)
			found = comma_locales[i];
	if (!found)
		cr_skip_test("no locale with a decimal comma here (Debian: apt-get install locales; "
			     "localedef -i de_DE -f UTF-8 de_DE.UTF-8, which scripts/quickstart runs)");
	for (big = 0; big < 2; big++)
		for (v = 0; v < 3; v++) {
			char *urdf = locale_robot(big);
			struct u2s_options c_opts = U2S_OPTIONS_INIT, l_opts;
			struct result c, l;
			c_opts.sdf_version = v == 1 ? "1.11" : NULL;
			c_opts.flags = v == 2 ? U2S_REPAIR : 0;
			l_opts = c_opts;
			setlocale(LC_ALL, "C");
			c = convert_opts(urdf, &c_opts);
			cr_assert_eq(c.rc, U2S_OK, "%s", c.msgs);
			cr_assert_not_null(strstr(c.sdf, "0.125"), "case %d %d", big, v);
			setlocale(LC_ALL, found);
			l = convert_opts(urdf, &l_opts);
			cr_assert_eq(l.rc, U2S_OK, "in %s: %s", found, l.msgs);
			cr_assert_str_eq(l.sdf, c.sdf, "in %s (case %d %d), the SDF differs", found,
					 big, v);
			cr_assert_str_eq(l.msgs, c.msgs, "in %s (case %d %d), the messages differ", found,
					 big, v);
			/* and the host's own locale is as it left it */
			cr_assert_str_eq(localeconv()->decimal_point, ",");
			result_free(&c);
			result_free(&l);
			free(urdf);
		}
}

/* ---- the input's encoding: U2S_INPUT_UTF8 ------------------------------------ */

/* A robot whose XML declaration names ENCODING, with a link named in
 * UTF-8 at its start ("café") and one at its end ("Ω"), and between them,
 * when BIG, links enough that a file of it is read in two halves. */
static char *declared_robot(const char *encoding, int big)
{
	static const char link[] = "<link name='l%d'>" INERTIAL "</link><joint name='j%d' "
				   "type='continuous'><parent link='base'/><child link='l%d'/></joint>\n";
	size_t cap = (big ? 4000 : 1) * (sizeof link + 32) + 1024, len;
	char *s = malloc(cap);
	int i;

	cr_assert_not_null(s);
	len = (size_t)snprintf(s, cap, "<?xml version='1.0' encoding='%s'?>\n<robot name='enc'>\n"
			       "<link name='base'>" INERTIAL "</link>\n"
			       "<link name='caf\xc3\xa9'>" INERTIAL "</link><joint name='jc' "
			       "type='continuous'><parent link='base'/><child link='caf\xc3\xa9'/>"
			       "</joint>\n", encoding);
	for (i = 0; i < (big ? 4000 : 1); i++)
		len += (size_t)snprintf(s + len, cap - len, link, i, i, i);
	strcpy(s + len, "<link name='\xce\xa9'>" INERTIAL "</link><joint name='jo' type='continuous'>"
	       "<parent link='base'/><child link='\xce\xa9'/></joint>\n</robot>\n");
	return s;
}

/* Text held as Unicode and given as UTF-8 (Python's str) keeps the
 * declaration of how it was once stored: under U2S_INPUT_UTF8 it is read
 * as UTF-8 whatever that says, from a descriptor or from memory; without,
 * the declaration is obeyed (Latin-1 reads the bytes as two characters
 * each, UTF-16 cannot be these bytes). */
Test(lib, input_utf8_whatever_the_declaration)
{
	static const char *const encodings[] = { "ISO-8859-1", "UTF-16", "US-ASCII", "UTF-8" };
	size_t i;

	for (i = 0; i < sizeof encodings / sizeof *encodings; i++) {
		char *urdf = declared_robot(encodings[i], 0), *sdf = NULL;
		struct u2s_options opts = U2S_OPTIONS_INIT;
		struct result r;

		opts.flags = U2S_INPUT_UTF8 | U2S_QUIET;
		r = convert_opts(urdf, &opts);
		cr_assert_eq(r.rc, U2S_OK, "%s: %s", encodings[i], r.msgs);
		expect_in(r.sdf, "<link name='caf\xc3\xa9'>");
		expect_in(r.sdf, "<link name='\xce\xa9'>");
		opts.diag_fn = NULL;
		cr_assert_eq(u2s_convert_buffer(urdf, strlen(urdf), NULL, &sdf, NULL, &opts), U2S_OK,
			     "%s", encodings[i]);
		cr_assert_str_eq(sdf, r.sdf, "%s: memory and descriptor differ", encodings[i]);
		u2s_free(sdf);
		result_free(&r);
		free(urdf);
	}
	/* without it, the declaration counts */
	{
		char *latin = declared_robot("ISO-8859-1", 0), *utf16 = declared_robot("UTF-16", 0);
		struct u2s_options opts = U2S_OPTIONS_INIT;
		struct result r;

		opts.flags = U2S_QUIET;
		r = convert_opts(latin, &opts);
		cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
		expect_in(r.sdf, "<link name='caf\xc3\x83\xc2\xa9'>");
		result_free(&r);
		r = convert_opts(utf16, &opts);
		cr_assert_eq(r.rc, U2S_REJECTED);
		expect_in(r.msgs, "malformed XML");
		result_free(&r);
		free(latin);
		free(utf16);
	}
}

/* The two-thread reader reads both halves as UTF-8 too: a declaration it
 * is told to pass over does not make it read the file as one stream. */
Test(lib, input_utf8_read_in_halves)
{
	char *urdf = declared_robot("ISO-8859-1", 1);
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct u2s_stats st;
	struct result halves, whole;

	opts.flags = U2S_INPUT_UTF8 | U2S_QUIET;
	opts.stats_fn = keep_stats;
	opts.stats_arg = &st;
	halves = convert_opts(urdf, &opts);
	cr_assert_eq(halves.rc, U2S_OK, "%s", halves.msgs);
	cr_assert_eq(st.read_in_halves, 1);
	/* (not the SDF in the message: Criterion hangs on one of megabytes) */
	cr_assert_not_null(strstr(halves.sdf, "<link name='caf\xc3\xa9'>"), "first half");
	cr_assert_not_null(strstr(halves.sdf, "<link name='\xce\xa9'>"), "second half");
	opts.flags |= U2S_SINGLE_THREAD;
	whole = convert_opts(urdf, &opts);
	cr_assert_eq(whole.rc, U2S_OK, "%s", whole.msgs);
	cr_assert_eq(st.read_in_halves, 0);
	cr_assert(strcmp(halves.sdf, whole.sdf) == 0, "the halves read otherwise than the whole");
	result_free(&halves);
	result_free(&whole);
	free(urdf);
}

/* ---- the options: size, flags, and a message for every usage error ------- */

/* A robot that converts with one warning (an extension for no link). */
static const char WARNS[] =
	"<robot name='r'><link name='a'>" INERTIAL "</link>"
	"<gazebo reference='b'><mu1>1</mu1></gazebo></robot>";

/* Messages of a call, as text. */
struct said {
	char text[4096];
	unsigned n;
};

static void say_into(void *arg, enum u2s_severity sev, const char *line)
{
	struct said *s = arg;
	size_t len = strlen(s->text);

	(void)sev;
	snprintf(s->text + len, sizeof s->text - len, "%s\n", line);
	s->n++;
}

static int discard(void *arg, const char *buf, size_t len)
{
	(void)arg;
	(void)buf;
	(void)len;
	return 0;
}

/* OPTS through u2s_convert_buffer_to, messages into *S. */
static int call_with(struct u2s_options *opts, struct said *s)
{
	memset(s, 0, sizeof *s);
	opts->diag_fn = say_into;
	opts->diag_arg = s;
	return u2s_convert_buffer_to(GOOD, strlen(GOOD), "t.urdf", discard, NULL, opts);
}

Test(options, init_is_the_defaults)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s;

	cr_assert_eq(opts.size, sizeof opts);
	cr_assert_eq(call_with(&opts, &s), U2S_OK, "%s", s.text);
}

/* A SIZE too small to be any struct u2s_options (0: not initialised, as
 * with "= { 0 }"): the message still goes to the callback. */
Test(options, size_too_small_is_a_usage_error)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s;

	opts.size = 0;
	cr_assert_eq(call_with(&opts, &s), U2S_USAGE);
	expect_in(s.text, "[U2S1027]");
	opts.size = offsetof(struct u2s_options, ament_prefix_path);
	cr_assert_eq(call_with(&opts, &s), U2S_USAGE);
	expect_in(s.text, "[U2S1027]");
}

/* A caller built against a newer header: more bytes, accepted while the
 * library does not know them only when they are zero. */
Test(options, larger_size_zero_tail_accepted_else_refused)
{
	struct {
		struct u2s_options o;
		unsigned char newer[32];
	} big;
	struct said s;

	memset(&big, 0, sizeof big);
	big.o.size = sizeof big;
	cr_assert_eq(call_with(&big.o, &s), U2S_OK, "%s", s.text);
	big.newer[17] = 1;
	cr_assert_eq(call_with(&big.o, &s), U2S_USAGE);
	expect_in(s.text, "[U2S1028]");
	expect_in(s.text, "does not know");
}

Test(options, unknown_flags_refused)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s;

	opts.flags = 1u << 20;
	cr_assert_eq(call_with(&opts, &s), U2S_USAGE);
	expect_in(s.text, "[U2S1028]");
	expect_in(s.text, "0x100000");
}

Test(options, repair_mass_must_be_a_mass)
{
	const double bad[] = { -1, NAN, INFINITY };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		opts.repair_mass = bad[i];
		opts.flags = U2S_REPAIR;
		cr_assert_eq(call_with(&opts, &s), U2S_USAGE, "%g", bad[i]);
		expect_in(s.text, "[U2S1029]");
	}
	/* subnormal: written as 0, which is no mass, while the warning would
	 * have said 9.99989e-321 */
	opts.repair_mass = 1e-320;
	cr_assert_eq(call_with(&opts, &s), U2S_USAGE);
	expect_in(s.text, "[U2S1087]");
	opts.repair_mass = DBL_MIN / 2;
	cr_assert_eq(call_with(&opts, &s), U2S_USAGE);
	opts.repair_mass = 0;
	cr_assert_eq(call_with(&opts, &s), U2S_OK, "%s", s.text);
	opts.repair_mass = 2;
	cr_assert_eq(call_with(&opts, &s), U2S_OK, "%s", s.text);
	opts.repair_mass = DBL_MIN;   /* the least normal: written, read positive */
	cr_assert_eq(call_with(&opts, &s), U2S_OK, "%s", s.text);
}

/* The mass --repair gives is the one the warning names and the SDF holds. */
Test(options, repair_mass_written_as_said)
{
	static const char urdf[] = "<robot name='r'><link name='a'><inertial><mass value='1'/>"
		"<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link>"
		"<joint name='j' type='revolute'><parent link='a'/><child link='b'/>"
		"<limit lower='0' upper='1' effort='1' velocity='1'/></joint><link name='b'/>"
		"</robot>";
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *sdf = NULL;

	opts.flags = U2S_REPAIR | U2S_QUIET;
	opts.repair_mass = 2.5e-300;
	cr_assert_eq(u2s_convert_buffer(urdf, strlen(urdf), NULL, &sdf, NULL, &opts), U2S_OK);
	cr_assert_not_null(strstr(sdf, "<mass>2.5e-300</mass>"), "%s", sdf);
	u2s_free(sdf);
}

/* The versions are the library's list, in the message too. */
/* The text rule names are held to: UTF-8 of XML's characters, no control
 * character, no overlong form, surrogate or noncharacter. */
Test(options, xml_text_rule)
{
	cr_assert(u2s_xml_text_ok(""));
	cr_assert(u2s_xml_text_ok("robot_1"));
	cr_assert(u2s_xml_text_ok("\xe3\x83\xad\xe3\x83\x9c"), "Japanese, UTF-8");
	cr_assert(u2s_xml_text_ok("\xf0\x9f\xa4\x96"), "a four-byte character");
	cr_assert_not(u2s_xml_text_ok("a\tb"), "a tab is a control character");
	cr_assert_not(u2s_xml_text_ok("a\x7f"));
	cr_assert_not(u2s_xml_text_ok("\xc2\x85"), "U+0085, a C1 control");
	cr_assert_not(u2s_xml_text_ok("\xff"), "not UTF-8");
	cr_assert_not(u2s_xml_text_ok("\xc0\xaf"), "overlong");
	cr_assert_not(u2s_xml_text_ok("\xed\xa0\x80"), "a surrogate");
	cr_assert_not(u2s_xml_text_ok("\xef\xbf\xbe"), "U+FFFE");
	cr_assert_not(u2s_xml_text_ok("\xe3\x83"), "cut short");
}

Test(options, unknown_version_message_lists_the_table)
{
	const char *const *v = u2s_sdf_versions();
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s;
	char list[256] = "";

	cr_assert_not_null(v[0]);
	for (; *v; v++) {
		cr_assert(u2s_sdf_version_known(*v), "%s", *v);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 list[0] ? ", " : "(", *v);
		opts.sdf_version = *v;
		cr_assert_eq(call_with(&opts, &s), U2S_OK, "%s: %s", *v, s.text);
	}
	strcat(list, ")");
	cr_assert(!u2s_sdf_version_known("1.10"));
	cr_assert(!u2s_sdf_version_known(NULL));
	opts.sdf_version = "1.10";
	cr_assert_eq(call_with(&opts, &s), U2S_USAGE);
	expect_in(s.text, "[U2S1003]");
	expect_in(s.text, list);
}

Test(options, null_arguments_are_usage_errors_with_a_message)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s = { "", 0 };

	opts.diag_fn = say_into;
	opts.diag_arg = &s;
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), "t.urdf", NULL, NULL, &opts),
		     U2S_USAGE);
	expect_in(s.text, "[U2S1030]");
	memset(&s, 0, sizeof s);
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t.urdf", NULL, NULL, &opts),
		     U2S_USAGE);
	expect_in(s.text, "[U2S1031]");
	memset(&s, 0, sizeof s);
	opts.flags = U2S_CHECK;
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t.urdf", NULL, NULL, &opts),
		     U2S_OK, "%s", s.text);
}

/* A NULL input with a length is the caller's mistake, not an empty
 * document: U2S_USAGE with its message, and not one byte read (under
 * AddressSanitizer, reading LEN bytes from anywhere fails the test). */
Test(options, null_input_with_a_length_is_a_usage_error)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct said s = { "", 0 };
	char *sdf = (char *)"untouched";
	size_t sdf_len = 7;

	opts.diag_fn = say_into;
	opts.diag_arg = &s;
	cr_assert_eq(u2s_convert_buffer(NULL, 64, "t.urdf", &sdf, &sdf_len, &opts), U2S_USAGE,
		     "%s", s.text);
	expect_in(s.text, "[U2S1090]");
	expect_not_in(s.text, "[U2S0101]");
	cr_assert_null(sdf);
	cr_assert_eq(sdf_len, 0);
	memset(&s, 0, sizeof s);
	cr_assert_eq(u2s_convert_buffer_to(NULL, 64, "t.urdf", discard, NULL, &opts),
		     U2S_USAGE, "%s", s.text);
	expect_in(s.text, "[U2S1090]");
	memset(&s, 0, sizeof s);
	opts.flags = U2S_CHECK;
	cr_assert_eq(u2s_convert_buffer_to(NULL, SIZE_MAX, NULL, NULL, NULL, &opts), U2S_USAGE,
		     "%s", s.text);
	expect_in(s.text, "[U2S1090]");
	expect_in(s.text, "<memory>");
	/* NULL with no length stays what it always was: an empty input,
	 * rejected as a document without a root element. */
	memset(&s, 0, sizeof s);
	opts.flags = 0;
	cr_assert_eq(u2s_convert_buffer(NULL, 0, "t.urdf", &sdf, NULL, &opts), U2S_REJECTED,
		     "%s", s.text);
	expect_not_in(s.text, "[U2S1090]");
	cr_assert_null(sdf);
}

Test(options, version_is_the_package_version)
{
	cr_assert_str_eq(u2s_version(), PACKAGE_VERSION);
	cr_assert_eq(u2s_version(), u2s_version(), "a static string");
}

/* ---- the header's promises, one test each -------------------------------- */

/* A locale that writes 1,50, as a thread's own (the caller's business),
 * or the test is skipped. */
static locale_t comma_locale(void)
{
	static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8", "de_DE" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		locale_t l = newlocale(LC_ALL_MASK, names[i], (locale_t)0);
		if (l)
			return l;
	}
	cr_skip_test("no de_DE locale here (scripts/quickstart makes one)");
	return (locale_t)0;
}

/* What each of the caller's callbacks saw of the caller's locale. */
struct seen_locale {
	char diag[32], record[32], write[32], stats[32];
	char msgs[4096];
	int fail_write;     /* the writer returns EIO */
};

static void seen_diag(void *arg, enum u2s_severity sev, const char *line)
{
	struct seen_locale *s = arg;
	size_t len = strlen(s->msgs);

	(void)sev;
	snprintf(s->diag, sizeof s->diag, "%.2f", 1.5);
	snprintf(s->msgs + len, sizeof s->msgs - len, "%s\n", line);
}

static void seen_record(void *arg, const struct u2s_diagnostic *d)
{
	struct seen_locale *s = arg;

	(void)d;
	snprintf(s->record, sizeof s->record, "%.2f", 1.5);
}

static int seen_write(void *arg, const char *buf, size_t len)
{
	struct seen_locale *s = arg;

	(void)buf;
	(void)len;
	snprintf(s->write, sizeof s->write, "%.2f", 1.5);
	return s->fail_write ? EIO : 0;
}

static void seen_stats(void *arg, const struct u2s_stats *st)
{
	struct seen_locale *s = arg;

	(void)st;
	snprintf(s->stats, sizeof s->stats, "%.2f", 1.5);
}

/* Locale: the SDF is C's whatever the caller's locale; every callback
 * runs in the caller's locale (its printf writes 1,50), the system's
 * error texts in messages are the caller's, and the caller's thread is
 * left in its locale. */
Test(promise, locale)
{
	locale_t de = comma_locale(), c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct seen_locale s;
	char *ref, *sdf, eio[256];
	size_t reflen, len;

	/* in C: the reference */
	uselocale(c);
	opts.flags = U2S_QUIET;
	cr_assert_eq(u2s_convert_buffer(WARNS, strlen(WARNS), "t.urdf", &ref, &reflen, &opts),
		     U2S_OK);
	opts.flags = 0;
	/* in de_DE: the same SDF, and every callback in de_DE */
	uselocale(de);
	snprintf(eio, sizeof eio, "%s", strerror(EIO));
	memset(&s, 0, sizeof s);
	opts.diag_fn = seen_diag;
	opts.diag_arg = &s;
	opts.stats_fn = seen_stats;
	opts.stats_arg = &s;
	cr_assert_eq(u2s_convert_buffer(WARNS, strlen(WARNS), "t.urdf", &sdf, &len, &opts), U2S_OK);
	cr_assert_eq(uselocale((locale_t)0), de, "the caller's thread left in its locale");
	cr_assert_str_eq(sdf, ref, "the SDF differs in de_DE");
	cr_assert_str_eq(s.diag, "1,50", "the message callback ran in '%s'", s.diag);
	cr_assert_str_eq(s.stats, "1,50", "the statistics callback ran in '%s'", s.stats);
	opts.diag_record_fn = seen_record;
	opts.diag_record_arg = &s;
	s.fail_write = 1;
	cr_assert_eq(u2s_convert_buffer_to(WARNS, strlen(WARNS), "t.urdf", seen_write, &s, &opts),
		     U2S_IO);
	cr_assert_eq(uselocale((locale_t)0), de);
	cr_assert_str_eq(s.record, "1,50", "the record callback ran in '%s'", s.record);
	cr_assert_str_eq(s.write, "1,50", "the writer ran in '%s'", s.write);
	/* the write error (through diag_fn: no record_fn now) in the caller's words */
	opts.diag_record_fn = NULL;
	s.msgs[0] = '\0';
	cr_assert_eq(u2s_convert_buffer_to(WARNS, strlen(WARNS), "t.urdf", seen_write, &s, &opts),
		     U2S_IO);
	expect_in(s.msgs, eio);
	uselocale(LC_GLOBAL_LOCALE);
	u2s_free(ref);
	u2s_free(sdf);
	freelocale(de);
	freelocale(c);
}

/* Output: nothing but through the given descriptor, writer or result and
 * the callbacks (standard output and error stay empty), and the
 * environment is not read (ROS_PACKAGE_PATH set, but not given: the
 * package is not found there). */
Test(promise, output)
{
	char *dir = temp_dir(), *urdf = mesh_robot("package://envpkg/m.stl"), *sdf;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	int out = temp_fd(), err = temp_fd(), saved_out = dup(1), saved_err = dup(2), rc;
	struct said s = { "", 0 };
	size_t len;

	put_file(dir, "envpkg/package.xml", "<package/>");
	setenv("ROS_PACKAGE_PATH", dir, 1);
	setenv("AMENT_PREFIX_PATH", dir, 1);
	opts.uri_mode = U2S_URI_FILE;
	opts.diag_fn = say_into;
	opts.diag_arg = &s;
	fflush(stdout);
	fflush(stderr);
	dup2(out, 1);
	dup2(err, 2);
	rc = u2s_convert_buffer(urdf, strlen(urdf), "t.urdf", &sdf, &len, &opts);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	cr_assert_eq(rc, U2S_OK, "%s", s.text);
	cr_assert_eq(lseek(out, 0, SEEK_END), 0, "something written on standard output");
	cr_assert_eq(lseek(err, 0, SEEK_END), 0, "something written on standard error");
	expect_not_in(sdf, "file://");
	expect_in(sdf, "model://envpkg/m.stl");
	expect_in(s.text, "envpkg");   /* the package not found: said through the callback */
	u2s_free(sdf);
	free(urdf);
	remove_tree(dir);
	close(out);
	close(err);
}

/* talloc's blocks outside any context of the test's. */
static size_t blocks_in_use(void)
{
	return talloc_total_blocks(NULL);
}

static void count_blocks(void *arg, enum u2s_severity sev, const char *line)
{
	size_t *during = arg;

	(void)sev;
	(void)line;
	*during = blocks_in_use();
}

/* Memory and ownership: a call's allocations are all gone when it returns
 * (whatever its outcome), the result is the caller's to free with
 * u2s_free, and the version strings are static. */
Test(promise, ownership)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	size_t before, during = 0, len;
	char *sdf;
	int i;

	talloc_enable_null_tracking();
	before = blocks_in_use();
	opts.diag_fn = count_blocks;
	opts.diag_arg = &during;
	for (i = 0; i < 3; i++) {
		cr_assert_eq(u2s_convert_buffer(WARNS, strlen(WARNS), "t.urdf", &sdf, &len, &opts),
			     U2S_OK);
		cr_assert_gt(during, before, "the call's own context is tracked");
		cr_assert_eq(blocks_in_use(), before, "blocks left by a conversion");
		cr_assert_eq(strlen(sdf), len);
		u2s_free(sdf);
		cr_assert_eq(u2s_convert_buffer(BAD, strlen(BAD), "t.urdf", &sdf, &len, &opts),
			     U2S_REJECTED);
		cr_assert_null(sdf);
		cr_assert_eq(blocks_in_use(), before, "blocks left by a rejected input");
	}
	cr_assert_eq(u2s_sdf_versions(), u2s_sdf_versions());
	cr_assert_eq(u2s_sdf_versions()[0], u2s_sdf_versions()[0]);
	cr_assert_eq(u2s_version(), u2s_version());
	talloc_disable_null_tracking();
}

/* Threads: conversions at once on several threads, each with its own
 * options, give what each gives alone, and call back on their own thread. */
#define NTHREADS 4
struct threaded {
	pthread_t self;
	const char *version;
	char *sdf;
	unsigned messages, foreign;   /* callbacks, and those on another thread */
	int rc;
};

static void on_own_thread(void *arg, enum u2s_severity sev, const char *line)
{
	struct threaded *t = arg;

	(void)sev;
	(void)line;
	t->messages++;
	t->foreign += !pthread_equal(pthread_self(), t->self);
}

static void *convert_on_thread(void *arg)
{
	struct threaded *t = arg;
	struct u2s_options opts = U2S_OPTIONS_INIT;
	int i;

	t->self = pthread_self();
	opts.sdf_version = t->version;
	opts.diag_fn = on_own_thread;
	opts.diag_arg = t;
	for (i = 0; i < 20 && t->rc == U2S_OK; i++) {
		u2s_free(t->sdf);
		t->rc = u2s_convert_buffer(WARNS, strlen(WARNS), "t.urdf", &t->sdf, NULL, &opts);
	}
	return NULL;
}

Test(promise, threads)
{
	struct threaded t[NTHREADS];
	pthread_t id[NTHREADS];
	int i;

	memset(t, 0, sizeof t);
	for (i = 0; i < NTHREADS; i++) {
		t[i].version = u2s_sdf_versions()[i % 2];
		cr_assert_eq(pthread_create(&id[i], NULL, convert_on_thread, &t[i]), 0);
	}
	for (i = 0; i < NTHREADS; i++)
		cr_assert_eq(pthread_join(id[i], NULL), 0);
	for (i = 0; i < NTHREADS; i++) {
		struct u2s_options opts = U2S_OPTIONS_INIT;
		char *alone;

		opts.sdf_version = t[i].version;
		opts.flags = U2S_QUIET;
		cr_assert_eq(t[i].rc, U2S_OK);
		cr_assert_eq(t[i].messages, 20, "thread %d", i);
		cr_assert_eq(t[i].foreign, 0, "thread %d: a callback on another thread", i);
		cr_assert_eq(u2s_convert_buffer(WARNS, strlen(WARNS), "t.urdf", &alone, NULL, &opts),
			     U2S_OK);
		cr_assert_str_eq(t[i].sdf, alone, "thread %d", i);
		u2s_free(alone);
		u2s_free(t[i].sdf);
	}
}

/* ---- model_name: a model folder's URIs (the CLI's --model-dir) ------------- */

struct meshes_told {
	char text[4096];
	unsigned n;
};

static int tell_mesh(void *arg, const char *source, const char *path)
{
	struct meshes_told *m = arg;
	size_t len = strlen(m->text);

	snprintf(m->text + len, sizeof m->text - len, "%s -> %s\n", source, path);
	m->n++;
	return 0;
}

/* The <mesh><uri> of written <gazebo> blocks are the library's to map
 * too: told through mesh_fn and rewritten for a model folder (once per
 * URI, the visual's and the block's alike); a block that names nothing is
 * not written, so its mesh is not looked for. */
Test(lib, model_name_maps_the_meshes_of_gazebo_blocks)
{
	char *dir = temp_dir(), *pk = path_in(dir, "pk");
	struct u2s_package pkgs[] = { { "pk", pk } };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct meshes_told m = { "", 0 };
	const char *urdf =
		"<robot name='m'><link name='l'>" INERTIAL
		"<visual><geometry><mesh filename='package://pk/m/x.stl'/></geometry></visual></link>"
		"<gazebo><link name='extra'><visual name='v'><geometry><mesh>"
		"<uri>package://pk/m/x.stl</uri></mesh></geometry></visual>"
		"<collision name='c'><geometry><mesh><uri> package://pk/m/y.stl </uri></mesh>"
		"</geometry></collision></link></gazebo>"
		"<gazebo reference='nothing'><visual><geometry><mesh><uri>package://pk/gone.stl</uri>"
		"</mesh></geometry></visual></gazebo></robot>";
	struct result r;

	put_file(dir, "pk/m/x.stl", "solid x\nendsolid x\n");
	put_file(dir, "pk/m/y.stl", "solid y\nendsolid y\n");
	opts.flags = U2S_QUIET;
	opts.packages = pkgs;
	opts.npackages = 1;
	opts.model_name = "robot";
	opts.mesh_fn = tell_mesh;
	opts.mesh_arg = &m;
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	{
		const char *uri = "<uri>model://robot/meshes/pk/m/x.stl</uri>", *at = strstr(r.sdf, uri);
		cr_assert(at && strstr(at + 1, uri), "the visual's and the block's x.stl:\n%s", r.sdf);
	}
	expect_in(r.sdf, "<uri>model://robot/meshes/pk/m/y.stl</uri>");
	cr_assert_eq(m.n, 2, "told:\n%s", m.text);
	cr_assert_not_null(strstr(m.text, "-> pk/m/y.stl\n"), "told:\n%s", m.text);
	result_free(&r);
	free(pk);
	remove_tree(dir);
}

Test(lib, model_name_maps_each_mesh_once_and_tells_it)
{
	char *dir = temp_dir(), *pk = path_in(dir, "pk"), *real, *want;
	struct u2s_package pkgs[] = { { "pk", pk } };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct meshes_told m = { "", 0 };
	char *urdf = mesh_robot("package://pk/m/x.stl");
	struct result r;

	put_file(dir, "pk/m/x.stl", "solid x\nendsolid x\n");
	opts.packages = pkgs;
	opts.npackages = 1;
	opts.model_name = "robot";
	opts.mesh_fn = tell_mesh;
	opts.mesh_arg = &m;
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_OK, "%s", r.msgs);
	expect_in(r.sdf, "<uri>model://robot/meshes/pk/m/x.stl</uri>");
	real = realpath(pk, NULL);
	want = malloc(strlen(real) + 64);
	sprintf(want, "%s/m/x.stl -> pk/m/x.stl\n", real);
	cr_assert_str_eq(m.text, want);
	cr_assert_eq(m.n, 1);
	result_free(&r);
	free(want);
	free(real);
	free(urdf);
	/* found nowhere: rejected, the URI and the places named */
	urdf = mesh_robot("package://pk/m/gone.stl");
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_REJECTED);
	expect_in(r.msgs, "mesh 'package://pk/m/gone.stl' is not found: no file ");
	result_free(&r);
	free(urdf);
	/* a name that cannot name a folder */
	opts.model_name = "a/b";
	urdf = mesh_robot("package://pk/m/x.stl");
	r = convert_opts(urdf, &opts);
	cr_assert_eq(r.rc, U2S_USAGE);
	expect_in(r.msgs, "model_name (--model-dir's last part) 'a/b' cannot name a model folder");
	result_free(&r);
	free(urdf);
	free(pk);
	remove_tree(dir);
}
