/* u2s: command-line interface.  Options, files and exit statuses only; the
 * conversion is u2s_convert(). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "u2s.h"

static const char USAGE[] =
	"Usage: u2s [OPTION]... [FILE]\n"
	"Convert a URDF robot description to SDFormat 1.9.\n"
	"Reads FILE, or standard input when FILE is absent or '-'; writes standard output.\n"
	"\n"
	"  -o, --output=OUT   write to OUT instead (atomically: OUT appears only\n"
	"                     when the conversion succeeded)\n"
	"      --preserve-fixed-joints\n"
	"                     keep every fixed joint instead of merging its child\n"
	"                     link into the parent (no fixed-joint lumping)\n"
	"  -q, --quiet        do not print warnings\n"
	"      --werror       treat warnings as errors\n"
	"  -h, --help         show this help and exit\n"
	"  -V, --version      show the version and exit\n"
	"\n"
	"Exit status: 0 converted (warnings allowed), 1 input rejected,\n"
	"2 usage error, 3 cannot read the input or write the output.\n"
	"\n"
	"Examples:\n"
	"  xacro robot.xacro | u2s | gz sim -\n"
	"  u2s -o robot.sdf robot.urdf\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "u2s: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'u2s --help' for more information.\n");
	return U2S_USAGE;
}

/* Converts into a temporary file beside OUT and renames it over OUT only on
 * success, so OUT is never left half-written. */
static int convert_to_file(int in_fd, const char *name, const char *out,
			   const struct u2s_options *opts)
{
	char *tmp = malloc(strlen(out) + sizeof ".XXXXXX");
	mode_t mask;
	int fd, rc;

	if (!tmp)
		return U2S_IO;
	sprintf(tmp, "%s.XXXXXX", out);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "u2s: cannot create a file beside %s: %s\n", out, strerror(errno));
		free(tmp);
		return U2S_IO;
	}
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	rc = u2s_convert(in_fd, name, fd, opts);
	if (close(fd) != 0 && rc == U2S_OK) {
		fprintf(stderr, "u2s: cannot write %s: %s\n", out, strerror(errno));
		rc = U2S_IO;
	}
	if (rc == U2S_OK && rename(tmp, out) != 0) {
		fprintf(stderr, "u2s: cannot rename %s to %s: %s\n", tmp, out, strerror(errno));
		rc = U2S_IO;
	}
	if (rc != U2S_OK)
		unlink(tmp);
	free(tmp);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "werror", no_argument, NULL, 'W' },
		{ "preserve-fixed-joints", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct u2s_options opts;
	const char *out = NULL, *in = NULL;
	int c, in_fd = 0, rc;

	memset(&opts, 0, sizeof opts);
	while ((c = getopt_long(argc, argv, "o:qhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'q': opts.quiet = 1; break;
		case 'W': opts.werror = 1; break;
		case 'P': opts.preserve_fixed_joints = 1; break;
		case 'h': fputs(USAGE, stdout); return U2S_OK;
		case 'V': puts(PACKAGE_STRING); return U2S_OK;
		default: return usage_error("%s", "invalid option");
		}
	}
	if (argc - optind > 1)
		return usage_error("one input file at most (got %s more)", argv[optind + 1]);
	if (optind < argc && strcmp(argv[optind], "-") != 0)
		in = argv[optind];
	if (in) {
		in_fd = open(in, O_RDONLY);
		if (in_fd < 0) {
			fprintf(stderr, "u2s: cannot open %s: %s\n", in, strerror(errno));
			return U2S_IO;
		}
	}
	/* A closed pipe is an error to report, not a signal to die of. */
	signal(SIGPIPE, SIG_IGN);
	if (out)
		rc = convert_to_file(in_fd, in, out, &opts);
	else
		rc = u2s_convert(in_fd, in, 1, &opts);
	if (in)
		close(in_fd);
	return rc;
}
