/* read: expat callbacks that build the model.
 *
 * A stack of scopes mirrors the open elements; each scope says what the
 * element is to u2s (a link, a visual, a gazebo subtree, something to skip)
 * and points at the model node it fills.  What a child element is read as
 * comes from one table, a row per (scope kind, element): read_children,
 * below; what a scope kind is (its name, its checks at the end, its step in
 * a message's path) from another, read_scopes.  Semantic problems are
 * reported and parsing goes on, so one run lists them all; only malformed
 * XML stops the parser.  The entry (read_urdf) is read_split.c's. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <expat.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "num.h"
#include "read.h"
#include "reader.h"

#define READ_CHUNK (64 * 1024)
#define MAX_DEPTH 4096

/* A link scope's cut: urdfdom stopped reading the link's visuals, or its
 * collisions (see item_failed). */
#define LINK_VISUALS_CUT 1u
#define LINK_COLLISIONS_CUT 2u
/* A <geometry> scope's seen_child once it read its shape. */
#define SHAPE_SEEN 1u

const char *const urdf_elem_names[EL_COUNT] = {
	[EL_OTHER] = "", [EL_ROBOT] = "robot", [EL_LINK] = "link", [EL_JOINT] = "joint",
	[EL_MATERIAL] = "material", [EL_GAZEBO] = "gazebo", [EL_ORIGIN] = "origin",
	[EL_TRANSMISSION] = "transmission", [EL_ROS2_CONTROL] = "ros2_control",
	[EL_INERTIAL] = "inertial", [EL_VISUAL] = "visual", [EL_COLLISION] = "collision",
	[EL_MASS] = "mass", [EL_INERTIA] = "inertia", [EL_GEOMETRY] = "geometry",
	[EL_COLOR] = "color", [EL_TEXTURE] = "texture", [EL_PARENT] = "parent",
	[EL_CHILD] = "child", [EL_AXIS] = "axis", [EL_LIMIT] = "limit",
	[EL_DYNAMICS] = "dynamics", [EL_MIMIC] = "mimic",
	[EL_SAFETY_CONTROLLER] = "safety_controller", [EL_CALIBRATION] = "calibration",
	[EL_BOX] = "box", [EL_CYLINDER] = "cylinder", [EL_SPHERE] = "sphere",
	[EL_MESH] = "mesh", [EL_CAPSULE] = "capsule"
};

/* Whether N is the literal LIT, whose first K characters N is known to
 * have: the rest compared a byte at a time (SIZE, LIT's with its NUL, is a
 * constant: the loop unrolls into a comparison with each character), never
 * past N's end, since the first difference ends it. */
static inline int same_from(const char *n, const char *lit, size_t size, size_t k)
{
	for (; k < size; k++)
		if (n[k] != lit[k])
			return 0;
	return 1;
}

/* The URDF element NAME is, or EL_OTHER: by its first letters, then the
 * rest of one name (a chain of comparisons for every element, or a call
 * of strcmp for each, would cost more than expat's own work on it).
 * Only characters up to the first that differs are read. */
static inline enum urdf_elem classify(const char *n)
{
#define IS(k, lit, el) (same_from(n, lit, sizeof lit, k) ? (el) : EL_OTHER)
	switch (n[0]) {
	case 'a': return IS(1, "axis", EL_AXIS);
	case 'b': return IS(1, "box", EL_BOX);
	case 'c':
		switch (n[1]) {
		case 'o': return n[2] == 'l' && n[3] == 'l' ? IS(4, "collision", EL_COLLISION) :
			  IS(2, "color", EL_COLOR);
		case 'h': return IS(2, "child", EL_CHILD);
		case 'y': return IS(2, "cylinder", EL_CYLINDER);
		case 'a': return n[2] == 'p' ? IS(3, "capsule", EL_CAPSULE) :
			  IS(2, "calibration", EL_CALIBRATION);
		default: return EL_OTHER;
		}
	case 'd': return IS(1, "dynamics", EL_DYNAMICS);
	case 'g': return n[1] == 'a' ? IS(2, "gazebo", EL_GAZEBO) : IS(1, "geometry", EL_GEOMETRY);
	case 'i': return same_from(n, "inertia", 7, 1) ? (n[7] == '\0' ? EL_INERTIA :
		  IS(7, "inertial", EL_INERTIAL)) : EL_OTHER;
	case 'j': return IS(1, "joint", EL_JOINT);
	case 'l': return n[1] == 'i' && n[2] == 'n' ? IS(3, "link", EL_LINK) : IS(1, "limit", EL_LIMIT);
	case 'm':
		switch (n[1]) {
		case 'a': return n[2] == 's' ? IS(3, "mass", EL_MASS) : IS(2, "material", EL_MATERIAL);
		case 'e': return IS(2, "mesh", EL_MESH);
		case 'i': return IS(2, "mimic", EL_MIMIC);
		default: return EL_OTHER;
		}
	case 'o': return IS(1, "origin", EL_ORIGIN);
	case 'p': return IS(1, "parent", EL_PARENT);
	case 'r': return n[1] == 'o' && n[2] == 'b' ? IS(3, "robot", EL_ROBOT) :
		  IS(1, "ros2_control", EL_ROS2_CONTROL);
	case 's': return n[1] == 'a' ? IS(2, "safety_controller", EL_SAFETY_CONTROLLER) :
		  IS(1, "sphere", EL_SPHERE);
	case 't': return n[1] == 'r' ? IS(2, "transmission", EL_TRANSMISSION) :
		  IS(1, "texture", EL_TEXTURE);
	case 'v': return IS(1, "visual", EL_VISUAL);
	default: return EL_OTHER;
	}
#undef IS
}

enum urdf_elem urdf_elem_of(const char *name)
{
	return classify(name);
}


/* ---- small helpers ---------------------------------------------------- */

/* ---- where an event is ----------------------------------------------------
 *
 * Expat counts lines and columns a byte at a time (a dozen instructions
 * each): when asked, and after every buffer but the final one.  When the
 * whole input is one final buffer (reader_feed_fd on a regular file,
 * reader_feed_mem), expat is never asked: the reader counts instead, 16
 * bytes at a time, as expat counts: a line at each LF, columns in
 * characters (for UTF-8, every byte but 0x80..0xBF) from the line's start.
 * CR and CR LF end lines too.  Only UTF-8 input is counted so; other
 * input is counted by expat, as before. */

/* The bits set in M (a mask of 16 bits, with few bits set). */
static inline unsigned bits_set(unsigned m)
{
	unsigned n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/* Counts DOC[AT..END) into *C a byte at a time, as expat counts: a CR LF
 * is one line end (its LF is read past END when it is before TO).
 * Returns where it stopped. */
static size_t count_bytes(const char *doc, size_t at, size_t end, size_t to, struct line_count *c)
{
	const unsigned char *d = (const unsigned char *)doc;

	for (; at < end; at++) {
		if (d[at] == '\n' || d[at] == '\r') {
			if (d[at] == '\r' && at + 1 < to && d[at + 1] == '\n')
				at++;
			c->line++;
			c->start = at + 1;
			c->cont = 0;
		} else if ((d[at] & 0xC0) == 0x80) {
			c->cont++;
		}
	}
	return at;
}

#if defined(__SSE2__)
/* Counts the 16 bytes at DOC[AT], or the first N of them, into *C;
 * returns where it stopped.  With CRS (the document has a CR), a block
 * with a CR in it is counted a byte at a time. */
static inline size_t count_block(const char *doc, size_t at, size_t n, size_t to, int crs,
				 struct line_count *c)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(doc + at));
	unsigned keep = n < 16 ? (1u << n) - 1 : 0xFFFFu;
	unsigned nl = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))) & keep;
	unsigned high = (unsigned)_mm_movemask_epi8(v) & keep;   /* bytes from 0x80 */

	if (crs && ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))) & keep))
		return count_bytes(doc, at, at + n, to, c);
	if (nl) {
		unsigned last = 31u - (unsigned)__builtin_clz(nl);
		c->line += bits_set(nl);
		c->start = at + last + 1;
		c->cont = 0;
		high &= ~((2u << last) - 1);
	}
	if (high)   /* signed, 0x80..0xBF are the bytes below (char)0xC0 */
		c->cont += bits_set((unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8((char)0xC0))) &
				    high);
	return at + n;
}

/* Counts the 32 bytes at DOC[AT] into *C, none of them a CR (the two
 * halves' masks joined: half the tests of count_block's). */
static inline void count_block32(const char *doc, size_t at, struct line_count *c)
{
	const __m128i lf = _mm_set1_epi8('\n');
	__m128i v0 = _mm_loadu_si128((const __m128i *)(const void *)(doc + at));
	__m128i v1 = _mm_loadu_si128((const __m128i *)(const void *)(doc + at + 16));
	unsigned nl = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v0, lf)) |
		      (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v1, lf)) << 16;
	unsigned high = (unsigned)_mm_movemask_epi8(v0) | (unsigned)_mm_movemask_epi8(v1) << 16;

	if (nl) {
		unsigned last = 31u - (unsigned)__builtin_clz(nl);
		c->line += bits_set(nl);
		c->start = at + last + 1;
		c->cont = 0;
		if (high)   /* only the bytes after the last line end count */
			high = last == 31 ? 0 : high & ~((2u << last) - 1);
	}
	if (high) {   /* signed, 0x80..0xBF are the bytes below (char)0xC0 */
		const __m128i c0 = _mm_set1_epi8((char)0xC0);
		unsigned cont = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v0, c0)) |
				(unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v1, c0)) << 16;
		c->cont += bits_set(cont & high);
	}
}

/* Counts DOC[AT..TO) into *C 32 or 16 bytes at a time, as far as the
 * document (LEN bytes) has 16 bytes from AT; returns where it stopped. */
static inline size_t count_blocks(const char *doc, size_t len, size_t at, size_t to, int crs,
				  struct line_count *c)
{
	if (!crs)
		for (; at + 32 <= to; at += 32)
			count_block32(doc, at, c);
	while (at + 16 <= to)
		at = count_block(doc, at, 16, to, crs, c);
	if (at < to && at + 16 <= len)   /* the last, part of a block */
		at = count_block(doc, at, to - at, to, crs, c);
	return at;
}
#endif

/* Counts doc[counted..TO): the line of doc[TO], where it starts, and the
 * continuation bytes since (in a local copy: the compiler keeps it in
 * registers). */
static void count_to(struct reader *r, size_t to)
{
	struct line_count c = r->count;
	size_t at = r->counted;

#if defined(__SSE2__)
	at = r->doc_has_cr ? count_blocks(r->doc, r->doc_len, at, to, 1, &c) :
	     count_blocks(r->doc, r->doc_len, at, to, 0, &c);
#endif
	if (at < to)
		count_bytes(r->doc, at, to, to, &c);
	r->count = c;
	r->counted = to;
}

