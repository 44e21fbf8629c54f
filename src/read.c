/* read: expat callbacks that build the model.
 *
 * A stack of frames mirrors the open elements; each frame says what the
 * element is to u2s (a link, a visual, a gazebo subtree, something to skip)
 * and points at the model node it fills.  Semantic problems are reported
 * and parsing goes on, so one run lists them all; only malformed XML stops
 * the parser. */
#include "read.h"

#include "num.h"

#include <errno.h>
#include <expat.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (64 * 1024)
#define MAX_DEPTH 4096

enum frame_kind {
	F_DOC, F_ROBOT, F_MATERIAL, F_LINK, F_INERTIAL, F_ITEM, F_GEOMETRY,
	F_VMATERIAL, F_JOINT, F_GAZEBO, F_IGNORE
};

struct frame {
	enum frame_kind kind;
	void *obj;          /* the model node this element fills */
	int seen_child;     /* F_GEOMETRY: a shape was read; F_INERTIAL: flags */
	struct srcpos pos;  /* F_GEOMETRY: where it starts */
};

struct reader {
	XML_Parser parser;
	TALLOC_CTX *ctx;
	struct robot *robot;
	struct arena *arena;        /* the robot's: every model node goes here */
	struct diag *diag;
	struct frame *stack;
	unsigned depth, cap;
	char *text;                 /* character data of the open gazebo leaf */
	size_t textlen, textcap;
	int stopped;                /* XML_StopParser was called */
	struct index pool;          /* strings read more than once, kept once */
	/* Reading half a file (read_halves): */
	unsigned long line_offset;  /* added to expat's line numbers */
	int synthetic_root;         /* the <robot> start is ours, not the file's */
	int foreign;                /* a DOCTYPE, or an encoding other than UTF-8 */
};

/* Frame flags: children seen so far. */
enum { INERTIAL_MASS = 1, INERTIAL_INERTIA = 2 };
enum { ITEM_ORIGIN = 1, ITEM_GEOMETRY = 2, ITEM_MATERIAL = 4 };

static void XMLCALL on_text(void *arg, const XML_Char *s, int len);

/* ---- small helpers ---------------------------------------------------- */

static struct srcpos here(struct reader *r)
{
	struct srcpos p;

	p.line = XML_GetCurrentLineNumber(r->parser) + r->line_offset;
	p.col = XML_GetCurrentColumnNumber(r->parser) + 1;
	return p;
}

static const char *attr(const XML_Char **atts, const char *name)
{
	for (; *atts; atts += 2)
		if (strcmp(atts[0], name) == 0)
			return atts[1];
	return NULL;
}

/* The attribute NAME of element ELEM, or an error when it is missing. */
static const char *need_attr(struct reader *r, const XML_Char **atts,
			     const char *elem, const char *name)
{
	const char *v = attr(atts, name);
	struct srcpos p;

	if (!v) {
		p = here(r);
		diag_error(r->diag, p.line, p.col, "<%s> has no '%s' attribute", elem, name);
	}
	return v;
}

