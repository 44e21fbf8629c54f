/* reader: the reader's insides: read.c (expat callbacks, driven by the
 * table below) is used by read_split.c (the entry: a file read as one
 * stream, or a big one as two halves at once); calls go that way only. */
#ifndef U2S_READER_H
#define U2S_READER_H

#include <expat.h>
#include <sys/types.h>

#include "diag.h"
#include "model.h"

/* What an open element is to u2s; the reader keeps a stack of them. */
enum scope_kind {
	IN_DOC, IN_ROBOT, IN_MATERIAL, IN_LINK, IN_INERTIAL, IN_VISUAL, IN_COLLISION,
	IN_GEOMETRY, IN_VMATERIAL, IN_JOINT, IN_GAZEBO, IN_IGNORED,
	/* <ros2_control>, its <hardware> and that one's <plugin>: read only
	 * for the URDF output (keep_source); else <ros2_control> is ignored. */
	IN_ROS2_CONTROL, IN_HARDWARE, IN_HW_PLUGIN, SCOPE_KINDS
};

/* The elements URDF has, as the reader tells them apart: an element's name
 * is looked up once, when it starts (urdf_elem_of, read.c), and everything after
 * tests the number. */
enum urdf_elem {
	EL_OTHER, EL_ROBOT, EL_LINK, EL_JOINT, EL_MATERIAL, EL_GAZEBO, EL_ORIGIN,
	EL_TRANSMISSION, EL_ROS2_CONTROL, EL_INERTIAL, EL_VISUAL, EL_COLLISION, EL_MASS,
	EL_INERTIA, EL_GEOMETRY, EL_COLOR, EL_TEXTURE, EL_PARENT, EL_CHILD, EL_AXIS, EL_LIMIT,
	EL_DYNAMICS, EL_MIMIC, EL_SAFETY_CONTROLLER, EL_CALIBRATION, EL_BOX, EL_CYLINDER,
	EL_SPHERE, EL_MESH, EL_CAPSULE, EL_COUNT
};

struct scope {
	enum scope_kind kind;
	unsigned char cut;  /* IN_LINK: urdfdom stopped reading its visuals or
			     * its collisions (LINK_VISUALS_CUT, LINK_COLLISIONS_CUT) */
	void *obj;          /* the model node this element fills */
	unsigned seen_child;  /* SEEN_BIT of each ONCE child read; IN_GEOMETRY: a shape was */
	struct srcpos pos;  /* IN_GEOMETRY: where it starts */
};

/* A scope's seen_child has a bit for every element. */
#define SEEN_BIT(el) (1u << (el))
_Static_assert(EL_COUNT <= sizeof ((struct scope *)0)->seen_child * 8,
	       "an element past the bits of a scope's seen_child");
_Static_assert(SCOPE_KINDS <= 256, "a scope kind past a child_row's into");

struct reader;
struct path;

/* ---- the reader's table: one row per (scope kind, child element) ----------
 *
 * What a child element of an open element is read as: the row
 * read_children[kind of the open element][the child's urdf_elem].  A child
 * with no row of its own (known == 0), or any child where the scope's names
 * are not URDF's, is read by its scope kind's `other` row. */

/* How a child counts when its parent has more than one of it. */
enum child_count {
	MANY,         /* each is read */
	ONCE,         /* urdfdom reads the first: a later one is passed over, with
		       * a warning (SEEN_BIT(el) in the parent's seen_child) */
	FIRST_CHILD   /* only the parent's first child of any name is read, the
		       * later ones are passed over quietly (<geometry>'s shape) */
};

/* Reads the start of a child element, whose scope S is open already (of
 * the row's kind `into`; S[-1] is its parent's): reads the attributes ATTS
 * into the model and, unless `into` is IN_IGNORED, sets S->obj to the node
 * its own children fill, or S->kind to IN_IGNORED to pass them over.  Until
 * S->obj is set, a message's path names the element by its name and
 * attributes (read.c's reader_path), after, by its node. */
typedef void child_start_fn(struct reader *r, struct scope *s, const XML_Char **atts);

struct child_row {
	child_start_fn *start;  /* NULL: nothing to read (passed over quietly;
				 * `into` is IN_IGNORED) */
	unsigned char into;     /* the scope kind the element opens */
	unsigned char count;    /* enum child_count */
	unsigned char known;    /* 1: a row (0: the scope kind's `other` counts) */
};

struct scope_row {
	const char *name;       /* the element, in messages and paths */
	/* Its row of read_children, or NULL: its children are not URDF
	 * elements, and all are read by `other`. */
	const struct child_row *children;
	struct child_row other; /* a child element without a row of its own */
	void (*end)(struct reader *r, struct scope *s);   /* checks at its end */
	void (*path)(struct path *p, const struct scope *s);   /* its step in a path */
};

extern const struct child_row read_children[SCOPE_KINDS][EL_COUNT];
extern const struct scope_row read_scopes[SCOPE_KINDS];
/* The URDF element NAME is, or EL_OTHER; and the name of each. */
enum urdf_elem urdf_elem_of(const char *name);
extern const char *const urdf_elem_names[EL_COUNT];