/* Whether the reader counts BUF's positions (see count_to): it does for
 * UTF-8, and keeps BUF (LEN bytes, all the input) for that. */
static void count_positions_in(struct reader *r, const char *buf, size_t len)
{
	const unsigned char *d = (const unsigned char *)buf;

	if ((len >= 2 && ((d[0] == 0xFE && d[1] == 0xFF) || (d[0] == 0xFF && d[1] == 0xFE))) ||
	    memchr(buf, '\0', len < 4 ? len : 4))
		return;   /* UTF-16: expat counts */
	r->doc = buf;
	r->doc_len = len;
	r->doc_has_cr = memchr(buf, '\r', len) != NULL;
	r->counted = 0;
	r->count.line = 1;
	r->count.start = r->count.cont = 0;
}

static void XMLCALL on_xml_decl(void *arg, const XML_Char *version, const XML_Char *encoding,
				int standalone)
{
	struct reader *r = arg;

	(void)version, (void)standalone;
	if (encoding && strcasecmp(encoding, "UTF-8") != 0)
		r->declared_other = 1;
}

static struct srcpos here(struct reader *r)
{
	struct srcpos p;
	XML_Index at;

	if (r->doc && (!r->declared_other || r->utf8_forced) &&
	    (at = XML_GetCurrentByteIndex(r->parser) - r->doc_base) >= (XML_Index)r->counted &&
	    (unsigned long long)at <= r->doc_len) {
		count_to(r, (size_t)at);
		p.line = (unsigned)(r->count.line + r->line_offset);
		p.col = (unsigned)((size_t)at - r->count.start - r->count.cont + 1);
		return p;
	}
	p.line = XML_GetCurrentLineNumber(r->parser) + r->line_offset;
	p.col = XML_GetCurrentColumnNumber(r->parser) + 1;
	return p;
}

/* Where the event being handled starts in the input (keep_source), and
 * where it ends: counted from the input's first byte (byte_base). */
static size_t byte_at(struct reader *r)
{
	return (size_t)(XML_GetCurrentByteIndex(r->parser) + r->byte_base);
}

static size_t byte_after(struct reader *r)
{
	return byte_at(r) + (size_t)XML_GetCurrentByteCount(r->parser);
}

/* Inlined where it is called, so that a literal NAME is compared
 * character by character (same_from, unrolled), with no call of strcmp. */
#if defined(__GNUC__)
#define INLINED inline __attribute__((always_inline))
#else
#define INLINED inline
#endif

/* The value of attribute NAME (most often a literal) in ATTS, or NULL. */
static INLINED const char *attr(const XML_Char **atts, const char *name)
{
	size_t size = strlen(name) + 1;   /* a constant for a literal */

	for (; *atts; atts += 2)
		if (same_from(atts[0], name, size, 0))
			return atts[1];
	return NULL;
}

/* The values of an <origin>'s xyz, rpy and quat_xyzw into TEXT (NULL for
 * each missing), in one pass: each name is told by its first byte, then
 * compared inline (XML has no attribute twice). */
static void origin_attrs(const XML_Char **atts, const char *text[3])
{
	text[0] = text[1] = text[2] = NULL;
	for (; *atts; atts += 2) {
		const char *a = atts[0];
		if (same_from(a, "xyz", 4, 0))
			text[0] = atts[1];
		else if (same_from(a, "rpy", 4, 0))
			text[1] = atts[1];
		else if (same_from(a, "quat_xyzw", 10, 0))
			text[2] = atts[1];
	}
}

/* The place of attribute name A among ixx, ixy, ixz, iyy, iyz, izz (the
 * second letter x, y or z, the third not before it), or -1.  Each byte is
 * read only when the one before it is a letter. */
static int inertia_key(const char *a)
{
	static const int row[] = { 0, 3, 5 };   /* where ix?, iy?, iz? start */

	if (a[0] != 'i' || a[1] < 'x' || a[1] > 'z' || a[2] < a[1] || a[2] > 'z' || a[3] != '\0')
		return -1;
	return row[a[1] - 'x'] + (a[2] - a[1]);
}

static void missing_attr(struct reader *r, const char *elem, const char *name)
{
	struct srcpos p = here(r);

	diag_error(r->diag, D_ATTR_MISSING, p.line, p.col, "<%s> has no '%s' attribute", elem, name);
}

/* The attribute NAME of element ELEM, or an error when it is missing. */
static INLINED const char *need_attr(struct reader *r, const XML_Char **atts,
				     const char *elem, const char *name)
{
	const char *v = attr(atts, name);

	if (!v)
		missing_attr(r, elem, name);
	return v;
}

/* The name of ELEM: SDFormat has no use for an empty one. */
static const char *need_name(struct reader *r, const XML_Char **atts, const char *elem)
{
	const char *v = need_attr(r, atts, elem, "name");
	struct srcpos p;

	if (v && !*v) {
		p = here(r);
		diag_error(r->diag, D_NAME_EMPTY, p.line, p.col, "<%s> has an empty 'name'", elem);
		return NULL;
	}
	return v;
}

static void bad_number(struct reader *r, const char *elem, const char *name,
		       const char *value, int n)
{
	struct srcpos p = here(r);
	char buf[DIAG_EXCERPT + 4];

	value = diag_excerpt(buf, value);
	if (n == 1)
		diag_error(r->diag, D_NUMBER_BAD, p.line, p.col,
			   "<%s %s='%s'>: not a finite number", elem, name, value);
	else
		diag_error(r->diag, D_NUMBERS_BAD, p.line, p.col,
			   "<%s %s='%s'>: expected %d finite numbers", elem, name, value, n);
}

/* What num_value() says of V, the value of attribute NAME, when
 * num_parse_vec_flush() gave FLUSHED (not 0): -1, not N numbers (returns
 * 0), or how many were subnormal, each taken as 0 (returns 1).  Apart:
 * rare, and its buffers would cost every call their frame. */
#if defined(__GNUC__)
__attribute__((cold, noinline))
#endif
static int number_trouble(struct reader *r, const char *v, const char *elem, const char *name,
			  int n, int flushed)
{
	struct srcpos p;
	char buf[DIAG_EXCERPT + 4];

	if (flushed < 0) {
		bad_number(r, elem, name, v, n);
		return 0;
	}
	p = here(r);
	diag_warn(r->diag, D_NUMBER_SUBNORMAL, p.line, p.col, "<%s %s='%s'>: a number too small for "
		  "SDFormat readers (subnormal) is taken as 0", elem, name, diag_excerpt(buf, v));
	return 1;
}

/* Reads N numbers from V, the value of attribute NAME (NULL: it is
 * missing), into OUT.  A missing attribute leaves OUT as it is (the
 * caller's default) unless REQUIRED.  Returns 1 when the attribute was
 * present and valid. */
static int num_value(struct reader *r, const char *v, const char *elem,
		     const char *name, double *out, int n, int required)
{
	int flushed;

	if (!v) {
		if (required)
			missing_attr(r, elem, name);
		return 0;
	}
	flushed = num_parse_vec_flush(v, out, n);
	return flushed ? number_trouble(r, v, elem, name, n, flushed) : 1;
}

/* num_value() of attribute NAME of ATTS. */
static INLINED int num_attr(struct reader *r, const XML_Char **atts, const char *elem,
			    const char *name, double *out, int n, int required)
{
	return num_value(r, attr(atts, name), elem, name, out, n, required);
}

/* A copy of S (NULL stays NULL) in the model's arena. */
static const char *str_copy(struct reader *r, const char *s)
{
	return s ? arena_strdup(r->arena, s) : NULL;
}

/* The one copy of S that the reader keeps for all its occurrences: element
 * and attribute names inside <gazebo>, mesh files, material names.  A robot of a million
 * links names a few hundred meshes and tags over and over.  The last string
 * kept for each key of a few of its characters is looked at first: a
 * comparison, where the pool's lookup hashes (crafted names only make it
 * miss, never slow). */
static const char *str_pooled(struct reader *r, const char *s)
{
	const char *kept;
	size_t len, slot;

	if (!s)
		return NULL;
	len = strlen(s);
	/* Names often differ in one digit near their end (link3.stl), or in
	 * the middle: both are in the slot's key. */
	slot = len < 2 ? (unsigned char)s[0] :
	       len * 31 + (unsigned char)s[0] * 7 + (unsigned char)s[len - 1] +
	       (unsigned char)s[len / 2] * 5 + (unsigned char)s[len - 2 - (len > 5) * 3] * 3;
	slot %= sizeof r->recent / sizeof r->recent[0];
	kept = r->recent[slot];
	if (kept && strcmp(kept, s) == 0)
		return kept;
	kept = index_intern(r->pool, s, len, r->arena);
	r->recent[slot] = kept;
	return kept;
}

/* A link name a joint refers to: the link's own copy when it was read
 * already (it usually was), and that link in *SEEN (else NULL), so that
 * resolving need not look it up again. */
static const char *link_name(struct reader *r, const char *s, struct link **seen)
{
	struct link *l = s ? index_get(r->robot->link_index, s) : NULL;

	*seen = l;
	return l ? l->name : str_copy(r, s);
}

/* Whether the file's URDF version has feature F.  The answer decides what
 * is read, so the reader notes that it asked (see version_used). */
static int urdf_allows(struct reader *r, enum urdf_feature f)
{
	r->version_used = 1;
	return urdf_has(r->robot->urdf_version, f);
}

/* "WHAT needs URDF 1.1 or later (this robot is URDF 1.0: ...); CONSEQUENCE" */
static void warn_needs_version(struct reader *r, enum diag_code code, enum urdf_feature f,
			       const char *what, const char *consequence)
{
	struct srcpos p = here(r);
	struct urdf_version since = urdf_feature_since(f), v = r->robot->urdf_version;

	diag_warn(r->diag, code, p.line, p.col, "%s needs URDF %u.%u or later (this robot is URDF "
		  "%u.%u: write <robot version=\"%u.%u\">); %s", what, since.major, since.minor,
		  v.major, v.minor, since.major, since.minor, consequence);
}

/* The rotation of quat_xyzw (URDF 1.1), normalised as urdfdom normalises
 * it; all zeros is no rotation, as in urdfdom, with a warning. */
static void read_quat_xyzw(struct reader *r, const XML_Char **atts, double rpy[3])
{
	double q[4];

	if (num_attr(r, atts, "origin", "quat_xyzw", q, 4, 0) && xyzw_to_rpy(q, rpy) != 0) {
		struct srcpos p = here(r);
		diag_warn(r->diag, D_QUAT_ZERO, p.line, p.col, "<origin quat_xyzw='0 0 0 0'> is no rotation; "
			  "taken as none (0 0 0 1), as urdfdom takes it");
	}
}

