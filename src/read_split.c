/* read_split: the reader's entry (read.h): the input read as one stream, or
 * a big regular file as two halves at once.  It drives read.c's reader
 * (reader.h), which never calls back here.
 *
 * A big regular file is cut in two at a line that starts a top-level
 * element (<link>, <joint>, <gazebo>), and each half is parsed
 * by its own expat parser on its own core: the first half as the file's
 * start followed by "</robot>", the second as "<robot>" followed by the
 * file's end.  The cut is only trusted when everything agrees it was
 * between two children of <robot>: the first half, closed there, must be
 * well-formed (a cut inside a comment, a CDATA section or a nested element
 * is not), the second must parse on its own, the file must have no DOCTYPE
 * (whose declarations the second half would miss) and be UTF-8 (declare
 * no other encoding, or be read as UTF-8 whatever it declares: both
 * halves are told so under U2S_INPUT_UTF8), and
 * neither half may have anything to report, nor may the halves define the
 * same name twice.  Otherwise the halves are thrown away and the file is
 * read from its start as one stream, which reports what there is to
 * report in document order.  The halves are the file's first and last two
 * fifths: the fifth between them (struct middle) is read a part at a time
 * by whichever thread is ahead.  The models are then joined: the later
 * parts' links, joints, blocks and materials follow the first's (their
 * link names put into the first's index on a second thread while the
 * joint names are, when there are many), and their line numbers were
 * counted from the cut.
 *
 * It pays: at 100k links (scripts/bench's robot) reading this way makes
 * the whole conversion 1.4 times as fast on two cores.  Each half has its
 * own talloc tree and its own jump for running out of memory, so that
 * nothing crosses threads until both are done; out of memory in a half
 * means reading as one stream, where it is reported.  U2S_THREADS=1 (the
 * CLI) or U2S_SINGLE_THREAD in the options turns it off. */
#include "read.h"

#include "num.h"
#include "reader.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* Files smaller than this are read as one stream (read.h). */
#ifndef SPLIT_MIN
#define SPLIT_MIN (256 * 1024)
#endif
long long read_split_min = SPLIT_MIN;
#ifndef JOIN_THREAD_MIN
#define JOIN_THREAD_MIN 16384
#endif
size_t read_join_thread_min = JOIN_THREAD_MIN;
#define READ_CHUNK (64 * 1024)
/* The smallest part of the middle a thread takes at once (but never more
 * than a piece, read_piece_size). */
#define PART_MIN (64 * 1024)
int read_middle_taker = MIDDLE_BOTH;

/* The bytes between the first half and the second (a fifth of the file),
 * taken a part at a time until none are left: from the front by the first
 * half's thread, which reads on into them, and from the back by the
 * second's, each part parsed as a model of its own.  Equal halves do not
 * take equal times (the second counts the first's lines before it starts;
 * one core may be slower than the other, or busy with something else):
 * the thread that is ahead reads more of the middle. */
struct middle {
	pthread_mutex_t lock;
	int fd;
	off_t lo, hi;                  /* what neither thread has taken */
	off_t part;                    /* about what a thread takes at once */
	int taker;                     /* read_middle_taker */
};

struct half {
	struct reader r;
	struct diag d;
	TALLOC_CTX *ctx;               /* the half's own talloc tree */
	oom_jump jump;                 /* out of memory in this half */
	int first;                     /* the first half (sees the prolog) */
	const char *file;
	int fd;
	off_t from, to;                /* the file's bytes this half parses */
	const char *before, *after;    /* the text it gets around them */
	off_t count_from;              /* second half: where its line count starts */
	int utf8;                      /* U2S_INPUT_UTF8 */
	/* U2S_OUTPUT_URDF: FROM..TO are read into KEEP_AT (its part of one
	 * buffer of the whole input, made before the threads start) and
	 * the spans recorded; BYTE_BASE makes them count from the input's
	 * start. */
	char *keep_at;
	long long byte_base;
	/* Not the first: the line FROM is on, 0 until counted. */
	unsigned long line_at;
	struct middle *middle;         /* what it reads besides FROM..TO, or NULL */
	struct half *back;             /* the second: the middle's parts it read, in order */
	struct half *next;
	int rc;
};

/* U2S_INPUT_UTF8: R's bytes are UTF-8 whatever the XML declaration says.
 * Expat takes an encoding given before the parse over the declaration's;
 * jumps when out of memory. */
