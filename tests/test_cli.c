/* The command line: the built u2s ($U2S, set by `make check`) run on small
 * robots in temporary directories, every option and exit status. */
#include "clitest.h"

#include <expat.h>
#include <regex.h>
#include <signal.h>
#include <sys/sysmacros.h>   /* makedev() */
#include <time.h>

#include "cli_oom.h"
#include "robots.h"
#include "undo.h"

/* Converts with one warning (at 3:3). */
static const char WARNS[] =
	"<robot name='w'>\n"
	"  <link name='base'>" INERTIAL "</link>\n"
	"  <gazebo reference='nowhere'><mu1>1</mu1></gazebo>\n"
	"</robot>\n";

/* ---- harness ------------------------------------------------------------------ */

static char *u2s_path(void)
{
	return program_path("U2S", "u2s");
}

/* $U2S ARGS... in DIR with IN on standard input and ENV applied. */
static struct run u2s_env(const char *dir, const char *in, const char *const *env,
			  const char *const *args)
{
	struct spawn s = { dir, in, env, NULL };
	char *prog = u2s_path();
	struct run r = run_prog(prog, &s, args);

	free(prog);
	return r;
}

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define NOARGS ((const char *const[]){ NULL })
#define U2S(dir, in, ...) u2s_env((dir), (in), NULL, ARGS(__VA_ARGS__))

static void expect_status(const struct run *r, int status)
{
	cr_assert_eq(r->status, status, "exit status %d, expected %d; stderr:\n%s",
		     r->status, status, r->err);
}

static void expect_in(const char *hay, const char *needle, const char *what)
{
	cr_assert_not_null(strstr(hay, needle), "%s lacks \"%s\":\n%s", what, needle, hay);
}

static void expect_not_in(const char *hay, const char *needle, const char *what)
{
	cr_assert_null(strstr(hay, needle), "%s has \"%s\":\n%s", what, needle, hay);
}

static unsigned count(const char *hay, const char *needle)
{
	unsigned n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay += strlen(needle))
		n++;
	return n;
}

static void expect_match(const char *text, const char *pattern)
{
	regex_t re;

	cr_assert_eq(regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB | REG_NEWLINE), 0, "%s", pattern);
	cr_assert_eq(regexec(&re, text, 0, NULL, 0), 0, "no match for /%s/ in:\n%s", pattern, text);
	regfree(&re);
}

/* What u2s writes for TEXT on standard output, for comparing with files. */
static char *converted(const char *text)
{
	struct run r = u2s_env(NULL, text, NULL, NOARGS);
	char *out = r.out;

	expect_status(&r, 0);
	free(r.err);
	return out;
}

/* ---- out of memory ------------------------------------------------------------------ */

/* A robot of N links in DIR/NAME: a chain with visuals, collisions,
 * gazebo blocks and fixed joints, big enough to be read in halves. */
static void write_robot(const char *dir, const char *name, unsigned n)
{
	char *path = path_in(dir, name);
	FILE *f = fopen(path, "w");
	unsigned i;

	cr_assert_not_null(f);
	fprintf(f, "<robot name='big'>\n");
	for (i = 0; i < n; i++) {
		fprintf(f, "  <link name='l%u'>" INERTIAL
			"<visual><geometry><box size='1 2 3'/></geometry></visual>"
			"<collision><origin xyz='0 0 %u'/><geometry><sphere radius='1'/></geometry>"
			"</collision></link>\n", i, i);
		if (i % 3 == 0)
			fprintf(f, "  <gazebo reference='l%u'><mu1>0.5</mu1>"
				"<sensor name='s%u' type='imu'/></gazebo>\n", i, i);
		if (i > 0)
			fprintf(f, "  <joint name='j%u' type='%s'><parent link='l%u'/>"
				"<child link='l%u'/><limit effort='1' velocity='1'/></joint>\n",
				i, i % 4 == 0 ? "fixed" : "revolute", i - 1, i);
	}
	fprintf(f, "</robot>\n");
	cr_assert_eq(fclose(f), 0);
	free(path);
}

/* Whatever the memory it is given, u2s converts, or says "out of memory"
 * with status 3 and writes nothing: never a crash.  The address space is
 * limited (ulimit -v) at steps across the range where a conversion of
 * this robot starts to fit, so that memory runs out in every stage: the
 * two halves of the split reader, joining them, resolving, writing.  A
 * file (read in halves) and a pipe (one stream). */
Test(cli, out_of_memory_is_status_3, .timeout = 300)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	cr_skip_test("the sanitizers reserve more address space than ulimit -v allows");
#else
	char *dir = temp_dir(), *prog = u2s_path();
	unsigned kb, converted = 0, refused = 0;

	write_robot(dir, "big.urdf", 4000);
	/* Fine steps at first, where memory runs out while the file is read:
	 * a message from there once followed a pointer into the reader's
	 * frame, which the jump had left (a crash at some limits only). */
	for (kb = 6000; kb <= 40000; kb += kb < 10000 ? 41 : 850) {
		int pipe_it;
		for (pipe_it = 0; pipe_it < 2; pipe_it++) {
			char script[200];
			struct spawn s = { dir, NULL, NULL, NULL };
			struct run r;
			snprintf(script, sizeof script, pipe_it ?
				 "ulimit -v %u && cat big.urdf | \"$0\"" :
				 "ulimit -v %u && exec \"$0\" big.urdf", kb);
			r = run_prog("/bin/sh", &s, ARGS("-c", script, prog));
			cr_assert(r.status == 0 || r.status == 3, "ulimit -v %u%s: status %d; stderr:\n%s",
				  kb, pipe_it ? ", a pipe" : "", r.status, r.err);
			if (r.status == 3) {
				expect_in(r.err, "error: out of memory", "stderr");
				cr_assert_str_eq(r.out, "", "output after running out of memory");
				refused++;
			} else {
				expect_in(r.out, "</sdf>", "output");
				converted++;
			}
			run_free(&r);
		}
	}
	cr_assert_gt(refused, 0, "memory never ran out: the limits are too high");
	cr_assert_gt(converted, 0, "nothing converted: the limits are too low");
	free(prog);
	remove_tree(dir);
#endif
}

/* ---- standard input and output ---------------------------------------------------- */

Test(cli, stdin_to_stdout)
{
	struct run r = u2s_env(NULL, GOOD, NULL, NOARGS);

	expect_status(&r, 0);
	expect_in(r.out, "<sdf version='1.9'>", "stdout");
	expect_in(r.out, "<model name='r'>", "stdout");
	cr_assert_str_eq(r.err, "");
	run_free(&r);
}

Test(cli, dash_is_stdin)
{
	char *want = converted(GOOD);
	struct run r = U2S(NULL, GOOD, "-");

	expect_status(&r, 0);
	cr_assert_str_eq(r.out, want);
	run_free(&r);
	free(want);
}

Test(cli, one_file_to_stdout)
{
	char *dir = temp_dir(), *want = converted(GOOD);
	struct run r;

	put_file(dir, "robot.urdf", GOOD);
	r = U2S(dir, NULL, "robot.urdf");
	expect_status(&r, 0);
	cr_assert_str_eq(r.out, want);
	run_free(&r);
	free(want);
	remove_tree(dir);
}

Test(cli, messages_name_the_file)
{
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "w.urdf", WARNS);
	r = U2S(dir, NULL, "w.urdf");
	expect_status(&r, 0);
	expect_match(r.err, "^w\\.urdf:3:3: warning: ");
	run_free(&r);
	r = U2S(dir, WARNS, "-");
	expect_match(r.err, "^<stdin>:3:3: warning: ");
	run_free(&r);
	remove_tree(dir);
}

Test(cli, rejected_input_writes_nothing)
{
	struct run r = U2S(NULL, BAD, "-");

	expect_status(&r, 1);
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^<stdin>:3:[0-9]+: error: ");
	run_free(&r);
}

Test(cli, missing_file_is_status_3)
{
	char *dir = temp_dir();
	struct run r = U2S(dir, NULL, "nothere.urdf");

	expect_status(&r, 3);
	expect_in(r.err, "cannot open nothere.urdf", "stderr");
	run_free(&r);
	remove_tree(dir);
}

Test(cli, write_error_is_status_3)
{
	struct spawn s = { NULL, GOOD, NULL, "/dev/full" };
	char *prog = u2s_path();
	struct run r = run_prog(prog, &s, NOARGS);

	expect_status(&r, 3);
	expect_in(r.err, "cannot write", "stderr");
	run_free(&r);
	free(prog);
}

/* ---- -o ----------------------------------------------------------------------------- */