/* An <origin>: xyz, and rpy or (URDF 1.1) quat_xyzw, read as urdfdom reads
 * them.  Both rotations on one origin is an error in 1.1 and later; in 1.0,
 * where quat_xyzw is not URDF, it is ignored with a warning. */
static void read_origin(struct reader *r, const XML_Char **atts, struct pose *out)
{
	double xyz[3] = { 0, 0, 0 }, rpy[3] = { 0, 0, 0 };
	const char *text[3], *quat;

	origin_attrs(atts, text);
	quat = text[2];
	num_value(r, text[0], "origin", "xyz", xyz, 3, 0);
	if (quat && !urdf_allows(r, URDF_QUAT_XYZW)) {
		warn_needs_version(r, D_QUAT_BEFORE_1_1, URDF_QUAT_XYZW, "<origin quat_xyzw>",
				   "ignored, as urdfdom ignores it");
		quat = NULL;
	} else if (quat && text[1]) {
		struct srcpos p = here(r);
		diag_error(r->diag, D_ORIGIN_TWO_ROTATIONS, p.line, p.col, "<origin> has both rpy and quat_xyzw; "
			   "give the rotation once");
		quat = NULL;
	}
	num_value(r, text[1], "origin", "rpy", rpy, 3, 0);
	if (quat)
		read_quat_xyzw(r, atts, rpy);
	*out = pose_from_xyz_rpy(xyz, rpy);
}

/* ---- element starts: the handlers of the table's rows ---------------------
 *
 * Each reads one child element's start into the node of its parent's scope
 * (S[-1].obj) or a node of its own (S->obj); see child_start_fn. */

static void XMLCALL on_text(void *arg, const XML_Char *s, int len);

/* Enters NODE, a WHAT named NAME defined at AT, in IX: 1 when the name is
 * new, else 0 and an error that says where it was defined first (the
 * position at POS_AT in the node it names). */
static int enter_name(struct reader *r, struct index *ix, void *node, const char *name,
		      struct srcpos at, size_t pos_at, enum diag_code code, const char *what)
{
	const char *old = index_put(ix, name, node);
	const struct srcpos *first;

	if (!old)
		return 1;
	first = (const struct srcpos *)(old + pos_at);
	diag_error(r->diag, code, at.line, at.col, "duplicate %s name '%s' (first defined at line %lu)",
		   what, name, (unsigned long)first->line);
	return 0;
}

/* <robot version>: absent, 1.0; malformed or unknown, an error, as in
 * urdfdom.  A rejected file is read on by the newest rules, so that its
 * constructs add no warnings about versions to the error. */
static void read_version(struct reader *r, const XML_Char **atts)
{
	const char *text = attr(atts, "version"), *why;
	struct urdf_version v;
	struct srcpos p;
	char buf[DIAG_EXCERPT + 4], known[URDF_VERSIONS_TEXT];

	if (!text)
		return;
	p = here(r);
	why = urdf_version_parse(text, &v);
	if (why)
		diag_error(r->diag, D_VERSION_MALFORMED, p.line, p.col, "<robot version='%s'>: %s (expected "
			   "MAJOR.MINOR, such as 1.0)", diag_excerpt(buf, text), why);
	else if (!urdf_version_known(v))
		diag_error(r->diag, D_VERSION_UNKNOWN, p.line, p.col, "<robot version='%s'>: u2s reads URDF %s, "
			   "not %u.%u", diag_excerpt(buf, text), urdf_versions_known_text(known),
			   v.major, v.minor);
	r->robot->urdf_version = why || !urdf_version_known(v) ? urdf_version_newest() : v;
}

/* The root.  The second half of a file (read_split.c) starts with a
 * <robot> of ours, which has nothing to read. */
static void doc_robot(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct robot *rb = r->robot;

	if (!r->synthetic_root) {
		rb->pos = here(r);
		rb->name = str_copy(r, need_name(r, atts, "robot"));
		if (!rb->name)
			rb->name = "";
		read_version(r, atts);
		if (r->keep_source)
			rb->source.robot_open_end = byte_after(r);
	}
	s->obj = rb;
}

static void doc_other(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct srcpos p = here(r);

	(void)s, (void)atts;
	diag_error(r->diag, D_ROOT_NOT_ROBOT, p.line, p.col,
		   "the root element is <%s>; a URDF file has <robot>", r->starting);
	r->stopped = 1;
	XML_StopParser(r->parser, XML_FALSE);
}

static void robot_link(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct robot *rb = r->robot;
	struct link *l = ARENA_NEW(&rb->link_arena, struct link);

	l->pos = here(r);
	l->name = str_copy(r, need_name(r, atts, "link"));
	s->obj = l;
	if (l->name && enter_name(r, rb->link_index, l, l->name, l->pos, offsetof(struct link, pos),
				  D_LINK_DUPLICATE, "link")) {
		LIST_APPEND(rb->links, rb->links_last, l, next);
		rb->nlinks++;
	}
}

/* The joint type named S (model.c's JOINT_TYPES, urdfdom's names). */
static int parse_joint_type(const char *s, enum joint_type *t)
{
	unsigned i;

	for (i = 0; i < JOINT_TYPE_COUNT; i++)
		if (strcmp(s, JOINT_TYPES[i].urdf) == 0) {
			*t = (enum joint_type)i;
			return 0;
		}
	return -1;
}

static void robot_joint(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct robot *rb = r->robot;
	struct joint *j = ARENA_NEW(&rb->joint_arena, struct joint);
	const char *type;

	j->pos = here(r);
	j->origin = POSE_IDENTITY;
	j->axis[0] = 1;
	j->name = str_copy(r, need_name(r, atts, "joint"));
	type = need_attr(r, atts, "joint", "type");
	s->obj = j;
	j->type_unknown = !type;   /* reported: no more messages about its type */
	if (type && parse_joint_type(type, &j->type) != 0) {
		j->type_unknown = 1;
		diag_error(r->diag, D_JOINT_TYPE_UNKNOWN, j->pos.line, j->pos.col,
			   "joint '%s' has unknown type '%s' (expected revolute, continuous, "
			   "prismatic, fixed, floating or planar)", j->name ? j->name : "", type);
	}
	if (j->name && enter_name(r, rb->joint_index, j, j->name, j->pos, offsetof(struct joint, pos),
				  D_JOINT_DUPLICATE, "joint")) {
		LIST_APPEND(rb->joints, rb->joints_last, j, next);
		rb->njoints++;
	}
}

/* A <material> of <robot> or of a <visual>. */
static void robot_material(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct material *m = ARENA_NEW(r->arena, struct material);

	m->pos = here(r);
	m->name = str_pooled(r, need_attr(r, atts, "material", "name"));
	s->obj = m;
}

/* An element inside <gazebo>, kept as it is written. */
static void gazebo_child(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct xnode *n = xnode_new(r->arena, str_pooled(r, r->starting));
	unsigned i, count = 0;

	n->pos = here(r);
	while (atts[2 * count])
		count++;
	if (count) {
		n->attrs = ARENA_ARRAY(r->arena, struct xattr, count);
		for (i = 0; i < count; i++) {
			n->attrs[i].name = str_pooled(r, atts[2 * i]);
			n->attrs[i].value = str_pooled(r, atts[2 * i + 1]);
		}
		n->nattrs = count;
	}
	if (s[-1].kind == IN_GAZEBO)
		xnode_append(s[-1].obj, n);
	r->textlen = 0;
	s->obj = n;
}

static void robot_gazebo(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct robot *rb = r->robot;
	struct gazebo *g = ARENA_NEW(r->arena, struct gazebo);

	g->reference = str_copy(r, attr(atts, "reference"));
	gazebo_child(r, s, atts);
	/* Text matters only inside <gazebo>: elsewhere expat need not
	 * hand over the whitespace between elements at all. */
	XML_SetCharacterDataHandler(r->parser, on_text);
	g->elem = s->obj;
	if (r->keep_source) {
		/* The end is the start tag's until the end tag is read: all
		 * of it for <gazebo/> (end_gazebo). */
		g->has_span = 1;
		g->span.start = byte_at(r);
		g->span.end = byte_after(r);
	}
	LIST_APPEND(rb->gazebos, rb->gazebos_last, g, next);
}

/* <ros2_control>: passed over, but for the URDF output, which renames
 * the hardware plugin of its <hardware> (write_urdf.c). */
static void robot_ros2_control(struct reader *r, struct scope *s, const XML_Char **atts)
{
	(void)atts;
	if (r->keep_source)
		s->kind = IN_ROS2_CONTROL;
}

/* The <hardware> of a <ros2_control>; the rest is passed over. */
static void ros2_control_child(struct reader *r, struct scope *s, const XML_Char **atts)
{
	(void)atts;
	if (strcmp(r->starting, "hardware") == 0)
		s->kind = IN_HARDWARE;
}

static void XMLCALL on_plugin_text(void *arg, const XML_Char *s, int len);

/* The <plugin> of a <hardware>: its text and where it lies. */
static void hardware_child(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct urdf_source *src = &r->robot->source;
	struct hw_plugin *hp;

	(void)atts;
	if (strcmp(r->starting, "plugin") != 0)
		return;
	hp = ARENA_NEW(r->arena, struct hw_plugin);
	hp->pos = here(r);
	hp->text_span.start = hp->text_span.end = byte_after(r);
	LIST_APPEND(src->plugins, src->plugins_last, hp, next);
	s->kind = IN_HW_PLUGIN;
	s->obj = hp;
	r->textlen = 0;
	XML_SetCharacterDataHandler(r->parser, on_plugin_text);
}

static void end_hw_plugin(struct reader *r, struct scope *s)
{
	struct hw_plugin *hp = s->obj;

	if (XML_GetCurrentByteCount(r->parser) > 0)   /* else <plugin/> */
		hp->text_span.end = byte_at(r);
	hp->text = arena_strndup(r->arena, r->text ? r->text : "", r->textlen);
	r->textlen = 0;
	XML_SetCharacterDataHandler(r->parser, NULL);
}

static void robot_origin(struct reader *r, struct scope *s, const XML_Char **atts)
{
	(void)s;
	if (r->robot->has_origin) {   /* libsdformat reads the first */
		struct srcpos p = here(r);
		diag_warn(r->diag, D_ELEMENT_REPEATED_ROBOT, p.line, p.col, "a second <origin> in "
			  "<robot> is ignored (the first counts, as in libsdformat)");
	} else {
		r->robot->has_origin = 1;
		read_origin(r, atts, &r->robot->origin);
	}
}

static void link_inertial(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct link *l = s[-1].obj;

	(void)atts;
	l->inertial = ARENA_NEW(&r->robot->link_arena, struct inertial);
	l->inertial->origin = POSE_IDENTITY;
	l->inertial->pos = here(r);
	s->obj = l->inertial;
}

/* A visual or collision (KIND) of the link, unless urdfdom stopped reading
 * its items of that kind (CUT). */
