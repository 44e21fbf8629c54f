/* The harness of the end-to-end tests of what u2s_convert() writes
 * (tests/test_write.c, test_lump.c, test_blob.c, test_target.c and the
 * --repair suite of test_loadable.c): small URDF texts in, SDFormat text
 * out, checked for exact pieces. */
#ifndef U2S_WRITETEST_H
#define U2S_WRITETEST_H

#include <criterion/criterion.h>

#include <string.h>

#include "convtest.h"

static inline struct result convert(const char *urdf)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;

	return convert_opts(urdf, &opts);
}

static inline struct result convert_ok(const char *urdf)
{
	struct result r = convert(urdf);

	cr_assert_eq(r.rc, U2S_OK, "rc %d; messages:\n%s", r.rc, r.msgs);
	cr_assert_eq(r.nerrors, 0);
	return r;
}

/* Position of NEEDLE in the SDF; fails when absent. */
static inline size_t at(const struct result *r, const char *needle)
{
	const char *p = strstr(r->sdf, needle);

	cr_assert_not_null(p, "missing from the output:\n%s\n--- output:\n%s", needle, r->sdf);
	return (size_t)(p - r->sdf);
}

static inline void absent(const struct result *r, const char *needle)
{
	cr_assert_null(strstr(r->sdf, needle), "unexpected in the output:\n%s\n--- output:\n%s",
		       needle, r->sdf);
}

static inline unsigned count(const char *hay, const char *needle)
{
	unsigned n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay += strlen(needle))
		n++;
	return n;
}

#define INERTIAL "<inertial><mass value='1'/>" \
	"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"

#endif
