/* threads: many conversions at once give what each gives alone.
 *
 *   tests/threads [-t THREADS] FILE...
 *
 * Converts each FILE once on the main thread (from memory: the status, the
 * SDF, the messages), then on THREADS threads (8 by default) at once, each
 * going through all the files from a different start, by each of the three
 * entries in turn: u2s_convert_buffer, u2s_convert_buffer_to and
 * u2s_convert (from the file's descriptor, which may read it in halves on
 * a thread of its own).  Every result must be the first one.  Not a
 * Criterion test, so that tests/threads.sh can also run it built with
 * -fsanitize=thread (Criterion's runner cannot run under ThreadSanitizer).
 * Exit status 0 when all agreed, 1 when one did not, 2 on a usage or
 * setup problem. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "u2s.h"

/* A growing string: the SDF, or the messages one per line. */
struct text {
	char *p;
	size_t len;
};

static int put(struct text *t, const char *s, size_t n)
{
	char *p = realloc(t->p, t->len + n + 1);

	if (!p)
		return ENOMEM;
	memcpy(p + t->len, s, n);
	t->p = p;
	t->len += n;
	t->p[t->len] = '\0';
	return 0;
}

static int put_sdf(void *arg, const char *buf, size_t len)
{
	return put(arg, buf, len);
}

static void put_message(void *arg, enum u2s_severity sev, const char *line)
{
	(void)sev;
	if (put(arg, line, strlen(line)) || put(arg, "\n", 1))
		abort();
}

struct input {
	const char *path;
	char *urdf;
	size_t len;
	int rc;              /* what the first conversion gave */
	struct text sdf, msgs;
};

static struct input *inputs;
static int ninputs;

/* Converts input I by entry WAY (0, 1, 2) into *SDF and *MSGS. */
static int convert(const struct input *in, int way, struct text *sdf, struct text *msgs)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	char *s = NULL;
	size_t n = 0;
	int rc, fd, out;

	opts.diag_fn = put_message;
	opts.diag_arg = msgs;
	switch (way) {
	case 0:
		rc = u2s_convert_buffer(in->urdf, in->len, in->path, &s, &n, &opts);
		if (s && put(sdf, s, n))
			abort();
		u2s_free(s);
		return rc;
	case 1:
		return u2s_convert_buffer_to(in->urdf, in->len, in->path, put_sdf, sdf, &opts);
	default:
		fd = open(in->path, O_RDONLY);
		out = open("/dev/null", O_WRONLY);
		if (fd < 0 || out < 0)
			abort();
		/* The SDF of this way goes nowhere: only status and messages
		 * are compared (the other two ways check the bytes). */
		rc = u2s_convert(fd, in->path, out, &opts);
		close(fd);
		close(out);
		return rc;
	}
}

static int nthreads = 8;

static void *worker(void *arg)
{
	long t = (long)arg, bad = 0;
	int k;

	for (k = 0; k < ninputs; k++) {
		int i = (int)((k + t * ninputs / nthreads) % ninputs), way = (int)((k + t) % 3);
		const struct input *in = &inputs[i];
		struct text sdf = { 0 }, msgs = { 0 };
		int rc = convert(in, way, &sdf, &msgs);

		if (rc != in->rc || strcmp(msgs.p ? msgs.p : "", in->msgs.p ? in->msgs.p : "") != 0 ||
		    (way < 2 && (sdf.len != in->sdf.len ||
				 (sdf.len && memcmp(sdf.p, in->sdf.p, sdf.len) != 0)))) {
			fprintf(stderr, "threads: %s by way %d on thread %ld: status %d (alone %d), "
				"%zu bytes (alone %zu), messages %s\n", in->path, way, t, rc, in->rc,
				sdf.len, in->sdf.len,
				strcmp(msgs.p ? msgs.p : "", in->msgs.p ? in->msgs.p : "") ? "differ" : "agree");
			bad++;
		}
		free(sdf.p);
		free(msgs.p);
	}
	return (void *)bad;
}

static char *slurp_path(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct text t = { 0 };
	char buf[65536];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		if (put(&t, buf, n))
			abort();
	fclose(f);
	*len = t.len;
	return t.p ? t.p : calloc(1, 1);
}

int main(int argc, char **argv)
{
	pthread_t *tid;
	long bad = 0;
	int i, a = 1;

	if (argc > 2 && strcmp(argv[1], "-t") == 0) {
		nthreads = atoi(argv[2]);
		a = 3;
	}
	if (a >= argc || nthreads < 1) {
		fprintf(stderr, "usage: threads [-t THREADS] FILE...\n");
		return 2;
	}
	ninputs = argc - a;
	inputs = calloc((size_t)ninputs, sizeof *inputs);
	tid = calloc((size_t)nthreads, sizeof *tid);
	if (!inputs || !tid)
		return 2;
	for (i = 0; i < ninputs; i++) {
		struct input *in = &inputs[i];

		in->path = argv[a + i];
		in->urdf = slurp_path(in->path, &in->len);
		if (!in->urdf) {
			perror(in->path);
			return 2;
		}
		in->rc = convert(in, 0, &in->sdf, &in->msgs);
	}
	for (i = 0; i < nthreads; i++)
		if (pthread_create(&tid[i], NULL, worker, (void *)(long)i) != 0) {
			fprintf(stderr, "threads: cannot start a thread\n");
			return 2;
		}
	for (i = 0; i < nthreads; i++) {
		void *r;
		pthread_join(tid[i], &r);
		bad += (long)r;
	}
	printf("threads: %d inputs on %d threads at once, %ld conversions differ from alone\n",
	       ninputs, nthreads, bad);
	for (i = 0; i < ninputs; i++) {
		free(inputs[i].urdf);
		free(inputs[i].sdf.p);
		free(inputs[i].msgs.p);
	}
	free(inputs);
	free(tid);
	return bad ? 1 : 0;
}
