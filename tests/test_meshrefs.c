/* Unit tests of src/meshrefs.c and the model folder's rule of where files
 * may come from (uri.c): the lexical join, a root's holding, and, through
 * the library, every file a mesh brings told once, what leaves its package
 * or directory refused, what is not a regular file refused, a missing
 * texture a warning, chains and cycles of references followed without
 * recursion, --confine and allow_dirs. */
#include "clitest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <talloc.h>
#include <unistd.h>

#include "meshrefs.h"
#include "u2s.h"

#define INERTIAL "<inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial>"

/* ---- the mechanism ---------------------------------------------------------- */

static const char *join(TALLOC_CTX *ctx, const char *dir, const char *ref)
{
	oom_jump jump;

	if (setjmp(jump))
		cr_assert_fail("out of memory");
	return rel_join(ctx, &jump, dir, ref);
}

Test(meshrefs, rel_join_is_lexical_and_never_climbs_above_its_top)
{
	TALLOC_CTX *ctx = talloc_new(NULL);

	cr_assert_str_eq(join(ctx, "", "a/b"), "a/b");
	cr_assert_str_eq(join(ctx, "a/b", "../c"), "a/c");
	cr_assert_str_eq(join(ctx, "", "./a//b/."), "a/b");
	cr_assert_str_eq(join(ctx, "a/b", ".."), "a");
	cr_assert_str_eq(join(ctx, "a/b", "../.."), "");
	cr_assert_str_eq(join(ctx, "meshes/b", "../a/tri.stl"), "meshes/a/tri.stl");
	cr_assert_null(join(ctx, "", ".."));
	cr_assert_null(join(ctx, "a", "../../x"));
	cr_assert_null(join(ctx, "a/b", "../c/../../../x"), "down and up again, then out");
	cr_assert_str_eq(join(ctx, "a", "..x/.y"), "a/..x/.y", "only exact '.' and '..' are special");
	talloc_free(ctx);
}

Test(meshrefs, rel_join_of_a_long_name)
{
	TALLOC_CTX *ctx = talloc_new(NULL);
	size_t n = 200000, i;
	char *ref = malloc(5 * n + 8), *p = ref;

	/* n segments down and n up: "" (each byte looked at a bounded number
	 * of times: tests/scaling.py measures it) */
	for (i = 0; i < n; i++)
		p += sprintf(p, "x/");
	for (i = 0; i < n; i++)
		p += sprintf(p, "../");
	cr_assert_str_eq(join(ctx, "", ref), "");
	strcat(ref, "..");
	cr_assert_null(join(ctx, "", ref));
	free(ref);
	talloc_free(ctx);
}

Test(meshrefs, a_root_holds_what_is_below_it_only)
{
	struct mesh_root r = { "/a/b", NULL, "p", "package 'p'" };
	struct mesh_root slash = { "/", NULL, "_file", "directory /" };
	struct mesh_root two = { "/install/share/p", "/src/p", "p", "package 'p'" };

	cr_assert(mesh_root_holds(&r, "/a/b/c"));
	cr_assert(mesh_root_holds(&r, "/a/b"));
	cr_assert_not(mesh_root_holds(&r, "/a/bc"), "a sibling that starts alike");
	cr_assert_not(mesh_root_holds(&r, "/a"));
	cr_assert(mesh_root_holds(&slash, "/etc/x"));
	cr_assert(mesh_root_holds(&two, "/src/p/meshes/a.stl"), "the symlink install's source");
	cr_assert_not(mesh_root_holds(&two, "/src/q/a.stl"));
}

/* ---- through the library ---------------------------------------------------- */

/* What mesh_fn was told: "SOURCE -> PATH" lines; FAIL_ON (a PATH) fails
 * with EACCES. */
struct told {
	char text[1 << 16];
	int n;
	const char *fail_on;
};

static int tell(void *arg, const char *source, const char *path)
{
	struct told *t = arg;
	size_t len = strlen(t->text);

	if (t->fail_on && strcmp(path, t->fail_on) == 0)
		return EACCES;
	snprintf(t->text + len, sizeof t->text - len, "%s -> %s\n", source, path);
	t->n++;
	return 0;
}

