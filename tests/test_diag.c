/* End-to-end tests of the diagnostics through the u2s binary ($U2S, set by
 * `make check`).  For every kind of input that is rejected and every
 * warning: the exit status, the exact FILE:LINE:COL message, one line per
 * problem, nothing on standard output and no file left by -o when the input
 * is rejected, -q and --werror.  Then hostile input: entity bombs, external
 * entities, deep nesting, huge values, NUL bytes, invalid UTF-8; and the
 * exit statuses of usage and I/O errors.
 *
 * Positions are those of the element at fault (its '<'); a problem with an
 * attribute is reported at the start of its element, as expat gives no
 * attribute positions. */
#include <criterion/criterion.h>
#include <math.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

/* ---- harness ----------------------------------------------------------------- */

static char dir[PATH_MAX];      /* the test's own directory, where u2s runs */

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof dir, "%s/u2s-diag-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	cr_assert_not_null(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
	/* streaming tests write into a pipe that u2s may stop reading */
	signal(SIGPIPE, SIG_IGN);
}

static void teardown(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX + 256];

	if (!d)
		return;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			unlink(path);
		}
	closedir(d);
	rmdir(dir);
}

TestSuite(reject, .init = setup, .fini = teardown);
TestSuite(warn, .init = setup, .fini = teardown);
TestSuite(hostile, .init = setup, .fini = teardown);
TestSuite(cli, .init = setup, .fini = teardown);

struct run {
	int status;            /* exit status */
	char *out, *err;       /* standard output and standard error */
	size_t outlen, errlen;
	long maxrss_kb;        /* peak resident memory of u2s */
};

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

static void put_file(const char *name, const void *data, size_t len)
{
	char path[PATH_MAX + 64];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
	cr_assert_eq(write(fd, data, len), (ssize_t)len);
	close(fd);
}

/* The names in the test's directory other than KEEP, space-separated: what
 * a run left behind. */
static void leftovers(const char *keep, char *out, size_t outsz)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	cr_assert_not_null(d);
	out[0] = '\0';
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, keep))
			continue;
		n += (size_t)snprintf(out + n, n < outsz ? outsz - n : 0, "%s%s", n ? " " : "", e->d_name);
	}
	closedir(d);
}

/* Starts u2s with ARGV (argv[0] set here) in the test's directory, standard
 * input from IN_FD, output to STDOUT_FD or (when -1) a temporary file
 * *OUTFD, errors into a temporary file *ERRFD. */
static pid_t start(const char **argv, int in_fd, int stdout_fd, int *outfd, int *errfd)
{
	const char *u2s = getenv("U2S");
	pid_t pid;

	cr_assert_not_null(u2s, "U2S is not set: run the tests with `make check`");
	argv[0] = u2s;
	*outfd = stdout_fd < 0 ? temp_fd() : -1;
	*errfd = temp_fd();
	pid = fork();
	cr_assert_geq(pid, 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		signal(SIGPIPE, SIG_DFL);
		if (chdir(dir) != 0 || dup2(in_fd, 0) < 0 ||
		    dup2(stdout_fd < 0 ? *outfd : stdout_fd, 1) < 0 ||
		    dup2(*errfd, 2) < 0)
			_exit(126);
		execv(u2s, (char *const *)argv);
		_exit(127);
	}
	return pid;
}

/* The lines of standard error that are not messages (and have no code):
 * the hint after a usage error, and --stats' lines. */
static unsigned lines_not_messages(const char *err)
{
	unsigned n = 0;
	const char *line;

	for (line = err; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "") {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		const char *joints = strstr(line, " joints in; ");
		if (strncmp(line, "Try 'u2s --help'", 16) == 0 ||
		    (joints && joints < line + len &&
		     (len < 10 || !is_code_suffix(line + len - 10, 10))))
			n++;
	}
	return n;
}

static struct run finish(pid_t pid, int outfd, int errfd)
{
	struct run r = { 0 };
	struct rusage ru;
	int st;

	cr_assert_eq(waitpid(pid, &st, 0), pid);
	cr_assert(WIFEXITED(st), "u2s died of signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	cr_assert_neq(WEXITSTATUS(st), 127, "cannot run $U2S");
	r.status = WEXITSTATUS(st);
	/* each test runs in its own process: its children are this u2s and
	 * the ones it ran before, and the peak is theirs */
	cr_assert_eq(getrusage(RUSAGE_CHILDREN, &ru), 0);
	r.maxrss_kb = ru.ru_maxrss;
	r.out = outfd < 0 ? strdup("") : slurp(outfd, &r.outlen);
	r.err = slurp(errfd, &r.errlen);
	cr_assert_eq(strip_codes(r.err), lines_not_messages(r.err),
		     "a message without its code in:\n%s", r.err);
	r.errlen = strlen(r.err);
	if (outfd >= 0)
		close(outfd);
	close(errfd);
	return r;
}

/* Runs u2s with the NULL-ended arguments, t.urdf holding URDF (unless
 * NULL), standard input empty. */
static struct run run(const char *urdf, ...)
{
	const char *argv[16];
	int n = 1, in = open("/dev/null", O_RDONLY), outfd, errfd;
	va_list ap;
	pid_t pid;
	struct run r;

	if (urdf)
		put_file("t.urdf", urdf, strlen(urdf));
	va_start(ap, urdf);
	while ((argv[n] = va_arg(ap, const char *)) != NULL)
		cr_assert_lt(++n, 15);
	va_end(ap);
	pid = start(argv, in, -1, &outfd, &errfd);
	close(in);
	r = finish(pid, outfd, errfd);
	return r;
}

/* A pipe whose write end u2s does not inherit: it must see the end of
 * its input when the test closes it. */
static void make_pipe(int p[2])
{
	cr_assert_eq(pipe(p), 0);
	cr_assert_eq(fcntl(p[1], F_SETFD, FD_CLOEXEC), 0);
}

/* Runs `u2s ARG` (ARG NULL: no argument) with LEN bytes of DATA on its
 * standard input through a pipe. */
static struct run run_stdin(const void *data, size_t len, const char *arg)
{
	const char *argv[3] = { NULL, arg, NULL };
	int p[2], outfd, errfd;
	pid_t pid;

	make_pipe(p);
	pid = start(argv, p[0], -1, &outfd, &errfd);
	close(p[0]);
	while (len > 0) {
		ssize_t n = write(p[1], data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;   /* u2s stopped reading: it has seen enough */
		data = (const char *)data + n;
		len -= (size_t)n;
	}
	close(p[1]);
	return finish(pid, outfd, errfd);
}

/* Streams HEAD, then PIECE COUNT times, then TAIL into `u2s` (standard input
 * to standard output) without holding the whole input in memory. */
static struct run run_stream(const char *head, const char *piece, size_t count, const char *tail)
{
	const char *argv[2] = { NULL, NULL };
	size_t plen = strlen(piece), per = plen < 65536 ? 65536 / plen : 1, i, k;
	char *block = malloc(per * plen);
	int p[2], outfd, errfd, open_pipe = 1;
	pid_t pid;

	cr_assert_not_null(block);
	for (k = 0; k < per; k++)
		memcpy(block + k * plen, piece, plen);
	make_pipe(p);
	pid = start(argv, p[0], -1, &outfd, &errfd);
	close(p[0]);
	open_pipe = write(p[1], head, strlen(head)) == (ssize_t)strlen(head);
	for (i = 0; open_pipe && i < count; i += k) {
		k = count - i < per ? count - i : per;
		open_pipe = write(p[1], block, k * plen) == (ssize_t)(k * plen);
	}
	if (open_pipe)
		(void)!write(p[1], tail, strlen(tail));
	close(p[1]);
	free(block);
	return finish(pid, outfd, errfd);
}

/* MESSAGES (lines, each ending in \n) with ": warning: " as ": error: ". */
static char *as_errors(const char *messages)
{
	char *s = malloc(strlen(messages) * 2 + 1), *w = s;
	const char *p = messages, *hit;

	cr_assert_not_null(s);
	while ((hit = strstr(p, ": warning: ")) != NULL) {
		memcpy(w, p, (size_t)(hit - p));
		w += hit - p;
		w += sprintf(w, ": error: ");
		p = hit + strlen(": warning: ");
	}
	strcpy(w, p);
	return s;
}

/* URDF must be rejected with exactly MESSAGES on standard error, nothing on
 * standard output, and, given -o OUT, no OUT nor temporary file. */
static void rejected(const char *urdf, const char *messages)
{
	struct run r = run(urdf, "t.urdf", NULL);
	char left[1024];

	cr_assert_eq(r.status, 1, "exit status %d; messages:\n%s", r.status, r.err);
	cr_assert_eq(r.outlen, 0, "output on rejection:\n%s", r.out);
	cr_assert_str_eq(r.err, messages);
	run_free(&r);

	r = run(NULL, "-o", "out.sdf", "t.urdf", NULL);
	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, messages);
	leftovers("t.urdf", left, sizeof left);
	cr_assert_str_eq(left, "", "-o left files behind: %s", left);
	run_free(&r);
}

/* URDF must convert with exactly MESSAGES (warnings) on standard error;
 * -q must silence them and change nothing else; --werror must turn them
 * into errors that reject the input, leaving no output file.  (A warning
 * made an error while reading stops the conversion there: the later ones
 * are then not reached, so --werror reports the first messages.) */
static void warned(const char *urdf, const char *messages)
{
	struct run r = run(urdf, "t.urdf", NULL), q, w;
	char left[1024], *errors = as_errors(messages), *werror_err;

	cr_assert_eq(r.status, 0, "exit status %d; messages:\n%s", r.status, r.err);
	cr_assert_str_eq(r.err, messages);
	cr_assert(r.outlen > 0 && strstr(r.out, "<sdf version='1.9'>"), "no SDF written:\n%s", r.out);

	q = run(NULL, "-q", "t.urdf", NULL);
	cr_assert_eq(q.status, 0);
	cr_assert_str_eq(q.err, "");
	cr_assert_str_eq(q.out, r.out);
	run_free(&q);

	w = run(NULL, "--werror", "t.urdf", NULL);
	cr_assert_eq(w.status, 1);
	cr_assert_eq(w.outlen, 0, "output under --werror:\n%s", w.out);
	cr_assert(w.errlen > 0 && strncmp(errors, w.err, w.errlen) == 0 && errors[w.errlen - 1] == '\n',
		  "--werror gave:\n%s\nnot the first lines of:\n%s", w.err, errors);
	werror_err = w.err;
	w.err = NULL;
	run_free(&w);

	w = run(NULL, "--werror", "-q", "-o", "out.sdf", "t.urdf", NULL);
	cr_assert_eq(w.status, 1);
	cr_assert_str_eq(w.err, werror_err, "-q must not hide errors");
	leftovers("t.urdf", left, sizeof left);
	cr_assert_str_eq(left, "", "-o left files behind: %s", left);
	run_free(&w);

	free(errors);
	free(werror_err);
	run_free(&r);
}

#define INERTIAL "<inertial><mass value='1'/>" \
	"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"
/* links a and b with mass, b below a on joint j */
#define AB_FIXED \
	" <link name='a'>" INERTIAL "</link>\n" \
	" <link name='b'>" INERTIAL "</link>\n" \
	" <joint name='j' type='fixed'><parent link='a'/><child link='b'/></joint>\n"

/* ---- rejected: the XML ------------------------------------------------------- */

Test(reject, malformed_xml)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>\n"
		 "  </visual>\n"
		 "</robot>\n",
		 "t.urdf:3:5: error: malformed XML: mismatched tag\n");
}

