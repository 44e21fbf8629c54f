/* The in-memory face (u2s_convert_buffer, u2s_convert_buffer_to): the same
 * conversion as u2s_convert from a descriptor, byte for byte and message
 * for message; nothing written for a rejected input; the writer's failures;
 * many conversions at once on threads. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "u2s.h"

static const char GOOD[] =
	"<robot name='r'>"
	"<link name='a'><inertial><mass value='1'/>"
	"<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link>"
	"<link name='b'><inertial><mass value='1'/>"
	"<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link>"
	"<joint name='j' type='revolute'><parent link='a'/><child link='b'/>"
	"<limit lower='-1' upper='1' effort='1' velocity='1'/></joint>"
	"<gazebo reference='nothing'/>"
	"</robot>";

/* Messages, one per line, as a growing string. */
struct msgs {
	char *text;
	size_t len;
	unsigned errors;
};

static void keep(void *arg, enum u2s_severity sev, const char *line)
{
	struct msgs *m = arg;
	size_t n = strlen(line);

	m->text = realloc(m->text, m->len + n + 2);
	cr_assert_not_null(m->text);
	memcpy(m->text + m->len, line, n);
	m->len += n;
	m->text[m->len++] = '\n';
	m->text[m->len] = '\0';
	m->errors += sev == U2S_ERROR;
}

/* What a writer was given. */
struct written {
	char *text;
	size_t len;
	unsigned calls;
	int fail;          /* return this instead of taking the bytes */
};

static int take(void *arg, const char *buf, size_t len)
{
	struct written *w = arg;

	w->calls++;
	if (w->fail)
		return w->fail;
	w->text = realloc(w->text, w->len + len + 1);
	cr_assert_not_null(w->text);
	memcpy(w->text + w->len, buf, len);
	w->len += len;
	w->text[w->len] = '\0';
	return 0;
}

static char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	char *text;

	cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
	text = slurp(fd, len);
	close(fd);
	return text;
}

Test(mem, good_input_to_a_string)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct msgs m = { 0 };
	char *sdf = (char *)1;
	size_t len = 0;

	opts.diag_fn = keep;
	opts.diag_arg = &m;
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), "r.urdf", &sdf, &len, &opts), U2S_OK);
	cr_assert_not_null(sdf);
	cr_assert_eq(strlen(sdf), len);
	cr_assert_not_null(strstr(sdf, "<sdf version='1.9'>"));
	cr_assert_not_null(strstr(sdf, "<joint name='j' type='revolute'>"));
	cr_assert_not_null(m.text);
	cr_assert_not_null(strstr(m.text, "r.urdf:1:"), "%s", m.text);
	cr_assert_not_null(strstr(m.text, "[U2S0407]"), "%s", m.text);
	u2s_free(sdf);
	free(m.text);
}

Test(mem, name_defaults_to_memory)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct msgs m = { 0 };
	char *sdf;

	opts.diag_fn = keep;
	opts.diag_arg = &m;
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), NULL, &sdf, NULL, &opts), U2S_OK);
	cr_assert_eq(strncmp(m.text, "<memory>:1:", 11), 0, "%s", m.text);
	u2s_free(sdf);
	free(m.text);
}

/* LEN is what counts, not a NUL: the input may be cut from a larger text,
 * and a NUL inside it is the input's error. */
Test(mem, length_not_nul)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct msgs m = { 0 };
	char text[sizeof GOOD + 16];
	char *sdf;

	opts.diag_fn = keep;
	opts.diag_arg = &m;
	memcpy(text, GOOD, strlen(GOOD));
	memcpy(text + strlen(GOOD), "<garbage", 8);
	cr_assert_eq(u2s_convert_buffer(text, strlen(GOOD), "t", &sdf, NULL, &opts), U2S_OK);
	u2s_free(sdf);
	text[10] = '\0';
	cr_assert_eq(u2s_convert_buffer(text, strlen(GOOD), "t", &sdf, NULL, &opts), U2S_REJECTED);
	cr_assert_null(sdf);
	free(m.text);
}