Test(cli, output_file)
{
	char *dir = temp_dir(), *want = converted(GOOD), *got;
	struct run r;

	put_file(dir, "robot.urdf", GOOD);
	r = U2S(dir, NULL, "-o", "robot.sdf", "robot.urdf");
	expect_status(&r, 0);
	cr_assert_str_eq(r.out, "");
	got = read_file(dir, "robot.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, want);
	cr_assert_eq(dir_entries(dir), 2, "only the input and the output");
	run_free(&r);
	free(got);
	/* --output=OUT replaces OUT */
	put_file(dir, "robot.sdf", "old");
	r = U2S(dir, GOOD, "--output=robot.sdf");
	expect_status(&r, 0);
	got = read_file(dir, "robot.sdf");
	cr_assert_str_eq(got, want);
	run_free(&r);
	free(got);
	free(want);
	remove_tree(dir);
}

Test(cli, output_file_untouched_on_failure)
{
	char *dir = temp_dir(), *got;
	struct run r;

	put_file(dir, "bad.urdf", BAD);
	r = U2S(dir, NULL, "-o", "new.sdf", "bad.urdf");
	expect_status(&r, 1);
	cr_assert_not(file_exists(dir, "new.sdf"));
	cr_assert_eq(dir_entries(dir), 1, "no temporary file left");
	run_free(&r);
	put_file(dir, "old.sdf", "old");
	r = U2S(dir, NULL, "-o", "old.sdf", "bad.urdf");
	expect_status(&r, 1);
	got = read_file(dir, "old.sdf");
	cr_assert_str_eq(got, "old");
	cr_assert_eq(dir_entries(dir), 2, "no temporary file left");
	run_free(&r);
	free(got);
	/* a warning under --werror rejects too */
	r = U2S(dir, WARNS, "--werror", "-o", "old.sdf");
	expect_status(&r, 1);
	got = read_file(dir, "old.sdf");
	cr_assert_str_eq(got, "old");
	cr_assert_eq(dir_entries(dir), 2, "no temporary file left");
	run_free(&r);
	free(got);
	remove_tree(dir);
}

Test(cli, output_file_in_missing_directory)
{
	char *dir = temp_dir();
	struct run r = U2S(dir, GOOD, "-o", "nodir/x.sdf");

	expect_status(&r, 3);
	expect_in(r.err, "nodir/x.sdf", "stderr");
	run_free(&r);
	remove_tree(dir);
}

/* -o FIFO writes into the FIFO (a reader gets the SDF) and leaves it a
 * FIFO: the temporary file and rename are for regular files only. */
Test(cli, output_to_fifo_writes_it, .timeout = 120)
{
	char *dir = temp_dir(), *want = converted(GOOD), *fifo = path_in(dir, "pipe.sdf"), *got;
	struct stat st;
	pid_t reader;
	struct run r;
	int status;

	cr_assert_eq(mkfifo(fifo, 0666), 0, "mkfifo: %s", strerror(errno));
	reader = fork();
	cr_assert_geq(reader, 0);
	if (reader == 0) {   /* copies what comes through the FIFO to got.sdf */
		char buf[4096], *to = path_in(dir, "got.sdf");
		int in;
		alarm(60);   /* a u2s that replaced the FIFO never opens it */
		in = open(fifo, O_RDONLY);
		int out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		ssize_t n;
		while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
			if (write(out, buf, (size_t)n) != n)
				_exit(1);
		_exit(in >= 0 && out >= 0 && close(out) == 0 ? 0 : 1);
	}
	r = U2S(dir, GOOD, "-o", "pipe.sdf");
	expect_status(&r, 0);
	cr_assert_eq(waitpid(reader, &status, 0), reader);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	cr_assert_eq(lstat(fifo, &st), 0);
	cr_assert(S_ISFIFO(st.st_mode), "the FIFO was replaced");
	got = read_file(dir, "got.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, want);
	cr_assert_eq(dir_entries(dir), 2, "the FIFO and the copy, no temporary file");
	run_free(&r);
	free(got);
	free(fifo);
	free(want);
	remove_tree(dir);
}

/* -o DEVICE: a device is written, never replaced (as root, renaming over
 * it would replace, say, the system's /dev/null).  Tested on a null
 * device made in a temporary directory, never on /dev/null itself, so that
 * a u2s that gets it wrong breaks nothing; making one takes root. */
Test(cli, output_to_device_writes_it)
{
	char *dir = temp_dir(), *dev = path_in(dir, "null");
	struct stat before, after;
	struct run r;

	if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) != 0) {
		free(dev);
		remove_tree(dir);
		cr_skip_test("cannot make a device node (%s): the test needs root", strerror(errno));
	}
	cr_assert_eq(stat(dev, &before), 0);
	r = U2S(dir, GOOD, "-o", "null");
	expect_status(&r, 0);
	cr_assert_eq(lstat(dev, &after), 0);
	cr_assert(S_ISCHR(after.st_mode), "the device was replaced by a file");
	cr_assert_eq(after.st_rdev, before.st_rdev);
	cr_assert_eq(after.st_ino, before.st_ino);
	cr_assert_eq(dir_entries(dir), 1, "no temporary file left");
	run_free(&r);
	free(dev);
	remove_tree(dir);
}

/* -o over a file with other names (hard links): replaced whole, as any
 * output is, with a warning that the other names keep the old content;
 * -q says nothing. */
Test(cli, output_with_hard_links_is_replaced_and_said)
{
	char *dir = temp_dir(), *want = converted(GOOD), *got, *a, *b;
	struct run r;

	put_file(dir, "out.sdf", "old");
	a = path_in(dir, "out.sdf");
	b = path_in(dir, "other.sdf");
	cr_assert_eq(link(a, b), 0);
	r = U2S(dir, GOOD, "-o", "out.sdf");
	expect_status(&r, 0);
	expect_in(r.err, "out.sdf: warning: had 2 names (hard links)", "stderr");
	expect_in(r.err, "[U2S1064]", "stderr");
	got = read_file(dir, "out.sdf");
	cr_assert_str_eq(got, want);
	free(got);
	got = read_file(dir, "other.sdf");
	cr_assert_str_eq(got, "old");
	free(got);
	run_free(&r);
	cr_assert_eq(unlink(a), 0);
	put_file(dir, "out.sdf", "old");
	cr_assert_eq(unlink(b), 0);
	cr_assert_eq(link(a, b), 0);
	r = U2S(dir, GOOD, "-q", "-o", "out.sdf");
	expect_status(&r, 0);
	cr_assert_str_eq(r.err, "");
	run_free(&r);
	free(a);
	free(b);
	free(want);
	remove_tree(dir);
}

/* -o LINK replaces the file LINK points to (through a chain of links,
 * relative ones read from the link's directory), and LINK stays a link; a
 * link to nothing yet creates its target. */
