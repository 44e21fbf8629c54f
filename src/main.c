/* u2s: command-line interface.  Options, files and exit statuses only; the
 * conversion is u2s_convert().  A client of libu2s like any other: it uses
 * what <u2s.h> declares and nothing else of the library (tests/cli_links.sh
 * checks the program's symbols). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <getopt.h>
#include <stddef.h>
#include <signal.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_codes.h"
#include "cli_oom.h"
#include "modeldir.h"
#include "u2s.h"
#include "undo.h"

static const char USAGE_HEAD[] =
	"Usage: u2s [OPTION]... [FILE]...\n"
	"Convert URDF robot descriptions to SDFormat (%s unless --sdf-version).\n"
	"With no FILE, or FILE '-', read standard input.  One input is written to\n"
	"standard output (or to -o OUT); several need -d DIR (or --check).\n"
	"\n";

static const char USAGE_TAIL[] =
	"\n"
	"Exit status: 0 converted (warnings allowed), 1 input rejected,\n"
	"2 usage error, 3 cannot read the input or write the output.\n"
	"With several FILEs, the highest status of any file: 3 if one could not be\n"
	"read or written (a full disk, a file-size limit: no temporary file stays,\n"
	"and -d goes on), else 2 if two FILEs named the same DIR/NAME.sdf (the\n"
	"second is not converted), else 1 if one was rejected, else 0.\n"
	"\n"
	"gz sim reads no standard input: give it a file.  A world (--world) loads\n"
	"in every Gazebo; a file holding only a model, in Garden and later only.\n"
	"Environment: GZ_SIM_RESOURCE_PATH, where --check looks up model:// and\n"
	"package:// meshes as gz-sim does.\n"
	"\n"
	"Examples:\n"
	"  xacro robot.xacro | u2s --world -o robot.sdf && gz sim robot.sdf\n"
	"  u2s --world -d worlds/ urdf/*.urdf\n"
	"  find . -name '*.urdf' -print0 | xargs -0 -P8 u2s -d out/\n"
	"  u2s --check --werror urdf/*.urdf\n"
	"  u2s --check --diagnostics=json urdf/*.urdf\n"
	"\n"
	"Manual: man u2s\n";

/* -d: the output name of the FILE at INDEX on the command line. */
struct output {
	char *name;
	int index;
};

/* Each option's number (options.def): getopt_long's value for a long
 * option without a letter. */
enum option_id {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) OPT_##ID,
#include "options.def"
#undef OPTION
	OPT_COUNT
};
#define OPT_VALUE_BASE 256   /* above every letter */

struct cli {
	struct u2s_options opts;
	enum u2s_diag_style style;      /* --diagnostics */
	struct u2s_package *packages;   /* --package-path, in order */
	size_t npackages;
	const char **allow_dirs;        /* --allow-dir, in order */
	size_t nallow_dirs;
	const char *out;                /* -o */
	const char *dir;                /* -d */
	const char *model_dir;          /* --model-dir=DIR */
	int model_dirs;                 /* --model-dir: with -d, OUT/NAME/ per FILE */
	const char *bridge_config;      /* --bridge-config=FILE */
	int stats;                      /* --stats */
	struct u2s_stats st;
	int *first_with_name;           /* -d: for each FILE, the first FILE
					 * with its output name */
	int stdin_closed, stdout_closed; /* found closed at the start (and
					  * now /dev/null) */
	struct undo *undo;              /* what a fatal signal removes */
	int threads_always;             /* U2S_THREADS=2 */
};

/* Writes D on standard error in the style of --diagnostics. */
static void print_diagnostic(enum u2s_diag_style style, const struct u2s_diagnostic *d)
{
	char line[4096], *big = NULL;
	size_t need = u2s_diagnostic_format(d, style, line, sizeof line);

	if (need >= sizeof line && (big = malloc(need + 1)) != NULL)
		u2s_diagnostic_format(d, style, big, need + 1);
	fputs(big ? big : line, stderr);
	fputc('\n', stderr);
	free(big);
}

/* The library's messages, when not plain text. */
static void print_record(void *arg, const struct u2s_diagnostic *d)
{
	const struct cli *c = arg;

	print_diagnostic(c->style, d);
}

/* The SDFormat versions the library writes, joined by SEP, into BUF. */
static const char *version_list(char *buf, size_t size, const char *sep)
{
	const char *const *v = u2s_sdf_versions();
	size_t len = 0;

	buf[0] = '\0';
	for (; *v && len < size; v++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? sep : "", *v);
	return buf;
}

/* One option's help (options.def): its LABEL in the first 21 columns
 * (alone on its line when longer), then HELP, each line indented to
 * column 21; VERSIONS stands for "{VERSIONS}". */
static void print_option_help(const char *label, const char *help, const char *versions)
{
	int col = printf("%s%s", label[1] != '-' ? "  " : "      ", label);
	const char *p;

	if (col <= 19)
		printf("%*s", 21 - col, "");
	else
		printf("\n%21s", "");
	for (p = help; *p; p++) {
		if (!strncmp(p, "{VERSIONS}", 10)) {
			fputs(versions, stdout);
			p += 9;
			continue;
		}
		putchar(*p);
		if (*p == '\n')
			printf("%21s", "");
	}
	putchar('\n');
}

static void print_usage(void)
{
	static const char *const labels[] = {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) LABEL,
#include "options.def"
#undef OPTION
	}, *const helps[] = {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) HELP,
#include "options.def"
#undef OPTION
	};
	char list[256];
	size_t i;

	printf(USAGE_HEAD, u2s_sdf_versions()[0]);
	version_list(list, sizeof list, " ");
	for (i = 0; i < OPT_COUNT; i++)
		if (labels[i])
			print_option_help(labels[i], helps[i], list);
	fputs(USAGE_TAIL, stdout);
}

/* A message of the CLI's own with its CODE: about FILE (NULL: none), of
 * severity SEV, from FMT and AP. */
