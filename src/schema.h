/* schema: the SDFormat element descriptions, as libsdformat's reader uses
 * them on what users write inside <gazebo> blocks.
 *
 * libsdformat reads every blob it inserts through the description of the
 * element it lands in: a required child that is missing is added with its
 * default value (and, in turn, its own required children), and an
 * attribute the element does not have is dropped.  u2s does the same from
 * the same descriptions (tests/spec/sdf-schema/VERSION), turned into
 * tables by scripts/gen-schema (src/schema_data.c, generated): the output
 * then says what it means without the schema at hand, and holds nothing
 * a reader of that version would drop. */
#ifndef U2S_SCHEMA_H
#define U2S_SCHEMA_H

/* How often a child may appear (the descriptions' required="..."). */
enum schema_required {
	SCHEMA_OPTIONAL,     /* "0" */
	SCHEMA_ONE,          /* "1": added when missing, and in added elements */
	SCHEMA_SOME,         /* "+": added when missing (not in added elements) */
	SCHEMA_ANY,          /* "*" */
	SCHEMA_DEPRECATED    /* "-1" */
};

/* What a reader makes of an element's or attribute's text (libsdformat's
 * Param): these types are converted, the rest is kept as text.  Those up
 * to SCHEMA_COLOR are also written as read (blob.c); the vectors, poses
 * and times are only checked.  SCHEMA_TEXT: no value described (an
 * element of elements), or an attribute's string; SCHEMA_STRING: an
 * element's string value, which a reader requires where it is
 * required="1". */
enum schema_type {
	SCHEMA_TEXT, SCHEMA_BOOL, SCHEMA_INT, SCHEMA_UINT, SCHEMA_UINT64,
	SCHEMA_DOUBLE, SCHEMA_FLOAT, SCHEMA_COLOR,
	SCHEMA_POSE, SCHEMA_VECTOR3, SCHEMA_VECTOR2D, SCHEMA_TIME, SCHEMA_STRING
};

struct schema_attr {
	const char *name, *dflt;
	int required;
	enum schema_type type;
	const char *min, *max;       /* the description's range; NULL: none */
};

struct schema_child {
	unsigned short elem;                /* in schema.elems */
	enum schema_required required;      /* in this place */
};

struct schema_elem {
	const char *name;
	const char *dflt;            /* an added element's text; NULL: none */
	int any_children;            /* anything may be inside (a plugin) */
	unsigned short child0, nchildren;
	unsigned short attr0, nattrs;
	enum schema_type type;       /* of its text */
	const char *min, *max;       /* the description's range; NULL: none */
};

/* A description (link.sdf: "link") and its top element, in the
 * versions FIRST to LAST (struct schema.index). */
struct schema_file {
	const char *name;
	unsigned short top;          /* in schema.elems */
	unsigned short first, last;
};

/* A version's descriptions.  The tables of elements, children, attributes
 * and files are shared by the versions: an element described alike in two
 * is one row. */
struct schema {
	const char *version;
	unsigned index;                      /* of the version, in FILES' spans */
	const struct schema_elem *elems;
	const struct schema_child *children;
	const struct schema_attr *attrs;
	const struct schema_file *files;     /* in name order */
	unsigned nfiles;
};
/* The descriptions of version MAJOR.MINOR are SCHEMA_MAJOR_MINOR (in
 * src/schema_data.c, one per folder of tests/spec/sdf-schema), declared by
 * the table of versions (target.c), the one place they are named. */

/* The top element of description FILE ("link", "joint", "model",
 * "visual", "collision"), or NULL. */
const struct schema_elem *schema_file(const struct schema *s, const char *file);
/* E's child NAME, or NULL when E does not describe one; *REQUIRED is set
 * when not NULL. */
const struct schema_elem *schema_child(const struct schema *s, const struct schema_elem *e,
				       const char *name, enum schema_required *required);
/* E's attribute NAME, or NULL. */
const struct schema_attr *schema_attr(const struct schema *s, const struct schema_elem *e,
				      const char *name);

/* ---- values: what libsdformat's Param makes of a text --------------------- */

/* A reader's verdict on a value (Param::SetFromString and ValidateValue). */
enum schema_verdict {
	SCHEMA_VALUE_OK,
	SCHEMA_VALUE_BAD,    /* not of its type (or out of the type's range) */
	SCHEMA_VALUE_LOW,    /* below the description's min */
	SCHEMA_VALUE_HIGH    /* above its max */
};

/* TEXT as a reader of TYPE reads it, checked against MIN and MAX (the
 * description's, either NULL): blanks around it are trimmed (blank text
 * is the caller's: the reader keeps the default); scalars as std::stoi,
 * stoul, stod, stof (a subnormal or overflowing number is out of range,
 * as std::stod throws), then compared with MIN and MAX in the type (a NaN
 * passes, as the comparisons are false); vectors and times as an
 * istream reads them (the first 3, 2 or 2 numbers, no inf or nan);
 * poses as 6 numbers each read by std::stod, finite (POSE_VALUES: 7 for
 * rotation_format quat_xyzw).  Colours, booleans and text are OK here
 * (blob.c reads them).  Ranges apply to the scalar types only. */
enum schema_verdict schema_check(enum schema_type type, const char *text, const char *min,
				 const char *max, unsigned pose_values);
/* schema_check()'s verdict on the text of V for a SCHEMA_DOUBLE, without
 * making the text: the shortest text of a finite V that is 0 or normal
 * reads back as V (see num_format), so only the bounds are read.  Other
 * values (subnormal, NaN, infinite) are checked on their text:
 * SCHEMA_VALUE_BAD here means "not known, ask schema_check". */
enum schema_verdict schema_check_double(double v, const char *min, const char *max);

#endif