Test(cli, output_through_symlink_writes_the_target)
{
	char *dir = temp_dir(), *want = converted(GOOD), *got, *p;
	struct stat st;
	struct run r;

	make_dir(dir, "sub");
	put_file(dir, "sub/real.sdf", "old");
	p = path_in(dir, "sub/hop.sdf");
	cr_assert_eq(symlink("real.sdf", p), 0);
	free(p);
	p = path_in(dir, "link.sdf");
	cr_assert_eq(symlink("sub/hop.sdf", p), 0);
	r = U2S(dir, GOOD, "-o", "link.sdf");
	expect_status(&r, 0);
	cr_assert_eq(lstat(p, &st), 0);
	cr_assert(S_ISLNK(st.st_mode), "the link was replaced");
	got = read_file(dir, "sub/real.sdf");
	cr_assert_str_eq(got, want);
	cr_assert_eq(dir_entries(dir), 2, "sub and the link, no temporary file");
	run_free(&r);
	free(got);
	free(p);
	/* dangling: the target is made */
	p = path_in(dir, "dangling.sdf");
	cr_assert_eq(symlink("sub/new.sdf", p), 0);
	r = U2S(dir, GOOD, "-o", "dangling.sdf");
	expect_status(&r, 0);
	cr_assert_eq(lstat(p, &st), 0);
	cr_assert(S_ISLNK(st.st_mode));
	got = read_file(dir, "sub/new.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, want);
	run_free(&r);
	free(got);
	free(p);
	free(want);
	remove_tree(dir);
}

/* A loop of symbolic links is an error: nothing written, no link replaced. */
Test(cli, output_symlink_loop_is_an_error)
{
	char *dir = temp_dir(), *a = path_in(dir, "a.sdf"), *b = path_in(dir, "b.sdf");
	struct stat st;
	struct run r;

	cr_assert_eq(symlink("b.sdf", a), 0);
	cr_assert_eq(symlink("a.sdf", b), 0);
	r = U2S(dir, GOOD, "-o", "a.sdf");
	expect_status(&r, 3);
	expect_in(r.err, "[U2S1063]", "stderr");
	cr_assert_eq(lstat(a, &st), 0);
	cr_assert(S_ISLNK(st.st_mode), "the link was replaced");
	cr_assert_eq(dir_entries(dir), 2, "the two links, no temporary file");
	run_free(&r);
	free(a);
	free(b);
	remove_tree(dir);
}

/* -o over an existing file keeps its permission bits (a new one gets the
 * umask's). */
Test(cli, output_file_keeps_its_mode)
{
	char *dir = temp_dir(), *p = path_in(dir, "robot.sdf");
	struct stat st;
	struct run r;

	put_file(dir, "robot.sdf", "old");
	cr_assert_eq(chmod(p, 0640), 0);
	r = U2S(dir, GOOD, "-o", "robot.sdf");
	expect_status(&r, 0);
	cr_assert_eq(stat(p, &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0640, "mode %o", (unsigned)(st.st_mode & 07777));
	run_free(&r);
	free(p);
	remove_tree(dir);
}

/* The output being the input is refused before anything is read: the
 * input is left as it was. */
Test(cli, output_is_input_refused)
{
	char *dir = temp_dir(), *got, *p;
	struct run r;

	put_file(dir, "robot.urdf", GOOD);
	r = U2S(dir, NULL, "-o", "robot.urdf", "robot.urdf");
	expect_status(&r, 2);
	expect_in(r.err, "[U2S1062]", "stderr");
	got = read_file(dir, "robot.urdf");
	cr_assert_str_eq(got, GOOD);
	free(got);
	run_free(&r);
	/* through a link to it, and with -d */
	p = path_in(dir, "robot.sdf");
	cr_assert_eq(symlink("robot.urdf", p), 0);
	r = U2S(dir, NULL, "-o", "robot.sdf", "robot.urdf");
	expect_status(&r, 2);
	run_free(&r);
	free(p);
	/* -d: FILE x (a link to x.sdf) has the output ./x.sdf */
	put_file(dir, "x.sdf", GOOD);
	p = path_in(dir, "x");
	cr_assert_eq(symlink("x.sdf", p), 0);
	r = U2S(dir, NULL, "-d", ".", "x");
	expect_status(&r, 2);
	got = read_file(dir, "x.sdf");
	cr_assert_str_eq(got, GOOD);
	free(got);
	run_free(&r);
	free(p);
	remove_tree(dir);
}

/* An output name of 248 to 255 bytes: the temporary name beside it is cut
 * to fit NAME_MAX. */
Test(cli, output_name_of_255_bytes)
{
	char *dir = temp_dir(), *want = converted(GOOD), *got, name[256];
	size_t len;

	for (len = 248; len <= 255; len++) {
		struct run r;
		memset(name, 'n', len - 4);
		memcpy(name + len - 4, ".sdf", 5);
		r = U2S(dir, GOOD, "-o", name);
		expect_status(&r, 0);
		got = read_file(dir, name);
		cr_assert_not_null(got, "%zu bytes: no output", len);
		cr_assert_str_eq(got, want);
		cr_assert_eq(dir_entries(dir), len - 247, "no temporary file left");
		run_free(&r);
		free(got);
	}
	free(want);
	remove_tree(dir);
}

/* ---- -d ------------------------------------------------------------------------------ */

/* -d DIR that does not exist is made, as mkdir -p would. */
Test(cli, batch_makes_its_directory)
{
	char *dir = temp_dir(), *want = converted(GOOD), *got;
	struct run r;

	put_file(dir, "a.urdf", GOOD);
	r = U2S(dir, NULL, "-d", "out/deep/er/", "a.urdf");
	expect_status(&r, 0);
	got = read_file(dir, "out/deep/er/a.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, want);
	run_free(&r);
	free(got);
	free(want);
	remove_tree(dir);
}

Test(cli, batch_goes_on_past_failures)
{
	char *dir = temp_dir(), *want = converted(GOOD), *warned = converted(WARNS), *got;
	struct run r;

	put_file(dir, "in/a.urdf", GOOD);
	put_file(dir, "in/b.urdf", BAD);
	put_file(dir, "in/c.urdf", WARNS);
	make_dir(dir, "out");
	r = U2S(dir, NULL, "-d", "out", "in/a.urdf", "in/b.urdf", "in/missing.urdf", "in/c.urdf");
	expect_status(&r, 3);
	got = read_file(dir, "out/a.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, want);
	free(got);
	got = read_file(dir, "out/c.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, warned);
	free(got);
	cr_assert_not(file_exists(dir, "out/b.sdf"));
	cr_assert_not(file_exists(dir, "out/missing.sdf"));
	cr_assert_eq(dir_entries(dir), 2, "in and out only");
	{
		char *out = path_in(dir, "out");
		cr_assert_eq(dir_entries(out), 2, "a.sdf and c.sdf, no temporary file");
		free(out);
	}
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^in/b\\.urdf:3:[0-9]+: error: ");
	expect_in(r.err, "cannot open in/missing.urdf", "stderr");
	expect_match(r.err, "^in/c\\.urdf:3:3: warning: ");
	expect_match(r.err, "^u2s: 2 of 4 files failed \\[U2S1023\\]$");
	run_free(&r);
	free(want);
	free(warned);
	remove_tree(dir);
}

Test(cli, batch_status_is_the_highest)
{
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "a.urdf", GOOD);
	put_file(dir, "b.urdf", BAD);
	put_file(dir, "c.urdf", WARNS);
	make_dir(dir, "out");
	r = U2S(dir, NULL, "-d", "out", "a.urdf", "c.urdf");
	expect_status(&r, 0);
	expect_not_in(r.err, "failed", "stderr");
	run_free(&r);
	r = U2S(dir, NULL, "-d", "out/", "b.urdf", "a.urdf");
	expect_status(&r, 1);
	expect_match(r.err, "^u2s: 1 of 2 files failed \\[U2S1023\\]$");
	run_free(&r);
	r = U2S(dir, NULL, "--output-dir=out", "nothere.urdf", "b.urdf");
	expect_status(&r, 3);
	run_free(&r);
	r = U2S(dir, NULL, "-d", "out", "c.urdf", "--werror");
	expect_status(&r, 1);
	run_free(&r);
	remove_tree(dir);
}

Test(cli, batch_output_names)
{
	static const char *const names[][2] = {
		{ "a.urdf", "a.sdf" }, { "B.URDF", "B.sdf" }, { "c.xml", "c.sdf" },
		{ "d.urdf.xacro", "d.urdf.xacro.sdf" }, { "e", "e.sdf" },
		{ "f.v2.urdf", "f.v2.sdf" }, { ".urdf", ".urdf.sdf" }, { "g.sdf", "g.sdf.sdf" },
	};
	char *dir = temp_dir(), *out;
	const char *args[32] = { "-d", "../out" };
	unsigned i, n = sizeof names / sizeof *names;
	struct run r;

	make_dir(dir, "out");
	for (i = 0; i < n; i++) {
		char *sub = path_in("in", names[i][0]);
		put_file(dir, sub, GOOD);
		free(sub);
		args[2 + i] = names[i][0];
	}
	out = path_in(dir, "in");
	r = u2s_env(out, NULL, NULL, args);
	free(out);
	expect_status(&r, 0);
	for (i = 0; i < n; i++) {
		char *name = path_in("out", names[i][1]);
		cr_assert(file_exists(dir, name), "%s should give %s", names[i][0], name);
		free(name);
	}
	out = path_in(dir, "out");
	cr_assert_eq(dir_entries(out), n);
	free(out);
	run_free(&r);
	remove_tree(dir);
}

Test(cli, batch_same_output_twice)
{
	char *dir = temp_dir(), *want = converted(GOOD), *got;
	struct run r;

	put_file(dir, "x/arm.urdf", GOOD);
	put_file(dir, "y/arm.xml", WARNS);
	put_file(dir, "z.urdf", GOOD);
	put_file(dir, "w/ARM.urdf", BAD);
	put_file(dir, "v/arm.URDF", BAD);
	make_dir(dir, "out");
	r = U2S(dir, NULL, "-d", "out", "x/arm.urdf", "w/ARM.urdf", "y/arm.xml", "z.urdf",
		"v/arm.URDF");
	expect_status(&r, 2);
	cr_assert(file_exists(dir, "out/ARM.sdf") == 0, "w/ARM.urdf is rejected");
	expect_in(r.err, "u2s: v/arm.URDF: not converted: out/arm.sdf is the output of x/arm.urdf",
		  "stderr");
	expect_match(r.err, "^u2s: 3 of 5 files failed \\[U2S1023\\]$");
	got = read_file(dir, "out/arm.sdf");
	cr_assert_not_null(got);
	cr_assert_str_eq(got, want, "the first FILE's output stays");
	cr_assert(file_exists(dir, "out/z.sdf"), "goes on after the conflict");
	expect_in(r.err, "u2s: y/arm.xml: not converted: out/arm.sdf is the output of x/arm.urdf",
		  "stderr");
	expect_not_in(r.err, "warning", "stderr (y/arm.xml is not read)");
	run_free(&r);
	free(got);
	free(want);
	remove_tree(dir);
}

Test(cli, batch_without_files_does_nothing)
{
	char *dir = temp_dir();
	struct run r = U2S(dir, GOOD, "-d", ".");

	expect_status(&r, 0);
	cr_assert_str_eq(r.out, "");
	cr_assert_str_eq(r.err, "");
	cr_assert_eq(dir_entries(dir), 0);
	run_free(&r);
	remove_tree(dir);
}

/* Waits up to 10 s for an entry of DIR whose name starts with PREFIX. */
static int wait_for_entry(const char *dir, const char *prefix)
{
	int tries;

	for (tries = 0; tries < 1000; tries++) {
		DIR *d = opendir(dir);
		struct dirent *e;
		int found = 0;

		cr_assert_not_null(d);
		while ((e = readdir(d)) != NULL)
			found |= strncmp(e->d_name, prefix, strlen(prefix)) == 0;
		closedir(d);
		if (found)
			return 1;
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	}
	return 0;
}

/* Opens FIFO for writing once PID has opened it for reading: waits up to
 * 10 s, and fails at once if PID ends first (it could not start). */
static int open_fifo_writer(const char *fifo, pid_t pid)
{
	int tries, fd;

	for (tries = 0; tries < 1000; tries++) {
		fd = open(fifo, O_WRONLY | O_NONBLOCK);
		if (fd >= 0) {
			cr_assert_eq(fcntl(fd, F_SETFL, 0), 0);
			return fd;
		}
		cr_assert_eq(errno, ENXIO, "open %s: %s", fifo, strerror(errno));
		cr_assert_eq(waitpid(pid, NULL, WNOHANG), 0, "u2s ended before reading");
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	}
	cr_assert_fail("u2s did not open %s in 10 s", fifo);
	return -1;
}

/* u2s -o OUT killed while it reads (its input a FIFO that is half
 * written): it dies of the signal and leaves neither OUT nor its
 * temporary file. */
static void killed_while_writing(int sig, const char *opt, const char *out,
				 const char *temp_prefix)
{
	int batch = strcmp(opt, "-d") == 0;
	char *dir = temp_dir(), *prog = u2s_path(), *fifo = path_in(dir, "in.urdf");
	char *temp_dir_path = batch ? path_in(dir, out) : strdup(dir);
	const char *args[] = { opt, out, "in.urdf", NULL };
	struct spawn s = { dir, NULL, NULL, NULL };
	int out_fd = temp_fd(), err_fd = temp_fd(), w;
	pid_t pid;

	if (batch)
		make_dir(dir, out);
	cr_assert_eq(mkfifo(fifo, 0600), 0, "mkfifo: %s", strerror(errno));
	pid = spawn_prog(prog, &s, args, out_fd, err_fd);
	w = open_fifo_writer(fifo, pid);
	cr_assert_eq(write(w, "<robot name='r'>\n", 17), 17);
	cr_assert(wait_for_entry(temp_dir_path, temp_prefix),
		  "no temporary file %s* appeared", temp_prefix);
	cr_assert_eq(kill(pid, sig), 0);
	/* End of input too: if the signal did nothing, u2s ends (rejecting
	 * the half robot) and the status below says so, instead of a hang. */
	close(w);
	cr_assert_eq(wait_status(pid), 128 + sig, "u2s dies of the signal");
	cr_assert_eq(dir_entries(dir), batch ? 2u : 1u, "only the input (and -d's directory) stays");
	if (batch)
		cr_assert_eq(dir_entries(temp_dir_path), 0, "nothing in the -d directory");
	close(out_fd);
	close(err_fd);
	free(temp_dir_path);
	free(fifo);
	free(prog);
	remove_tree(dir);
}

Test(cli, killed_output_leaves_no_temporary_file)
{
	killed_while_writing(SIGTERM, "-o", "robot.sdf", ".robot.sdf.");
	killed_while_writing(SIGHUP, "-o", "robot.sdf", ".robot.sdf.");
	killed_while_writing(SIGTERM, "-d", "out", ".in.sdf.");
}

/* Many u2s at once into one directory, as xargs -P does, each converting
 * every file: all succeed, every output is whole, no temporary file stays. */
Test(cli, batch_runs_in_parallel)
{
	enum { NPROC = 6, NFILES = 8 };
	char *dir = temp_dir(), *prog = u2s_path(), *want = converted(GOOD), *out;
	const char *args[NFILES + 3] = { "-d", "out" };
	struct spawn s = { dir, NULL, NULL, NULL };
	char names[NFILES][16];
	pid_t pids[NPROC];
	int fds[NPROC][2], i;

	make_dir(dir, "out");
	for (i = 0; i < NFILES; i++) {
		snprintf(names[i], sizeof names[i], "r%d.urdf", i);
		put_file(dir, names[i], GOOD);
		args[2 + i] = names[i];
	}
	for (i = 0; i < NPROC; i++) {
		fds[i][0] = temp_fd();
		fds[i][1] = temp_fd();
		pids[i] = spawn_prog(prog, &s, args, fds[i][0], fds[i][1]);
	}
	for (i = 0; i < NPROC; i++) {
		size_t len;
		int status = wait_status(pids[i]);
		char *err = slurp(fds[i][1], &len);
		cr_assert_eq(status, 0, "run %d: status %d:\n%s", i, status, err);
		free(err);
		close(fds[i][0]);
		close(fds[i][1]);
	}
	for (i = 0; i < NFILES; i++) {
		char *name = path_in("out", names[i]), *got;
		strcpy(name + strlen(name) - strlen("urdf"), "sdf");
		got = read_file(dir, name);
		cr_assert_not_null(got, "%s", name);
		cr_assert_str_eq(got, want, "%s", name);
		free(got);
		free(name);
	}
	out = path_in(dir, "out");
	cr_assert_eq(dir_entries(out), NFILES, "no temporary file left");
	free(out);
	free(want);
	free(prog);
	remove_tree(dir);
}

/* ---- --check ----------------------------------------------------------------------- */

Test(cli, check_writes_nothing)
{
	static const char *const here[] = { "GZ_SIM_RESOURCE_PATH=.", NULL };
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "a.urdf", GOOD);
	put_file(dir, "b.urdf", BAD);
	put_file(dir, "c.urdf", WARNS);
	/* --check looks GOOD's meshes up as gz-sim does */
	r = U2S(dir, NULL, "--check", "a.urdf");
	expect_status(&r, 0);
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^a\\.urdf:3:[0-9]+: warning: mesh 'model://pkg_a/meshes/base.stl' .*"
		     "GZ_SIM_RESOURCE_PATH.*\\[U2S1205\\]$");
	run_free(&r);
	make_dir(dir, "pkg_a");
	make_dir(dir, "pkg_a/meshes");
	make_dir(dir, "pkg_b");
	put_file(dir, "pkg_a/meshes/base.stl", "");
	put_file(dir, "pkg_a/meshes/cam.dae", "");
	put_file(dir, "pkg_b/base.stl", "");
	r = u2s_env(dir, NULL, here, ARGS("--check", "a.urdf"));
	expect_status(&r, 0);
	cr_assert_str_eq(r.out, "");
	cr_assert_str_eq(r.err, "");
	run_free(&r);
	r = U2S(dir, BAD, "--check");
	expect_status(&r, 1);
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^<stdin>:3:[0-9]+: error: ");
	run_free(&r);
	/* several FILEs need no -d; the status is the highest */
	r = U2S(dir, NULL, "--check", "a.urdf", "b.urdf", "c.urdf");
	expect_status(&r, 1);
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^b\\.urdf:3:[0-9]+: error: ");
	expect_match(r.err, "^c\\.urdf:3:3: warning: ");
	expect_match(r.err, "^u2s: 1 of 3 files failed \\[U2S1023\\]$");
	run_free(&r);
	r = U2S(dir, NULL, "--check", "--werror", "a.urdf", "c.urdf");
	expect_status(&r, 1);
	expect_match(r.err, "^c\\.urdf:3:3: error: ");
	run_free(&r);
	cr_assert_eq(dir_entries(dir), 5, "nothing written");
	remove_tree(dir);
}

/* ---- --stats ----------------------------------------------------------------------- */

#define STATS_GOOD "3 links, 2 joints in; 2 links, 1 joints, 2 frames out; 1 merged; " \
	"[0-9]+\\.[0-9] ms$"

Test(cli, stats_line)
{
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "robot.urdf", GOOD);
	r = U2S(dir, NULL, "--stats", "robot.urdf");
	expect_status(&r, 0);
	expect_match(r.err, "^robot\\.urdf: " STATS_GOOD);
	cr_assert_eq(count(r.err, "\n"), 1, "one line:\n%s", r.err);
	run_free(&r);
	r = U2S(dir, GOOD, "-v");
	expect_status(&r, 0);
	expect_match(r.err, "^<stdin>: " STATS_GOOD);
	run_free(&r);
	r = U2S(dir, GOOD, "-v", "--preserve-fixed-joints");
	expect_match(r.err, "^<stdin>: 3 links, 2 joints in; 3 links, 2 joints, 0 frames out; "
		     "0 merged; [0-9]+\\.[0-9] ms$");
	run_free(&r);
	r = U2S(dir, GOOD, "-v", "--check");
	expect_status(&r, 0);
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^<stdin>: " STATS_GOOD);
	run_free(&r);
	remove_tree(dir);
}

Test(cli, stats_per_file_and_not_for_rejected)
{
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "a.urdf", GOOD);
	put_file(dir, "b.urdf", BAD);
	make_dir(dir, "out");
	r = U2S(dir, NULL, "-v", "-d", "out", "a.urdf", "b.urdf", "a.urdf");
	expect_status(&r, 2);
	expect_match(r.err, "^a\\.urdf: " STATS_GOOD);
	cr_assert_eq(count(r.err, " links, "), 2, "one stats line:\n%s", r.err);
	expect_not_in(r.err, "b.urdf: ", "stderr");
	run_free(&r);
	remove_tree(dir);
}