/* The name of ELEM: SDFormat has no use for an empty one. */
static const char *need_name(struct reader *r, const XML_Char **atts, const char *elem)
{
	const char *v = need_attr(r, atts, elem, "name");
	struct srcpos p;

	if (v && !*v) {
		p = here(r);
		diag_error(r->diag, p.line, p.col, "<%s> has an empty 'name'", elem);
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
		diag_error(r->diag, p.line, p.col,
			   "<%s %s='%s'>: not a finite number", elem, name, value);
	else
		diag_error(r->diag, p.line, p.col,
			   "<%s %s='%s'>: expected %d finite numbers", elem, name, value, n);
}

/* Reads N numbers from attribute NAME into OUT.  A missing attribute leaves
 * OUT as it is (the caller's default) unless REQUIRED.  Returns 1 when the
 * attribute was present and valid. */
static int num_attr(struct reader *r, const XML_Char **atts, const char *elem,
		    const char *name, double *out, int n, int required)
{
	const char *v = required ? need_attr(r, atts, elem, name) : attr(atts, name);

	if (!v)
		return 0;
	if (num_parse_vec(v, out, n) != 0) {
		bad_number(r, elem, name, v, n);
		return 0;
	}
	return 1;
}

static const char *intern(struct reader *r, const char *s)
{
	return s ? arena_strdup(r->arena, s) : NULL;
}

/* S, kept once however often the input repeats it: element and attribute
 * names inside <gazebo>, mesh files, material names.  A robot of a million
 * links names a few hundred meshes and tags over and over. */
static const char *shared(struct reader *r, const char *s)
{
	const char *kept;

	if (!s)
		return NULL;
	kept = index_get(&r->pool, s);
	if (!kept) {
		kept = arena_strdup(r->arena, s);
		index_put(&r->pool, kept, (void *)kept);
	}
	return kept;
}

/* A link name a joint refers to: the link's own copy when it was read
 * already (it usually was). */
static const char *link_name(struct reader *r, const char *s)
{
	const struct link *l = s ? index_get(&r->robot->link_index, s) : NULL;

	return l ? l->name : intern(r, s);
}

static void read_origin(struct reader *r, const XML_Char **atts, struct pose *out)
{
	double xyz[3] = { 0, 0, 0 }, rpy[3] = { 0, 0, 0 };

	num_attr(r, atts, "origin", "xyz", xyz, 3, 0);
	num_attr(r, atts, "origin", "rpy", rpy, 3, 0);
	*out = pose_from_xyz_rpy(xyz, rpy);
}

/* ---- element starts, one function per parent kind ------------------------ */

static struct frame *push(struct reader *r, enum frame_kind kind, void *obj)
{
	struct frame *f;

	if (r->depth == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 64;
		r->stack = talloc_realloc(r->ctx, r->stack, struct frame, r->cap);
	}
	f = &r->stack[r->depth++];
	f->kind = kind;
	f->obj = obj;
	f->seen_child = 0;
	return f;
}

static void start_robot(struct reader *r, const XML_Char **atts)
{
	struct robot *rb = r->robot;

	rb->pos = here(r);
	rb->name = intern(r, need_name(r, atts, "robot"));
	if (!rb->name)
		rb->name = "";
	push(r, F_ROBOT, rb);
}

static void start_link(struct reader *r, const XML_Char **atts)
{
	struct link *l = ARENA_NEW(&r->robot->link_arena, struct link);
	struct link *old;

	l->pos = here(r);
	l->name = intern(r, need_name(r, atts, "link"));
	push(r, F_LINK, l);
	if (!l->name)
		return;
	old = index_put(&r->robot->link_index, l->name, l);
	if (old) {
		diag_error(r->diag, l->pos.line, l->pos.col,
			   "duplicate link name '%s' (first defined at line %lu)",
			   l->name, (unsigned long)old->pos.line);
		return;
	}
	if (r->robot->links_last)
		r->robot->links_last->next = l;
	else
		r->robot->links = l;
	r->robot->links_last = l;
	r->robot->nlinks++;
}

static int parse_joint_type(const char *s, enum joint_type *t)
{
	static const char *const names[] = {
		"revolute", "continuous", "prismatic", "fixed", "floating", "planar"
	};
	unsigned i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i]) == 0) {
			*t = (enum joint_type)i;
			return 0;
		}
	return -1;
}

static void start_joint(struct reader *r, const XML_Char **atts)
{
	struct joint *j = ARENA_NEW(&r->robot->joint_arena, struct joint);
	const char *type;
	struct joint *old;

	j->pos = here(r);
	j->origin = POSE_IDENTITY;
	j->axis[0] = 1;
	j->name = intern(r, need_name(r, atts, "joint"));
	type = need_attr(r, atts, "joint", "type");
	push(r, F_JOINT, j);
	j->type_unknown = !type;   /* reported: no more messages about its type */
	if (type && parse_joint_type(type, &j->type) != 0) {
		j->type_unknown = 1;
		diag_error(r->diag, j->pos.line, j->pos.col,
			   "joint '%s' has unknown type '%s' (expected revolute, continuous, "
			   "prismatic, fixed, floating or planar)", j->name ? j->name : "", type);
	}
	if (!j->name)
		return;
	old = index_put(&r->robot->joint_index, j->name, j);
	if (old) {
		diag_error(r->diag, j->pos.line, j->pos.col,
			   "duplicate joint name '%s' (first defined at line %lu)",
			   j->name, (unsigned long)old->pos.line);
		return;
	}
	if (r->robot->joints_last)
		r->robot->joints_last->next = j;
	else
		r->robot->joints = j;
	r->robot->joints_last = j;
	r->robot->njoints++;
}

static void start_material(struct reader *r, const XML_Char **atts, enum frame_kind kind)
{
	struct material *m = ARENA_NEW(r->arena, struct material);

	m->pos = here(r);
	m->name = shared(r, need_attr(r, atts, "material", "name"));
	push(r, kind, m);
}

static void start_gazebo_node(struct reader *r, const XML_Char *name, const XML_Char **atts,
			      struct xnode *parent)
{
	struct xnode *n = xnode_new(r->arena, shared(r, name));
	unsigned i, count = 0;

	n->pos = here(r);
	while (atts[2 * count])
		count++;
	if (count) {
		n->attrs = ARENA_ARRAY(r->arena, struct xattr, count);
		for (i = 0; i < count; i++) {
			n->attrs[i].name = shared(r, atts[2 * i]);
			n->attrs[i].value = shared(r, atts[2 * i + 1]);
		}
		n->nattrs = count;
	}
	if (parent)
		xnode_append(parent, n);
	r->textlen = 0;
	push(r, F_GAZEBO, n);
}