static void link_item(struct reader *r, struct scope *s, const XML_Char **atts,
		      enum item_kind kind, unsigned cut)
{
	struct link *l = s[-1].obj;
	struct item *it;

	if (s[-1].cut & cut) {
		s->kind = IN_IGNORED;
		return;
	}
	it = ARENA_NEW(&r->robot->item_arena, struct item);
	it->kind = kind;
	it->pos = here(r);
	it->name = attr(atts, "name");
	/* An empty name is no name (xacro macros make them), as urdfdom and
	 * libsdformat read it: named as an unnamed item is. */
	it->name = it->name && *it->name ? str_copy(r, it->name) : NULL;
	it->origin = POSE_IDENTITY;
	it->source = l;
	item_list_append(kind == ITEM_VISUAL ? &l->visuals : &l->collisions, it);
	s->obj = it;
}

static void link_visual(struct reader *r, struct scope *s, const XML_Char **atts)
{
	link_item(r, s, atts, ITEM_VISUAL, LINK_VISUALS_CUT);
}

static void link_collision(struct reader *r, struct scope *s, const XML_Char **atts)
{
	link_item(r, s, atts, ITEM_COLLISION, LINK_COLLISIONS_CUT);
}

static void link_gazebo(struct reader *r, struct scope *s, const XML_Char **atts)
{
	const struct link *l = s[-1].obj;
	struct srcpos p = here(r);

	(void)atts;
	diag_warn(r->diag, D_GAZEBO_IN_LINK, p.line, p.col, "<gazebo> inside <link> is ignored; put it "
		  "in <robot> as <gazebo reference='%s'>", l->name ? l->name : "");
}

/* Not a child that its parent has in URDF: ignored, with a warning
 * (urdfdom ignores it without one). */
static void unknown_child(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct srcpos p = here(r);

	(void)atts;
	diag_warn(r->diag, D_ELEMENT_UNKNOWN, p.line, p.col, "<%s> is not a child of <%s> in URDF; ignored",
		  r->starting, read_scopes[s[-1].kind].name);
}

static void inertial_origin(struct reader *r, struct scope *s, const XML_Char **atts)
{
	read_origin(r, atts, &((struct inertial *)s[-1].obj)->origin);
}

static void inertial_mass(struct reader *r, struct scope *s, const XML_Char **atts)
{
	num_attr(r, atts, "mass", "value", &((struct inertial *)s[-1].obj)->mass, 1, 1);
}

static void inertial_inertia(struct reader *r, struct scope *s, const XML_Char **atts)
{
	static const char *const keys[] = { "ixx", "ixy", "ixz", "iyy", "iyz", "izz" };
	struct inertial *in = s[-1].obj;
	double *vals[] = { &in->ixx, &in->ixy, &in->ixz, &in->iyy, &in->iyz, &in->izz };
	const char *text[6] = { NULL, NULL, NULL, NULL, NULL, NULL };
	unsigned i;
	int k;

	for (; *atts; atts += 2)
		if ((k = inertia_key(atts[0])) >= 0)
			text[k] = atts[1];
	for (i = 0; i < 6; i++)
		num_value(r, text[i], "inertia", keys[i], vals[i], 1, 1);
}

static void item_origin(struct reader *r, struct scope *s, const XML_Char **atts)
{
	read_origin(r, atts, &((struct item *)s[-1].obj)->origin);
}

static void item_geometry(struct reader *r, struct scope *s, const XML_Char **atts)
{
	(void)atts;
	s->obj = s[-1].obj;
	s->pos = here(r);
}

static void visual_material(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct item *it = s[-1].obj;

	robot_material(r, s, atts);
	it->inline_mat = s->obj;
	it->material_name = it->inline_mat->name;
}

/* The scope of the link that the item being read belongs to. */
static struct scope *item_link_scope(struct reader *r)
{
	unsigned d = r->depth;

	while (d > 0 && r->stack[d - 1].kind != IN_LINK)
		d--;
	return &r->stack[d - 1];
}

/* Item IT, the last of its kind in its link, failed as urdfdom reads it (a
 * construct its URDF version lacks).  urdfdom's link reader stops at a
 * failed item: the link keeps the items of its kind before it, and, since
 * visuals are read first, no collision at all after a failed visual.  The
 * link's scope remembers, so that the items still to come are passed over. */
static void item_failed(struct reader *r, struct item *it)
{
	struct link *l = it->source;
	struct item_list *list = it->kind == ITEM_VISUAL ? &l->visuals : &l->collisions;
	struct item *prev = NULL, *at;
	struct scope *ls = item_link_scope(r);

	for (at = list->first; at != it; at = at->next)
		prev = at;
	list->last = prev;
	if (prev)
		prev->next = NULL;
	else
		list->first = NULL;
	list->count--;
	ls->cut |= LINK_COLLISIONS_CUT;
	if (it->kind == ITEM_VISUAL) {
		ls->cut |= LINK_VISUALS_CUT;
		memset(&l->collisions, 0, sizeof l->collisions);
	}
}

/* The shapes, in <geometry>: S[-1].obj is the item. */
static void shape_box(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct geometry *g = &((struct item *)s[-1].obj)->geom;

	g->kind = GEOM_BOX;
	num_attr(r, atts, "box", "size", g->size, 3, 1);
}

static void shape_cylinder(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct geometry *g = &((struct item *)s[-1].obj)->geom;

	g->kind = GEOM_CYLINDER;
	num_attr(r, atts, "cylinder", "length", &g->length, 1, 1);
	num_attr(r, atts, "cylinder", "radius", &g->radius, 1, 1);
}

static void shape_sphere(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct geometry *g = &((struct item *)s[-1].obj)->geom;

	g->kind = GEOM_SPHERE;
	num_attr(r, atts, "sphere", "radius", &g->radius, 1, 1);
}

static void shape_mesh(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct geometry *g = &((struct item *)s[-1].obj)->geom;
	struct srcpos p = here(r);

	g->kind = GEOM_MESH;
	g->pos = p;
	g->filename = str_pooled(r, need_attr(r, atts, "mesh", "filename"));
	if (g->filename && g->filename[0] == '\0')
		diag_error(r->diag, D_MESH_NO_FILENAME, p.line, p.col, "<mesh> has an empty filename");
	g->scale[0] = g->scale[1] = g->scale[2] = 1;
	num_attr(r, atts, "mesh", "scale", g->scale, 3, 0);
}

static void shape_capsule(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct item *it = s[-1].obj;
	struct geometry *g = &it->geom;

	if (!urdf_allows(r, URDF_CAPSULE)) {
		warn_needs_version(r, D_CAPSULE_BEFORE_1_1, URDF_CAPSULE, "<capsule>", it->kind == ITEM_VISUAL ?
				   "as urdfdom reads it, this visual fails: it is left out, "
				   "and so are the link's later visuals and all its collisions" :
				   "as urdfdom reads it, this collision fails: it is left out, "
				   "and so are the link's later collisions");
		item_failed(r, it);
		return;
	}
	g->kind = GEOM_CAPSULE;
	num_attr(r, atts, "capsule", "length", &g->length, 1, 1);
	num_attr(r, atts, "capsule", "radius", &g->radius, 1, 1);
}

static void shape_unknown(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct srcpos p = here(r);

	(void)s, (void)atts;
	diag_error(r->diag, D_GEOMETRY_UNKNOWN, p.line, p.col, "unknown geometry <%s> (expected box, "
		   "cylinder, sphere, mesh or, from URDF 1.1, capsule)", r->starting);
}

/* A colour as urdfdom reads it: four numbers in [0, 1], or no colour at all
 * (urdfdom then leaves the material black). */
static void read_rgba(struct reader *r, struct material *m, const char *rgba)
{
	struct srcpos p = here(r);
	char buf[DIAG_EXCERPT + 4];
	int i, ok = num_parse_vec(rgba, m->rgba, 4) == 0;

	for (i = 0; ok && i < 4; i++)
		ok = m->rgba[i] >= 0 && m->rgba[i] <= 1;
	if (!ok) {
		diag_warn(r->diag, D_COLOR_RANGE, p.line, p.col, "<color rgba='%s'> is not four numbers "
			  "in [0, 1]; urdfdom reads no colour from it", diag_excerpt(buf, rgba));
		return;
	}
	num_flush_subnormal(m->rgba, 4);   /* a float colour has none: 0 either way */
	m->has_rgba = 1;
}

static void material_color(struct reader *r, struct scope *s, const XML_Char **atts)
{
	const char *rgba = attr(atts, "rgba");

	if (rgba) {
		read_rgba(r, s[-1].obj, rgba);
	} else {
		/* urdfdom reads rgba only (a <color rgb=... alpha=...> is
		 * common): the colour is not given. */
		struct srcpos p = here(r);
		diag_warn(r->diag, D_COLOR_NO_RGBA, p.line, p.col, "<color> has no 'rgba' attribute; ignored "
			  "(write the colour as rgba='R G B A')");
	}
}

static void material_texture(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct material *m = s[-1].obj;

	m->texture = str_pooled(r, attr(atts, "filename"));
	if (!m->texture)
		m->texture = "";
}
static struct joint_rare *joint_rare(struct reader *r, struct joint *j)
{
	if (!j->rare)
		j->rare = ARENA_NEW(&r->robot->joint_arena, struct joint_rare);
	return j->rare;
}

/* The attributes of <limit> that URDF 1.2 adds (SDFormat has none of them). */
static const char *const LIMIT_EXTRAS[] = { "acceleration", "deceleration", "jerk", NULL };

/* Whether the value of limit attribute NAME (read into *V, when given) is
 * what URDF 1.2 allows: not negative. */
static void limit_not_negative(struct reader *r, const XML_Char **atts, const char *name,
			       double *v)
{
	char buf[DIAG_EXCERPT + 4];

	if (num_attr(r, atts, "limit", name, v, 1, 0) && *v < 0) {
		struct srcpos p = here(r);
		diag_error(r->diag, D_LIMIT_NEGATIVE, p.line, p.col, "<limit %s='%s'>: negative (URDF 1.2 "
			   "limits are not)", name, diag_excerpt(buf, attr(atts, name)));
	}
}

/* <limit> as URDF 1.2 reads it: every attribute optional; lower and upper
 * (-inf and inf when absent, as urdfdom 6 and SDFormat say no bound)
 * required of revolute and prismatic joints and in order;
 * effort and velocity infinite when absent; acceleration, deceleration
 * (defaulting to acceleration) and jerk checked, then left out, with one
 * warning per robot. */