struct conv {
	int rc;
	char *sdf;
	char msgs[1 << 16];
};

static void record(void *arg, const struct u2s_diagnostic *d)
{
	struct conv *r = arg;
	size_t len = strlen(r->msgs);

	snprintf(r->msgs + len, sizeof r->msgs - len, "%s:%lu:%lu: %s: %s [%s]\n", d->file, d->line,
		 d->column, d->severity == U2S_ERROR ? "error" : "warning", d->message, d->code);
}

/* The robot DIR/r.urdf with one visual mesh of URI (its <mesh> on line 3,
 * column 1), converted for the folder "robot" with package p at DIR/p;
 * FLAGS added, ALLOW (NULL-terminated) as allow_dirs. */
static struct conv *convert_in(const char *dir, const char *uri, unsigned flags,
			      const char *const *allow, struct told *t)
{
	static struct conv r;
	char *pk = path_in(dir, "p"), *name = path_in(dir, "r.urdf");
	struct u2s_package pkgs[] = { { "p", pk }, { "_file", pk } };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char urdf[4096];
	size_t n = 0;

	snprintf(urdf, sizeof urdf, "<robot name='r'>\n<link name='a'>" INERTIAL "<visual><geometry>\n"
		 "<mesh filename='%s'/></geometry></visual></link></robot>\n", uri);
	memset(&r, 0, sizeof r);
	opts.flags = flags;
	opts.packages = pkgs;
	opts.npackages = 1;
	opts.model_name = "robot";
	opts.mesh_fn = tell;
	opts.mesh_arg = t;
	opts.diag_record_fn = record;
	opts.diag_record_arg = &r;
	while (allow && allow[n])
		n++;
	opts.allow_dirs = allow;
	opts.nallow_dirs = n;
	r.rc = u2s_convert_buffer(urdf, strlen(urdf), name, &r.sdf, NULL, &opts);
	u2s_free(r.sdf);
	r.sdf = NULL;
	free(pk);
	free(name);
	return &r;
}

static void expect_in(const char *text, const char *part)
{
	cr_assert_not_null(strstr(text, part), "'%s' not in:\n%s", part, text);
}

Test(meshrefs, a_dotted_package_path_is_one_file_in_the_package)
{
	char *dir = temp_dir();
	struct told t = { "", 0, NULL };
	struct conv *r;

	put_file(dir, "p/meshes/a/tri.stl", "solid x\nendsolid x\n");
	r = convert_in(dir, "package://p/meshes/b/../a/tri.stl", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_OK, "%s", r->msgs);
	cr_assert_eq(t.n, 1, "%s", t.text);
	expect_in(t.text, "/p/meshes/a/tri.stl -> p/meshes/a/tri.stl\n");
	cr_assert_null(strstr(t.text, "_file"), "no machine path: %s", t.text);
	remove_tree(dir);
}

Test(meshrefs, every_way_out_of_a_package_is_refused_at_the_mesh)
{
	static const char *const ways[] = { "package://p/../secret", "package://p/meshes/../../secret",
		"model://p/../secret", "package://p/link.stl", NULL };
	char *dir = temp_dir(), *link = path_in(dir, "p/link.stl");
	int i;

	put_file(dir, "secret", "SECRET");
	put_file(dir, "p/meshes/ok.stl", "solid x\nendsolid x\n");
	cr_assert_eq(symlink("../secret", link), 0);
	for (i = 0; ways[i]; i++) {
		struct told t = { "", 0, NULL };
		struct conv *r = convert_in(dir, ways[i], 0, NULL, &t);
		cr_assert_eq(r->rc, U2S_REJECTED, "%s: %s", ways[i], r->msgs);
		expect_in(r->msgs, "r.urdf:3:1: error: mesh '");
		expect_in(r->msgs, "[U2S0812]");
		cr_assert_eq(t.n, 0, "%s told: %s", ways[i], t.text);
	}
	free(link);
	remove_tree(dir);
}

