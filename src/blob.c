/* blob: <gazebo> blobs read through the output version's schema (blob.h). */
#include "blob.h"

#include "index.h"
#include "num.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Descriptions nest (a model holds models), blobs may nest deeper than any
 * robot needs: below this depth elements are kept as they are. */
#define FILL_DEPTH_MAX 64

struct filler {
	struct robot *rb;
	struct diag *d;
	const struct schema *s;
	/* Names that model-level blobs give (<link>, <joint>, <frame>,
	 * <model>), to the blob: frames of the output too. */
	struct index *blob_names;
	struct index *gone;   /* of those, the names left out */
	int fix;              /* --repair: values no reader takes become defaults */
	/* --repair: the element being filled that goes, with what needs it
	 * (NULL: none); REMOVABLE: the nearest element, N or above, that a
	 * reader does not add back when it is missing (required="0" or "*"
	 * where it is, or the blob itself) */
	struct xnode *remove, *removable;
};

int blob_names_a_frame(const struct xnode *b)
{
	return !strcmp(b->name, "link") || !strcmp(b->name, "joint") ||
	       !strcmp(b->name, "frame") || !strcmp(b->name, "model");
}

static void index_blob_names(struct filler *f)
{
	const struct ext_ref *r;
	unsigned i;

	f->blob_names = index_new(f->rb, f->rb->oom);
	f->gone = index_new(f->rb, f->rb->oom);
	for (r = f->rb->model_exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++) {
			struct xnode *b = r->ext->blobs.v[i];
			const char *name = xnode_attr(b, "name");
			if (name && name[0] && blob_names_a_frame(b))
				index_put(f->blob_names, name, b);
		}
}

/* A name in a nested scope (a::b) is the nested model's to resolve. */
static int scoped(const char *name)
{
	return strstr(name, "::") != NULL;
}

/* Whether NAME is a frame the output has: a link, joint or frame written,
 * one a model-level blob gives, or the model's own. */
/* The link or joint NAME names now: a name --repair changed stays a key
 * of the index, but names nothing any more. */
static const struct link *link_now(const struct filler *f, const char *name)
{
	const struct link *l = index_get(f->rb->link_index, name);

	return l && !strcmp(l->name, name) ? l : NULL;
}

static const struct joint *joint_now(const struct filler *f, const char *name)
{
	const struct joint *j = index_get(f->rb->joint_index, name);

	return j && !strcmp(j->name, name) ? j : NULL;
}

static int frame_written(const struct filler *f, const char *name)
{
	const struct link *l = link_now(f, name);
	const struct joint *j = joint_now(f, name);

	if (strcmp(name, "__model__") == 0 || scoped(name) ||
	    (index_get(f->blob_names, name) && !index_get(f->gone, name)))
		return 1;
	return (l && link_named_in_output(l)) || (j && joint_named_in_output(j));
}

/* Whether NAME is a link a <joint> blob may connect: a link written, one
 * a model-level blob gives, or the world. */
static int link_written(const struct filler *f, const char *name)
{
	const struct link *l = link_now(f, name);
	const struct xnode *b = index_get(f->blob_names, name);

	if (strcmp(name, "world") == 0 || scoped(name))
		return 1;
	if (b && !strcmp(b->name, "link") && !index_get(f->gone, name))
		return 1;
	return l && l->fate == LINK_WRITTEN;
}

static void drop_attr_at(struct xnode *n, unsigned i)
{
	memmove(&n->attrs[i], &n->attrs[i + 1], (n->nattrs - i - 1) * sizeof *n->attrs);
	n->nattrs--;
}

/* <pose frame="F">: SDFormat 1.6's spelling of relative_to, which later
 * readers drop (the pose then means another place).  Written as
 * relative_to when F is a frame of the output; kept out, with a warning,
 * when it is not (or relative_to is given too); an empty F is no frame. */
static void old_pose_frame(struct filler *f, struct xnode *pose, unsigned i)
{
	const char *frame = pose->attrs[i].value;
	char buf[DIAG_EXCERPT + 4];

	drop_attr_at(pose, i);
	if (frame[0] == '\0')
		return;
	if (xnode_attr(pose, "relative_to"))
		diag_warn(f->d, D_BLOB_POSE_TWO_FRAMES, pose->pos.line, pose->pos.col, "<pose> has both frame='%s' and "
			  "relative_to; frame is dropped", diag_excerpt(buf, frame));
	else if (frame_written(f, frame))
		xnode_set_attr(pose, "relative_to", frame);
	else
		diag_warn(f->d, D_BLOB_POSE_FRAME_UNKNOWN, pose->pos.line, pose->pos.col, "<pose frame='%s'> names no link, "
			  "joint or frame of the output; dropped, so the pose is taken relative "
			  "to the element's parent", diag_excerpt(buf, frame));
}

