/* Helpers for the tests that call u2s_convert() on a string: URDF in from
 * a temporary file (read as one stream below 256 KiB), SDF out into
 * another, messages collected from the callback. */
#ifndef U2S_CONVTEST_H
#define U2S_CONVTEST_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "u2s.h"

struct result {
	int rc;
	char *sdf;             /* everything written to the output */
	size_t len;
	char *msgs;            /* diagnostics, one per line */
	unsigned nerrors, nwarnings;
};

static inline void collect(void *arg, enum u2s_severity sev, const char *line)
{
	struct result *r = arg;
	size_t old = r->msgs ? strlen(r->msgs) : 0;

	r->msgs = realloc(r->msgs, old + strlen(line) + 2);
	cr_assert_not_null(r->msgs);
	strcpy(r->msgs + old, line);
	cr_assert_eq(strip_codes(r->msgs + old), 0, "a message without a code: %s", line);
	strcat(r->msgs + old, "\n");
	if (sev == U2S_ERROR)
		r->nerrors++;
	else
		r->nwarnings++;
}

/* Converts URDF, named "t.urdf" in messages, with OPTS (whose diag_fn and
 * diag_arg it sets). */
static inline struct result convert_opts(const char *urdf, struct u2s_options *opts)
{
	struct result r = { 0 };
	int in = temp_fd(), out = temp_fd();
	size_t len = strlen(urdf);

	cr_assert_eq(write(in, urdf, len), (ssize_t)len);
	cr_assert_eq(lseek(in, 0, SEEK_SET), 0);
	opts->diag_fn = collect;
	opts->diag_arg = &r;
	r.rc = u2s_convert(in, "t.urdf", out, opts);
	close(in);
	r.sdf = slurp(out, &r.len);
	close(out);
	if (!r.msgs)
		r.msgs = strdup("");
	return r;
}

static inline void result_free(struct result *r)
{
	free(r->sdf);
	free(r->msgs);
}

#endif
