/* diag: messages about the input.  One struct per conversion; it counts
 * what it reports so the caller can decide the exit status.  Every message
 * has a stable code (diag_codes.def) and goes to a callback: as fields
 * (u2s_options.diag_record_fn), or as a line FILE:LINE:COL: error|warning:
 * TEXT [U2S0103] (diag_fn; the CLI prints them on stderr), so embedding
 * programs can collect them instead. */
#ifndef U2S_DIAG_H
#define U2S_DIAG_H

#include <stddef.h>

#include "diag_codes.h"
#include "options.h"

/* Longest element path a message carries. */
#define DIAG_PATH_MAX 1024

struct diag {
	const char *file;      /* name shown in messages: a path or "<stdin>" */
	int quiet;             /* drop warnings */
	int werror;            /* report warnings as errors */
	int notes;             /* give notes (U2S_NOTES) */
	unsigned warnings;     /* warnings reported */
	unsigned errors;       /* errors reported (warnings under werror too) */
	u2s_diag_fn *fn;       /* receives each finished message line */
	void *fn_arg;
	u2s_diag_record_fn *record_fn;  /* or, when set, each message as fields */
	void *record_arg;
	/* While the input is read: writes the path of the element being read
	 * into BUF (SIZE bytes) and returns its length (0: none). */
	size_t (*path_fn)(void *arg, char *buf, size_t size);
	void *path_arg;
};

void diag_init(struct diag *d, const char *file, const struct options *opts);

#if defined(__GNUC__)
#define DIAG_PRINTF __attribute__((format(printf, 5, 6)))
#else
#define DIAG_PRINTF
#endif

/* LINE 0 means "no position": the message then starts with FILE: only.
 * Every message is one line: control characters in the text are written
 * as escapes (\n, \x01), and text past 1 KiB is cut, ending in "...". */
void diag_error(struct diag *d, enum diag_code code, unsigned long line, unsigned long col,
		const char *fmt, ...) DIAG_PRINTF;
void diag_warn(struct diag *d, enum diag_code code, unsigned long line, unsigned long col,
	       const char *fmt, ...) DIAG_PRINTF;

/* What was done (not a fault): given only when notes were asked for and
 * warnings are not dropped; never an error, never counted. */
void diag_note(struct diag *d, enum diag_code code, unsigned long line, unsigned long col,
	       const char *fmt, ...) DIAG_PRINTF;

/* Values quoted from the input are shown in full up to DIAG_EXCERPT bytes,
 * else as their start and "...": a message points at the input, it does
 * not copy it.  BUF receives the excerpt when one is needed. */
#define DIAG_EXCERPT 64
const char *diag_excerpt(char buf[DIAG_EXCERPT + 4], const char *value);

#endif