Test(mem, rejected_writes_nothing)
{
	static const char *bad[] = {
		"", "<robot name='r'>", "<robot name='r'><link name='a'/><link name='a'/></robot>",
		"<robot name='r'><link name='a'/><link name='b'/></robot>", "<urdf/>",
	};
	struct u2s_options opts = U2S_OPTIONS_INIT;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct msgs m = { 0 };
		struct written w = { 0 };
		char *sdf = (char *)1;
		size_t len = 7;

		opts.diag_fn = keep;
		opts.diag_arg = &m;
		cr_assert_eq(u2s_convert_buffer(bad[i], strlen(bad[i]), "t", &sdf, &len, &opts),
			     U2S_REJECTED, "%s", bad[i]);
		cr_assert_null(sdf);
		cr_assert_eq(len, 0);
		cr_assert_eq(u2s_convert_buffer_to(bad[i], strlen(bad[i]), "t", take, &w, &opts),
			     U2S_REJECTED, "%s", bad[i]);
		cr_assert_eq(w.calls, 0, "%s: the writer was called", bad[i]);
		cr_assert_geq(m.errors, 2, "%s", bad[i]);
		free(m.text);
	}
}

Test(mem, werror_rejects)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct written w = { 0 };
	char *sdf;

	opts.flags |= U2S_WERROR;
	opts.flags |= U2S_QUIET;
	opts.diag_fn = keep;
	opts.diag_arg = &(struct msgs){ 0 };
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), "t", &sdf, NULL, &opts), U2S_REJECTED);
	cr_assert_null(sdf);
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t", take, &w, &opts), U2S_REJECTED);
	cr_assert_eq(w.calls, 0);
}

Test(mem, writer_failure_is_io)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	struct msgs m = { 0 };
	struct written w = { .fail = ENOSPC };

	opts.diag_fn = keep;
	opts.diag_arg = &m;
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t", take, &w, &opts), U2S_IO);
	cr_assert_eq(w.calls, 1);
	cr_assert_not_null(strstr(m.text, "cannot write the SDF output: No space left on device"),
			   "%s", m.text);
	free(m.text);
	m = (struct msgs){ 0 };
	w = (struct written){ .fail = -1 };   /* not an errno value: EIO */
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t", take, &w, &opts), U2S_IO);
	cr_assert_not_null(strstr(m.text, strerror(EIO)), "%s", m.text);
	free(m.text);
}

Test(mem, check_and_usage)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *sdf = (char *)1;

	opts.diag_fn = keep;
	opts.diag_arg = &(struct msgs){ 0 };
	opts.flags |= U2S_CHECK;
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t", NULL, NULL, &opts), U2S_OK);
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), "t", &sdf, NULL, &opts), U2S_OK);
	cr_assert_null(sdf);
	opts.flags &= ~U2S_CHECK;
	cr_assert_eq(u2s_convert_buffer_to(GOOD, strlen(GOOD), "t", NULL, NULL, &opts), U2S_USAGE);
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), "t", NULL, NULL, &opts), U2S_USAGE);
	opts.sdf_version = "1.10";
	cr_assert_eq(u2s_convert_buffer(GOOD, strlen(GOOD), "t", &sdf, NULL, &opts), U2S_USAGE);
	cr_assert_null(sdf);
}

/* One corpus file both ways: the descriptor's output and messages are the
 * in-memory ones, whatever the options. */
