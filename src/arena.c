/* arena: bump allocator over talloc blocks. */
#define _GNU_SOURCE 1
#include "arena.h"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* What the arena forgets but keeps is poisoned for the memory checkers. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#elif defined(HAVE_VALGRIND_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define POISON(p, n) VALGRIND_MAKE_MEM_NOACCESS((p), (n))
#define UNPOISON(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* Large enough that the per-block costs vanish.  (Asking for transparent
 * huge pages for the blocks was tried: the kernel's zeroing of them made
 * big conversions slower, and their times erratic.) */
#define BLOCK_SIZE (2 * 1024 * 1024)
#define ALIGN ARENA_ALIGN
/* Memory forgotten and poisoned is made addressable again ahead of the
 * allocations by this much, so that the inline path need not: exactly
 * (0) under AddressSanitizer, whose reports are the point of its builds. */
#ifdef ARENA_ASAN
#define READY_AHEAD 0
#else
#define READY_AHEAD 1024
#endif

void oom(oom_jump *jump)
{
	if (!jump)
		abort();   /* a bug: every arena of a conversion has its jump */
	longjmp(*jump, 1);
}

void *must(oom_jump *jump, void *p)
{
	if (!p)
		oom(jump);
	return p;
}

void arena_init(struct arena *a, TALLOC_CTX *ctx, oom_jump *jump)
{
	a->ctx = ctx;
	a->oom = jump;
	a->cur = a->end = a->ready = NULL;
	a->first = NULL;
	a->chunks = NULL;
	a->xnode_seq = 0;
}

/* Every block, and every large chunk, starts with this header: the
 * chunks of an arena form a list, newest first, so that arena_release()
 * can free what came after a mark. */
struct chunk {
	struct chunk *prev;
	void *owner;   /* the talloc object to free: the chunk, or its mapping's */
};
#define HEADER ALIGN
_Static_assert(sizeof(struct chunk) <= HEADER, "a chunk header fits before the aligned data");

static char *new_chunk(struct arena *a, size_t size)
{
	struct chunk *c = must(a->oom, talloc_size(a->ctx, size));

	c->owner = c;
	c->prev = a->chunks;
	a->chunks = c;
	return (char *)c + HEADER;
}

#ifdef MAP_POPULATE
/* A block mapped with its pages in place, owned by a talloc object whose
 * destructor unmaps it. */
struct mapping {
	void *at;
};

static int unmap(struct mapping *m)
{
	munmap(m->at, BLOCK_SIZE);
	return 0;
}

static char *new_mapped_block(struct arena *a)
{
	struct mapping *m = must(a->oom, talloc(a->ctx, struct mapping));
	struct chunk *c;

	m->at = mmap(NULL, BLOCK_SIZE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (m->at == MAP_FAILED) {
		talloc_free(m);
		oom(a->oom);
	}
	talloc_set_destructor(m, unmap);
	c = m->at;
	c->owner = m;
	c->prev = a->chunks;
	a->chunks = c;
	return (char *)c + HEADER;
}
#endif

/* The first block of an arena is plain heap memory, touched page by page
 * as it fills: a small conversion uses a fraction of it.  An arena that
 * fills a block will fill more, and there one system call that maps a
 * block's pages costs less than taking a page fault on each (about a
 * tenth of the time of a 100k-link conversion on a virtual machine). */
static void new_block(struct arena *a)
{
#ifdef MAP_POPULATE
	char *b = a->first ? new_mapped_block(a) : new_chunk(a, BLOCK_SIZE);
#else
	char *b = new_chunk(a, BLOCK_SIZE);
#endif

	if (!a->first)
		a->first = a->chunks;
	a->cur = b;
	a->end = (char *)a->chunks + BLOCK_SIZE;
}

void *arena_alloc_slow(struct arena *a, size_t n)
{
	size_t rounded = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	char *p;

	if (rounded == 0)
		rounded = ALIGN;
	if (rounded > BLOCK_SIZE / 4)   /* a large request gets a chunk of its own */
		return new_chunk(a, rounded + HEADER);
	if (!a->cur || (size_t)(a->end - a->cur) < rounded) {
		new_block(a);
		a->ready = a->end;   /* fresh memory: nothing poisoned */
	}
	if ((size_t)(a->ready - a->cur) < rounded) {
		size_t ahead = (size_t)(a->end - a->cur) - rounded;
		a->ready = a->cur + rounded + (ahead < READY_AHEAD ? ahead : READY_AHEAD);
		UNPOISON(a->cur, (size_t)(a->ready - a->cur));
	}
	p = a->cur;
	a->cur += rounded;
	return p;
}

struct arena_mark arena_mark(const struct arena *a)
{
	struct arena_mark m;

	m.chunks = a->chunks;
	m.cur = a->cur;
	m.end = a->end;
	return m;
}

void arena_release(struct arena *a, struct arena_mark m)
{
	while (a->chunks != m.chunks) {
		struct chunk *c = a->chunks;
		a->chunks = c->prev;
		if (c == a->first)
			a->first = NULL;
		talloc_free(c->owner);
	}
	a->cur = a->ready = m.cur;
	a->end = m.end;
	if (a->cur)
		POISON(a->cur, (size_t)(a->end - a->cur));
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc_raw(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_cat3(struct arena *a, const char *s1, size_t n1, const char *s2, const char *s3)
{
	size_t n2 = strlen(s2), n3 = strlen(s3);
	char *p = arena_alloc_raw(a, n1 + n2 + n3 + 1);

	memcpy(p, s1, n1);
	memcpy(p + n1, s2, n2);
	memcpy(p + n1 + n2, s3, n3 + 1);
	return p;
}

void arena_reset(struct arena *a)
{
	/* Every chunk but the first block goes; the first block is rewound. */
	struct chunk *c = a->chunks, *keep = a->first;

	while (c) {
		struct chunk *prev = c->prev;
		if (c != keep)
			talloc_free(c->owner);
		c = prev;
	}
	a->chunks = keep;
	a->xnode_seq = 0;   /* no node is left to compare with */
	if (keep) {
		keep->prev = NULL;
		a->cur = a->ready = (char *)keep + HEADER;
		a->end = (char *)keep + BLOCK_SIZE;
		POISON(a->cur, (size_t)(a->end - a->cur));
	} else {
		a->cur = a->end = a->ready = NULL;
	}
}
