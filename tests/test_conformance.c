/* End-to-end conformance: run the built converter over the corpus and compare
 * what it writes with what the reference wrote, by meaning (sdfcmp.c).
 *
 * Environment (set by `make check`): U2S, the u2s binary; U2S_CORPUS, the
 * tests/corpus folder.  Unset, they default to ./u2s and tests/corpus.
 *
 * Each case is FOLDER/NAME.urdf with NAME.sdf (what the reference made of it)
 * or NAME.fails (the reference could not convert it).  The converter runs as
 * `$U2S NAME.urdf` in FOLDER, stdin from /dev/null, stdout and stderr to
 * temporary files, killed after CASE_TIMEOUT_S seconds.  The same for each
 * newer SDFormat version V: `$U2S --sdf-version V NAME.urdf` against
 * NAME.V.sdf or NAME.V.fails.  A case passes when:
 *   NAME.sdf:   exit status 0, the output is well-formed XML with no nan/inf
 *               number (but inf as an effort or velocity limit, URDF 1.2's
 *               "none", and for 1.11 and later, -inf and inf as a joint's lower
 *               and upper limits: no bound), and sdfcmp finds it equal (0) or
 *               equal out of order (1);
 *   NAME.fails, broken input (broken_inputs[]): a non-zero exit status (not
 *               a signal), nothing on stdout, and a line on stderr matching
 *               ^[^:]+:[0-9]+:[0-9]+: error: ;
 *   NAME.fails, other (a valid robot the reference computed NaN for): exit
 *               status 0, well-formed output, no nan/inf number anywhere in
 *               its text or attributes.
 * A crash (signal) or a timeout always fails.
 *
 * Every failing case is printed on stderr, "FAIL folder/name: [required] why",
 * then a tally per folder.  One Criterion test per folder asserts that all of
 * its required cases pass; which cases are required is case_required().
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <expat.h>

#include "sdfcmp.h"
#include "u2s.h"

/* 1: every case must pass.  0: only those case_required() names. */
#define CONFORMANCE_REQUIRE_ALL 1

#define CASE_TIMEOUT_S 20       /* a converter run killed after this */
#define FOLDER_BUDGET_S 120     /* cases after this are not run (and fail) */
#define WHY_MAX 600             /* characters of a reason printed */

/* Broken input: must be rejected with a FILE:LINE:COL error. */
static const char *const broken_inputs[] = {
	"bullet3__spherical_joint_limit",
	"drcsim__atlas_v4_simple_shapes",
	"drcsim__atlas_v5",
	NULL
};

static bool is_broken_input(const char *name)
{
	size_t i;

	for (i = 0; broken_inputs[i]; i++)
		if (!strcmp(name, broken_inputs[i]))
			return true;
	return false;
}

/* Whether the URDF text has a <joint ... type="fixed"> (or type='fixed'),
 * by a plain text search of its <joint start tags. */
