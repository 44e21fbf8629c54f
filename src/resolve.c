/* resolve: tree, root, gazebo extensions, materials, link fates. */
#include "resolve.h"
#include "migrate.h"

#include "blob.h"
#include "classic_material.h"
#include "loadable.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lump.h"
#include "num.h"

#define TAG_CACHE 32

struct resolver {
	struct robot *rb;
	struct diag *d;
	const struct options *opts;
	const struct sdf_target *target;
	unsigned long suggest_budget;   /* edit-distance cells left for hints */
	struct loadable load;           /* the loadability rules (loadable.h) */
	/* the element each special tag is written to, looked up once */
	const struct schema_elem *tag_elem[TAG_COUNT];
	unsigned char tag_elem_known[TAG_COUNT];
	/* tag_find's answer for the last element names met, by the name's
	 * address (read.c keeps each element name once: blocks repeat a few) */
	const char *tag_of_name[TAG_CACHE];
	const struct tag *tag_found[TAG_CACHE];
};

/* The special tag element NAME is, or NULL. */
static const struct tag *tag_named(struct resolver *rs, const char *name)
{
	size_t slot = ((uintptr_t)name >> 4) % TAG_CACHE;

	if (rs->tag_of_name[slot] != name) {
		rs->tag_of_name[slot] = name;
		rs->tag_found[slot] = tag_find(name);
	}
	return rs->tag_found[slot];
}

static const struct schema_elem *tag_elem(struct resolver *rs, const struct tag *t)
{
	size_t id = (size_t)(t - TAGS);

	if (!rs->tag_elem_known[id]) {
		rs->tag_elem[id] = blob_tag_elem(rs->target->schema, t);
		rs->tag_elem_known[id] = 1;
	}
	return rs->tag_elem[id];
}

/* "Did you mean" compares a reference with every name: for thousands of
 * bad references that is quadratic.  The hints of one conversion may cost
 * this many cells of edit-distance tables (a fraction of a second); later
 * references are warned about without a hint. */
#define SUGGEST_BUDGET 20000000ul

/* ---- tree and root ------------------------------------------------------ */

static int link_ref(struct resolver *rs, struct joint *j, const char *role,
		    const char *name, struct link *seen, struct srcpos pos, struct link **out)
{
	*out = seen ? seen : index_get(rs->rb->link_index, name);
	if (*out)
		return 0;
	diag_error(rs->d, D_JOINT_LINK_MISSING, pos.line, pos.col, "joint '%s' names %s link '%s', which does not exist",
		   j->name, role, name);
	return -1;
}

/* The first link with no parent joint in *ROOT; whether there are more in
 * the return value (then find_root walks the links again to say so). */
static int build_tree(struct resolver *rs, struct link **root)
{
	struct robot *rb = rs->rb;
	struct joint *j;
	struct link *l;
	int several = 0;

	for (j = rb->joints; j; j = j->next) {
		struct link *p, *c;
		int bad = link_ref(rs, j, "parent", j->parent_name, j->parent_seen, j->parent_pos, &p);
		bad |= link_ref(rs, j, "child", j->child_name, j->child_seen, j->child_pos, &c);
		if (bad)
			continue;
		if (c->parent_joint) {
			diag_error(rs->d, D_LINK_TWO_PARENTS, j->child_pos.line, j->child_pos.col,
				   "link '%s' has two parent joints: '%s' (line %lu) and '%s'",
				   c->name, c->parent_joint->name,
				   (unsigned long)c->parent_joint->pos.line, j->name);
			continue;
		}
		j->parent = p;
		j->child = c;
		c->parent_joint = j;
		p->nchildren++;
	}
	/* Child lists sized exactly, in the arena: counted above, filled
	 * below; the roots noted on the way, to spare a walk of its own. */
	*root = NULL;
	for (l = rb->links; l; l = l->next) {
		if (!l->parent_joint && *root)
			several = 1;
		else if (!l->parent_joint)
			*root = l;
		if (l->nchildren) {
			l->children = ARENA_ARRAY(&rb->arena, struct joint *, l->nchildren);
			l->nchildren = 0;
		}
	}
	for (j = rb->joints; j; j = j->next)
		if (j->parent)
			j->parent->children[j->parent->nchildren++] = j;
	return several;
}

static int by_joint_name(const void *a, const void *b)
{
	const struct joint *ja = *(const struct joint *const *)a;
	const struct joint *jb = *(const struct joint *const *)b;

	return strcmp(ja->name, jb->name);
}

/* The reference visits children by ascending joint name (byte order;
 * joint names are distinct, so any sort gives one order).  Most links
 * have a few children: sorted in place, without qsort's call per
 * comparison and its buffer. */
#define FEW_CHILDREN 12
static void sort_children(struct link *l)
{
	unsigned i, k;

	if (l->nchildren > FEW_CHILDREN) {
		qsort(l->children, l->nchildren, sizeof *l->children, by_joint_name);
		return;
	}
	for (i = 1; i < l->nchildren; i++) {
		struct joint *j = l->children[i];
		for (k = i; k > 0 && strcmp(l->children[k - 1]->name, j->name) > 0; k--)
			l->children[k] = l->children[k - 1];
		l->children[k] = j;
	}
}

/* L has no root above it: it hangs in or below a cycle of joints, and
 * NLINKS steps up its parents land in the cycle, at the joint reported. */
static void report_cycle(struct resolver *rs, struct link *l)
{
	unsigned n;

	for (n = 0; n < rs->rb->nlinks; n++)
		l = l->parent_joint->parent;
	diag_error(rs->d, D_JOINT_CYCLE, l->parent_joint->pos.line, l->parent_joint->pos.col,
		   "joints form a cycle through link '%s' (parent joint '%s')",
		   l->name, l->parent_joint->name);
}

/* ROOT: the first link with no parent joint; SEVERAL: there are more,
 * each an error. */
static void find_root(struct resolver *rs, struct link *root, int several)
{
	struct link *l;

	rs->rb->root = root;
	for (l = root; several && l; l = l->next) {
		if (l->parent_joint || l == root)
			continue;
		diag_error(rs->d, D_ROOT_SECOND, l->pos.line, l->pos.col,
			   "link '%s' is a second root (the first is '%s', line %lu); "
			   "connect it with a joint", l->name, root->name,
			   (unsigned long)root->pos.line);
	}
	if (!rs->rb->links)
		diag_error(rs->d, D_NO_LINKS, rs->rb->pos.line, rs->rb->pos.col, "robot has no links");
	else if (!rs->rb->root)
		report_cycle(rs, rs->rb->links);   /* every link has a parent joint */
	else if (strcmp(rs->rb->root->name, "world") == 0)
		rs->rb->world = rs->rb->root;   /* the model's fixed frame, not a link */
}

