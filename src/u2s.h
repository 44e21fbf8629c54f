/* u2s: URDF to SDFormat 1.9 conversion, the one public face.
 *
 *   struct u2s_options opts = { 0 };
 *   int rc = u2s_convert(in_fd, "robot.urdf", out_fd, &opts);
 *
 * reads URDF from IN_FD in chunks, resolves it (gazebo extensions, massless
 * links), and writes SDFormat to OUT_FD only once the whole input has been
 * accepted, so a rejected input leaves nothing on OUT_FD.  Messages go to
 * opts->diag_fn (stderr when NULL) as "FILE:LINE:COL: warning|error: TEXT". */
#ifndef U2S_H
#define U2S_H

enum u2s_severity { U2S_WARNING, U2S_ERROR };

typedef void u2s_diag_fn(void *arg, enum u2s_severity sev, const char *line);

struct u2s_options {
	int quiet;                 /* drop warnings */
	int werror;                /* treat warnings as errors */
	int preserve_fixed_joints; /* keep every fixed joint (no lumping) */
	u2s_diag_fn *diag_fn;      /* NULL: print on stderr */
	void *diag_arg;
};

/* Exit statuses of the CLI, also the return values of u2s_convert(). */
enum u2s_status {
	U2S_OK = 0,        /* converted (warnings allowed) */
	U2S_REJECTED = 1,  /* input rejected: malformed or inconsistent URDF */
	U2S_USAGE = 2,     /* bad command line */
	U2S_IO = 3         /* cannot read the input or write the output */
};

/* NAME is what messages call the input (NULL: "<stdin>"). */
int u2s_convert(int in_fd, const char *name, int out_fd, const struct u2s_options *opts);

#endif