static void read_limit_1_2(struct reader *r, struct joint *j, const XML_Char **atts)
{
	int has_lower, has_upper, i;
	double extra[3] = { INFINITY, INFINITY, INFINITY };
	struct srcpos p = here(r);

	j->lower = -INFINITY;
	j->upper = j->effort = j->velocity = INFINITY;
	has_lower = num_attr(r, atts, "limit", "lower", &j->lower, 1, 0);
	has_upper = num_attr(r, atts, "limit", "upper", &j->upper, 1, 0);
	if ((!attr(atts, "lower") || !attr(atts, "upper")) && !j->type_unknown &&
	    (j->type == JOINT_REVOLUTE || j->type == JOINT_PRISMATIC))
		diag_error(r->diag, D_JOINT_BOUNDS_MISSING, p.line, p.col, "%s joint '%s': <limit> needs lower and "
			   "upper (URDF 1.2)", joint_type_name(j->type), j->name ? j->name : "");
	else if (has_lower && has_upper && j->upper < j->lower)
		diag_error(r->diag, D_LIMIT_ORDER, p.line, p.col, "joint '%s': <limit> upper %g is below "
			   "lower %g", j->name ? j->name : "", j->upper, j->lower);
	limit_not_negative(r, atts, "effort", &j->effort);
	limit_not_negative(r, atts, "velocity", &j->velocity);
	for (i = 0; LIMIT_EXTRAS[i]; i++)
		limit_not_negative(r, atts, LIMIT_EXTRAS[i], &extra[i]);
	if (!r->limit_extras_warned && (attr(atts, "acceleration") ||
					attr(atts, "deceleration") || attr(atts, "jerk"))) {
		r->limit_extras_warned = 1;
		diag_warn(r->diag, D_LIMIT_EXTRAS, p.line, p.col, "joint '%s': SDFormat has no acceleration, "
			  "deceleration or jerk limit; left out here and on every other joint "
			  "that has one", j->name ? j->name : "");
	}
}

/* <limit> as URDF 1.0 and 1.1 read it: lower and upper 0 when absent,
 * effort and velocity required; 1.2's attributes are ignored, with a
 * warning, as urdfdom ignores them. */
static void read_limit_1_0(struct reader *r, struct joint *j, const XML_Char **atts)
{
	char what[64] = "<limit";
	size_t n = strlen(what);
	int i, extras = 0;

	int given = num_attr(r, atts, "limit", "lower", &j->lower, 1, 0) +
		    num_attr(r, atts, "limit", "upper", &j->upper, 1, 0) +
		    num_attr(r, atts, "limit", "effort", &j->effort, 1, 1) +
		    num_attr(r, atts, "limit", "velocity", &j->velocity, 1, 1);

	/* What 1.2 would read otherwise: an absent value, a negative one,
	 * bounds out of order (and the extras, below). */
	if (given < 4 || j->effort < 0 || j->velocity < 0 || j->upper < j->lower)
		r->version_used = 1;
	for (i = 0; LIMIT_EXTRAS[i]; i++)
		if (attr(atts, LIMIT_EXTRAS[i])) {
			r->version_used = 1;
			n += (size_t)snprintf(what + n, sizeof what - n, " %s", LIMIT_EXTRAS[i]);
			extras++;
		}
	if (extras) {
		snprintf(what + n, sizeof what - n, ">");
		warn_needs_version(r, D_LIMITS_BEFORE_1_2, URDF_LIMITS_1_2, what, "ignored, as urdfdom ignores it");
	}
}

static void read_limit(struct reader *r, struct joint *j, const XML_Char **atts)
{
	j->has_limit = 1;
	j->limit_pos = here(r);
	/* Most limits read alike in every version: read_limit_1_0 says when
	 * one does not (version_used). */
	if (urdf_has(r->robot->urdf_version, URDF_LIMITS_1_2))
		read_limit_1_2(r, j, atts);
	else
		read_limit_1_0(r, j, atts);
}

/* The joint's children: S[-1].obj is the joint. */
static void joint_origin(struct reader *r, struct scope *s, const XML_Char **atts)
{
	read_origin(r, atts, &((struct joint *)s[-1].obj)->origin);
}

static void joint_parent(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint *j = s[-1].obj;

	j->parent_pos = here(r);
	j->parent_name = link_name(r, need_attr(r, atts, "parent", "link"), &j->parent_seen);
}

static void joint_child(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint *j = s[-1].obj;

	j->child_pos = here(r);
	j->child_name = link_name(r, need_attr(r, atts, "child", "link"), &j->child_seen);
}

static void joint_axis(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint *j = s[-1].obj;

	j->has_axis = 1;
	j->axis[0] = 0;   /* <axis> without xyz means 0 0 0, as urdfdom reads it */
	num_attr(r, atts, "axis", "xyz", j->axis, 3, 0);
}

static void joint_limit(struct reader *r, struct scope *s, const XML_Char **atts)
{
	read_limit(r, s[-1].obj, atts);
}

static void joint_dynamics(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint *j = s[-1].obj;

	j->has_dynamics = 1;
	num_attr(r, atts, "dynamics", "damping", &j->damping, 1, 0);
	num_attr(r, atts, "dynamics", "friction", &j->friction, 1, 0);
}

static void joint_mimic(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint_rare *x = joint_rare(r, s[-1].obj);

	x->has_mimic = 1;
	x->mimic_pos = here(r);
	x->mimic_joint = str_copy(r, need_attr(r, atts, "mimic", "joint"));
	x->mimic_multiplier = 1;
	num_attr(r, atts, "mimic", "multiplier", &x->mimic_multiplier, 1, 0);
	num_attr(r, atts, "mimic", "offset", &x->mimic_offset, 1, 0);
}

static void joint_safety(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint_rare *x = joint_rare(r, s[-1].obj);
	const char *e = "safety_controller";

	x->has_safety = 1;
	num_attr(r, atts, e, "soft_lower_limit", &x->soft_lower, 1, 0);
	num_attr(r, atts, e, "soft_upper_limit", &x->soft_upper, 1, 0);
	num_attr(r, atts, e, "k_position", &x->k_position, 1, 0);
	num_attr(r, atts, e, "k_velocity", &x->k_velocity, 1, 1);
}

static void joint_calibration(struct reader *r, struct scope *s, const XML_Char **atts)
{
	struct joint_rare *x = joint_rare(r, s[-1].obj);

	x->has_calibration = 1;
	num_attr(r, atts, "calibration", "rising", &x->rising, 1, 0);
	num_attr(r, atts, "calibration", "falling", &x->falling, 1, 0);
}

/* ---- element ends: checks that need the whole element ------------------- */

static void end_material(struct reader *r, struct scope *s)
{
	struct material *m = s->obj;

	if (!m->name)
		return;
	if (!m->has_rgba && !m->texture) {
		diag_warn(r->diag, D_MATERIAL_EMPTY, m->pos.line, m->pos.col,
			  "material '%s' has neither <color> nor <texture>; urdfdom makes it black "
			  "(0 0 0 1)", m->name);
		material_black(m);
	}
	enter_name(r, r->robot->material_index, m, m->name, m->pos, offsetof(struct material, pos),
		   D_MATERIAL_DUPLICATE, "material");
}

static void end_joint(struct reader *r, struct scope *s)
{
	const struct joint *j = s->obj;
	const char *name = j->name ? j->name : "";

	/* A <parent> or <child> without its link attribute was reported already. */
	if (!j->parent_pos.line || !j->child_pos.line)
		diag_error(r->diag, D_JOINT_ENDS_MISSING, j->pos.line, j->pos.col,
			   "joint '%s' needs both <parent link=...> and <child link=...>", name);
	if (!j->has_limit && !j->type_unknown && (j->type == JOINT_REVOLUTE || j->type == JOINT_PRISMATIC))
		diag_error(r->diag, D_JOINT_LIMIT_MISSING, j->pos.line, j->pos.col, "%s joint '%s' has no <limit> (%s "
			   "are required)", joint_type_name(j->type), name,
			   urdf_has(r->robot->urdf_version, URDF_LIMITS_1_2) ?
			   "lower and upper" : "effort and velocity");
}

static void end_inertial(struct reader *r, struct scope *s)
{
	const struct inertial *in = s->obj;

	if (!(s->seen_child & SEEN_BIT(EL_MASS)))
		diag_error(r->diag, D_INERTIAL_NO_MASS, in->pos.line, in->pos.col, "<inertial> has no <mass>");
	/* urdfdom keeps such a link with zero inertia, and so does libsdformat. */
	if (!(s->seen_child & SEEN_BIT(EL_INERTIA)))
		diag_warn(r->diag, D_INERTIAL_NO_INERTIA, in->pos.line, in->pos.col,
			  "<inertial> has no <inertia>; using zero inertia");
}

static void end_geometry(struct reader *r, struct scope *s)
{
	if (!s->seen_child)
		diag_error(r->diag, D_GEOMETRY_EMPTY, s->pos.line, s->pos.col, "<geometry> holds no shape");
}

static void end_item(struct reader *r, struct scope *s)
{
	const struct item *it = s->obj;

	if (!(s->seen_child & SEEN_BIT(EL_GEOMETRY)))
		diag_error(r->diag, D_GEOMETRY_MISSING, it->pos.line, it->pos.col, "<%s> has no <geometry>",
			   read_scopes[s->kind].name);
}

static void end_gazebo(struct reader *r, struct scope *s)
{
	struct xnode *n = s->obj;

	if (!n->first && r->textlen > 0)
		n->text = arena_strndup(r->arena, r->text, r->textlen);
	r->textlen = 0;
	if (s[-1].kind == IN_ROBOT) {   /* the <gazebo> element itself */
		XML_SetCharacterDataHandler(r->parser, NULL);
		/* An end tag of its own (none for <gazebo/>): the block
		 * open is the list's last. */
		if (r->keep_source && XML_GetCurrentByteCount(r->parser) > 0)
			r->robot->gazebos_last->span.end = byte_after(r);
	}
}

/* </robot>, where the URDF output inserts the blocks the migration adds
 * (the second half's is the file's: read_split.c's join takes it). */
static void end_robot(struct reader *r, struct scope *s)
{
	(void)s;
	if (r->keep_source && XML_GetCurrentByteCount(r->parser) > 0) {
		r->robot->source.has_robot_close = 1;
		r->robot->source.robot_close = byte_at(r);
	}
}

/* ---- where a message is: the path of the element being read -------------- */

struct path {
	char *buf;
	size_t size, len;
	int cut;   /* a step did not fit: the path ends before it */
};

static void path_put(struct path *p, const char *s)
{
	size_t n = strlen(s);

	if (p->cut || p->len + n >= p->size) {
		p->cut = 1;
		return;
	}
	memcpy(p->buf + p->len, s, n + 1);
	p->len += n;
}

static void path_putn(struct path *p, const char *s, size_t n)
{
	if (p->cut || p->len + n >= p->size) {
		p->cut = 1;
		return;
	}
	memcpy(p->buf + p->len, s, n);
	p->len += n;
	p->buf[p->len] = '\0';
}