/* Lists the links in emission order (depth first, children by joint name,
 * sorted as the walk meets them) without recursion, so long chains cost no
 * stack.  Links the walk does not reach hang in a cycle (an error: their
 * children stay unsorted, and nothing reads them). */
static void order_links(struct resolver *rs)
{
	struct robot *rb = rs->rb;
	struct link **stack = must(rb->oom, talloc_array(rb, struct link *, rb->nlinks));
	unsigned top = 0, n = 0;
	struct link *l;

	rb->order = must(rb->oom, talloc_array(rb, struct link *, rb->nlinks));
	stack[top++] = rb->root;
	while (top > 0) {
		unsigned i;
		l = stack[--top];
		rb->order[n++] = l;
		l->reached = 1;
		sort_children(l);
		for (i = l->nchildren; i-- > 0;)
			stack[top++] = l->children[i]->child;
	}
	rb->norder = n;
	talloc_free(stack);
	if (n == rb->nlinks)
		return;
	for (l = rb->links; l->reached; l = l->next)
		;
	report_cycle(rs, l);
}

/* ---- gazebo extensions ---------------------------------------------------- */

/* A tag's value: its value attribute, else its text; blanks trimmed. */
static const char *tag_value(struct arena *a, const struct xnode *n)
{
	const char *v = xnode_attr(n, "value");

	return xnode_trimmed(a, v ? v : n->text);
}

/* libsdformat's reading of a boolean tag: the words of one value (true,
 * yes or 1; for turnGravityOff, false, no or 0), in any case; any other
 * text is the other value.  Returns 1 when TEXT is one of the usual words. */
static int read_bool(const struct tag *t, const char *text, int *out)
{
	int truth = strcasecmp(text, "true") == 0 || strcasecmp(text, "yes") == 0 ||
		    strcmp(text, "1") == 0;
	int lie = strcasecmp(text, "false") == 0 || strcasecmp(text, "no") == 0 ||
		  strcmp(text, "0") == 0;

	*out = truth || (t->negate && !lie);
	return truth || lie;
}

/* Every tag a block may set, while the block is read. */
struct tags_read {
	unsigned given;
	unsigned misplaced;           /* given where they do not apply: not read */
	union tag_value v[TAG_COUNT];
};

/* The value of tag T in TEXT as libsdformat reads that tag's type; 0, or
 * -1 after an error. */
static int read_tag_value(struct resolver *rs, const struct tag *t, const struct xnode *n,
			  const char *text, union tag_value *val)
{
	static const char *const what[] = {
		[TAG_BOOL] = "true or false", [TAG_NUM] = "a number",
		[TAG_VEC3] = "three finite numbers", [TAG_INT] = "an integer",
		[TAG_TEXT] = "a name"
	};
	char buf[DIAG_EXCERPT + 4], rest[DIAG_EXCERPT + 4], as[TAG_TEXT_BUFSZ];
	long len = (long)strlen(text);

	switch (t->kind) {
	case TAG_BOOL:
		if (!read_bool(t, text, &val->b))
			diag_warn(rs->d, D_GAZEBO_VALUE_ODD, n->pos.line, n->pos.col,
				  "<gazebo> <%s> '%s' is neither true nor false; read as %s, as "
				  "libsdformat reads it", t->name, diag_excerpt(buf, text),
				  val->b ? "true" : "false");
		return 0;
	case TAG_NUM: len = num_read_stod(text, &val->num); break;
	case TAG_INT: len = num_read_stoi(text, 10, &val->i); break;
	case TAG_VEC3: len = num_parse_vec(text, val->vec, 3) == 0 ? len : 0; break;
	case TAG_TEXT: val->text = text; break;
	}
	if (len <= 0) {
		diag_error(rs->d, D_GAZEBO_VALUE_BAD, n->pos.line, n->pos.col,
			   "<gazebo> <%s> is '%s'; expected %s%s", t->name, diag_excerpt(buf, text),
			   what[t->kind], len < 0 ? " within range" : "");
		return -1;
	}
	if (text[len] != '\0')
		diag_warn(rs->d, D_GAZEBO_VALUE_TRAILING, n->pos.line, n->pos.col,
			  "<gazebo> <%s> '%s' is read as %s, as libsdformat reads it; '%s' after "
			  "the number is ignored", t->name, diag_excerpt(buf, text),
			  tag_value_text(as, t->kind, val), diag_excerpt(rest, text + len));
	else if (t->kind == TAG_NUM && isnan(val->num))
		diag_warn(rs->d, D_GAZEBO_VALUE_NAN, n->pos.line, n->pos.col,
			  "<gazebo> <%s> is NaN; written as nan, which simulators read but "
			  "cannot compute with", t->name);
	return 0;
}

static void read_tag(struct resolver *rs, struct tags_read *tr, const struct tag *t,
		     const struct xnode *n)
{
	const char *v = tag_value(&rs->rb->arena, n);
	union tag_value *val = &tr->v[t->stored_as];

	if (t->kind == TAG_TEXT && (n->first || v[0] == '\0')) {
		diag_warn(rs->d, D_GAZEBO_TEXT_NOT_TEXT, n->pos.line, n->pos.col,
			  "<gazebo> <%s> %s; left out", t->name,
			  n->first ? "holds elements, not a name" : "is empty");
		return;
	}
	if (read_tag_value(rs, t, n, v, val) != 0)
		return;
	if ((t->kind == TAG_NUM && num_flush_subnormal(&val->num, 1)) ||
	    (t->kind == TAG_VEC3 && num_flush_subnormal(val->vec, 3))) {
		char buf[DIAG_EXCERPT + 4];
		diag_warn(rs->d, D_GAZEBO_SUBNORMAL, n->pos.line, n->pos.col, "<gazebo> <%s> '%s': a number too "
			  "small for SDFormat readers (subnormal) is taken as 0", t->name,
			  diag_excerpt(buf, v));
	}
	if (blob_tag_refused(rs->d, rs->target->schema, tag_elem(rs, t), t, n, (rs->opts->flags & U2S_REPAIR), val))
		return;   /* outside the range of the element it is written to */
	if (t->deprecated)
		diag_warn(rs->d, D_GAZEBO_DEPRECATED, n->pos.line, n->pos.col,
			  "<%s> is deprecated; use <%s> instead", t->name, t->deprecated);
	tr->given |= 1u << t->stored_as;
}

