/* Unit tests of src/par.c: ordered formatting on two cores, and of the
 * memory writer it formats into. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "out.h"
#include "par.h"

/* Writes "ITEM\n" for each item, and some scratch use to show the arena is
 * the thread's own: a string built in it and read back. */
static void fmt_items(const void *arg, struct arena *a, unsigned from, unsigned to, struct out *o)
{
	const unsigned *width = arg;
	unsigned i;

	for (i = from; i < to; i++) {
		char *s = arena_printf(a, "%0*u\n", (int)*width, i);
		out_str(o, s);
	}
}

/* par_format's text for N items in batches of BATCH, through a writer
 * into a temporary file with a small buffer, as read back. */
static char *formatted(unsigned n, unsigned batch, unsigned width)
{
	int fd = temp_fd();
	char buf[100];
	struct out o;

	out_init(&o, fd, buf, sizeof buf);
	cr_assert_eq(par_format(n, batch, fmt_items, &width, &o), 0);
	cr_assert_eq(out_flush(&o), 0);
	size_t len;

	return slurp(fd, &len);
}

static char *expected(unsigned n, unsigned width)
{
	char *s = malloc((size_t)n * (width + 1) + 1), *p = s;
	unsigned i;

	for (i = 0; i < n; i++)
		p += sprintf(p, "%0*u\n", (int)width, i);
	*p = '\0';
	return s;
}

static void check(unsigned n, unsigned batch, unsigned width)
{
	char *got = formatted(n, batch, width), *want = expected(n, width);

	cr_assert(strcmp(got, want) == 0, "n=%u batch=%u: output differs (%zu bytes, want %zu)",
		  n, batch, strlen(got), strlen(want));
	free(got);
	free(want);
}

Test(par, nothing_to_format)
{
	check(0, 64, 3);
}

Test(par, fewer_items_than_a_batch)
{
	check(5, 64, 3);
}

Test(par, a_few_batches_run_inline)
{
	check(3 * 64, 64, 5);
}

Test(par, many_batches_keep_their_order)
{
	check(100000, 64, 8);
	check(100001, 7, 8);
	check(1000, 1, 4);
}

Test(par, batches_larger_than_the_slots_first_buffer)
{
	/* 64 KiB is where a memory writer starts: make batches outgrow it. */
	check(200000, 20000, 12);
}

Test(par, batch_zero_means_one)
{
	check(50, 0, 3);
}

Test(out_mem, grows_and_keeps_everything)
{
	struct out o;
	unsigned i;

	out_init_mem(&o);
	for (i = 0; i < 100000; i++)
		out_str(&o, "0123456789");
	out_char(&o, '!');
	cr_assert_eq(o.err, 0);
	cr_assert_eq(o.len, 1000001);
	cr_assert_eq(memcmp(o.buf + 999990, "0123456789!", 11), 0);
	cr_assert_eq(out_flush(&o), 0, "flushing memory is a no-op");
	cr_assert_eq(o.len, 1000001);
	out_free_mem(&o);
	cr_assert_null(o.buf);
	cr_assert_eq(o.len, 0);
}