Test(reject, empty_input)
{
	rejected("", "t.urdf:1:1: error: malformed XML: no element found\n");
}

Test(reject, root_is_not_robot)
{
	rejected("<?xml version='1.0'?>\n"
		 "<!-- a model -->\n"
		 "  <sdf version='1.9'><model name='m'/></sdf>\n",
		 "t.urdf:3:3: error: the root element is <sdf>; a URDF file has <robot>\n");
}

/* ---- rejected: names ---------------------------------------------------------- */

Test(reject, robot_without_name)
{
	rejected("<robot>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 "</robot>\n",
		 "t.urdf:1:1: error: <robot> has no 'name' attribute\n");
}

Test(reject, link_without_name)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 "   <link>" INERTIAL "</link>\n"
		 "</robot>\n",
		 "t.urdf:3:4: error: <link> has no 'name' attribute\n");
}

Test(reject, link_with_empty_name)
{
	rejected("<robot name='r'>\n"
		 "  <link name=''>" INERTIAL "</link>\n"
		 "</robot>\n",
		 "t.urdf:2:3: error: <link> has an empty 'name'\n");
}

Test(reject, joint_without_name)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 "  <joint type='fixed'><parent link='a'/><child link='b'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:4:3: error: <joint> has no 'name' attribute\n");
}

Test(reject, joint_with_empty_name)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 " <joint name='' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:4:2: error: <joint> has an empty 'name'\n");
}

Test(reject, duplicate_link_name)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 "    <link name='a'/>\n"
		 "</robot>\n",
		 "t.urdf:4:5: error: duplicate link name 'a' (first defined at line 2)\n");
}

Test(reject, duplicate_joint_name)
{
	rejected("<robot name='r'>\n"
		 AB_FIXED
		 " <link name='c'>" INERTIAL "</link>\n"
		 "   <joint name='j' type='fixed'><parent link='a'/><child link='c'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:6:4: error: duplicate joint name 'j' (first defined at line 4)\n");
}

/* ---- rejected: joints and the tree ------------------------------------------------ */

Test(reject, missing_parent_link)
{
	rejected("<robot name='r'>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 " <joint name='j' type='fixed'>\n"
		 "  <parent link='base'/>\n"
		 "  <child link='b'/>\n"
		 " </joint>\n"
		 "</robot>\n",
		 "t.urdf:4:3: error: joint 'j' names parent link 'base', which does not exist\n");
}

Test(reject, missing_child_link)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <joint name='j' type='fixed'>\n"
		 "  <parent link='a'/>\n"
		 "    <child link='arm'/>\n"
		 " </joint>\n"
		 "</robot>\n",
		 "t.urdf:5:5: error: joint 'j' names child link 'arm', which does not exist\n");
}

Test(reject, joint_without_parent_element)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 "  <joint name='j' type='fixed'>\n"
		 "   <child link='a'/>\n"
		 "  </joint>\n"
		 "</robot>\n",
		 "t.urdf:3:3: error: joint 'j' needs both <parent link=...> and <child link=...>\n");
}

Test(reject, parent_element_without_link)
{
	rejected("<robot name='r'>\n"
		 AB_FIXED
		 " <link name='c'>" INERTIAL "</link>\n"
		 " <joint name='k' type='fixed'>\n"
		 "   <parent/>\n"
		 "   <child link='c'/>\n"
		 " </joint>\n"
		 "</robot>\n",
		 "t.urdf:7:4: error: <parent> has no 'link' attribute\n");
}

Test(reject, unknown_joint_type)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 "  <joint name='j' type='hinge'><parent link='a'/><child link='b'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:4:3: error: joint 'j' has unknown type 'hinge' (expected revolute, "
		 "continuous, prismatic, fixed, floating or planar)\n");
}

Test(reject, joint_without_type)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 "  <joint name='j'><parent link='a'/><child link='b'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:4:3: error: <joint> has no 'type' attribute\n");
}

Test(reject, link_with_two_parent_joints)
{
	rejected("<robot name='r'>\n"
		 AB_FIXED
		 " <link name='c'>" INERTIAL "</link>\n"
		 " <joint name='k' type='fixed'><parent link='c'/>\n"
		 "  <child link='b'/></joint>\n"
		 " <joint name='m' type='fixed'><parent link='a'/><child link='c'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:7:3: error: link 'b' has two parent joints: 'j' (line 4) and 'k'\n");
}

/* Every link has a parent: the message names a joint of the cycle, which
 * need not involve the first link. */
Test(reject, cycle_without_root)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 " <link name='c'>" INERTIAL "</link>\n"
		 " <joint name='ab' type='fixed'><parent link='b'/><child link='a'/></joint>\n"
		 " <joint name='bc' type='fixed'><parent link='c'/><child link='b'/></joint>\n"
		 "  <joint name='cb' type='fixed'><parent link='b'/><child link='c'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:6:2: error: joints form a cycle through link 'b' (parent joint 'bc')\n");
}

/* A cycle beside a proper tree: the root exists, the cycle hangs apart. */
Test(reject, cycle_away_from_root)
{
	rejected("<robot name='r'>\n"
		 AB_FIXED
		 " <link name='c'>" INERTIAL "</link>\n"
		 " <link name='d'>" INERTIAL "</link>\n"
		 " <joint name='cd' type='fixed'><parent link='c'/><child link='d'/></joint>\n"
		 "   <joint name='dc' type='fixed'><parent link='d'/><child link='c'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:8:4: error: joints form a cycle through link 'c' (parent joint 'dc')\n");
}

Test(reject, joint_from_link_to_itself)
{
	rejected("<robot name='r'>\n"
		 AB_FIXED
		 " <link name='c'>" INERTIAL "</link>\n"
		 "  <joint name='cc' type='fixed'><parent link='c'/><child link='c'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:6:3: error: joints form a cycle through link 'c' (parent joint 'cc')\n");
}

Test(reject, two_roots)
{
	rejected("<robot name='r'>\n"
		 AB_FIXED
		 "  <link name='c'>" INERTIAL "</link>\n"
		 "</robot>\n",
		 "t.urdf:5:3: error: link 'c' is a second root (the first is 'a', line 2); "
		 "connect it with a joint\n");
}

Test(reject, no_link)
{
	rejected("<?xml version='1.0'?>\n"
		 "  <robot name='r'>\n"
		 "  <material name='m'><color rgba='1 0 0 1'/></material>\n"
		 "</robot>\n",
		 "t.urdf:2:3: error: robot has no links\n");
}

/* ---- rejected: required attributes --------------------------------------------------- */

Test(reject, revolute_joint_without_limit)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 "  <joint name='j' type='revolute'><parent link='a'/><child link='b'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:4:3: error: revolute joint 'j' has no <limit> (effort and velocity are required)\n");
}

Test(reject, prismatic_joint_without_limit)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 " <joint name='slide' type='prismatic'>\n"
		 "  <parent link='a'/><child link='b'/><axis xyz='0 0 1'/>\n"
		 " </joint>\n"
		 "</robot>\n",
		 "t.urdf:4:2: error: prismatic joint 'slide' has no <limit> (effort and velocity are required)\n");
}

Test(reject, limit_without_effort_and_velocity)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 " <joint name='j' type='revolute'><parent link='a'/><child link='b'/>\n"
		 "   <limit lower='-1' upper='1'/>\n"
		 " </joint>\n"
		 "</robot>\n",
		 "t.urdf:5:4: error: <limit> has no 'effort' attribute\n"
		 "t.urdf:5:4: error: <limit> has no 'velocity' attribute\n");
}

Test(reject, mass_without_value)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>\n"
		 "  <inertial>\n"
		 "   <mass/>\n"
		 "   <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/>\n"
		 "  </inertial>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:4:4: error: <mass> has no 'value' attribute\n");
}

Test(reject, inertial_without_mass)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>\n"
		 "   <inertial><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:3:4: error: <inertial> has no <mass>\n");
}

Test(reject, inertia_value_missing)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>\n"
		 "  <inertial>\n"
		 "   <mass value='1'/>\n"
		 "     <inertia ixx='1' ixy='0' ixz='0' iyy='1' izz='1'/>\n"
		 "  </inertial>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:5:6: error: <inertia> has no 'iyz' attribute\n");
}

Test(reject, box_without_size)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <collision><geometry>\n"
		 "   <box/>\n"
		 "  </geometry></collision>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:4:4: error: <box> has no 'size' attribute\n");
}

Test(reject, cylinder_without_length)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <visual><geometry><cylinder radius='1'/></geometry></visual>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:3:21: error: <cylinder> has no 'length' attribute\n");
}

Test(reject, sphere_without_radius)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <visual><geometry><sphere/></geometry></visual>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:3:21: error: <sphere> has no 'radius' attribute\n");
}

Test(reject, mesh_without_filename)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <visual><geometry><mesh scale='1 1 1'/></geometry></visual>\n"
		 "  <collision><geometry><mesh filename=''/></geometry></collision>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:3:21: error: <mesh> has no 'filename' attribute\n"
		 "t.urdf:4:24: error: <mesh> has an empty filename\n");
}

/* ---- rejected: numbers ---------------------------------------------------------------- */