static bool has_fixed_joint(const char *urdf)
{
	const char *p = urdf;

	while ((p = strstr(p, "<joint")) != NULL) {
		const char *end;

		p += 6;
		if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			continue;
		end = strchr(p, '>');
		if (!end)
			return false;
		for (; p < end; p++) {
			const char *q = p + 4;
			char quote;

			if (strncmp(p, "type", 4) ||
			    !(p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n' || p[-1] == '\r'))
				continue;
			while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
				q++;
			if (*q++ != '=')
				continue;
			while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
				q++;
			quote = *q++;
			if ((quote == '"' || quote == '\'') && !strncmp(q, "fixed", 5) && q[5] == quote)
				return true;
		}
	}
	return false;
}

/* THE RULE of which cases must pass for now: the URDFs without a fixed joint
 * (lumping is not done yet), and the broken inputs.  The rest are run and
 * reported, not asserted.  CONFORMANCE_REQUIRE_ALL 1 requires every case. */
static bool case_required(const char *name, const char *urdf_text)
{
	if (CONFORMANCE_REQUIRE_ALL)
		return true;
	return is_broken_input(name) || !has_fixed_joint(urdf_text);
}

/* ---- small helpers ------------------------------------------------------ */

/* snprintf that says whether it all fitted */
static bool fmt(char *buf, size_t sz, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = vsnprintf(buf, sz, f, ap);
	va_end(ap);
	return n >= 0 && (size_t)n < sz;
}

/* Whole file, NUL-terminated; NULL on error (errno). */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, r;
	char *b, *nb;

	if (!f)
		return NULL;
	b = malloc(cap);
	while (b && (r = fread(b + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (n + 1 == cap) {
			nb = realloc(b, cap *= 2);
			if (!nb)
				free(b);
			b = nb;
		}
	}
	if (b && ferror(f)) {
		free(b);
		b = NULL;
	}
	fclose(f);
	if (b) {
		b[n] = '\0';
		if (len)
			*len = n;
	}
	return b;
}

/* Read an open file from its start; NUL-terminated. */
static char *read_fd(int fd, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *b = malloc(cap), *nb;
	ssize_t r;

	if (!b || lseek(fd, 0, SEEK_SET) < 0) {
		free(b);
		return NULL;
	}
	for (;;) {
		if (n + 1 >= cap) {
			nb = realloc(b, cap *= 2);
			if (!nb) {
				free(b);
				return NULL;
			}
			b = nb;
		}
		r = read(fd, b + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(b);
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	b[n] = '\0';
	*len = n;
	return b;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* An unlinked temporary file, open for reading and writing. */
static int temp_fd(void)
{
	const char *dir = getenv("TMPDIR");
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof path, "%s/u2s-conformance-XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	return fd;
}

/* The first non-blank line of s, shortened, for a reason. */
static void first_line(const char *s, char *out, size_t outsz)
{
	size_t n;

	while (*s == '\n' || *s == '\r' || *s == ' ' || *s == '\t')
		s++;
	n = strcspn(s, "\r\n");
	if (n > 200)
		n = 200;
	snprintf(out, outsz, "%.*s%s", (int)n, s, *s ? "" : "(nothing)");
}

/* ---- running the converter ---------------------------------------------- */

struct run {
	int exec_errno;         /* the converter could not be started */
	bool timed_out;
	int status;             /* as waitpid gives it */
	char *out, *err;
	size_t outlen, errlen;
};

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
	memset(r, 0, sizeof *r);
}

/* Run `u2s urdf` in dir (`u2s --sdf-version VERSION urdf` when VERSION is
 * not NULL).  0, or -1 when the test harness itself failed (reason in why). */
static int run_u2s(const char *u2s, const char *version, const char *dir, const char *urdf,
                   struct run *r, char *why, size_t whysz)
{
	int outfd = temp_fd(), errfd = temp_fd(), pfd[2] = { -1, -1 };
	struct timespec nap = { 0, 200000 };
	double deadline;
	pid_t pid;
	int e = 0;
	ssize_t n;

	memset(r, 0, sizeof *r);
	if (outfd < 0 || errfd < 0 || pipe(pfd) || fcntl(pfd[1], F_SETFD, FD_CLOEXEC)) {
		snprintf(why, whysz, "harness: temporary files: %s", strerror(errno));
		goto fail;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(why, whysz, "harness: fork: %s", strerror(errno));
		goto fail;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);
		sigset_t none;

		setpgid(0, 0);  /* its own process group: a timeout kills all of it */
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		signal(SIGPIPE, SIG_DFL);
		if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(outfd, 1) < 0 ||
		    dup2(errfd, 2) < 0 || chdir(dir)) {
			e = errno;
		} else {
			close(devnull);
			close(outfd);
			close(errfd);
			close(pfd[0]);
			if (version)
				execlp(u2s, u2s, "--sdf-version", version, urdf, (char *)NULL);
			else
				execlp(u2s, u2s, urdf, (char *)NULL);
			e = errno;
		}
		n = write(pfd[1], &e, sizeof e);
		(void)n;
		_exit(127);
	}
	setpgid(pid, pid);      /* as the child does: whichever runs first */
	close(pfd[1]);
	pfd[1] = -1;
	do
		n = read(pfd[0], &e, sizeof e);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof e)
		r->exec_errno = e ? e : ENOEXEC;
	close(pfd[0]);
	pfd[0] = -1;

	deadline = now() + CASE_TIMEOUT_S;
	for (;;) {
		pid_t w = waitpid(pid, &r->status, WNOHANG);

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			snprintf(why, whysz, "harness: waitpid: %s", strerror(errno));
			goto fail;
		}
		if (now() > deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (waitpid(pid, &r->status, 0) < 0 && errno == EINTR)
				;
			r->timed_out = true;
			break;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 20000000)
			nap.tv_nsec *= 2;
	}
	r->out = read_fd(outfd, &r->outlen);
	r->err = read_fd(errfd, &r->errlen);
	close(outfd);
	close(errfd);
	if (!r->out || !r->err) {
		snprintf(why, whysz, "harness: reading the output back failed");
		run_free(r);
		return -1;
	}
	return 0;
fail:
	if (outfd >= 0)
		close(outfd);
	if (errfd >= 0)
		close(errfd);
	if (pfd[0] >= 0)
		close(pfd[0]);
	if (pfd[1] >= 0)
		close(pfd[1]);
	return -1;
}

/* A crash, a timeout or a failure to start, whatever the case expects. */
static bool run_broke(const struct run *r, char *why, size_t whysz)
{
	char line[256];

	if (r->exec_errno) {
		snprintf(why, whysz, "could not run the converter: %s", strerror(r->exec_errno));
		return true;
	}
	if (r->timed_out) {
		snprintf(why, whysz, "TIMEOUT: still running after %d s (killed)", CASE_TIMEOUT_S);
		return true;
	}
	if (WIFSIGNALED(r->status)) {
		first_line(r->err, line, sizeof line);
		snprintf(why, whysz, "CRASH: killed by signal %d (%s); stderr: %s",
		         WTERMSIG(r->status), strsignal(WTERMSIG(r->status)), line);
		return true;
	}
	return false;
}

static int exit_status(const struct run *r)
{
	return WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
}

/* ---- what the output must be -------------------------------------------- */

/* A line of stderr like "FILE:LINE:COL: error: ..." (^[^:]+:[0-9]+:[0-9]+: error: ) */
static bool has_located_error(const char *s)
{
	while (*s) {
		const char *p = s;
		size_t k;

		k = strcspn(p, ":\n");
		if (k > 0 && p[k] == ':') {
			p += k + 1;
			for (k = 0; p[k] >= '0' && p[k] <= '9'; k++)
				;
			if (k > 0 && p[k] == ':') {
				p += k + 1;
				for (k = 0; p[k] >= '0' && p[k] <= '9'; k++)
					;
				if (k > 0 && !strncmp(p + k, ": error: ", 9))
					return true;
			}
		}
		s += strcspn(s, "\n");
		if (*s)
			s++;
	}
	return false;
}

/* Looking for nan/inf numbers in every text and attribute value. */
struct finite_scan {
	XML_Parser p;
	char *text;
	size_t len, cap;
	char bad[80];           /* the first one found */
	int oom;
	int unbounded_limits;   /* SDFormat 1.10 and later: <lower>-inf, <upper>inf */
};

static void check_tokens(struct finite_scan *fs, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && !fs->bad[0]) {
		char tok[64], *end;
		size_t k;
		double v;

		while (i < n && strchr(" \t\r\n", s[i]))
			i++;
		for (k = 0; i + k < n && !strchr(" \t\r\n", s[i + k]); k++)
			;
		if (k > 0 && k < sizeof tok) {
			memcpy(tok, s + i, k);
			tok[k] = '\0';
			v = strtod(tok, &end);
			if (end == tok + k && !isfinite(v))
				snprintf(fs->bad, sizeof fs->bad, "'%s' (line %lu)", tok,
				         (unsigned long)XML_GetCurrentLineNumber(fs->p));
		}
		i += k;
	}
}

