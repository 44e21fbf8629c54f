/* write_urdf: the input's bytes, with the migrated <gazebo> blocks and the
 * hardware plugins rewritten (write_urdf.h).  One pass over the edits in
 * document order: the bytes between them are copied, each edit is
 * printed; the spans were recorded by the reader (read.c, keep_source). */
#include "write_urdf.h"

#include <string.h>
#include <strings.h>

/* The <ros2_control> hardware plugin of Gazebo Classic's
 * gazebo_ros2_control, and what gz_ros2_control calls it for each
 * generation of Gazebo: ros-controls/gz_ros2_control, branch humble,
 * ign_ros2_control/ign_hardware_plugins.xml (class
 * ign_ros2_control/IgnitionSystem), and branch jazzy,
 * gz_ros2_control/gz_hardware_plugins.xml (class
 * gz_ros2_control/GazeboSimSystem). */
struct hw_rename {
	enum gz_generation gz;
	const char *from, *to;
};

static const struct hw_rename HW_RENAMES[] = {
	{ GZ_FORTRESS, "gazebo_ros2_control/GazeboSystem", "ign_ros2_control/IgnitionSystem" },
	{ GZ_SIM, "gazebo_ros2_control/GazeboSystem", "gz_ros2_control/GazeboSimSystem" },
};

/* Indentation copied from the input is used up to these many bytes, and
 * repeated up to INDENT_LEVELS levels: the output grows with the input,
 * never with its depth times an indentation. */
#define INDENT_BYTES 64
#define UNIT_BYTES 16
#define INDENT_LEVELS 32

/* How a block is printed: as the input writes its lines. */
struct style {
	const char *indent;          /* its own line's indentation */
	size_t indent_len;
	const char *unit;            /* one level deeper */
	size_t unit_len;
	const char *nl;              /* "\n", or "\r\n" when the input's lines end so */
	char quote;                  /* around attribute values */
};

struct urdf_writer {
	const char *in;              /* the input */
	size_t len;
	struct out *o;
	struct style robot;          /* the children of <robot> */
	size_t pos;                  /* what is written of the input: in[0..pos) */
	size_t line;                 /* where the line of in[pos] starts */
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* ---- the input's style ----------------------------------------------------- */

/* The indentation of the first line in IN[FROM..TO) after a line break
 * that starts an element (not an end tag): *LEN bytes at the result, or
 * NULL when there is none. */
static const char *first_indent(const char *in, size_t from, size_t to, size_t *len)
{
	const char *p = in + from, *end = in + to;

	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		const char *q = ++p;
		while (q < end && is_blank(*q))
			q++;
		if (q + 1 < end && q[0] == '<' && q[1] != '/') {
			*len = (size_t)(q - p);
			return p;
		}
	}
	return NULL;
}

/* The quote of the first attribute in IN[FROM..TO), or DEFAULT_Q. */
static char quote_in(const char *in, size_t from, size_t to, char default_q)
{
	const char *p = in + from, *end = in + to;

	while ((p = memchr(p, '=', (size_t)(end - p))) != NULL && ++p < end)
		if (*p == '"' || *p == '\'')
			return *p;
	return default_q;
}

/* The style of the children of <robot>: their indentation (two spaces when
 * there is none to see), the input's line ends, its quotes. */
static void robot_style(struct urdf_writer *w, const struct urdf_source *src)
{
	const char *nl = memchr(w->in, '\n', w->len);
	size_t n = 0;
	const char *ind = first_indent(w->in, src->robot_open_end, w->len, &n);

	w->robot.nl = nl && nl > w->in && nl[-1] == '\r' ? "\r\n" : "\n";
	w->robot.quote = quote_in(w->in, 0, src->robot_open_end, '"');
	if (!ind || n == 0 || n > UNIT_BYTES)
		ind = "  ", n = 2;
	w->robot.indent = w->robot.unit = ind;
	w->robot.indent_len = w->robot.unit_len = n;
}

/* The style of block G, whose line starts at W->line: that line's
 * indentation, its first child's step beyond that (else the robot's), its
 * own quotes. */
static struct style block_style(const struct urdf_writer *w, const struct gazebo *g)
{
	struct style st = w->robot;
	size_t at = w->line, n = 0;
	const char *child;