/* The tags of TR as E keeps them: the given ones only. */
static void keep_tags(struct resolver *rs, struct ext *e, const struct tags_read *tr)
{
	unsigned id, n = 0;

	e->tags.given = tr->given;
	if (!tr->given)
		return;
	e->tags.v = ARENA_ARRAY(&rs->rb->arena, union tag_value, tag_count(tr->given));
	for (id = 0; id < TAG_COUNT; id++)
		if (tag_given(&e->tags, id))
			e->tags.v[n++] = tr->v[id];
}

/* A <material> holding elements (<script>, <ambient>...) is the SDFormat
 * material users mean: it goes to every visual of the link, as a <visual>
 * block's <material> would (libsdformat reads it as text and drops it). */
static int material_as_blob(struct resolver *rs, struct ext *e, const struct xnode *c,
			    unsigned scope)
{
	if (strcmp(c->name, "material") != 0 || !c->first || !(scope & SCOPE_LINK))
		return 0;
	diag_warn(rs->d, D_GAZEBO_MATERIAL_ELEMENTS, c->pos.line, c->pos.col,
		  "<gazebo> <material> holds elements, not a material name: written as the "
		  "SDFormat <material> of every visual of '%s' (libsdformat drops it)", e->ref);
	node_list_push(&rs->rb->arena, &e->visual_blobs, (struct xnode *)c);
	return 1;
}

/* ---- Classic materials (--migrate) ----------------------------------------- */

static struct classic_migration migration_at(struct resolver *rs, const struct ext *e,
					     struct srcpos at)
{
	struct classic_migration mg = { rs->d, &rs->rb->arena, rs->target->colour_in_full, at,
					arena_cat3(&rs->rb->arena, "link '", 6, e->ref, "'") };

	return mg;
}

/* The block of E, for the migrated URDF (--output-format=urdf prints the
 * blocks migration changed): its <material> name tags give way to
 * <visual><material> holding COLOURS, the form libsdformat reads from a
 * block (a <gazebo> <material> holding elements it drops). */
static void material_tag_in_block(struct ext *e, const struct xnode *colours)
{
	struct xnode *block = e->block->elem, *c, *next;

	for (c = block->first; c; c = next) {
		next = c->next;
		if (strcmp(c->name, "material") == 0 && !c->first)
			xnode_unlink(c);
	}
	xnode_append(xnode_add(block, "visual", NULL), xnode_copy(block->arena, colours));
	e->block->migrated = 1;
}

/* The script of E's <material> tag (TAG, the last one read) becomes its
 * colours, where it is one of Classic's (src/classic_material.h); the
 * writer writes them in place of the script. */
static void migrate_material_tag(struct resolver *rs, struct ext *e, const struct tags_read *tr,
				 const struct xnode *tag)
{
	struct classic_migration mg;

	if (!tag || !((tr->given >> TAG_MATERIAL) & 1u))
		return;
	mg = migration_at(rs, e, tag->pos);
	e->material_colours = classic_material_migrate(&mg, tr->v[TAG_MATERIAL].text, NULL);
	if (e->material_colours)
		material_tag_in_block(e, e->material_colours);
}

/* The text of PARENT's child NAME, trimmed; NULL without one. */
static const char *child_text(struct resolver *rs, const struct xnode *parent, const char *name)
{
	const struct xnode *c = xnode_child(parent, name);

	return c && !c->first && c->text ? xnode_trimmed(&rs->rb->arena, c->text) : NULL;
}

/* A <material> MAT that a block gives visuals as elements, whose
 * <script> names one of Classic's materials: its colours instead of the
 * script (colours MAT gives itself stay), in place, as migrate.c rewrites
 * blobs (the block is marked for the migrated URDF). */
static void migrate_material_blob(struct resolver *rs, struct ext *e, struct xnode *mat)
{
	const struct xnode *script = xnode_child(mat, "script"), *c;
	const char *name = script ? child_text(rs, script, "name") : NULL;
	struct classic_migration mg;
	struct xnode *colours, *old;

	if (!name || !name[0])
		return;
	mg = migration_at(rs, e, mat->pos);
	colours = classic_material_migrate(&mg, name, child_text(rs, script, "uri"));
	if (!colours)
		return;
	while ((old = xnode_child(mat, "script")) != NULL)
		xnode_unlink(old);
	for (c = colours->first; c; c = c->next)
		if (!xnode_child(mat, c->name))
			xnode_add(mat, c->name, c->text);
	e->block->migrated = 1;
}

static void migrate_material_blobs(struct resolver *rs, struct ext *e)
{
	unsigned i;

	for (i = 0; i < e->visual_blobs.n; i++)
		if (strcmp(e->visual_blobs.v[i]->name, "material") == 0)
			migrate_material_blob(rs, e, e->visual_blobs.v[i]);
}

/* The block G as an extension of what SCOPE says it names (a mask of enum
 * tag_scope; 0: nothing).  A tag is read only where it applies, so that a
 * value nothing would use cannot refuse the robot; *MISPLACED gets the
 * others. */
static struct ext *ext_from_block(struct resolver *rs, struct gazebo *g, unsigned scope,
				  unsigned *misplaced)
{
	struct ext *e = ARENA_NEW(&rs->rb->arena, struct ext);
	struct tags_read tr;
	struct xnode *c, *b;
	const struct xnode *material_tag = NULL;

	tr.given = tr.misplaced = 0;
	e->ref = g->reference ? g->reference : "";
	e->block = g;
	e->pos = g->elem->pos;
	for (c = g->elem->first; c; c = c->next) {
		const struct tag *t = tag_named(rs, c->name);
		if (t && !(t->scope & scope)) {
			tr.misplaced |= 1u << (unsigned)(t - TAGS);
		} else if (t) {
			if (material_as_blob(rs, e, c, scope))
				continue;
			read_tag(rs, &tr, t, c);
			if (t->stored_as == TAG_MATERIAL)
				material_tag = c;
		} else if (strcmp(c->name, "visual") == 0 || strcmp(c->name, "collision") == 0) {
			struct node_list *l = c->name[0] == 'v' ? &e->visual_blobs : &e->collision_blobs;
			for (b = c->first; b; b = b->next)
				node_list_push(&rs->rb->arena, l, b);
		} else if (strcmp(c->name, "canonicalBody") == 0) {
			diag_warn(rs->d, D_GAZEBO_CANONICAL_BODY, c->pos.line, c->pos.col,
				  "<canonicalBody> has no SDFormat equivalent; ignored");
		} else {
			node_list_push(&rs->rb->arena, &e->blobs, c);
		}
	}
	keep_tags(rs, e, &tr);
	if ((rs->opts->flags & U2S_MIGRATE)) {
		migrate_material_tag(rs, e, &tr, material_tag);
		migrate_material_blobs(rs, e);
	}
	*misplaced = tr.misplaced;
	return e;
}