static void flush_text(struct finite_scan *fs)
{
	check_tokens(fs, fs->text, fs->len);
	fs->len = 0;
}

static void XMLCALL fs_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
	struct finite_scan *fs = ud;
	size_t i;

	(void)name;
	flush_text(fs);
	for (i = 0; atts[i]; i += 2)
		check_tokens(fs, atts[i + 1], strlen(atts[i + 1]));
}

static void XMLCALL fs_end(void *ud, const XML_Char *name)
{
	struct finite_scan *fs = ud;
	const char *t = fs->text;
	size_t n = fs->len;

	/* an unbounded axis, as SDFormat 1.10 and later write it */
	while (n && strchr(" \t\r\n", t[0]))
		t++, n--;
	while (n && strchr(" \t\r\n", t[n - 1]))
		n--;
	if ((fs->unbounded_limits &&
	     ((!strcmp(name, "lower") && n == 4 && !memcmp(t, "-inf", 4)) ||
	      (!strcmp(name, "upper") && n == 3 && !memcmp(t, "inf", 3)))) ||
	    /* URDF 1.2's absent effort and velocity limits: none */
	    ((!strcmp(name, "effort") || !strcmp(name, "velocity")) && n == 3 &&
	     !memcmp(t, "inf", 3))) {
		fs->len = 0;
		return;
	}
	flush_text(fs);
}