Test(reject, number_that_does_not_parse)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>\n"
		 "  <inertial>\n"
		 "   <mass value='1,5'/>\n"
		 "   <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='one'/>\n"
		 "  </inertial>\n"
		 "  <visual><origin xyz='0 0'/><geometry><box size='1 2 3 4'/></geometry></visual>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:4:4: error: <mass value='1,5'>: not a finite number\n"
		 "t.urdf:5:4: error: <inertia izz='one'>: not a finite number\n"
		 "t.urdf:7:11: error: <origin xyz='0 0'>: expected 3 finite numbers\n"
		 "t.urdf:7:40: error: <box size='1 2 3 4'>: expected 3 finite numbers\n");
}

Test(reject, nan_and_infinity)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <link name='b'>" INERTIAL "</link>\n"
		 " <joint name='j' type='revolute'>\n"
		 "  <origin xyz='0 0 NaN'/>\n"
		 "  <parent link='a'/><child link='b'/>\n"
		 "  <limit lower='-inf' upper='1' effort='1e999' velocity='1'/>\n"
		 " </joint>\n"
		 "</robot>\n",
		 "t.urdf:5:3: error: <origin xyz='0 0 NaN'>: expected 3 finite numbers\n"
		 "t.urdf:7:3: error: <limit lower='-inf'>: not a finite number\n"
		 "t.urdf:7:3: error: <limit effort='1e999'>: not a finite number\n");
}

Test(reject, gazebo_number_that_does_not_parse)
{
	/* std::stod and std::stoi, libsdformat's readings, refuse text that
	 * does not start with a number (it stops there); u2s refuses the same.
	 * A number with words after it is read as the number, with a warning. */
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <gazebo reference='a'>\n"
		 "  <mu1>0.5</mu1>\n"
		 "   <mu2>high</mu2>\n"
		 "  <maxContacts>2.5</maxContacts>\n"
		 "  <fdir1>1 0</fdir1>\n"
		 "  <kp>1e999</kp>\n"
		 "  <kd><x/></kd>\n"
		 " </gazebo>\n"
		 "</robot>\n",
		 "t.urdf:5:4: error: <gazebo> <mu2> is 'high'; expected a number\n"
		 "t.urdf:6:3: warning: <gazebo> <maxContacts> '2.5' is read as 2, as libsdformat "
		 "reads it; '.5' after the number is ignored\n"
		 "t.urdf:7:3: error: <gazebo> <fdir1> is '1 0'; expected three finite numbers\n"
		 "t.urdf:8:3: error: <gazebo> <kp> is '1e999'; expected a number within range\n"
		 "t.urdf:9:3: error: <gazebo> <kd> is ''; expected a number\n");
}

/* A tag is read only where it applies: a value that nothing would use
 * cannot refuse the robot (it is warned about as misplaced, unread). */
Test(warn, gazebo_bad_value_where_the_tag_does_not_apply)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='j' type='continuous'><parent link='a'/><child link='b'/></joint>\n"
	       " <gazebo reference='j'><mu1>high</mu1></gazebo>\n"
	       " <gazebo><maxContacts>many</maxContacts></gazebo>\n"
	       " <gazebo reference='nothing'><kp>x</kp></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:5:2: warning: <mu1> does not apply to j; ignored\n"
	       "t.urdf:6:2: warning: <maxContacts> does not apply to the model; ignored\n"
	       "t.urdf:7:2: warning: <gazebo reference='nothing'> names no link or joint; ignored\n");
}

/* Infinite friction and stiffness are an idiom of grippers: read as
 * std::stod reads them (inf, Inf, infinity, nan in any case) and written
 * as inf, which every loader takes. */
Test(warn, gazebo_infinity_and_nan)
{
	const char *urdf =
		"<robot name='r'>\n"
		" <link name='a'>" INERTIAL "<collision><geometry><sphere radius='1'/></geometry>"
		"</collision></link>\n"
		" <link name='b'>" INERTIAL "</link>\n"
		" <joint name='j' type='continuous'><parent link='a'/><child link='b'/></joint>\n"
		" <gazebo reference='a'><kp>nan</kp><mu1>Inf</mu1><kd> -INFINITY </kd></gazebo>\n"
		" <gazebo reference='j'>\n"
		"  <stopCfm value='inf'/>\n"
		" </gazebo>\n"
		"</robot>\n";
	struct run r;

	warned(urdf, "t.urdf:5:24: warning: <gazebo> <kp> is NaN; written as nan, which "
	       "simulators read but cannot compute with\n");
	r = run(urdf, "t.urdf", NULL);
	cr_assert(strstr(r.out, "<mu>inf</mu>") && strstr(r.out, "<kd>-inf</kd>") &&
		  strstr(r.out, "<kp>nan</kp>") && strstr(r.out, "<cfm>inf</cfm>"), "%s", r.out);
	run_free(&r);
}

/* libsdformat's booleans: true, yes or 1 (any case) is true, anything else
 * false; turnGravityOff the other way round (only false, no or 0 keep
 * gravity on). */
Test(warn, gazebo_boolean_with_odd_text)
{
	const char *urdf =
		"<robot name='r'>\n"
		" <link name='a'>" INERTIAL "</link>\n"
		" <gazebo reference='a'><selfCollide>maybe</selfCollide>"
		"<turnGravityOff>3</turnGravityOff></gazebo>\n"
		"</robot>\n";
	struct run r;

	warned(urdf,
	       "t.urdf:3:24: warning: <gazebo> <selfCollide> 'maybe' is neither true nor false; "
	       "read as false, as libsdformat reads it\n"
	       "t.urdf:3:56: warning: <gazebo> <turnGravityOff> '3' is neither true nor false; "
	       "read as true, as libsdformat reads it\n");
	r = run(urdf, "t.urdf", NULL);
	cr_assert(strstr(r.out, "<self_collide>false</self_collide>") &&
		  strstr(r.out, "<gravity>false</gravity>"), "%s", r.out);
	run_free(&r);
}

/* Inside a block, an element's text is what the output version's reader
 * makes of its type (libsdformat's Param: std::stoul for an unsigned int,
 * std::stod for a double, ...): written so, warned where that is not what
 * the text says. */
Test(warn, blob_values_read_as_their_type)
{
	const char *urdf =
		"<robot name='r'>\n"
		" <link name='a'>" INERTIAL "</link>\n"
		" <gazebo reference='a'><sensor name='s' type='ray'>\n"
		"  <update_rate>10.5hz</update_rate><visualize>TRUE</visualize><always_on/>\n"

		"  <ray><scan><horizontal><samples>666.5185185185185</samples>"
		"<resolution>0x10</resolution></horizontal></scan>\n"
		"  <range><min>640.0</min><max>inf</max></range></ray>\n"
		" </sensor></gazebo>\n"
		"</robot>\n";
	struct run r;

	warned(urdf,
	       "t.urdf:4:3: warning: <update_rate> '10.5hz' is read as 10.5 by SDFormat readers "
	       "(a number); written so\n"
	       "t.urdf:5:26: warning: <samples> '666.5185185185185' is read as 666 by SDFormat "
	       "readers (an unsigned integer); written so\n"
	       "t.urdf:3:24: warning: sensor 's' is of type 'ray', which gz-sim (Fortress, what "
	       "SDFormat 1.9 is for) does not simulate: it publishes nothing; gz-sim does not "
	       "simulate the CPU lidar: write type gpu_lidar (same <lidar> element), which the "
	       "Sensors system simulates\n");
	r = run(urdf, "t.urdf", NULL);
	cr_assert(strstr(r.out, "<samples>666</samples>") && strstr(r.out, "<visualize>true<") &&
		  strstr(r.out, "<resolution>16</resolution>") && strstr(r.out, "<max>inf</max>") &&
		  strstr(r.out, "<update_rate>10.5</update_rate>") &&
		  strstr(r.out, "<always_on>false</always_on>"), "%s", r.out);   /* empty: the default */
	run_free(&r);

	/* a colour of three numbers gets the reader's alpha of 1 */
	r = run("<robot name='r'>\n"
		" <link name='a'>" INERTIAL "<visual><geometry><sphere radius='1'/></geometry>"
		"</visual></link>\n"
		" <gazebo reference='a'><visual><material><diffuse>1.0 0.5 0</diffuse></material>"
		"</visual></gazebo>\n"
		"</robot>\n", "t.urdf", NULL);
	cr_assert(r.status == 0 && strstr(r.out, "<diffuse>1 0.5 0 1</diffuse>"), "%s%s", r.err, r.out);
	run_free(&r);
}

/* What the reader refuses (a boolean that is not true, false, 1 or 0; a
 * number out of its type's range) makes libsdformat fail the conversion:
 * so does u2s, rather than write what no loader reads. */
Test(reject, blob_value_the_reader_refuses)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <gazebo reference='a'><sensor name='s' type='ray'>\n"
		 "  <always_on>yes</always_on><update_rate>1e400</update_rate>\n"
		 " </sensor></gazebo>\n"
		 "</robot>\n",
		 "t.urdf:4:3: error: <always_on> 'yes' is not true or false, which SDFormat 1.9 "
		 "reads there\n"
		 "t.urdf:4:29: error: <update_rate> '1e400' is not a number, which SDFormat 1.9 "
		 "reads there\n");
}

/* <material> given SDFormat content is the visual's SDFormat material
 * (libsdformat reads it as text, finds none and drops it); an empty one
 * is left out, never written as an empty <script><name>. */
Test(warn, gazebo_material_with_elements_or_empty)
{
	const char *urdf =
		"<robot name='r'>\n"
		" <link name='a'>" INERTIAL "<visual><geometry><sphere radius='1'/></geometry>"
		"</visual></link>\n"
		" <gazebo reference='a'><material><script><uri>file://x.material</uri>"
		"<name>Gazebo/Orange</name></script></material></gazebo>\n"
		" <gazebo reference='a'><material> </material></gazebo>\n"
		"</robot>\n";
	struct run r;

	warned(urdf,
	       "t.urdf:3:24: warning: <gazebo> <material> holds elements, not a material name: "
	       "written as the SDFormat <material> of every visual of 'a' (libsdformat drops it)\n"
	       "t.urdf:4:24: warning: <gazebo> <material> is empty; left out\n");
	r = run(urdf, "t.urdf", NULL);
	cr_assert(strstr(r.out, "<name>Gazebo/Orange</name>") && !strstr(r.out, "<name/>") &&
		  !strstr(r.out, "<name></name>"), "%s", r.out);
	run_free(&r);
}

#define LINK_NAMED(n) " <link name='" n "'>" INERTIAL "</link>\n"
#define REVOLUTE(n, p, c, extra) " <joint name='" n "' type='revolute'><parent link='" p "'/>" \
	"<child link='" c "'/><limit lower='-1' upper='1' effort='1' velocity='1'/>" extra "</joint>\n"

