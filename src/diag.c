/* diag: counting messages, and writing them as text, JSON or GitHub
 * workflow commands. */
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

void diag_init(struct diag *d, const char *file, const struct options *opts)
{
	memset(d, 0, sizeof *d);
	d->file = file ? file : "<stdin>";
	d->quiet = opts ? (opts->flags & U2S_QUIET) : 0;
	d->werror = opts ? (opts->flags & U2S_WERROR) : 0;
	d->notes = opts ? (opts->flags & U2S_NOTES) : 0;
	d->fn = opts && opts->diag_fn ? opts->diag_fn : print_stderr;
	d->fn_arg = opts ? opts->diag_arg : NULL;
	d->record_fn = opts ? opts->diag_record_fn : NULL;
	d->record_arg = opts ? opts->diag_record_arg : NULL;
}

/* ---- writing into a caller's buffer, snprintf-like ------------------------ */

struct sink {
	char *buf;
	size_t size, len;   /* len: what the whole line needs */
};

static void sink_put(struct sink *k, const char *s, size_t n)
{
	if (k->len < k->size) {
		size_t room = k->size - k->len;
		memcpy(k->buf + k->len, s, n < room ? n : room);
	}
	k->len += n;
}

static void sink_str(struct sink *k, const char *s)
{
	sink_put(k, s, strlen(s));
}

static size_t sink_end(struct sink *k)
{
	if (k->size)
		k->buf[k->len < k->size ? k->len : k->size - 1] = '\0';
	return k->len;
}

/* The length of the valid UTF-8 sequence at S (up to END), or 0 when the
 * byte there starts none (a stray continuation byte, an overlong form, a
 * surrogate, beyond U+10FFFF, or cut short). */