static void force_utf8(struct reader *r, oom_jump *jump)
{
	if (XML_SetEncoding(r->parser, "UTF-8") != XML_STATUS_OK)
		oom(jump);   /* it fails only for want of memory, before a parse */
	r->utf8_forced = 1;
}

static void XMLCALL on_xml_decl(void *arg, const XML_Char *version,
				const XML_Char *encoding, int standalone)
{
	struct reader *r = arg;

	(void)version, (void)standalone;
	if (encoding && strcasecmp(encoding, "UTF-8") != 0)
		r->foreign = r->declared_other = 1;
}

static void XMLCALL on_doctype(void *arg, const XML_Char *name, const XML_Char *sysid,
			       const XML_Char *pubid, int has_internal_subset)
{
	struct reader *r = arg;

	(void)name, (void)sysid, (void)pubid, (void)has_internal_subset;
	r->foreign = 1;
}

/* The LFs in BUF (N bytes): a loop the compiler makes 16 or 32 bytes a
 * step, where a memchr per line costs a call every 40 bytes. */
static unsigned long newlines(const char *buf, size_t n)
{
	unsigned long count = 0;
	size_t i;

	for (i = 0; i < n; i++)
		count += buf[i] == '\n';
	return count;
}

/* Lines that start before offset TO, counting from FROM: newlines + 1, or
 * 0 when a carriage return is there (expat counts a lone one as a line
 * break) or the file cannot be read. */
static unsigned long lines_before(int fd, off_t from, off_t to)
{
	char buf[READ_CHUNK];
	unsigned long lines = 1;

	while (from < to) {
		size_t want = to - from < (off_t)sizeof buf ? (size_t)(to - from) : sizeof buf;
		ssize_t n = pread(fd, buf, want, from);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || memchr(buf, '\r', (size_t)n))
			return 0;
		lines += newlines(buf, (size_t)n);
		from += n;
	}
	return lines;
}

static void quiet_diag(void *arg, enum u2s_severity sev, const char *line)
{
	(void)arg, (void)sev, (void)line;
}

/* The first half's thread, its bytes read up to AT: the middle's next
 * part, up to the offset returned (AT: none left). */
static off_t take_front(void *arg, off_t at)
{
	struct middle *m = arg;
	off_t end = at;

	pthread_mutex_lock(&m->lock);
	if (m->taker != MIDDLE_BACK && at == m->lo && m->lo < m->hi) {
		end = reader_piece_end(m->fd, m->lo, m->hi, m->part);
		if (end < 0)
			end = m->hi;
		m->lo = end;
	}
	pthread_mutex_unlock(&m->lock);
	return end;
}

/* The second half's thread: the middle's last part not taken, as *FROM
 * and *TO; 0 when none is left. */
static int take_back(struct middle *m, off_t *from, off_t *to)
{
	off_t start;
	int took = 0;

	pthread_mutex_lock(&m->lock);
	if (m->taker != MIDDLE_FRONT && m->lo < m->hi) {
		start = m->hi - m->lo < 2 * m->part ? m->lo :
			reader_find_cut(m->fd, m->hi - m->part, m->hi, reader_indent_at(m->fd, m->hi));
		if (start <= m->lo)
			start = m->lo;
		*from = start;
		*to = m->hi;
		m->hi = start;
		took = 1;
	}
	pthread_mutex_unlock(&m->lock);
	return took;
}

/* Runs on the half's own thread: its reader is made here, under its own
 * talloc tree, once the jump for running out of memory is set. */
static void parse_half(struct half *given)
{
	struct half *volatile h = given;   /* as it was, after a longjmp */
	struct options opts;

	if (setjmp(h->jump) != 0) {
		h->rc = U2S_IO;
		return;
	}
	memset(&opts, 0, sizeof opts);
	opts.diag_fn = quiet_diag;   /* counted, not shown: see read_split */
	diag_init(&h->d, h->file, &opts);
	reader_init(&h->r, h->ctx, &h->jump, &h->d);
	if (h->utf8)
		force_utf8(&h->r, &h->jump);
	h->r.keep_source = h->keep_at != NULL;
	h->r.keep_at = h->keep_at;
	h->r.byte_base = h->byte_base;
	if (h->first) {
		/* A declared encoding is foreign only when it is obeyed. */
		if (!h->utf8)
			XML_SetXmlDeclHandler(h->r.parser, on_xml_decl);
		XML_SetStartDoctypeDeclHandler(h->r.parser, on_doctype);
		if (h->middle) {   /* it reads on into the middle */
			h->r.more = take_front;
			h->r.more_arg = h->middle;
		}
	} else {
		h->r.synthetic_root = 1;
		if (h->line_at == 0)
			h->line_at = lines_before(h->fd, h->count_from, h->from);
		if (h->line_at == 0) {
			h->rc = U2S_IO;
			return;
		}
		/* The cut's line is the second half's line 2, after "<robot>". */
		h->r.line_offset = h->line_at - 2;
	}
	h->rc = reader_feed_range(&h->r, h->fd, h->from, h->to, h->before, h->after);
}

