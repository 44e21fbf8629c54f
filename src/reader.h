/* reader: the reader's insides, shared by read.c (expat callbacks, one
 * stream) and read_split.c (a big file parsed as two halves at once). */
#ifndef U2S_READER_H
#define U2S_READER_H

#include <expat.h>
#include <sys/types.h>

#include "diag.h"
#include "model.h"

/* What an open element is to u2s; the reader keeps a stack of them. */
enum scope_kind {
	IN_DOC, IN_ROBOT, IN_MATERIAL, IN_LINK, IN_INERTIAL, IN_ITEM, IN_GEOMETRY,
	IN_VMATERIAL, IN_JOINT, IN_GAZEBO, IN_IGNORED
};

struct scope {
	enum scope_kind kind;
	void *obj;          /* the model node this element fills */
	unsigned seen_child;  /* the children read (read.c); IN_GEOMETRY: 1, a shape was */
	struct srcpos pos;  /* IN_GEOMETRY: where it starts */
};

struct reader {
	XML_Parser parser;
	XML_Parser *parser_handle;  /* talloc: frees the parser with it */
	TALLOC_CTX *ctx;
	oom_jump *oom;
	struct robot *robot;
	struct arena *arena;        /* the robot's: every model node goes here */
	struct diag *diag;
	struct scope *stack;
	unsigned depth, cap;
	char *text;                 /* character data of the open gazebo leaf */
	size_t textlen, textcap;
	int stopped;                /* XML_StopParser was called */
	struct index *pool;         /* strings read more than once, kept once */
	const char *recent[256];    /* the pool's last strings, by a cheap key */
	/* Reading half a file (read_split.c): */
	unsigned long line_offset;  /* added to expat's line numbers */
	int synthetic_root;         /* the <robot> start is ours, not the file's */
	int foreign;                /* a DOCTYPE, or an encoding other than UTF-8 */
	/* Something was read by a rule of the URDF version (read_split.c:
	 * the second half reads as 1.0, not knowing the file's version). */
	int version_used;
	int limit_extras_warned;    /* acceleration, deceleration, jerk said */
	/* The element whose start is being handled (for messages' paths):
	 * its name and attributes, and the depth of the stack before it. */
	const char *starting;
	const char **starting_atts;
	unsigned starting_depth;
};

/* A reader with a new robot under CTX; running out of memory (now or while
 * parsing) jumps to JUMP. */
void reader_init(struct reader *r, TALLOC_CTX *ctx, oom_jump *jump, struct diag *d);
/* Frees the parser and the reader's own buffers; the robot stays. */
void reader_free(struct reader *r);
/* Parses BEFORE, bytes FROM..TO of FD, then AFTER, as one document.
 * Returns U2S_OK, U2S_REJECTED (malformed) or U2S_IO (FD could not be read
 * whole). */
int reader_feed_range(struct reader *r, int fd, off_t from, off_t to,
		      const char *before, const char *after);

/* Reads FROM..TO of FD, a regular file, as two halves at once
 * (read_split.c).  Returns the robot, or NULL when the file must be read as
 * one stream instead. */
struct robot *read_split(TALLOC_CTX *ctx, oom_jump *jump, int fd, off_t from, off_t to,
			 const char *file);
/* Files smaller than this are read as one stream. */
#ifndef SPLIT_MIN
#define SPLIT_MIN (256 * 1024)
#endif

#endif