static void say_v(const struct cli *c, enum u2s_severity sev, enum cli_code code,
		  const char *file, const char *fmt, va_list ap)
{
	char text[2048], codebuf[16];
	struct u2s_diagnostic d;

	vsnprintf(text, sizeof text, fmt, ap);
	memset(&d, 0, sizeof d);
	d.severity = sev;
	snprintf(codebuf, sizeof codebuf, "U2S%04u", (unsigned)code);
	d.code = codebuf;
	d.file = file;
	d.message = text;
	print_diagnostic(c->style, &d);
}

/* An error of the CLI's own (it has no position). */
static void say(const struct cli *c, enum cli_code code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_v(c, U2S_ERROR, code, NULL, fmt, ap);
	va_end(ap);
}

/* A warning of the CLI's own about FILE (none under -q). */
static void say_warning(const struct cli *c, enum cli_code code, const char *file,
			const char *fmt, ...)
{
	va_list ap;

	if (c->opts.flags & U2S_QUIET)
		return;
	va_start(ap, fmt);
	say_v(c, U2S_WARNING, code, file, fmt, ap);
	va_end(ap);
}

/* modeldir's messages, said as the CLI's own. */
static void say_code(void *arg, unsigned code, const char *text)
{
	say(arg, (enum cli_code)code, "%s", text);
}

/* After a usage error, in text: where to read on. */
static void try_help(const struct cli *c)
{
	if (c->style == U2S_DIAG_TEXT)
		fputs("Try 'u2s --help' for more information.\n", stderr);
}

static int usage_error(const struct cli *c, enum cli_code code, const char *fmt, const char *arg)
{
	say(c, code, fmt, arg);
	try_help(c);
	return U2S_USAGE;
}

/* Out of memory: the CLI's one answer (cli_oom.h), for main.c's own
 * allocations and, through struct modeldir_run, the model folder's. */
static void out_of_memory(void *arg)
{
	const struct cli *c = arg;

	cli_out_of_memory(say_code, arg, c->undo);
}

static void *xrealloc(const struct cli *c, void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		out_of_memory((void *)c);
	return p;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* mkdir -p DIR: DIR and its missing parents; -1 with errno set on failure. */
static int make_dirs(const struct cli *c, const char *dir)
{
	char *path = xrealloc(c, NULL, strlen(dir) + 1), *p;
	int rc = 0;

	strcpy(path, dir);
	for (p = path + 1; rc == 0; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char end = *p;
		*p = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			rc = -1;
		else if (end == '\0' || rc != 0)
			break;
		*p = end;
	}
	if (rc == 0 && !is_dir(dir)) {
		rc = -1;
		errno = ENOTDIR;
	}
	free(path);
	return rc;
}

/* Each option as getopt_long reads it, and the flag each sets (options.def). */
static const struct option LONGOPTS[] = {
#define NO no_argument
#define ARG required_argument
#define OPTARG optional_argument
#define OPTION(ID, LONG, SHORT, HAS_ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) \
	{ LONG, HAS_ARG, NULL, SHORT ? SHORT : OPT_VALUE_BASE + OPT_##ID },
#include "options.def"
#undef OPTION
#undef NO
#undef ARG
#undef OPTARG
	{ NULL, 0, NULL, 0 }
};


static const unsigned FLAGS[] = {
#define OPTION(ID, LONG, SHORT, HAS_ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) FLAG,
#include "options.def"
#undef OPTION
};

/* What an option's handler is given: its argument (NULL: none), and the
 * command line, for an option that reads words after it (--pose). */
struct given {
	char *arg;
	int argc;
	char **argv;
	int row;   /* the option's row of options.def */
};

static int opt_output(struct cli *c, const struct given *g)
{
	c->out = g->arg;
	return U2S_OK;
}

static int opt_output_dir(struct cli *c, const struct given *g)
{
	c->dir = g->arg;
	return U2S_OK;
}

static int opt_stats(struct cli *c, const struct given *g)
{
	(void)g;
	c->stats = 1;
	c->opts.flags |= U2S_NOTES;
	return U2S_OK;
}

static int opt_model_dir(struct cli *c, const struct given *g)
{
	c->model_dir = g->arg;
	return U2S_OK;
}

static int opt_model_dirs(struct cli *c, const struct given *g)
{
	(void)g;
	c->model_dirs = 1;
	return U2S_OK;
}

static int opt_bridge_config(struct cli *c, const struct given *g)
{
	c->bridge_config = g->arg;
	return U2S_OK;
}

static int opt_help(struct cli *c, const struct given *g)
{
	(void)c;
	(void)g;
	print_usage();
	return -1;
}

static int opt_version(struct cli *c, const struct given *g)
{
	(void)c;
	(void)g;
	printf("%s %s\n", PACKAGE_NAME, u2s_version());
	return -1;
}

static int opt_uri_mode(struct cli *c, const struct given *g)
{
	const char *arg = g->arg;

	if (strcmp(arg, "model") == 0)
		c->opts.uri_mode = U2S_URI_MODEL;
	else if (strcmp(arg, "keep") == 0)
		c->opts.uri_mode = U2S_URI_KEEP;
	else if (strcmp(arg, "file") == 0)
		c->opts.uri_mode = U2S_URI_FILE;
	else
		return usage_error(c, D_CLI_URI_MODE, "--uri-mode: '%s' is not model, keep or file",
				   arg);
	return U2S_OK;
}

static int opt_sdf_version(struct cli *c, const struct given *g)
{
	const char *arg = g->arg;
	char list[256], text[512];

	if (!u2s_sdf_version_known(arg)) {
		snprintf(text, sizeof text, "--sdf-version: '%%s' is not one of %s",
			 version_list(list, sizeof list, ", "));
		return usage_error(c, D_CLI_SDF_VERSION, text, arg);
	}
	c->opts.sdf_version = arg;
	return U2S_OK;
}

/* --repair-mass=KG: the text a positive number (what the library then
 * holds the mass to, subnormal or not, is its own to say). */
static int opt_repair_mass(struct cli *c, const struct given *g)
{
	const char *arg = g->arg;
	char *end;
	double m = strtod(arg, &end);

	if (end == arg || *end || !(m > 0) || !isfinite(m))
		return usage_error(c, D_CLI_REPAIR_MASS, "--repair-mass: '%s' is not a positive "
				   "number of kg", arg);
	c->opts.repair_mass = m;
	return U2S_OK;
}

/* NAME=DIR: NAME a package name (no slash), DIR an existing directory. */
static int opt_package_path(struct cli *c, const struct given *g)
{
	char *arg = g->arg;
	char *eq = strchr(arg, '=');
	struct u2s_package *p;

	if (!eq || eq == arg || !eq[1] || memchr(arg, '/', (size_t)(eq - arg)))
		return usage_error(c, D_CLI_PACKAGE_PATH_FORM, "--package-path: '%s' is not NAME=DIR",
				   arg);
	if (!is_dir(eq + 1))
		return usage_error(c, D_CLI_PACKAGE_PATH_DIR, "--package-path: '%s' is not a "
				   "directory", eq + 1);
	c->packages = xrealloc(c, c->packages, (c->npackages + 1) * sizeof *c->packages);
	p = &c->packages[c->npackages++];
	*eq = '\0';
	p->name = arg;
	p->dir = eq + 1;
	return U2S_OK;
}

/* --allow-dir=DIR: an existing directory. */
static int opt_allow_dir(struct cli *c, const struct given *g)
{
	const char *arg = g->arg;

	if (!is_dir(arg))
		return usage_error(c, D_CLI_ALLOW_DIR_NOT_DIR, "--allow-dir: '%s' is not a directory",
				   arg);
	c->allow_dirs = xrealloc(c, c->allow_dirs, (c->nallow_dirs + 1) * sizeof *c->allow_dirs);
	c->allow_dirs[c->nallow_dirs++] = arg;
	return U2S_OK;
}

static int parse_style(const char *arg, enum u2s_diag_style *style)
{
	static const char *const names[] = { "text", "json", "github" };
	static const enum u2s_diag_style styles[] = { U2S_DIAG_TEXT, U2S_DIAG_JSON, U2S_DIAG_GITHUB };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(arg, names[i]) == 0) {
			*style = styles[i];
			return 0;
		}
	return -1;
}

static int opt_diagnostics(struct cli *c, const struct given *g)
{
	const char *arg = g->arg;

	if (parse_style(arg, &c->style) != 0)
		return usage_error(c, D_CLI_DIAGNOSTICS, "--diagnostics: '%s' is not text, json "
				   "or github", arg);
	return U2S_OK;
}

/* The style --diagnostics asks for, looked for before the options are
 * read, so that what is said about an option before it has that style
 * too. */
static void prescan_style(struct cli *c, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strncmp(argv[i], "--diagnostics=", 14) == 0)
			parse_style(argv[i] + 14, &c->style);
		else if (strcmp(argv[i], "--diagnostics") == 0 && i + 1 < argc)
			parse_style(argv[i + 1], &c->style);
	}
}