static void same_both_ways(const char *path, struct u2s_options *opts)
{
	struct msgs mfd = { 0 }, mmem = { 0 }, mto = { 0 };
	struct written w = { 0 };
	size_t len, fdlen, memlen;
	char *urdf = read_file(path, &len), *fdsdf, *sdf;
	int in = open(path, O_RDONLY), out = temp_fd(), rc, rcmem, rcto;

	opts->diag_fn = keep;
	opts->diag_arg = &mfd;
	rc = u2s_convert(in, path, out, opts);
	close(in);
	fdsdf = slurp(out, &fdlen);
	close(out);
	opts->diag_arg = &mmem;
	rcmem = u2s_convert_buffer(urdf, len, path, &sdf, &memlen, opts);
	opts->diag_arg = &mto;
	rcto = u2s_convert_buffer_to(urdf, len, path, take, &w, opts);
	cr_assert_eq(rcmem, rc, "%s: status %d from memory, %d from a descriptor", path, rcmem, rc);
	cr_assert_eq(rcto, rc, "%s", path);
	cr_assert_str_eq(mmem.text ? mmem.text : "", mfd.text ? mfd.text : "", "%s", path);
	cr_assert_str_eq(mto.text ? mto.text : "", mfd.text ? mfd.text : "", "%s", path);
	if (rc == U2S_OK) {
		cr_assert_eq(memlen, fdlen, "%s", path);
		cr_assert_eq(memcmp(sdf, fdsdf, fdlen), 0, "%s", path);
		cr_assert_eq(w.len, fdlen, "%s", path);
		cr_assert_eq(memcmp(w.text, fdsdf, fdlen), 0, "%s", path);
	} else {
		cr_assert_null(sdf, "%s", path);
		cr_assert_eq(w.calls, 0, "%s", path);
		cr_assert_eq(fdlen, 0, "%s", path);
	}
	u2s_free(sdf);
	free(w.text);
	free(fdsdf);
	free(urdf);
	free(mfd.text);
	free(mmem.text);
	free(mto.text);
}

static unsigned over_folder(const char *folder, struct u2s_options *opts)
{
	const char *corpus = getenv("U2S_CORPUS");
	char dir[4096], path[8192];
	struct dirent *e;
	unsigned n = 0;
	DIR *dp;

	cr_assert_not_null(corpus, "U2S_CORPUS is not set");
	snprintf(dir, sizeof dir, "%s/%s", corpus, folder);
	dp = opendir(dir);
	cr_assert_not_null(dp, "%s", dir);
	while ((e = readdir(dp)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 5, ".urdf") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		same_both_ways(path, opts);
		n++;
	}
	closedir(dp);
	return n;
}

Test(mem, corpus_as_from_a_descriptor, .timeout = 300)
{
	static const char *folders[] = { "edge", "gen", "real", "real3", "seed", "versions" };
	struct u2s_options opts = U2S_OPTIONS_INIT;
	size_t i;

	for (i = 0; i < sizeof folders / sizeof *folders; i++)
		cr_assert_gt(over_folder(folders[i], &opts), 0, "%s", folders[i]);
	opts.flags |= U2S_REPAIR;
	opts.sdf_version = "1.12";
	over_folder("real", &opts);
	opts.flags &= ~U2S_REPAIR;
	opts.sdf_version = "1.11";
	opts.flags |= U2S_PRESERVE_FIXED_JOINTS;
	opts.uri_mode = U2S_URI_KEEP;
	over_folder("edge", &opts);
}

/* Many links: more than one 64 KiB chunk of input, more than one 1 MiB
 * block of output. */
Test(mem, big_robot_in_pieces)
{
	size_t cap = 8 << 20, len = 0;
	char *urdf = malloc(cap), *sdf;
	struct written w = { 0 };
	size_t sdflen;
	int i;

	cr_assert_not_null(urdf);
	len += (size_t)sprintf(urdf + len, "<robot name='big'><link name='l0'><inertial><mass value='1'/>"
			      "<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link>");
	for (i = 1; i < 20000; i++)
		len += (size_t)sprintf(urdf + len,
			"<link name='l%d'><inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1'"
			" ixy='0' ixz='0' iyz='0'/></inertial></link><joint name='j%d' type='continuous'>"
			"<parent link='l%d'/><child link='l%d'/><origin xyz='0 0 0.1'/></joint>",
			i, i, i - 1, i);
	len += (size_t)sprintf(urdf + len, "</robot>");
	cr_assert_lt(len, cap);
	cr_assert_eq(u2s_convert_buffer(urdf, len, "big", &sdf, &sdflen, NULL), U2S_OK);
	cr_assert_gt(sdflen, 2u << 20);
	cr_assert_eq(u2s_convert_buffer_to(urdf, len, "big", take, &w, NULL), U2S_OK);
	cr_assert_geq(w.calls, 2);
	cr_assert_eq(w.len, sdflen);
	cr_assert_eq(memcmp(w.text, sdf, sdflen), 0);
	u2s_free(sdf);
	free(w.text);
	free(urdf);
}