/* ---- typed values -------------------------------------------------------- */

/* A typed value as a reader of the output reads it (libsdformat's Param:
 * the text trimmed, "true"/"false" taken as 1/0 by the number types, then
 * std::stoi, stoul, stod or stof, which read the longest number at the
 * start; "0x" makes the integers hexadecimal). */
struct typed {
	const char *text;   /* what to write: the value read, in its own form */
	int changed;        /* the text said something else (a fraction cut, a
			     * sign wrapped, words after the number) */
};

/* Whether T, read whole as a decimal, is V: then reading it as V changed
 * nothing ("640.0" as the integer 640). */
static int means(const char *t, double v)
{
	double whole;

	return num_parse(t, &whole) == 0 && whole == v;
}

static int read_integer_value(struct arena *a, enum schema_type type, const char *t,
			      struct typed *out)
{
	int base = t[0] == '0' && (t[1] | 0x20) == 'x' ? 16 : 10;
	char buf[NUM_BUFSZ];
	unsigned long long u = 0;
	long i = 0, len;
	double v;

	if (type == SCHEMA_INT)
		len = num_read_stoi(t, base, &i), v = (double)i;
	else
		len = num_read_stoul(t, base, &u);
	if (len <= 0)
		return -1;
	if (type == SCHEMA_UINT)
		u &= 0xffffffffull;   /* the reader keeps an unsigned int */
	if (type != SCHEMA_INT) {
		snprintf(buf, sizeof buf, "%llu", u);
		v = (double)u;
	} else {
		buf[num_format_long(i, buf)] = '\0';
	}
	out->text = arena_strdup(a, buf);
	out->changed = !means(t, v) && (t[len] != '\0' || t[0] == '-' || strcmp(buf, t + (t[0] == '+')));
	if (base == 16 && t[len] == '\0')
		out->changed = 0;
	return 0;
}

static int read_real_value(struct arena *a, enum schema_type type, const char *t,
			   struct typed *out)
{
	char buf[NUM_BUFSZ];
	double v;
	long len = num_read_stod(t, &v);

	if (len <= 0 || (type == SCHEMA_FLOAT && isfinite(v) && fabs(v) > FLT_MAX))
		return -1;   /* no number, or out of the type's range */
	if (type == SCHEMA_FLOAT)
		num_format_float_shortest((float)v, buf);
	else
		num_format(v, buf);
	out->text = arena_strdup(a, buf);
	out->changed = t[len] != '\0';
	return 0;
}

/* A colour: three or four numbers in [0, 1], each read as std::stof reads
 * it; three get an alpha of 1. */
static int read_colour(struct arena *a, const char *t, struct typed *out)
{
	char buf[4 * NUM_BUFSZ + 4];
	size_t len = 0;
	int n = 0;

	while (*t) {
		double v;
		long used;
		while (xnode_is_blank(*t))
			t++;
		if (!*t)
			break;
		used = num_read_stod(t, &v);
		if (used <= 0 || n == 4 || !(v >= 0 && v <= 1))
			return -1;
		if (t[used] && !xnode_is_blank(t[used]))
			out->changed = 1;   /* "0.5x": the token's number */
		while (*t && !xnode_is_blank(*t))
			t++;
		if (n++)
			buf[len++] = ' ';
		len += num_format_float_shortest((float)v, buf + len);
	}
	if (n < 3)
		return -1;
	if (n == 3)
		len += (size_t)sprintf(buf + len, " 1");
	if (n == 3 || out->changed)
		out->text = arena_strndup(a, buf, len);
	return 0;
}

/* TEXT of TYPE as the reader reads it into *OUT; 0, or -1 when it refuses
 * the text.  Text that already says its value exactly is kept. */