static void XMLCALL fs_text(void *ud, const XML_Char *s, int len)
{
	struct finite_scan *fs = ud;

	if (fs->len + (size_t)len > fs->cap) {
		size_t ncap = (fs->len + (size_t)len) * 2;
		char *nb = realloc(fs->text, ncap);

		if (!nb) {
			fs->oom = 1;
			return;
		}
		fs->text = nb;
		fs->cap = ncap;
	}
	memcpy(fs->text + fs->len, s, (size_t)len);
	fs->len += (size_t)len;
}

/* The first nan/inf number of a well-formed document, in why; false if
 * none.  With UNBOUNDED_LIMITS, an axis limit of -inf (lower) or inf
 * (upper) is not one: SDFormat 1.10 and later say "no bound" so. */
static bool nonfinite_number(const char *doc, size_t len, bool unbounded_limits, char *why,
			     size_t whysz)
{
	struct finite_scan fs;
	bool found;

	memset(&fs, 0, sizeof fs);
	fs.unbounded_limits = unbounded_limits;
	fs.p = XML_ParserCreate(NULL);
	if (!fs.p) {
		snprintf(why, whysz, "harness: out of memory");
		return true;
	}
	XML_SetUserData(fs.p, &fs);
	XML_SetElementHandler(fs.p, fs_start, fs_end);
	XML_SetCharacterDataHandler(fs.p, fs_text);
	if (len > INT_MAX || XML_Parse(fs.p, doc, (int)len, 1) != XML_STATUS_OK || fs.oom)
		snprintf(fs.bad, sizeof fs.bad, "(output could not be scanned)");
	found = fs.bad[0] != '\0';
	if (found)
		snprintf(why, whysz, "non-finite number in the output: %s", fs.bad);
	XML_ParserFree(fs.p);
	free(fs.text);
	return found;
}

/* ---- one case ----------------------------------------------------------- */

enum expect { EXPECT_SDF, EXPECT_REJECT, EXPECT_FINITE };

static bool check_case(const char *u2s, const char *version, const char *dir, const char *name,
                       enum expect ex, const char *sdf_path, char *why, size_t whysz)
{
	char urdf[PATH_MAX], line[256], wf[512];
	struct run r;
	bool ok = false;
	int st, c;

