/* diag: formatting and counting of messages. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* One message line as it is built: control characters escaped, so that a
 * value holding a newline cannot split the message, and cut with "..."
 * when full. */
#define MSG_MAX 1400
struct msgline {
	char s[MSG_MAX];
	size_t len;
	int cut;
};

/* Ends M with "...".  The last multi-byte UTF-8 sequence goes too, as the
 * cut may have split it. */
static void cut(struct msgline *m)
{
	while (m->len > 0 && ((unsigned char)m->s[m->len - 1] & 0xC0) == 0x80)
		m->len--;
	if (m->len > 0 && ((unsigned char)m->s[m->len - 1] & 0xC0) == 0xC0)
		m->len--;
	memcpy(m->s + m->len, "...", 4);
	m->len += 3;
	m->cut = 1;
}

static void put(struct msgline *m, const char *text)
{
	for (; *text && !m->cut; text++) {
		unsigned char c = (unsigned char)*text;
		char esc[8] = { (char)c, '\0' };
		size_t n;

		if (c == '\n' || c == '\r' || c == '\t')
			snprintf(esc, sizeof esc, "\\%c", c == '\n' ? 'n' : c == '\r' ? 'r' : 't');
		else if (c < 0x20 || c == 0x7f)
			snprintf(esc, sizeof esc, "\\x%02x", c);
		n = strlen(esc);
		if (m->len + n > MSG_MAX - 4) {
			cut(m);
			break;
		}
		memcpy(m->s + m->len, esc, n);
		m->len += n;
	}
	m->s[m->len] = '\0';
}

static void report(struct diag *d, enum u2s_severity sev, unsigned long line,
		   unsigned long col, const char *fmt, va_list ap)
{
	struct msgline m = { .len = 0 };
	char text[1024], where[64];
	int n = vsnprintf(text, sizeof text, fmt, ap);

	put(&m, d->file);
	if (line) {
		snprintf(where, sizeof where, ":%lu:%lu", line, col);
		put(&m, where);
	}
	put(&m, sev == U2S_ERROR ? ": error: " : ": warning: ");
	put(&m, text);
	if (n >= (int)sizeof text && !m.cut)
		cut(&m);
	d->fn(d->fn_arg, sev, m.s);
}

/* Like a compiler: a broken file yields a screenful, not a flood. */
#define DIAG_MAX_ERRORS 50

static void error_va(struct diag *d, unsigned long line, unsigned long col,
		     const char *fmt, va_list ap)
{
	if (++d->errors > DIAG_MAX_ERRORS) {
		if (d->errors == DIAG_MAX_ERRORS + 1) {
			struct msgline m = { .len = 0 };
			put(&m, d->file);
			put(&m, ": error: too many errors; not reporting more");
			d->fn(d->fn_arg, U2S_ERROR, m.s);
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

const char *diag_excerpt(char buf[DIAG_EXCERPT + 4], const char *value)
{
	size_t n = DIAG_EXCERPT;

	if (strnlen(value, DIAG_EXCERPT + 1) <= DIAG_EXCERPT)
		return value;
	while (n > 0 && ((unsigned char)value[n] & 0xC0) == 0x80)
		n--;   /* do not split a UTF-8 sequence */
	memcpy(buf, value, n);
	memcpy(buf + n, "...", 4);
	return buf;
}