static int read_typed(struct arena *a, enum schema_type type, const char *text, struct typed *out)
{
	const char *t = xnode_trimmed(a, text);
	int is_true = !strcasecmp(t, "true"), is_false = !strcasecmp(t, "false");
	double v;
	long i;

	out->text = text;
	out->changed = 0;
	if (type == SCHEMA_BOOL) {
		if (is_true || is_false || !strcmp(t, "1") || !strcmp(t, "0")) {
			if (strcmp(t, "true") && strcmp(t, "false") && strcmp(t, "1") && strcmp(t, "0"))
				out->text = is_true ? "true" : "false";
			return 0;
		}
		return -1;
	}
	if (type == SCHEMA_COLOR)
		return read_colour(a, t, out);
	if (is_true || is_false)
		t = is_true ? "1" : "0";
	switch (type) {
	case SCHEMA_DOUBLE:
	case SCHEMA_FLOAT:
		if (num_parse(t, &v) == 0 && (type == SCHEMA_DOUBLE || fabs(v) <= FLT_MAX))
			return out->text = t, 0;
		return read_real_value(a, type, t, out);
	case SCHEMA_INT:
		if (num_parse_int(t, &i) == 0 && i >= -2147483647L - 1 && i <= 2147483647L)
			return out->text = t, 0;
		return read_integer_value(a, type, t, out);
	case SCHEMA_UINT:
	case SCHEMA_UINT64:
		if (num_parse_int(t, &i) == 0 && i >= 0 && (type == SCHEMA_UINT64 || i <= 4294967295L))
			return out->text = t, 0;
		return read_integer_value(a, type, t, out);
	default:
		return 0;
	}
}

static const char *type_words(enum schema_type type)
{
	switch (type) {
	case SCHEMA_BOOL: return "true or false";
	case SCHEMA_INT: return "an integer";
	case SCHEMA_UINT: case SCHEMA_UINT64: return "an unsigned integer";
	case SCHEMA_COLOR: return "a colour (3 or 4 numbers in [0, 1])";
	case SCHEMA_POSE: return "a pose (6 numbers, 7 for quat_xyzw)";
	case SCHEMA_VECTOR3: return "a vector of 3 numbers";
	case SCHEMA_VECTOR2D: return "a vector of 2 numbers";
	case SCHEMA_TIME: return "a time (2 integers)";
	default: return "a number";
	}
}

/* "<NAME>", or "<NAME ATTR>": what a message about a value names. */
static const char *value_name(char what[DIAG_EXCERPT + 32], const struct xnode *n, const char *attr)
{
	if (attr)
		snprintf(what, DIAG_EXCERPT + 32, "<%.40s %.40s>", n->name, attr);
	else
		snprintf(what, DIAG_EXCERPT + 32, "<%.60s>", n->name);
	return what;
}

/* How many numbers pose N holds for a reader (its rotation_format), or 0
 * when the reader refuses its attributes (an unknown format, degrees of
 * a quaternion). */
static unsigned pose_values(const struct xnode *n)
{
	const char *format = xnode_attr(n, "rotation_format");
	const char *degrees = xnode_attr(n, "degrees");
	int quat = format && !strcmp(xnode_trimmed(n->arena, format), "quat_xyzw");

	if (format && !quat && strcmp(xnode_trimmed(n->arena, format), "euler_rpy"))
		return 0;
	if (quat && degrees && !strcasecmp(xnode_trimmed(n->arena, degrees), "true"))
		return 0;
	return quat ? 7 : 6;
}

/* A value's type and range, from an element's or attribute's description. */
struct value_desc {
	enum schema_type type;
	const char *dflt, *min, *max;
};

/* The reader's verdict on TEXT, a value of N described by V: the type's
 * reading (schema_check), then, for the types written as read, blob's
 * own reading into *OUT. */
static enum schema_verdict judge(const struct xnode *n, const char *attr,
				 const struct value_desc *v, const char *text, struct typed *out)
{
	unsigned npose = v->type == SCHEMA_POSE && !attr ? pose_values(n) : 6;
	enum schema_verdict verdict = npose ? schema_check(v->type, text, v->min, v->max, npose)
					    : SCHEMA_VALUE_BAD;

	out->text = text;
	out->changed = 0;
	if (verdict == SCHEMA_VALUE_OK && v->type <= SCHEMA_COLOR &&
	    read_typed(n->arena, v->type, text, out) != 0)
		verdict = SCHEMA_VALUE_BAD;
	return verdict;
}

/* What a refusal says, after "<x> 'text' ". */
static const char *refusal(char *buf, size_t size, enum schema_verdict verdict,
			   const struct value_desc *v, const char *version)
{
	if (verdict == SCHEMA_VALUE_BAD)
		snprintf(buf, size, "is not %s, which SDFormat %s reads there", type_words(v->type),
			 version);
	else
		snprintf(buf, size, "is %s the %s %s that SDFormat %s allows there",
			 verdict == SCHEMA_VALUE_LOW ? "below" : "above",
			 verdict == SCHEMA_VALUE_LOW ? "minimum" : "maximum",
			 verdict == SCHEMA_VALUE_LOW ? v->min : v->max, version);
	return buf;
}

