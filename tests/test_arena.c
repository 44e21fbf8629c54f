/* Unit tests of src/arena.c: blocks, marks, out of memory and the memory
 * checkers. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "modeltest.h"

TestSuite(arena, .init = setup, .fini = teardown);

/* ---- arena ------------------------------------------------------------------ */

/* The arena's blocks and large chunks are the only children of its context. */
static size_t chunks(void)
{
	return talloc_total_blocks(arena.ctx) - 1;
}

Test(arena, zeroed_aligned_and_in_blocks)
{
	char *a = arena_alloc(&arena, 3), *b = arena_alloc(&arena, 40);
	unsigned i;

	cr_assert_eq((size_t)a % 16, 0);
	cr_assert_eq((size_t)b % 16, 0);
	cr_assert_eq(b - a, 16, "small allocations are carved from one block");
	for (i = 0; i < 40; i++)
		cr_assert_eq(b[i], 0);
	cr_assert_eq(chunks(), 1);
}

Test(arena, release_forgets_what_came_after_the_mark)
{
	char *before = arena_strdup(&arena, "kept");
	struct arena_mark m = arena_mark(&arena);
	char *big, *again;
	int i;

	for (i = 0; i < 10000; i++)
		arena_alloc(&arena, 1000);              /* several new blocks */
	big = arena_alloc(&arena, 3 * 1024 * 1024);  /* a chunk of its own */
	big[3 * 1024 * 1024 - 1] = 'x';
	cr_assert_gt(chunks(), 3);
	arena_release(&arena, m);
	cr_assert_eq(chunks(), 1, "blocks after the mark are freed");
	cr_assert_str_eq(before, "kept");
	again = arena_alloc(&arena, 8);
	cr_assert_eq(again, before + 16, "allocation resumes at the mark");
}

Test(arena, reset_keeps_the_first_block_only)
{
	char *first = arena_alloc(&arena, 8);
	int i;

	arena_alloc(&arena, 3 * 1024 * 1024);
	for (i = 0; i < 10000; i++)
		arena_alloc(&arena, 1000);
	arena_reset(&arena);
	cr_assert_eq(chunks(), 1);
	cr_assert_eq(arena_alloc(&arena, 8), first, "the first block is reused from its start");
	arena_reset(&arena);
	arena_reset(&arena);
	cr_assert_eq(chunks(), 1);
}

Test(arena, mark_before_any_block)
{
	struct arena_mark m = arena_mark(&arena);

	arena_alloc(&arena, 100);
	arena_alloc(&arena, 1024 * 1024);
	arena_release(&arena, m);
	cr_assert_eq(chunks(), 0);
	cr_assert_not_null(arena_alloc(&arena, 100), "a fresh block after releasing everything");
	arena_reset(&arena);
	cr_assert_eq(chunks(), 1);
}

/* Blocks after the first are mapped with their pages in place (Linux):
 * they are zeroed and writable like the first, and freed with the arena. */
Test(arena, later_blocks_are_zeroed_and_freed)
{
	int round, i;
	size_t k;

	for (round = 0; round < 2; round++) {
		for (i = 0; i < 5000; i++) {
			unsigned char *p = arena_alloc(&arena, 1000);
			for (k = 0; k < 1000; k += 97)
				cr_assert_eq(p[k], 0, "round %d, allocation %d", round, i);
			memset(p, 0xa5, 1000);
		}
		cr_assert_gt(chunks(), 2);
		arena_reset(&arena);
		cr_assert_eq(chunks(), 1);
	}
}

/* ---- out of memory and the memory checkers ------------------------------------ */

/* Out of memory jumps to the conversion's point, not abort(): talloc
 * refuses any single chunk of 256 MiB or more, which the arena asks for
 * when one allocation is that large. */
Test(arena, out_of_memory_jumps)
{
	oom_jump jump;
	struct arena a;
	volatile int reached = 0;

	arena_init(&a, talloc_new(ctx), &jump);
	if (setjmp(jump) == 0) {
		arena_alloc(&a, (size_t)512 * 1024 * 1024);
		reached = 1;
	}
	cr_assert_eq(reached, 0, "a failed allocation returned");
	cr_assert_not_null(arena_alloc(&a, 16), "the arena still works afterwards");
}

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
/* What the arena forgets but keeps for reuse is poisoned: a use after
 * arena_reset() or arena_release() is reported as a use after free. */
Test(arena, forgotten_memory_is_poisoned)
{
	char *a = arena_alloc(&arena, 64), *b;
	struct arena_mark m;

	arena_reset(&arena);
	cr_assert(__asan_address_is_poisoned(a), "reset memory is addressable");
	a = arena_alloc(&arena, 64);
	cr_assert_not(__asan_address_is_poisoned(a), "a new allocation is poisoned");
	m = arena_mark(&arena);
	b = arena_alloc(&arena, 64);
	arena_release(&arena, m);
	cr_assert(__asan_address_is_poisoned(b), "released memory is addressable");
	cr_assert_not(__asan_address_is_poisoned(a));
}
#endif