/* Edit distance of A and B, capped: enough to rank suggestions. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[65];

	if (la > 64 || lb > 64)
		return (size_t)-1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			if (up + 1 < best)
				best = up + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* Whether NAME, LEN_REF long reference REF's candidate, is nearer than BEST_D
 * and there is budget to find out: the cost is the table's size. */
static int worth_comparing(struct resolver *rs, size_t len_ref, const char *name, size_t best_d)
{
	size_t len = strlen(name);
	unsigned long cost = (unsigned long)(len_ref + 1) * (len + 1);

	if ((len > len_ref ? len - len_ref : len_ref - len) >= best_d)
		return 0;   /* the lengths alone are that far apart */
	if (cost > rs->suggest_budget) {
		rs->suggest_budget = 0;
		return 0;
	}
	rs->suggest_budget -= cost;
	return 1;
}

/* NAME in *BEST when it is nearer to REF than *BEST_D. */
static void consider(struct resolver *rs, const char *ref, size_t len_ref, const char *name,
		     const char **best, size_t *best_d)
{
	size_t dd;

	if (!worth_comparing(rs, len_ref, name, *best_d))
		return;
	dd = distance(ref, name);
	if (dd < *best_d)
		*best_d = dd, *best = name;
}

static const char *closest_name(struct resolver *rs, const char *ref)
{
	const char *best = NULL;
	size_t len_ref = strlen(ref), best_d = len_ref / 2 + 2;
	const struct link *l;
	const struct joint *j;

	for (l = rs->rb->links; l && rs->suggest_budget; l = l->next)
		consider(rs, ref, len_ref, l->name, &best, &best_d);
	for (j = rs->rb->joints; j && rs->suggest_budget; j = j->next)
		consider(rs, ref, len_ref, j->name, &best, &best_d);
	return rs->suggest_budget ? best : NULL;   /* a half-done search hints nothing */
}

/* Tags of E (MISPLACED, a mask of ids) that do not apply to what its block
 * names. */
static void warn_unused_tags(struct resolver *rs, const struct ext *e, unsigned misplaced)
{
	unsigned id;

	for (id = 0; id < TAG_COUNT; id++)
		if ((misplaced >> id) & 1u)
			diag_warn(rs->d, D_GAZEBO_TAG_MISPLACED, e->pos.line, e->pos.col,
				  "<%s> does not apply to %s; ignored", TAGS[id].name,
				  e->ref[0] ? e->ref : "the model");
}

/* LIST's LATEST, made when a second block joins it (most references have
 * one block, and need none): the last earlier block giving each tag. */
static const struct ext **latest_of(struct resolver *rs, struct ext_list *list)
{
	const struct ext_ref *r;
	unsigned id;

	if (list->latest || !list->first)
		return list->latest;
	list->latest = ARENA_ARRAY(&rs->rb->arena, const struct ext *, TAG_COUNT);
	for (r = list->first; r; r = r->next)
		for (id = 0; id < TAG_COUNT; id++)
			if (tag_given(&r->ext->tags, id))
				list->latest[id] = r->ext;
	return list->latest;
}

/* A tag that block E sets to another value than an earlier block for the
 * same reference (in LIST) did: the later one wins, as in libsdformat,
 * which warns of it too.  LIST remembers the last block giving each tag, so
 * that many blocks for one reference cost no walk over the earlier ones. */
static void warn_overrides(struct resolver *rs, struct ext_list *list, const struct ext *e)
{
	const struct ext **latest = latest_of(rs, list);
	unsigned id;

	if (!latest)
		return;   /* E is the first block of LIST */
	for (id = 0; id < TAG_COUNT; id++) {
		const struct ext *before = latest[id];
		const union tag_value *was, *now;
		char old_text[TAG_TEXT_BUFSZ], new_text[TAG_TEXT_BUFSZ];
		if (TAGS[id].stored_as != id || !tag_given(&e->tags, id))
			continue;
		latest[id] = e;
		if (!before)
			continue;
		was = tag_get(&before->tags, id);
		now = tag_get(&e->tags, id);
		if (tag_same_value(TAGS[id].kind, was, now))
			continue;
		diag_warn(rs->d, D_GAZEBO_TAG_REPLACED, e->pos.line, e->pos.col,
			  "<%s> %s replaces %s, given by the <gazebo> block at line %u", TAGS[id].name,
			  tag_value_text(new_text, TAGS[id].kind, now),
			  tag_value_text(old_text, TAGS[id].kind, was), before->pos.line);
	}
}

static void join_block(struct resolver *rs, struct gazebo *g)
{
	struct robot *rb = rs->rb;
	const char *ref = g->reference ? g->reference : "";
	struct link *l = ref[0] ? index_get(rb->link_index, ref) : NULL;
	struct joint *j = ref[0] ? index_get(rb->joint_index, ref) : NULL;
	unsigned scope = !ref[0] ? SCOPE_MODEL : (l ? SCOPE_LINK : 0) | (j ? SCOPE_JOINT : 0);
	unsigned misplaced;
	struct ext *e;
	const char *hint;

	/* A block with no element in it is nothing to libsdformat (no
	 * <surface> for its link's collisions either): nothing to u2s. */
	if (!g->elem->first && (!ref[0] || l || j))
		return;
	e = ext_from_block(rs, g, scope, &misplaced);
	e->ref_found = 1, e->ref_link = l, e->ref_joint = j;
	if (rb->nexts == rb->exts_cap) {
		rb->exts_cap = rb->exts_cap ? rb->exts_cap * 2 : 16;
		rb->exts = must(rb->oom, talloc_realloc(rb, rb->exts, struct ext *, rb->exts_cap));
	}
	rb->exts[rb->nexts++] = e;

	if (scope == SCOPE_MODEL) {
		warn_overrides(rs, &rb->model_exts, e);
		ext_list_append(&rb->arena, &rb->model_exts, e);
		warn_unused_tags(rs, e, misplaced);
		return;
	}
	if (l || j)
		warn_overrides(rs, l ? &l->exts : &j->exts, e);
	if (l)
		ext_list_append(&rb->arena, &l->exts, e);
	if (j) {
		ext_list_append(&rb->arena, &j->exts, e);
		if (tag_true(&e->tags, TAG_PRESERVE_FIXED_JOINT))
			j->preserve = 1;
		if (tag_true(&e->tags, TAG_DISABLE_FIXED_JOINT_LUMPING))
			j->disable_lumping = 1;
		if ((tag_given(&e->tags, TAG_PRESERVE_FIXED_JOINT) ||
		     tag_given(&e->tags, TAG_DISABLE_FIXED_JOINT_LUMPING)) && j->type != JOINT_FIXED)
			diag_warn(rs->d, D_GAZEBO_PRESERVE_NOT_FIXED, e->pos.line, e->pos.col,
				  "joint '%s' is %s, not fixed: <preserveFixedJoint> and "
				  "<disableFixedJointLumping> change nothing", j->name,
				  joint_type_name(j->type));
	}
	if (l || j) {
		warn_unused_tags(rs, e, misplaced);
		return;
	}
	hint = closest_name(rs, e->ref);
	diag_warn(rs->d, D_GAZEBO_REFERENCE_UNKNOWN, e->pos.line, e->pos.col,
		  "<gazebo reference='%s'> names no link or joint; %s%s%s", e->ref,
		  hint ? "did you mean '" : "ignored", hint ? hint : "", hint ? "'?" : "");
}