/* A value the reader refuses: WHAT (named as the user wrote it) 'TEXT'
 * at N, and WHY; with FIX a warning that DFLT is written, else the error
 * CODE.  The one place these messages are said, for blobs and tags. */
static void say_refused(struct diag *d, const struct xnode *n, const char *what, const char *text,
			const char *why, enum diag_code code, const char *dflt, int fix)
{
	char buf[DIAG_EXCERPT + 4];

	if (fix)
		diag_warn(d, D_REPAIR_BLOB_VALUE, n->pos.line, n->pos.col, "%s '%s' %s; written as "
			  "its default, '%s'", what, diag_excerpt(buf, text), why, dflt ? dflt : "");
	else
		diag_error(d, code, n->pos.line, n->pos.col, "%s '%s' %s", what,
			   diag_excerpt(buf, text), why);
}

static enum diag_code refusal_code(enum schema_verdict verdict)
{
	return verdict == SCHEMA_VALUE_BAD ? D_BLOB_VALUE_BAD : D_BLOB_VALUE_RANGE;
}

/* *TEXT (of N's attribute ATTR, or of N itself when ATTR is NULL), a value
 * described by V, as its reader reads it: replaced by the value read,
 * with a warning where that is not what it says.  Where the reader
 * refuses it (not of its type, outside its range: libsdformat then fails
 * the whole conversion, and the output loads nowhere), an error; with
 * --repair, the description's default instead, with a warning. */
static void retype(struct filler *f, struct xnode *n, const char *attr,
		   const struct value_desc *v, const char **text)
{
	char buf[DIAG_EXCERPT + 4], what[DIAG_EXCERPT + 32], why[160];
	enum schema_verdict verdict;
	struct typed read;

	if (v->type == SCHEMA_TEXT || v->type == SCHEMA_STRING)
		return;
	verdict = judge(n, attr, v, *text, &read);
	if (verdict != SCHEMA_VALUE_OK) {
		say_refused(f->d, n, value_name(what, n, attr), *text,
			    refusal(why, sizeof why, verdict, v, f->s->version), refusal_code(verdict),
			    v->dflt, f->fix);
		if (f->fix)
			*text = v->dflt ? v->dflt : "";
		if (f->fix && v->type == SCHEMA_POSE && !attr) {
			/* the default is 6 numbers, in radians */
			xnode_remove_attr(n, "rotation_format");
			xnode_remove_attr(n, "degrees");
		}
	} else {
		if (read.changed)
			diag_warn(f->d, D_BLOB_VALUE_READ, n->pos.line, n->pos.col,
				  "%s '%s' is read as %s by SDFormat readers (%s); written so",
				  value_name(what, n, attr), diag_excerpt(buf, *text), read.text,
				  type_words(v->type));
		*text = read.text;   /* as read: "False" as false, " 1.0" as 1 */
	}
}

/* The description of the element special tag T writes to in schema S
 * (its first place), or NULL. */
const struct schema_elem *blob_tag_elem(const struct schema *s, const struct tag *t)
{
	static const char *const files[] = {
		[AT_LINK] = "link", [AT_COLLISION] = "collision", [AT_VISUAL] = "visual",
		[AT_JOINT] = "joint", [AT_MODEL] = "model"
	};
	const struct schema_elem *e;
	unsigned i;

	if (t->target == AT_NONE || t->at[0].fixed || !(e = schema_file(s, files[t->target])))
		return NULL;
	for (i = 0; e && i < TAG_PATH_MAX && t->at[0].path[i]; i++)
		e = schema_child(s, e, t->at[0].path[i], NULL);
	return e;
}

int blob_tag_refused(struct diag *d, const struct schema *s, const struct schema_elem *e,
		     const struct tag *t, const struct xnode *n, int fix, union tag_value *val)
{
	char text[NUM_BUFSZ], what[2 * DIAG_EXCERPT], why[160];
	struct value_desc v;
	enum schema_verdict verdict;

	if (!e || (t->kind != TAG_NUM && t->kind != TAG_INT))
		return 0;
	/* Without bounds, a double the reference read (finite, subnormals
	 * flushed before) or an int it read is what the element takes: no
	 * text to make and read again. */
	if (!e->min && !e->max && ((t->kind == TAG_NUM && e->type == SCHEMA_DOUBLE) ||
				   (t->kind == TAG_INT && e->type == SCHEMA_INT)))
		return 0;
	/* most values are within range: said without their text */
	if (t->kind == TAG_NUM && e->type == SCHEMA_DOUBLE &&
	    schema_check_double(val->num, e->min, e->max) == SCHEMA_VALUE_OK)
		return 0;
	if (t->kind == TAG_NUM)
		num_format(val->num, text);
	else
		text[num_format_long(val->i, text)] = '\0';
	v = (struct value_desc){ e->type, e->dflt, e->min, e->max };
	verdict = schema_check(e->type, text, e->min, e->max, 6);
	if (verdict == SCHEMA_VALUE_OK)
		return 0;
	snprintf(what, sizeof what, strcmp(t->name, e->name) ? "<gazebo> <%.40s> (written as "
		 "<%.40s>)" : "<gazebo> <%.40s>", t->name, e->name);
	say_refused(d, n, what, text, refusal(why, sizeof why, verdict, &v, s->version),
		    refusal_code(verdict), v.dflt, fix);
	if (!fix || !v.dflt)
		return !fix;
	if (t->kind == TAG_NUM)
		num_parse(v.dflt, &val->num);
	else
		num_parse_int(v.dflt, &val->i);
	return 0;
}

