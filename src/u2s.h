/* u2s: URDF to SDFormat conversion, the one public face.
 *
 *   struct u2s_options opts = U2S_OPTIONS_INIT;
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
 * warning|error: TEXT [U2S0103]", or as fields to opts->diag_record_fn;
 * every U2S_USAGE return comes with one.  The SDFormat version written is
 * opts->sdf_version's (see u2s_sdf_versions(); the first by default).
 *
 * What the library promises (each checked by a test of tests/test_lib.c):
 * - Threads: no global or static mutable state.  Any number of conversions
 *   may run at once on different threads; each is given its own options
 *   (read only, as are the URDF buffer and package list) and calls its
 *   callbacks on the thread that called it.  u2s_convert may read a big
 *   regular file on a second thread of its own; the in-memory calls never
 *   start a thread.
 * - Locale: the SDF and the numbers of messages do not depend on the
 *   locale (LC_NUMERIC included).  The library never changes the locale
 *   the caller sees: it reads numbers in a locale object of its own (the
 *   calling thread's, with LC_NUMERIC "C"), and every callback (messages,
 *   writer, statistics) runs in the caller's own locale.  The system's
 *   error texts (strerror) in messages follow the caller's LC_MESSAGES.
 * - Memory: every allocation of a call hangs off one talloc context made
 *   and freed by that call; nothing is kept between calls.  Running out of
 *   memory is a message and U2S_IO, never an abort.  The only memory handed
 *   out is u2s_convert_buffer's result, freed with u2s_free; the strings
 *   of u2s_version() and u2s_sdf_versions() are static.
 * - Output: nothing but through the given descriptor, writer or result,
 *   and the callbacks; environment variables are not read.
 * - Versions: libu2s.so.N; N changes when an interface changes
 *   incompatibly, and new functions keep it.  struct u2s_options grows
 *   only at its end and carries its size, and struct u2s_stats is the
 *   library's, so a new field in either keeps N too.
 *
 * Installed as <u2s.h> with libu2s.so and libu2s.a; `pkg-config --cflags
 * --libs u2s` gives the flags (with --static, expat and talloc too). */
#ifndef U2S_H
#define U2S_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* U2S_NOTE: what was done, not what is wrong (migrations with --migrate);
 * given only when U2S_NOTES asks for them, never an error under werror. */
enum u2s_severity { U2S_WARNING, U2S_ERROR, U2S_NOTE };

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
	U2S_URI_FILE        /* package://NAME/... -> file:///ABSOLUTE/DIR/..., in
			     * <gazebo> blocks' <mesh><uri> too (the other
			     * modes copy blocks verbatim, as libsdformat); DIR
			     * percent-encoded (%XX for each byte a URI path
			     * cannot hold but a space: '%', '#', any byte
			     * from 0x80) */
};

/* Where a package is, for U2S_URI_FILE: NAME=DIR of --package-path. */
struct u2s_package {
	const char *name;
	const char *dir;
};

/* What a conversion read and wrote, given to opts->stats_fn once the
 * input was accepted.  The library allocates it and passes it to the
 * callback (it lives during the call only), so it may grow at its end
 * without a new SONAME. */
struct u2s_stats {
	unsigned links_in, joints_in;   /* <link>s and <joint>s in the URDF */
	unsigned links_out, joints_out, frames_out; /* <link>, <joint>, <frame>
					 * elements of the SDF <model> */
	unsigned merged;                /* links merged into their parent by
					 * fixed-joint lumping */
	double seconds;                 /* wall time of the conversion */
	int read_in_halves;             /* the input, a big file, was parsed as
					 * two halves at once */
	/* U2S_WORLD or U2S_PLACE without U2S_POSE: 1 when the model was
	 * placed on the ground, at 0 0 PLACE_Z 0 0 0 in the world (its lowest
	 * collision point at z = 0); 0 when it was not (fixed to the world,
	 * posed by its author, no collision to measure). */
	int placed;
	double place_z;
};
/* Called once, on the calling thread, for an accepted input. */
typedef void u2s_stats_fn(void *arg, const struct u2s_stats *st);