/* ---- messages -------------------------------------------------------------------- */

Test(cli, quiet_and_werror)
{
	struct run r = U2S(NULL, WARNS, "-q");

	expect_status(&r, 0);
	cr_assert_str_eq(r.err, "");
	expect_in(r.out, "<model name='w'>", "stdout");
	run_free(&r);
	r = U2S(NULL, WARNS, "--quiet");
	cr_assert_str_eq(r.err, "");
	run_free(&r);
	r = U2S(NULL, WARNS, "--werror");
	expect_status(&r, 1);
	cr_assert_str_eq(r.out, "");
	expect_match(r.err, "^<stdin>:3:3: error: ");
	run_free(&r);
}

Test(cli, preserve_fixed_joints)
{
	struct run r = U2S(NULL, GOOD, "--preserve-fixed-joints");

	expect_status(&r, 0);
	expect_in(r.out, "<joint name='j2' type='fixed'>", "stdout");
	expect_in(r.out, "<link name='cam'>", "stdout");
	run_free(&r);
	r = U2S(NULL, GOOD, "-");
	expect_not_in(r.out, "<joint name='j2'", "stdout");
	expect_in(r.out, "<frame name='j2' attached_to='arm'>", "stdout");
	run_free(&r);
}

/* ---- mesh URIs --------------------------------------------------------------------- */

Test(cli, uri_mode_model_is_the_default)
{
	struct run r = U2S(NULL, GOOD, "-");

	expect_status(&r, 0);
	expect_in(r.out, "<uri>model://pkg_a/meshes/base.stl</uri>", "stdout");
	expect_in(r.out, "<uri>model://pkg_b/base.stl</uri>", "stdout");
	expect_in(r.out, "<uri>model://pkg_a/meshes/cam.dae</uri>", "stdout");
	run_free(&r);
	r = U2S(NULL, GOOD, "--uri-mode=model");
	expect_status(&r, 0);
	expect_in(r.out, "<uri>model://pkg_a/meshes/base.stl</uri>", "stdout");
	cr_assert_str_eq(r.err, "");
	run_free(&r);
}

/* --sdf-version picks the version written, any of the library's list
 * (u2s_sdf_versions()); the first when not given. */
Test(cli, sdf_version)
{
	const char *const *v = u2s_sdf_versions();
	char opt[64], want[64], list[256] = "";
	struct run r;

	for (; *v; v++) {
		snprintf(opt, sizeof opt, "--sdf-version=%s", *v);
		snprintf(want, sizeof want, "<sdf version='%s'>", *v);
		r = U2S(NULL, GOOD, opt);
		expect_status(&r, 0);
		expect_in(r.out, want, "stdout");
		run_free(&r);
		r = U2S(NULL, GOOD, "--sdf-version", *v);
		expect_status(&r, 0);
		expect_in(r.out, want, "stdout");
		run_free(&r);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 list[0] ? ", " : "", *v);
	}
	snprintf(want, sizeof want, "<sdf version='%s'>", u2s_sdf_versions()[0]);
	r = u2s_env(NULL, GOOD, NULL, NOARGS);
	expect_in(r.out, want, "stdout");
	run_free(&r);
	r = U2S(NULL, GOOD, "--sdf-version=2");
	expect_status(&r, 2);
	snprintf(opt, sizeof opt, "--sdf-version: '2' is not one of %s", list);
	expect_in(r.err, opt, "stderr");
	run_free(&r);
}

Test(cli, uri_mode_keep)
{
	struct run r = U2S(NULL, GOOD, "--uri-mode", "keep");

	expect_status(&r, 0);
	expect_in(r.out, "<uri>package://pkg_a/meshes/base.stl</uri>", "stdout");
	expect_in(r.out, "<uri>package://pkg_b/base.stl</uri>", "stdout");
	expect_in(r.out, "<uri>package://pkg_a/meshes/cam.dae</uri>", "stdout");
	expect_not_in(r.out, "model://", "stdout");
	run_free(&r);
}

/* "<uri>file://REALPATH(DIR/SUB)/REST</uri>" */
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