/* A default a reader can load: "__default__" is the descriptions' word
 * for "none" (a sensor's type, a plugin's name). */
static int usable_default(const char *dflt)
{
	return dflt && !xnode_blank(dflt) && strcmp(dflt, "__default__") != 0;
}

/* The element being filled goes (with --repair): what it is and why, said
 * once, at N, the element that needs it to go. */
static void leave_out(struct filler *f, const struct xnode *n, const char *why)
{
	char buf[DIAG_EXCERPT + 4];

	diag_warn(f->d, D_REPAIR_BLOB_ELEMENT, n->pos.line, n->pos.col, "<%s> %s, with no default "
		  "a reader loads; the <%s> is left out", diag_excerpt(buf, n->name), why,
		  f->removable->name);
	f->remove = f->removable;
}

/* Leaf N, described by E and REQUIRED where it is, has no text.  An
 * optional one keeps the default (written: the output says what it
 * means); a required one (required="1") the reader refuses ("Empty string
 * used when setting a required parameter"): an error, or with --repair
 * its default, or, with none a reader loads, what holds it left out. */
static void blank_value(struct filler *f, struct xnode *n, const struct schema_elem *e,
			enum schema_required required)
{
	char what[DIAG_EXCERPT + 32], why[64];

	if (required != SCHEMA_ONE) {
		if (e->dflt && e->type <= SCHEMA_COLOR)
			n->text = e->dflt;
	} else if (!f->fix || usable_default(e->dflt)) {
		snprintf(why, sizeof why, "is empty, and SDFormat %s requires a value there",
			 f->s->version);
		say_refused(f->d, n, value_name(what, n, NULL), n->text ? n->text : "", why,
			    D_BLOB_VALUE_EMPTY, e->dflt, f->fix);
		if (f->fix)
			n->text = e->dflt;
	} else {
		snprintf(why, sizeof why, "is empty where SDFormat %s requires a value",
			 f->s->version);
		leave_out(f, n, why);
	}
}

/* The typed attributes of N (described by E, REQUIRED where it is) and,
 * for a leaf, its text. */
static void retype_values(struct filler *f, struct xnode *n, const struct schema_elem *e,
			  enum schema_required required)
{
	struct value_desc v = { e->type, e->dflt, e->min, e->max };
	unsigned i;

	for (i = 0; i < n->nattrs; i++) {
		const struct schema_attr *a = schema_attr(f->s, e, n->attrs[i].name);
		/* blank: the reader keeps the default (required ones: required_attrs) */
		if (a && a->type != SCHEMA_TEXT && !xnode_blank(n->attrs[i].value)) {
			struct value_desc av = { a->type, a->dflt, a->min, a->max };
			retype(f, n, a->name, &av, &n->attrs[i].value);
		}
	}
	if (e->type == SCHEMA_TEXT || n->first) {
		return;   /* no value described, or not a leaf */
	} else if (xnode_blank(n->text)) {
		blank_value(f, n, e, required);
	} else if (e->type != SCHEMA_STRING) {
		const char *text = n->text;
		retype(f, n, NULL, &v, &text);
		n->text = text;
	}
}

/* Attributes of N that E does not describe go, as a reader drops them,
 * with one warning naming them all; names with a namespace prefix (a:b)
 * stay, as libsdformat keeps them. */