/* ---- materials ------------------------------------------------------------ */

/* An inline material named like one defined before it, with another
 * colour: the one before is used (as urdfdom does), this one's is lost. */
static void warn_other_colour(struct resolver *rs, const struct material *inline_mat,
			      const struct material *used)
{
	if (!inline_mat || !inline_mat->has_rgba || inline_mat->black)
		return;
	if (used->has_rgba && memcmp(used->rgba, inline_mat->rgba, sizeof used->rgba) == 0)
		return;
	diag_warn(rs->d, D_MATERIAL_REDEFINED, inline_mat->pos.line, inline_mat->pos.col,
		  "material '%s' was defined at line %u with %s; that one is used, not this "
		  "colour", used->name, used->pos.line,
		  used->black ? "no colour (black, as urdfdom makes it)" :
		  used->has_rgba ? "another colour" : "no colour");
}

/* As urdfdom 3 and later (libsdformat's and ROS 2's): a visual material with
 * an empty name is the visual's own; otherwise a robot-level material of
 * that name wins, else the visual's own colour or texture, which later
 * visuals may then name.  One that gives neither is dropped by urdfdom
 * (its name is not kept either): the visual has no colour.  (Older urdfdom,
 * and the copy inside libsdformat, kept it black; the reference does not.) */
/* The last material found for each of a few names, by the name's address:
 * read.c keeps each name once, so the visuals of a robot name a few strings
 * many times, and one string always finds one material (a name found in
 * the index stays with its material: only names not found are added).
 * Saves hashing the name and a miss in a large index for most visuals. */
#define NAMED_CACHE 64
struct named_cache {
	const char *name[NAMED_CACHE];
	struct material *m[NAMED_CACHE];
};

static struct material *material_named(struct resolver *rs, struct named_cache *c,
				       const char *name)
{
	size_t slot = ((uintptr_t)name >> 4) % NAMED_CACHE;
	struct material *m;

	if (c->name[slot] == name)
		return c->m[slot];
	m = index_get(rs->rb->material_index, name);
	if (m)
		c->name[slot] = name, c->m[slot] = m;
	return m;
}

/* The material of visual V of link L (V names one), warning as urdfdom
 * would about a name it does not know, or a colour it loses. */
static struct material *visual_material(struct resolver *rs, struct named_cache *c,
					const struct link *l, struct item *v)
{
	struct material *m = v->inline_mat;

	if (v->material_name[0] == '\0')
		return m->has_rgba || m->texture ? m : NULL;
	m = material_named(rs, c, v->material_name);
	if (!m && v->inline_mat && (v->inline_mat->has_rgba || v->inline_mat->texture)) {
		m = v->inline_mat;
		index_put(rs->rb->material_index, m->name, m);
	}
	if (!m)
		diag_warn(rs->d, D_MATERIAL_UNDEFINED, v->inline_mat->pos.line, v->inline_mat->pos.col,
			  "link '%s': material '%s' is not defined and gives no colour; "
			  "the visual gets none, as urdfdom reads it", l->name,
			  v->material_name);
	else if (m != v->inline_mat)
		warn_other_colour(rs, v->inline_mat, m);
	return m;
}

/* Each textured material said to be left out, once, where a visual first
 * uses it. */
static void warn_textures(struct resolver *rs)
{
	struct link *l;
	struct item *v;

	for (l = rs->rb->links; l; l = l->next)
		for (v = l->visuals.first; v; v = v->next)
			if (v->material && v->material->texture && !v->material->texture_warned) {
				v->material->texture_warned = 1;
				diag_warn(rs->d, D_MATERIAL_TEXTURE, v->material->pos.line, v->material->pos.col,
					  "material '%s': <texture> is left out (SDFormat has no "
					  "URDF-style texture; give the visual a <gazebo> <material>)",
					  v->material->name ? v->material->name : "");
			}
}

static void resolve_materials(struct resolver *rs)
{
	struct named_cache cache = { { NULL }, { NULL } };
	int textured = 0;
	struct link *l;
	struct item *v;

	for (l = rs->rb->links; l; l = l->next)
		for (v = l->visuals.first; v; v = v->next)
			if (v->material_name) {
				v->material = visual_material(rs, &cache, l, v);
				textured |= v->material && v->material->texture;
			}
	if (textured)   /* a second walk only when it has something to say */
		warn_textures(rs);
}

/* ---- joints --------------------------------------------------------------- */

static const char *first_tag_at(const struct ext *e, enum tag_target target);