/* libsdformat reads the robot's first <origin>; later ones are warned of.
 * (With frames left by lumping, the origin used to be printed from memory
 * the frames had reused.) */
Test(warn, robot_origin_twice)
{
	const char *urdf = "<robot name='r'>\n"
			   " <origin xyz='1 0 0'/>\n"
			   " <origin xyz='2 0 0'/>\n"
			   LINK_NAMED("a") LINK_NAMED("b")
			   " <joint name='j' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
			   "</robot>\n";
	struct run r;

	warned(urdf, "t.urdf:3:2: warning: a second <origin> in <robot> is ignored (the first "
	       "counts, as in libsdformat)\n");
	r = run(urdf, "t.urdf", NULL);
	cr_assert(strstr(r.out, "<frame name='b' attached_to='j'/>\n    <pose>1 0 0 0 0 0</pose>\n"
			 "  </model>"), "%s", r.out);
	run_free(&r);
}

/* A merged link's link-level tag written over another value of the link
 * it joins: libsdformat warns ("multiple inconsistent <gravity>"), so
 * does u2s, in the order the values are written. */
Test(warn, lumped_link_tag_replaces_another_value)
{
	warned("<robot name='r'>\n"
	       LINK_NAMED("a") LINK_NAMED("b") LINK_NAMED("c")
	       " <joint name='j' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
	       " <joint name='k' type='fixed'><parent link='b'/><child link='c'/></joint>\n"
	       " <gazebo reference='a'><turnGravityOff>false</turnGravityOff>"
	       "<selfCollide>true</selfCollide></gazebo>\n"
	       " <gazebo reference='b'><turnGravityOff>true</turnGravityOff>"
	       "<selfCollide>true</selfCollide></gazebo>\n"
	       " <gazebo reference='c'><turnGravityOff>false</turnGravityOff></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:8:2: warning: link 'b' is merged into 'a': its <turnGravityOff> true replaces "
	       "false, given for 'a' by the <gazebo> block at line 7\n"
	       "t.urdf:9:2: warning: link 'c' is merged into 'a': its <turnGravityOff> false replaces "
	       "true, given for 'b' by the <gazebo> block at line 8\n");
}

/* Leaders are decided before their followers: j2's <mimic> is left out
 * (its leader is fixed), so j3, which follows j2, follows a joint that
 * follows nothing and keeps its <mimic>; j4 follows j3, a written
 * follower, and loses its own. */
Test(warn, mimic_of_a_leader_whose_mimic_was_left_out)
{
	const char *urdf =
		"<robot name='r'>\n"
		LINK_NAMED("a") LINK_NAMED("b") LINK_NAMED("c") LINK_NAMED("d") LINK_NAMED("e")
		REVOLUTE("j3", "c", "d", "<mimic joint='j2'/>")
		" <joint name='j1' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
		REVOLUTE("j2", "b", "c", "<mimic joint='j1'/>")
		REVOLUTE("j4", "d", "e", "<mimic joint='j3'/>")
		" <gazebo reference='j1'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
		"</robot>\n";
	struct run r = run(urdf, "--sdf-version", "1.11", "t.urdf", NULL);

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert_str_eq(r.err,
			 "t.urdf:9:123: warning: joint 'j2' mimics 'j1', but that joint is fixed and does "
			 "not move; the <mimic> is left out\n"
			 "t.urdf:10:123: warning: joint 'j4' mimics 'j3', but that joint mimics another (a "
			 "chain); the <mimic> is left out\n");
	cr_assert(strstr(r.out, "<mimic joint='j2'>") && !strstr(r.out, "<mimic joint='j1'>") &&
		  !strstr(r.out, "<mimic joint='j3'>"), "%s", r.out);
	run_free(&r);
}

/* A mimic cycle keeps one <mimic> of it: a simulator refuses a chain. */
Test(warn, mimic_cycle)
{
	const char *urdf =
		"<robot name='r'>\n"
		LINK_NAMED("a") LINK_NAMED("b") LINK_NAMED("c")
		REVOLUTE("j1", "a", "b", "<mimic joint='j2'/>")
		REVOLUTE("j2", "b", "c", "<mimic joint='j1'/>")
		"</robot>\n";
	struct run r = run(urdf, "--sdf-version", "1.12", "t.urdf", NULL);

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert_str_eq(r.err, "t.urdf:6:123: warning: joint 'j2' mimics 'j1', but the <mimic>s "
			 "form a cycle; the <mimic> is left out\n");
	cr_assert(strstr(r.out, "<mimic joint='j2'>") && !strstr(r.out, "<mimic joint='j1'>"),
		  "%s", r.out);
	run_free(&r);
}

/* A sensor's <pose> in degrees, or as a quaternion, on a merged link is
 * moved in its own meaning and written in radians: 90 degrees about y on a
 * link merged at the joint origin 0.1 0 0.2, rpy 0 0 pi/2, is what the
 * quaternion 0 sin(pi/4) 0 cos(pi/4) gives, and neither keeps its form. */
Test(warn, lumped_sensor_pose_in_degrees_and_quaternion)
{
	static const char *const pose[] = {
		"<pose degrees='true'>0 0 0.1 0 90 0</pose>",
		"<pose rotation_format='quat_xyzw'>0 0 0.1 0 0.7071067811865476 0 0.7071067811865476</pose>",
	};
	char urdf[2048];
	unsigned i;

	for (i = 0; i < 2; i++) {
		struct run r;
		snprintf(urdf, sizeof urdf, "<robot name='r'>\n" LINK_NAMED("a") LINK_NAMED("b")
			 " <joint name='j' type='fixed'><parent link='a'/><child link='b'/>"
			 "<origin xyz='0.1 0 0.2' rpy='0 0 1.5707963267948966'/></joint>\n"
			 " <gazebo reference='b'><sensor name='s' type='imu'>%s</sensor></gazebo>\n"
			 "</robot>\n", pose[i]);
		r = run(urdf, "t.urdf", NULL);
		cr_assert_eq(r.status, 0, "%s", r.err);
		cr_assert_str_eq(r.err, "");
		{
			const char *at = strstr(r.out, "<sensor name='s' type='imu'>");
			double v[6], want[6] = { 0.1, 0, 0.3, 0, 1.5707963267948966, 1.5707963267948966 };
			int k;
			at = at ? strstr(at, "<pose>") : NULL;
			cr_assert(at && sscanf(at + 6, "%lf %lf %lf %lf %lf %lf", v, v + 1, v + 2,
					       v + 3, v + 4, v + 5) == 6, "%s", r.out);
			for (k = 0; k < 6; k++)
				cr_assert(fabs(v[k] - want[k]) < 1e-9, "%d: %.17g\n%s", k, v[k], r.out);
		}
		cr_assert(!strstr(r.out, "degrees") && !strstr(r.out, "rotation_format"), "%s", r.out);
		run_free(&r);
	}
}

/* A block's own <surface> and the friction tags of a later block: u2s
 * keeps each value where SDFormat reads it (the later surface replaces
 * the earlier, the tags go into its friction); libsdformat writes <mu2>
 * inside <restitution_coefficient>, where no reader looks (a deliberate
 * difference). */
Test(warn, block_surface_and_friction_tags)
{
	const char *urdf =
		"<robot name='r'>\n"
		" <link name='a'>" INERTIAL "<collision><geometry><box size='1 1 1'/></geometry>"
		"</collision></link>\n"
		" <gazebo reference='a'><mu1>0.7</mu1><collision><surface><bounce>"
		"<restitution_coefficient>0.5</restitution_coefficient></bounce></surface>"
		"</collision></gazebo>\n"
		" <gazebo reference='a'><mu2>0.3</mu2><collision><surface><bounce>"
		"<restitution_coefficient>0.4</restitution_coefficient></bounce></surface>"
		"</collision></gazebo>\n"
		"</robot>\n";
	struct run r = run(urdf, "t.urdf", NULL);

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(strstr(r.out, "<restitution_coefficient>0.4</restitution_coefficient>") &&
		  strstr(r.out, "<friction>\n            <ode>\n              <mu2>0.3</mu2>"),
		  "%s", r.out);
	run_free(&r);
}

/* urdfdom takes a colour outside [0, 1] as no colour (and a material
 * without one as black), and libsdformat converts the robot. */
Test(warn, colour_out_of_range)
{
	warned("<robot name='r'>\n"
	       " <material name='m'>\n"
	       "  <color rgba='0 0 1.5 1'/>\n"
	       " </material>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       "</robot>\n",
	       "t.urdf:3:3: warning: <color rgba='0 0 1.5 1'> is not four numbers in [0, 1]; "
	       "urdfdom reads no colour from it\n"
	       "t.urdf:2:2: warning: material 'm' has neither <color> nor <texture>; urdfdom makes "
	       "it black (0 0 0 1)\n");
}

/* ---- rejected: geometry -------------------------------------------------------------------- */

Test(reject, geometry_without_shape)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <visual>\n"
		 "   <geometry>\n"
		 "   </geometry>\n"
		 "  </visual>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:4:4: error: <geometry> holds no shape\n");
}

Test(reject, geometry_with_unknown_shape)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <collision><geometry>\n"
		 "    <cone radius='1' length='2'/>\n"
		 "  </geometry></collision>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:4:5: error: unknown geometry <cone> (expected box, cylinder, sphere, mesh or, "
		 "from URDF 1.1, capsule)\n");
}

Test(reject, visual_without_geometry)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "\n"
		 "  <visual><origin xyz='0 0 1'/></visual>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:3:3: error: <visual> has no <geometry>\n");
}

/* ---- rejected: several problems, one line each ------------------------------------------------- */

Test(reject, every_problem_once)
{
	rejected("<robot name='r'>\n"
		 " <link/>\n"
		 " <link name='a'><inertial><mass value='x'/><inertia ixx='1' ixy='0' ixz='0' "
		 "iyy='1' iyz='0' izz='1'/></inertial></link>\n"
		 " <joint name='j' type='slider'><parent link='a'/><child link='b'/></joint>\n"
		 "</robot>\n",
		 "t.urdf:2:2: error: <link> has no 'name' attribute\n"
		 "t.urdf:3:27: error: <mass value='x'>: not a finite number\n"
		 "t.urdf:4:2: error: joint 'j' has unknown type 'slider' (expected revolute, "
		 "continuous, prismatic, fixed, floating or planar)\n");
}

