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

/* LINE 0 means "no position": the message then starts with FILE: only.
 * Every message is one line: control characters in the text are written
 * as escapes (\n, \x01), and text past 1 KiB is cut, ending in "...". */
void diag_error(struct diag *d, unsigned long line, unsigned long col,
		const char *fmt, ...) DIAG_PRINTF;
void diag_warn(struct diag *d, unsigned long line, unsigned long col,
	       const char *fmt, ...) DIAG_PRINTF;

/* Values quoted from the input are shown in full up to DIAG_EXCERPT bytes,
 * else as their start and "...": a message points at the input, it does
 * not copy it.  BUF receives the excerpt when one is needed. */
#define DIAG_EXCERPT 64
const char *diag_excerpt(char buf[DIAG_EXCERPT + 4], const char *value);

#endif
