/* out: buffered writer over a file descriptor. */
#include "out.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void out_init(struct out *o, int fd, char *buf, size_t cap)
{
	o->fd = fd;
	o->buf = buf;
	o->cap = cap;
	o->len = 0;
	o->err = 0;
	o->sink = NULL;
	o->sink_arg = NULL;
}

void out_init_sink(struct out *o, out_sink_fn *sink, void *arg, char *buf, size_t cap)
{
	out_init(o, -1, buf, cap);
	o->sink = sink;
	o->sink_arg = arg;
}

static void write_all(struct out *o, const char *p, size_t n)
{
	if (o->sink) {
		int e = n > 0 && o->err == 0 ? o->sink(o->sink_arg, p, n) : 0;
		if (e != 0)
			o->err = e > 0 ? e : EIO;
		return;
	}
	while (n > 0 && o->err == 0) {
		ssize_t w = write(o->fd, p, n);
		if (w < 0) {
			if (errno != EINTR)
				o->err = errno;
			continue;
		}
		p += w;
		n -= (size_t)w;
	}
}

int out_flush(struct out *o)
{
	write_all(o, o->buf, o->len);
	o->len = 0;
	return o->err ? -1 : 0;
}

void out_put_slow(struct out *o, const char *s, size_t n)
{
	if (o->err || n == 0)
		return;
	if (o->len + n > o->cap) {
		out_flush(o);
		if (n >= o->cap) {
			write_all(o, s, n);
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

char *out_room_slow(struct out *o, size_t n)
{
	if (n > o->cap)
		return NULL;
	out_flush(o);
	return o->buf + o->len;
}

static void escape(struct out *o, const char *s, int attr)
{
	/* strcspn finds the next character to escape quickly; most text has
	 * none, and is then copied in one piece. */
	const char *special = attr ? OUT_ATTR_SPECIAL : OUT_TEXT_SPECIAL;

	for (;;) {
		size_t run = strcspn(s, special);
		const char *rep;

		out_put(o, s, run);
		s += run;
		switch (*s) {
		case '\0': return;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '&': rep = "&amp;"; break;
		case '\'': rep = "&apos;"; break;
		case '"': rep = "&quot;"; break;
		case '\r': rep = "&#13;"; break;
		case '\n': rep = "&#10;"; break;
		default: rep = "&#9;"; break;
		}
		out_str(o, rep);
		s++;
	}
}

void out_escaped(struct out *o, const char *s)
{
	escape(o, s, 0);
}

void out_escaped_attr(struct out *o, const char *s)
{
	escape(o, s, 1);
}