/* A value with a newline cannot split its message. */
Test(reject, value_with_newline_stays_on_one_line)
{
	rejected("<robot name='r'>\n"
		 " <link name='a'>\n"
		 "  <inertial><mass value='1&#10;2'/>"
		 "<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>\n"
		 " </link>\n"
		 "</robot>\n",
		 "t.urdf:3:13: error: <mass value='1\\n2'>: not a finite number\n");
}

/* ---- warned: what is dropped or changed ---------------------------------------------------------- */

Test(warn, massless_link_dropped)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       "  <link name='b'/>\n"
	       " <link name='c'>" INERTIAL "</link>\n"
	       " <joint name='j' type='revolute'><parent link='a'/><child link='b'/>\n"
	       "  <limit effort='1' velocity='1'/></joint>\n"
	       " <joint name='k' type='continuous'><parent link='b'/><child link='c'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:3:3: warning: link 'b' has no <inertial> and its parent joint 'j' is not "
	       "fixed, so it cannot be a frame; it is left out with that joint and 1 link below it; "
	       "give it an <inertial> with a positive mass\n");
}

Test(warn, zero_mass_link_dropped)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>\n"
	       "   <inertial><mass value='0'/><inertia ixx='0' ixy='0' ixz='0' iyy='0' iyz='0' izz='0'/></inertial>\n"
	       " </link>\n"
	       " <joint name='j' type='continuous'><parent link='a'/><child link='b'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:3:2: warning: link 'b' has a mass <= 0 and its parent joint 'j' is not "
	       "fixed, so it cannot be a frame; it is left out with that joint and 0 links below it; "
	       "give it an <inertial> with a positive mass\n");
}

Test(warn, massless_root)
{
	warned("<robot name='r'>\n"
	       "  <link name='base'/>\n"
	       " <link name='arm'>" INERTIAL "</link>\n"
	       " <joint name='j' type='continuous'><parent link='base'/><child link='arm'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:2:3: warning: root link 'base' has no <inertial>; SDFormat needs a positive "
	       "mass, so it is left out with all 1 link below it and the model has no link; give "
	       "it an <inertial> with a positive mass\n");
}

Test(warn, no_link_with_mass_below_world)
{
	warned("<robot name='r'>\n"
	       " <link name='world'/>\n"
	       " <link name='base'/>\n"
	       " <joint name='j' type='floating'><parent link='world'/><child link='base'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:4:2: warning: floating joint 'j' has no SDFormat 1.9 equivalent; left out, "
	       "link 'base' is posed at its origin instead\n"
	       "t.urdf:3:2: warning: link 'base' has no <inertial> and its parent joint 'j' is not "
	       "fixed, so it cannot be a frame; it is left out with that joint and 0 links below "
	       "it; give it an <inertial> with a positive mass\n"
	       "t.urdf:1:1: warning: the model has no link with mass; simulators will not load it\n");
}

Test(warn, gazebo_reference_with_suggestion)
{
	warned("<robot name='r'>\n"
	       " <link name='laser_link'>" INERTIAL "</link>\n"
	       "   <gazebo reference='lasr_link'><mu1>0.5</mu1></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:3:4: warning: <gazebo reference='lasr_link'> names no link or joint; "
	       "did you mean 'laser_link'?\n");
}

Test(warn, gazebo_reference_suggests_joints_too)
{
	warned("<robot name='r'>\n"
	       " <link name='arm_link'>" INERTIAL "</link>\n"
	       " <link name='hand_link'>" INERTIAL "</link>\n"
	       " <joint name='arm_joint' type='fixed'><parent link='arm_link'/>"
	       "<child link='hand_link'/></joint>\n"
	       " <gazebo reference='arm_jiont'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:5:2: warning: <gazebo reference='arm_jiont'> names no link or joint; "
	       "did you mean 'arm_joint'?\n");
}

Test(warn, gazebo_reference_without_suggestion)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <gazebo reference='camera_optical_frame'>\n"
	       "  <sensor name='cam' type='camera'/>\n"
	       " </gazebo>\n"
	       "</robot>\n",
	       "t.urdf:3:2: warning: <gazebo reference='camera_optical_frame'> names no link or "
	       "joint; ignored\n");
}

Test(warn, extension_on_lumped_joint)
{
	warned("<robot name='r'>\n"
	       AB_FIXED
	       "  <gazebo reference='j'><provideFeedback>true</provideFeedback></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:5:3: warning: fixed joint 'j' is merged away by lumping, so this <gazebo> "
	       "block has no joint to apply to; add <preserveFixedJoint>true</preserveFixedJoint> "
	       "to keep it\n");
}

Test(warn, floating_joint_left_out)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       "  <joint name='free' type='floating'><parent link='a'/><child link='b'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:4:3: warning: floating joint 'free' has no SDFormat 1.9 equivalent; left "
	       "out, link 'b' is posed at its origin instead\n");
}

Test(warn, planar_joint_left_out)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='table' type='planar'>\n"
	       "  <origin xyz='0 0 1'/><parent link='a'/><child link='b'/>\n"
	       " </joint>\n"
	       "</robot>\n",
	       "t.urdf:4:2: warning: planar joint 'table' has no SDFormat 1.9 equivalent; left "
	       "out, link 'b' is posed at its origin instead\n");
}

Test(warn, link_and_joint_share_a_name)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       "  <joint name='b' type='revolute'><parent link='a'/><child link='b'/>\n"
	       "   <limit effort='1' velocity='1'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:4:3: warning: joint 'b' has the name of a link (line 3); SDFormat needs "
	       "distinct names\n");
}

Test(warn, mimic_ignored)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <link name='c'>" INERTIAL "</link>\n"
	       " <joint name='j' type='continuous'><parent link='a'/><child link='b'/></joint>\n"
	       " <joint name='k' type='continuous'><parent link='b'/><child link='c'/>\n"
	       "    <mimic joint='j' multiplier='-1'/>\n"
	       " </joint>\n"
	       "</robot>\n",
	       "t.urdf:7:5: warning: joint 'k': <mimic> has no SDFormat 1.9 equivalent; ignored\n");
}

/* Hands have a mimic joint per finger: one line for all of them. */
Test(warn, several_mimics_in_one_line)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <link name='c'>" INERTIAL "</link>\n"
	       " <joint name='j' type='continuous'><parent link='a'/><child link='b'/>\n"
	       "  <mimic joint='k'/></joint>\n"
	       " <joint name='k' type='continuous'><parent link='b'/><child link='c'/>\n"
	       "  <mimic joint='j'/></joint>\n"
	       "</robot>\n",
	       "t.urdf:6:3: warning: joint 'j' (and 1 other joint): <mimic> has no SDFormat 1.9 "
	       "equivalent; ignored\n");
}

Test(warn, limits_swapped)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='j' type='prismatic'><parent link='a'/><child link='b'/>\n"
	       "   <limit lower='0.5' upper='-0.25' effort='1' velocity='1'/>\n"
	       " </joint>\n"
	       "</robot>\n",
	       "t.urdf:5:4: warning: joint 'j': limit lower 0.5 > upper -0.25; swapping the two\n");
}

Test(warn, visual_material_not_defined)
{
	warned("<robot name='r'>\n"
	       " <material name='red'><color rgba='1 0 0 1'/></material>\n"
	       " <link name='a'>" INERTIAL "\n"
	       "  <visual><geometry><sphere radius='1'/></geometry>\n"
	       "    <material name='blue'/>\n"
	       "  </visual>\n"
	       " </link>\n"
	       "</robot>\n",
	       "t.urdf:5:5: warning: link 'a': material 'blue' is not defined and gives no "
	       "colour; the visual gets none, as urdfdom reads it\n");
}

/* ---- warned: the rest of what u2s tells ------------------------------------------------------- */

Test(warn, massless_link_on_kept_fixed_joint_becomes_frame)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       "  <link name='tool'/>\n"
	       " <joint name='j' type='fixed'><parent link='a'/><child link='tool'/></joint>\n"
	       " <gazebo reference='j'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:3:3: warning: link 'tool' has no <inertial>; its fixed joint 'j' is kept, "
	       "so both are written as <frame>s\n");
}

Test(warn, inertial_without_inertia)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>\n"
	       "   <inertial><mass value='2'/></inertial>\n"
	       " </link>\n"
	       "</robot>\n",
	       "t.urdf:3:4: warning: <inertial> has no <inertia>; using zero inertia\n"
	       "t.urdf:3:4: warning: link 'a': mass 2 with an inertia of 0, which loaders "
	       "accept, but on which DART, gz-sim's default physics engine, can abort "
	       "(--repair gives it the inertia of a ball 5 cm in radius)\n");
}

Test(warn, inertia_violates_triangle_inequality)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>\n"
	       "  <inertial><mass value='2'/>\n"
	       "   <inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='3'/></inertial>\n"
	       " </link>\n"
	       "</robot>\n",
	       "t.urdf:3:3: warning: link 'a': principal moments 1, 1, 3 violate the triangle "
	       "inequality; simulators reject it\n");
}

Test(warn, second_origin_in_visual)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "\n"
	       "  <visual><origin xyz='1 0 0'/><geometry><sphere radius='1'/></geometry>\n"
	       "   <origin xyz='2 0 0'/></visual>\n"
	       " </link>\n"
	       "</robot>\n",
	       "t.urdf:4:4: warning: a second <origin> in <visual> is ignored "
	       "(the first counts, as in urdfdom)\n");
}

Test(warn, gazebo_tag_that_does_not_apply)
{
	warned("<robot name='r'>\n"
	       AB_FIXED
	       " <gazebo reference='a'><stopErp>0.2</stopErp></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:5:2: warning: <stopErp> does not apply to a; ignored\n");
}

Test(warn, preserve_on_moving_joint)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='j' type='continuous'><parent link='a'/><child link='b'/></joint>\n"
	       "  <gazebo reference='j'><preserveFixedJoint>true</preserveFixedJoint></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:5:3: warning: joint 'j' is continuous, not fixed: <preserveFixedJoint> and "
	       "<disableFixedJointLumping> change nothing\n");
}

Test(warn, cfm_damping_deprecated)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='j' type='continuous'><parent link='a'/><child link='b'/></joint>\n"
	       " <gazebo reference='j'>\n"
	       "   <cfmDamping>true</cfmDamping>\n"
	       " </gazebo>\n"
	       "</robot>\n",
	       "t.urdf:6:4: warning: <cfmDamping> is deprecated; use <implicitSpringDamper> instead\n");
}

