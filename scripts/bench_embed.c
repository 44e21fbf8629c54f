/* bench_embed: what one conversion costs a program, per call, in memory
 * (u2s_convert_buffer) against spawning the CLI (posix_spawn of u2s with
 * the URDF on a pipe to its standard input and the SDF read back from a
 * pipe on its standard output, as a program that holds a string must).
 * scripts/bench-embed builds and runs it.
 *
 *   bench_embed U2S FILE CALLS_IN_MEMORY CALLS_OF_THE_CLI
 *
 * Prints the least, the median and the mean time per call of each, in ms
 * (the least is the cost without other processes in the way). */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "u2s.h"

extern char **environ;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void report(const char *what, double *t, int n, size_t out)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += t[i];
	qsort(t, (size_t)n, sizeof *t, cmp);
	printf("%-34s %5d calls  min %6.3f  median %6.3f  mean %6.3f ms  (%zu bytes out)\n",
	       what, n, t[0] * 1e3, t[n / 2] * 1e3, sum / n * 1e3, out);
}

/* One run of the CLI: URDF in through a pipe, SDF out through another. */
static size_t spawn_cli(const char *u2s, const char *urdf, size_t len)
{
	int in[2], out[2], status;
	posix_spawn_file_actions_t fa;
	char *argv[] = { (char *)u2s, "-q", NULL }, buf[65536];
	size_t got = 0, sent = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(in) || pipe(out))
		exit(2);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addclose(&fa, out[0]);
	if (posix_spawn(&pid, u2s, &fa, NULL, argv, environ) != 0)
		exit(2);
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	close(out[1]);
	/* The URDF fits a pipe's buffer? Not always: write it all, then read.
	 * u2s reads its whole input before writing anything, so this cannot
	 * deadlock. */
	while (sent < len && (n = write(in[1], urdf + sent, len - sent)) > 0)
		sent += (size_t)n;
	close(in[1]);
	while ((n = read(out[0], buf, sizeof buf)) > 0)
		got += (size_t)n;
	close(out[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		exit(2);
	return got;
}

int main(int argc, char **argv)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	int nmem, ncli, i;
	size_t len = 0, outlen = 0;
	char *urdf, *sdf;
	double *t;
	FILE *f;

	if (argc != 5 || !(f = fopen(argv[2], "rb")))
		return 2;
	nmem = atoi(argv[3]);
	ncli = atoi(argv[4]);
	urdf = malloc(1 << 24);
	len = fread(urdf, 1, 1 << 24, f);
	fclose(f);
	t = calloc((size_t)(nmem > ncli ? nmem : ncli), sizeof *t);
	opts.flags |= U2S_QUIET;
	for (i = 0; i < nmem; i++) {
		double start = now();
		if (u2s_convert_buffer(urdf, len, "robot.urdf", &sdf, &outlen, &opts) != U2S_OK)
			return 1;
		u2s_free(sdf);
		t[i] = now() - start;
	}
	report("in memory (u2s_convert_buffer)", t, nmem, outlen);
	for (i = 0; i < ncli; i++) {
		double start = now();
		outlen = spawn_cli(argv[1], urdf, len);
		t[i] = now() - start;
	}
	report("the CLI spawned, pipes in and out", t, ncli, outlen);
	free(t);
	free(urdf);
	return 0;
}