/* The half's reader, when parse_half got as far as making it. */
static void half_free(struct half *h)
{
	if (h->r.parser_handle)
		reader_free(&h->r);
	h->r.parser_handle = NULL;
}

/* The second half, read: the middle's parts the first has not taken, from
 * the last, each as a half of its own (its line counted back from the one
 * after it) put before those read, until none are left or one fails. */
static void read_back(struct half *second)
{
	unsigned long line = second->line_at, lines;
	struct half *h;
	off_t from, to;

	while (second->rc == U2S_OK && (h = calloc(1, sizeof *h)) != NULL) {
		if (!take_back(second->middle, &from, &to)) {
			free(h);
			return;
		}
		h->next = second->back;
		second->back = h;
		h->ctx = talloc_new(NULL);
		h->utf8 = second->utf8;
		h->file = second->file;
		h->fd = second->fd;
		h->from = from, h->to = to, h->before = "<robot>\n", h->after = "</robot>";
		lines = lines_before(h->fd, from, to);
		if (!h->ctx || lines == 0 || lines > line) {
			h->rc = U2S_IO;
			return;
		}
		line -= lines - 1;
		h->line_at = line;
		parse_half(h);
		half_free(h);   /* its parser and buffers: the robot stays */
		if (h->rc != U2S_OK)
			return;
	}
}

static void *parse_half_thread(void *arg)
{
	struct half *h = arg;
	struct num_locale loc;

	num_locale_enter(&loc);   /* a new thread has the global locale */
	parse_half(h);
	if (h->middle)
		read_back(h);
	num_locale_leave(&loc);
	return NULL;
}

static int half_is_clean(const struct half *h)
{
	return h->rc == U2S_OK && h->d.errors == 0 && h->d.warnings == 0 && !h->r.foreign;
}

/* B's list FIRST..LAST (linked by next) after A's. */
#define SPLICE(a, b, first, last) do { \
		if ((b)->first) { \
			if ((a)->last) \
				(a)->last->next = (b)->first; \
			else \
				(a)->first = (b)->first; \
			(a)->last = (b)->last; \
		} \
	} while (0)

/* One index's names put into another's, with a jump of its own for
 * running out of memory: 0, -1 when a name is in both, -2 out of memory. */
struct merge {
	struct index *into;
	const struct index *from;
	oom_jump jump;
	int rc;
};

static void merge_guarded(struct merge *m)
{
	if (setjmp(m->jump) != 0) {
		m->rc = -2;
		return;
	}
	index_set_oom(m->into, &m->jump);
	m->rc = index_merge(m->into, m->from);
}

static void *merge_thread(void *arg)
{
	merge_guarded(arg);
	return NULL;
}

/* The halves' link, joint and material names in the first's indexes: the
 * links on a second thread when there are many (at a million links the
 * merges take half a second, each name a cache miss).  -1 when a name is
 * in both halves; running out of memory takes JOINING, once no thread
 * uses the indexes. */
static int merge_names(struct robot *a, struct robot *b, oom_jump *joining)
{
	struct merge links = { .into = a->link_index, .from = b->link_index };
	struct merge joints = { .into = a->joint_index, .from = b->joint_index };
	pthread_t thread;
	int threaded = index_count(b->link_index) >= read_join_thread_min &&
		       pthread_create(&thread, NULL, merge_thread, &links) == 0;

	if (!threaded)
		merge_guarded(&links);
	merge_guarded(&joints);
	if (threaded)
		pthread_join(thread, NULL);
	index_set_oom(a->link_index, joining);
	index_set_oom(a->joint_index, joining);
	if (links.rc == -2 || joints.rc == -2)
		oom(joining);
	if (links.rc != 0 || joints.rc != 0)
		return -1;
	return index_merge(a->material_index, b->material_index);
}

/* The second half's model after the first's; -1 when a name is defined in
 * both, or both give the robot an <origin> (then the whole is read again,
 * to say so where it happens).  Every
 * field of struct robot that the reader fills from the children of <robot>
 * must be carried over here (model.h says so beside them). */