static void expect_file_uris(const struct run *r, const char *dir, const char *a, const char *b)
{
	char *uri;

	expect_status(r, 0);
	cr_assert_str_eq(r->err, "");
	uri = file_uri(dir, a, "/meshes/base.stl");
	expect_in(r->out, uri, "stdout");
	free(uri);
	uri = file_uri(dir, a, "/meshes/cam.dae");
	expect_in(r->out, uri, "stdout");
	free(uri);
	uri = file_uri(dir, b, "/base.stl");
	expect_in(r->out, uri, "stdout");
	free(uri);
	expect_not_in(r->out, "model://", "stdout");
	expect_not_in(r->out, "package://", "stdout");
}

Test(cli, uri_mode_file_package_path)
{
	char *dir = temp_dir();
	struct run r;

	make_dir(dir, "pa");
	make_dir(dir, "pb");
	r = U2S(dir, GOOD, "--uri-mode=file", "--package-path", "pkg_a=pa",
		"--package-path=pkg_b=pb");
	expect_file_uris(&r, dir, "pa", "pb");
	run_free(&r);
	remove_tree(dir);
}

Test(cli, uri_mode_file_ros_package_path)
{
	char *dir = temp_dir(), *env;
	struct run r;

	put_file(dir, "ws/src/repo/pkg_a/package.xml", "<package/>");
	put_file(dir, "other/pkg_b/manifest.xml", "<package/>");
	env = malloc(strlen(dir) * 2 + 64);
	sprintf(env, "ROS_PACKAGE_PATH=%s/ws/src:%s/other/pkg_b", dir, dir);
	r = u2s_env(NULL, GOOD, ARGS(env), ARGS("--uri-mode=file"));
	expect_file_uris(&r, dir, "ws/src/repo/pkg_a", "other/pkg_b");
	run_free(&r);
	free(env);
	remove_tree(dir);
}

Test(cli, uri_mode_file_ament_prefix_path)
{
	char *dir = temp_dir(), *env;
	struct run r;

	put_file(dir, "install/share/pkg_a/package.xml", "<package/>");
	put_file(dir, "ros/share/pkg_b/package.xml", "<package/>");
	env = malloc(strlen(dir) * 3 + 64);
	sprintf(env, "AMENT_PREFIX_PATH=%s/nothing:%s/install:%s/ros", dir, dir, dir);
	r = u2s_env(NULL, GOOD, ARGS(env), ARGS("--uri-mode=file"));
	expect_file_uris(&r, dir, "install/share/pkg_a", "ros/share/pkg_b");
	run_free(&r);
	free(env);
	remove_tree(dir);
}

/* --package-path before ROS_PACKAGE_PATH before AMENT_PREFIX_PATH. */
Test(cli, uri_mode_file_search_order)
{
	char *dir = temp_dir(), *ros, *ament;
	struct run r;

	put_file(dir, "explicit/pkg_a/package.xml", "");
	put_file(dir, "ros/pkg_a/package.xml", "");
	put_file(dir, "ros/pkg_b/package.xml", "");
	put_file(dir, "ament/share/pkg_a/package.xml", "");
	put_file(dir, "ament/share/pkg_b/package.xml", "");
	ros = malloc(strlen(dir) + 64);
	sprintf(ros, "ROS_PACKAGE_PATH=%s/ros", dir);
	ament = malloc(strlen(dir) + 64);
	sprintf(ament, "AMENT_PREFIX_PATH=%s/ament", dir);
	r = u2s_env(dir, GOOD, ARGS(ros, ament),
		    ARGS("--uri-mode=file", "--package-path=pkg_a=explicit/pkg_a"));
	expect_file_uris(&r, dir, "explicit/pkg_a", "ros/pkg_b");
	run_free(&r);
	r = u2s_env(dir, GOOD, ARGS(ament), ARGS("--uri-mode=file"));
	expect_file_uris(&r, dir, "ament/share/pkg_a", "ament/share/pkg_b");
	run_free(&r);
	free(ros);
	free(ament);
	remove_tree(dir);
}

/* Meshes inside <gazebo> blocks: a visual a block gives every visual of
 * its link (reference='base'), a link of a model-level block, one of a
 * block on the lumped link cam (written in arm), and one of a block that
 * names nothing (not written, so never looked up). */
static const char BLOB_MESHES[] =
	"<robot name='r'>\n"
	"  <link name='base'>" INERTIAL "\n"
	"    <visual><geometry><mesh filename='package://pkg_a/meshes/base.stl'/></geometry></visual>\n"
	"  </link>\n"
	"  <link name='arm'>" INERTIAL "</link>\n"
	"  <link name='cam'>" INERTIAL "<visual><geometry><box size='1 1 1'/></geometry></visual>"
	"</link>\n"
	"  <joint name='j1' type='revolute'><parent link='base'/><child link='arm'/>"
	"<limit lower='-1' upper='1' effort='1' velocity='1'/></joint>\n"
	"  <joint name='j2' type='fixed'><parent link='arm'/><child link='cam'/></joint>\n"
	"  <gazebo reference='base'><visual><geometry><mesh>"
	"<uri>package://pkg_a/meshes/v.stl</uri></mesh></geometry></visual></gazebo>\n"
	"  <gazebo><link name='extra'><collision name='c'><geometry><mesh>"
	"<uri> package://pkg_b/extra.stl </uri></mesh></geometry></collision></link></gazebo>\n"
	"  <gazebo reference='cam'><visual><geometry><mesh><uri>package://pkg_a/meshes/cam.dae</uri></mesh></geometry>"
	"</visual></gazebo>\n"
	"  <gazebo reference='nothing'><visual><geometry><mesh>"
	"<uri>package://pkg_c/gone.stl</uri></mesh></geometry></visual></gazebo>\n"
	"</robot>\n";

/* --uri-mode=file maps a block's mesh as it maps a visual's; the default
 * mode copies blocks as libsdformat does, verbatim. */
Test(cli, uri_mode_file_maps_meshes_of_gazebo_blocks)
{
	char *dir = temp_dir(), *uri;
	struct run r;

	make_dir(dir, "pa");
	make_dir(dir, "pb");
	r = U2S(dir, BLOB_MESHES, "--uri-mode=file", "--package-path=pkg_a=pa",
		"--package-path=pkg_b=pb");
	expect_status(&r, 0);
	/* the block for nothing: said, and its pkg_c not looked for */
	expect_match(r.err, "^<stdin>:12:3: warning: <gazebo reference='nothing'> names no link");
	cr_assert_eq(count(r.err, "warning"), 1, "one warning:\n%s", r.err);
	uri = file_uri(dir, "pa", "/meshes/v.stl");
	expect_in(r.out, uri, "stdout");
	free(uri);
	uri = file_uri(dir, "pb", "/extra.stl");
	expect_in(r.out, uri, "stdout");
	free(uri);
	uri = file_uri(dir, "pa", "/meshes/cam.dae");
	expect_in(r.out, uri, "stdout");
	free(uri);
	expect_not_in(r.out, "package://", "stdout");
	run_free(&r);
	r = U2S(dir, BLOB_MESHES, "-");
	expect_status(&r, 0);
	expect_in(r.out, "<uri>model://pkg_a/meshes/base.stl</uri>", "stdout");
	expect_in(r.out, "<uri>package://pkg_a/meshes/v.stl</uri>", "stdout");
	expect_in(r.out, "<uri> package://pkg_b/extra.stl </uri>", "stdout");
	run_free(&r);
	remove_tree(dir);
}

Test(cli, uri_mode_file_unknown_package)
{
	char *dir = temp_dir(), *env;
	struct run r;

	put_file(dir, "ros/pkg_b/package.xml", "");
	env = malloc(strlen(dir) + 64);
	sprintf(env, "ROS_PACKAGE_PATH=%s/ros", dir);
	r = u2s_env(NULL, GOOD, ARGS(env), ARGS("--uri-mode=file"));
	expect_status(&r, 0);
	/* one warning for pkg_a, at its first <mesh>, though two meshes name it */
	expect_match(r.err, "^<stdin>:3:23: warning: package 'pkg_a' .*ROS_PACKAGE_PATH");
	cr_assert_eq(count(r.err, "warning"), 1, "one warning:\n%s", r.err);
	expect_in(r.out, "<uri>model://pkg_a/meshes/base.stl</uri>", "stdout");
	expect_in(r.out, "<uri>model://pkg_a/meshes/cam.dae</uri>", "stdout");
	expect_in(r.out, "/ros/pkg_b/base.stl</uri>", "stdout");
	run_free(&r);
	/* neither found: two warnings, each at its package's first <mesh> */
	r = U2S(NULL, GOOD, "--uri-mode=file");
	expect_status(&r, 0);
	expect_match(r.err, "^<stdin>:3:23: warning: package 'pkg_a'");
	expect_match(r.err, "^<stdin>:4:26: warning: package 'pkg_b'");
	cr_assert_eq(count(r.err, "warning"), 2, "two warnings:\n%s", r.err);
	run_free(&r);
	r = U2S(NULL, GOOD, "--uri-mode=file", "--werror");
	expect_status(&r, 1);
	cr_assert_str_eq(r.out, "");
	run_free(&r);
	free(env);
	remove_tree(dir);
}

/* ---- usage ------------------------------------------------------------------------- */

