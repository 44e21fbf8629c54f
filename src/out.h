/* out: the buffered writer.  Everything u2s prints goes through one large
 * buffer that is handed to write(2) in big blocks.  The first failure is
 * remembered (errno) and later writes are dropped, so callers check once,
 * at the end, with out_flush(). */
#ifndef U2S_OUT_H
#define U2S_OUT_H

#include <stddef.h>

struct out {
	int fd;
	int grows;        /* a memory writer (out_init_mem): no fd */
	char *buf;
	size_t len, cap;
	int err;          /* errno of the first failed write, 0 if none */
};

/* BUF of CAP bytes belongs to the caller and must outlive the writer. */
void out_init(struct out *o, int fd, char *buf, size_t cap);
/* A writer into memory: the buffer (malloc'd, freed by out_free_mem)
 * grows as needed; o->buf and o->len hold what was written. */
void out_init_mem(struct out *o);
void out_free_mem(struct out *o);
void out_put(struct out *o, const char *s, size_t n);
void out_str(struct out *o, const char *s);
void out_char(struct out *o, char c);
/* Writes S escaped for XML text: markup characters and carriage returns
 * (which a reader would turn into newlines). */
void out_escaped(struct out *o, const char *s);
/* Writes S escaped for a quoted attribute value: also tabs and newlines,
 * which a reader would turn into spaces. */
void out_escaped_attr(struct out *o, const char *s);
/* Writes what is buffered.  Returns 0, or -1 with o->err set. */
int out_flush(struct out *o);

#endif