Test(warn, canonical_body_ignored)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <gazebo>\n"
	       "  <canonicalBody>a</canonicalBody>\n"
	       " </gazebo>\n"
	       "</robot>\n",
	       "t.urdf:4:3: warning: <canonicalBody> has no SDFormat equivalent; ignored\n");
}

Test(warn, sensor_pose_not_moved_with_its_lumped_link)
{
	warned("<robot name='r'>\n"
	       AB_FIXED
	       " <gazebo reference='b'>\n"
	       "  <sensor name='s' type='imu'>\n"
	       "    <pose>0 0 1 0 0 1x</pose>\n"
	       "  </sensor>\n"
	       " </gazebo>\n"
	       "</robot>\n",
	       "t.urdf:7:5: warning: <sensor> <pose> '0 0 1 0 0 1x' is not 6 numbers; left as it is "
	       "although link 'b' is merged into 'a'\n");
}

/* A chain of DEPTH fixed joints with an imu sensor on every link below the
 * first, one block a line (sensor i on line i + 1 + 2 * DEPTH + 1). */
static char *sensor_chain(unsigned depth)
{
	size_t cap = 600 * (depth + 2), len = 0;
	char *s = malloc(cap);
	unsigned i;

	cr_assert_not_null(s);
	len += snprintf(s + len, cap - len, "<robot name='r'>\n <link name='l0'>" INERTIAL "</link>\n");
	for (i = 1; i <= depth; i++)
		len += snprintf(s + len, cap - len, " <link name='l%u'>" INERTIAL "</link><joint name='j%u' "
				"type='fixed'><origin xyz='0.1 0.2 0.3' rpy='0.1 0.2 0.3'/>"
				"<parent link='l%u'/><child link='l%u'/></joint>\n", i, i, i - 1, i);
	for (i = 1; i <= depth; i++)
		len += snprintf(s + len, cap - len, " <gazebo reference='l%u'><sensor name='s%u' "
				"type='imu'><pose>0.1 0 0 0 0 0.2</pose></sensor></gazebo>\n", i, i);
	snprintf(s + len, cap - len, "</robot>\n");
	return s;
}

/* Moving sensors merge by merge (1.11) costs the depth of each: the walks
 * of a conversion take at most 32 steps per link and blob (lump.c), and
 * what comes after is moved in one exact step, with a warning.  Depth 100
 * needs 5050 steps of its 6464; depth 200 needs 20100 of 12864: sensors
 * 1 to 160 are walked (the 160th starts with 144 steps left), 161 to 200
 * composed. */
Test(warn, merge_walks_share_a_linear_budget)
{
	char *chain = sensor_chain(100);
	struct run r = run(chain, "--sdf-version=1.11", "t.urdf", NULL);

	cr_assert_eq(r.status, 0);
	cr_assert_str_eq(r.err, "");
	run_free(&r);
	free(chain);
	chain = sensor_chain(200);
	r = run(chain, "--sdf-version=1.11", "t.urdf", NULL);
	cr_assert_eq(r.status, 0);
	cr_assert(strstr(r.err, "t.urdf:363:") == r.err &&
		  strstr(r.err, "libsdformat does: 40 of them, from here on, are moved in one "
			 "exact step"), "%s", r.err);
	run_free(&r);
	r = run(NULL, "--sdf-version=1.9", "t.urdf", NULL);   /* composed, no walk */
	cr_assert_str_eq(r.err, "");
	run_free(&r);
	free(chain);
}

/* The offset is rewritten for the merged link: what cannot be read of it
 * is said, not silently taken as zero. */
Test(warn, plugin_offset_not_numbers)
{
	warned("<robot name='r'>\n"
	       AB_FIXED
	       " <gazebo reference='b'>\n"
	       "  <plugin name='imu' filename='imu.so'><bodyName>b</bodyName>\n"
	       "   <xyzOffset>0 0 0.1</xyzOffset>\n"
	       "    <rpyOffset>0 0 pi</rpyOffset>\n"
	       "  </plugin>\n"
	       " </gazebo>\n"
	       "</robot>\n",
	       "t.urdf:8:5: warning: <plugin> <rpyOffset> '0 0 pi' is not 3 numbers; taken as "
	       "0 0 0 in the offset from link 'b', merged into 'a'\n");
}

Test(warn, blob_on_joint_that_became_a_frame)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <link name='tool'/>\n"
	       " <joint name='j' type='fixed'><parent link='a'/><child link='tool'/></joint>\n"
	       " <gazebo reference='j'>\n"
	       "  <preserveFixedJoint>true</preserveFixedJoint>\n"
	       "   <sensor name='ft' type='force_torque'/>\n"
	       " </gazebo>\n"
	       "</robot>\n",
	       "t.urdf:3:2: warning: link 'tool' has no <inertial>; its fixed joint 'j' is kept, "
	       "so both are written as <frame>s\n"
	       "t.urdf:7:4: warning: <sensor name='ft'> cannot attach to joint 'j', which became "
	       "a frame (link 'tool' has no mass); left out\n");
}

/* ---- hostile input ---------------------------------------------------------------------------- */

#define LOL_DTD \
	"<?xml version='1.0'?>\n" \
	"<!DOCTYPE robot [\n" \
	" <!ENTITY l0 'lol'>\n" \
	" <!ENTITY l1 '&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;'>\n" \
	" <!ENTITY l2 '&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;'>\n" \
	" <!ENTITY l3 '&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;'>\n" \
	" <!ENTITY l4 '&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;'>\n" \
	" <!ENTITY l5 '&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;'>\n" \
	" <!ENTITY l6 '&l5;&l5;&l5;&l5;&l5;&l5;&l5;&l5;&l5;&l5;'>\n" \
	" <!ENTITY l7 '&l6;&l6;&l6;&l6;&l6;&l6;&l6;&l6;&l6;&l6;'>\n" \
	" <!ENTITY l8 '&l7;&l7;&l7;&l7;&l7;&l7;&l7;&l7;&l7;&l7;'>\n" \
	" <!ENTITY l9 '&l8;&l8;&l8;&l8;&l8;&l8;&l8;&l8;&l8;&l8;'>\n" \
	"]>\n"

/* Peak memory allowed for inputs that must not make u2s grow with what
 * they would expand to (billion laughs: 3 GB of text).  A sanitizer build
 * needs some tens of MB more than a plain one. */
#define SMALL_RSS_KB (128 * 1024)

/* 10^9 "lol"s in a <gazebo> text, which u2s would copy into the SDF. */
Test(hostile, billion_laughs_in_text)
{
	rejected(LOL_DTD
		 "<robot name='r'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 " <gazebo><plugin name='p' filename='p.so'>\n"
		 "  <x>&l9;</x>\n"
		 " </plugin></gazebo>\n"
		 "</robot>\n",
		 "t.urdf:17:6: error: malformed XML: limit on input amplification factor "
		 "(from DTD and entities) breached\n");
	{
		struct run r = run(NULL, "t.urdf", NULL);
		cr_assert_lt(r.maxrss_kb, SMALL_RSS_KB, "peak memory %ld kB", r.maxrss_kb);
		run_free(&r);
	}
}

Test(hostile, billion_laughs_in_attribute)
{
	rejected(LOL_DTD
		 "<robot name='&l9;'>\n"
		 " <link name='a'>" INERTIAL "</link>\n"
		 "</robot>\n",
		 "t.urdf:14:1: error: malformed XML: limit on input amplification factor "
		 "(from DTD and entities) breached\n");
	{
		struct run r = run(NULL, "t.urdf", NULL);
		cr_assert_lt(r.maxrss_kb, SMALL_RSS_KB, "peak memory %ld kB", r.maxrss_kb);
		run_free(&r);
	}
}

/* Entities declared in the document itself still work. */
Test(hostile, internal_entities_expand)
{
	struct run r = run("<?xml version='1.0'?>\n"
			   "<!DOCTYPE robot [ <!ENTITY n 'arm'> <!ENTITY m '&n;_base'> ]>\n"
			   "<robot name='&n;'>\n"
			   " <link name='&m;'>" INERTIAL "</link>\n"
			   "</robot>\n", "t.urdf", NULL);

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert_str_eq(r.err, "");
	cr_assert_not_null(strstr(r.out, "<model name='arm'>"), "%s", r.out);
	cr_assert_not_null(strstr(r.out, "<link name='arm_base'>"), "%s", r.out);
	run_free(&r);
}

#define SECRET "SECRET-7f3a"

/* A file that XXE would read into the output: nothing of it may show. */
static void put_secret(void)
{
	put_file("secret.txt", SECRET "\n", strlen(SECRET) + 1);
	put_file("secret.dtd", "<!ENTITY y '" SECRET "'>\n", strlen(SECRET) + 14);
}

static void rejected_without_secret(const char *urdf, const char *messages)
{
	struct run r;

	put_secret();
	r = run(urdf, "t.urdf", NULL);
	cr_assert_eq(r.status, 1, "exit status %d:\n%s", r.status, r.err);
	cr_assert_eq(r.outlen, 0, "%s", r.out);
	cr_assert_str_eq(r.err, messages);
	cr_assert_null(strstr(r.err, SECRET));
	run_free(&r);
	/* with --werror nothing changes; the point is that no run reads it */
	r = run(NULL, "-q", "t.urdf", NULL);
	cr_assert_eq(r.status, 1);
	cr_assert_null(strstr(r.err, SECRET));
	run_free(&r);
}

Test(hostile, external_entity_is_not_read)
{
	rejected_without_secret("<?xml version='1.0'?>\n"
				"<!DOCTYPE robot [ <!ENTITY x SYSTEM 'secret.txt'> ]>\n"
				"<robot name='r'>\n"
				" <link name='a'>" INERTIAL "</link>\n"
				" <gazebo><plugin name='p' filename='p.so'><key>&x;</key></plugin></gazebo>\n"
				"</robot>\n",
				"t.urdf:5:48: error: external entity 'secret.txt' is not read (u2s "
				"reads no file or URL that its input names)\n");
}

Test(hostile, external_entity_in_attribute_is_not_read)
{
	rejected_without_secret("<?xml version='1.0'?>\n"
				"<!DOCTYPE robot [ <!ENTITY x SYSTEM 'secret.txt'> ]>\n"
				"<robot name='&x;'>\n"
				" <link name='a'>" INERTIAL "</link>\n"
				"</robot>\n",
				"t.urdf:3:14: error: malformed XML: reference to external entity "
				"in attribute\n");
}

