/* Tests of writing on two threads (src/spool.c, and write.c's use of it):
 * the units come out in order, byte for byte what one thread writes,
 * whatever the number of units, the segment size and the size of each
 * unit's text; running out of memory on the calling thread ends the run
 * with nothing left running, and on the second leaves its part to the
 * calling thread; and every corpus robot, written on two threads
 * from its second link up, is what one thread writes. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

#include "read.h"
#include "spool.h"
#include "write.h"

/* Every corpus file from 512 bytes up read in halves (each half from 512
 * bytes in pieces of 256, the halves' names joined on two threads), every
 * robot of two links or frames written on two threads: set before
 * Criterion forks. */
__attribute__((constructor)) static void split_everything(void)
{
	read_split_min = 512;
	read_piece_size = 256;
	read_join_thread_min = 1;
	write_split_min = 2;
}

/* ---- the engine, with units of text --------------------------------------- */

struct job_arg {
	size_t unit_bytes;        /* each unit's text is this long at least */
	pthread_t caller;
	size_t fail_on_second;    /* the second thread runs out of memory: 1 in
				   * begin, else at this unit */
	size_t fail_at_unit;      /* the calling thread runs out at this unit (0: never) */
};

struct state {
	struct job_arg *arg;
	oom_jump *jump;
	int second;
};

static void *begin(void *argp, TALLOC_CTX *root, oom_jump *jump)
{
	struct job_arg *arg = argp;
	struct state *s = talloc(root, struct state);

	cr_assert_not_null(s);
	s->arg = arg;
	s->jump = jump;
	/* begin makes the second thread's state only: the caller's is made
	 * before the run (spool_job.caller_state) */
	cr_assert(!pthread_equal(pthread_self(), arg->caller), "begin ran on the calling thread");
	s->second = 1;
	if (s->second && arg->fail_on_second == 1)
		oom(jump);
	return s;
}

/* Unit I: "I:" then I's digits repeated to UNIT_BYTES, then a newline. */
static size_t unit_text(size_t i, size_t unit_bytes, char *buf, size_t cap)
{
	size_t n = (size_t)snprintf(buf, cap, "%zu:", i);

	while (n < unit_bytes && n + 1 < cap)
		buf[n] = (char)('0' + (i + n) % 10), n++;
	buf[n++] = '\n';
	return n;
}

static void unit(void *statep, size_t i, struct out *o)
{
	struct state *s = statep;
	static __thread char buf[300 * 1024];
	size_t n;

	if (!s->second && s->arg->fail_at_unit && i == s->arg->fail_at_unit)
		oom(s->jump);
	if (s->second && s->arg->fail_on_second > 1 && i == s->arg->fail_on_second)
		oom(s->jump);
	n = unit_text(i, s->arg->unit_bytes, buf, sizeof buf);
	out_put(o, buf, n);
}

struct grown { char *p; size_t len, cap; };

static int grow(void *argp, const char *buf, size_t len)
{
	struct grown *g = argp;

	if (g->len + len > g->cap) {
		g->cap = (g->len + len) * 2;
		g->p = realloc(g->p, g->cap);
		cr_assert_not_null(g->p);
	}
	memcpy(g->p + g->len, buf, len);
	g->len += len;
	return 0;
}

static oom_jump *rejump(void *statep, oom_jump *jump)
{
	struct state *s = statep;
	oom_jump *before = s->jump;

	s->jump = jump;
	return before;
}

/* Runs the engine; returns its status, the text in *G. */
static int run(struct job_arg *arg, size_t n, size_t per_segment, struct grown *g)
{
	struct state caller = { arg, NULL, 0 };
	struct spool_job job = { n, per_segment, begin, unit, arg, &caller, rejump };
	static char buf[4096];   /* small: the output flushes often */
	struct out o;
	int rc;

	arg->caller = pthread_self();
	memset(g, 0, sizeof *g);
	out_init_sink(&o, grow, g, buf, sizeof buf);
	rc = spool_write(&job, &o);
	cr_assert_eq(out_flush(&o), 0);
	cr_assert_null(caller.jump, "the caller's jump was not put back");
	return rc;
}

static void expect_in_order(size_t n, size_t per_segment, size_t unit_bytes)
{
	struct job_arg arg = { .unit_bytes = unit_bytes };
	struct grown g, want = { NULL, 0, 0 };
	static char buf[300 * 1024];
	size_t i;

	cr_assert_eq(run(&arg, n, per_segment, &g), 0);
	for (i = 0; i < n; i++)
		grow(&want, buf, unit_text(i, unit_bytes, buf, sizeof buf));
	cr_assert_eq(g.len, want.len, "n %zu, per segment %zu, unit %zu bytes: %zu bytes, want %zu",
		     n, per_segment, unit_bytes, g.len, want.len);
	cr_assert(g.len == 0 || memcmp(g.p, want.p, g.len) == 0,
		  "n %zu, per segment %zu: out of order", n, per_segment);
	free(g.p);
	free(want.p);
}