/* VALUE as an XPath string literal: in ' ', in " " when it holds a ', and
 * when it holds both, XPath's way: concat('a', "'", 'b"c') for a'b"c. */
static void path_literal(struct path *p, const char *value)
{
	const char *q = strchr(value, '\'') ? "\"" : "'", *at;

	if (!strchr(value, '\'') || !strchr(value, '"')) {
		path_put(p, q);
		path_put(p, value);
		path_put(p, q);
		return;
	}
	path_put(p, "concat(");
	for (at = value; *at; ) {
		size_t n = strcspn(at, "'");
		if (at != value)
			path_put(p, ", ");
		if (n == 0) {
			path_put(p, "\"'\"");
			at++;
			continue;
		}
		path_put(p, "'");
		path_putn(p, at, n);
		path_put(p, "'");
		at += n;
	}
	path_put(p, ")");
}

/* "/NAME", with [@KEY='VALUE'] when VALUE is a name (an XPath literal:
 * path_literal), or [INDEX] when INDEX is not 0. */
static void path_step(struct path *p, const char *name, const char *key, const char *value,
		      unsigned index)
{
	char num[24];
	size_t start = p->len;

	path_put(p, "/");
	path_put(p, name);
	if (key && value) {
		path_put(p, "[@");
		path_put(p, key);
		path_put(p, "=");
		path_literal(p, value);
		path_put(p, "]");
	} else if (index) {
		snprintf(num, sizeof num, "[%u]", index);
		path_put(p, num);
	}
	if (p->cut && p->len > start) {   /* a step is whole or not there: no [@name=''] */
		p->len = start;
		p->buf[start] = '\0';
	}
}

/* The attribute that tells an element ELEM from its siblings in a path. */
static const char *path_key(const char *elem)
{
	return strcmp(elem, "gazebo") == 0 ? "reference" : "name";
}

/* The place of IT among its link's items of its kind, from 1 (0: it was
 * left out). */
static unsigned item_index(const struct item *it)
{
	const struct item_list *l = it->kind == ITEM_VISUAL ? &it->source->visuals :
				    &it->source->collisions;
	const struct item *at;
	unsigned k = 1;

	/* Items are listed as they start: the one being read is the last. */
	if (l->last == it)
		return l->count;
	for (at = l->first; at; at = at->next, k++)
		if (at == it)
			return k;
	return 0;
}

/* The steps of the scope kinds (read_scopes' path). */
static void path_plain(struct path *p, const struct scope *s)
{
	path_step(p, read_scopes[s->kind].name, NULL, NULL, 0);
}

static void path_link(struct path *p, const struct scope *s)
{
	path_step(p, "link", "name", ((const struct link *)s->obj)->name, 0);
}

static void path_joint(struct path *p, const struct scope *s)
{
	path_step(p, "joint", "name", ((const struct joint *)s->obj)->name, 0);
}

static void path_material(struct path *p, const struct scope *s)
{
	path_step(p, "material", "name", ((const struct material *)s->obj)->name, 0);
}

static void path_item(struct path *p, const struct scope *s)
{
	const struct item *it = s->obj;

	path_step(p, read_scopes[s->kind].name, it->name ? "name" : NULL, it->name, item_index(it));
}

static void path_gazebo(struct path *p, const struct scope *s)
{
	const struct xnode *n = s->obj;
	const char *key = path_key(n->name);

	path_step(p, n->name, key, xnode_attr(n, key), 0);
}

/* Unknown or passed over: its name is known only at its start. */
static void path_ignored(struct path *p, const struct scope *s)
{
	(void)s;
	path_step(p, "*", NULL, NULL, 0);
}

/* ---- the tables --------------------------------------------------------- */

#define ROW(start, into, count) { start, into, count, 1 }
#define UNKNOWN ROW(unknown_child, IN_IGNORED, MANY)

/* What each child element of each scope kind is read as, as urdfdom reads
 * it.  The children of <robot> and <link> that urdfdom reads or knows (those
 * with no SDFormat meaning, transmission and ros2_control, are passed over
 * quietly) have rows; any other child of these and of the elements below is
 * not URDF (a typo, most often) and is ignored with a warning (UNKNOWN). */
const struct child_row read_children[SCOPE_KINDS][EL_COUNT] = {
	[IN_DOC][EL_ROBOT] = ROW(doc_robot, IN_ROBOT, MANY),

	[IN_ROBOT][EL_LINK] = ROW(robot_link, IN_LINK, MANY),
	[IN_ROBOT][EL_JOINT] = ROW(robot_joint, IN_JOINT, MANY),
	[IN_ROBOT][EL_MATERIAL] = ROW(robot_material, IN_MATERIAL, MANY),
	[IN_ROBOT][EL_GAZEBO] = ROW(robot_gazebo, IN_GAZEBO, MANY),
	[IN_ROBOT][EL_ORIGIN] = ROW(robot_origin, IN_IGNORED, MANY),   /* libsdformat's: warns itself */
	[IN_ROBOT][EL_TRANSMISSION] = ROW(NULL, IN_IGNORED, MANY),
	[IN_ROBOT][EL_ROS2_CONTROL] = ROW(robot_ros2_control, IN_IGNORED, MANY),

	[IN_LINK][EL_INERTIAL] = ROW(link_inertial, IN_INERTIAL, ONCE),
	[IN_LINK][EL_VISUAL] = ROW(link_visual, IN_VISUAL, MANY),
	[IN_LINK][EL_COLLISION] = ROW(link_collision, IN_COLLISION, MANY),
	[IN_LINK][EL_GAZEBO] = ROW(link_gazebo, IN_IGNORED, MANY),   /* a warning of its own */

	[IN_INERTIAL][EL_ORIGIN] = ROW(inertial_origin, IN_IGNORED, ONCE),
	[IN_INERTIAL][EL_MASS] = ROW(inertial_mass, IN_IGNORED, ONCE),
	[IN_INERTIAL][EL_INERTIA] = ROW(inertial_inertia, IN_IGNORED, ONCE),

	[IN_VISUAL][EL_ORIGIN] = ROW(item_origin, IN_IGNORED, ONCE),
	[IN_VISUAL][EL_GEOMETRY] = ROW(item_geometry, IN_GEOMETRY, ONCE),
	[IN_VISUAL][EL_MATERIAL] = ROW(visual_material, IN_VMATERIAL, ONCE),
	[IN_COLLISION][EL_ORIGIN] = ROW(item_origin, IN_IGNORED, ONCE),
	[IN_COLLISION][EL_GEOMETRY] = ROW(item_geometry, IN_GEOMETRY, ONCE),
	/* no meaning in URDF or SDFormat (xacro macros often give one) */
	[IN_COLLISION][EL_MATERIAL] = ROW(NULL, IN_IGNORED, ONCE),

	[IN_GEOMETRY][EL_BOX] = ROW(shape_box, IN_IGNORED, FIRST_CHILD),
	[IN_GEOMETRY][EL_CYLINDER] = ROW(shape_cylinder, IN_IGNORED, FIRST_CHILD),
	[IN_GEOMETRY][EL_SPHERE] = ROW(shape_sphere, IN_IGNORED, FIRST_CHILD),
	[IN_GEOMETRY][EL_MESH] = ROW(shape_mesh, IN_IGNORED, FIRST_CHILD),
	[IN_GEOMETRY][EL_CAPSULE] = ROW(shape_capsule, IN_IGNORED, FIRST_CHILD),

	[IN_MATERIAL][EL_COLOR] = ROW(material_color, IN_IGNORED, ONCE),
	[IN_MATERIAL][EL_TEXTURE] = ROW(material_texture, IN_IGNORED, ONCE),
	[IN_VMATERIAL][EL_COLOR] = ROW(material_color, IN_IGNORED, ONCE),
	[IN_VMATERIAL][EL_TEXTURE] = ROW(material_texture, IN_IGNORED, ONCE),

	[IN_JOINT][EL_ORIGIN] = ROW(joint_origin, IN_IGNORED, ONCE),
	[IN_JOINT][EL_PARENT] = ROW(joint_parent, IN_IGNORED, ONCE),
	[IN_JOINT][EL_CHILD] = ROW(joint_child, IN_IGNORED, ONCE),
	[IN_JOINT][EL_AXIS] = ROW(joint_axis, IN_IGNORED, ONCE),
	[IN_JOINT][EL_LIMIT] = ROW(joint_limit, IN_IGNORED, ONCE),
	[IN_JOINT][EL_DYNAMICS] = ROW(joint_dynamics, IN_IGNORED, ONCE),
	[IN_JOINT][EL_MIMIC] = ROW(joint_mimic, IN_IGNORED, ONCE),
	[IN_JOINT][EL_SAFETY_CONTROLLER] = ROW(joint_safety, IN_IGNORED, ONCE),
	[IN_JOINT][EL_CALIBRATION] = ROW(joint_calibration, IN_IGNORED, ONCE),
};

/* What each scope kind is.  Inside <gazebo> and what is ignored, names are
 * not URDF's: every child is read by `other`, without a look at its name. */
const struct scope_row read_scopes[SCOPE_KINDS] = {
	[IN_DOC] = { NULL, read_children[IN_DOC], ROW(doc_other, IN_IGNORED, MANY), NULL, NULL },
	[IN_ROBOT] = { "robot", read_children[IN_ROBOT], UNKNOWN, end_robot, path_plain },
	[IN_MATERIAL] = { "material", read_children[IN_MATERIAL], UNKNOWN, end_material, path_material },
	[IN_LINK] = { "link", read_children[IN_LINK], UNKNOWN, NULL, path_link },
	[IN_INERTIAL] = { "inertial", read_children[IN_INERTIAL], UNKNOWN, end_inertial, path_plain },
	[IN_VISUAL] = { "visual", read_children[IN_VISUAL], UNKNOWN, end_item, path_item },
	[IN_COLLISION] = { "collision", read_children[IN_COLLISION], UNKNOWN, end_item, path_item },
	[IN_GEOMETRY] = { "geometry", read_children[IN_GEOMETRY],
			  ROW(shape_unknown, IN_IGNORED, FIRST_CHILD), end_geometry, path_plain },
	[IN_VMATERIAL] = { "material", read_children[IN_VMATERIAL], UNKNOWN, NULL, path_material },
	[IN_JOINT] = { "joint", read_children[IN_JOINT], UNKNOWN, end_joint, path_joint },
	[IN_GAZEBO] = { NULL, NULL, ROW(gazebo_child, IN_GAZEBO, MANY), end_gazebo, path_gazebo },
	[IN_IGNORED] = { NULL, NULL, ROW(NULL, IN_IGNORED, MANY), NULL, path_ignored },
	[IN_ROS2_CONTROL] = { NULL, NULL, ROW(ros2_control_child, IN_IGNORED, MANY), NULL,
			      path_ignored },
	[IN_HARDWARE] = { NULL, NULL, ROW(hardware_child, IN_IGNORED, MANY), NULL, path_ignored },
	[IN_HW_PLUGIN] = { NULL, NULL, ROW(NULL, IN_IGNORED, MANY), end_hw_plugin, path_ignored },
};