struct reader {
	XML_Parser parser;
	XML_Parser *parser_handle;  /* talloc: frees the parser with it */
	TALLOC_CTX *ctx;
	oom_jump *oom;
	struct robot *robot;
	struct arena *arena;        /* the robot's: every model node goes here */
	struct diag *diag;
	struct scope *stack;
	unsigned depth, cap;
	char *text;                 /* character data of the open gazebo leaf */
	size_t textlen, textcap;
	int stopped;                /* XML_StopParser was called */
	struct index *pool;         /* strings read more than once, kept once */
	const char *recent[256];    /* the pool's last strings, by a cheap key */
	/* Reading half a file (read_split.c): */
	unsigned long line_offset;  /* added to expat's line numbers */
	int synthetic_root;         /* the <robot> start is ours, not the file's */
	int foreign;                /* a DOCTYPE, or an encoding other than UTF-8 */
	/* Something was read by a rule of the URDF version (read_split.c:
	 * the second half reads as 1.0, not knowing the file's version). */
	int version_used;
	int limit_extras_warned;    /* acceleration, deceleration, jerk said */
	/* U2S_OUTPUT_URDF: the spans of the <gazebo> blocks and the hardware
	 * plugins are recorded (model.h's struct urdf_source), and the input's
	 * bytes kept: reader_feed_fd appends each chunk to KEPT;
	 * reader_feed_range reads them into KEEP_AT (the place of FROM in a
	 * buffer its caller made). */
	int keep_source;
	long long byte_base;        /* added to expat's byte offsets (read_split.c) */
	char *kept;
	size_t kept_len, kept_cap;
	char *keep_at;
	/* The whole input as one buffer, whose lines and columns the reader
	 * counts itself (read.c's count_to), or NULL: expat counts them. */
	const char *doc;
	size_t doc_len;
	int doc_has_cr;             /* a CR in it: lines end at CR and CR LF too */
	long long doc_base;         /* expat's byte index of doc[0] */
	size_t counted;             /* doc[0..counted) is counted */
	struct line_count {
		unsigned long line; /* the line of doc[counted], from 1 */
		size_t start;       /* where that line starts */
		size_t cont;        /* UTF-8 continuation bytes in doc[start..counted) */
	} count;
	int declared_other;         /* the XML declaration names an encoding not UTF-8 */
	int utf8_forced;            /* read as UTF-8 whatever it declares (U2S_INPUT_UTF8) */
	/* The element whose start is being handled (for messages' paths):
	 * its name and attributes, and the depth of the stack before it. */
	const char *starting;
	const char **starting_atts;
	unsigned starting_depth;
	/* reader_feed_range: when the range's bytes are read, MORE (if set)
	 * may give it the bytes that follow, up to the offset it returns
	 * (read_split.c's middle); returning its AT ends the range. */
	off_t (*more)(void *arg, off_t at);
	void *more_arg;
};

/* A reader with a new robot under CTX; running out of memory (now or while
 * parsing) jumps to JUMP. */
void reader_init(struct reader *r, TALLOC_CTX *ctx, oom_jump *jump, struct diag *d);
/* Frees the parser and the reader's own buffers; the robot stays. */
void reader_free(struct reader *r);
/* Parses all of FD (read until its end), or LEN bytes at MEM, as one
 * document.  Return U2S_OK, U2S_REJECTED (malformed) or U2S_IO (FD could
 * not be read, reported).  A regular file or a buffer below 64 MiB is
 * parsed as one final buffer of expat's (it costs the input's size in
 * memory while it is read), whose lines and columns the reader counts
 * itself, faster than expat (read.c's count_to). */
int reader_feed_fd(struct reader *r, int fd);
int reader_feed_mem(struct reader *r, const char *mem, size_t len);
/* Parses BEFORE, bytes FROM..TO of FD, then AFTER, as one document
 * (with KEEP_AT set, the bytes are read there first; without, FROM..TO
 * and AFTER are one final buffer below 4 MiB, and above, pieces of about
 * 2 MiB cut as reader_find_cut cuts, each one final buffer of the parser
 * reset, all counted as above).  Returns U2S_OK, U2S_REJECTED (malformed,
 * or a piece cut where it does not parse) or U2S_IO (FD could not be read
 * whole, or the pieces' lines not counted: read it as a stream). */
int reader_feed_range(struct reader *r, int fd, off_t from, off_t to,
		      const char *before, const char *after);

/* The offset, from AT on and before TO, of a line of FD that starts a
 * <link>, <joint> or <gazebo> element (the children of <robot> a file may
 * be cut before), or -1.  Of those in the first 64 KiB window with one it
 * takes the first indented by INDENT blanks, or with INDENT -1 the first
 * that is indented least: children of <robot> are indented less than
 * what nests in them, in any file a program or a person indented.  The cut
 * is a guess that the parse of each side confirms. */
off_t reader_find_cut(int fd, off_t at, off_t to, long indent);
/* Where a piece of FROM..TO that starts at FROM (a child of <robot>, or
 * the file's start) ends: TO when the rest is less than twice SIZE, else
 * a cut after SIZE bytes at the indentation of FROM's line, or -1. */
off_t reader_piece_end(int fd, off_t from, off_t to, off_t size);
/* The blanks that indent the line at FROM, or -1 when it cannot be read or
 * is not a child of <robot> as reader_find_cut finds them. */
long reader_indent_at(int fd, off_t from);

#endif