/* ARG, as getopt_long left it, is no option, or one given an argument it
 * does not take. */
static int bad_option(const struct cli *c, const char *arg)
{
	char shortopt[3] = { '-', (char)optopt, '\0' };

	if (optopt > 0 && optopt < 256 && strncmp(arg, "--", 2) != 0)
		arg = shortopt;   /* one letter of a cluster such as -qx */
	if (strncmp(arg, "--", 2) == 0 && strchr(arg, '=') && optopt != 0)
		return usage_error(c, D_CLI_OPTION_EXTRA_ARGUMENT, "option '%s' takes no argument",
				   arg);
	return usage_error(c, D_CLI_OPTION_UNKNOWN, "'%s' is not an option of u2s (or not a unique "
			   "abbreviation of one)", arg);
}

/* --world[=NAME]: the name is the library's to check (u2s_options_check). */
static int opt_world(struct cli *c, const struct given *g)
{
	c->opts.flags |= U2S_WORLD;
	c->opts.world_name = g->arg;
	return U2S_OK;
}

/* The options whose argument is numbers (options.def's NUMBERS rows). */
struct numbers_row {
	int id;             /* the option's row */
	size_t offset;      /* of its array of double in struct u2s_options */
	int count;
	const char *words;  /* what they are, for a message */
};