static void drop_unknown_attrs(struct filler *f, struct xnode *n, const struct schema_elem *e)
{
	char names[3 * DIAG_EXCERPT], buf[DIAG_EXCERPT + 4];
	size_t len = 0;
	unsigned i, kept = 0, dropped = 0, listed = 0, frame = UINT_MAX;

	names[0] = '\0';
	/* One pass that keeps what stays in place: no memmove per attribute. */
	for (i = 0; i < n->nattrs; i++) {
		const char *name = n->attrs[i].name;
		int known = strchr(name, ':') || schema_attr(f->s, e, name);
		if (!known && strcmp(name, "frame") == 0 && strcmp(n->name, "pose") == 0)
			frame = kept;   /* dealt with below, after the others */
		if (known || frame == kept) {
			n->attrs[kept++] = n->attrs[i];
			continue;
		}
		if (len + DIAG_EXCERPT + 8 < sizeof names) {
			len += (size_t)snprintf(names + len, sizeof names - len, "%s'%s'",
						dropped ? ", " : "", diag_excerpt(buf, name));
			listed++;
		}
		dropped++;
	}
	n->nattrs = kept;
	if (frame != UINT_MAX)
		old_pose_frame(f, n, frame);
	if (dropped)
		diag_warn(f->d, D_BLOB_ATTR_UNKNOWN, n->pos.line, n->pos.col, "<%s> has no attribute%s %s%s in SDFormat "
			  "%s; dropped", n->name, dropped > 1 ? "s" : "", names,
			  listed < dropped ? ", ..." : "", f->s->version);
}

/* A required element E that is missing, added under PARENT with its
 * default text, its required attributes and required children. */
static void add_default(struct filler *f, struct xnode *parent, const struct schema_elem *e,
			int depth)
{
	struct xnode *n = xnode_add(parent, e->name, e->dflt);
	unsigned i;

	for (i = 0; i < e->nattrs; i++) {
		const struct schema_attr *a = &f->s->attrs[e->attr0 + i];
		if (a->required)
			xnode_set_attr(n, a->name, a->dflt ? a->dflt : "");
	}
	if (depth >= FILL_DEPTH_MAX)
		return;
	for (i = 0; i < e->nchildren; i++) {
		const struct schema_child *c = &f->s->children[e->child0 + i];
		if (c->required == SCHEMA_ONE)
			add_default(f, n, &f->s->elems[c->elem], depth + 1);
	}
}

/* The required attributes of E that N lacks or gives empty, which the
 * reader refuses (libsdformat: "Required attribute[...] is not
 * specified"; an empty one: "Empty string used when setting a required
 * parameter"): an error each; with --repair the description's default,
 * or, where it has none a reader loads, N (or what holds it) left out
 * (returns 1). */
static int required_attrs(struct filler *f, struct xnode *n, const struct schema_elem *e)
{
	char buf[DIAG_EXCERPT + 4];
	unsigned i;

	for (i = 0; i < e->nattrs; i++) {
		const struct schema_attr *a = &f->s->attrs[e->attr0 + i];
		const char *v = xnode_attr(n, a->name);
		const char *how = v ? "gives it empty" : "lacks it";
		if (!a->required || (v && !xnode_blank(v)))
			continue;
		if (!f->fix) {
			diag_error(f->d, D_BLOB_ATTR_REQUIRED, n->pos.line, n->pos.col, "<%s> %s: "
				   "attribute '%s' is required in SDFormat %s", diag_excerpt(buf, n->name),
				   how, a->name, f->s->version);
		} else if (usable_default(a->dflt)) {
			diag_warn(f->d, D_REPAIR_BLOB_ATTR, n->pos.line, n->pos.col, "<%s> %s: attribute "
				  "'%s', required in SDFormat %s, written as its default, '%s'",
				  diag_excerpt(buf, n->name), how, a->name, f->s->version, a->dflt);
			xnode_set_attr(n, a->name, a->dflt);
		} else {
			char why[DIAG_EXCERPT + 64];
			snprintf(why, sizeof why, "%s attribute '%.40s', which SDFormat %s "
				 "requires", v ? "gives an empty" : "lacks the", a->name,
				 f->s->version);
			leave_out(f, n, why);
			return 1;
		}
	}
	return 0;
}

/* N, described by E and REQUIRED where it is, as a reader makes it:
 * unknown attributes dropped, its children read the same way, missing
 * required children added (at the end, in the description's order, as
 * libsdformat adds them).  Returns 1 when --repair leaves out N or what
 * holds it (F->remove; the caller that holds it takes it away). */
static int fill(struct filler *f, struct xnode *n, const struct schema_elem *e,
		enum schema_required required, int depth)
{
	struct xnode *c, *next, *removable = f->removable;
	unsigned i;