	if (!fmt(urdf, sizeof urdf, "%s.urdf", name)) {
		snprintf(why, whysz, "harness: name too long");
		return false;
	}
	if (run_u2s(u2s, version, dir, urdf, &r, why, whysz))
		return false;
	if (run_broke(&r, why, whysz))
		goto out;
	st = exit_status(&r);
	first_line(r.err, line, sizeof line);
	switch (ex) {
	case EXPECT_REJECT:
		if (st == 0)
			snprintf(why, whysz, "exit status 0: a broken input must be rejected");
		else if (r.outlen)
			snprintf(why, whysz, "rejected (exit status %d) but wrote %zu bytes to stdout",
			         st, r.outlen);
		else if (!has_located_error(r.err))
			snprintf(why, whysz, "rejected (exit status %d) but no FILE:LINE:COL: error: "
			         "line on stderr; stderr: %s", st, line);
		else
			ok = true;
		break;
	case EXPECT_FINITE:
	case EXPECT_SDF:
		if (st != 0) {
			snprintf(why, whysz, "exit status %d; stderr: %s", st, line);
			break;
		}
		if (sdfcmp_wellformed(r.out, r.outlen, wf, sizeof wf)) {
			snprintf(why, whysz, "output is not well-formed XML: %s", wf);
			break;
		}
		/* No output may carry nan or inf, whatever the reference says. */
		if (nonfinite_number(r.out, r.outlen, version != NULL, why, whysz))
			break;
		if (ex == EXPECT_FINITE) {
			ok = true;
			break;
		}
		{
			size_t elen;
			char *exp = slurp(sdf_path, &elen);

			if (!exp) {
				snprintf(why, whysz, "harness: cannot read %.200s: %s", sdf_path, strerror(errno));
				break;
			}
			c = sdfcmp_buffers(exp, elen, r.out, r.outlen, why, whysz);
			free(exp);
			if (c == SDFCMP_EQUAL || c == SDFCMP_REORDERED) {
				ok = true;
			} else {
				char d[WHY_MAX + 1];

				snprintf(d, sizeof d, "%s", why);
				snprintf(why, whysz, "differs from %.200s (sdfcmp %d): %.600s",
				         strrchr(sdf_path, '/') ? strrchr(sdf_path, '/') + 1 : sdf_path, c, d);
			}
		}
		break;
	}
out:
	run_free(&r);
	return ok;
}

/* ---- one folder --------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* Print one line, shortened, without line breaks inside. */
static void report(const char *folder, const char *name, bool required, const char *why)
{
	char line[WHY_MAX + 256];
	size_t i, n;

	n = (size_t)snprintf(line, sizeof line, "FAIL %s/%s: [%s] %s", folder, name,
	                     required ? "required" : "not required yet", why);
	if (n >= sizeof line)
		strcpy(line + sizeof line - 5, "...");
	for (i = 0; line[i]; i++)
		if (line[i] == '\n' || line[i] == '\r')
			line[i] = ' ';
	fprintf(stderr, "%s\n", line);
}

/* The cases of FOLDER for SDFormat VERSION (NULL: the default, the first
 * of u2s_sdf_versions(), whose expected files have no version in their
 * names). */