static int join_halves(struct robot *a, struct robot *b, oom_jump *joining)
{
	if ((a->has_origin && b->has_origin) || merge_names(a, b, joining) != 0)
		return -1;
	SPLICE(a, b, links, links_last);
	SPLICE(a, b, joints, joints_last);
	SPLICE(a, b, gazebos, gazebos_last);
	SPLICE(&a->source, &b->source, plugins, plugins_last);
	/* The first half's </robot> is the one put after it. */
	a->source.has_robot_close = b->source.has_robot_close;
	a->source.robot_close = b->source.robot_close;
	a->nlinks += b->nlinks;
	a->njoints += b->njoints;
	if (b->has_origin) {   /* the only one: checked above */
		a->has_origin = 1;
		a->origin = b->origin;
	}
	talloc_steal(a, b);   /* its arenas, nodes and strings */
	return 0;
}

static void halves_free(struct half *first, struct half *second)
{
	struct half *h;

	half_free(first);
	half_free(second);
	talloc_free(first->ctx);
	talloc_free(second->ctx);
	while ((h = second->back) != NULL) {
		second->back = h->next;
		half_free(h);
		talloc_free(h->ctx);
		free(h);
	}
}

/* The half after H (NULL: the first after the first half) in the file's
 * order: the middle's parts the second half read, then the second. */
static struct half *later(struct half *second, struct half *h)
{
	if (!h)
		return second->back ? second->back : second;
	return h == second ? NULL : h->next ? h->next : second;
}

/* Whether the halves after the first may be joined to it. */
static int later_are_clean(struct half *first, struct half *second)
{
	struct half *h;

	for (h = later(second, NULL); h; h = later(second, h)) {
		if (!half_is_clean(h))
			return 0;
		/* It read as URDF 1.0; what it read by a version's rule must
		 * be read again when the file says another version. */
		if (h->r.version_used && !urdf_version_is(first->r.robot->urdf_version, URDF_1_0))
			return 0;
	}
	return 1;
}

/* Every half's robot jumps to JUMP when out of memory. */
static void every_set_oom(struct half *first, struct half *second, oom_jump *jump)
{
	struct half *h;

	robot_set_oom(first->r.robot, jump);
	for (h = later(second, NULL); h; h = later(second, h))
		robot_set_oom(h->r.robot, jump);
}

/* The halves, all parsed, joined into the first's robot, or NULL when
 * they cannot be.  On the calling thread: running out of memory while
 * joining frees every half and takes the conversion's JUMP. */
static struct robot *join_all(struct half *first_given, struct half *second_given,
			      oom_jump *jump)
{
	struct half *volatile first = first_given, *volatile second = second_given;
	struct half *h;
	oom_jump joining;

	if (!half_is_clean(first) || !first->r.robot->name || !later_are_clean(first, second))
		return NULL;
	if (setjmp(joining) != 0) {
		halves_free(first, second);
		oom(jump);
	}
	every_set_oom(first, second, &joining);
	for (h = later(second, NULL); h; h = later(second, h))
		if (join_halves(first->r.robot, h->r.robot, &joining) != 0)
			return NULL;
	every_set_oom(first, second, jump);
	return first->r.robot;
}

/* The middle of FROM..TO: a fifth of it, between two cuts; 0 when there
 * is none. */
static int middle_find(struct middle *m, int fd, off_t from, off_t to)
{
	off_t lo = reader_find_cut(fd, from + (to - from) / 5 * 2, to, -1);
	off_t hi = lo < 0 ? -1 : reader_find_cut(fd, from + (to - from) / 5 * 3, to, -1);

	if (hi <= lo)
		return 0;
	m->fd = fd;
	m->lo = lo;
	m->hi = hi;
	m->part = (hi - lo) / 8 < PART_MIN ? PART_MIN : (hi - lo) / 8;
	if (m->part > read_piece_size)
		m->part = read_piece_size;
	m->taker = read_middle_taker;
	return pthread_mutex_init(&m->lock, NULL) == 0;
}

/* U2S_OUTPUT_URDF: each half reads its bytes into its part of KEPT, a
 * buffer of the whole input, and counts its offsets from the input's start
 * (the second half's expat counts its "<robot>" first). */
static void keep_halves(struct half *first, struct half *second, char *kept)
{
	first->keep_at = kept;
	second->keep_at = kept + (second->from - first->from);
	second->byte_base = (long long)(second->from - first->from) -
			    (long long)strlen(second->before);
}