static size_t utf8_valid(const unsigned char *s, const unsigned char *end)
{
	size_t n, i;
	unsigned long cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		n = 2, cp = s[0] & 0x1F;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		n = 3, cp = s[0] & 0x0F;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if ((size_t)(end - s) < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return n;
}

/* ---- the styles --------------------------------------------------------------- */

/* Text: one line, as a compiler writes it.  Control characters are
 * escaped (\n, \x01), so that a value holding a newline cannot split the
 * message, and a line longer than MSG_MAX is cut with "...", never the
 * code after it. */
#define MSG_MAX 1400
struct msgline {
	char s[MSG_MAX];
	size_t len, limit;
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

/* C as the message writes it: \n, \r, \t, \xHH for the other control
 * characters.  Returns the length written into ESC (5 bytes). */
static size_t escape_control(unsigned char c, char esc[5])
{
	static const char hex[] = "0123456789abcdef";

	esc[0] = '\\';
	switch (c) {
	case '\n': esc[1] = 'n'; return 2;
	case '\r': esc[1] = 'r'; return 2;
	case '\t': esc[1] = 't'; return 2;
	}
	esc[1] = 'x', esc[2] = hex[c >> 4], esc[3] = hex[c & 15];
	return 4;
}

static int plain_byte(unsigned char c)
{
	return c >= 0x20 && c != 0x7f;
}

/* TEXT onto M: runs of plain bytes copied whole, control characters
 * escaped; past M's limit, cut (an escape is never split). */
static void put(struct msgline *m, const char *text)
{
	const unsigned char *p = (const unsigned char *)text;

	while (*p && !m->cut) {
		size_t run = 0, room = m->limit - m->len, n;
		char esc[5];

		while (p[run] && plain_byte(p[run]))
			run++;
		if (run > room) {
			memcpy(m->s + m->len, p, room);
			m->len += room;
			cut(m);
			break;
		}
		memcpy(m->s + m->len, p, run);
		m->len += run;
		p += run;
		if (!*p)
			break;
		n = escape_control(*p++, esc);
		if (m->len + n > m->limit) {
			cut(m);
			break;
		}
		memcpy(m->s + m->len, esc, n);
		m->len += n;
	}
	m->s[m->len] = '\0';
}

/* ":LINE:COL" into BUF (44 bytes), without printf (a message is written
 * for every warning; printf cost more than the rest of it). */
static void line_col_text(unsigned long line, unsigned long col, char buf[44])
{
	char digits[2][21];
	size_t n[2], len = 0;
	unsigned long v[2] = { line, col };
	int i;

	for (i = 0; i < 2; i++) {
		char *end = digits[i] + sizeof digits[i], *p = end;
		do
			*--p = (char)('0' + v[i] % 10);
		while ((v[i] /= 10) != 0);
		n[i] = (size_t)(end - p);
		buf[len++] = ':';
		memcpy(buf + len, p, n[i]);
		len += n[i];
	}
	buf[len] = '\0';
}

/* " [CODE]" into BUF (32 bytes), a long code cut to fit; "" without one. */
static void code_text(const char *code, char buf[32])
{
	size_t n = code ? strnlen(code, 32 - 4) : 0;

	buf[0] = '\0';
	if (!code)
		return;
	buf[0] = ' ', buf[1] = '[';
	memcpy(buf + 2, code, n);
	buf[2 + n] = ']', buf[3 + n] = '\0';
}

static void format_text(struct sink *k, const struct u2s_diagnostic *d)
{
	struct msgline m = { .len = 0 };
	char where[44], code[32];

	code_text(d->code, code);
	m.limit = MSG_MAX - 4 - strlen(code);
	put(&m, d->file ? d->file : "u2s");
	if (d->file && d->line) {
		line_col_text(d->line, d->column, where);
		put(&m, where);
	}
	put(&m, !d->file ? ": " : d->severity == U2S_ERROR ? ": error: " :
		d->severity == U2S_NOTE ? ": note: " : ": warning: ");
	put(&m, d->message ? d->message : "");
	sink_put(k, m.s, m.len);
	sink_str(k, code);
}

/* S into K: each byte that starts no valid UTF-8 sequence as INVALID, each
 * ASCII byte that ESCAPE names (into BUF, given ARG) as what it returns,
 * everything else as it is. */
typedef const char *escape_fn(unsigned char c, char buf[8], int arg);

static void sink_escaped(struct sink *k, const char *s, const char *invalid,
			 escape_fn *escape, int arg)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
	char buf[8];

	while (p < end) {
		size_t n = utf8_valid(p, end);
		const char *esc;

		if (n == 0) {
			sink_str(k, invalid);
			p++;
			continue;
		}
		esc = n == 1 ? escape(*p, buf, arg) : NULL;
		if (esc)
			sink_str(k, esc);
		else
			sink_put(k, (const char *)p, n);
		p += n;
	}
}

/* JSON: quotes, backslashes and control characters. */
static const char *json_escape(unsigned char c, char buf[8], int arg)
{
	(void)arg;
	switch (c) {
	case '"': return "\\\"";
	case '\\': return "\\\\";
	case '\n': return "\\n";
	case '\r': return "\\r";
	case '\t': return "\\t";
	case '\b': return "\\b";
	case '\f': return "\\f";
	}
	if (c >= 0x20)
		return NULL;
	snprintf(buf, 8, "\\u%04x", c);
	return buf;
}

/* S as a JSON string, or null; invalid UTF-8 replaced by U+FFFD. */
static void json_string(struct sink *k, const char *s)
{
	if (!s) {
		sink_str(k, "null");
		return;
	}
	sink_put(k, "\"", 1);
	sink_escaped(k, s, "\\ufffd", json_escape, 0);
	sink_put(k, "\"", 1);
}

static void json_number_or_null(struct sink *k, unsigned long v)
{
	char num[32];

	snprintf(num, sizeof num, "%lu", v);
	sink_str(k, v ? num : "null");
}

static void format_json(struct sink *k, const struct u2s_diagnostic *d)
{
	sink_str(k, "{\"file\":");
	json_string(k, d->file);
	sink_str(k, ",\"line\":");
	json_number_or_null(k, d->line);
	sink_str(k, ",\"column\":");
	json_number_or_null(k, d->line ? d->column : 0);
	sink_str(k, d->severity == U2S_ERROR ? ",\"severity\":\"error\"" :
		 d->severity == U2S_NOTE ? ",\"severity\":\"note\"" : ",\"severity\":\"warning\"");
	sink_str(k, ",\"code\":");
	json_string(k, d->code);
	sink_str(k, ",\"message\":");
	json_string(k, d->message);
	sink_str(k, ",\"path\":");
	json_string(k, d->path);
	sink_put(k, "}", 1);
}

/* GitHub's workflow commands: % and line breaks in the message; also :
 * and , in a property (ARG). */
static const char *github_escape(unsigned char c, char buf[8], int property)
{
	(void)buf;
	switch (c) {
	case '%': return "%25";
	case '\r': return "%0D";
	case '\n': return "%0A";
	case ':': return property ? "%3A" : NULL;
	case ',': return property ? "%2C" : NULL;
	}
	return NULL;
}

static void github_escaped(struct sink *k, const char *s, int property)
{
	sink_escaped(k, s, "\xEF\xBF\xBD", github_escape, property);
}

static void format_github(struct sink *k, const struct u2s_diagnostic *d)
{
	char num[64];

	sink_str(k, d->severity == U2S_ERROR ? "::error " :
		 d->severity == U2S_NOTE ? "::notice " : "::warning ");
	/* Standard input is no file of the repository. */
	if (d->file && strcmp(d->file, "<stdin>") != 0) {
		sink_str(k, "file=");
		github_escaped(k, d->file, 1);
		sink_str(k, ",");
		if (d->line) {
			snprintf(num, sizeof num, "line=%lu,col=%lu,", d->line, d->column);
			sink_str(k, num);
		}
	}
	if (d->code) {
		sink_str(k, "title=");
		github_escaped(k, d->code, 1);
	}
	sink_str(k, "::");
	github_escaped(k, d->message ? d->message : "", 0);
}

size_t u2s_diagnostic_format(const struct u2s_diagnostic *d, enum u2s_diag_style style,
			     char *buf, size_t size)
{
	struct sink k = { buf, size, 0 };

	/* A caller's record may lack any of its strings (NULL): each is then
	 * left out (null in JSON), never read. */
	if (!d) {
		if (buf && size > 0)
			buf[0] = '\0';
		return 0;
	}
	switch (style) {
	case U2S_DIAG_JSON:
		format_json(&k, d);
		break;
	case U2S_DIAG_GITHUB:
		format_github(&k, d);
		break;
	default:
		format_text(&k, d);
		break;
	}
	return sink_end(&k);
}

/* ---- reporting ------------------------------------------------------------------ */

/* The text of a message: cut with "..." past 1 KiB, at a UTF-8 boundary. */
#define TEXT_MAX 1024

static void deliver(struct diag *d, enum diag_code code, enum u2s_severity sev,
		    unsigned long line, unsigned long col, const char *text)
{
	struct u2s_diagnostic rec;
	char codebuf[DIAG_CODE_SIZE], path[DIAG_PATH_MAX], out[MSG_MAX + 32];

	rec.severity = sev;
	rec.code = diag_code_text(code, codebuf);
	rec.file = d->file;
	rec.line = line;
	rec.column = line ? col : 0;
	rec.message = text;
	rec.path = NULL;
	if (d->path_fn && d->path_fn(d->path_arg, path, sizeof path) > 0)
		rec.path = path;
	if (d->record_fn) {
		d->record_fn(d->record_arg, &rec);
		return;
	}
	u2s_diagnostic_format(&rec, U2S_DIAG_TEXT, out, sizeof out);
	d->fn(d->fn_arg, sev, out);
}

static void report(struct diag *d, enum diag_code code, enum u2s_severity sev,
		   unsigned long line, unsigned long col, const char *fmt, va_list ap)
{
	char text[TEXT_MAX + 4];
	int n = vsnprintf(text, TEXT_MAX, fmt, ap);

	if (n >= TEXT_MAX) {
		size_t len = TEXT_MAX - 1;
		while (len > 0 && ((unsigned char)text[len - 1] & 0xC0) == 0x80)
			len--;
		if (len > 0 && ((unsigned char)text[len - 1] & 0xC0) == 0xC0)
			len--;
		memcpy(text + len, "...", 4);
	}
	deliver(d, code, sev, line, col, text);
}

/* Like a compiler: a broken file yields a screenful, not a flood. */
#define DIAG_MAX_ERRORS 50

static void error_va(struct diag *d, enum diag_code code, unsigned long line,
		     unsigned long col, const char *fmt, va_list ap)
{
	if (++d->errors > DIAG_MAX_ERRORS) {
		if (d->errors == DIAG_MAX_ERRORS + 1)
			deliver(d, D_TOO_MANY_ERRORS, U2S_ERROR, 0, 0,
				"too many errors; not reporting more");
		return;
	}
	report(d, code, U2S_ERROR, line, col, fmt, ap);
}

void diag_error(struct diag *d, enum diag_code code, unsigned long line, unsigned long col,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_va(d, code, line, col, fmt, ap);
	va_end(ap);
}

void diag_warn(struct diag *d, enum diag_code code, unsigned long line, unsigned long col,
	       const char *fmt, ...)
{
	va_list ap;

	d->warnings++;
	va_start(ap, fmt);
	if (d->werror)
		error_va(d, code, line, col, fmt, ap);
	else if (!d->quiet)
		report(d, code, U2S_WARNING, line, col, fmt, ap);
	va_end(ap);
}

void diag_note(struct diag *d, enum diag_code code, unsigned long line, unsigned long col,
	       const char *fmt, ...)
{
	va_list ap;

	if (!d->notes || d->quiet)
		return;
	va_start(ap, fmt);
	report(d, code, U2S_NOTE, line, col, fmt, ap);
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