static const struct numbers_row NUMBERS_ROWS[] = {
#define OPTION(ID, LONG, SHORT, ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP)
#define NUMBERS(ID, FIELD, COUNT, WORDS) \
	{ OPT_##ID, offsetof(struct u2s_options, FIELD), COUNT, WORDS },
#include "options.def"
#undef NUMBERS
#undef OPTION
};

/* The words of a NUMBERS option R: its argument and the COUNT-1
 * arguments after it, or all of them in its argument ("--pose='1 2 0 0 0
 * 1.57'"); WORDS gets at most COUNT, *N how many there were (COUNT+1:
 * more).  COPY is what to free. */
static int numbers_words(const struct cli *c, const struct given *g, const struct numbers_row *r,
			 const char **words, char **copy)
{
	char *save = NULL, *tok;
	int n = 0;

	*copy = NULL;
	if (strpbrk(g->arg, " ,\t")) {
		*copy = xrealloc(c, NULL, strlen(g->arg) + 1);
		strcpy(*copy, g->arg);
		for (tok = strtok_r(*copy, " ,\t", &save); tok && n <= r->count;
		     tok = strtok_r(NULL, " ,\t", &save))
			words[n < r->count ? n : r->count - 1] = tok, n++;
	} else {
		words[n++] = g->arg;
		while (n < r->count && optind < g->argc)
			words[n++] = g->argv[optind++];
	}
	return n;
}

/* An option of numbers (options.def's NUMBERS): COUNT of them, each a
 * number as text (finite or not is the library's to say), into its
 * field, its flag set. */
static int opt_numbers(struct cli *c, const struct given *g)
{
	const struct numbers_row *r = NUMBERS_ROWS;
	const char *words[16];
	char *copy;
	double *into;
	int n, i, rc = U2S_OK;

	while (r->id != g->row)
		r++;
	into = (double *)((char *)&c->opts + r->offset);
	n = numbers_words(c, g, r, words, &copy);
	if (n != r->count) {
		char text[160];
		snprintf(text, sizeof text, "--%s: '%%s' is not %d numbers %s", LONGOPTS[g->row].name,
			 r->count, r->words);
		rc = usage_error(c, D_CLI_POSE, text, g->arg);
	}
	for (i = 0; rc == U2S_OK && i < r->count; i++) {
		char *end, text[160];
		into[i] = strtod(words[i], &end);
		snprintf(text, sizeof text, "--%s: '%%s' is not a number (%s)", LONGOPTS[g->row].name,
			 r->words);
		if (end == words[i] || *end)
			rc = usage_error(c, D_CLI_POSE_NUMBER, text, words[i]);
	}
	c->opts.flags |= FLAGS[g->row];
	free(copy);
	return rc;
}

/* --output-format=sdf|urdf */
static int opt_output_format(struct cli *c, const struct given *g)
{
	const char *arg = g->arg;

	if (strcmp(arg, "urdf") == 0)
		c->opts.flags |= U2S_OUTPUT_URDF;
	else if (strcmp(arg, "sdf") == 0)
		c->opts.flags &= ~(unsigned)U2S_OUTPUT_URDF;
	else
		return usage_error(c, D_CLI_OUTPUT_FORMAT, "--output-format: '%s' is not a format "
				   "u2s writes (sdf, urdf)", arg);
	return U2S_OK;
}

typedef int option_fn(struct cli *c, const struct given *g);

static option_fn *const HANDLERS[] = {
#define OPTION(ID, LONG, SHORT, HAS_ARG, FLAG, REQUIRES, EXCLUDES, HANDLER, LABEL, HELP) HANDLER,
#include "options.def"
#undef OPTION
};


/* getopt_long's short options: ':' first (a missing argument is ':'),
 * each letter, ':' after one that takes an argument. */
static void short_options(char *buf)
{
	const struct option *o;

	*buf++ = ':';
	for (o = LONGOPTS; o->name; o++)
		if (o->val < OPT_VALUE_BASE) {
			*buf++ = (char)o->val;
			if (o->has_arg == required_argument)
				*buf++ = ':';
		}
	*buf = '\0';
}

/* The row of getopt_long's value OPT. */
static int option_row(int opt)
{
	int i;

	if (opt >= OPT_VALUE_BASE)
		return opt - OPT_VALUE_BASE;
	for (i = 0; i < OPT_COUNT; i++)
		if (LONGOPTS[i].val == opt)
			return i;
	return -1;
}

/* With -d OUT, a bare "--model-dir" is the folder per FILE of old
 * (--model-dirs): it takes no DIR, so that "-d out --model-dir a.urdf"
 * keeps its meaning; without -d, "--model-dir DIR" takes DIR. */
static void model_dir_per_file(int argc, char **argv)
{
	static char per_file[] = "--model-dirs";
	int i, with_d = 0;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		with_d |= !strcmp(argv[i], "-d") || !strncmp(argv[i], "-d", 2) ||
			  !strncmp(argv[i], "--output-dir", 12);
	for (i = 1; with_d && i < argc && strcmp(argv[i], "--") != 0; i++)
		if (!strcmp(argv[i], "--model-dir"))
			argv[i] = per_file;
}

/* Parses the options into C; returns U2S_OK, or the status to exit with
 * (-1 for a successful exit after --help or --version). */
static int parse_options(struct cli *c, int argc, char **argv)
{
	char shortopts[2 * OPT_COUNT + 2];
	int opt, row, rc = U2S_OK;

	short_options(shortopts);
	model_dir_per_file(argc, argv);
	opterr = 0;   /* its messages are said here, with a code, in the chosen style */
	while (rc == U2S_OK && (opt = getopt_long(argc, argv, shortopts, LONGOPTS, NULL)) != -1) {
		struct given g = { optarg, argc, argv, 0 };
		if (opt == ':')
			return usage_error(c, D_CLI_OPTION_NO_ARGUMENT, "option '%s' needs an argument",
					   argv[optind - 1]);
		if ((row = option_row(opt)) < 0)
			return bad_option(c, argv[optind - 1]);
		g.row = row;
		if (HANDLERS[row])
			rc = HANDLERS[row](c, &g);
		else
			c->opts.flags |= FLAGS[row];
	}
	return rc;
}

/* --model-dir=DIR: one folder from one FILE; --model-dir: with -d OUT, a
 * folder OUT/NAME per FILE.  The space form of old (--model-dir DIR FILE)
 * reads as the second without -d: said so, with the spelling to use. */
static int check_model_dir(const struct cli *c, int nfiles)
{
	if (c->out || (c->opts.flags & U2S_CHECK))
		return usage_error(c, D_CLI_MODEL_ALONE, "%s", "--model-dir writes folders: no -o "
				   "or --check with it");
	if (c->model_dirs && !c->dir)
		return usage_error(c, D_CLI_MODEL_NEEDS_DIR, "%s", "--model-dirs makes a folder "
				   "OUT/NAME per FILE and needs -d OUT; for one folder write "
				   "--model-dir DIR FILE");
	if (c->model_dir && (c->dir || nfiles > 1))
		return usage_error(c, D_CLI_MODEL_DIR_ONE, "%s", "--model-dir DIR makes one folder "
				   "from one FILE; for a folder per FILE write -d OUT --model-dirs "
				   "FILE...");
	return U2S_OK;
}

/* The combinations of options and FILEs that make no sense. */
static int check_usage(const struct cli *c, int nfiles, char **files)
{
	int i;

	if (c->out && c->dir)
		return usage_error(c, D_CLI_OUT_AND_DIR, "%s", "-o and -d exclude each other");
	if ((c->opts.flags & U2S_CHECK) && (c->out || c->dir))
		return usage_error(c, D_CLI_CHECK_WRITES, "%s",
				   "--check writes nothing: no -o or -d with it");
	if (c->model_dir || c->model_dirs) {
		int rc = check_model_dir(c, nfiles);
		if (rc != U2S_OK)
			return rc;
	}
	if (((c->opts.flags & U2S_CONFINE) || c->nallow_dirs) && !c->model_dir && !c->model_dirs)
		return usage_error(c, D_CLI_CONFINE_ALONE, "%s", "--confine and --allow-dir say what "
				   "a model folder may read: they need --model-dir");
	if (c->npackages && c->opts.uri_mode != U2S_URI_FILE && !c->model_dir && !c->model_dirs)
		return usage_error(c, D_CLI_PACKAGE_PATH_MODE, "%s",
				   "--package-path applies to --uri-mode=file only");
	if (c->bridge_config && !(c->opts.flags & U2S_MIGRATE))
		return usage_error(c, D_CLI_MIGRATE_ALONE, "%s",
				   "--bridge-config applies to --migrate only");
	if (c->bridge_config && (c->dir || nfiles > 1 || (c->opts.flags & U2S_CHECK) ||
				 c->model_dir || c->model_dirs))
		return usage_error(c, D_CLI_BRIDGE_ONE, "%s", "--bridge-config=FILE is the "
				   "bridge of one FILE converted to one SDF: not with -d, --check, "
				   "--model-dir or several FILEs");
	if ((c->opts.flags & U2S_OUTPUT_URDF) && (c->model_dir || c->model_dirs))
		return usage_error(c, D_CLI_URDF_NOT_FOLDER, "%s", "--output-format=urdf writes a "
				   "URDF, not a model folder: not with --model-dir");
	if (c->dir && !is_dir(c->dir) && make_dirs(c, c->dir) != 0) {   /* as mkdir -p */
		const char *why = strerror(errno);
		char *text = xrealloc(c, NULL, strlen(c->dir) + strlen(why) + 64);
		sprintf(text, "-d: '%s' is not a directory and cannot be made one: %s", c->dir, why);
		usage_error(c, D_CLI_DIR_NOT_DIR, "%s", text);
		free(text);
		return U2S_USAGE;
	}
	if (nfiles > 1 && !c->dir && !(c->opts.flags & U2S_CHECK))
		return usage_error(c, D_CLI_FILES_NEED_DIR, "%s",
				   "several FILEs need -d DIR (or --check)");
	if (c->dir)
		for (i = 0; i < nfiles; i++)
			if (strcmp(files[i], "-") == 0)
				return usage_error(c, D_CLI_DIR_STDIN, "%s",
						   "-d needs named FILEs, not '-'");
	return U2S_OK;
}

/* ---- output ------------------------------------------------------------- */

/* The longest file name (a path component) the usual file systems take. */
#define U2S_NAME_MAX 255

/* mkstemp(TMP), the file then removed by a fatal signal until
 * temp_finish(): a signal lands before the file exists or once it is
 * recorded, never between. */
static int temp_create(const struct cli *c, char *tmp)
{
	sigset_t old;
	int fd;

	undo_block(&old);
	fd = mkstemp(tmp);
	if (fd >= 0 && undo_push(c->undo, tmp, 0) != 0) {
		unlink(tmp);
		close(fd);
		fd = -1;
		errno = ENOMEM;
	}
	undo_unblock(&old);
	return fd;
}

/* Renames TMP to OUT when KEEP, else removes it; returns -1 with errno
 * set when the rename failed (TMP is then removed).  Either way a signal
 * no longer removes anything. */
static int temp_finish(const struct cli *c, const char *tmp, const char *out, int keep)
{
	sigset_t old;
	int rc = 0, err = 0;

	undo_block(&old);
	if (keep && rename(tmp, out) != 0) {
		rc = -1;
		err = errno;
	}
	if (!keep || rc != 0)
		unlink(tmp);
	undo_forget(c->undo);
	undo_unblock(&old);
	errno = err;
	return rc;
}

/* What OUT names once symbolic links are followed (as many as the system
 * would follow): the link's target is written, not the link replaced.  A
 * link to nothing yet gives the path it points to; more than 40 links (a
 * loop) give NULL, errno ELOOP. */
static char *follow_links(const struct cli *c, const char *out)
{
	char *path = xrealloc(c, NULL, strlen(out) + 1);
	struct stat st;
	int hops;

	strcpy(path, out);
	for (hops = 0; lstat(path, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
		if (hops == 40) {   /* a loop, or a chain no system follows */
			free(path);
			errno = ELOOP;
			return NULL;
		}
		size_t cap = (size_t)st.st_size + 1, dirlen;
		char *target = xrealloc(c, NULL, cap + 1), *next, *slash;
		ssize_t n = readlink(path, target, cap);
		if (n < 0 || (size_t)n >= cap) {
			free(target);
			break;
		}
		target[n] = '\0';
		slash = strrchr(path, '/');
		dirlen = target[0] != '/' && slash ? (size_t)(slash - path) + 1 : 0;
		next = xrealloc(c, NULL, dirlen + (size_t)n + 1);
		sprintf(next, "%.*s%s", (int)dirlen, path, target);
		free(target);
		free(path);
		path = next;
	}
	return path;
}

/* Opens where OUT's SDF goes: OUT itself when it is a device or FIFO
 * (*TMP NULL), else a new temporary file beside it (*TMP its name), with
 * the permission bits a replaced file had (a new one: 0666 less the
 * umask).  ST is OUT's stat when EXISTS.  -1 (errno set) on failure. */
static int open_output(const struct cli *c, const char *out, const struct stat *st, int exists,
		       char **tmp)
{
	const char *slash = strrchr(out, '/');
	size_t dirlen = slash ? (size_t)(slash - out) + 1 : 0, baselen = strlen(out + dirlen);
	mode_t mask;
	int fd;

	*tmp = NULL;
	if (exists && !S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode))
		return open(out, O_WRONLY);
	/* ".NAME.XXXXXX" must fit NAME_MAX (255) too: a long NAME is cut. */
	if (baselen > U2S_NAME_MAX - (sizeof "..XXXXXX" - 1))
		baselen = U2S_NAME_MAX - (sizeof "..XXXXXX" - 1);
	*tmp = xrealloc(c, NULL, strlen(out) + sizeof "..XXXXXX");
	sprintf(*tmp, "%.*s.%.*s.XXXXXX", (int)dirlen, out, (int)baselen, out + dirlen);
	fd = temp_create(c, *tmp);
	if (fd >= 0) {
		mask = umask(0);
		umask(mask);
		fchmod(fd, exists && S_ISREG(st->st_mode) ? st->st_mode & 07777 : 0666 & ~mask);
	}
	return fd;
}

/* Converts into a temporary file beside OUT (a hidden name from mkstemp,
 * so that parallel runs never share one) and renames it over OUT only on
 * success, so OUT is never left half-written.  That is for regular files:
 * a device, FIFO or socket is written straight into (as sort -o does:
 * replacing it by a file would be wrong, and as root dangerous, -o
 * /dev/null), and a symbolic link's target is the file replaced. */
static int convert_to_file(const struct cli *c, int in_fd, const char *name, const char *link)
{
	char *out = follow_links(c, link);
	char *tmp = NULL;
	struct stat st, in_st;
	int fd, rc, exists;

	if (!out) {
		say(c, D_CLI_OUTPUT_LINK_LOOP, "cannot write %s: %s", link, strerror(errno));
		return U2S_IO;
	}
	exists = stat(out, &st) == 0;
	/* The output being the input would be replaced before it is read (or
	 * read while written): refused before anything is read. */
	if (exists && S_ISREG(st.st_mode) && fstat(in_fd, &in_st) == 0 &&
	    in_st.st_dev == st.st_dev && in_st.st_ino == st.st_ino) {
		say(c, D_CLI_OUTPUT_IS_INPUT, "%s: not converted: the output %s is the input",
		    name ? name : "<stdin>", link);
		free(out);
		return U2S_USAGE;
	}
	fd = open_output(c, out, &st, exists, &tmp);
	if (fd < 0) {
		say(c, D_CLI_CREATE_FAILED, "cannot %s %s: %s", tmp ? "create a file beside" : "open",
		    out, strerror(errno));
		free(tmp);
		free(out);
		return U2S_IO;
	}
	rc = u2s_convert(in_fd, name, fd, &c->opts);
	if (close(fd) != 0 && rc == U2S_OK) {
		say(c, D_CLI_WRITE_FAILED, "cannot write %s: %s", out, strerror(errno));
		rc = U2S_IO;
	}
	if (tmp && temp_finish(c, tmp, out, rc == U2S_OK) != 0) {
		say(c, D_CLI_RENAME_FAILED, "cannot rename %s to %s: %s", tmp, out, strerror(errno));
		rc = U2S_IO;
	} else if (tmp && rc == U2S_OK && exists && S_ISREG(st.st_mode) && st.st_nlink > 1) {
		/* Writing into the file itself would keep its other names, but
		 * a failure half-way would leave it half-written. */
		say_warning(c, D_CLI_OUTPUT_HARD_LINKS, out, "had %lu names (hard links); it is "
			    "replaced by a new file, since u2s writes a file whole or not at all, "
			    "and its other names keep the earlier content",
			    (unsigned long)st.st_nlink);
	}
	free(tmp);
	free(out);
	return rc;
}

/* NAME.sdf for FILE: its base name with a final .urdf or .xml (in any case)
 * replaced by .sdf, or .sdf added to any other name; NAME.urdf with
 * --output-format=urdf (the input's own name, when -d is another folder:
 * -d into the input's folder is refused as the output being the input). */
static char *batch_name(const struct cli *c, const char *file)
{
	static const char *const suffixes[] = { ".urdf", ".xml" };
	const char *ext = c->opts.flags & U2S_OUTPUT_URDF ? ".urdf" : ".sdf";
	size_t len = strlen(file), i;
	const char *base;
	char *name;

	while (len > 1 && file[len - 1] == '/')
		len--;
	for (base = file + len; base > file && base[-1] != '/'; base--)
		;
	len -= (size_t)(base - file);
	for (i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
		size_t slen = strlen(suffixes[i]);
		if (len > slen && strncasecmp(base + len - slen, suffixes[i], slen) == 0) {
			len -= slen;
			break;
		}
	}
	name = xrealloc(c, NULL, len + strlen(ext) + 1);
	sprintf(name, "%.*s%s", (int)len, base, ext);
	return name;
}

static int by_name_then_index(const void *a, const void *b)
{
	const struct output *x = a, *y = b;
	int cmp = strcmp(x->name, y->name);

	return cmp ? cmp : (x->index > y->index) - (x->index < y->index);
}

/* For each of the N FILEs, the index of the first FILE that has its output
 * name (its own index when none before it has).  Sorting, not comparing
 * every pair: a shell glob can give tens of thousands of FILEs. */
static int *first_with_name(const struct cli *c, char **files, int n)
{
	struct output *outs = xrealloc(c, NULL, (size_t)(n ? n : 1) * sizeof *outs);
	int *first = xrealloc(c, NULL, (size_t)(n ? n : 1) * sizeof *first), i;

	for (i = 0; i < n; i++) {
		outs[i].name = batch_name(c, files[i]);
		outs[i].index = i;
	}
	qsort(outs, (size_t)n, sizeof *outs, by_name_then_index);
	for (i = 0; i < n; i++) {
		int same = i > 0 && strcmp(outs[i].name, outs[i - 1].name) == 0;
		first[outs[i].index] = same ? first[outs[i - 1].index] : outs[i].index;
	}
	for (i = 0; i < n; i++)
		free(outs[i].name);
	free(outs);
	return first;
}

/* ---- the bridge configuration (--bridge-config) -------------------------------- */

/* The YAML as the library gives it, kept until the conversion succeeded. */
struct held {
	const struct cli *c;
	char *p;
	size_t len;
};

static int hold(void *arg, const char *buf, size_t len)
{
	struct held *h = arg;

	h->p = xrealloc(h->c, h->p, h->len + len + 1);
	memcpy(h->p + h->len, buf, len);
	h->len += len;
	return 0;
}

static int bridge_failed(const struct cli *c, const char *out, int err)
{
	say(c, D_CLI_BRIDGE_WRITE_FAILED, "cannot write the bridge configuration %s: %s", out,
	    strerror(err));
	return U2S_IO;
}

/* Writes the LEN bytes at BUF to OUT as -o writes (a temporary file beside
 * it, renamed over it once whole); U2S_OK or U2S_IO, said. */
static int write_whole(const struct cli *c, const char *out, const char *buf, size_t len)
{
	struct stat st;
	char *tmp = NULL;
	int exists = stat(out, &st) == 0, fd = open_output(c, out, &st, exists, &tmp);
	int err = fd < 0 ? errno : 0;
	size_t done = 0;

	while (fd >= 0 && done < len && !err) {
		ssize_t n = write(fd, buf + done, len - done);
		if (n < 0 && errno != EINTR)
			err = errno;
		done += n > 0 ? (size_t)n : 0;
	}
	if (fd >= 0 && close(fd) != 0 && !err)
		err = errno;
	if (tmp && fd >= 0 && temp_finish(c, tmp, out, !err) != 0 && !err)
		err = errno;
	free(tmp);
	return err ? bridge_failed(c, out, err) : U2S_OK;
}

/* U2S_OK when the bridge file OUT can be made: its folder exists and takes
 * new files, and OUT is no folder; else said, U2S_IO (before anything is
 * written, so that a bad path leaves no SDF behind either). */
static int bridge_writable(const struct cli *c, const char *out)
{
	const char *slash = strrchr(out, '/');
	char *dir = xrealloc(c, NULL, strlen(out) + 2);
	struct stat st;
	int err = 0;

	if (slash)
		sprintf(dir, "%.*s", slash == out ? 1 : (int)(slash - out), out);
	else
		strcpy(dir, ".");
	if (access(dir, W_OK | X_OK) != 0)
		err = errno;
	else if (stat(out, &st) == 0 && S_ISDIR(st.st_mode))
		err = EISDIR;
	free(dir);
	return err ? bridge_failed(c, out, err) : U2S_OK;
}

/* ---- one input ---------------------------------------------------------------- */

static void print_stats(const char *name, const struct u2s_stats *st)
{
	fprintf(stderr, "%s: %u links, %u joints in; %u links, %u joints, %u frames out; "
		"%u merged; %.1f ms\n", name ? name : "<stdin>", st->links_in, st->joints_in,
		st->links_out, st->joints_out, st->frames_out, st->merged, st->seconds * 1e3);
}

/* opts.stats_fn: the statistics of the conversion that just ended. */
static void keep_stats(void *arg, const struct u2s_stats *st)
{
	*(struct u2s_stats *)arg = *st;
}

/* The library's verdict on the options (u2s_options_check), said as it
 * says it: U2S_OK or U2S_USAGE.  FOLDER: the model folder they are for,
 * whose last part names the model (and, without --world=NAME, the
 * world), or NULL.  The command line keeps no copy of its rules. */
static int options_checked(const struct cli *c, const char *folder)
{
	struct u2s_options o = c->opts;
	char *name = NULL;
	int rc;

	if (folder) {
		size_t n = strlen(folder);
		const char *base;
		while (n > 1 && folder[n - 1] == '/')
			n--;
		name = xrealloc(c, NULL, n + 1);
		memcpy(name, folder, n);
		name[n] = '\0';
		base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
		o.model_name = base;
		if (o.flags & U2S_WORLD)
			o.flags |= U2S_WORLD_INCLUDE;   /* as the folder's world.sdf is made */
	}
	o.diag_record_fn = print_record;
	o.diag_record_arg = (void *)c;
	rc = u2s_options_check(&o);
	if (rc != U2S_OK)
		try_help(c);
	free(name);
	return rc;
}

/* Converts FILE ("-": standard input) to OUT (NULL: standard output), or
 * into the model folder OUT with --model-dir. */
static int convert_one(struct cli *c, const char *file, const char *out)
{
	const char *name = strcmp(file, "-") == 0 ? NULL : file;
	int folder = c->model_dir || c->model_dirs, in_fd = 0, rc;

	/* A closed descriptor is now /dev/null: reading or writing it would
	 * pass for an empty input or a written output. */
	if (!name && c->stdin_closed) {
		say(c, D_CLI_STDIN_CLOSED, "cannot read standard input: it is closed");
		return U2S_IO;
	}
	if (!out && c->stdout_closed && !(c->opts.flags & U2S_CHECK) && !folder) {
		say(c, D_CLI_STDOUT_CLOSED, "cannot write standard output: it is closed");
		return U2S_IO;
	}
	if (c->bridge_config && !folder && bridge_writable(c, c->bridge_config) != U2S_OK)
		return U2S_IO;
	if (folder && (rc = options_checked(c, out)) != U2S_OK)
		return rc;
	if (name && (in_fd = open(name, O_RDONLY)) < 0) {
		say(c, D_CLI_OPEN_FAILED, "cannot open %s: %s", name, strerror(errno));
		return U2S_IO;
	}
	if (folder) {
		/* the folder's conversions pass each message on once: printed
		 * here, in every style */
		struct u2s_options o = c->opts;
		struct modeldir_run run = { &o, !!(c->opts.flags & U2S_WORLD), c->undo,
					    say_code, c, out_of_memory, c, c->threads_always };
		o.diag_record_fn = print_record;
		o.diag_record_arg = c;
		rc = modeldir_make(&run, in_fd, name, out);
	} else {
		struct held bridge = { c, NULL, 0 };
		if (c->bridge_config) {
			c->opts.bridge_fn = hold;
			c->opts.bridge_arg = &bridge;
		}
		rc = out ? convert_to_file(c, in_fd, name, out) : u2s_convert(in_fd, name, 1, &c->opts);
		if (rc == U2S_OK && c->bridge_config)
			rc = write_whole(c, c->bridge_config, bridge.p ? bridge.p : "", bridge.len);
		free(bridge.p);
	}
	if (name)
		close(in_fd);
	if (rc == U2S_OK && c->stats)
		print_stats(name, &c->st);
	return rc;
}

/* -d DIR: FILES[I] to DIR/NAME.sdf (with --model-dir, the folder
 * DIR/NAME), unless an earlier FILE of this run has that output. */
static int convert_into_dir(struct cli *c, char **files, int i)
{
	size_t dirlen = strlen(c->dir), namelen;
	char *name = batch_name(c, files[i]), *out;
	int first = c->first_with_name[i], rc;

	while (dirlen > 1 && c->dir[dirlen - 1] == '/')
		dirlen--;
	namelen = strlen(name) - (c->model_dirs ? strlen(".sdf") : 0);
	out = xrealloc(c, NULL, dirlen + namelen + 2);
	sprintf(out, "%.*s/%.*s", (int)dirlen, c->dir, (int)namelen, name);
	if (first != i) {
		say(c, D_CLI_SAME_OUTPUT, "%s: not converted: %s is the output of %s in this run",
		    files[i], out, files[first]);
		rc = U2S_USAGE;
	} else {
		rc = convert_one(c, files[i], out);
	}
	free(name);
	free(out);
	return rc;
}

/* Every FILE, going on past failures; the highest status is the one to
 * exit with (3 over 2 over 1 over 0). */
static int run(struct cli *c, int nfiles, char **files)
{
	const char *out = c->model_dir ? c->model_dir : c->out;
	int i, rc, worst = U2S_OK, failed = 0;

	if (nfiles == 0 && !c->dir)
		return convert_one(c, "-", out);
	if (c->dir)
		c->first_with_name = first_with_name(c, files, nfiles);
	for (i = 0; i < nfiles; i++) {
		rc = c->dir ? convert_into_dir(c, files, i) : convert_one(c, files[i], out);
		failed += rc != U2S_OK;
		worst = rc > worst ? rc : worst;
	}
	if (failed && nfiles > 1)
		say(c, D_CLI_FILES_FAILED, "%d of %d files failed", failed, nfiles);
	return worst;
}

/* Opens /dev/null on each of descriptors 0, 1 and 2 that is closed (as
 * coreutils do), so that no file u2s opens becomes one of them: a closed
 * standard error would otherwise make the output file descriptor 2 and
 * every message land in the SDF.  Returns a bit per descriptor found
 * closed; exits with status 3 if one cannot be opened. */
static int open_standard_fds(void)
{
	int fd, closed = 0;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		closed |= 1 << fd;
		if (open("/dev/null", O_RDWR) != fd)
			_exit(U2S_IO);
	}
	return closed;
}

