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
#include <string.h>
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
	char *ready;          /* cur..ready may be handed out: not poisoned */
	void *first;          /* the first block, kept by arena_reset() */
	void *chunks;         /* blocks and large chunks, newest first */
	/* xnode.c's count of the children appended to nodes of this arena:
	 * a child's seq, which orders them (reset with the arena). */
	unsigned xnode_seq;
};

/* A point to come back to: arena_release() forgets what was allocated
 * since (the writer prints a link's items one at a time this way). */
struct arena_mark {
	void *chunks;
	char *cur, *end;
};

void arena_init(struct arena *a, TALLOC_CTX *ctx, oom_jump *jump);

#define ARENA_ALIGN 16
/* arena_alloc_raw() where the ready space does not hold N bytes. */
void *arena_alloc_slow(struct arena *a, size_t n);

/* N bytes, aligned for any type, not zeroed.  Never NULL: out of memory
 * jumps to A->oom.  Inline: a conversion makes millions of small nodes. */
static inline void *arena_alloc_raw(struct arena *a, size_t n)
{
	size_t rounded = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	char *p = a->cur;

	if (rounded - 1 >= (size_t)(a->ready - p))   /* n == 0, or no room ready */
		return arena_alloc_slow(a, n);
	a->cur = p + rounded;
	return p;
}

/* Gives back the end of P, the last allocation (of N bytes), past its
 * first USED bytes: for text formatted in place, whose length is known
 * only after. */
static inline void arena_trim(struct arena *a, char *p, size_t n, size_t used)
{
	size_t rounded = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);

	if (p + rounded == a->cur)
		a->cur = p + ((used + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1));
}

/* N zeroed bytes, aligned for any type. */
static inline void *arena_alloc(struct arena *a, size_t n)
{
	return memset(arena_alloc_raw(a, n), 0, n);
}
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* The N1 bytes at S1, then the strings S2 and S3, as one string in A
 * (what printf would make of "%.*s%s%s", without its cost). */
char *arena_cat3(struct arena *a, const char *s1, size_t n1, const char *s2, const char *s3);
/* Forgets every allocation; the first block is kept for reuse. */
void arena_reset(struct arena *a);
struct arena_mark arena_mark(const struct arena *a);
void arena_release(struct arena *a, struct arena_mark m);

#define ARENA_NEW(a, type) ((type *)arena_alloc((a), sizeof(type)))
#define ARENA_ARRAY(a, type, n) ((type *)arena_alloc((a), sizeof(type) * (n)))

#endif