static void start_in_robot(struct reader *r, const XML_Char *name, const XML_Char **atts)
{
	if (strcmp(name, "link") == 0) {
		start_link(r, atts);
	} else if (strcmp(name, "joint") == 0) {
		start_joint(r, atts);
	} else if (strcmp(name, "material") == 0) {
		start_material(r, atts, F_MATERIAL);
	} else if (strcmp(name, "gazebo") == 0) {
		struct gazebo *g = ARENA_NEW(r->arena, struct gazebo);
		g->reference = intern(r, attr(atts, "reference"));
		start_gazebo_node(r, name, atts, NULL);
		/* Text matters only inside <gazebo>: elsewhere expat need not
		 * hand over the whitespace between elements at all. */
		XML_SetCharacterDataHandler(r->parser, on_text);
		g->elem = r->stack[r->depth - 1].obj;
		if (r->robot->gazebos_last)
			r->robot->gazebos_last->next = g;
		else
			r->robot->gazebos = g;
		r->robot->gazebos_last = g;
	} else if (strcmp(name, "origin") == 0) {
		r->robot->has_origin = 1;
		read_origin(r, atts, &r->robot->origin);
		push(r, F_IGNORE, NULL);
	} else {
		push(r, F_IGNORE, NULL);   /* transmission, ros2_control, ... */
	}
}

static void start_in_link(struct reader *r, struct link *l, const XML_Char *name,
			  const XML_Char **atts)
{
	struct item *it;

	if (strcmp(name, "inertial") == 0 && !l->inertial) {
		l->inertial = ARENA_NEW(&r->robot->link_arena, struct inertial);
		l->inertial->origin = POSE_IDENTITY;
		l->inertial->pos = here(r);
		push(r, F_INERTIAL, l->inertial);
		return;
	}
	if (strcmp(name, "visual") != 0 && strcmp(name, "collision") != 0) {
		push(r, F_IGNORE, NULL);
		return;
	}
	it = ARENA_NEW(&r->robot->item_arena, struct item);
	it->kind = name[0] == 'v' ? ITEM_VISUAL : ITEM_COLLISION;
	it->pos = here(r);
	it->name = intern(r, attr(atts, "name"));
	it->origin = POSE_IDENTITY;
	it->source = l;
	item_list_append(it->kind == ITEM_VISUAL ? &l->visuals : &l->collisions, it);
	push(r, F_ITEM, it);
}

static void start_in_inertial(struct reader *r, struct frame *f, const XML_Char *name,
			      const XML_Char **atts)
{
	struct inertial *in = f->obj;

	if (strcmp(name, "origin") == 0) {
		read_origin(r, atts, &in->origin);
	} else if (strcmp(name, "mass") == 0) {
		f->seen_child |= INERTIAL_MASS;
		num_attr(r, atts, "mass", "value", &in->mass, 1, 1);
	} else if (strcmp(name, "inertia") == 0) {
		static const char *const keys[] = { "ixx", "ixy", "ixz", "iyy", "iyz", "izz" };
		double *vals[] = { &in->ixx, &in->ixy, &in->ixz, &in->iyy, &in->iyz, &in->izz };
		unsigned i;
		f->seen_child |= INERTIAL_INERTIA;
		for (i = 0; i < 6; i++)
			num_attr(r, atts, "inertia", keys[i], vals[i], 1, 1);
	}
	push(r, F_IGNORE, NULL);
}

static void start_shape(struct reader *r, struct geometry *g, const XML_Char *name,
			const XML_Char **atts)
{
	if (strcmp(name, "box") == 0) {
		g->kind = GEOM_BOX;
		num_attr(r, atts, name, "size", g->size, 3, 1);
	} else if (strcmp(name, "cylinder") == 0) {
		g->kind = GEOM_CYLINDER;
		num_attr(r, atts, name, "length", &g->length, 1, 1);
		num_attr(r, atts, name, "radius", &g->radius, 1, 1);
	} else if (strcmp(name, "sphere") == 0) {
		g->kind = GEOM_SPHERE;
		num_attr(r, atts, name, "radius", &g->radius, 1, 1);
	} else if (strcmp(name, "mesh") == 0) {
		struct srcpos p = here(r);
		g->kind = GEOM_MESH;
		g->pos = p;
		g->filename = shared(r, need_attr(r, atts, name, "filename"));
		if (g->filename && g->filename[0] == '\0')
			diag_error(r->diag, p.line, p.col, "<mesh> has an empty filename");
		g->scale[0] = g->scale[1] = g->scale[2] = 1;
		num_attr(r, atts, name, "scale", g->scale, 3, 0);
	} else {
		struct srcpos p = here(r);
		diag_error(r->diag, p.line, p.col,
			   "unknown geometry <%s> (expected box, cylinder, sphere or mesh)", name);
	}
}