Test(hostile, external_dtd_is_not_read)
{
	rejected_without_secret("<?xml version='1.0'?>\n"
				"<!DOCTYPE robot SYSTEM 'secret.dtd'>\n"
				"<robot name='r'>\n"
				" <link name='a'>" INERTIAL "</link>\n"
				" <gazebo><plugin name='p' filename='p.so'><key>&y;</key></plugin></gazebo>\n"
				"</robot>\n",
				"t.urdf:5:48: error: entity '&y;' is not defined (u2s reads no "
				"external DTD or parameter entity)\n");
}

Test(hostile, external_parameter_entity_is_not_read)
{
	rejected_without_secret("<?xml version='1.0'?>\n"
				"<!DOCTYPE robot [\n"
				" <!ENTITY % p SYSTEM 'secret.dtd'>\n"
				" %p;\n"
				"]>\n"
				"<robot name='r'>\n"
				" <link name='a'>" INERTIAL "</link>\n"
				" <gazebo>&y;</gazebo>\n"
				"</robot>\n",
				"t.urdf:8:10: error: entity '&y;' is not defined (u2s reads no "
				"external DTD or parameter entity)\n");
}

/* Expat keeps no recursion per level, and u2s stops at 4096 levels: the
 * 4095th <a> is the 4097th open element, counting the document. */
Test(hostile, million_nested_elements)
{
	struct run r = run_stream("<robot name='r'><gazebo>", "<a>", 1000000, "");
	char want[128];

	snprintf(want, sizeof want, "<stdin>:1:%d: error: elements nested deeper than 4096 levels\n",
		 24 + 3 * 4094 + 1);
	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, want);
	run_free(&r);
}

Test(hostile, million_nested_elements_in_a_link)
{
	struct run r = run_stream("<robot name='r'>\n<link name='a'>", "<visual>", 1000000, "");
	char want[256];

	/* The second <visual> is no child of a visual: ignored, said once,
	 * and all below it with it. */
	snprintf(want, sizeof want, "<stdin>:2:24: warning: <visual> is not a child of <visual> "
		 "in URDF; ignored\n"
		 "<stdin>:2:%d: error: elements nested deeper than 4096 levels\n",
		 15 + 8 * 4094 + 1);
	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, want);
	run_free(&r);
}

/* A 100 MB name converts, with memory a small multiple of the input
 * (expat holds the whole start tag, the model a copy). */
Test(hostile, hundred_megabyte_attribute_value)
{
	struct run r = run_stream("<robot name='", "0123456789", 10000000,
				  "'>\n <link name='a'>" INERTIAL "</link>\n</robot>\n");

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert_str_eq(r.err, "");
	cr_assert_gt(r.outlen, 100000000);
	cr_assert_eq(strncmp(strstr(r.out, "<model name='"), "<model name='0123456789", 22), 0);
	cr_assert_lt(r.maxrss_kb, 8 * 100000, "peak memory %ld kB for a 100 MB input", r.maxrss_kb);
	run_free(&r);
}

/* A 100 MB number that overflows: an error that quotes only its start. */
Test(hostile, hundred_megabyte_number)
{
	struct run r = run_stream("<robot name='r'>\n <link name='a'>\n  <inertial><mass value='",
				  "9999999999", 10000000,
				  "'/><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/>"
				  "</inertial>\n </link>\n</robot>\n");

	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, "<stdin>:3:13: error: <mass value='999999999999999999999999999"
			 "9999999999999999999999999999999999999...'>: not a finite number\n");
	cr_assert_lt(r.maxrss_kb, 8 * 100000, "peak memory %ld kB for a 100 MB input", r.maxrss_kb);
	run_free(&r);
}

static void rejected_bytes(const char *data, size_t len, const char *messages)
{
	struct run r;

	put_file("t.urdf", data, len);
	r = run(NULL, "t.urdf", NULL);
	cr_assert_eq(r.status, 1, "exit status %d:\n%s", r.status, r.err);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, messages);
	run_free(&r);
	r = run_stdin(data, len, NULL);
	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	cr_assert_eq(strncmp(r.err, "<stdin>:", 8), 0, "%s", r.err);
	cr_assert_str_eq(strchr(r.err, ':'), strchr(messages, ':'));
	run_free(&r);
}

#define BYTES(s) s, sizeof s - 1

Test(hostile, nul_byte_in_a_name)
{
	rejected_bytes(BYTES("<robot name='r'>\n <link name='a\0b'/>\n</robot>\n"),
		       "t.urdf:2:15: error: malformed XML: not well-formed (invalid token)\n");
}

Test(hostile, nul_byte_in_text)
{
	rejected_bytes(BYTES("<robot name='r'>\n <gazebo>\n  <x>a\0</x></gazebo>\n</robot>\n"),
		       "t.urdf:3:7: error: malformed XML: not well-formed (invalid token)\n");
}

Test(hostile, nul_byte_after_the_root)
{
	rejected_bytes(BYTES("<robot name='r'>\n <link name='a'/>\n</robot>\n\0"),
		       "t.urdf:4:1: error: malformed XML: not well-formed (invalid token)\n");
}

Test(hostile, invalid_utf8_byte)
{
	rejected_bytes(BYTES("<robot name='r'>\n <link name='\xff'/>\n</robot>\n"),
		       "t.urdf:2:14: error: malformed XML: not well-formed (invalid token)\n");
}

Test(hostile, overlong_utf8)
{
	rejected_bytes(BYTES("<robot name='r'>\n <link name='a\xc0\xaf'/>\n</robot>\n"),
		       "t.urdf:2:15: error: malformed XML: not well-formed (invalid token)\n");
}

Test(hostile, utf8_surrogate)
{
	rejected_bytes(BYTES("<robot name='r'>\n <gazebo>\xed\xa0\x80</gazebo>\n</robot>\n"),
		       "t.urdf:2:10: error: malformed XML: not well-formed (invalid token)\n");
}

Test(hostile, truncated_utf8_at_the_end)
{
	rejected_bytes(BYTES("<robot name='r'>\n <link name='a'/>\n</robot>\xe2\x82"),
		       "t.urdf:3:9: error: malformed XML: partial character\n");
}

/* A screenful, not a flood: 50 errors, then one line that says so. */
Test(hostile, thousand_errors)
{
	char *urdf = malloc(1000 * 16 + 64);
	struct run r;
	unsigned i, lines = 0;
	const char *p;

	cr_assert_not_null(urdf);
	strcpy(urdf, "<robot name='r'>\n");
	for (i = 0; i < 1000; i++)
		strcat(urdf, "<link/>\n");
	strcat(urdf, "</robot>\n");
	r = run(urdf, "t.urdf", NULL);
	free(urdf);
	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	for (p = r.err; (p = strchr(p, '\n')) != NULL; p++)
		lines++;
	cr_assert_eq(lines, 51);
	cr_assert_eq(strncmp(r.err, "t.urdf:2:1: error: <link> has no 'name' attribute\n", 50), 0);
	cr_assert_not_null(strstr(r.err, "\nt.urdf: error: too many errors; not reporting more\n"));
	run_free(&r);
}

/* ---- the command line: statuses, files ---------------------------------------------------- */

#define GOOD "<robot name='r'>\n <link name='a'>" INERTIAL "</link>\n</robot>\n"

Test(cli, converts_to_stdout)
{
	struct run r = run(GOOD, "t.urdf", NULL);

	cr_assert_eq(r.status, 0);
	cr_assert_str_eq(r.err, "");
	cr_assert_eq(strncmp(r.out, "<?xml version='1.0' encoding='UTF-8'?>\n<sdf version='1.9'>", 57), 0);
	run_free(&r);
}

Test(cli, stdin_is_named_stdin)
{
	static const char urdf[] = "<robot name='r'>\n  <link/>\n</robot>\n";
	struct run r = run_stdin(urdf, sizeof urdf - 1, NULL), dash;

	cr_assert_eq(r.status, 1);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, "<stdin>:2:3: error: <link> has no 'name' attribute\n");
	dash = run_stdin(urdf, sizeof urdf - 1, "-");
	cr_assert_eq(dash.status, 1);
	cr_assert_str_eq(dash.err, r.err);
	run_free(&r);
	run_free(&dash);
}

Test(cli, output_file_written_atomically)
{
	struct run r = run(GOOD, "-o", "out.sdf", "t.urdf", NULL), s = run(NULL, "t.urdf", NULL);
	char left[1024];
	int fd;

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert_eq(r.outlen, 0);
	leftovers("t.urdf", left, sizeof left);
	cr_assert_str_eq(left, "out.sdf");
	fd = open(strcat(strcat(strcpy(left, dir), "/"), "out.sdf"), O_RDONLY);
	cr_assert_geq(fd, 0);
	{
		size_t len;
		char *sdf = slurp(fd, &len);
		cr_assert_str_eq(sdf, s.out);
		free(sdf);
	}
	close(fd);
	run_free(&r);
	run_free(&s);
}

/* A rejected input leaves an existing OUT as it was. */
Test(cli, rejected_input_keeps_existing_output)
{
	struct run r;
	char path[PATH_MAX + 16];
	size_t len;
	char *kept;
	int fd;

	put_file("out.sdf", "old", 3);
	r = run("<robot name='r'><link/></robot>", "-o", "out.sdf", "t.urdf", NULL);
	cr_assert_eq(r.status, 1);
	snprintf(path, sizeof path, "%s/out.sdf", dir);
	fd = open(path, O_RDONLY);
	cr_assert_geq(fd, 0);
	kept = slurp(fd, &len);
	cr_assert_str_eq(kept, "old");
	free(kept);
	close(fd);
	{
		char left[1024];
		leftovers("t.urdf", left, sizeof left);
		cr_assert_str_eq(left, "out.sdf");
	}
	run_free(&r);
}

Test(cli, usage_errors)
{
	struct run r = run(GOOD, "--no-such-option", "t.urdf", NULL);

	cr_assert_eq(r.status, 2);
	cr_assert_eq(r.outlen, 0);
	cr_assert_not_null(strstr(r.err, "Try 'u2s --help'"), "%s", r.err);
	run_free(&r);
	r = run(NULL, "t.urdf", "t.urdf", NULL);
	cr_assert_eq(r.status, 2);
	cr_assert_eq(r.outlen, 0);
	run_free(&r);
	r = run(NULL, "t.urdf", "-o", NULL);
	cr_assert_eq(r.status, 2);
	cr_assert_eq(r.outlen, 0);
	run_free(&r);
}