/* A mesh's named files, each way out of the package refused: OBJ, MTL,
 * COLLADA, a symbolic link; absolute names not copied. */
Test(meshrefs, named_files_stay_in_the_package)
{
	char *dir = temp_dir(), *link = path_in(dir, "p/meshes/link.png");
	struct told t = { "", 0, NULL };
	struct conv *r;

	put_file(dir, "secret", "SECRET");
	put_file(dir, "p/meshes/m.obj", "");
	cr_assert_eq(symlink("../../secret", link), 0);
	put_file(dir, "p/meshes/m.obj", "v 0 0 0\nmtllib ok.mtl ../../secret\n");
	put_file(dir, "p/meshes/ok.mtl", "newmtl a\nmap_Kd -s 1 1 1 link.png\nmap_Ks /etc/passwd\n");
	r = convert_in(dir, "package://p/meshes/m.obj", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_REJECTED, "%s", r->msgs);
	expect_in(r->msgs, "r.urdf:3:1: error: material file '../../secret' (");
	expect_in(r->msgs, "/p/meshes/m.obj:2, of mesh 'package://p/meshes/m.obj') climbs out of "
		  "package 'p'");
	expect_in(r->msgs, "r.urdf:3:1: error: texture 'link.png' (");
	expect_in(r->msgs, "ok.mtl:2, of mesh 'package://p/meshes/m.obj') is a symbolic link to ");
	expect_in(r->msgs, "r.urdf:3:1: warning: texture '/etc/passwd' (");
	cr_assert_null(strstr(t.text, "secret"), "%s", t.text);
	cr_assert_null(strstr(t.text, "passwd"), "%s", t.text);

	memset(&t, 0, sizeof t);
	put_file(dir, "p/meshes/x.dae", "<COLLADA xmlns='http://www.collada.org/2005/11/COLLADASchema'>\n"
		 "<library_images><image id='i'>\n<init_from>../../secret</init_from></image>\n"
		 "</library_images></COLLADA>\n");
	r = convert_in(dir, "package://p/meshes/x.dae", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_REJECTED, "%s", r->msgs);
	expect_in(r->msgs, "r.urdf:3:1: error: image '../../secret' (");
	expect_in(r->msgs, "x.dae:3, of mesh");
	free(link);
	remove_tree(dir);
}

Test(meshrefs, several_material_files_on_one_line_and_a_missing_texture)
{
	char *dir = temp_dir();
	struct told t = { "", 0, NULL };
	struct conv *r;

	put_file(dir, "p/meshes/m.obj", "mtllib a.mtl\tsub/b.mtl\nv 0 0 0\n");
	put_file(dir, "p/meshes/a.mtl", "map_Kd tex/a.png\nmap_Kd gone1.png\nmap_Kd gone2.png\n");
	put_file(dir, "p/meshes/sub/b.mtl", "map_Kd ../tex/a.png\n");
	put_file(dir, "p/meshes/tex/a.png", "PNG");
	r = convert_in(dir, "package://p/meshes/m.obj", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_OK, "%s", r->msgs);
	cr_assert_eq(t.n, 4, "the mesh, two material files, one texture (once):\n%s", t.text);
	expect_in(t.text, "-> p/meshes/sub/b.mtl\n");
	expect_in(t.text, "-> p/meshes/tex/a.png\n");
	/* two messages of one code at one place, both said */
	expect_in(r->msgs, "warning: texture 'gone1.png' (");
	expect_in(r->msgs, "warning: texture 'gone2.png' (");
	expect_in(r->msgs, "the mesh is copied without it [U2S0816]");
	remove_tree(dir);
}

