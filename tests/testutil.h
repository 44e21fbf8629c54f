/* Helpers shared by the Criterion tests: temporary files and reading back
 * what was written to them, messages collected as text, the corpus's
 * files walked. */
#ifndef U2S_TESTUTIL_H
#define U2S_TESTUTIL_H

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "u2s.h"

/* u2s_options.stats_fn that keeps the statistics in *ARG (a struct
 * u2s_stats). */
static inline void keep_stats(void *arg, const struct u2s_stats *st)
{
	*(struct u2s_stats *)arg = *st;
}

/* An unlinked temporary file, open for reading and writing. */
static inline int temp_fd(void)
{
	char path[] = "/tmp/u2s-test-XXXXXX";
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0, "mkstemp: %s", strerror(errno));
	unlink(path);
	return fd;
}

/* Everything in FD from the start, NUL-terminated; *LEN set. */
static inline char *slurp(int fd, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *s = malloc(cap);
	ssize_t r;

	cr_assert_not_null(s);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	while ((r = read(fd, s + n, cap - n - 1)) > 0) {
		n += (size_t)r;
		if (cap - n < 2) {
			cap *= 2;
			s = realloc(s, cap);
			cr_assert_not_null(s);
		}
	}
	cr_assert_geq(r, 0);
	s[n] = '\0';
	*len = n;
	return s;
}

/* A conversion's messages as one text, each "SEVERITY LINE\n" (what does
 * not fit is left out): u2s_options.diag_fn msgs_collect, diag_arg one
 * of these, emptied with msgs_clear. */
struct msgs_text {
	char s[16384];
	size_t len;
};

static inline void msgs_clear(struct msgs_text *m)
{
	m->len = 0;
	m->s[0] = '\0';
}

static inline void msgs_collect(void *arg, enum u2s_severity sev, const char *line)
{
	struct msgs_text *m = arg;
	int n = snprintf(m->s + m->len, sizeof m->s - m->len, "%d %s\n", (int)sev, line);

	if (n > 0 && (size_t)n < sizeof m->s - m->len)
		m->len += (size_t)n;
}

/* FN(PATH, ARG) for each NAME.urdf under DIR, in its folders too (names
 * that start with a dot left out). */
static inline void walk_urdfs(const char *dir, void (*fn)(const char *path, void *arg), void *arg)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX];
	struct stat st;

	cr_assert_not_null(d, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] == '.')
			continue;
		cr_assert_lt((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name), sizeof path,
			     "%s/%s: too long", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			walk_urdfs(path, fn, arg);
		else if (n > 5 && strcmp(e->d_name + n - 5, ".urdf") == 0)
			fn(path, arg);
	}
	closedir(d);
}

/* Whether the N bytes at S are " [U2S" four digits "]": a message's code. */
static inline int is_code_suffix(const char *s, size_t n)
{
	size_t i;

	if (n != 10 || memcmp(s, " [U2S", 5) != 0 || s[9] != ']')
		return 0;
	for (i = 5; i < 9; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* Removes the code " [U2S0103]" that ends each line of TEXT (in place), so
 * that tests of a message's text need not spell its code (tests/codes.sh
 * and test_diag's codes tests check them); returns how many lines had no
 * code.  Lines are \n-separated; the last may lack its \n. */
static inline unsigned strip_codes(char *text)
{
	char *in = text, *out = text;
	unsigned without = 0;

	while (*in) {
		char *nl = strchr(in, '\n');
		size_t len = nl ? (size_t)(nl - in) : strlen(in);

		if (len >= 10 && is_code_suffix(in + len - 10, 10))
			len -= 10;
		else if (len > 0)
			without++;
		memmove(out, in, len);
		out += len;
		in += nl ? (size_t)(nl - in) : strlen(in);
		if (*in == '\n')
			*out++ = *in++;
	}
	*out = '\0';
	return without;
}

#endif