	while (at < g->span.start && at - w->line <= INDENT_BYTES && is_blank(w->in[at]))
		at++;
	st.indent = w->in + w->line;
	st.indent_len = at - w->line <= INDENT_BYTES ? at - w->line : 0;
	child = first_indent(w->in, g->span.start, g->span.end, &n);
	if (child && n > st.indent_len && n - st.indent_len <= UNIT_BYTES &&
	    memcmp(child, st.indent, st.indent_len) == 0) {
		st.unit = child + st.indent_len;
		st.unit_len = n - st.indent_len;
	}
	st.quote = quote_in(w->in, g->span.start, g->span.end, w->robot.quote);
	return st;
}

/* ---- printing a block ------------------------------------------------------- */

static void put_indent(struct out *o, const struct style *st, unsigned depth)
{
	unsigned i, n = depth < INDENT_LEVELS ? depth : INDENT_LEVELS;

	out_put(o, st->indent, st->indent_len);
	for (i = 0; i < n; i++)
		out_put(o, st->unit, st->unit_len);
}

/* "<NAME" and N's attributes. */
static void print_start(struct out *o, const struct style *st, const struct xnode *n)
{
	unsigned i;

	out_char(o, '<');
	out_str(o, n->name);
	for (i = 0; i < n->nattrs; i++) {
		out_char(o, ' ');
		out_str(o, n->attrs[i].name);
		out_char(o, '=');
		out_char(o, st->quote);
		out_escaped_attr(o, n->attrs[i].value);
		out_char(o, st->quote);
	}
}

static void print_end(struct out *o, const struct xnode *n)
{
	out_str(o, "</");
	out_str(o, n->name);
	out_char(o, '>');
}

/* ROOT and its subtree, from its '<' to its end tag's '>' (no line break
 * after it: the input's own follows).  Iterative: blocks may be deep. */
static void print_tree(struct out *o, const struct style *st, const struct xnode *root)
{
	const struct xnode *cur = root;
	unsigned depth = 0;

	for (;;) {
		if (cur != root) {
			out_str(o, st->nl);
			put_indent(o, st, depth);
		}
		print_start(o, st, cur);
		if (cur->first) {
			out_char(o, '>');
			cur = cur->first;
			depth++;
			continue;
		}
		if (cur->text && cur->text[0]) {
			out_char(o, '>');
			out_escaped(o, cur->text);
			print_end(o, cur);
		} else {
			out_str(o, "/>");
		}
		while (cur != root && !cur->next) {
			cur = cur->parent;
			depth--;
			out_str(o, st->nl);
			put_indent(o, st, depth);
			print_end(o, cur);
		}
		if (cur == root)
			return;
		cur = cur->next;
	}
}

/* ---- the edits ---------------------------------------------------------------- */

/* The target's rename of the hardware plugins, or NULL. */
static const struct hw_rename *hw_rename_for(const struct sdf_target *target)
{
	size_t i;

	for (i = 0; i < sizeof HW_RENAMES / sizeof *HW_RENAMES; i++)
		if (HW_RENAMES[i].gz == target->gz)
			return &HW_RENAMES[i];
	return NULL;
}

/* S..END without the XML blanks around it. */
static void trim(const char **s, const char **end)
{
	while (*s < *end && (is_blank(**s) || **s == '\n' || **s == '\r'))
		(*s)++;
	while (*end > *s && (is_blank((*end)[-1]) || (*end)[-1] == '\n' || (*end)[-1] == '\r'))
		(*end)--;
}

/* Whether S..END, trimmed, is WANT. */
static int trimmed_is(const char *s, const char *end, const char *want)
{
	trim(&s, &end);
	return (size_t)(end - s) == strlen(want) && memcmp(s, want, (size_t)(end - s)) == 0;
}

/* Whether HP is to be renamed (by R). */
static int renamed(const struct hw_plugin *hp, const struct hw_rename *r)
{
	return r && trimmed_is(hp->text, hp->text + strlen(hp->text), r->from);
}

static const struct gazebo *next_migrated(const struct gazebo *g)
{
	while (g && (g->added || !g->migrated))
		g = g->next;
	return g;
}

static const struct hw_plugin *next_renamed(const struct hw_plugin *hp,
					    const struct hw_rename *r)
{
	while (hp && !renamed(hp, r))
		hp = hp->next;
	return hp;
}

/* Passes the input up to TO, where its line starts kept (the bytes are
 * looked at once: linear). */
static void skip_to(struct urdf_writer *w, size_t to)
{
	size_t at = to;

	while (at > w->pos && w->in[at - 1] != '\n')
		at--;
	if (at > w->pos)
		w->line = at;
	w->pos = to;
}

