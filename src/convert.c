/* convert: one conversion, bytes in to bytes out, in one talloc context. */
#include <errno.h>
#include <string.h>

#include "diag.h"
#include "out.h"
#include "read.h"
#include "resolve.h"
#include "u2s.h"
#include "write.h"

#define OUT_BUFSZ (1024 * 1024)

int u2s_convert(int in_fd, const char *name, int out_fd, const struct u2s_options *opts)
{
	static const struct u2s_options defaults;
	TALLOC_CTX *ctx = talloc_new(NULL);
	struct robot *rb = NULL;
	struct diag d;
	int rc;

	if (!opts)
		opts = &defaults;
	diag_init(&d, name, opts);
	rc = read_urdf(ctx, in_fd, &d, &rb);
	if (rc == U2S_OK)
		rc = resolve(rb, &d, opts);
	if (rc == U2S_OK && d.errors)
		rc = U2S_REJECTED;   /* --werror */
	if (rc == U2S_OK) {
		struct out o;
		out_init(&o, out_fd, talloc_size(ctx, OUT_BUFSZ), OUT_BUFSZ);
		write_sdf(rb, &o);
		if (out_flush(&o) != 0) {
			diag_error(&d, 0, 0, "cannot write the SDF output: %s", strerror(o.err));
			rc = U2S_IO;
		}
	}
	talloc_free(ctx);
	return rc;
}
