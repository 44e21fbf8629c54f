/* Helpers of the tests that work with files and run programs: temporary
 * directories, files in them, and running a program with given standard
 * input, environment and working directory, its output and exit status
 * collected. */
#ifndef U2S_CLITEST_H
#define U2S_CLITEST_H

#define _XOPEN_SOURCE 700   /* nftw(), realpath() */

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

/* A new empty directory under $TMPDIR (or /tmp); the caller removes it
 * with remove_tree(). */
static inline char *temp_dir(void)
{
	const char *base = getenv("TMPDIR");
	char *path = malloc(4096);

	cr_assert_not_null(path);
	snprintf(path, 4096, "%s/u2s-test-XXXXXX", base && *base ? base : "/tmp");
	cr_assert_not_null(mkdtemp(path), "mkdtemp %s: %s", path, strerror(errno));
	return path;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static inline void remove_tree(char *path)
{
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(path);
}

/* DIR/NAME, in a buffer the caller frees. */
static inline char *path_in(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	cr_assert_not_null(p);
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/* Writes TEXT to DIR/NAME (creating the directories on the way). */
static inline void put_file(const char *dir, const char *name, const char *text)
{
	char *path = path_in(dir, name), *slash;
	FILE *f;

	for (slash = strchr(path + strlen(dir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0777);
		*slash = '/';
	}
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s: %s", path, strerror(errno));
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
	free(path);
}

static inline void make_dir(const char *dir, const char *name)
{
	char *path = path_in(dir, name);

	cr_assert_eq(mkdir(path, 0777), 0, "mkdir %s: %s", path, strerror(errno));
	free(path);
}

/* The contents of DIR/NAME, or NULL when there is no such file. */
static inline char *read_file(const char *dir, const char *name)
{
	char *path = path_in(dir, name), *s;
	size_t len;
	int fd = open(path, O_RDONLY);

	free(path);
	if (fd < 0)
		return NULL;
	s = slurp(fd, &len);
	close(fd);
	return s;
}

static inline int file_exists(const char *dir, const char *name)
{
	char *path = path_in(dir, name);
	int found = access(path, F_OK) == 0;

	free(path);
	return found;
}

/* How many entries DIR holds (. and .. aside). */
static inline unsigned dir_entries(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, NULL), i;
	unsigned count = 0;

	cr_assert_geq(n, 0, "scandir %s: %s", dir, strerror(errno));
	for (i = 0; i < n; i++) {
		if (strcmp(ents[i]->d_name, ".") != 0 && strcmp(ents[i]->d_name, ".."))
			count++;
		free(ents[i]);
	}
	free(ents);
	return count;
}

struct run {
	int status;      /* exit status; 128 + N when killed by signal N */
	char *out, *err; /* what it wrote on standard output and error */
};

static inline void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

struct spawn {
	const char *dir;          /* working directory; NULL: the current one */
	const char *in;           /* standard input text; NULL: /dev/null */
	const char *const *env;   /* "NAME=VALUE" to set, "NAME" to unset */
	const char *out_path;     /* standard output to this file instead */
};

/* The fatal signals as a fresh shell has them, whatever the test runner
 * has (nohup ignores SIGHUP), so that tests can send them. */
static inline void default_signals(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGTERM };
	sigset_t none;
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Starts PROG with ARGS (argv[1]...; NULL-terminated) as S says; returns
 * its pid.  ROS_PACKAGE_PATH and AMENT_PREFIX_PATH are unset unless S->env
 * sets them, so that the machine's ROS setup does not leak in. */
static inline pid_t spawn_prog(const char *prog, const struct spawn *s, const char *const *args,
			       int out_fd, int err_fd)
{
	int in_fd = temp_fd();
	pid_t pid;

	if (s->in) {
		size_t len = strlen(s->in);
		cr_assert_eq(write(in_fd, s->in, len), (ssize_t)len);
		cr_assert_eq(lseek(in_fd, 0, SEEK_SET), 0);
	}
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		const char *argv[64];
		int i;
		unsetenv("ROS_PACKAGE_PATH");
		unsetenv("AMENT_PREFIX_PATH");
		unsetenv("GZ_SIM_RESOURCE_PATH");
		unsetenv("IGN_GAZEBO_RESOURCE_PATH");
		for (i = 0; s->env && s->env[i]; i++)
			if (strchr(s->env[i], '='))
				putenv((char *)s->env[i]);
			else
				unsetenv(s->env[i]);
		if (s->dir && chdir(s->dir) != 0)
			_exit(126);
		if (s->out_path) {
			out_fd = open(s->out_path, O_WRONLY);
			if (out_fd < 0)
				_exit(126);
		}
		dup2(in_fd, 0);
		dup2(out_fd, 1);
		dup2(err_fd, 2);
		default_signals();
		argv[0] = prog;
		for (i = 0; args[i] && i < 62; i++)
			argv[i + 1] = args[i];
		argv[i + 1] = NULL;
		execv(prog, (char *const *)argv);
		_exit(127);
	}
	close(in_fd);
	return pid;
}

static inline int wait_status(pid_t pid)
{
	int st;

	cr_assert_eq(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static inline struct run run_prog(const char *prog, const struct spawn *s, const char *const *args)
{
	struct run r;
	size_t len;
	int out_fd = temp_fd(), err_fd = temp_fd();

	r.status = wait_status(spawn_prog(prog, s, args, out_fd, err_fd));
	r.out = slurp(out_fd, &len);
	r.err = slurp(err_fd, &len);
	close(out_fd);
	close(err_fd);
	return r;
}

/* An absolute path for the program in environment variable VAR (set by
 * `make check`), or FALLBACK. */
static inline char *program_path(const char *var, const char *fallback)
{
	const char *p = getenv(var);
	char *abs = realpath(p && *p ? p : fallback, NULL);

	cr_assert_not_null(abs, "%s (%s): %s", var, p ? p : fallback, strerror(errno));
	return abs;
}

#endif
