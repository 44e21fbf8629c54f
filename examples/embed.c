/* Embedding u2s: a program that converts a URDF file to SDFormat on its
 * standard output through the library, collecting the messages itself.
 *
 *   cc embed.c $(pkg-config --static --cflags --libs u2s) -o embed
 *   ./embed robot.urdf > robot.sdf
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <u2s.h>

/* Called once per message, a whole "FILE:LINE:COL: warning: TEXT" line. */
static void on_message(void *arg, enum u2s_severity sev, const char *line)
{
	unsigned *warnings = arg;

	if (sev == U2S_WARNING)
		++*warnings;
	fprintf(stderr, "embed: %s\n", line);
}

/* Called once, when the input was accepted: what was read and written. */
static void on_stats(void *arg, const struct u2s_stats *st)
{
	const unsigned *warnings = arg;

	fprintf(stderr, "embed: %u links and %u joints written, %u warnings\n",
		st->links_out, st->joints_out, *warnings);
}

int main(int argc, char **argv)
{
	struct u2s_options opts = U2S_OPTIONS_INIT;
	unsigned warnings = 0;
	int fd, rc;

	if (argc != 2) {
		fprintf(stderr, "usage: embed FILE.urdf\n");
		return U2S_USAGE;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return U2S_IO;
	}
	opts.diag_fn = on_message;
	opts.diag_arg = &warnings;
	opts.uri_mode = U2S_URI_KEEP;     /* mesh URIs as the URDF has them */
	opts.stats_fn = on_stats;
	opts.stats_arg = &warnings;
	rc = u2s_convert(fd, argv[1], STDOUT_FILENO, &opts);
	close(fd);
	return rc;
}