static void check_joint(struct resolver *rs, struct joint *j)
{
	if (!JOINT_TYPES[j->type].sdf) {
		const struct ext_ref *r;
		j->fate = JOINT_LEFT_OUT;
		diag_warn(rs->d, D_JOINT_TYPE_LEFT_OUT, j->pos.line, j->pos.col,
			  "%s joint '%s' has no SDFormat %s equivalent; left out, link '%s' "
			  "is posed at its origin instead", joint_type_name(j->type), j->name,
			  rs->target->version, j->child_name);
		for (r = j->exts.first; r; r = r->next)
			if (r->ext->blobs.n || first_tag_at(r->ext, AT_JOINT))
				diag_warn(rs->d, D_JOINT_BLOCK_LEFT_OUT, r->ext->pos.line, r->ext->pos.col,
					  "this <gazebo> block for joint '%s' is left out with the "
					  "joint", j->name);
	}
	if (j->has_limit && j->lower > j->upper &&
	    (j->type == JOINT_REVOLUTE || j->type == JOINT_PRISMATIC)) {
		double t = j->lower;
		diag_warn(rs->d, D_LIMIT_SWAPPED, j->limit_pos.line, j->limit_pos.col,
			  "joint '%s': limit lower %g > upper %g; swapping the two",
			  j->name, j->lower, j->upper);
		j->lower = j->upper;
		j->upper = t;
	}
}

/* One line for all mimic joints, for a target without <mimic>: common in
 * hands, where one per joint would bury the other messages. */
static void warn_mimic_unwritable(struct resolver *rs)
{
	const struct joint *j, *first = NULL;
	unsigned n = 0;
	char more[48] = "";

	for (j = rs->rb->joints; j; j = j->next)
		if (j->rare && j->rare->has_mimic && n++ == 0)
			first = j;

	if (n == 0)
		return;
	if (n > 1)
		snprintf(more, sizeof more, " (and %u other joint%s)", n - 1, n > 2 ? "s" : "");
	diag_warn(rs->d, D_MIMIC_UNWRITABLE, first->rare->mimic_pos.line, first->rare->mimic_pos.col,
		  "joint '%s'%s: <mimic> has no SDFormat %s equivalent; ignored", first->name,
		  more, rs->target->version);
}

/* A joint whose <mimic> is to be decided: a follower written as a joint. */
static int mimic_open(const struct joint *j)
{
	return j && j->rare && j->rare->has_mimic && j->fate == JOINT_WRITTEN &&
	       j->rare->mimic_state == 0;
}

/* Why follower J's <mimic> would not load, or NULL: its leader must be
 * another joint of the output that moves, and follow nothing in the output
 * itself (its own <mimic> written: a chain, which simulators refuse).
 * The leader is decided before J. */
static const char *mimic_problem(const struct robot *rb, const struct joint *j)
{
	const struct joint *m = index_get(rb->joint_index, j->rare->mimic_joint);

	if (j->type == JOINT_FIXED)
		return "the joint is fixed and cannot follow";
	if (!m)
		return "no joint has that name";
	if (m == j)
		return "it names the joint itself";
	switch (m->fate) {
	case JOINT_LUMPED: return "that fixed joint is merged away by lumping";
	case JOINT_AS_FRAME: return "that fixed joint is written as a frame";
	case JOINT_LEFT_OUT: return "that joint has a type SDFormat lacks and is left out";
	case JOINT_DROPPED: return "that joint is left out with a massless link";
	case JOINT_WRITTEN: break;
	}
	if (!strcmp(joint_sdf_type(m), "fixed"))
		return "that joint is fixed and does not move";
	if (m->rare && m->rare->mimic_state == 1)
		return "the <mimic>s form a cycle";
	if (m->rare && m->rare->mimic_written)
		return "that joint mimics another (a chain)";
	return NULL;
}

static void mimic_left_out(struct resolver *rs, const struct joint *j, const char *why)
{
	diag_warn(rs->d, D_MIMIC_LEFT_OUT, j->rare->mimic_pos.line, j->rare->mimic_pos.col,
		  "joint '%s' mimics '%s', but %s; the <mimic> is left out", j->name,
		  j->rare->mimic_joint, why);
}

/* Decides follower J once its leader is decided. */
static void decide_mimic(struct resolver *rs, struct joint *j)
{
	const char *why = mimic_problem(rs->rb, j);

	if (why)
		mimic_left_out(rs, j, why);
	else
		j->rare->mimic_written = 1;
	j->rare->mimic_state = 2;
}

/* Which <mimic>s are written (the target has them): those whose leader is
 * another moving joint of the output and follows nothing in the output.
 * Leaders are decided before their followers: a follower of a leader whose
 * own <mimic> was left out keeps its <mimic>; only a follower of a written
 * follower is cut.  Each joint is walked over once, so long chains cost
 * no more than their length. */
static void decide_mimics(struct resolver *rs)
{
	struct robot *rb = rs->rb;
	struct joint **walk, *j;
	unsigned n;

	if (!rs->target->has_mimic) {
		warn_mimic_unwritable(rs);
		return;
	}
	walk = must(rb->oom, talloc_array(rb, struct joint *, rb->njoints + 1));
	for (j = rb->joints; j; j = j->next) {
		struct joint *x = j;
		for (n = 0; mimic_open(x); x = index_get(rb->joint_index, x->rare->mimic_joint)) {
			x->rare->mimic_state = 1;   /* on this walk: a leader met again is a cycle */
			walk[n++] = x;
		}
		while (n > 0)
			decide_mimic(rs, walk[--n]);
	}
	talloc_free(walk);
}

/* ---- link fates ------------------------------------------------------------- */

/* A fixed child joint of L that lumping kept (its child is its own
 * owner), and so did not give L its mass. */
static const struct joint *kept_fixed_child(const struct link *l)
{
	unsigned i;

	for (i = 0; i < l->nchildren; i++)
		if (l->children[i]->type == JOINT_FIXED &&
		    l->children[i]->child->owner == l->children[i]->child)
			return l->children[i];
	return NULL;
}

static void warn_dropped(struct resolver *rs, struct link *l)
{
	const char *why = l->inertial ? "has a mass <= 0" : "has no <inertial>";
	const struct joint *pj = l->parent_joint;
	const struct joint *fc = kept_fixed_child(l);
	char hint[512] = "give it an <inertial> with a positive mass";

	if (fc)
		snprintf(hint, sizeof hint, "give it an <inertial> with a positive mass, or let "
			 "its fixed child joint '%s' be lumped (no <preserveFixedJoint>, "
			 "<disableFixedJointLumping> or --preserve-fixed-joints) so that it "
			 "takes that link's mass", fc->name);
	if (pj)
		diag_warn(rs->d, D_MASSLESS_DROPPED, l->pos.line, l->pos.col,
			  "link '%s' %s and its parent joint '%s' is %s, so it cannot be a "
			  "frame; it is left out with that joint and %u link%s below it; %s",
			  l->name, why, pj->name, pj->type == JOINT_FIXED ? "kept" : "not fixed",
			  l->ndropped_below, l->ndropped_below == 1 ? "" : "s", hint);
	else
		diag_warn(rs->d, D_MASSLESS_ROOT, l->pos.line, l->pos.col,
			  "root link '%s' %s; SDFormat needs a positive mass, so it is left out "
			  "with all %u link%s below it and the model has no link; %s",
			  l->name, why, l->ndropped_below, l->ndropped_below == 1 ? "" : "s", hint);
}