/* Reads FROM..TO of FD, a regular file, as two halves at once (and the
 * middle between them, when it has one).  Returns the robot, or NULL when
 * the file must be read as one stream instead. */
static struct robot *read_split(TALLOC_CTX *ctx, oom_jump *jump, int fd, off_t from, off_t to,
				const char *file, const struct options *opts)
{
	struct half first, second;
	struct middle m;
	struct robot *rb = NULL;
	pthread_t thread;
	/* U2S_OUTPUT_URDF reads no middle: its halves are not read in pieces */
	int kept_input = (opts->flags & U2S_OUTPUT_URDF), middle = !kept_input &&
			 middle_find(&m, fd, from, to);
	off_t cut = middle ? m.lo : reader_find_cut(fd, from + (to - from) / 2, to, -1);
	char *kept = NULL;

	if (cut < 0)
		return NULL;
	if (kept_input)
		kept = must(jump, talloc_size(ctx, (size_t)(to - from)));
	memset(&first, 0, sizeof first);
	memset(&second, 0, sizeof second);
	/* Talloc trees are not shared between threads: each half has its
	 * own until both are done. */
	first.ctx = talloc_new(NULL);
	second.ctx = talloc_new(NULL);
	first.first = 1;
	first.utf8 = second.utf8 = (opts->flags & U2S_INPUT_UTF8);
	first.file = second.file = file;
	first.fd = second.fd = fd;
	first.from = from, first.to = cut, first.before = "", first.after = "</robot>";
	first.count_from = from;
	second.from = middle ? m.hi : cut, second.to = to, second.before = "<robot>\n";
	second.after = "";
	second.count_from = from;
	if (middle)
		first.middle = second.middle = &m;
	if (kept)
		keep_halves(&first, &second, kept);
	if (first.ctx && second.ctx &&
	    pthread_create(&thread, NULL, parse_half_thread, &second) == 0) {
		parse_half(&first);
		pthread_join(thread, NULL);
		/* every byte of the middle read by one side or the other */
		if (!middle || m.lo == m.hi)
			rb = join_all(&first, &second, jump);
	}
	if (rb) {
		rb->read_in_halves = 1;
		talloc_steal(ctx, rb);
		if (kept)
			rb->source.bytes = talloc_steal(rb, kept), rb->source.len = (size_t)(to - from);
	} else {
		talloc_free(kept);
	}
	halves_free(&first, &second);
	if (middle)
		pthread_mutex_destroy(&m.lock);
	return rb;
}

/* One reader over the whole input: MEM (LEN bytes) when not NULL, else FD. */
static int read_whole(TALLOC_CTX *ctx, oom_jump *jump, int fd, const char *mem, size_t len,
		      const struct options *opts, struct diag *d, struct robot **out)
{
	struct reader r;
	int rc;

	reader_init(&r, ctx, jump, d);
	if ((opts->flags & U2S_INPUT_UTF8))
		force_utf8(&r, jump);
	r.keep_source = (opts->flags & U2S_OUTPUT_URDF);
	if (mem && r.keep_source) {   /* the caller's, alive as long as the conversion */
		r.robot->source.bytes = mem;
		r.robot->source.len = len;
	}
	rc = mem ? reader_feed_mem(&r, mem, len) : reader_feed_fd(&r, fd);
	reader_free(&r);
	if (rc == U2S_OK && !r.robot->name) {
		diag_error(d, D_NO_ROBOT, 1, 1, "no <robot> element");
		rc = U2S_REJECTED;
	}
	if (rc == U2S_OK && d->errors > 0)
		rc = U2S_REJECTED;
	*out = r.robot;
	return rc;
}

int read_urdf(TALLOC_CTX *ctx, oom_jump *jump, int fd, const struct options *opts,
	      struct diag *d, struct robot **out)
{
	struct stat st;
	off_t start;

	if (!(opts->flags & U2S_SINGLE_THREAD) && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (start = lseek(fd, 0, SEEK_CUR)) >= 0 && st.st_size - start >= read_split_min &&
	    (*out = read_split(ctx, jump, fd, start, st.st_size, d->file, opts)) != NULL) {
		lseek(fd, st.st_size, SEEK_SET);   /* as if read to the end */
		return U2S_OK;
	}
	return read_whole(ctx, jump, fd, NULL, 0, opts, d, out);
}

int read_urdf_mem(TALLOC_CTX *ctx, oom_jump *jump, const char *buf, size_t len,
		  const struct options *opts, struct diag *d, struct robot **out)
{
	return read_whole(ctx, jump, -1, buf ? buf : "", len, opts, d, out);
}