static void run_folder_version(const char *folder, const char *version)
{
	const char *u2s_env = getenv("U2S"), *corpus = getenv("U2S_CORPUS");
	char u2s[PATH_MAX], cwd[PATH_MAX], dir[PATH_MAX], path[PATH_MAX], why[4096], suffix[16];
	size_t n = 0, cap = 0, i, passed = 0, failed = 0, req = 0, req_passed = 0, skipped = 0;
	char **names = NULL;
	struct dirent *de;
	double t0 = now();
	DIR *d;

	if (!u2s_env || !*u2s_env)
		u2s_env = "./u2s";
	if (!corpus || !*corpus)
		corpus = "tests/corpus";
	/* the converter runs in the case's folder: make its path absolute */
	if (strchr(u2s_env, '/') && u2s_env[0] != '/' && getcwd(cwd, sizeof cwd))
		cr_assert(fmt(u2s, sizeof u2s, "%s/%s", cwd, u2s_env), "U2S path too long");
	else
		cr_assert(fmt(u2s, sizeof u2s, "%s", u2s_env), "U2S path too long");
	cr_assert(fmt(dir, sizeof dir, "%s/%s", corpus, folder), "U2S_CORPUS path too long");
	cr_assert(fmt(suffix, sizeof suffix, "%s%s", version ? "." : "", version ? version : ""));

	d = opendir(dir);
	cr_assert_not_null(d, "cannot open the corpus folder %s: %s (U2S_CORPUS=%s)",
	                   dir, strerror(errno), corpus);
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len > 5 && !strcmp(de->d_name + len - 5, ".urdf")) {
			if (n == cap) {
				char **nn = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);

				cr_assert_not_null(nn);
				names = nn;
			}
			names[n] = strndup(de->d_name, len - 5);
			cr_assert_not_null(names[n]);
			n++;
		}
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, by_name);

	for (i = 0; i < n; i++) {
		const char *name = names[i];
		char sdf[PATH_MAX], fails[PATH_MAX];
		enum expect ex;
		bool required, ok;
		char *urdf;

		if (!fmt(sdf, sizeof sdf, "%s/%s%s.sdf", dir, name, suffix) ||
		    !fmt(fails, sizeof fails, "%s/%s%s.fails", dir, name, suffix) ||
		    !fmt(path, sizeof path, "%s/%s.urdf", dir, name)) {
			skipped++;
			continue;
		}
		if (exists(sdf))
			ex = EXPECT_SDF;
		else if (exists(fails))
			ex = is_broken_input(name) ? EXPECT_REJECT : EXPECT_FINITE;
		else {
			skipped++;
			continue;
		}
		urdf = slurp(path, NULL);
		required = case_required(name, urdf ? urdf : "");
		free(urdf);
		if (now() - t0 > FOLDER_BUDGET_S) {
			snprintf(why, sizeof why, "not run: the folder's time budget of %d s is spent",
			         FOLDER_BUDGET_S);
			ok = false;
		} else {
			why[0] = '\0';
			ok = check_case(u2s, version, dir, name, ex, sdf, why, sizeof why);
		}
		if (ok)
			passed++;
		else
			failed++;
		if (required) {
			req++;
			if (ok)
				req_passed++;
		}
		if (!ok)
			report(folder, name, required, why);
	}
	fprintf(stderr, "%s (SDFormat %s): %zu passed, %zu failed (required: %zu/%zu passed), %.1f s",
	        folder, version ? version : u2s_sdf_versions()[0], passed, failed, req_passed, req,
	        now() - t0);
	if (skipped)
		fprintf(stderr, "; %zu .urdf without .sdf or .fails skipped", skipped);
	fputc('\n', stderr);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	cr_assert(n > 0, "no case in %s", dir);
	cr_assert_eq(req_passed, req, "%s: %zu of %zu required cases failed (see FAIL lines above; U2S=%s)",
	             folder, req - req_passed, req, u2s);
}

/* Every folder for every version the library writes (u2s_sdf_versions():
 * a version added to its table is tested here with no other change), the
 * default as NULL. */
static struct criterion_test_params every_version(void)
{
	/* indexes, not the strings: a parameter is copied to the test's
	 * process as bytes */
	static int index[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	const char *const *v = u2s_sdf_versions();
	size_t n = 0;

	while (v[n] && n < sizeof index / sizeof index[0])
		n++;
	return cr_make_param_array(int, index, n);
}

static void run_folder(const char *folder, int i)
{
	const char *const *v = u2s_sdf_versions();
	size_t n = 0;

	while (v[n])
		n++;
	cr_assert_leq(n, 16, "more versions than this test's table of indexes");
	run_folder_version(folder, i > 0 ? v[i] : NULL);
}

#define FOLDER(folder) \
	ParameterizedTestParameters(conformance, folder) { return every_version(); } \
	ParameterizedTest(int *version, conformance, folder) { run_folder(#folder, *version); }

FOLDER(seed)
FOLDER(real)
FOLDER(real3)
FOLDER(gen)
FOLDER(edge)
FOLDER(versions)
