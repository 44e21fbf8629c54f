/* The setting of the unit tests of the model's pieces (tests/test_arena.c,
 * test_index.c, test_xnode.c, test_model.c): a talloc context per test,
 * and an arena in it, as in u2s. */
#ifndef U2S_MODELTEST_H
#define U2S_MODELTEST_H

#include "model.h"

static TALLOC_CTX *ctx;
static struct arena arena;   /* element trees live in an arena, as in u2s */

static inline void setup(void)
{
	ctx = talloc_new(NULL);
	arena_init(&arena, talloc_new(ctx), NULL);
}

static inline void teardown(void)
{
	talloc_free(ctx);
}

#endif
