/* arena: bump allocation for the many small nodes of a conversion.
 *
 * talloc puts a header of about a hundred bytes before every chunk; a URDF
 * of a million links has tens of millions of small nodes, so u2s carves
 * them from large blocks instead.  The blocks are owned by talloc objects
 * under the conversion's talloc context: freeing it frees them.  Nodes are never
 * freed one by one; arena_reset() forgets everything at once (the writer
 * reuses one arena for each element it prints).
 *
 * Memory that arena_reset() or arena_release() forgets but keeps for reuse
 * is marked unaddressable for AddressSanitizer and valgrind, so that a use
 * after it is reported as it would be after free(). */
#ifndef U2S_ARENA_H
#define U2S_ARENA_H

#include <setjmp.h>
#include <stddef.h>
#include <talloc.h>

/* Out of memory ends a conversion: whatever fails to allocate jumps to the
 * point the conversion set (u2s_convert, or a thread of its own), which
 * reports it and frees everything through the talloc context.  The
 * library never prints or aborts. */
typedef jmp_buf oom_jump;
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void oom(oom_jump *jump);
/* P, unless it is NULL: then oom(JUMP). */
void *must(oom_jump *jump, void *p);

struct arena {
	TALLOC_CTX *ctx;      /* owns the blocks, and nothing else */
	oom_jump *oom;        /* where running out of memory goes */
	char *cur, *end;      /* free space in the current block */
	void *first;          /* the first block, kept by arena_reset() */
	void *chunks;         /* blocks and large chunks, newest first */
};

/* A point to come back to: arena_release() forgets what was allocated
 * since (the writer prints a link's items one at a time this way). */
struct arena_mark {
	void *chunks;
	char *cur, *end;
};

void arena_init(struct arena *a, TALLOC_CTX *ctx, oom_jump *jump);
/* N zeroed bytes, aligned for any type.  Never NULL: out of memory jumps
 * to A->oom. */
void *arena_alloc(struct arena *a, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* Forgets every allocation; the first block is kept for reuse. */
void arena_reset(struct arena *a);
struct arena_mark arena_mark(const struct arena *a);
void arena_release(struct arena *a, struct arena_mark m);

#define ARENA_NEW(a, type) ((type *)arena_alloc((a), sizeof(type)))
#define ARENA_ARRAY(a, type, n) ((type *)arena_alloc((a), sizeof(type) * (n)))

#endif