Test(cli, usage_errors)
{
	static const char *const cases[][6] = {
		{ "--bogus" },
		{ "-x" },
		{ "-o" },
		{ "a.urdf", "b.urdf" },
		{ "-o", "x.sdf", "-d", ".", "a.urdf" },
		{ "--check", "-o", "x.sdf", "a.urdf" },
		{ "--check", "-d", ".", "a.urdf" },
		{ "-d", "a.urdf/nodir", "a.urdf" },
		{ "-d", "a.urdf", "a.urdf" },
		{ "-d", ".", "-" },
		{ "--uri-mode=nope" },
		{ "--uri-mode" },
		{ "--package-path=pkg_a=." },
		{ "--uri-mode=file", "--package-path=pkg_a" },
		{ "--uri-mode=file", "--package-path==." },
		{ "--uri-mode=file", "--package-path=pkg_a=" },
		{ "--uri-mode=file", "--package-path=a/b=." },
		{ "--uri-mode=file", "--package-path=pkg_a=nodir" },
		{ "--help=yes" },
		{ "--sdf-version=1.10", "a.urdf" },
		{ "--sdf-version", "2", "a.urdf" },
		{ "--sdf-version=", "a.urdf" },
		{ "--sdf-version" },
		{ "--repair-mass=0.5", "a.urdf" },
		{ "--repair", "--repair-mass=0", "a.urdf" },
		{ "--repair", "--repair-mass=-1", "a.urdf" },
		{ "--repair", "--repair-mass=1kg", "a.urdf" },
		{ "--repair", "--repair-mass=inf", "a.urdf" },
		/* subnormal: the SDF would say 0 */
		{ "--repair", "--repair-mass=1e-320", "a.urdf" },
		{ "--repair", "--repair-mass=2.2e-308", "a.urdf" },
	};
	char *dir = temp_dir();
	unsigned i;

	put_file(dir, "a.urdf", GOOD);
	put_file(dir, "b.urdf", GOOD);
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct run r = u2s_env(dir, GOOD, NULL, cases[i]);
		cr_expect_eq(r.status, 2, "case %u (%s %s): status %d:\n%s", i, cases[i][0],
			     cases[i][1] ? cases[i][1] : "", r.status, r.err);
		cr_expect_str_eq(r.out, "", "case %u", i);
		cr_expect_not_null(strstr(r.err, "Try 'u2s --help'"), "case %u:\n%s", i, r.err);
		run_free(&r);
	}
	cr_assert_eq(dir_entries(dir), 2, "nothing written");
	remove_tree(dir);
}

Test(cli, help)
{
	static const char *const options[] = {
		"-o, --output=OUT", "-d, --output-dir=DIR", "--check", "-v, --stats",
		"--uri-mode=MODE", "--package-path=NAME=DIR", "--preserve-fixed-joints",
		"--sdf-version=V", "--repair",
		"--repair-mass=KG",
		"-q, --quiet", "--werror", "-h, --help", "-V, --version", "ROS_PACKAGE_PATH",
		"AMENT_PREFIX_PATH", "Exit status: 0", "1 input rejected", "2 usage error",
		"3 cannot read", "xacro robot.xacro | u2s --world -o robot.sdf && gz sim robot.sdf",
		"--world[=NAME]", "--no-ground", "--pose X Y Z ROLL PITCH YAW",
		"GZ_SIM_RESOURCE_PATH",
		"find . -name '*.urdf' -print0 | xargs -0 -P8 u2s -d out/",
	};
	struct run r = U2S(NULL, NULL, "--help");
	unsigned i;

	expect_status(&r, 0);
	cr_assert_str_eq(r.err, "");
	for (i = 0; i < sizeof options / sizeof *options; i++)
		expect_in(r.out, options[i], "--help");
	expect_not_in(r.out, "gz sim -", "--help");   /* no gz sim reads standard input */
	{   /* the versions, as the library lists them */
		const char *const *v = u2s_sdf_versions();
		char list[256] = "one of:";
		for (; *v; v++)
			snprintf(list + strlen(list), sizeof list - strlen(list), " %s", *v);
		expect_in(r.out, list, "--help");
	}
	run_free(&r);
	r = U2S(NULL, NULL, "-h");
	expect_status(&r, 0);
	expect_in(r.out, "Usage: u2s [OPTION]... [FILE]...", "-h");
	run_free(&r);
}

Test(cli, version)
{
	struct run r = U2S(NULL, NULL, "--version");

	expect_status(&r, 0);
	expect_match(r.out, "^u2s [0-9]+\\.[0-9]+\\.[0-9]+$");
	run_free(&r);
	r = U2S(NULL, NULL, "-V");
	expect_status(&r, 0);
	expect_match(r.out, "^u2s [0-9]");
	run_free(&r);
}

/* ---- the embedding example (examples/embed.c, built against libu2s.a) --------- */

Test(cli, embed_example)
{
	char *prog = program_path("U2S_EMBED", "examples/embed");
	struct spawn s = { NULL, NULL, NULL, NULL };
	char *dir = temp_dir();
	char *file = path_in(dir, "robot.urdf");
	struct run r;

	put_file(dir, "robot.urdf", GOOD);
	r = run_prog(prog, &s, ARGS(file));
	expect_status(&r, 0);
	expect_in(r.out, "<uri>package://pkg_a/meshes/base.stl</uri>", "stdout");
	expect_in(r.err, "embed: 2 links and 1 joints written, 0 warnings", "stderr");
	run_free(&r);
	put_file(dir, "robot.urdf", WARNS);
	r = run_prog(prog, &s, ARGS(file));
	expect_status(&r, 0);
	expect_match(r.err, "^embed: .*/robot\\.urdf:3:3: warning: ");
	expect_in(r.err, "1 warnings", "stderr");
	run_free(&r);
	put_file(dir, "robot.urdf", BAD);
	r = run_prog(prog, &s, ARGS(file));
	expect_status(&r, 1);
	cr_assert_str_eq(r.out, "");
	run_free(&r);
	free(file);
	free(prog);
	remove_tree(dir);
}

/* ---- --world, --pose ------------------------------------------------------------------ */

Test(cli, world_and_pose)
{
	struct run r = U2S(NULL, GOOD, "--world", "--pose", "1", "-2", "0.5", "0", "0", "1.5");

	expect_status(&r, 0);
	expect_in(r.out, "<world name='", "stdout");
	expect_in(r.out, "<model name='ground_plane'>", "stdout");
	expect_in(r.out, "<pose>1 -2 0.5 0 0 1.5</pose>\n  </model>\n  </world>\n", "stdout");
	run_free(&r);
	r = U2S(NULL, GOOD, "--world=lab", "--no-ground", "--pose=1,2,3,0,0,0");
	expect_status(&r, 0);
	expect_in(r.out, "<world name='lab'>", "stdout");
	expect_not_in(r.out, "ground_plane", "stdout");
	expect_in(r.out, "<pose>1 2 3 0 0 0</pose>", "stdout");
	run_free(&r);
}

/* A bad --pose or --world=NAME is a usage error naming the argument, and
 * nothing is written. */
Test(cli, world_and_pose_usage_errors)
{
	struct run r = U2S(NULL, GOOD, "--pose", "1", "2", "3");

	expect_status(&r, 2);
	cr_assert_str_eq(r.out, "");
	expect_in(r.err, "--pose", "stderr");
	expect_in(r.err, "[U2S1033]", "stderr");
	run_free(&r);
	r = U2S(NULL, GOOD, "--pose", "1", "2", "3", "4", "5", "inf");
	expect_status(&r, 2);
	cr_assert_str_eq(r.out, "");
	expect_in(r.err, "5 inf is not 6 finite numbers (X Y Z ROLL PITCH YAW) [U2S1036]", "stderr");
	run_free(&r);
	r = U2S(NULL, GOOD, "--pose", "1", "2", "x", "4", "5", "6");
	expect_status(&r, 2);
	expect_in(r.err, "'x'", "stderr");
	run_free(&r);
	r = U2S(NULL, GOOD, "--world=");
	expect_status(&r, 2);
	cr_assert_str_eq(r.out, "");
	expect_in(r.err, "world_name (--world=NAME) ''", "stderr");
	expect_in(r.err, "[U2S1035]", "stderr");
	run_free(&r);
	r = U2S(NULL, GOOD, "--world=a::b");
	expect_status(&r, 2);
	expect_in(r.err, "'a::b'", "stderr");
	run_free(&r);
	r = U2S(NULL, GOOD, "--world=__model__");
	expect_status(&r, 2);
	expect_in(r.err, "'__model__'", "stderr");
	run_free(&r);
	r = U2S(NULL, GOOD, "--no-ground");
	expect_status(&r, 2);
	expect_in(r.err, "[U2S1091]", "stderr");
	run_free(&r);
}

/* ---- model folders: spellings, -d batches, signals ------------------------------ */

/* A robot whose one mesh, package://pkg/meshes/a.stl, is in DIR/pkgs. */
static const char MESHED[] =
	"<robot name='m'>\n"
	"  <link name='base'>" INERTIAL "\n"
	"    <visual><geometry><mesh filename='package://pkg/meshes/a.stl'/></geometry></visual>\n"
	"  </link>\n"
	"</robot>\n";

static void put_package(const char *dir)
{
	put_file(dir, "pkgs/pkg/package.xml", "<package/>");
	put_file(dir, "pkgs/pkg/meshes/a.stl", "solid a\nendsolid a\n");
}

/* --model-dir DIR (or --model-dir=DIR) is one folder from one FILE;
 * --model-dirs (or, with -d, a bare --model-dir) a folder per FILE with
 * -d OUT.  Every other mix is a usage error saying what to write, and
 * writes nothing. */
Test(cli, model_dir_spellings)
{
	static const struct { const char *args[6]; const char *says; } cases[] = {
		{ { "--model-dirs", "robot.urdf" }, "needs -d OUT" },
		{ { "--model-dir=models/robot", "-d", "out", "robot.urdf" }, "-d OUT --model-dirs" },
		{ { "--model-dir", "models/robot", "robot.urdf", "robot.urdf" }, "-d OUT --model-dirs" },
		{ { "--model-dirs", "-o", "x.sdf", "robot.urdf" }, "no -o or --check" },
		{ { "--model-dir=models/robot", "--check", "robot.urdf" }, "no -o or --check" },
	};
	char *dir = temp_dir();
	size_t i;

	put_file(dir, "robot.urdf", GOOD);
	make_dir(dir, "models");
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *const *a = cases[i].args;
		struct run r = u2s_env(dir, NULL, NULL, a);
		expect_status(&r, 2);
		expect_in(r.err, cases[i].says, "stderr");
		run_free(&r);
	}
	cr_assert_eq(dir_entries(dir), 2u, "nothing written beside robot.urdf and models/");
	cr_assert_eq(dir_entries(path_in(dir, "models")), 0u, "nothing written in models/");
	remove_tree(dir);
}

/* The forms users type: --model-dir DIR with a space, and --model-dirs
 * with -d (the bare --model-dir with -d of old is model_dir_batch's). */
