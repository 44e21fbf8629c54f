/* par: ordered formatting on two cores.  Items 0..N-1 are formatted in
 * batches by FMT, each batch into a memory writer, by the calling thread and
 * one worker thread at once; the calling thread appends the batches to DST
 * in item order, so the text is exactly what one thread would write.  FMT
 * must only read shared data; each thread gets its own scratch arena. */
#ifndef U2S_PAR_H
#define U2S_PAR_H

#include "arena.h"
#include "out.h"

typedef void par_fmt_fn(const void *arg, struct arena *scratch, unsigned from, unsigned to,
			struct out *o);

/* Formats items 0..N-1 onto DST, BATCH items at a time.  Runs on the calling
 * thread alone when N is small or no thread can be started.  Returns 0, or
 * -1 when out of memory (DST->err is then set). */
int par_format(unsigned n, unsigned batch, par_fmt_fn *fmt, const void *arg, struct out *dst);

#endif