/* Bits of u2s_options.flags. */
enum u2s_flag {
	U2S_QUIET = 1u << 0,                 /* drop warnings */
	U2S_WERROR = 1u << 1,                /* treat warnings as errors */
	U2S_PRESERVE_FIXED_JOINTS = 1u << 2, /* keep every fixed joint (no lumping) */
	U2S_CHECK = 1u << 3,                 /* read and resolve only; write nothing */
	/* Make the output load where the input would not (--repair): invalid
	 * inertias made valid in the same principal axes, massless links that
	 * would be left out given REPAIR_MASS kg, names SDFormat reserves or
	 * that a link and a joint share renamed, zero axes set to 1 0 0; each
	 * change a warning. */
	U2S_REPAIR = 1u << 4,
	/* Run on the calling thread only (debugging; the CLI sets it from
	 * U2S_THREADS=1).  Otherwise u2s_convert parses a big regular file as
	 * two halves at once, on a second thread, and writes a robot of many
	 * links on two threads, with the same result. */
	U2S_SINGLE_THREAD = 1u << 5,
	/* Write an SDFormat <world> that gz-sim runs as it is: the model, a
	 * 1 ms physics step, gravity, a sun, a ground plane, the Physics,
	 * UserCommands and SceneBroadcaster systems and one system per kind of
	 * sensor the model holds (--world).  Its name: world_name. */
	U2S_WORLD = 1u << 6,
	/* With U2S_WORLD: no ground plane (--no-ground). */
	U2S_NO_GROUND = 1u << 7,
	/* The model's <pose> is pose[] (--pose), with or without U2S_WORLD. */
	U2S_POSE = 1u << 8,
	/* The input's bytes are UTF-8, whatever encoding its XML declaration
	 * names (text a program already holds as Unicode, as Python's str,
	 * encoded as UTF-8 to be given here: its declaration tells how the
	 * text was once stored, not how it is now).  Without it the
	 * declaration is obeyed (UTF-8, UTF-16, ISO-8859-1, US-ASCII). */
	U2S_INPUT_UTF8 = 1u << 9,
	/* Rewrite what was written for Gazebo Classic into what gz-sim runs
	 * with the same ROS interface (--migrate): Classic ROS plugins become
	 * gz-sim systems and sensors with explicit topics and frame ids
	 * (ray -> gpu_lidar, gps -> navsat, multicamera -> cameras, a depth
	 * sensor with a ROS camera -> rgbd_camera), gazebo_ros2_control
	 * becomes gz_ros2_control, Classic material scripts Gazebo/<Colour>
	 * their colours; each change a note (shown with -v), each
	 * approximation a warning.  BRIDGE_FN, when set, is given the
	 * ros_gz_bridge configuration of the migrated topics. */
	U2S_MIGRATE = 1u << 10,
	/* With U2S_MIGRATE: write the migrated URDF instead of SDFormat: the
	 * input byte for byte but for the <gazebo> blocks migration rewrote
	 * and the <ros2_control> hardware plugin (--output-format=urdf). */
	U2S_OUTPUT_URDF = 1u << 11,
	/* Give notes too (U2S_NOTE: what --migrate did; the CLI's -v). */
	U2S_NOTES = 1u << 12,
	/* Decide where U2S_WORLD would place the model (on the ground: its
	 * lowest collision point at z = 0) and give it in u2s_stats (placed,
	 * place_z), with its messages, without writing a world: for a caller
	 * that writes the world itself (the CLI's --model-dir world.sdf).
	 * The SDF is not changed.  Nothing is placed with U2S_POSE. */
	U2S_PLACE = 1u << 13,
	/* A model folder's world and model (the CLI's --world --model-dir).
	 * With U2S_WORLD: the output is the same world U2S_WORLD writes (its
	 * systems, their parameters, sun, ground), but the model is included,
	 * <include><uri>model://MODEL_NAME</uri> (at pose[] with U2S_POSE, else
	 * at its place on the ground), not written inline; model_name is then
	 * required.  Without U2S_WORLD: the model alone, for that world: the
	 * world-system plugins it holds are left out (U2S_WORLD writes them in
	 * the world), the rest as a plain conversion writes it. */
	U2S_WORLD_INCLUDE = 1u << 14,
	/* model_name: refuse a file://, absolute or relative mesh that lies
	 * outside the input's directory and every allow_dirs entry (for
	 * services converting robots they do not trust; a package:// or
	 * model:// mesh and the files meshes name are confined always). */
	U2S_CONFINE = 1u << 15
};

/* The options of a conversion, all read only.  Start from U2S_OPTIONS_INIT
 * (every other field zero: the defaults) and set what differs:
 *
 *   struct u2s_options opts = U2S_OPTIONS_INIT;
 *   opts.flags = U2S_QUIET;
 *
 * New fields are only ever appended, so a program built against an older
 * <u2s.h> keeps working: the library reads the first SIZE bytes and takes
 * the rest as zero.  A SIZE larger than the library knows (a newer
 * header) is accepted only when the bytes it does not know are zero, and
 * unknown flags are refused: a usage error (U2S_USAGE, with a message),
 * never an option silently ignored.  A SIZE of 0 (options made with
 * "= { 0 }"), or below this first version's, is a usage error too. */