Test(meshrefs, not_regular_files_are_refused_without_blocking)
{
	char *dir = temp_dir(), *fifo = path_in(dir, "p/meshes/f.png"), *fmesh =
		path_in(dir, "p/meshes/f.stl");
	struct told t = { "", 0, NULL };
	struct conv *r;

	put_file(dir, "p/meshes/m.obj", "mtllib m.mtl\n");
	put_file(dir, "p/meshes/m.mtl", "map_Kd f.png\n");
	cr_assert_eq(mkfifo(fifo, 0600), 0);
	cr_assert_eq(mkfifo(fmesh, 0600), 0);
	r = convert_in(dir, "package://p/meshes/m.obj", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_REJECTED, "%s", r->msgs);
	expect_in(r->msgs, "is not a regular file (it is a FIFO): only regular files are read [U2S0814]");
	r = convert_in(dir, "package://p/meshes/f.stl", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_REJECTED, "%s", r->msgs);
	expect_in(r->msgs, "r.urdf:3:1: error: mesh 'package://p/meshes/f.stl' (");
	r = convert_in(dir, "package://p/meshes", 0, NULL, &t);
	expect_in(r->msgs, "(it is a directory): only regular files are read");
	free(fifo);
	free(fmesh);
	remove_tree(dir);
}

/* COLLADA files naming each other: a chain far deeper than any stack
 * would take by recursion, and a cycle. */
Test(meshrefs, chains_and_cycles_of_references)
{
	char *dir = temp_dir(), name[64], text[256];
	struct told t = { "", 0, NULL };
	struct conv *r;
	int i, n = 3000;

	for (i = 0; i < n; i++) {
		snprintf(name, sizeof name, "p/d/%d.dae", i);
		snprintf(text, sizeof text, "<COLLADA><library_images><image><init_from>%d.dae"
			 "</init_from></image></library_images></COLLADA>", i + 1 < n ? i + 1 : 0);
		put_file(dir, name, text);
	}
	r = convert_in(dir, "package://p/d/0.dae", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_OK, "%s", r->msgs);
	cr_assert_eq(t.n, n, "each file once, the cycle back to 0 ended");
	remove_tree(dir);
}

/* A package named "_file" whose file sits where a file:// mesh's place
 * is (meshes/_file/ABSOLUTE): not one silently replacing the other. */
Test(meshrefs, two_files_never_share_a_place)
{
	char *dir = temp_dir(), *real, *pdir, *twin, urdf[9000], *sdf = NULL;
	struct told t = { "", 0, NULL };
	struct u2s_package pkgs[1];
	struct u2s_options opts = U2S_OPTIONS_INIT;
	static struct conv r;

	put_file(dir, "in/a.stl", "solid a\nendsolid a\n");
	real = realpath(dir, NULL);
	pdir = path_in(dir, "fakeroot");
	twin = malloc(strlen(real) + 64);
	sprintf(twin, "%s/in/a.stl", real + 1);   /* DIR's path below the package */
	cr_assert_eq(mkdir(pdir, 0777), 0);
	put_file(pdir, twin, "solid b\nendsolid b\n");
	snprintf(urdf, sizeof urdf, "<robot name='r'><link name='a'>" INERTIAL "<visual><geometry>"
		 "<mesh filename='file://%s/in/a.stl'/></geometry></visual><visual><geometry>"
		 "<mesh filename='package://_file%s/in/a.stl'/></geometry></visual></link></robot>",
		 real, real);
	pkgs[0] = (struct u2s_package){ "_file", pdir };
	opts.packages = pkgs;
	opts.npackages = 1;
	opts.model_name = "robot";
	opts.mesh_fn = tell;
	opts.mesh_arg = &t;
	opts.diag_record_fn = record;
	opts.diag_record_arg = &r;
	r.rc = u2s_convert_buffer(urdf, strlen(urdf), "r.urdf", &sdf, NULL, &opts);
	u2s_free(sdf);
	cr_assert_eq(r.rc, U2S_REJECTED, "%s\n%s", r.msgs, t.text);
	expect_in(r.msgs, "two files cannot share one place [U2S0818]");
	cr_assert_eq(t.n, 1, "%s", t.text);
	free(twin);
	free(pdir);
	free(real);
	remove_tree(dir);
}