static void warn_frame(struct resolver *rs, const struct link *l)
{
	const struct joint *j = l->parent_joint;
	const struct ext_ref *r;
	unsigned i;

	int moved = l->visuals.first || l->collisions.first || l->exts.first;

	diag_warn(rs->d, D_MASSLESS_FRAME, l->pos.line, l->pos.col,
		  "link '%s' %s; its fixed joint '%s' is kept, so both are written as "
		  "<frame>s%s%s%s", l->name, l->inertial ? "has a mass <= 0" : "has no <inertial>",
		  j->name, moved ? ", and what the link holds (visuals, collisions, <gazebo> "
		  "blocks) is written in link '" : "", moved ? l->owner->name : "", moved ? "'" : "");
	for (r = j->exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++) {
			const struct xnode *b = r->ext->blobs.v[i];
			const char *name = xnode_attr(b, "name");
			diag_warn(rs->d, D_MASSLESS_JOINT_BLOB, b->pos.line, b->pos.col,
				  "<%s%s%s%s> cannot attach to joint '%s', which became a frame "
				  "(link '%s' has no mass); left out", b->name,
				  name ? " name='" : "", name ? name : "", name ? "'" : "",
				  j->name, l->name);
		}
}

/* The world is the model's fixed frame, not a link: what the URDF gives
 * it is not written. */
static void warn_world_contents(struct resolver *rs, const struct link *l)
{
	const struct ext_ref *r;

	if (l->inertial || l->visuals.first || l->collisions.first)
		diag_warn(rs->d, D_WORLD_CONTENTS, l->pos.line, l->pos.col,
			  "link 'world' is the model's fixed frame, not a link: its %s left out",
			  l->inertial && (l->visuals.first || l->collisions.first) ?
			  "<inertial>, <visual>s and <collision>s are" :
			  l->inertial ? "<inertial> is" : "<visual>s and <collision>s are");
	for (r = l->exts.first; r; r = r->next)
		diag_warn(rs->d, D_WORLD_BLOCK, r->ext->pos.line, r->ext->pos.col,
			  "this <gazebo> block for link 'world' is left out: the world is the "
			  "model's fixed frame, not a link");
}

static void drop(struct link *l, struct link *by)
{
	l->fate = LINK_DROPPED;
	l->dropped_by = by;
	if (l->parent_joint)
		l->parent_joint->fate = JOINT_DROPPED;
	if (by != l)
		by->ndropped_below++;
}

/* L is left out with a massless link above it.  --repair gives that link a
 * mass, and then judges L as any other link: so that plain conversion
 * warns of exactly what --repair changes, a massless L is said to be one
 * that would be left out on its own (and loadable_left_out says what else
 * --repair would find in it). */
static void judge_below_dropped(struct resolver *rs, struct link *l)
{
	const struct joint *pj = l->parent_joint;

	if (l->owner != l || !link_is_massless(l))
		return;   /* lumped (its mass is its owner's), or with a mass */
	if (pj->type == JOINT_FIXED &&
	    (pj->preserve || pj->disable_lumping || (rs->opts->flags & U2S_PRESERVE_FIXED_JOINTS)))
		return;   /* a frame, with a mass above it */
	diag_warn(rs->d, D_MASSLESS_BELOW, l->pos.line, l->pos.col,
		  "link '%s' %s too, below link '%s', with which it is left out: a mass for "
		  "'%s' alone would not keep it; give it an <inertial> with a positive mass",
		  l->name, l->inertial ? "has a mass <= 0" : "has no <inertial>",
		  l->dropped_by->name, l->dropped_by->name);
}

/* Pre-order, after lumping: a massless link whose fixed parent joint is kept
 * from lumping (zero-mass-links.md) becomes a frame, unless it hangs from
 * the world (a frame there would resolve through __model__ to the model's
 * first link, possibly its own child); any other massless link is dropped with its subtree, and so is a
 * link lumped into a dropped one. */
static void decide_fates(struct resolver *rs)
{
	struct robot *rb = rs->rb;
	unsigned i;
	int unusual = 0;   /* a link dropped or made a frame: the second walk has work */

	for (i = 0; i < rb->norder; i++) {
		struct link *l = rb->order[i];
		struct joint *pj = l->parent_joint;
		struct link *parent = pj ? pj->parent : NULL;

		if (parent && parent->fate == LINK_DROPPED)
			drop(l, parent->dropped_by);
		else if (l->fate == LINK_LUMPED && l->owner->fate == LINK_DROPPED)
			drop(l, l->owner->dropped_by);
		else if (l->fate == LINK_LUMPED)
			continue;
		else if (link_is_world(rb, l))
			l->fate = LINK_WORLD, warn_world_contents(rs, l);
		else if (!link_is_massless(l))
			l->fate = LINK_WRITTEN;
		else if (pj && pj->type == JOINT_FIXED && !link_is_world(rb, pj->parent) &&
			 (pj->preserve || pj->disable_lumping || (rs->opts->flags & U2S_PRESERVE_FIXED_JOINTS))) {
			l->fate = LINK_FRAME, pj->fate = JOINT_AS_FRAME;
			lump_frame_link(rb, rs->d, l);
		}
		else if (loadable_massless(&rs->load, l))
			l->fate = LINK_WRITTEN;
		else
			drop(l, l);
		unusual |= l->dropped_by || l->fate == LINK_FRAME;
	}
	lump_frames_done(rb);
	for (i = 0; unusual && i < rb->norder; i++) {
		struct link *l = rb->order[i];
		if (l->dropped_by == l)
			warn_dropped(rs, l);
		else if (l->dropped_by)
			judge_below_dropped(rs, l);
		if (l->dropped_by && l->owner == l && !(rs->opts->flags & U2S_REPAIR))
			loadable_left_out(&rs->load, l);
		else if (l->fate == LINK_FRAME)
			warn_frame(rs, l);
	}
}

static void check_written(struct resolver *rs)
{
	struct robot *rb = rs->rb;
	unsigned i, written = 0;

	for (i = 0; i < rb->norder; i++)
		if (rb->order[i]->fate == LINK_WRITTEN) {
			written++;
			loadable_inertia(&rs->load, rb->order[i]);
		}
	if (written == 0 && !(rb->root && rb->root->dropped_by == rb->root))
		diag_warn(rs->d, D_MODEL_NO_MASS, rb->pos.line, rb->pos.col,
			  "the model has no link with mass; simulators will not load it");
}