Test(cli, model_dir_with_a_space_and_model_dirs, .timeout = 60)
{
	char *dir = temp_dir(), *config;
	struct run r;

	put_file(dir, "robot.urdf", "<robot name='r'><link name='a'>" INERTIAL "</link></robot>");
	r = u2s_env(dir, NULL, NULL, ARGS("-q", "--model-dir", "models/robot", "robot.urdf"));
	expect_status(&r, 0);
	run_free(&r);
	config = path_in(dir, "models/robot/model.config");
	cr_assert_eq(access(config, R_OK), 0, "no models/robot/model.config");
	free(config);
	r = u2s_env(dir, NULL, NULL, ARGS("-q", "-d", "many", "--model-dirs", "robot.urdf"));
	expect_status(&r, 0);
	run_free(&r);
	config = path_in(dir, "many/robot/model.config");
	cr_assert_eq(access(config, R_OK), 0, "no many/robot/model.config");
	free(config);
	remove_tree(dir);
}

/* -d OUT --model-dir: OUT/NAME/ per FILE, NAME as -d names NAME.sdf; one
 * that fails (rejected; a folder u2s did not make in the way) stops
 * nothing else, and the status is the worst. */
Test(cli, model_dir_batch, .timeout = 60)
{
	char *dir = temp_dir(), *config, *sdf;
	const char *env[] = { NULL, NULL };
	char ros[4200];
	struct run r;

	put_package(dir);
	put_file(dir, "in/one.urdf", MESHED);
	put_file(dir, "in/two.URDF", MESHED);
	put_file(dir, "in/bad.urdf", BAD);
	put_file(dir, "in/taken.xml", MESHED);
	put_file(dir, "out/taken/mine", "not u2s's");
	snprintf(ros, sizeof ros, "ROS_PACKAGE_PATH=%s/pkgs", dir);
	env[0] = ros;
	r = u2s_env(dir, NULL, env, ARGS("-q", "-d", "out", "--model-dir", "in/one.urdf",
					 "in/bad.urdf", "in/taken.xml", "in/two.URDF"));
	expect_status(&r, 3);
	expect_in(r.err, "2 of 4 files failed", "stderr");
	expect_in(r.err, "out/taken exists and is not a model folder", "stderr");
	cr_assert_eq(dir_entries(dir), 3u, "in, out, pkgs and nothing else");
	sdf = read_file(dir, "out/one/model-1.9.sdf");
	cr_assert_not_null(sdf, "out/one was not made");
	expect_in(sdf, "<uri>model://one/meshes/pkg/meshes/a.stl</uri>", "out/one/model-1.9.sdf");
	config = read_file(dir, "out/two/model.config");
	cr_assert_not_null(config, "out/two was not made after the failures");
	expect_in(config, "<name>two</name>", "out/two/model.config");
	cr_assert(file_exists(dir, "out/two/meshes/pkg/meshes/a.stl"));
	cr_assert(!file_exists(dir, "out/bad"), "a rejected robot left a folder");
	cr_assert_eq(dir_entries(path_in(dir, "out/taken")), 1u, "out/taken was touched");
	cr_assert_eq(dir_entries(path_in(dir, "out")), 3u, "out holds one, two, taken only");
	free(sdf);
	free(config);
	run_free(&r);
	remove_tree(dir);
}

static unsigned occurrences(const char *s, const char *what)
{
	unsigned n = 0;

	for (; (s = strstr(s, what)) != NULL; s += strlen(what))
		n++;
	return n;
}

/* The folder's world.sdf is named, posed and grounded as --world,
 * --pose and --no-ground say; and each diagnostic of the conversions
 * (one per version) is printed once, in every style. */
Test(cli, model_dir_world_options_and_messages_once, .timeout = 60)
{
	static const char classic[] =
		"<robot name='m'>\n"
		"  <link name='base'>" INERTIAL "\n"
		"    <visual><geometry><mesh filename='package://pkg/meshes/a.stl'/></geometry></visual>\n"
		"  </link>\n"
		"  <gazebo><plugin name='d' filename='libgazebo_ros_diff_drive.so'/></gazebo>\n"
		"</robot>\n";
	static const char *const styles[] = { "--diagnostics=text", "--diagnostics=json",
					      "--diagnostics=github" };
	char *dir = temp_dir(), *world;
	const char *env[] = { NULL, NULL };
	char ros[4200];
	struct run r;
	unsigned i;

	put_package(dir);
	put_file(dir, "m.urdf", classic);
	put_file(dir, "models/keep", "");   /* the folder's parent */
	snprintf(ros, sizeof ros, "ROS_PACKAGE_PATH=%s/pkgs", dir);
	env[0] = ros;
	r = u2s_env(dir, NULL, env, ARGS("-q", "--world=arena", "--no-ground", "--pose", "1",
					 "0", "0.5", "0", "0", "0.25", "--model-dir=models/m",
					 "m.urdf"));
	expect_status(&r, 0);
	world = read_file(dir, "models/m/world.sdf");
	cr_assert_not_null(world);
	expect_in(world, "<world name='arena'>", "world.sdf");
	expect_in(world, "<uri>model://m</uri>\n      <pose>1 0 0.5 0 0 0.25</pose>", "world.sdf");
	cr_assert_null(strstr(world, "ground_plane"), "--no-ground, yet:\n%s", world);
	free(world);
	run_free(&r);
	for (i = 0; i < sizeof styles / sizeof *styles; i++) {
		r = u2s_env(dir, NULL, env, ARGS(styles[i], "--model-dir=models/m", "m.urdf"));
		expect_status(&r, 0);
		cr_assert_eq(occurrences(r.err, "U2S1202"), 1u, "%s:\n%s", styles[i], r.err);
		run_free(&r);
	}
	remove_tree(dir);
}

/* The folder's world gives way to a robot named as its sun or ground,
 * as --world does. */
Test(cli, model_dir_world_names_give_way, .timeout = 60)
{
	char *dir = temp_dir(), *world;
	struct run r;

	put_file(dir, "sun.urdf", "<robot name='sun'><link name='b'>" INERTIAL "</link></robot>\n");
	put_file(dir, "gp.urdf", "<robot name='ground_plane'><link name='b'>" INERTIAL
		 "</link></robot>\n");
	put_file(dir, "models/keep", "");
	r = u2s_env(dir, NULL, NULL, ARGS("-q", "--world", "--model-dir=models/s", "sun.urdf"));
	expect_status(&r, 0);
	run_free(&r);
	world = read_file(dir, "models/s/world.sdf");
	cr_assert_not_null(world);
	expect_in(world, "<light type='directional' name='sun_light'>", "world.sdf");
	expect_in(world, "<model name='ground_plane'>", "world.sdf");
	free(world);
	r = u2s_env(dir, NULL, NULL, ARGS("-q", "--world", "--model-dir=models/g", "gp.urdf"));
	expect_status(&r, 0);
	run_free(&r);
	world = read_file(dir, "models/g/world.sdf");
	cr_assert_not_null(world);
	expect_in(world, "<light type='directional' name='sun'>", "world.sdf");
	expect_in(world, "<model name='ground'>", "world.sdf");
	free(world);
	remove_tree(dir);
}

static int well_formed(const char *text)
{
	XML_Parser p = XML_ParserCreate(NULL);
	int ok = XML_Parse(p, text, (int)strlen(text), 1) == XML_STATUS_OK;

	XML_ParserFree(p);
	return ok;
}

/* A mesh whose real path holds bytes that are not UTF-8 and '#', '%'
 * (reached through a symbolic link, as the URDF itself must be UTF-8):
 * its place in the folder and its URI are percent-encoded, so the SDF is
 * well-formed; a directory that holds "%E9" literally lands elsewhere. */
Test(cli, model_dir_odd_bytes_in_a_real_path, .timeout = 60)
{
	static const char robot[] =
		"<robot name='m'>\n"
		"  <link name='base'>" INERTIAL "\n"
		"    <visual><geometry><mesh filename='odd/m.stl'/></geometry></visual>\n"
		"    <visual><geometry><mesh filename='lit/m.stl'/></geometry></visual>\n"
		"  </link>\n"
		"</robot>\n";
	char *dir = temp_dir(), *sdf, *odd, *lit, *want, *real;
	struct run r;

	put_file(dir, "w\xe9#%/m.stl", "solid a\nendsolid a\n");
	put_file(dir, "w%E9#%25/m.stl", "solid b\nendsolid b\n");
	put_file(dir, "m.urdf", robot);
	put_file(dir, "models/keep", "");
	odd = path_in(dir, "odd");
	lit = path_in(dir, "lit");
	cr_assert_eq(symlink("w\xe9#%", odd), 0);
	cr_assert_eq(symlink("w%E9#%25", lit), 0);
	r = u2s_env(dir, NULL, NULL, ARGS("-q", "--model-dir=models/m", "m.urdf"));
	expect_status(&r, 0);
	sdf = read_file(dir, "models/m/model-1.9.sdf");
	cr_assert_not_null(sdf);
	cr_assert(well_formed(sdf), "not well-formed:\n%s", sdf);
	real = realpath(dir, NULL);
	want = malloc(strlen(real) + 200);
	sprintf(want, "<uri>model://m/meshes/_file%s/w%%E9%%23%%25/m.stl</uri>", real);
	expect_in(sdf, want, "model-1.9.sdf");
	sprintf(want, "models/m/meshes/_file%s/w%%E9%%23%%25/m.stl", real);
	cr_assert(file_exists(dir, want), "%s not made", want);
	sprintf(want, "models/m/meshes/_file%s/w%%25E9%%23%%2525/m.stl", real);
	cr_assert(file_exists(dir, want), "%s not made", want);
	free(want);
	free(real);
	free(sdf);
	free(odd);
	free(lit);
	run_free(&r);
	remove_tree(dir);
}

/* undo.c, in a child: the paths recorded are removed by a fatal signal,
 * the last first (a file, then the folder that held it), a path recorded
 * and never made is no trouble, and the child dies of the signal. */