static void start_in_item(struct reader *r, struct frame *f, const XML_Char *name,
			  const XML_Char **atts)
{
	struct item *it = f->obj;

	if (strcmp(name, "origin") == 0 || strcmp(name, "geometry") == 0 ||
	    (strcmp(name, "material") == 0 && it->kind == ITEM_VISUAL)) {
		/* As urdfdom: the first of each counts. */
		unsigned bit = name[0] == 'o' ? ITEM_ORIGIN : name[0] == 'g' ? ITEM_GEOMETRY : ITEM_MATERIAL;
		if (f->seen_child & bit) {
			struct srcpos p = here(r);
			diag_warn(r->diag, p.line, p.col, "a second <%s> in <%s> is ignored", name,
				  it->kind == ITEM_VISUAL ? "visual" : "collision");
			push(r, F_IGNORE, NULL);
			return;
		}
		f->seen_child |= bit;
	}
	if (strcmp(name, "origin") == 0) {
		read_origin(r, atts, &it->origin);
	} else if (strcmp(name, "geometry") == 0) {
		push(r, F_GEOMETRY, it)->pos = here(r);
		return;
	} else if (strcmp(name, "material") == 0 && it->kind == ITEM_VISUAL) {
		start_material(r, atts, F_VMATERIAL);
		it->inline_mat = r->stack[r->depth - 1].obj;
		it->material_name = it->inline_mat->name;
		return;
	}
	push(r, F_IGNORE, NULL);
}

static void start_in_material(struct reader *r, struct material *m, const XML_Char *name,
			      const XML_Char **atts)
{
	if (strcmp(name, "color") == 0) {
		if (num_attr(r, atts, "color", "rgba", m->rgba, 4, 1)) {
			int i;
			m->has_rgba = 1;
			for (i = 0; i < 4; i++)
				if (m->rgba[i] < 0 || m->rgba[i] > 1) {
					struct srcpos p = here(r);
					char buf[DIAG_EXCERPT + 4];
					diag_error(r->diag, p.line, p.col,
						   "<color rgba='%s'>: components must lie in [0, 1]",
						   diag_excerpt(buf, attr(atts, "rgba")));
					break;
				}
		}
	} else if (strcmp(name, "texture") == 0) {
		m->texture = shared(r, attr(atts, "filename"));
		if (!m->texture)
			m->texture = "";
	}
	push(r, F_IGNORE, NULL);
}

static struct joint_rare *joint_rare(struct reader *r, struct joint *j)
{
	if (!j->rare)
		j->rare = ARENA_NEW(&r->robot->joint_arena, struct joint_rare);
	return j->rare;
}

static void start_in_joint(struct reader *r, struct joint *j, const XML_Char *name,
			   const XML_Char **atts)
{
	if (strcmp(name, "origin") == 0) {
		read_origin(r, atts, &j->origin);
	} else if (strcmp(name, "parent") == 0) {
		j->parent_pos = here(r);
		j->parent_name = link_name(r, need_attr(r, atts, "parent", "link"));
	} else if (strcmp(name, "child") == 0) {
		j->child_pos = here(r);
		j->child_name = link_name(r, need_attr(r, atts, "child", "link"));
	} else if (strcmp(name, "axis") == 0) {
		j->has_axis = 1;
		j->axis[0] = 0;   /* <axis> without xyz means 0 0 0, as urdfdom reads it */
		num_attr(r, atts, "axis", "xyz", j->axis, 3, 0);
	} else if (strcmp(name, "limit") == 0) {
		j->has_limit = 1;
		j->limit_pos = here(r);
		num_attr(r, atts, "limit", "lower", &j->lower, 1, 0);
		num_attr(r, atts, "limit", "upper", &j->upper, 1, 0);
		num_attr(r, atts, "limit", "effort", &j->effort, 1, 1);
		num_attr(r, atts, "limit", "velocity", &j->velocity, 1, 1);
	} else if (strcmp(name, "dynamics") == 0) {
		j->has_dynamics = 1;
		num_attr(r, atts, "dynamics", "damping", &j->damping, 1, 0);
		num_attr(r, atts, "dynamics", "friction", &j->friction, 1, 0);
	} else if (strcmp(name, "mimic") == 0) {
		struct joint_rare *x = joint_rare(r, j);
		x->has_mimic = 1;
		x->mimic_pos = here(r);
		x->mimic_joint = intern(r, need_attr(r, atts, "mimic", "joint"));
		x->mimic_multiplier = 1;
		num_attr(r, atts, "mimic", "multiplier", &x->mimic_multiplier, 1, 0);
		num_attr(r, atts, "mimic", "offset", &x->mimic_offset, 1, 0);
	} else if (strcmp(name, "safety_controller") == 0) {
		struct joint_rare *x = joint_rare(r, j);
		x->has_safety = 1;
		num_attr(r, atts, name, "soft_lower_limit", &x->soft_lower, 1, 0);
		num_attr(r, atts, name, "soft_upper_limit", &x->soft_upper, 1, 0);
		num_attr(r, atts, name, "k_position", &x->k_position, 1, 0);
		num_attr(r, atts, name, "k_velocity", &x->k_velocity, 1, 1);
	} else if (strcmp(name, "calibration") == 0) {
		struct joint_rare *x = joint_rare(r, j);
		x->has_calibration = 1;
		num_attr(r, atts, name, "rising", &x->rising, 1, 0);
		num_attr(r, atts, name, "falling", &x->falling, 1, 0);
	}
	push(r, F_IGNORE, NULL);
}

