/* out: the buffered writer.  Everything u2s prints goes through one large
 * buffer that is handed to write(2) in big blocks.  The first failure is
 * remembered (errno) and later writes are dropped, so callers check once,
 * at the end, with out_flush(). */
#ifndef U2S_OUT_H
#define U2S_OUT_H

#include <stddef.h>
#include <string.h>

/* A caller's writer: 0, or an errno value that ends the writing. */
typedef int out_sink_fn(void *arg, const char *buf, size_t len);

struct out {
	int fd;
	out_sink_fn *sink;   /* when set, blocks go here instead of to fd */
	void *sink_arg;
	char *buf;
	size_t len, cap;
	int err;          /* errno of the first failed write, 0 if none */
};

/* BUF of CAP bytes belongs to the caller and must outlive the writer. */
void out_init(struct out *o, int fd, char *buf, size_t cap);
/* The same, handing blocks to SINK (ARG) instead of write(2). */
void out_init_sink(struct out *o, out_sink_fn *sink, void *arg, char *buf, size_t cap);
/* What does not fit the buffer (or the writer that failed). */
void out_put_slow(struct out *o, const char *s, size_t n);

/* The writers are inline: output is millions of short pieces, and a call
 * for each would cost more than the copy.  Bytes buffered after a failure
 * are never written (out_flush checks err first). */
static inline void out_put(struct out *o, const char *s, size_t n)
{
	if (n - 1 < o->cap - o->len) {   /* 0 < n <= room */
		memcpy(o->buf + o->len, s, n);
		o->len += n;
	} else {
		out_put_slow(o, s, n);
	}
}

static inline void out_str(struct out *o, const char *s)
{
	out_put(o, s, strlen(s));
}

static inline void out_char(struct out *o, char c)
{
	if (o->len < o->cap)
		o->buf[o->len++] = c;
	else
		out_put_slow(o, &c, 1);
}

/* A place for N more bytes in the buffer, flushed first when it lacks the
 * room; NULL when N is more than the buffer holds (the caller then writes
 * with out_put).  What is written there counts from out_wrote(END), END
 * just past the last byte. */
char *out_room_slow(struct out *o, size_t n);

static inline char *out_room(struct out *o, size_t n)
{
	if (n <= o->cap - o->len)
		return o->buf + o->len;
	return out_room_slow(o, n);
}

static inline void out_wrote(struct out *o, const char *end)
{
	o->len = (size_t)(end - o->buf);
}

/* The characters out_escaped() and out_escaped_attr() replace; a run of
 * text with none of them (strcspn) is copied as it is. */
#define OUT_TEXT_SPECIAL "<>&'\"\r"
#define OUT_ATTR_SPECIAL "<>&'\"\r\n\t"

/* Writes S escaped for XML text: markup characters and carriage returns
 * (which a reader would turn into newlines). */
void out_escaped(struct out *o, const char *s);
/* Writes S escaped for a quoted attribute value: also tabs and newlines,
 * which a reader would turn into spaces. */
void out_escaped_attr(struct out *o, const char *s);
/* Writes what is buffered.  Returns 0, or -1 with o->err set. */
int out_flush(struct out *o);

#endif
