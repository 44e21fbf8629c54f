/* The fuzz target's properties (fuzz_check.h) on every input we have: each
 * URDF of the corpus ($U2S_CORPUS/SUBDIR/NAME.urdf), the fuzzer's seeds
 * ($U2S_FUZZ_DIR/seeds) and each input it found a fault with
 * ($U2S_FUZZ_DIR/regress), kept as a regression test once the fault was
 * fixed.  read_split_min is lowered to 512 here, so most of these files are
 * read in two halves at once (and read_piece_size to 256, so each half in
 * pieces, and the middle between them in parts) and compared with the same
 * bytes read as one stream. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_check.h"
#include "read.h"
#include "testutil.h"

/* Files from 512 bytes up are read in two halves (read.h), each half from
 * 512 bytes in pieces of about 256, their names joined on two threads: set
 * before Criterion forks the tests. */
__attribute__((constructor)) static void split_from_512_bytes(void)
{
	read_split_min = 512;
	read_piece_size = 256;
	read_join_thread_min = 1;
}

static void check_file(const char *path)
{
	int fd = open(path, O_RDONLY);
	size_t len;
	char *data;
	const char *bad;

	cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
	data = slurp(fd, &len);
	close(fd);
	bad = fuzz_check((const unsigned char *)data, len);
	free(data);
	cr_expect_null(bad, "%s: %s", path, bad ? bad : "");
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Checks every file in DIR whose name ends in SUFFIX, and those in its
 * subdirectories; returns how many. */
static unsigned check_tree(const char *dir, const char *suffix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX];
	unsigned n = 0;

	cr_assert_not_null(d, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (is_dir(path))
			n += check_tree(path, suffix);
		else if (has_suffix(e->d_name, suffix)) {
			check_file(path);
			n++;
		}
	}
	closedir(d);
	return n;
}

static const char *env_dir(const char *var)
{
	const char *dir = getenv(var);

	cr_assert(dir && *dir, "%s is not set (run through make check)", var);
	return dir;
}

Test(fuzz, corpus_inputs_have_every_property)
{
	/* 279 cases when this was written: fewer means the walk is broken */
	cr_assert_geq(check_tree(env_dir("U2S_CORPUS"), ".urdf"), 279);
}

/* The middle of a file read in halves (read_split.c) read all by one side
 * or the other, not as the threads' race has it: every seam it may have. */
Test(fuzz, corpus_inputs_with_the_middle_read_by_one_side)
{
	read_middle_taker = MIDDLE_FRONT;
	cr_assert_geq(check_tree(env_dir("U2S_CORPUS"), ".urdf"), 279);
	read_middle_taker = MIDDLE_BACK;
	cr_assert_geq(check_tree(env_dir("U2S_CORPUS"), ".urdf"), 279);
	read_middle_taker = MIDDLE_BOTH;
}

Test(fuzz, seeds_and_found_inputs_have_every_property)
{
	/* seeds/: the 69 small inputs of tests/test_diag, one per message;
	 * regress/: what the fuzzer found (tests/fuzz/README) */
	cr_assert_geq(check_tree(env_dir("U2S_FUZZ_DIR"), ".urdf"), 69);
}

/* The checker itself tells the properties apart: a well-formed robot is
 * converted, garbage is rejected with a message, and neither breaks a
 * property. */
Test(fuzz, checker_accepts_both_outcomes)
{
	const char *ok = "<robot name='r'><link name='a'/></robot>";
	const char *bad = "<robot name='r'><link name='a'></robot>";

	cr_expect_null(fuzz_check((const unsigned char *)ok, strlen(ok)));
	cr_expect_null(fuzz_check((const unsigned char *)bad, strlen(bad)));
	cr_expect_null(fuzz_check((const unsigned char *)"", 0));
}

/* Rejected at its first bytes, with far more than a pipe holds behind
 * them: u2s stops reading, and the harness, still writing the rest into
 * the pipe, must get EPIPE and go on rather than die of SIGPIPE (found in
 * review; the fuzzer could have stopped silently on such an input). */
Test(fuzz, early_rejection_with_much_unread_input)
{
	const char head[] = "<robot name='r'>&&&";
	size_t size = 512 * 1024;
	unsigned char *data = malloc(size);

	cr_assert_not_null(data);
	memset(data, ' ', size);
	memcpy(data, head, sizeof head - 1);
	cr_expect_null(fuzz_check(data, size));
	free(data);
}

Test(fuzz, checker_rejects_bad_messages)
{
	cr_expect(fuzz_message_ok(U2S_ERROR, "<fuzz>:3:7: error: bad [U2S0302]"));
	cr_expect(fuzz_message_ok(U2S_WARNING, "<fuzz>:1:1: warning: odd [U2S0204]"));
	cr_expect(fuzz_message_ok(U2S_ERROR, "<fuzz>: error: too many errors [U2S0001]"));
	cr_expect_not(fuzz_message_ok(U2S_WARNING, "<fuzz>:3:7: error: bad [U2S0302]"), "severity");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "t.urdf:3:7: error: bad [U2S0302]"), "file name");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "<fuzz>:3: error: bad [U2S0302]"), "no column");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "<fuzz>:x:7: error: bad [U2S0302]"),
		      "line not a number");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "<fuzz>:3:7: error: "), "no text");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "<fuzz>:3:7: error: two\nlines [U2S0302]"),
		      "newline");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "<fuzz>:3:7: error: bad"), "no code");
	cr_expect_not(fuzz_message_ok(U2S_ERROR, "<fuzz>:3:7: error: bad [U2S03x2]"), "code");
}

static const char *check_out(const char *sdf, const char *urdf)
{
	return fuzz_check_output(sdf, strlen(sdf), (const unsigned char *)urdf, strlen(urdf));
}

Test(fuzz, checker_rejects_bad_output)
{
	const char *urdf = "<robot name='r'><link name='a'/></robot>";

	cr_expect_null(check_out("<sdf version='1.9'><model name='r'/></sdf>", urdf));
	cr_expect_not_null(check_out("<sdf><model></sdf>", urdf), "not well-formed");
	cr_expect_not_null(check_out("<model name='r'/>", urdf), "root not <sdf>");
	cr_expect_not_null(check_out("<sdf><pose>0 nan 0 0 0 0</pose></sdf>", urdf), "NaN");
	cr_expect_not_null(check_out("<sdf><mass>-inf</mass></sdf>", urdf), "infinity");
	cr_expect_not_null(check_out("<sdf><m x='INF'/></sdf>", urdf), "in an attribute");
	/* words that only contain the letters are fine */
	cr_expect_null(check_out("<sdf><m name='info_nano'/></sdf>", urdf));
	/* a NaN the input spelled, even through a reference, passes through */
	cr_expect_null(check_out("<sdf><model name='nan'/></sdf>",
				 "<robot name='&#110;an'><link name='a'/></robot>"));
	/* but the raw bytes of the input do not count, only what it says */
	cr_expect_not_null(check_out("<sdf><pose>nan</pose></sdf>",
				     "<robot name='r'><!-- nan --><link name='a'/></robot>"));
}
