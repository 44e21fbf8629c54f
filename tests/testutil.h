/* Helpers shared by the Criterion tests: temporary files and reading back
 * what was written to them. */
#ifndef U2S_TESTUTIL_H
#define U2S_TESTUTIL_H

#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

#endif
