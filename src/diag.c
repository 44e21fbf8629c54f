/* diag: formatting and counting of messages. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static void print_stderr(void *arg, enum u2s_severity sev, const char *line)
{
	(void)arg;
	(void)sev;
	fputs(line, stderr);
	fputc('\n', stderr);
}

void diag_init(struct diag *d, const char *file, const struct u2s_options *opts)
{
	d->file = file ? file : "<stdin>";
	d->quiet = opts ? opts->quiet : 0;
	d->werror = opts ? opts->werror : 0;
	d->warnings = 0;
	d->errors = 0;
	d->fn = opts && opts->diag_fn ? opts->diag_fn : print_stderr;
	d->fn_arg = opts ? opts->diag_arg : NULL;
}

static void report(struct diag *d, enum u2s_severity sev, unsigned long line,
		   unsigned long col, const char *fmt, va_list ap)
{
	char text[1024];
	char msg[1400];
	const char *word = sev == U2S_ERROR ? "error" : "warning";

	vsnprintf(text, sizeof text, fmt, ap);
	if (line)
		snprintf(msg, sizeof msg, "%s:%lu:%lu: %s: %s", d->file, line, col, word, text);
	else
		snprintf(msg, sizeof msg, "%s: %s: %s", d->file, word, text);
	d->fn(d->fn_arg, sev, msg);
}

/* Like a compiler: a broken file yields a screenful, not a flood. */
#define DIAG_MAX_ERRORS 50

static void error_va(struct diag *d, unsigned long line, unsigned long col,
		     const char *fmt, va_list ap)
{
	if (++d->errors > DIAG_MAX_ERRORS) {
		if (d->errors == DIAG_MAX_ERRORS + 1) {
			char msg[512];
			snprintf(msg, sizeof msg, "%s: error: too many errors; not reporting more",
				 d->file);
			d->fn(d->fn_arg, U2S_ERROR, msg);
		}
		return;
	}
	report(d, U2S_ERROR, line, col, fmt, ap);
}

void diag_error(struct diag *d, unsigned long line, unsigned long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_va(d, line, col, fmt, ap);
	va_end(ap);
}

void diag_warn(struct diag *d, unsigned long line, unsigned long col, const char *fmt, ...)
{
	va_list ap;

	d->warnings++;
	va_start(ap, fmt);
	if (d->werror)
		error_va(d, line, col, fmt, ap);
	else if (!d->quiet)
		report(d, U2S_WARNING, line, col, fmt, ap);
	va_end(ap);
}
