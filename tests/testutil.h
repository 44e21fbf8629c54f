/* Helpers shared by the Criterion tests: temporary files and reading back
 * what was written to them. */
#ifndef U2S_TESTUTIL_H
#define U2S_TESTUTIL_H

#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
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
