/* u2s: URDF to SDFormat (1.9, 1.11, 1.12) conversion, the one public face.
 *
 *   struct u2s_options opts = { 0 };
 *   int rc = u2s_convert(in_fd, "robot.urdf", out_fd, &opts);
 *
 *   char *sdf;
 *   rc = u2s_convert_buffer(urdf, strlen(urdf), "robot.urdf", &sdf, NULL, &opts);
 *   ... u2s_free(sdf);
 *
 * reads URDF (from IN_FD in chunks, or from memory), resolves it (gazebo
 * extensions, massless links, mesh URIs), and writes SDFormat (to OUT_FD,
 * to a caller's writer, or into an allocated string) only once the whole
 * input has been accepted, so a rejected input leaves nothing written.
 * Messages go to opts->diag_fn (stderr when NULL) as "FILE:LINE:COL:
 * warning|error: TEXT [U2S0103]", or as fields to opts->diag_record_fn.
 * The SDFormat version written is opts->sdf_version's (1.9 by default).
 *
 * What the library promises:
 * - Threads: no global or static mutable state.  Any number of conversions
 *   may run at once on different threads; each is given its own options
 *   (read only, as are the URDF buffer and package list) and calls its
 *   callbacks on the thread that called it.  u2s_convert may read a big
 *   regular file on a second thread of its own; the in-memory calls never
 *   start a thread.
 * - Locale: the SDF and the numbers of messages do not depend on the
 *   process locale (LC_NUMERIC included), which the library never sets or
 *   reads; only the system's error texts (strerror) follow LC_MESSAGES.
 * - Memory: every allocation of a call hangs off one talloc context made
 *   and freed by that call; nothing is kept between calls.  Running out of
 *   memory is a message and U2S_IO, never an abort.  The only memory handed
 *   out is u2s_convert_buffer's result, freed with u2s_free.
 * - Output: nothing but through the given descriptor, writer or result,
 *   and the message callbacks; environment variables are not read.
 * - Versions: libu2s.so.N; N changes when an interface changes
 *   incompatibly, and new functions keep it.  The structs are the
 *   caller's (it allocates them), so a new field in one, even at its end,
 *   is such a change: a new N.
 *
 * Installed as <u2s.h> with libu2s.so and libu2s.a; `pkg-config --cflags
 * --libs u2s` gives the flags (with --static, expat and talloc too). */
#ifndef U2S_H
#define U2S_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum u2s_severity { U2S_WARNING, U2S_ERROR };

typedef void u2s_diag_fn(void *arg, enum u2s_severity sev, const char *line);

/* A message as fields, for programs that act on them (opts->diag_record_fn).
 * Every string lives only during the call. */
struct u2s_diagnostic {
	enum u2s_severity severity;  /* U2S_ERROR for a warning under werror too */
	const char *code;            /* "U2S0103": stable; u2s(1), DIAGNOSTICS */
	const char *file;            /* the input as messages name it (a path or
				      * "<stdin>"); NULL for the CLI's own */
	unsigned long line, column;  /* from 1; 0 when there is no position */
	const char *message;         /* the text alone: it quotes the input, so it
				      * may hold any bytes a name or value held */
	const char *path;            /* where in the document, when known:
				      * /robot/link[@name='a']/visual[2]/origin */
};
typedef void u2s_diag_record_fn(void *arg, const struct u2s_diagnostic *d);

/* How u2s_diagnostic_format writes a message. */
enum u2s_diag_style {
	U2S_DIAG_TEXT,     /* FILE:LINE:COL: warning: TEXT [U2S0103], control
			    * characters escaped, long lines cut with "..." */
	U2S_DIAG_JSON,     /* one JSON object: file, line, column, severity, code,
			    * message, path (null when unknown); invalid UTF-8
			    * replaced with U+FFFD */
	U2S_DIAG_GITHUB    /* a GitHub Actions workflow command:
			    * ::warning file=F,line=L,col=C,title=U2S0103::TEXT */
};

/* Writes D in STYLE as one line without a newline into BUF (SIZE bytes,
 * NUL-terminated when SIZE > 0), and returns the length the whole line
 * needs, as snprintf does: a result >= SIZE means it was cut. */
size_t u2s_diagnostic_format(const struct u2s_diagnostic *d, enum u2s_diag_style style,
			     char *buf, size_t size);

/* What becomes of mesh URIs (<mesh filename>). */
enum u2s_uri_mode {
	U2S_URI_MODEL = 0,  /* package://NAME/... -> model://NAME/..., as libsdformat */
	U2S_URI_KEEP,       /* as written */
	U2S_URI_FILE        /* package://NAME/... -> file:///ABSOLUTE/DIR/... */
};

/* Where a package is, for U2S_URI_FILE: NAME=DIR of --package-path. */
struct u2s_package {
	const char *name;
	const char *dir;
};

/* What a conversion read and wrote; filled when opts->stats is set and the
 * input was accepted. */