/* Copies the input up to TO. */
static void copy_to(struct urdf_writer *w, size_t to)
{
	out_put(w->o, w->in + w->pos, to - w->pos);
	skip_to(w, to);
}

/* Block G in place of its bytes; removed (with its line when it is alone
 * on it) when its tree is gone, or empty: the migration took all it held. */
static void replace_block(struct urdf_writer *w, const struct gazebo *g)
{
	const struct xnode *tree = g->as_migrated ? g->as_migrated : g->elem;
	size_t from = g->span.start, to = g->span.end;

	if (tree && (tree->first || (tree->text && !xnode_blank(tree->text)))) {
		struct style st;
		copy_to(w, from);
		st = block_style(w, g);
		print_tree(w->o, &st, tree);
		skip_to(w, to);
		return;
	}
	while (from > w->pos && is_blank(w->in[from - 1]))
		from--;
	if (from == 0 || w->in[from - 1] == '\n') {   /* the line goes if only blanks follow */
		while (to < w->len && is_blank(w->in[to]))
			to++;
		to += to < w->len && w->in[to] == '\r';
		if (to < w->len && w->in[to] == '\n')
			to++;
		else
			from = g->span.start, to = g->span.end;
	} else {
		from = g->span.start;
	}
	copy_to(w, from);
	skip_to(w, to);
}

/* The hardware plugin's new name in place of its text: of the text's
 * bytes without their blanks when they are the name as written, else of
 * them all (entities, CDATA). */
static void rename_plugin(struct urdf_writer *w, const struct hw_plugin *hp,
			  const struct hw_rename *r)
{
	const char *s = w->in + hp->text_span.start, *end = w->in + hp->text_span.end;

	trim(&s, &end);
	if ((size_t)(end - s) != strlen(r->from) || memcmp(s, r->from, strlen(r->from)) != 0) {
		s = w->in + hp->text_span.start;
		end = w->in + hp->text_span.end;
	}
	copy_to(w, (size_t)(s - w->in));
	out_str(w->o, r->to);
	skip_to(w, (size_t)(end - w->in));
}

/* The blocks the migration added, each on a line of its own before
 * </robot> (at the start of its line when only blanks precede it). */
static void insert_added(struct urdf_writer *w, const struct robot *rb)
{
	const struct gazebo *g;
	size_t at = rb->source.robot_close;

	for (g = rb->gazebos; g && !(g->added && g->elem); g = g->next)
		;
	if (!g || !rb->source.has_robot_close)
		return;
	while (at > w->pos && is_blank(w->in[at - 1]))
		at--;
	if (at > 0 && w->in[at - 1] != '\n')
		at = rb->source.robot_close;
	copy_to(w, at);
	if (at > 0 && w->in[at - 1] != '\n')
		out_str(w->o, w->robot.nl);
	for (; g; g = g->next) {
		if (!g->added || !g->elem)
			continue;
		out_put(w->o, w->robot.indent, w->robot.indent_len);
		print_tree(w->o, &w->robot, g->as_migrated ? g->as_migrated : g->elem);
		out_str(w->o, w->robot.nl);
	}
}

void write_urdf(const struct robot *rb, const struct sdf_target *target, struct out *o)
{
	const struct hw_rename *r = hw_rename_for(target);
	struct urdf_writer w = { rb->source.bytes, rb->source.len, o, { 0 }, 0, 0 };
	const struct gazebo *g = next_migrated(rb->gazebos);
	const struct hw_plugin *hp = next_renamed(rb->source.plugins, r);

	robot_style(&w, &rb->source);
	while (g || hp) {
		if (g && (!hp || g->span.start < hp->text_span.start)) {
			replace_block(&w, g);
			g = next_migrated(g->next);
		} else {
			rename_plugin(&w, hp, r);
			hp = next_renamed(hp->next, r);
		}
	}
	insert_added(&w, rb);
	copy_to(&w, w.len);
}

/* ---- whether it can be written ------------------------------------------------ */

/* Whether the N bytes at B are UTF-8 (or US-ASCII): no UTF-16 or UTF-32
 * byte order mark or zero bytes first, no other encoding declared. */