static void XMLCALL on_start(void *arg, const XML_Char *name, const XML_Char **atts)
{
	struct reader *r = arg;
	struct frame *top = &r->stack[r->depth - 1];

	if (r->depth > MAX_DEPTH) {
		struct srcpos p = here(r);
		diag_error(r->diag, p.line, p.col, "elements nested deeper than %d levels", MAX_DEPTH);
		r->stopped = 1;
		XML_StopParser(r->parser, XML_FALSE);
		return;
	}
	switch (top->kind) {
	case F_DOC:
		if (r->synthetic_root) {
			push(r, F_ROBOT, r->robot);
		} else if (strcmp(name, "robot") == 0) {
			start_robot(r, atts);
		} else {
			struct srcpos p = here(r);
			diag_error(r->diag, p.line, p.col,
				   "the root element is <%s>; a URDF file has <robot>", name);
			r->stopped = 1;
			XML_StopParser(r->parser, XML_FALSE);
		}
		break;
	case F_ROBOT:
		start_in_robot(r, name, atts);
		break;
	case F_LINK:
		start_in_link(r, top->obj, name, atts);
		break;
	case F_INERTIAL:
		start_in_inertial(r, top, name, atts);
		break;
	case F_ITEM:
		start_in_item(r, top, name, atts);
		break;
	case F_GEOMETRY:
		if (!top->seen_child) {
			top->seen_child = 1;
			start_shape(r, &((struct item *)top->obj)->geom, name, atts);
		}
		push(r, F_IGNORE, NULL);
		break;
	case F_MATERIAL:
	case F_VMATERIAL:
		start_in_material(r, top->obj, name, atts);
		break;
	case F_JOINT:
		start_in_joint(r, top->obj, name, atts);
		break;
	case F_GAZEBO:
		start_gazebo_node(r, name, atts, top->obj);
		break;
	case F_IGNORE:
		push(r, F_IGNORE, NULL);
		break;
	}
}

/* ---- element ends: checks that need the whole element ------------------- */

static void end_material(struct reader *r, struct material *m)
{
	struct material *old;

	if (!m->name)
		return;
	if (!m->has_rgba && !m->texture) {
		diag_error(r->diag, m->pos.line, m->pos.col,
			   "material '%s' has neither <color> nor <texture>", m->name);
		return;
	}
	old = index_put(&r->robot->material_index, m->name, m);
	if (old)
		diag_error(r->diag, m->pos.line, m->pos.col,
			   "duplicate material name '%s' (first defined at line %lu)",
			   m->name, (unsigned long)old->pos.line);
}

static void end_joint(struct reader *r, struct joint *j)
{
	const char *name = j->name ? j->name : "";

	/* A <parent> or <child> without its link attribute was reported already. */
	if (!j->parent_pos.line || !j->child_pos.line)
		diag_error(r->diag, j->pos.line, j->pos.col,
			   "joint '%s' needs both <parent link=...> and <child link=...>", name);
	if (!j->has_limit && !j->type_unknown && (j->type == JOINT_REVOLUTE || j->type == JOINT_PRISMATIC))
		diag_error(r->diag, j->pos.line, j->pos.col,
			   "%s joint '%s' has no <limit> (effort and velocity are required)",
			   joint_type_name(j->type), name);
}

static void end_inertial(struct reader *r, struct frame *f)
{
	struct inertial *in = f->obj;

	if (!(f->seen_child & INERTIAL_MASS))
		diag_error(r->diag, in->pos.line, in->pos.col, "<inertial> has no <mass>");
	/* urdfdom keeps such a link with zero inertia, and so does libsdformat. */
	if (!(f->seen_child & INERTIAL_INERTIA))
		diag_warn(r->diag, in->pos.line, in->pos.col,
			  "<inertial> has no <inertia>; using zero inertia");
}

static void end_gazebo_node(struct reader *r, struct xnode *n)
{
	if (!n->first && r->textlen > 0)
		n->text = arena_strndup(r->arena, r->text, r->textlen);
	r->textlen = 0;
}