/* A repeated child that is passed over. */
static const struct child_row passed_over = ROW(NULL, IN_IGNORED, MANY);

/* ---- the element start: one row of the table ---------------------------- */

static struct scope *push(struct reader *r, enum scope_kind kind, void *obj)
{
	struct scope *f;

	if (r->depth == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 64;
		r->stack = must(r->oom, talloc_realloc(r->ctx, r->stack, struct scope, r->cap));
	}
	f = &r->stack[r->depth++];
	f->kind = kind;
	f->cut = 0;
	f->obj = obj;
	f->seen_child = 0;
	return f;
}

/* Whether child NAME (EL) of the element of scope S, read COUNT times (ONCE
 * or FIRST_CHILD), is the first of its kind there.  A second one of a ONCE
 * child is warned of (the first counts, as in urdfdom). */
static int first_of_its_kind(struct reader *r, struct scope *s, enum child_count count,
			     enum urdf_elem el, const char *name)
{
	unsigned bit = count == ONCE ? SEEN_BIT(el) : SHAPE_SEEN;

	if (!(s->seen_child & bit)) {
		s->seen_child |= bit;
		return 1;
	}
	if (count == ONCE) {
		struct srcpos p = here(r);
		diag_warn(r->diag, D_ELEMENT_REPEATED, p.line, p.col, "a second <%s> in <%s> is ignored "
			  "(the first counts, as in urdfdom)", name, read_scopes[s->kind].name);
	}
	return 0;
}

static void start_element(struct reader *r, const XML_Char *name, const XML_Char **atts)
{
	struct scope *s = &r->stack[r->depth - 1];
	const struct scope_row *in = &read_scopes[s->kind];
	const struct child_row *row = &in->other;
	enum urdf_elem el = EL_OTHER;

	if (r->depth > MAX_DEPTH) {
		struct srcpos p = here(r);
		diag_error(r->diag, D_XML_TOO_DEEP, p.line, p.col, "elements nested deeper than %d levels", MAX_DEPTH);
		r->stopped = 1;
		XML_StopParser(r->parser, XML_FALSE);
		return;
	}
	if (in->children) {
		el = classify(name);
		if (in->children[el].known)
			row = &in->children[el];
	}
	if (row->count != MANY && !first_of_its_kind(r, s, row->count, el, name))
		row = &passed_over;
	s = push(r, row->into, NULL);
	if (row->start)
		row->start(r, s, atts);
}

static void XMLCALL on_start(void *arg, const XML_Char *name, const XML_Char **atts)
{
	struct reader *r = arg;

	r->starting = name;
	r->starting_atts = atts;
	r->starting_depth = r->depth;
	start_element(r, name, atts);
	r->starting = NULL;
}

/* diag's path_fn while a file is read: the open elements, and the one
 * whose start is being handled (its scope, while it has no node yet, is
 * told by the name and attributes). */
static size_t reader_path(void *arg, char *buf, size_t size)
{
	struct reader *r = arg;
	struct path p = { buf, size, 0, 0 };
	unsigned i;

	if (size == 0 || r->synthetic_root)
		return 0;
	buf[0] = '\0';
	for (i = 1; i < r->depth; i++) {
		const struct scope *s = &r->stack[i];
		if (r->starting && i == r->starting_depth && !s->obj)
			break;
		read_scopes[s->kind].path(&p, s);
	}
	if (r->starting && i == r->starting_depth)
		path_step(&p, r->starting, path_key(r->starting),
			  attr(r->starting_atts, path_key(r->starting)), 0);
	return p.len;
}

static void XMLCALL on_end(void *arg, const XML_Char *name)
{
	struct reader *r = arg;
	struct scope *s = &r->stack[r->depth - 1];
	void (*end)(struct reader *, struct scope *) = read_scopes[s->kind].end;

	(void)name;
	if (end)
		end(r, s);
	r->depth--;
}

/* LEN bytes at S after the text read so far. */
static inline void text_append(struct reader *r, const XML_Char *s, int len)
{
	if (r->textlen + (size_t)len + 1 > r->textcap) {
		size_t cap = r->textcap ? r->textcap : 256;
		while (cap < r->textlen + (size_t)len + 1)
			cap *= 2;
		r->text = must(r->oom, talloc_realloc(r->ctx, r->text, char, cap));
		r->textcap = cap;
	}
	memcpy(r->text + r->textlen, s, (size_t)len);
	r->textlen += (size_t)len;
}

static void XMLCALL on_text(void *arg, const XML_Char *s, int len)
{
	struct reader *r = arg;

	if (r->stack[r->depth - 1].kind == IN_GAZEBO)
		text_append(r, s, len);
}

/* The text of a hardware <plugin> (not of elements inside it). */
static void XMLCALL on_plugin_text(void *arg, const XML_Char *s, int len)
{
	struct reader *r = arg;

	if (r->stack[r->depth - 1].kind == IN_HW_PLUGIN)
		text_append(r, s, len);
}

/* ---- entities ---------------------------------------------------------- */

/* No file or URL named by the input is ever read: a reference to an
 * external entity is an error, not an empty text. */
static int XMLCALL on_external_entity(XML_Parser parser, const XML_Char *context,
				      const XML_Char *base, const XML_Char *system_id,
				      const XML_Char *public_id)
{
	struct reader *r = XML_GetUserData(parser);
	struct srcpos p = here(r);
	char buf[DIAG_EXCERPT + 4];

	(void)context, (void)base, (void)public_id;
	diag_error(r->diag, D_XML_EXTERNAL_ENTITY, p.line, p.col, "external entity '%s' is not read "
		   "(u2s reads no file or URL that its input names)",
		   diag_excerpt(buf, system_id ? system_id : ""));
	return XML_STATUS_OK;
}

/* Expat skips a reference to an entity it has no declaration of when the
 * declaration may be in an external DTD or parameter entity, neither of
 * which u2s reads. */
static void XMLCALL on_skipped_entity(void *arg, const XML_Char *name, int is_parameter)
{
	struct reader *r = arg;
	struct srcpos p = here(r);
	char buf[DIAG_EXCERPT + 4];

	diag_error(r->diag, D_XML_UNDEFINED_ENTITY, p.line, p.col, "entity '%s%s;' is not defined "
		   "(u2s reads no external DTD or parameter entity)", is_parameter ? "%" : "&",
		   diag_excerpt(buf, name));
}

/* ---- the read loop ------------------------------------------------------ */

static int malformed(struct reader *r)
{
	if (XML_GetErrorCode(r->parser) == XML_ERROR_NO_MEMORY)
		oom(r->oom);
	if (!r->stopped) {
		struct srcpos p = here(r);
		diag_error(r->diag, D_XML_MALFORMED, p.line, p.col, "malformed XML: %s",
			   XML_ErrorString(XML_GetErrorCode(r->parser)));
	}
	return U2S_REJECTED;
}

/* keep_source: the N bytes at BUF after the input kept so far (in one
 * buffer that doubles: linear).  At the end (N 0), the robot's. */
static void keep_chunk(struct reader *r, const void *buf, size_t n)
{
	if (n > r->kept_cap - r->kept_len) {
		size_t cap = r->kept_cap ? r->kept_cap : READ_CHUNK;
		while (cap - r->kept_len < n)
			cap *= 2;
		r->kept = must(r->oom, talloc_realloc(r->robot, r->kept, char, cap));
		r->kept_cap = cap;
	}
	if (n)
		memcpy(r->kept + r->kept_len, buf, n);
	r->kept_len += n;
	if (n == 0) {
		r->robot->source.bytes = r->kept ? r->kept : "";
		r->robot->source.len = r->kept_len;
	}
}

static int read_failed(struct reader *r)
{
	diag_error(r->diag, D_READ_FAILED, 0, 0, "cannot read input: %s", strerror(errno));
	return U2S_IO;
}

/* Inputs up to this size are parsed as one final buffer, whose positions
 * the reader counts (count_to); larger ones in READ_CHUNK pieces.  Expat
 * counts lines and columns over every byte of a buffer that is not the
 * final one (a tenth of its work), so one final buffer saves that; but it
 * holds the input in memory beside the model, and a big input is read in
 * chunks so that memory stays within twice the input (scripts/bench): the
 * bound keeps that copy small, 4 MiB (a robot of 3,000 links; each half
 * of a split file counts on its own). */
#define WHOLE_MAX (4 * 1024 * 1024)
/* A range of a file of two pieces or more (a half of a big file,
 * read_split.c) is parsed in pieces of about PIECE_SIZE bytes, each one
 * final buffer of the parser, reset for it, so that the reader counts
 * its positions, and no copy of the range is held: each piece is cut
 * before a line that starts a child of <robot>, as the halves are
 * (reader_find_cut), and read as "<robot>", its bytes and "</robot>".  A
 * cut in the wrong place leaves a piece that does not parse (it ends
 * inside what the cut split), and the file is then read as one stream.
 * At 100k links it took 14% off the CPU time and 7% off the wall time
 * (farm-bench, paired with the chunks). */
#ifndef PIECE_SIZE
#define PIECE_SIZE (2 * 1024 * 1024)
#endif
long long read_piece_size = PIECE_SIZE;
#define CUT_WINDOW (64 * 1024)   /* looked through for a cut, a few times */

/* The rest of FD, when it is a regular file of less than WHOLE_MAX bytes
 * more, read into one buffer of expat's and parsed as the final one:
 * returns 1 and *RC.  Else 0: FD is no such file, or it grew while it was
 * read (what was read is then parsed, and the caller reads on). */
static int feed_whole(struct reader *r, int fd, int *rc)
{
	struct stat st;
	off_t at;
	size_t want, got = 0;
	char *buf;

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (at = lseek(fd, 0, SEEK_CUR)) < 0 ||
	    st.st_size < at || st.st_size - at >= WHOLE_MAX)
		return 0;
	want = (size_t)(st.st_size - at) + 1;   /* one more: a file that grew shows */
	buf = must(r->oom, XML_GetBuffer(r->parser, (int)want));
	while (got < want) {
		ssize_t n = read(fd, buf + got, want - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return *rc = read_failed(r), 1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	if (r->keep_source)
		keep_chunk(r, buf, got);
	if (got == want) {
		if (XML_ParseBuffer(r->parser, (int)got, 0) == XML_STATUS_ERROR)
			return *rc = malformed(r), 1;
		return 0;
	}
	if (r->keep_source)
		keep_chunk(r, buf, 0);
	count_positions_in(r, buf, got);
	*rc = XML_ParseBuffer(r->parser, (int)got, 1) == XML_STATUS_ERROR ? malformed(r) : U2S_OK;
	return 1;
}

int reader_feed_fd(struct reader *r, int fd)
{
	int rc;

	if (feed_whole(r, fd, &rc))
		return rc;
	for (;;) {
		void *buf = must(r->oom, XML_GetBuffer(r->parser, READ_CHUNK));
		ssize_t n = read(fd, buf, READ_CHUNK);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return read_failed(r);
		}
		if (r->keep_source)
			keep_chunk(r, buf, (size_t)n);
		if (XML_ParseBuffer(r->parser, (int)n, n == 0) == XML_STATUS_ERROR)
			return malformed(r);
		if (n == 0)
			return U2S_OK;
	}
}