Test(meshrefs, a_copy_that_fails_is_an_io_failure_at_the_mesh)
{
	char *dir = temp_dir();
	struct told t = { "", 0, "p/meshes/tex.png" };
	struct conv *r;

	put_file(dir, "p/meshes/m.obj", "mtllib m.mtl\n");
	put_file(dir, "p/meshes/m.mtl", "map_Kd tex.png\n");
	put_file(dir, "p/meshes/tex.png", "PNG");
	r = convert_in(dir, "package://p/meshes/m.obj", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_IO, "%s", r->msgs);
	expect_in(r->msgs, "r.urdf:3:1: error: texture (");
	expect_in(r->msgs, "cannot be put in the model folder: Permission denied [U2S0811]");
	remove_tree(dir);
}

Test(meshrefs, confine_refuses_files_outside_the_allowed_directories)
{
	char *dir = temp_dir(), *other = path_in(dir, "other"), uri[4200], *real;
	const char *allow[] = { other, NULL };
	struct told t = { "", 0, NULL };
	struct conv *r;

	put_file(dir, "other/o.stl", "solid o\nendsolid o\n");
	put_file(dir, "in.stl", "solid i\nendsolid i\n");
	real = realpath(dir, NULL);
	snprintf(uri, sizeof uri, "file://%s/other/o.stl", real);
	/* the input is DIR/r.urdf: DIR is its directory, other/ is inside */
	r = convert_in(dir, uri, U2S_CONFINE, NULL, &t);
	cr_assert_eq(r->rc, U2S_OK, "inside the input's directory: %s", r->msgs);
	snprintf(uri, sizeof uri, "file://%s/../outside-%d.stl", real, (int)getpid());
	{
		char *out = malloc(strlen(real) + 64);
		FILE *f;
		sprintf(out, "%s/../outside-%d.stl", real, (int)getpid());
		f = fopen(out, "w");
		cr_assert_not_null(f);
		fputs("solid x\nendsolid x\n", f);
		fclose(f);
		memset(&t, 0, sizeof t);
		r = convert_in(dir, uri, U2S_CONFINE, NULL, &t);
		cr_assert_eq(r->rc, U2S_REJECTED, "%s", r->msgs);
		expect_in(r->msgs, "refused under --confine [U2S0815]");
		cr_assert_eq(t.n, 0);
		r = convert_in(dir, uri, 0, NULL, &t);
		cr_assert_eq(r->rc, U2S_OK, "not confined: copied, %s", r->msgs);
		expect_in(r->msgs, "(--confine refuses them) [U2S0821]");
		unlink(out);
		free(out);
	}
	(void)allow;
	free(real);
	free(other);
	remove_tree(dir);
}

/* colcon --symlink-install: the installed package's files are symbolic
 * links into the source package, its package.xml too. */
Test(meshrefs, a_symlink_install_is_its_package)
{
	char *dir = temp_dir(), *src_xml = path_in(dir, "src/p/package.xml"),
	     *src_mesh = path_in(dir, "src/p/meshes/a.dae"), *xml = path_in(dir, "p/package.xml"),
	     *mesh = path_in(dir, "p/meshes/a.dae");
	struct told t = { "", 0, NULL };
	struct conv *r;

	put_file(dir, "src/p/package.xml", "<package/>");
	put_file(dir, "src/p/meshes/a.dae", "<COLLADA><library_images><image><init_from>../tex/t.png"
		 "</init_from></image></library_images></COLLADA>");
	put_file(dir, "src/p/tex/t.png", "PNG");
	put_file(dir, "p/meshes/.keep", "");
	cr_assert_eq(symlink(src_xml, xml), 0);
	cr_assert_eq(symlink(src_mesh, mesh), 0);
	/* the DAE's copy sits at p/meshes/a.dae, so ../tex/t.png is the
	 * installed p/tex/t.png, which is not there */
	r = convert_in(dir, "package://p/meshes/a.dae", 0, NULL, &t);
	cr_assert_eq(r->rc, U2S_OK, "%s", r->msgs);
	expect_in(t.text, "src/p/meshes/a.dae -> p/meshes/a.dae\n");
	/* t.png is not installed: a warning, the mesh copied */
	expect_in(r->msgs, "warning: image '../tex/t.png' (");
	free(src_xml);
	free(src_mesh);
	free(xml);
	free(mesh);
	remove_tree(dir);
}