	if (required != SCHEMA_ONE && required != SCHEMA_SOME)
		f->removable = n;   /* a reader does not add N back */
	drop_unknown_attrs(f, n, e);
	if (required_attrs(f, n, e))
		return f->removable = removable, 1;
	retype_values(f, n, e, required);
	if (f->remove)
		return f->removable = removable, 1;
	for (c = n->first; c && depth < FILL_DEPTH_MAX; c = next) {
		enum schema_required cr;
		const struct schema_elem *ce = schema_child(f->s, e, c->name, &cr);
		next = c->next;
		if (!ce || !fill(f, c, ce, cr, depth + 1))
			continue;
		if (f->remove != c)
			return f->removable = removable, 1;   /* N goes too */
		xnode_unlink(c);
		f->remove = NULL;
	}
	f->removable = removable;
	for (i = 0; i < e->nchildren && depth < FILL_DEPTH_MAX; i++) {
		const struct schema_child *sc = &f->s->children[e->child0 + i];
		const struct schema_elem *ce = &f->s->elems[sc->elem];
		if ((sc->required == SCHEMA_ONE || sc->required == SCHEMA_SOME) &&
		    !xnode_child(n, ce->name))
			add_default(f, n, ce, depth + 1);
	}
	return 0;
}

/* Why NAME is not in the output, for a message. */
static const char *why_missing(const struct filler *f, const char *name)
{
	const struct link *l = link_now(f, name);
	const struct joint *j = joint_now(f, name);

	if (index_get(f->gone, name))
		return "a model-level blob left out";
	if ((l && l->fate == LINK_DROPPED) || (j && j->fate == JOINT_DROPPED))
		return "left out with a massless link";
	if (l && l->fate == LINK_WORLD)
		return "the world link, which is not a frame of the model";
	if (j && j->fate == JOINT_LEFT_OUT)
		return "a joint of a type SDFormat lacks, left out";
	if (l || j)
		return "not written as a link";
	return "no link, joint or frame has that name";
}

/* One name a blob asks a reader to resolve: in element AT, a link (for a
 * joint's parent and child) or any frame. */
struct ref {
	const struct xnode *at;
	const char *name;
	int link;
};

#define REFS_MAX 64   /* more in one blob are not checked */

/* The names blob B asks a reader to resolve, into REFS; returns how many.
 * A joint's parent and child, a plugin's bodyName (the link it drives,
 * "world" allowed), and every relative_to and attached_to (not inside a
 * plugin, whose content is its own, or a nested model, which has its own
 * names). */
static unsigned refs_of(const struct xnode *b, struct ref refs[REFS_MAX])
{
	static const char *const joint_keys[] = { "parent", "child" };
	static const char *const frame_attrs[] = { "relative_to", "attached_to" };
	const struct xnode *n, *c;
	unsigned k, nrefs = 0;

	if (!strcmp(b->name, "model") || !strcmp(b->name, "world"))
		return 0;
	for (k = 0; k < 2 && !strcmp(b->name, "joint"); k++)
		if ((c = xnode_child(b, joint_keys[k])) && c->text)
			refs[nrefs++] = (struct ref){ c, c->text, 1 };
	if (!strcmp(b->name, "plugin")) {
		c = xnode_child(b, "bodyName");
		if (c && c->text && c->text[0] && strcmp(c->text, "world"))
			refs[nrefs++] = (struct ref){ c, c->text, 0 };
		return nrefs;
	}
	for (n = b; n && nrefs < REFS_MAX; ) {
		int own_scope = n != b && (!strcmp(n->name, "plugin") || !strcmp(n->name, "model"));
		for (k = 0; k < 2 && !own_scope && nrefs < REFS_MAX; k++) {
			const char *v = xnode_attr(n, frame_attrs[k]);
			if (v && v[0])
				refs[nrefs++] = (struct ref){ n, v, 0 };
		}
		n = xnode_next_in(n, b, own_scope);
	}
	return nrefs;
}

/* The first name of B the output lacks, with *AT its element; NULL when
 * B names nothing missing. */
static const char *dangling(const struct filler *f, const struct xnode *b,
			    const struct xnode **at)
{
	struct ref refs[REFS_MAX];
	unsigned i, n = refs_of(b, refs);

	for (i = 0; i < n; i++)
		if (refs[i].link ? !link_written(f, refs[i].name) : !frame_written(f, refs[i].name))
			return *at = refs[i].at, refs[i].name;
	return NULL;
}

/* Model-level blobs name each other (a frame attached to a frame, a joint
 * to a link blob): leaving one out may leave others dangling.  Finds the
 * names that go (in F->gone) before anything is written or said: each
 * blob is checked once, then again only when a name it uses goes, so the
 * work is linear in the blobs and their names. */
