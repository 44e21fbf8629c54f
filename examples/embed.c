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

int main(int argc, char **argv)
{
	struct u2s_options opts = { 0 };
	struct u2s_stats stats;
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
	opts.stats = &stats;
	rc = u2s_convert(fd, argv[1], STDOUT_FILENO, &opts);
	close(fd);
	if (rc == U2S_OK)
		fprintf(stderr, "embed: %u links and %u joints written, %u warnings\n",
			stats.links_out, stats.joints_out, warnings);
	return rc;
}