Test(cli, help_lists_exit_statuses)
{
	struct run r = run(NULL, "--help", NULL);

	cr_assert_eq(r.status, 0);
	cr_assert_not_null(strstr(r.out, "Exit status: 0 converted (warnings allowed), 1 input rejected,\n"
				  "2 usage error, 3 cannot read the input or write the output."), "%s", r.out);
	run_free(&r);
}

Test(cli, input_that_cannot_be_read)
{
	struct run r = run(NULL, "nosuch.urdf", NULL);

	cr_assert_eq(r.status, 3);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, "u2s: cannot open nosuch.urdf: No such file or directory\n");
	run_free(&r);
	r = run(NULL, ".", NULL);   /* a directory opens, but does not read */
	cr_assert_eq(r.status, 3);
	cr_assert_eq(r.outlen, 0);
	cr_assert_str_eq(r.err, ".: error: cannot read input: Is a directory\n");
	run_free(&r);
}

Test(cli, output_that_cannot_be_written)
{
	struct run r = run(GOOD, "-o", "no/such/dir/out.sdf", "t.urdf", NULL);

	cr_assert_eq(r.status, 3);
	cr_assert_str_eq(r.err, "u2s: cannot create a file beside no/such/dir/out.sdf: "
			 "No such file or directory\n");
	run_free(&r);
}

/* A full disk: status 3 and a message, not a crash or a silent success. */
Test(cli, output_device_full)
{
	const char *argv[3] = { NULL, "t.urdf", NULL };
	int full = open("/dev/full", O_WRONLY), in = open("/dev/null", O_RDONLY), errfd, outfd;
	pid_t pid;
	struct run r;

	cr_assert_geq(full, 0, "/dev/full: %s", strerror(errno));
	put_file("t.urdf", GOOD, strlen(GOOD));
	pid = start(argv, in, full, &outfd, &errfd);
	close(in);
	close(full);
	r = finish(pid, outfd, errfd);
	cr_assert_eq(r.status, 3);
	cr_assert_str_eq(r.err, "t.urdf: error: cannot write the SDF output: No space left on device\n");
	run_free(&r);
}

/* ---- what is not URDF: ignored, but said ------------------------------------------- */

Test(warn, elements_that_are_not_urdf)
{
	warned("<robot name='r'>\n"
	       " <link name='a'><inertail/>" INERTIAL "\n"
	       "  <visual><geometry><sphere radius='1'/></geometry><colour/></visual>\n"
	       "  <collision><geometry><sphere radius='1'/></geometry><verbose/></collision>\n"
	       " </link>\n"
	       " <joint name='j' type='fixed'><parent link='a'/><child link='b'/><limits/></joint>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <transmision/>\n"
	       "</robot>\n",
	       "t.urdf:2:17: warning: <inertail> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:3:52: warning: <colour> is not a child of <visual> in URDF; ignored\n"
	       "t.urdf:4:55: warning: <verbose> is not a child of <collision> in URDF; ignored\n"
	       "t.urdf:6:66: warning: <limits> is not a child of <joint> in URDF; ignored\n"
	       "t.urdf:8:2: warning: <transmision> is not a child of <robot> in URDF; ignored\n");
}

/* The reader tells elements apart by their first letters, then one
 * comparison: names that share those letters, prefixes and extensions of
 * URDF's names, and one-letter names are not URDF. */
Test(warn, near_miss_names_are_not_urdf)
{
	warned("<robot name='r'>\n"
	       " <link name='a'><i/><inertia/><inertials/>" INERTIAL "<c/><co/><coll/>\n"
	       "  <visual><geometry><sphere radius='1'/></geometry><materia/><origins/></visual>\n"
	       " </link>\n"
	       " <l/><lin/><ro/><r/>\n"
	       "</robot>\n",
	       "t.urdf:2:17: warning: <i> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:2:21: warning: <inertia> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:2:31: warning: <inertials> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:2:139: warning: <c> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:2:143: warning: <co> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:2:148: warning: <coll> is not a child of <link> in URDF; ignored\n"
	       "t.urdf:3:52: warning: <materia> is not a child of <visual> in URDF; ignored\n"
	       "t.urdf:3:62: warning: <origins> is not a child of <visual> in URDF; ignored\n"
	       "t.urdf:5:2: warning: <l> is not a child of <robot> in URDF; ignored\n"
	       "t.urdf:5:6: warning: <lin> is not a child of <robot> in URDF; ignored\n"
	       "t.urdf:5:12: warning: <ro> is not a child of <robot> in URDF; ignored\n"
	       "t.urdf:5:17: warning: <r> is not a child of <robot> in URDF; ignored\n");
}

/* Elements of URDF that SDFormat has no use for stay quiet. */
static void converted_quietly(const char *urdf)
{
	struct run r = run(urdf, "t.urdf", NULL);

	cr_assert_eq(r.status, 0, "exit status %d; messages:\n%s", r.status, r.err);
	cr_assert_str_eq(r.err, "");
	run_free(&r);
}

Test(warn, urdf_without_sdformat_meaning_is_quiet)
{
	converted_quietly("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL
	       "<collision><geometry><sphere radius='1'/></geometry><material name='m'/></collision>"
	       "</link>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='j' type='revolute'><parent link='a'/><child link='b'/>\n"
	       "  <limit effort='1' velocity='1'/><safety_controller k_velocity='1'/>"
	       "<calibration rising='0'/></joint>\n"
	       " <transmission name='t'><type>x</type></transmission>\n"
	       " <ros2_control name='c' type='system'/>\n"
	       "</robot>\n");
}

/* A common mistake: the block inside the link it is meant for. */
Test(warn, gazebo_inside_a_link)
{
	warned("<robot name='r'>\n"
	       " <link name='a'><gazebo><mu1>1</mu1></gazebo>" INERTIAL "</link>\n"
	       "</robot>\n",
	       "t.urdf:2:17: warning: <gazebo> inside <link> is ignored; put it in <robot> "
	       "as <gazebo reference='a'>\n");
}

/* A material's texture is not written (libsdformat writes none either). */
Test(warn, texture_left_out)
{
	warned("<robot name='r'>\n"
	       " <material name='wood'><texture filename='wood.png'/></material>\n"
	       " <link name='a'>" INERTIAL "<visual><geometry><sphere radius='1'/></geometry>"
	       "<material name='wood'/></visual></link>\n"
	       "</robot>\n",
	       "t.urdf:2:2: warning: material 'wood': <texture> is left out (SDFormat has no "
	       "URDF-style texture; give the visual a <gazebo> <material>)\n");
}

/* Two inline materials of one name: the first is every visual's, so the
 * second's colour is lost, and said so. */
Test(warn, material_named_again_with_another_colour)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "<visual><geometry><sphere radius='1'/></geometry>\n"
	       "  <material name='paint'><color rgba='1 0 0 1'/></material></visual>\n"
	       "  <visual><geometry><sphere radius='2'/></geometry>\n"
	       "  <material name='paint'><color rgba='1 0 0 1'/></material></visual>\n"
	       "  <visual><geometry><sphere radius='3'/></geometry>\n"
	       "  <material name='paint'><color rgba='0 0 1 1'/></material></visual></link>\n"
	       "</robot>\n",
	       "t.urdf:7:3: warning: material 'paint' was defined at line 3 with another colour; "
	       "that one is used, not this colour\n");
}

/* A later block for the same reference that gives a tag another value:
 * the later wins, and that is said; the same value again is quiet. */
Test(warn, later_block_replaces_a_value)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "<collision><geometry><sphere radius='1'/></geometry>"
	       "</collision></link>\n"
	       " <gazebo reference='a'><mu1>0.8</mu1><kp>10</kp><fdir1>1 0 0</fdir1></gazebo>\n"
	       " <gazebo reference='a'><mu1>0.5</mu1><kp>10</kp><fdir1>0 1 0</fdir1></gazebo>\n"
	       " <gazebo><static>true</static></gazebo>\n"
	       " <gazebo><static>false</static></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:4:2: warning: <mu1> 0.5 replaces 0.8, given by the <gazebo> block at line 3\n"
	       "t.urdf:4:2: warning: <fdir1> 0 1 0 replaces 1 0 0, given by the <gazebo> block at line 3\n"
	       "t.urdf:6:2: warning: <static> false replaces true, given by the <gazebo> block at line 5\n");
}

/* Collision and visual tags for a link that has no collision or visual. */
Test(warn, tags_for_items_the_link_lacks)
{
	warned("<robot name='r'>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <gazebo reference='a'><mu1>0.8</mu1><material>Gazebo/Red</material></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:3:2: warning: link 'a' has no <collision>, so <mu1> in this <gazebo> block "
	       "applies to nothing; ignored\n"
	       "t.urdf:3:2: warning: link 'a' has no <visual>, so <material> in this <gazebo> block "
	       "applies to nothing; ignored\n");
}

/* What a floating joint's blocks and the world link hold is not written:
 * said. */
Test(warn, blocks_of_a_floating_joint_and_the_world)
{
	warned("<robot name='r'>\n"
	       " <link name='world'>" INERTIAL "</link>\n"
	       " <link name='a'>" INERTIAL "</link>\n"
	       " <joint name='j' type='fixed'><parent link='world'/><child link='a'/></joint>\n"
	       " <link name='b'>" INERTIAL "</link>\n"
	       " <joint name='f' type='floating'><parent link='a'/><child link='b'/></joint>\n"
	       " <gazebo reference='f'><sensor name='s' type='imu'/></gazebo>\n"
	       " <gazebo reference='world'><self_collide>true</self_collide></gazebo>\n"
	       "</robot>\n",
	       "t.urdf:6:2: warning: floating joint 'f' has no SDFormat 1.9 equivalent; left out, "
	       "link 'b' is posed at its origin instead\n"
	       "t.urdf:7:2: warning: this <gazebo> block for joint 'f' is left out with the joint\n"
	       "t.urdf:2:2: warning: link 'world' is the model's fixed frame, not a link: its "
	       "<inertial> is left out\n"
	       "t.urdf:8:2: warning: this <gazebo> block for link 'world' is left out: the world "
	       "is the model's fixed frame, not a link\n");
}

/* A subnormal number (SDFormat readers refuse them) is taken as 0. */
Test(warn, subnormal_numbers)
{
	warned("<robot name='r'>\n"
	       " <link name='a'><inertial><origin xyz='1e-320 0 0'/><mass value='1'/>"
	       "<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial></link>\n"
	       "</robot>\n",
	       "t.urdf:2:27: warning: <origin xyz='1e-320 0 0'>: a number too small for SDFormat "
	       "readers (subnormal) is taken as 0\n");
}