static int is_utf8(const unsigned char *b, size_t n)
{
	const unsigned char *end, *e, *v;
	size_t len;

	if (n >= 2 && (b[0] == 0 || b[1] == 0 || (b[0] == 0xfe && b[1] == 0xff) ||
		       (b[0] == 0xff && b[1] == 0xfe)))
		return 0;
	if (n >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
		b += 3, n -= 3;
	if (n < 5 || memcmp(b, "<?xml", 5) != 0 || !(end = memchr(b, '>', n)))
		return 1;
	for (e = b; e + 8 < end && memcmp(e, "encoding", 8) != 0; e++)
		;
	if (e + 8 >= end)
		return 1;
	for (e += 8; e < end && *e != '"' && *e != '\''; e++)
		;
	if (e == end)
		return 1;   /* no value: expat said what is wrong */
	for (v = e + 1; v < end && *v != *e; v++)
		;
	len = (size_t)(v - e - 1);
	return (len == 5 && strncasecmp((const char *)e + 1, "UTF-8", 5) == 0) ||
	       (len == 8 && strncasecmp((const char *)e + 1, "US-ASCII", 8) == 0);
}

/* Whether the bytes of IN (LEN) at FROM start with PREFIX. */
static int bytes_are(const struct urdf_source *src, size_t from, const char *prefix)
{
	size_t n = strlen(prefix);

	return from <= src->len && src->len - from >= n && memcmp(src->bytes + from, prefix, n) == 0;
}

/* Whether G's span is the block's bytes (not an entity's replacement
 * text, which the span would name the reference of). */
static int block_in_bytes(const struct urdf_source *src, const struct gazebo *g)
{
	return g->has_span && g->span.start < g->span.end && g->span.end <= src->len &&
	       bytes_are(src, g->span.start, "<gazebo") && src->bytes[g->span.end - 1] == '>';
}

static int plugin_in_bytes(const struct urdf_source *src, const struct hw_plugin *hp)
{
	return hp->text_span.start > 0 && hp->text_span.start <= hp->text_span.end &&
	       src->bytes[hp->text_span.start - 1] == '>' && bytes_are(src, hp->text_span.end, "</");
}

static void not_in_bytes(struct diag *d, struct srcpos p, const char *what)
{
	diag_error(d, D_URDF_NOT_IN_BYTES, p.line, p.col, "%s comes from an entity's replacement "
		   "text, not the input's own bytes: --output-format=urdf cannot rewrite it in "
		   "place (write it out in the file)", what);
}

/* The edits' places, each said when it is not where the bytes are. */
static void check_places(const struct robot *rb, struct diag *d, const struct hw_rename *r,
			 const struct sdf_target *target)
{
	const struct urdf_source *src = &rb->source;
	const struct gazebo *g;
	const struct hw_plugin *hp;
	int added = 0;

	for (g = rb->gazebos; g; g = g->next) {
		added |= g->added && g->elem;
		if (!g->added && g->migrated && !block_in_bytes(src, g))
			not_in_bytes(d, g->elem ? g->elem->pos : rb->pos, "this changed <gazebo> block");
	}
	for (hp = next_renamed(src->plugins, r); hp; hp = next_renamed(hp->next, r)) {
		if (!plugin_in_bytes(src, hp)) {
			not_in_bytes(d, hp->pos, "this <ros2_control> hardware <plugin>");
			continue;
		}
		diag_note(d, D_GZ_HW_PLUGIN_RENAMED, hp->pos.line, hp->pos.col, "<ros2_control> "
			  "hardware plugin %s (gazebo_ros2_control, Gazebo Classic) becomes %s, "
			  "gz_ros2_control's for SDFormat %s", r->from, r->to, target->version);
	}
	if (added && !(src->has_robot_close && bytes_are(src, src->robot_close, "</robot")))
		not_in_bytes(d, rb->pos, "</robot>, where the blocks the migration added go,");
}

int urdf_check(const struct robot *rb, struct diag *d, const struct options *opts,
	       const struct sdf_target *target)
{
	unsigned errors = d->errors;

	if (!(opts->flags & U2S_INPUT_UTF8) &&
	    !is_utf8((const unsigned char *)rb->source.bytes, rb->source.len)) {
		diag_error(d, D_URDF_NOT_UTF8, 1, 1, "--output-format=urdf copies the input's bytes "
			   "and writes what it changes in UTF-8: the input must be UTF-8 (or "
			   "US-ASCII), and this one is not; convert it first (iconv -t UTF-8, "
			   "and its XML declaration)");
		return U2S_REJECTED;
	}
	check_places(rb, d, hw_rename_for(target), target);
	return d->errors > errors ? U2S_REJECTED : U2S_OK;
}