Test(spool, units_in_order_whatever_the_segments)
{
	static const size_t counts[] = { 0, 1, 2, 3, 63, 64, 65, 128, 129, 1000 };
	static const size_t segments[] = { 1, 2, 3, 64, 5000 };
	size_t i, k;

	for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
		for (k = 0; k < sizeof segments / sizeof segments[0]; k++)
			expect_in_order(counts[i], segments[k], 8);
}

/* Units whose text is larger than the second thread's out buffer and than
 * the output's, so that spools grow and copies go around the buffer. */
Test(spool, units_larger_than_the_buffers)
{
	expect_in_order(9, 2, 100 * 1024);
	expect_in_order(40, 1, 250 * 1024);
}

/* The calling thread writes what the second left: the same text. */
static void expect_taken_over(size_t n, size_t per_segment, size_t fail_at)
{
	struct job_arg arg = { .unit_bytes = 8, .fail_on_second = fail_at };
	struct grown g, want = { NULL, 0, 0 };
	char buf[64];
	size_t i;

	cr_assert(fail_at == 1 || (fail_at / per_segment) % 2 == 1, "unit %zu is not the second's",
		  fail_at);
	cr_assert_eq(run(&arg, n, per_segment, &g), 0, "failing at unit %zu", fail_at);
	for (i = 0; i < n; i++)
		grow(&want, buf, unit_text(i, 8, buf, sizeof buf));
	cr_assert(g.len == want.len && memcmp(g.p, want.p, g.len) == 0,
		  "n %zu, per %zu, the second failing at unit %zu: not the units in order",
		  n, per_segment, fail_at);
	free(g.p);
	free(want.p);
}

Test(spool, second_thread_out_of_memory)
{
	/* at its start (1), or at a unit of one of its segments */
	expect_taken_over(1000, 4, 1);
	expect_taken_over(1000, 4, 5);
	expect_taken_over(1000, 4, 511);
	expect_taken_over(1000, 1, 999);
	expect_taken_over(1000, 3, 995);
}

Test(spool, calling_thread_out_of_memory)
{
	/* unit AT is the calling thread's: its segment AT / PER is even */
	static const struct { size_t at, per; } cases[] = { { 1, 2 }, { 7, 3 }, { 500, 1 },
							     { 998, 1 } };
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct job_arg arg = { .unit_bytes = 8, .fail_at_unit = cases[i].at };
		struct grown g;
		cr_assert_eq((cases[i].at / cases[i].per) % 2, 0);
		cr_assert_eq(run(&arg, 1000, cases[i].per, &g), -1, "failing at unit %zu",
			     cases[i].at);
		free(g.p);
	}
}

/* ---- whole conversions: two threads against one ----------------------------- */

struct conv {
	int rc;
	char *out;
	size_t len;
	struct msgs_text msgs;
};

static void convert_file(int fd, const char *version, unsigned flags, struct conv *c)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	int out = temp_fd();

	opts.sdf_version = version;
	opts.flags = flags;
	opts.diag_fn = msgs_collect;
	opts.diag_arg = &c->msgs;
	msgs_clear(&c->msgs);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	c->rc = u2s_convert(fd, "robot.urdf", out, &opts);
	c->out = slurp(out, &c->len);
	close(out);
}

struct tally { unsigned files, compared; };

static void check_corpus_file(const char *path, void *arg)
{
	struct tally *t = arg;
	static const char *const versions[] = { "1.9", "1.11", "1.12" };
	static const unsigned modes[] = { 0, U2S_WORLD | U2S_MIGRATE, U2S_REPAIR };
	int fd = open(path, O_RDONLY);
	size_t v, m;

	cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
	t->files++;
	for (v = 0; v < 3; v++)
		for (m = 0; m < 3; m++) {
			static struct conv one, two;
			convert_file(fd, versions[v], modes[m], &two);
			convert_file(fd, versions[v], modes[m] | U2S_SINGLE_THREAD, &one);
			cr_expect_eq(one.rc, two.rc, "%s %s: status %d on one thread, %d on two",
				     path, versions[v], one.rc, two.rc);
			cr_expect_str_eq(one.msgs.s, two.msgs.s, "%s %s: messages differ", path,
					 versions[v]);
			cr_expect(one.len == two.len && memcmp(one.out, two.out, one.len) == 0,
				  "%s %s flags %u: one thread and two differ", path, versions[v], modes[m]);
			t->compared++;
			free(one.out);
			free(two.out);
		}
	close(fd);
}

Test(spool, corpus_on_two_threads_as_on_one, .timeout = 600)
{
	const char *dir = getenv("U2S_CORPUS");
	struct tally t = { 0, 0 };

	cr_assert(dir && *dir, "U2S_CORPUS is not set (run through make check)");
	walk_urdfs(dir, check_corpus_file, &t);
	cr_log_info("corpus: %u files, %u conversions compared", t.files, t.compared);
	cr_expect_geq(t.files, 279);
}