struct u2s_stats {
	unsigned links_in, joints_in;   /* <link>s and <joint>s in the URDF */
	unsigned links_out, joints_out, frames_out; /* <link>, <joint>, <frame>
					 * elements of the SDF <model> */
	unsigned merged;                /* links merged into their parent by
					 * fixed-joint lumping */
	double seconds;                 /* wall time of the conversion */
	int read_in_halves;             /* the input, a big file, was parsed as
					 * two halves at once */
};

struct u2s_options {
	int quiet;                 /* drop warnings */
	int werror;                /* treat warnings as errors */
	int preserve_fixed_joints; /* keep every fixed joint (no lumping) */
	u2s_diag_fn *diag_fn;      /* NULL: print on stderr */
	void *diag_arg;
	int check;                 /* read and resolve only; write nothing */
	enum u2s_uri_mode uri_mode;
	/* U2S_URI_FILE: where packages are.  A package is looked up in
	 * PACKAGES first (the last entry of a name wins; an entry whose DIR
	 * does not exist is skipped), then in ROS_PACKAGE_PATH (a colon-
	 * separated list of directories, each a package or a tree holding
	 * package directories: a directory NAME with a package.xml or
	 * manifest.xml), then in AMENT_PREFIX_PATH (colon-separated prefixes,
	 * the package at PREFIX/share/NAME).  The paths are given, not read
	 * from the environment: NULL searches nothing. */
	const struct u2s_package *packages;
	size_t npackages;
	const char *ros_package_path;
	const char *ament_prefix_path;
	struct u2s_stats *stats;   /* filled when not NULL */
	/* Read on the calling thread only (debugging; the CLI sets it from
	 * U2S_THREADS=1).  Otherwise a big regular file is parsed as two
	 * halves at once, on a second thread. */
	int single_thread;
	/* The SDFormat version written: "1.9" (NULL, the default: every
	 * living simulator loads it), "1.11" (Gazebo Harmonic) or "1.12"
	 * (Ionic, Jetty).  Another is a usage error (U2S_USAGE). */
	const char *sdf_version;
	/* Make the output load where the input would not (--repair):
	 * invalid inertias made valid in the same principal axes, massless
	 * links that would be left out given REPAIR_MASS kg (0: 0.001), names
	 * SDFormat reserves or that a link and a joint share renamed, zero
	 * axes set to 1 0 0; each change a warning. */
	int repair;
	double repair_mass;
	/* Messages as fields (struct u2s_diagnostic): when set, each goes
	 * here instead of to diag_fn. */
	u2s_diag_record_fn *diag_record_fn;
	void *diag_record_arg;
};

/* Exit statuses of the CLI, also the return values of u2s_convert(). */
enum u2s_status {
	U2S_OK = 0,        /* converted (warnings allowed) */
	U2S_REJECTED = 1,  /* input rejected: malformed or inconsistent URDF */
	U2S_USAGE = 2,     /* bad command line */
	U2S_IO = 3         /* cannot read the input or write the output, or out of memory */
};

/* Whether u2s writes SDFormat VERSION ("1.9", "1.11", "1.12"). */
int u2s_sdf_version_known(const char *version);

/* NAME is what messages call the input (NULL: "<stdin>").  OPTS may be
 * NULL (all defaults).  With opts->check, OUT_FD is not used. */
int u2s_convert(int in_fd, const char *name, int out_fd, const struct u2s_options *opts);

/* ---- in memory ----------------------------------------------------------
 * The same conversion, options, messages and statuses, from LEN bytes at
 * URDF (which need not be NUL-terminated, and may hold any bytes: a NUL is
 * an error of the input).  NAME is what messages call the input (NULL:
 * "<memory>").  The input is read on the calling thread
 * (opts->single_thread does not matter). */

/* Converts into a string allocated for the caller: on U2S_OK (and not
 * opts->check) *SDF is the NUL-terminated SDF, *SDF_LEN (when SDF_LEN is
 * not NULL) its length; free it with u2s_free.  Otherwise *SDF is NULL:
 * a rejected input, or a failure, gives nothing. */
int u2s_convert_buffer(const char *urdf, size_t len, const char *name, char **sdf,
		       size_t *sdf_len, const struct u2s_options *opts);
void u2s_free(void *sdf);

/* A caller's writer: called with consecutive pieces of the SDF (1 MiB at
 * most each), and only once the input has been accepted.  Returns 0, or an
 * errno value (EIO when none fits) that ends the conversion: U2S_IO, with
 * a message that names it. */
typedef int u2s_write_fn(void *arg, const char *buf, size_t len);

/* Converts through WRITE (with WRITE_ARG).  A rejected input never calls
 * it; a failure while writing (WRITE's, or out of memory) can leave
 * what it was given so far, which the caller then drops.  WRITE may be
 * NULL with opts->check only (U2S_USAGE otherwise). */
int u2s_convert_buffer_to(const char *urdf, size_t len, const char *name, u2s_write_fn *write,
			  void *write_arg, const struct u2s_options *opts);

#ifdef __cplusplus
}
#endif

#endif