int main(int argc, char **argv)
{
	struct undo undo = { NULL };
	struct cli c;
	int rc, closed = open_standard_fds();
	const char *threads;

	memset(&c, 0, sizeof c);
	c.undo = &undo;
	c.stdin_closed = closed & 1;
	c.stdout_closed = (closed & 2) != 0;
	c.opts = (struct u2s_options)U2S_OPTIONS_INIT;
	prescan_style(&c, argc, argv);
	rc = parse_options(&c, argc, argv);
	if (rc == U2S_OK)
		rc = check_usage(&c, argc - optind, argv + optind);
	if (rc == U2S_OK)
		rc = options_checked(&c, NULL);
	if (rc != U2S_OK) {
		free(c.packages);
		free(c.allow_dirs);
		return rc < 0 ? U2S_OK : rc;
	}
	c.opts.packages = c.packages;
	c.opts.npackages = c.npackages;
	c.opts.allow_dirs = c.allow_dirs;
	c.opts.nallow_dirs = c.nallow_dirs;
	c.opts.ros_package_path = getenv("ROS_PACKAGE_PATH");
	c.opts.ament_prefix_path = getenv("AMENT_PREFIX_PATH");
	/* where gz-sim looks for model:// and package:// meshes (--check);
	 * Fortress reads the older name too */
	c.opts.gz_resource_path = getenv("GZ_SIM_RESOURCE_PATH");
	if (!c.opts.gz_resource_path)
		c.opts.gz_resource_path = getenv("IGN_GAZEBO_RESOURCE_PATH");
	/* For debugging: everything on one thread (1), or a model folder's
	 * threads whatever the machine's load (2: the tests' way to them). */
	threads = getenv("U2S_THREADS");
	if (threads && strcmp(threads, "1") == 0)
		c.opts.flags |= U2S_SINGLE_THREAD;
	c.threads_always = threads && strcmp(threads, "2") == 0;
	if (c.stats) {
		c.opts.stats_fn = keep_stats;
		c.opts.stats_arg = &c.st;
	}
	if (c.style != U2S_DIAG_TEXT) {
		c.opts.diag_record_fn = print_record;
		c.opts.diag_record_arg = &c;
	}
	/* A closed pipe is an error to report, not a signal to die of; so is
	 * a file-size limit (ulimit -f): write() then fails with EFBIG, the
	 * output is removed as after any failed write, and -d goes on. */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	undo_catch_signals(&undo);
	rc = run(&c, argc - optind, argv + optind);
	free(c.first_with_name);
	free(c.packages);
	free(c.allow_dirs);
	return rc;
}