static void XMLCALL on_end(void *arg, const XML_Char *name)
{
	struct reader *r = arg;
	struct frame *f = &r->stack[r->depth - 1];

	(void)name;
	switch (f->kind) {
	case F_MATERIAL:
		end_material(r, f->obj);
		break;
	case F_JOINT:
		end_joint(r, f->obj);
		break;
	case F_INERTIAL:
		end_inertial(r, f);
		break;
	case F_GEOMETRY:
		if (!f->seen_child)
			diag_error(r->diag, f->pos.line, f->pos.col, "<geometry> holds no shape");
		break;
	case F_ITEM: {
		struct item *it = f->obj;
		if (!(f->seen_child & ITEM_GEOMETRY))
			diag_error(r->diag, it->pos.line, it->pos.col, "<%s> has no <geometry>",
				   it->kind == ITEM_VISUAL ? "visual" : "collision");
		break;
	}
	case F_GAZEBO:
		end_gazebo_node(r, f->obj);
		if (f[-1].kind == F_ROBOT)   /* the <gazebo> element itself */
			XML_SetCharacterDataHandler(r->parser, NULL);
		break;
	default:
		break;
	}
	r->depth--;
}

static void XMLCALL on_text(void *arg, const XML_Char *s, int len)
{
	struct reader *r = arg;

	if (r->stack[r->depth - 1].kind != F_GAZEBO)
		return;
	if (r->textlen + (size_t)len + 1 > r->textcap) {
		size_t cap = r->textcap ? r->textcap : 256;
		while (cap < r->textlen + (size_t)len + 1)
			cap *= 2;
		r->text = talloc_realloc(r->ctx, r->text, char, cap);
		r->textcap = cap;
	}
	memcpy(r->text + r->textlen, s, (size_t)len);
	r->textlen += (size_t)len;
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
	diag_error(r->diag, p.line, p.col, "external entity '%s' is not read "
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

	diag_error(r->diag, p.line, p.col, "entity '%s%s;' is not defined "
		   "(u2s reads no external DTD or parameter entity)", is_parameter ? "%" : "&",
		   diag_excerpt(buf, name));
}

/* ---- the read loop ------------------------------------------------------ */

static int malformed(struct reader *r)
{
	if (!r->stopped) {
		struct srcpos p = here(r);
		diag_error(r->diag, p.line, p.col, "malformed XML: %s",
			   XML_ErrorString(XML_GetErrorCode(r->parser)));
	}
	return U2S_REJECTED;
}

static int feed(struct reader *r, int fd)
{
	for (;;) {
		void *buf = XML_GetBuffer(r->parser, READ_CHUNK);
		ssize_t n;

		if (!buf) {
			diag_error(r->diag, 0, 0, "out of memory while reading");
			return U2S_IO;
		}
		n = read(fd, buf, READ_CHUNK);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			diag_error(r->diag, 0, 0, "cannot read input: %s", strerror(errno));
			return U2S_IO;
		}
		if (XML_ParseBuffer(r->parser, (int)n, n == 0) == XML_STATUS_ERROR)
			return malformed(r);
		if (n == 0)
			return U2S_OK;
	}
}

static int reader_init(struct reader *r, TALLOC_CTX *ctx, struct diag *d)
{
	memset(r, 0, sizeof *r);
	r->ctx = ctx;
	r->diag = d;
	r->robot = robot_new(ctx);
	r->arena = &r->robot->arena;
	index_init(&r->pool, ctx);
	r->parser = XML_ParserCreate(NULL);
	if (!r->parser)
		return -1;
	/* Never fetch external entities or DTDs.  Entity expansion is bounded
	 * by expat's billion-laughs protection, on by default (configure
	 * requires an expat that has it). */
	XML_SetParamEntityParsing(r->parser, XML_PARAM_ENTITY_PARSING_NEVER);
	XML_SetExternalEntityRefHandler(r->parser, on_external_entity);
	XML_SetSkippedEntityHandler(r->parser, on_skipped_entity);
	XML_SetUserData(r->parser, r);
	XML_SetElementHandler(r->parser, on_start, on_end);
	push(r, F_DOC, NULL);
	return 0;
}

static void reader_free(struct reader *r)
{
	XML_ParserFree(r->parser);
	talloc_free(r->stack);
	talloc_free(r->text);
	talloc_free(r->pool.slots);
}

/* ---- a file read as two halves at once ---------------------------------- *
 *
 * A big regular file is cut in two at a line that starts a top-level
 * element (<link>, <joint>, <gazebo>), and each half is parsed
 * by its own expat parser on its own core: the first half as the file's
 * start followed by "</robot>", the second as "<robot>" followed by the
 * file's end.  The cut is only trusted when everything agrees it was
 * between two children of <robot>: the first half, closed there, must be
 * well-formed (a cut inside a comment, a CDATA section or a nested element
 * is not), the second must parse on its own, the file must have no DOCTYPE
 * (whose declarations the second half would miss) and be UTF-8, and
 * neither half may have anything to report, nor may the halves define the
 * same name twice.  Otherwise the halves are thrown away and the file is
 * read from its start as one stream, which reports what there is to
 * report in document order.  The halves' models are then joined: the
 * second half's links, joints, blocks and materials follow the first's,
 * and its line numbers were counted from the cut. */

