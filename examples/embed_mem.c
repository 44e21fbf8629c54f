/* Embedding u2s in memory: a program that holds a robot description as a
 * string (as spawners, editors and simulators do), converts it to an SDF
 * string with the library, and collects the messages as fields.
 *
 *   cc embed_mem.c $(pkg-config --cflags --libs u2s) -o embed_mem
 *   ./embed_mem robot.urdf > robot.sdf
 *
 * (The file is read into memory first only to have a string to convert.)
 */
#include <stdio.h>
#include <stdlib.h>

#include <u2s.h>

/* Called once per message, with its fields: severity, code, line, ... */
static void on_diagnostic(void *arg, const struct u2s_diagnostic *d)
{
	unsigned *count = arg;

	++*count;
	fprintf(stderr, "embed_mem: line %lu: %s %s: %s\n", d->line,
		d->severity == U2S_ERROR ? "error" : "warning", d->code, d->message);
}

static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 1 << 16;
	char *text = malloc(cap), *more;

	*len = 0;
	while (text) {
		*len += fread(text + *len, 1, cap - *len, f);
		if (*len < cap)
			return ferror(f) ? (free(text), NULL) : text;
		more = realloc(text, cap *= 2);
		if (!more)
			free(text);
		text = more;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	unsigned messages = 0;
	char *urdf, *sdf;
	size_t len, sdf_len;
	FILE *f;
	int rc;

	if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: embed_mem FILE.urdf\n");
		return U2S_USAGE;
	}
	urdf = read_all(f, &len);
	fclose(f);
	if (!urdf)
		return U2S_IO;

	opts.diag_record_fn = on_diagnostic;
	opts.diag_record_arg = &messages;
	opts.sdf_version = "1.11";        /* Gazebo Harmonic */
	rc = u2s_convert_buffer(urdf, len, argv[1], &sdf, &sdf_len, &opts);
	free(urdf);
	if (rc != U2S_OK)                 /* rejected: sdf is NULL */
		return rc;
	fwrite(sdf, 1, sdf_len, stdout);
	u2s_free(sdf);
	fprintf(stderr, "embed_mem: %zu bytes of SDF, %u messages\n", sdf_len, messages);
	return U2S_OK;
}