static void prune_model_blobs(struct filler *f)
{
	struct index *users = index_new(f->rb, f->rb->oom);   /* name -> node_list */
	struct node_list queue = { NULL, 0, 0 };
	const struct ext_ref *r;
	unsigned i, k, head = 0;

	for (r = f->rb->model_exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++) {
			struct xnode *b = r->ext->blobs.v[i];
			struct ref refs[REFS_MAX];
			unsigned n = refs_of(b, refs);
			for (k = 0; k < n; k++) {
				struct node_list *l = index_get(users, refs[k].name);
				if (!l) {
					l = ARENA_NEW(&f->rb->arena, struct node_list);
					index_put(users, refs[k].name, l);
				}
				node_list_push(&f->rb->arena, l, b);
			}
			node_list_push(&f->rb->arena, &queue, b);
		}
	while (head < queue.n) {
		struct xnode *b = queue.v[head++];
		const char *own = xnode_attr(b, "name");
		const struct xnode *at;
		struct node_list *l;
		if (!own || index_get(f->blob_names, own) != b || index_get(f->gone, own) ||
		    !dangling(f, b, &at))
			continue;   /* gives no frame, or went already, or stays */
		index_put(f->gone, own, b);
		if ((l = index_get(users, own)) != NULL)
			for (k = 0; k < l->n; k++)
				node_list_push(&f->rb->arena, &queue, l->v[k]);
	}
}

/* Fills the blobs of LIST placed under CONTEXT; those that name what the
 * output lacks are taken out of LIST, with a warning: a reader would
 * reject the document for them. */
/* The blobs of LIST read as the children of CTX (the top element of a
 * description file, NULL: the target has none). */
static void fill_list(struct filler *f, const struct schema_elem *ctx, struct node_list *list)
{
	unsigned i, kept = 0;

	for (i = 0; i < list->n; i++) {
		struct xnode *b = list->v[i];
		const struct xnode *at = NULL;
		const char *name = dangling(f, b, &at);
		if (name) {
			char buf[DIAG_EXCERPT + 4];
			diag_warn(f->d, D_BLOB_NAMES_MISSING, at->pos.line, at->pos.col, "<%s> names '%s', which the "
				  "output does not have (%s); this <%s> is left out too",
				  at->name, diag_excerpt(buf, name), why_missing(f, name), b->name);
			continue;
		}
		if (ctx) {
			enum schema_required req;
			const struct schema_elem *e = schema_child(f->s, ctx, b->name, &req);
			f->remove = NULL;
			f->removable = b;   /* a blob may go, whatever the description says */
			if (e && fill(f, b, e, req, 0))
				continue;   /* --repair left it out */
		}
		list->v[kept++] = b;
	}
	list->n = kept;
}

/* Where the blobs of a block go: the top elements of their description
 * files, looked up once for every block. */
enum blob_context { IN_MODEL, IN_LINK, IN_JOINT, IN_VISUAL, IN_COLLISION, IN_COUNT };

static void context_elems(const struct schema *s, const struct schema_elem *ctx[IN_COUNT])
{
	static const char *const files[IN_COUNT] = { "model", "link", "joint", "visual", "collision" };
	unsigned i;

	for (i = 0; i < IN_COUNT; i++)
		ctx[i] = schema_file(s, files[i]);
}

void blob_read_as(struct robot *rb, struct diag *d, const struct schema *s, int fix)
{
	struct filler f = { rb, d, s, NULL, NULL, fix, NULL, NULL };
	const struct schema_elem *ctx[IN_COUNT];
	unsigned i;

	context_elems(s, ctx);
	index_blob_names(&f);
	prune_model_blobs(&f);
	for (i = 0; i < rb->nexts; i++) {
		struct ext *e = rb->exts[i];
		struct link *l;
		struct joint *j;
		enum blob_context in = IN_MODEL;
		ext_named(rb, e, &l, &j);
		if (l && (l->fate == LINK_DROPPED || l->fate == LINK_WORLD))
			continue;   /* not written */
		else if (l)
			in = IN_LINK;
		else if (j && j->fate == JOINT_WRITTEN)
			in = IN_JOINT;
		else if (e->ref[0])
			continue;   /* names nothing written */
		if (e->blobs.n)
			fill_list(&f, ctx[in], &e->blobs);
		/* those for a link's items, where it has some (else they apply to
		 * nothing and are not written: resolve says so) */
		if (e->visual_blobs.n && (!l || l->visuals.first || l->absorbed_first))
			fill_list(&f, ctx[IN_VISUAL], &e->visual_blobs);
		if (e->collision_blobs.n && (!l || l->collisions.first || l->absorbed_first))
			fill_list(&f, ctx[IN_COLLISION], &e->collision_blobs);
	}
}