/* The parser is freed with the talloc context that holds its handle, also
 * when running out of memory ends the conversion in the middle of a parse. */
static int free_parser(XML_Parser *p)
{
	XML_ParserFree(*p);
	return 0;
}

/* The parser's settings and handlers: on a new parser, and on one reset
 * for the next piece of a range (XML_ParserReset clears them). */
static void parser_setup(struct reader *r)
{
	/* Never fetch external entities or DTDs.  Entity expansion is bounded
	 * by expat's billion-laughs protection, on by default (configure
	 * requires an expat that has it). */
	XML_SetParamEntityParsing(r->parser, XML_PARAM_ENTITY_PARSING_NEVER);
	XML_SetExternalEntityRefHandler(r->parser, on_external_entity);
	XML_SetSkippedEntityHandler(r->parser, on_skipped_entity);
	XML_SetUserData(r->parser, r);
	XML_SetElementHandler(r->parser, on_start, on_end);
	XML_SetXmlDeclHandler(r->parser, on_xml_decl);
}

void reader_init(struct reader *r, TALLOC_CTX *ctx, oom_jump *jump, struct diag *d)
{
	memset(r, 0, sizeof *r);
	r->ctx = ctx;
	r->oom = jump;
	r->diag = d;
	r->robot = robot_new(ctx, jump);
	r->arena = &r->robot->arena;
	r->pool = index_new(ctx, jump);
	r->parser_handle = must(jump, talloc(ctx, XML_Parser));
	r->parser = XML_ParserCreate(NULL);
	if (!r->parser)
		oom(jump);
	*r->parser_handle = r->parser;
	talloc_set_destructor(r->parser_handle, free_parser);
	parser_setup(r);
	push(r, IN_DOC, NULL);
	d->path_fn = reader_path;
	d->path_arg = r;
}

void reader_free(struct reader *r)
{
	if (r->diag && r->diag->path_arg == r)
		r->diag->path_fn = NULL, r->diag->path_arg = NULL;
	talloc_free(r->parser_handle);
	talloc_free(r->stack);
	talloc_free(r->text);
	talloc_free(r->pool);
}

/* Bytes FROM..TO of FD into the parser, each chunk read into expat's own
 * buffer, or, when the input is kept (keep_at), into the kept bytes and
 * parsed from there. */
static int feed_range(struct reader *r, int fd, off_t from, off_t to)
{
	char *at = r->keep_at;

	while (from < to) {
		size_t want = to - from < READ_CHUNK ? (size_t)(to - from) : READ_CHUNK;
		char *buf = at ? at : must(r->oom, XML_GetBuffer(r->parser, (int)want));
		ssize_t n = pread(fd, buf, want, from);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return U2S_IO;   /* the file changed under us: read it as a stream */
		from += n;
		if ((at ? XML_Parse(r->parser, at, (int)n, 0) :
		     XML_ParseBuffer(r->parser, (int)n, 0)) == XML_STATUS_ERROR)
			return malformed(r);
		if (at)
			at += n;
	}
	return U2S_OK;
}

/* Bytes FROM..TO of FD, then AFTER, read into one buffer of expat's and
 * parsed as the final one, whose positions the reader counts (count_to)
 * when BEFORE, parsed already, ends a line.  Returns U2S_OK, U2S_REJECTED
 * or U2S_IO. */
static int feed_range_whole(struct reader *r, int fd, off_t from, off_t to,
			    const char *before, const char *after)
{
	size_t len = (size_t)(to - from), more = strlen(after), got = 0, blen = strlen(before);
	char *buf = must(r->oom, XML_GetBuffer(r->parser, (int)(len + more)));
	const char *c;

	while (got < len) {
		ssize_t n = pread(fd, buf + got, len - got, from + (off_t)got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return U2S_IO;   /* the file changed under us: read it as a stream */
		got += (size_t)n;
	}
	memcpy(buf + len, after, more);
	if (blen == 0 || (before[blen - 1] == '\n' && !strchr(before, '\r'))) {
		count_positions_in(r, buf, len + more);
		r->doc_base = (long long)blen;
		for (c = before; (c = strchr(c, '\n')) != NULL; c++)
			r->count.line++;   /* expat's line where BUF starts */
	}
	return XML_ParseBuffer(r->parser, (int)(len + more), 1) == XML_STATUS_ERROR ?
	       malformed(r) : U2S_OK;
}

/* Whether S (N bytes) starts a <link>, <joint> or <gazebo> element: the
 * children of <robot> a cut may come before.  (<joint> also appears in
 * <transmission>, and <material> in <visual>: see reader_find_cut.) */
static int starts_robot_child(const char *s, size_t n)
{
	static const char *const tags[] = { "<link", "<joint", "<gazebo" };
	size_t i, len;

	for (i = 0; i < sizeof tags / sizeof tags[0]; i++) {
		len = strlen(tags[i]);
		if (n > len && memcmp(s, tags[i], len) == 0 &&
		    (s[len] == ' ' || s[len] == '\t' || s[len] == '\n' || s[len] == '>'))
			return 1;
	}
	return 0;
}

off_t reader_find_cut(int fd, off_t at, off_t to, long indent)
{
	char buf[CUT_WINDOW];
	off_t best = -1;
	size_t best_indent = (size_t)-1;
	int tries;

	for (tries = 0; tries < 4 && at < to && best < 0; tries++) {
		ssize_t n = pread(fd, buf, sizeof buf, at);
		const char *p = buf, *end;
		if (n <= 0)
			return -1;
		end = buf + n;
		while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
			const char *q = ++p;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if ((indent < 0 ? (size_t)(q - p) < best_indent : q - p == indent) &&
			    starts_robot_child(q, (size_t)(end - q)) && at + (p - buf) < to) {
				best = at + (p - buf);
				best_indent = (size_t)(q - p);
				if (indent >= 0)
					break;
			}
		}
		at += n - 64;   /* overlap: a tag cut by the window's end is seen whole */
	}
	return best;
}

/* The blanks that indent the line at FROM, or -1 when it cannot be read or
 * is not a child of <robot> as reader_find_cut finds them. */
long reader_indent_at(int fd, off_t from)
{
	char buf[256];
	ssize_t n = pread(fd, buf, sizeof buf, from);
	long i = 0;

	while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	return n > 0 && starts_robot_child(buf + i, (size_t)(n - i)) ? i : -1;
}

/* Where the piece of FROM..TO that starts at FROM ends: TO when the rest
 * is less than two pieces of SIZE, else a cut after SIZE bytes, or -1
 * when none is found there.  A piece that starts at a child of <robot>
 * (every piece but a file's first) has the next cut looked for at that
 * child's indentation, which commented-out elements set off to the margin
 * do not have; the file's first, at the least indentation. */
off_t reader_piece_end(int fd, off_t from, off_t to, off_t size)
{
	return to - from < 2 * size ? to : reader_find_cut(fd, from + size, to, reader_indent_at(fd, from));
}

static off_t piece_end(int fd, off_t from, off_t to)
{
	return reader_piece_end(fd, from, to, (off_t)read_piece_size);
}

/* The parser made ready for the piece after one that ended at line LINE
 * of the file: its "<robot>" and its bytes are read as a file's next
 * lines.  Returns U2S_OK or U2S_REJECTED. */
static int next_piece(struct reader *r, unsigned long line, const char *before)
{
	if (XML_ParserReset(r->parser, NULL) != XML_TRUE)
		oom(r->oom);
	parser_setup(r);
	if (r->utf8_forced && XML_SetEncoding(r->parser, "UTF-8") != XML_STATUS_OK)
		oom(r->oom);
	r->doc = NULL;   /* expat counts BEFORE, then the piece is counted */
	r->synthetic_root = 1;
	r->line_offset = line - 2;
	if (XML_Parse(r->parser, before, (int)strlen(before), 0) == XML_STATUS_ERROR)
		return malformed(r);
	return U2S_OK;
}

int reader_feed_range(struct reader *r, int fd, off_t from, off_t to,
		      const char *before, const char *after)
{
	static const char piece_before[] = "<robot>\n", piece_after[] = "</robot>";
	int rc;

	if (XML_Parse(r->parser, before, (int)strlen(before), 0) == XML_STATUS_ERROR)
		return malformed(r);
	while (!r->keep_at && to > from) {
		off_t end = piece_end(fd, from, to);
		size_t len;

		if (end < 0)
			break;   /* the rest in chunks, as one piece */
		rc = feed_range_whole(r, fd, from, end, before, end == to ? after : piece_after);
		if (rc != U2S_OK)
			return rc;
		/* MORE's bytes follow as pieces (AFTER is then PIECE_AFTER) */
		if (end == to && (!r->more || (to = r->more(r->more_arg, end)) <= end))
			return rc;
		/* The next piece's lines follow this one's, counted by the
		 * reader: never by expat, which counts from each piece's start. */
		len = (size_t)(end - from);
		if (!r->doc || r->counted > len)
			return U2S_IO;   /* cannot be told: read the file as a stream */
		count_to(r, len);
		if ((rc = next_piece(r, r->count.line + r->line_offset, piece_before)) != U2S_OK)
			return rc;
		before = piece_before;
		from = end;
	}
	if ((rc = feed_range(r, fd, from, to)) != U2S_OK)
		return rc;
	if (XML_Parse(r->parser, after, (int)strlen(after), 1) == XML_STATUS_ERROR)
		return malformed(r);
	return U2S_OK;
}

/* Expat takes an int length: memory is fed whole up to WHOLE_MAX (its
 * positions counted by the reader), else in READ_CHUNK pieces, the last
 * one (maybe empty) marked final. */
int reader_feed_mem(struct reader *r, const char *p, size_t n)
{
	if (n < WHOLE_MAX) {
		count_positions_in(r, p, n);
		return XML_Parse(r->parser, p, (int)n, 1) == XML_STATUS_ERROR ? malformed(r) : U2S_OK;
	}
	for (;;) {
		int chunk = n > READ_CHUNK ? READ_CHUNK : (int)n;

		if (XML_Parse(r->parser, p, chunk, (size_t)chunk == n) == XML_STATUS_ERROR)
			return malformed(r);
		if ((size_t)chunk == n)
			return U2S_OK;
		p += chunk;
		n -= (size_t)chunk;
	}
}