/* model_name: a mesh the SDF refers to, as model://NAME/meshes/PATH.
 * SOURCE is the file's absolute path, PATH its place under meshes/.
 * Returns 0, or an errno value, which ends the conversion (U2S_IO). */
typedef int u2s_mesh_fn(void *arg, const char *source, const char *path);

/* A caller's writer: called with consecutive pieces of the SDF (1 MiB at
 * most each), and only once the input has been accepted.  Returns 0, or an
 * errno value (EIO when none fits) that ends the conversion: U2S_IO, with
 * a message that names it. */
typedef int u2s_write_fn(void *arg, const char *buf, size_t len);

struct u2s_options {
	size_t size;               /* sizeof (struct u2s_options), as compiled:
				    * U2S_OPTIONS_INIT sets it */
	unsigned flags;            /* enum u2s_flag */
	/* The SDFormat version written, one of u2s_sdf_versions(); NULL: the
	 * default, u2s_sdf_versions()[0], which every living simulator loads.
	 * Another is a usage error. */
	const char *sdf_version;
	enum u2s_uri_mode uri_mode;
	/* The mass U2S_REPAIR gives a massless link, in kg; 0: 0.001.
	 * Negative, NaN, infinite or subnormal (below DBL_MIN, which the SDF
	 * would say as 0): a usage error. */
	double repair_mass;
	u2s_diag_fn *diag_fn;      /* NULL: print on stderr */
	void *diag_arg;
	/* Messages as fields (struct u2s_diagnostic): when set, each goes
	 * here instead of to diag_fn. */
	u2s_diag_record_fn *diag_record_fn;
	void *diag_record_arg;
	u2s_stats_fn *stats_fn;    /* NULL: no statistics */
	void *stats_arg;
	/* U2S_URI_FILE and model_name: where packages are.  A package is looked up in
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
	/* ---- appended: the world (u2s 0.2) ---- */
	/* U2S_WORLD: the world's name; NULL: the model's.  Empty, a name
	 * SDFormat reserves ('world', '::' in it, __x__), or one XML cannot
	 * hold (a control character, invalid UTF-8, U+FFFE, U+FFFF) is a
	 * usage error, as is a name without U2S_WORLD.  With U2S_WORLD_INCLUDE
	 * and no world_name, the world is named MODEL_NAME, which must then be
	 * a name the world can take. */
	const char *world_name;
	/* U2S_POSE: x y z (m) roll pitch yaw (rad) of the model in the world;
	 * all finite, else a usage error. */
	double pose[6];
	/* U2S_CHECK: where gz-sim looks for model:// and package:// mesh URIs
	 * (GZ_SIM_RESOURCE_PATH: colon-separated directories), so that each
	 * mesh is checked as gz-sim will resolve it.  NULL: none (every such
	 * URI is then reported unresolved). */
	const char *gz_resource_path;
	/* ---- appended: model folders (u2s 0.3) ---- */
	/* Non-NULL: the output is to live in a model folder NAME (--model-dir
	 * NAME), whatever uri_mode says.  Every mesh URI of a written visual
	 * or collision, and every <mesh><uri> of a written <gazebo> block, is
	 * found on disk (package:// and model:// as
	 * U2S_URI_FILE finds packages, file://, an absolute path, or a path
	 * relative to the input's directory, the input being the NAME given
	 * to the call) and written as model://NAME/meshes/PATH; MESH_FN is
	 * told each (once per URI).  PATH is decided here, once: PKG/REL for
	 * package://PKG/REL and model://PKG/REL, _file/ABSOLUTE for the
	 * others (ABSOLUTE without its leading '/', symlinks resolved), so
	 * two files never share one.  A mesh found nowhere is an error
	 * (U2S_REJECTED) naming the URI and the places looked in.  An empty
	 * name, one with '/', or one XML cannot hold (a control character,
	 * invalid UTF-8, U+FFFE, U+FFFF) is a usage error. */
	const char *model_name;
	u2s_mesh_fn *mesh_fn;      /* NULL: not told */
	void *mesh_arg;
	/* ---- appended: migration (u2s 0.4) ---- */
	/* U2S_MIGRATE: the ros_gz_bridge configuration (YAML: a list of maps
	 * with ros_topic_name, gz_topic_name, ros_type_name, gz_type_name,
	 * direction and lazy, as ros_gz_bridge's config_file reads them), one
	 * entry per topic the migrated robot's ROS interface had, /clock
	 * first, given through BRIDGE_FN in pieces as the SDF is (only once
	 * the input was accepted, after the SDF).  NULL: not written.  Set
	 * without U2S_MIGRATE: a usage error. */
	u2s_write_fn *bridge_fn;
	void *bridge_arg;
	/* ---- appended: confinement (u2s 0.5) ---- */
	/* model_name: directories (NALLOW_DIRS of them) from which a
	 * file://, absolute or relative mesh, and the files it names, may be
	 * read, besides the input's own directory (the current one for an
	 * input without a path).  A package:// or model:// mesh, and the
	 * files it names (a COLLADA file's images, an OBJ file's material
	 * files, their texture maps), may be read only from inside their
	 * package, symbolic links resolved (for a colcon --symlink-install,
	 * also inside the directory the package's package.xml really is in);
	 * the files a file:// mesh names, only from its root: the allowed
	 * directory holding it or, outside them and without U2S_CONFINE, the
	 * nearest directory above it with a package.xml or model.config, or
	 * its own.  Only regular files are read.  MESH_FN is told each file
	 * (mesh or named) once; a named file that is missing is a warning. */
	const char *const *allow_dirs;
	size_t nallow_dirs;
};
/* { sizeof (struct u2s_options) }; designated where the language has it,
 * so that -Wextra's missing-field-initializers stays quiet. */
