/* read: URDF bytes -> model.  Expat is fed straight from the file descriptor
 * in chunks; model nodes are built as elements arrive.  The entry is
 * read_split.c's; the expat callbacks and their table, read.c's (reader.h). */
#ifndef U2S_READ_H
#define U2S_READ_H

#include <stddef.h>

#include "diag.h"
#include "model.h"

/* From this size up (bytes), a regular file is read in two halves at
 * once: SPLIT_MIN at build time (256 KiB by default); the tests that
 * compare the two readers lower it to 512 (not exported). */
extern long long read_split_min;
/* A half of at least twice this many bytes is parsed in pieces of about
 * this size (reader.h's reader_feed_range): PIECE_SIZE at build time
 * (2 MiB by default); the same tests lower it to 256. */
extern long long read_piece_size;
/* From this many links in the second half up, its link names are put into
 * the first half's index on a thread of their own while the calling
 * thread puts the joint names in: JOIN_THREAD_MIN at build time (16,384
 * by default); the same tests lower it to 1. */
extern size_t read_join_thread_min;
/* Who reads the middle fifth of a file read in halves (read_split.c):
 * both threads, a part at a time, the one ahead taking more; the tests
 * also make one side take it all. */
enum { MIDDLE_BOTH, MIDDLE_FRONT, MIDDLE_BACK };
extern int read_middle_taker;

/* Reads the whole of FD into a new robot under CTX; running out of memory
 * jumps to JUMP.  A big regular file is parsed as two halves at once
 * unless OPTS->single_thread.  OPTS->input_utf8: the bytes are UTF-8,
 * whatever the XML declaration says.  Returns U2S_OK with *OUT set, U2S_REJECTED
 * (the input is not acceptable URDF; every problem has been reported) or
 * U2S_IO (read failure, reported). */
int read_urdf(TALLOC_CTX *ctx, oom_jump *jump, int fd, const struct options *opts,
	      struct diag *d, struct robot **out);
/* The same from LEN bytes at BUF, on the calling thread. */
int read_urdf_mem(TALLOC_CTX *ctx, oom_jump *jump, const char *buf, size_t len,
		  const struct options *opts, struct diag *d, struct robot **out);

#endif
