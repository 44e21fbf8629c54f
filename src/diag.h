/* diag: messages about the input, as FILE:LINE:COL: error|warning: TEXT.
 * One struct per conversion; it counts what it reports so the caller can
 * decide the exit status.  Messages go to a callback (the CLI prints them on
 * stderr), so embedding programs can collect them instead. */
#ifndef U2S_DIAG_H
#define U2S_DIAG_H

#include "u2s.h"

struct diag {
	const char *file;      /* name shown in messages: a path or "<stdin>" */
	int quiet;             /* drop warnings */
	int werror;            /* report warnings as errors */
	unsigned warnings;     /* warnings reported */
	unsigned errors;       /* errors reported (warnings under werror too) */
	u2s_diag_fn *fn;       /* receives each finished message line */
	void *fn_arg;
};

void diag_init(struct diag *d, const char *file, const struct u2s_options *opts);

#if defined(__GNUC__)
#define DIAG_PRINTF __attribute__((format(printf, 4, 5)))
#else
#define DIAG_PRINTF
#endif

/* LINE 0 means "no position": the message then starts with FILE: only. */
void diag_error(struct diag *d, unsigned long line, unsigned long col,
		const char *fmt, ...) DIAG_PRINTF;
void diag_warn(struct diag *d, unsigned long line, unsigned long col,
	       const char *fmt, ...) DIAG_PRINTF;

#endif