/* The first tag of E written at TARGET, or NULL. */
static const char *first_tag_at(const struct ext *e, enum tag_target target)
{
	unsigned id;

	for (id = 0; id < TAG_COUNT; id++)
		if (TAGS[id].target == target && tag_given(&e->tags, id))
			return TAGS[id].name;
	return NULL;
}

/* What a block gives the collisions or visuals of a link that has none
 * reaches nothing.  (A link that absorbed others is passed over: an
 * unnamed item it absorbed may take its extensions, see write.c.) */
static void warn_items_missing(struct resolver *rs, const struct link *l, const struct ext *e,
			       enum item_kind kind)
{
	const int visual = kind == ITEM_VISUAL;
	const char *tag = first_tag_at(e, visual ? AT_VISUAL : AT_COLLISION);
	const struct node_list *blobs = visual ? &e->visual_blobs : &e->collision_blobs;

	if (!tag && blobs->n == 0)
		return;
	diag_warn(rs->d, D_GAZEBO_NO_ITEMS, e->pos.line, e->pos.col,
		  "link '%s' has no <%s>, so <%s> in this <gazebo> block applies to nothing; "
		  "ignored", l->name, visual ? "visual" : "collision",
		  tag ? tag : visual ? "visual" : "collision");
}

/* Whether a block of L gives its items of KIND something. */
static int gives_items(const struct link *l, enum item_kind kind)
{
	const int visual = kind == ITEM_VISUAL;
	const struct ext_ref *r;

	for (r = l->exts.first; r; r = r->next)
		if (first_tag_at(r->ext, visual ? AT_VISUAL : AT_COLLISION) ||
		    (visual ? r->ext->visual_blobs.n : r->ext->collision_blobs.n))
			return 1;
	return 0;
}

/* An item lumped from link L into OWNER whose name starts with the
 * owner's (L "base_arm" into "base", unnamed: "base_arm_visual") gets no
 * lump marker in its name, and libsdformat, which tells items apart by
 * name, then gives it the owner's extensions instead of L's.  u2s does
 * the same (write.c); said where either link has extensions for it. */
static void warn_captured_items(struct resolver *rs)
{
	static const enum item_kind kinds[] = { ITEM_COLLISION, ITEM_VISUAL };
	unsigned i, k;

	for (i = 0; i < rs->rb->norder; i++) {
		const struct link *l = rs->rb->order[i];
		if (l->fate != LINK_LUMPED)
			continue;
		for (k = 0; k < 2; k++) {
			const struct item *it = kinds[k] == ITEM_VISUAL ? l->visuals.first
									: l->collisions.first;
			const char *what = kinds[k] == ITEM_VISUAL ? "visual" : "collision";
			if (!it || (!gives_items(l, kinds[k]) && !gives_items(l->owner, kinds[k])))
				continue;
			for (; it; it = it->next) {
				struct arena_mark m = arena_mark(&rs->rb->arena);
				const char *name = item_sdf_name(&rs->rb->arena, l->owner->name, l, it, 0);
				if (!strstr(name, "_fixed_joint_lump__"))
					diag_warn(rs->d, D_LUMP_ITEM_TAKES_OWNER, it->pos.line, it->pos.col, "this %s of link '%s', "
						  "merged into '%s', is named '%s', which starts with "
						  "'%s': as in libsdformat, it takes the <gazebo> %s "
						  "settings of '%s', not those of '%s'", what, l->name,
						  l->owner->name, name, l->owner->name, what,
						  l->owner->name, l->name);
				arena_release(&rs->rb->arena, m);
			}
		}
	}
}

static void warn_exts_without_items(struct resolver *rs)
{
	unsigned i;

	for (i = 0; i < rs->rb->norder; i++) {
		const struct link *l = rs->rb->order[i];
		const struct ext_ref *r;
		if ((l->fate != LINK_WRITTEN && l->fate != LINK_LUMPED && l->fate != LINK_FRAME) ||
		    l->absorbed_first)
			continue;
		for (r = l->exts.first; r; r = r->next) {
			if (!l->collisions.first)
				warn_items_missing(rs, l, r->ext, ITEM_COLLISION);
			if (!l->visuals.first)
				warn_items_missing(rs, l, r->ext, ITEM_VISUAL);
		}
	}
}

int resolve(struct robot *rb, struct diag *d, const struct options *opts,
	    const struct sdf_target *target)
{
	struct resolver rs = { rb, d, opts, target, SUGGEST_BUDGET, { 0 }, { NULL }, { 0 }, { NULL }, { NULL } };
	struct gazebo *g;
	struct joint *j;
	struct link *root;
	int several_roots;

	loadable_init(&rs.load, rb, d, (opts->flags & U2S_REPAIR), opts->repair_mass);
	rb->blobs_unlumped = (opts->flags & U2S_OUTPUT_URDF);
	several_roots = build_tree(&rs, &root);
	if (d->errors)
		return U2S_REJECTED;
	find_root(&rs, root, several_roots);
	if (d->errors)
		return U2S_REJECTED;
	order_links(&rs);
	if (d->errors)
		return U2S_REJECTED;
	for (g = rb->gazebos; g; g = g->next)
		join_block(&rs, g);
	resolve_materials(&rs);
	for (j = rb->joints; j; j = j->next)
		check_joint(&rs, j);
	lump(rb, d, opts, target);
	decide_fates(&rs);
	/* the rules on what the output names, and its axes (loadable.h) */
	loadable_names(&rs.load);
	loadable_axes(&rs.load);
	loadable_blob_names(&rs.load);
	decide_mimics(&rs);
	if ((opts->flags & U2S_MIGRATE))
		migrate(rb, d, opts, target);   /* Classic -> gz-sim, before blobs are read as the target reads them */
	/* The URDF output prints the blocks migrated as they are now, not as
	 * the target's schema leaves them (model.h's struct gazebo). */
	if ((opts->flags & U2S_OUTPUT_URDF))
		gazebo_keep_migrated(rb);
	blob_read_as(rb, d, target->schema, (opts->flags & U2S_REPAIR));
	if (!d->errors) {   /* rejected anyway: the errors are what matters */
		warn_exts_without_items(&rs);
		warn_captured_items(&rs);
	}
	check_written(&rs);
	return d->errors ? U2S_REJECTED : U2S_OK;
}