#if defined(__cplusplus) && __cplusplus < 202002L
#define U2S_OPTIONS_INIT { sizeof (struct u2s_options) }
#else
#define U2S_OPTIONS_INIT { .size = sizeof (struct u2s_options) }
#endif

/* Exit statuses of the CLI, also the return values of u2s_convert(). */
enum u2s_status {
	U2S_OK = 0,        /* converted (warnings allowed) */
	U2S_REJECTED = 1,  /* input rejected: malformed or inconsistent URDF */
	U2S_USAGE = 2,     /* bad command line, or a bad argument or option of a call */
	U2S_IO = 3         /* cannot read the input or write the output, or out of memory */
};

/* The package version, e.g. "0.1.0". */
const char *u2s_version(void);
/* The SDFormat versions u2s writes, ascending, NULL-terminated; [0] is
 * the default.  Static strings: do not free. */
const char *const *u2s_sdf_versions(void);
/* Whether u2s writes SDFormat VERSION (one of u2s_sdf_versions()). */
int u2s_sdf_version_known(const char *version);
/* Whether TEXT can go into an XML document as it is: UTF-8 (shortest
 * forms, no surrogates) of characters XML 1.0 allows, and no control
 * character (U+0000-U+001F, U+007F-U+009F).  The rule the library holds
 * names to (world_name, model_name), for callers that derive them. */
int u2s_xml_text_ok(const char *text);

/* Checks OPTS as every conversion does before reading anything (the
 * flags' relations of options.def, names, numbers): U2S_OK, or U2S_USAGE
 * with the message given as a conversion gives it (through OPTS's
 * callbacks), about no input (its file NULL).  For callers that refuse
 * bad options before touching any file: the command line and the Python
 * binding, which keep no copy of these rules. */
int u2s_options_check(const struct u2s_options *opts);

/* NAME is what messages call the input (NULL: "<stdin>").  OPTS may be
 * NULL (all defaults).  With U2S_CHECK, OUT_FD is not used. */
int u2s_convert(int in_fd, const char *name, int out_fd, const struct u2s_options *opts);

/* ---- in memory ----------------------------------------------------------
 * The same conversion, options, messages and statuses, from LEN bytes at
 * URDF (which need not be NUL-terminated, and may hold any bytes: a NUL is
 * an error of the input).  URDF NULL with LEN 0 is the empty input
 * (rejected, as an empty file is); URDF NULL with any other LEN is a usage
 * error (U2S_USAGE, U2S1090), and nothing is read.  NAME is what messages
 * call the input (NULL: "<memory>").  The input is read on the calling
 * thread (U2S_SINGLE_THREAD does not matter). */

/* Converts into a string allocated for the caller: on U2S_OK (and not
 * U2S_CHECK) *SDF is the NUL-terminated SDF, *SDF_LEN (when SDF_LEN is
 * not NULL) its length; free it with u2s_free.  Otherwise *SDF is NULL:
 * a rejected input, or a failure, gives nothing.  SDF NULL is a usage
 * error. */
int u2s_convert_buffer(const char *urdf, size_t len, const char *name, char **sdf,
		       size_t *sdf_len, const struct u2s_options *opts);
void u2s_free(void *sdf);


/* Converts through WRITE (with WRITE_ARG).  A rejected input never calls
 * it; a failure while writing (WRITE's, or out of memory) can leave
 * what it was given so far, which the caller then drops.  WRITE may be
 * NULL with U2S_CHECK only (U2S_USAGE otherwise). */
int u2s_convert_buffer_to(const char *urdf, size_t len, const char *name, u2s_write_fn *write,
			  void *write_arg, const struct u2s_options *opts);

#ifdef __cplusplus
}
#endif

#endif