/* Below SPLIT_MIN bytes one core is about as quick.  The fuzz target
 * builds with a small one so that its small inputs take this path too. */
#ifndef SPLIT_MIN
#define SPLIT_MIN (256 * 1024)
#endif
#define SPLIT_WINDOW (64 * 1024)   /* looked through for a cut, a few times */

struct half {
	struct reader r;
	struct diag d;
	int fd;
	off_t from, to;                /* the file's bytes this half parses */
	const char *before, *after;    /* the text it gets around them */
	off_t count_from;              /* second half: where its line count starts */
	int rc;
};

static void XMLCALL on_xml_decl(void *arg, const XML_Char *version,
				const XML_Char *encoding, int standalone)
{
	struct reader *r = arg;

	(void)version, (void)standalone;
	if (encoding && strcasecmp(encoding, "UTF-8") != 0)
		r->foreign = 1;
}

static void XMLCALL on_doctype(void *arg, const XML_Char *name, const XML_Char *sysid,
			       const XML_Char *pubid, int has_internal_subset)
{
	struct reader *r = arg;

	(void)name, (void)sysid, (void)pubid, (void)has_internal_subset;
	r->foreign = 1;
}

/* Whether S (N bytes) starts a <link>, <joint> or <gazebo> element: the
 * children of <robot> a cut may come before.  (<joint> also appears in
 * <transmission>, and <material> in <visual>: see find_cut.) */
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

/* The offset of a line near the middle of FROM..TO that starts such an
 * element, or -1.  Of those in the window it takes the first that is
 * indented least: children of <robot> are indented less than what nests
 * in them, in any file a program or a person indented. */
static off_t find_cut(int fd, off_t from, off_t to)
{
	char buf[SPLIT_WINDOW];
	off_t at = from + (to - from) / 2, best = -1;
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
			if ((size_t)(q - p) < best_indent && starts_robot_child(q, (size_t)(end - q))) {
				best = at + (p - buf);
				best_indent = (size_t)(q - p);
			}
		}
		at += n - 64;   /* overlap: a tag cut by the window's end is seen whole */
	}
	return best;
}

/* Lines that start before offset TO, counting from FROM: newlines + 1, or
 * 0 when a carriage return is there (expat counts a lone one as a line
 * break) or the file cannot be read. */
static unsigned long lines_before(int fd, off_t from, off_t to)
{
	char buf[READ_CHUNK];
	unsigned long lines = 1;

	while (from < to) {
		size_t want = to - from < (off_t)sizeof buf ? (size_t)(to - from) : sizeof buf;
		ssize_t n = pread(fd, buf, want, from);
		const char *p = buf, *end;
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || memchr(buf, '\r', (size_t)n))
			return 0;
		end = buf + n;
		while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL)
			p++, lines++;
		from += n;
	}
	return lines;
}

static int feed_range(struct reader *r, int fd, off_t from, off_t to,
		      const char *before, const char *after)
{
	if (XML_Parse(r->parser, before, (int)strlen(before), 0) == XML_STATUS_ERROR)
		return malformed(r);
	while (from < to) {
		size_t want = to - from < READ_CHUNK ? (size_t)(to - from) : READ_CHUNK;
		void *buf = XML_GetBuffer(r->parser, (int)want);
		ssize_t n;
		if (!buf)
			return U2S_IO;
		n = pread(fd, buf, want, from);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return U2S_IO;   /* the file changed under us: read it as a stream */
		from += n;
		if (XML_ParseBuffer(r->parser, (int)n, 0) == XML_STATUS_ERROR)
			return malformed(r);
	}
	if (XML_Parse(r->parser, after, (int)strlen(after), 1) == XML_STATUS_ERROR)
		return malformed(r);
	return U2S_OK;
}

static void parse_half(struct half *h)
{
	if (h->count_from < h->from) {
		unsigned long lines = lines_before(h->fd, h->count_from, h->from);
		if (lines == 0) {
			h->rc = U2S_IO;
			return;
		}
		/* The cut's line is the second half's line 2, after "<robot>". */
		h->r.line_offset = lines - 2;
	}
	h->rc = feed_range(&h->r, h->fd, h->from, h->to, h->before, h->after);
}

static void *parse_half_thread(void *arg)
{
	parse_half(arg);
	return NULL;
}

static void quiet_diag(void *arg, enum u2s_severity sev, const char *line)
{
	(void)arg, (void)sev, (void)line;
}