Test(cli, undo_removes_what_was_recorded)
{
	char *dir = temp_dir(), *top = path_in(dir, "top"), *sub = path_in(top, "sub");
	char *file = path_in(sub, "f"), *never = path_in(top, "never");
	pid_t pid = fork();

	cr_assert_neq(pid, -1);
	if (pid == 0) {
		struct undo u = { NULL };
		default_signals();
		undo_catch_signals(&u);
		if (undo_push(&u, top, 1) || mkdir(top, 0777) || undo_push(&u, sub, 1) ||
		    mkdir(sub, 0777) || undo_push(&u, file, 0) || close(creat(file, 0666)) ||
		    undo_push(&u, never, 0))
			_exit(1);
		raise(SIGTERM);
		_exit(2);
	}
	cr_assert_eq(wait_status(pid), 128 + SIGTERM);
	cr_assert_eq(dir_entries(dir), 0u, "the recorded paths stay");
	free(file);
	free(never);
	free(sub);
	free(top);
	remove_tree(dir);
}

/* u2s --model-dir killed while it builds the folder (blocked writing its
 * warnings, far more than a pipe holds, to a pipe nobody reads: the first
 * version's conversion, after the hidden folder is made and before it
 * can be renamed): it dies of the signal and leaves nothing, neither the
 * folder nor the hidden one.  BATCH: -d out --model-dir.  (A FIFO among
 * the mesh's files no longer blocks it: only regular files are read.) */
static void killed_while_building(int sig, int batch)
{
	char *dir = temp_dir(), *prog = u2s_path(), *parent, *urdf;
	const char *one[] = { "--model-dir=models/robot", "robot.urdf", NULL };
	const char *many[] = { "-d", "models", "--model-dir", "robot.urdf", NULL };
	struct spawn s = { dir, NULL, NULL, NULL };
	int out_fd = temp_fd(), err[2], i;
	size_t len = 0;
	pid_t pid;

	urdf = malloc(4000 * 48 + 512);
	cr_assert_not_null(urdf);
	len += (size_t)sprintf(urdf, "<robot name='m'>\n  <link name='base'>" INERTIAL "</link>\n");
	for (i = 0; i < 4000; i++)   /* a warning each: about 400 KB of them */
		len += (size_t)sprintf(urdf + len, "  <gazebo reference='nowhere%d'/>\n", i);
	strcpy(urdf + len, "</robot>\n");
	put_file(dir, "robot.urdf", urdf);
	make_dir(dir, "models");
	parent = path_in(dir, "models");
	cr_assert_eq(pipe(err), 0);
	pid = spawn_prog(prog, &s, batch ? many : one, out_fd, err[1]);
	close(err[1]);
	cr_assert(wait_for_entry(parent, ".u2s-"), "no hidden folder appeared");
	cr_assert_eq(kill(pid, sig), 0);
	close(err[0]);   /* if the signal did nothing, u2s ends (EPIPE) and the status says so */
	cr_assert_eq(wait_status(pid), 128 + sig, "u2s dies of the signal");
	cr_assert_eq(dir_entries(parent), 0u, "the killed run left something in models/");
	close(out_fd);
	free(urdf);
	free(parent);
	free(prog);
	remove_tree(dir);
}

Test(cli, killed_model_dir_leaves_nothing, .timeout = 120)
{
	killed_while_building(SIGTERM, 0);
	killed_while_building(SIGINT, 0);
	killed_while_building(SIGHUP, 1);
}

/* cli_oom.c's printer for the test below: the line u2s would print. */
static void say_plain(void *arg, unsigned code, const char *text)
{
	(void)arg;
	fprintf(stderr, "u2s: %s [U2S%04u]\n", text, code);
	fflush(stderr);
}

/* The CLI's one answer to running out of memory (cli_oom.c), run
 * directly in a child (u2s's own allocations are too few and too early
 * for a memory limit to make them, not the library's, fail reliably): it
 * says "out of memory" once, with the code the library's message has,
 * removes every path the undo list records (a model folder being built,
 * a file in it) and exits with status 3, not SIGABRT. */
Test(cli, out_of_memory_removes_what_was_recorded_and_exits_3)
{
	char *dir = temp_dir(), *top = path_in(dir, ".u2s-abcdef"), *sub = path_in(top, "meshes");
	char *file = path_in(sub, "a.stl"), *err;
	int err_fd = temp_fd();
	size_t len;
	pid_t pid = fork();

	cr_assert_neq(pid, -1);
	if (pid == 0) {
		/* static: what the child holds when cli_out_of_memory exits is
		 * reachable, not a leak to LeakSanitizer (CI's ASan run) */
		static struct undo u;
		static char *held[4];
		held[0] = dir, held[1] = top, held[2] = sub, held[3] = file;
		default_signals();
		dup2(err_fd, 2);
		if (undo_push(&u, top, 1) || mkdir(top, 0777) || undo_push(&u, sub, 1) ||
		    mkdir(sub, 0777) || undo_push(&u, file, 0) || close(creat(file, 0666)))
			_exit(1);
		cli_out_of_memory(say_plain, NULL, &u);
	}
	cr_assert_eq(wait_status(pid), 3, "status 3 (U2S_IO)");
	err = slurp(err_fd, &len);
	/* said once, first (under ASan, LeakSanitizer's report of the
	 * child's test allocations may follow on the same descriptor) */
	cr_assert(strncmp(err, "u2s: out of memory [U2S1004]\n", 29) == 0, "%s", err);
	cr_assert_null(strstr(err + 29, "out of memory"), "%s", err);
	cr_assert_eq(dir_entries(dir), 0u, "the recorded paths stay");
	free(err);
	close(err_fd);
	free(file);
	free(sub);
	free(top);
	remove_tree(dir);
}

/* u2s --model-dir under address-space limits (ulimit -v) from where the
 * program barely loads to where the folder is made, on one thread, with a
 * robot of thousands of warnings (each kept once in the folder's set of
 * messages): it makes the folder, or says "out of memory" with status 3
 * and leaves nothing in the parent, neither the folder nor the hidden
 * .u2s-* one.  Whose allocation failed (the library's, which returns
 * U2S_IO, or the CLI's, which goes through cli_oom.c) depends on the
 * limit; the hidden folder was once left whenever the library's did
 * (removing it walked the tree with nftw, which needs memory). */
Test(cli, out_of_memory_in_model_dir_leaves_nothing, .timeout = 120)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	cr_skip_test("the sanitizers reserve more address space than ulimit -v allows");
#else
	char *dir = temp_dir(), *prog = u2s_path(), *parent = path_in(dir, "models"), *urdf;
	const char *env[] = { "U2S_THREADS=1", NULL };
	unsigned kb, made = 0, refused = 0;
	size_t len = 0;
	int i;

	urdf = malloc(3000 * 48 + 512);
	cr_assert_not_null(urdf);
	len += (size_t)sprintf(urdf, "<robot name='m'>\n  <link name='base'>" INERTIAL "</link>\n");
	for (i = 0; i < 3000; i++)
		len += (size_t)sprintf(urdf + len, "  <gazebo reference='nowhere%d'/>\n", i);
	strcpy(urdf + len, "</robot>\n");
	put_file(dir, "m.urdf", urdf);
	make_dir(dir, "models");
	for (kb = 3000; kb <= 40000; kb += kb < 6000 ? 20 : 1000) {
		char script[200];
		struct spawn s = { dir, NULL, env, NULL };
		struct run r;
		snprintf(script, sizeof script,
			 "ulimit -v %u && exec \"$0\" --model-dir=models/m m.urdf", kb);
		r = run_prog("/bin/sh", &s, ARGS("-c", script, prog));
		if (r.status == 127 && refused == 0) {   /* too little to load the program */
			run_free(&r);
			continue;
		}
		cr_assert(r.status == 0 || r.status == 3, "ulimit -v %u: status %d; stderr:\n%.2000s",
			  kb, r.status, r.err);
		if (r.status == 3) {
			expect_in(r.err, "out of memory [U2S1004]", "stderr");
			cr_assert_eq(dir_entries(parent), 0u, "ulimit -v %u: left in models/", kb);
			refused++;
		} else {
			cr_assert(file_exists(parent, "m/model.config"), "ulimit -v %u", kb);
			cr_assert_eq(dir_entries(parent), 1u, "ulimit -v %u: more than m/", kb);
			made++;
			run_free(&r);
			break;   /* more memory makes it too */
		}
		run_free(&r);
	}
	cr_assert_gt(refused, 0, "memory never ran out: the limits are too high");
	cr_assert_gt(made, 0, "the folder was never made: the limits are too low");
	free(urdf);
	free(parent);
	free(prog);
	remove_tree(dir);
#endif
}

/* --bridge-config: written beside -o's SDF once both are whole; a path
 * that cannot be made is status 3 before anything is written. */
Test(cli, bridge_config_whole_or_nothing)
{
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "robot.urdf", GOOD);
	r = U2S(dir, NULL, "--migrate", "--bridge-config=b.yaml", "-o", "out.sdf", "robot.urdf");
	expect_status(&r, 0);
	cr_assert(file_exists(dir, "out.sdf"));
	cr_assert(file_exists(dir, "b.yaml"));
	run_free(&r);
	r = U2S(dir, NULL, "--migrate", "--bridge-config=no/such/b.yaml", "-o", "out2.sdf",
		"robot.urdf");
	expect_status(&r, 3);
	expect_match(r.err, "cannot write the bridge configuration no/such/b\\.yaml");
	cr_assert_not(file_exists(dir, "out2.sdf"));
	run_free(&r);
	r = U2S(dir, NULL, "--bridge-config=b.yaml", "robot.urdf");
	expect_status(&r, 2);
	run_free(&r);
	remove_tree(dir);
}

/* --migrate --model-dir: the folder carries bridge.yaml; without
 * --migrate it does not. */
Test(cli, model_folder_bridge_under_migrate)
{
	char *dir = temp_dir();
	struct run r;

	put_file(dir, "robot.urdf", "<robot name='r'><link name='a'><inertial><mass value='1'/>"
		 "<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link>"
		 "</robot>");
	r = U2S(dir, NULL, "--migrate", "--model-dir=m", "robot.urdf");
	expect_status(&r, 0);
	cr_assert(file_exists(dir, "m/bridge.yaml"));
	run_free(&r);
	r = U2S(dir, NULL, "--model-dir=p", "robot.urdf");
	expect_status(&r, 0);
	cr_assert_not(file_exists(dir, "p/bridge.yaml"));
	run_free(&r);
	remove_tree(dir);
}
