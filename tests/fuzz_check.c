/* fuzz_check: the properties every conversion must have (fuzz_check.h). */
#define _GNU_SOURCE /* memfd_create */
#include "config.h"

#include "fuzz_check.h"

#include <ctype.h>
#include <expat.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "u2s.h"

#define FUZZ_NAME "<fuzz>"

/* Bytes that grow as they come (malloc'd; not NUL-terminated). */
struct buf {
	char *s;
	size_t len, cap;
	int oom;          /* it could not grow: what came then is lost */
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n > b->cap) {
		size_t cap = 2 * b->cap + n + 1024;
		char *grown = realloc(b->s, cap);
		if (!grown) {
			b->oom = 1;
			return;
		}
		b->s = grown;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
}

/* What the diagnostics callback saw. */
struct seen {
	unsigned errors;
	const char *bad;  /* the first broken property, or NULL */
	struct buf log;   /* every message, each ending in '\n' */
};

/* "<fuzz>" [":LINE:COL"] ": error: " or ": warning: ", then text with no
 * control characters (diag escapes them), ending in the code " [U2S0103]". */
int fuzz_message_ok(enum u2s_severity sev, const char *line)
{
	const char *p = line + strlen(FUZZ_NAME);
	const char *kind = sev == U2S_ERROR ? ": error: " : ": warning: ";
	int field;

	if (strncmp(line, FUZZ_NAME, strlen(FUZZ_NAME)) != 0)
		return 0;
	if (strncmp(p, kind, strlen(kind)) != 0)
		for (field = 0; field < 2; field++) {
			if (*p++ != ':' || !isdigit((unsigned char)*p))
				return 0;
			while (isdigit((unsigned char)*p))
				p++;
		}
	if (strncmp(p, kind, strlen(kind)) != 0 || p[strlen(kind)] == '\0')
		return 0;
	for (; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return 0;
	return p - line > 10 && p[-10] == ' ' && p[-9] == '[' && strncmp(p - 8, "U2S", 3) == 0 &&
	       isdigit((unsigned char)p[-5]) && isdigit((unsigned char)p[-4]) &&
	       isdigit((unsigned char)p[-3]) && isdigit((unsigned char)p[-2]) && p[-1] == ']';
}

static void on_diag(void *arg, enum u2s_severity sev, const char *line)
{
	struct seen *s = arg;

	s->errors += sev == U2S_ERROR;
	buf_add(&s->log, line, strlen(line));
	buf_add(&s->log, "\n", 1);
	if (!s->bad && s->log.oom)
		s->bad = "out of memory";
	if (!s->bad && !fuzz_message_ok(sev, line))
		s->bad = "a message is not one FILE:LINE:COL: warning|error: TEXT line";
}

/* An anonymous regular file: in memory where the system can. */
static int anon_file(void)
{
#ifdef HAVE_MEMFD_CREATE
	return memfd_create("u2s-fuzz", 0);
#else
	const char *tmp = getenv("TMPDIR");
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof path, "%s/u2s-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	return fd;
#endif
}

/* Writes the SIZE bytes at DATA to FD; -1 when a write fails. */
static int write_all(int fd, const unsigned char *data, size_t size)
{
	size_t done = 0;

	while (done < size) {
		ssize_t n = write(fd, data + done, size - done);
		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/* An anonymous file holding DATA, read from the start. */
static int file_with(const unsigned char *data, size_t size)
{
	int fd = anon_file();

	if (fd < 0)
		return -1;
	if (write_all(fd, data, size) != 0) {
		close(fd);
		return -1;
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* Does TEXT hold "nan" or "inf" (any case) as a word of its own? */
static int has_nonfinite_word(const char *text, size_t len)
{
	size_t i;

	for (i = 0; i + 3 <= len; i++) {
		int starts = i == 0 || !isalnum((unsigned char)text[i - 1]);
		int ends = i + 3 == len || !isalnum((unsigned char)text[i + 3]);
		if (starts && ends && (strncasecmp(text + i, "nan", 3) == 0 ||
				       strncasecmp(text + i, "inf", 3) == 0))
			return 1;
	}
	return 0;
}

/* What an XML document says, decoded by expat: its root's name, and every
 * attribute value and piece of text, each on a line of its own. */
struct xml_values {
	char root[8];     /* the root's name, cut to 7 bytes */
	int has_root;
	struct buf text;
	size_t element_text;   /* where the text of the last element started begins */
};

static void XMLCALL on_values_start(void *arg, const XML_Char *name, const XML_Char **atts)
{
	struct xml_values *v = arg;

	if (!v->has_root) {
		snprintf(v->root, sizeof v->root, "%s", name);
		v->has_root = 1;
	}
	buf_add(&v->text, "\n", 1);
	for (; *atts; atts += 2) {
		buf_add(&v->text, atts[1], strlen(atts[1]));
		buf_add(&v->text, "\n", 1);
	}
	v->element_text = v->text.len;
}

static void XMLCALL on_values_end(void *arg, const XML_Char *name)
{
	struct xml_values *v = arg;
	size_t n = v->text.len - v->element_text;

	/* An effort or velocity limit of inf is URDF 1.2's "none" (an absent
	 * attribute), which u2s writes: not a number it computed. */
	if ((strcmp(name, "effort") == 0 || strcmp(name, "velocity") == 0) && n == 3 &&
	    memcmp(v->text.s + v->element_text, "inf", 3) == 0)
		v->text.len = v->element_text;
	buf_add(&v->text, "\n", 1);
}

/* Text comes in pieces (an entity or a character reference ends one):
 * they are joined, so "&#110;an" reads "nan". */
static void XMLCALL on_values_text(void *arg, const XML_Char *s, int len)
{
	struct xml_values *v = arg;

	buf_add(&v->text, s, (size_t)len);
}

/* Parses the LEN bytes at XML into V; -1 when they are not well-formed. */
static int xml_values_read(const char *xml, size_t len, struct xml_values *v)
{
	XML_Parser p = XML_ParserCreate(NULL);
	enum XML_Status st;

	memset(v, 0, sizeof *v);
	if (!p)
		return -1;
	XML_SetUserData(p, v);
	XML_SetElementHandler(p, on_values_start, on_values_end);
	XML_SetCharacterDataHandler(p, on_values_text);
	st = XML_Parse(p, xml, (int)len, 1);
	XML_ParserFree(p);
	return st == XML_STATUS_OK && !v->text.oom ? 0 : -1;
}

const char *fuzz_check_output(const char *sdf, size_t len, const unsigned char *input,
			      size_t input_len)
{
	struct xml_values out, in;
	const char *bad = NULL;

	if (xml_values_read(sdf, len, &out) != 0) {
		bad = "the output is not well-formed XML";
	} else if (!out.has_root || strcmp(out.root, "sdf") != 0) {
		bad = "the output's root is not <sdf>";
	} else if (has_nonfinite_word(out.text.s, out.text.len)) {
		/* u2s computes no NaN or infinity: one may only be passed
		 * through, as text of the input's */
		if (xml_values_read((const char *)input, input_len, &in) != 0 ||
		    !has_nonfinite_word(in.text.s, in.text.len))
			bad = "the output holds a NaN or infinity the input did not";
		free(in.text.s);
	}
	free(out.text.s);
	return bad;
}

/* How a conversion gets its input. */
enum feed {
	FEED_FILE,   /* a regular (in-memory) file: may be read in two halves */
	FEED_CHECK,  /* the same, with --check */
	FEED_PIPE    /* a pipe: always one stream */
};

/* One conversion and what came of it. */
struct run {
	int status;
	struct seen seen;
	char *out;       /* what it wrote (mmap'd), or NULL */
	size_t out_len;
};

struct pipe_feed {
	int fd;
	const unsigned char *data;
	size_t size;
};

/* Writes the input into the pipe; stops when u2s stops reading (an input
 * rejected early), with EPIPE rather than the signal, blocked here. */
static void *write_pipe(void *arg)
{
	struct pipe_feed *f = arg;
	sigset_t pipe_signal;

	sigemptyset(&pipe_signal);
	sigaddset(&pipe_signal, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
	write_all(f->fd, f->data, f->size);   /* EPIPE is no fault */
	close(f->fd);
	return NULL;
}

/* Converts from IN and keeps the output in R. */
static void convert_fd(int in, int check, struct run *r)
{
	struct u2s_options opts = { .size = sizeof opts, .flags = check ? U2S_CHECK : 0u,
				   .diag_fn = on_diag, .diag_arg = &r->seen };
	int outfd = anon_file();
	struct stat st;

	if (outfd < 0) {
		r->seen.bad = "cannot make a temporary file";
		return;
	}
	r->status = u2s_convert(in, FUZZ_NAME, outfd, &opts);
	if (fstat(outfd, &st) == 0 && st.st_size > 0) {
		r->out_len = (size_t)st.st_size;
		r->out = mmap(NULL, r->out_len, PROT_READ, MAP_PRIVATE, outfd, 0);
		if (r->out == MAP_FAILED)
			r->out = NULL;
	}
	close(outfd);
}

/* Runs one conversion of DATA; returns the first broken property or NULL. */
static const char *convert_once(const unsigned char *data, size_t size, enum feed how,
				struct run *r)
{
	memset(r, 0, sizeof *r);
	r->status = -1;
	if (how == FEED_PIPE) {
		int p[2];
		pthread_t writer;
		struct pipe_feed f = { .data = data, .size = size };

		if (pipe(p) != 0)
			return "pipe failed";
		f.fd = p[1];
		if (pthread_create(&writer, NULL, write_pipe, &f) != 0) {
			close(p[0]);
			close(p[1]);
			return "pthread_create failed";
		}
		convert_fd(p[0], 0, r);
		close(p[0]);   /* a rejected input may be left unread */
		pthread_join(writer, NULL);
	} else {
		int in = file_with(data, size);
		if (in < 0)
			return "cannot make a temporary file";
		convert_fd(in, how == FEED_CHECK, r);
		close(in);
	}
	if (r->seen.bad)
		return r->seen.bad;
	if (r->status != 0 && r->status != 1)
		return "the status is neither 0 (converted) nor 1 (rejected)";
	if (r->status == 1 && r->seen.errors == 0)
		return "the input was rejected without an error message";
	if (r->status == 0 && r->seen.errors != 0)
		return "an error was reported but the status is 0";
	if (r->status == 1 && r->out_len != 0)
		return "a rejected input left output behind";
	if (how == FEED_CHECK && r->out_len != 0)
		return "--check wrote output";
	if (r->status == 0 && how != FEED_CHECK && !r->out)
		return "a converted input wrote nothing";
	return NULL;
}

static void run_free(struct run *r)
{
	if (r->out)
		munmap(r->out, r->out_len);
	free(r->seen.log.s);
}

static int same_messages(const struct run *a, const struct run *b)
{
	return a->seen.log.len == b->seen.log.len &&
	       (a->seen.log.len == 0 || memcmp(a->seen.log.s, b->seen.log.s, a->seen.log.len) == 0);
}

/* A file (which may be read in two halves, when big) and a pipe (one
 * stream) give the same status, messages and bytes. */
static const char *check_same_as_stream(const unsigned char *data, size_t size,
					const struct run *file)
{
	struct run pipe_run;
	const char *bad = convert_once(data, size, FEED_PIPE, &pipe_run);

	if (!bad && pipe_run.status != file->status)
		bad = "a file and a pipe of the same bytes get different statuses";
	if (!bad && !same_messages(&pipe_run, file))
		bad = "a file and a pipe of the same bytes get different messages";
	if (!bad && (pipe_run.out_len != file->out_len ||
		     (file->out_len && memcmp(pipe_run.out, file->out, file->out_len) != 0)))
		bad = "a file and a pipe of the same bytes give different output";
	run_free(&pipe_run);
	return bad;
}

/* Drops from R's messages those only --check gives: its lookup of the
 * meshes as gz-sim finds them (U2S1205).  The code is the line's end: the
 * text before it may quote the input, which may hold anything. */
static void drop_check_only(struct run *r)
{
	static const char code[] = " [U2S1205]";
	const size_t clen = sizeof code - 1;
	char *in = r->seen.log.s, *out = in, *end = in ? in + r->seen.log.len : NULL;

	while (in && in < end) {
		char *nl = memchr(in, '\n', (size_t)(end - in));
		size_t len = nl ? (size_t)(nl - in) + 1 : (size_t)(end - in);
		size_t text = nl ? len - 1 : len;   /* without the newline */

		if (text < clen || memcmp(in + text - clen, code, clen) != 0) {
			memmove(out, in, len);
			out += len;
		}
		in += len;
	}
	if (r->seen.log.s)
		r->seen.log.len = (size_t)(out - r->seen.log.s);
}

/* --check gives the same status and messages (but for its mesh lookup),
 * and writes nothing. */
static const char *check_check_mode(const unsigned char *data, size_t size,
				    const struct run *file)
{
	struct run check_run;
	const char *bad = convert_once(data, size, FEED_CHECK, &check_run);

	if (!bad && check_run.status != file->status)
		bad = "--check gives another status than a conversion";
	drop_check_only(&check_run);
	if (!bad && !same_messages(&check_run, file))
		bad = "--check gives other messages than a conversion";
	run_free(&check_run);
	return bad;
}

const char *fuzz_check(const unsigned char *data, size_t size)
{
	struct run file;
	const char *bad = convert_once(data, size, FEED_FILE, &file);

	if (!bad && file.status == 0)
		bad = fuzz_check_output(file.out, file.out_len, data, size);
	if (!bad)
		bad = check_same_as_stream(data, size, &file);
	if (!bad)
		bad = check_check_mode(data, size, &file);
	run_free(&file);
	return bad;
}