static int half_init(struct half *h, TALLOC_CTX *ctx, const char *file, int fd)
{
	struct u2s_options opts;

	memset(&opts, 0, sizeof opts);
	opts.diag_fn = quiet_diag;   /* counted, not shown: see read_halves */
	diag_init(&h->d, file, &opts);
	h->fd = fd;
	return reader_init(&h->r, ctx, &h->d);
}

static int half_is_clean(const struct half *h)
{
	return h->rc == U2S_OK && h->d.errors == 0 && h->d.warnings == 0 && !h->r.foreign;
}

/* Puts B's names into A's index IX; -1 when one is there already. */
static int merge_index(struct index *ix, const struct index *b)
{
	size_t i;

	for (i = 0; i < b->cap; i++)
		if (b->slots[i].key && index_put(ix, b->slots[i].key, b->slots[i].val))
			return -1;
	return 0;
}

/* The second half's model after the first's; -1 when a name is defined in
 * both (then the whole is read again, to say so where it happens). */
static int join_halves(struct robot *a, struct robot *b)
{
	if (merge_index(&a->link_index, &b->link_index) != 0 ||
	    merge_index(&a->joint_index, &b->joint_index) != 0 ||
	    merge_index(&a->material_index, &b->material_index) != 0)
		return -1;
	if (b->links) {
		if (a->links_last)
			a->links_last->next = b->links;
		else
			a->links = b->links;
		a->links_last = b->links_last;
	}
	if (b->joints) {
		if (a->joints_last)
			a->joints_last->next = b->joints;
		else
			a->joints = b->joints;
		a->joints_last = b->joints_last;
	}
	if (b->gazebos) {
		if (a->gazebos_last)
			a->gazebos_last->next = b->gazebos;
		else
			a->gazebos = b->gazebos;
		a->gazebos_last = b->gazebos_last;
	}
	a->nlinks += b->nlinks;
	a->njoints += b->njoints;
	if (b->has_origin) {
		a->has_origin = 1;
		a->origin = b->origin;
	}
	talloc_steal(a, b);   /* its arenas, nodes and strings */
	return 0;
}

/* Reads FROM..TO of FD as two halves at once.  Returns the robot, or NULL
 * when the file must be read as one stream instead. */
static struct robot *read_halves(TALLOC_CTX *ctx, int fd, off_t from, off_t to,
				 const char *file)
{
	struct half first, second;
	TALLOC_CTX *ctx2;
	struct robot *rb = NULL;
	pthread_t thread;
	off_t cut = find_cut(fd, from, to);

	if (cut < 0 || !(ctx2 = talloc_new(NULL)))
		return NULL;
	if (half_init(&first, ctx, file, fd) != 0 || half_init(&second, ctx2, file, fd) != 0) {
		talloc_free(ctx2);
		return NULL;
	}
	XML_SetXmlDeclHandler(first.r.parser, on_xml_decl);
	XML_SetStartDoctypeDeclHandler(first.r.parser, on_doctype);
	first.from = from, first.to = cut, first.before = "", first.after = "</robot>";
	first.count_from = from;
	second.from = cut, second.to = to, second.before = "<robot>\n", second.after = "";
	second.count_from = from;
	second.r.synthetic_root = 1;
	if (pthread_create(&thread, NULL, parse_half_thread, &second) == 0) {
		parse_half(&first);
		pthread_join(thread, NULL);
		if (half_is_clean(&first) && half_is_clean(&second) && first.r.robot->name &&
		    join_halves(first.r.robot, second.r.robot) == 0) {
			rb = first.r.robot;
			rb->read_in_halves = 1;
		}
	}
	reader_free(&first.r);
	reader_free(&second.r);
	if (rb) {
		talloc_steal(ctx, ctx2);
	} else {
		talloc_free(ctx2);
		talloc_free(first.r.robot);
	}
	return rb;
}

int read_urdf(TALLOC_CTX *ctx, int fd, struct diag *d, struct robot **out)
{
	struct reader r;
	struct stat st;
	off_t start;
	int rc;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (start = lseek(fd, 0, SEEK_CUR)) >= 0 && st.st_size - start >= SPLIT_MIN &&
	    (*out = read_halves(ctx, fd, start, st.st_size, d->file)) != NULL) {
		lseek(fd, st.st_size, SEEK_SET);   /* as if read to the end */
		return U2S_OK;
	}
	if (reader_init(&r, ctx, d) != 0) {
		diag_error(d, 0, 0, "out of memory");
		return U2S_IO;
	}
	rc = feed(&r, fd);
	reader_free(&r);
	if (rc == U2S_OK && !r.robot->name) {
		diag_error(d, 1, 1, "no <robot> element");
		rc = U2S_REJECTED;
	}
	if (rc == U2S_OK && d->errors > 0)
		rc = U2S_REJECTED;
	*out = r.robot;
	return rc;
}
