/* bounds: the placement of a free model on the ground (see bounds.h). */
#include "bounds.h"

#include <math.h>
#include <string.h>

#include "index.h"
#include "meshbounds.h"
#include "package.h"
#include "uri.h"
#include "world.h"

/* A frame's place in the model, its rotation kept as a quaternion: placing
 * a link composes the joints' origins from the root, and angles taken of
 * each place and turned back into a rotation for the next would cost
 * trigonometry and a rounding at every joint. */
struct place {
	struct vec3 p;
	struct quat q;
};

static const struct place ROOT_PLACE = { { 0, 0, 0 }, { 1, 0, 0, 0 } };

static int place_is_root(struct place a)
{
	return a.p.x == 0 && a.p.y == 0 && a.p.z == 0 && a.q.w == 1 && a.q.x == 0 &&
	       a.q.y == 0 && a.q.z == 0;
}

/* B, given in the frame at A, in the model. */
static struct place place_then(struct place a, struct pose b)
{
	struct place r;

	if (place_is_root(a)) {   /* exactly B */
		r.p = b.p;
		r.q = pose_quat_zero_fast(&b);
		return r;
	}
	r.p = quat_rotate(a.q, b.p);
	r.p.x += a.p.x, r.p.y += a.p.y, r.p.z += a.p.z;
	r.q = quat_normalized(quat_mul(a.q, pose_quat_zero_fast(&b)));
	return r;
}

/* Row z of Q's rotation: how each axis of its frame rises in the world. */
static void rising(struct quat q, double rz[3])
{
	double m[9];

	quat_to_matrix(q, m);
	rz[0] = m[6];
	rz[1] = m[7];
	rz[2] = m[8];
}

static double lowest_at(const struct geometry *g, double c, struct quat q)
{
	double rz[3];

	rising(q, rz);
	switch (g->kind) {
	case GEOM_BOX:
		return c - (fabs(rz[0]) * g->size[0] + fabs(rz[1]) * g->size[1] +
			    fabs(rz[2]) * g->size[2]) / 2;
	case GEOM_SPHERE:
		return c - g->radius;
	case GEOM_CYLINDER:   /* the lower rim: half the axis, then the radius across */
		return c - fabs(rz[2]) * g->length / 2 -
		       g->radius * sqrt(fmax(0, 1 - rz[2] * rz[2]));
	case GEOM_CAPSULE:    /* the lower cap's sphere */
		return c - fabs(rz[2]) * g->length / 2 - g->radius;
	default:
		return NAN;
	}
}

double bounds_lowest(const struct geometry *g, struct pose at)
{
	return lowest_at(g, at.p.z, pose_quat(&at));
}

/* The direction a mesh of scale SCALE turned by Q is measured along: the
 * world z of a vertex V of the file is the frame's z + D . V. */
static void mesh_direction(struct quat q, const double scale[3], double d[3])
{
	double rz[3];
	int i;

	rising(q, rz);
	for (i = 0; i < 3; i++)
		d[i] = rz[i] * scale[i];
}

/* One collision of a mesh file, and the file's uses. */
struct mesh_use {
	const struct link *src;
	const struct item *it;
	double cz, d[3];
	struct mesh_use *next;
};

struct mesh_file {
	const char *path;
	struct mesh_use *first, *last;
	size_t n;
	struct mesh_file *next;
};

struct placer {
	struct robot *rb;
	struct diag *d;
	const struct options *opts;
	TALLOC_CTX *tmp;
	struct package_finder *finder;
	struct index *files;          /* path -> struct mesh_file */
	struct index *unfound;        /* URIs said not to be found */
	struct index *located;        /* URI -> its file, for URIs met again */
	struct mesh_file *first, *last;
	unsigned ncollisions, nwritten;
	double low;                   /* the lowest point yet, +inf */
	const struct link *low_src;
	const struct item *low_it;
};

static void consider(struct placer *p, double z, const struct link *src, const struct item *it)
{
	if (z < p->low) {
		p->low = z;
		p->low_src = src;
		p->low_it = it;
	}
}

static void mesh_unread(struct placer *p, const struct link *src, const struct item *it,
			const char *why)
{
	diag_warn(p->d, D_PLACE_MESH_UNREAD, it->geom.pos.line, it->geom.pos.col,
		  "mesh '%s' (a collision of link '%s') cannot be read: %s; the placement "
		  "on the ground leaves it out", it->geom.filename, src->name, why);
}

/* A mesh collision at AT: its use of its file, measured later. */
static void mesh_seen(struct placer *p, const struct link *src, const struct item *it,
		      struct place at)
{
	const char *where, *pkg_path, *path;
	struct mesh_file *f;
	struct mesh_use *u;

	/* A robot names a few mesh files many times: each URI is located
	 * once (and said once when it is not found). */
	if (index_get(p->unfound, it->geom.filename))
		return;
	if (!(path = index_get(p->located, it->geom.filename))) {
		path = uri_mesh_file(p->finder, p->tmp, p->rb->oom, p->opts, p->d->file,
				     it->geom.filename, &where, &pkg_path);
		if (!path) {
			index_put(p->unfound, it->geom.filename, (void *)it);
			mesh_unread(p, src, it, where);
			return;
		}
		index_put(p->located, it->geom.filename, (void *)path);
	}
	if (!(f = index_get(p->files, path))) {
		f = must(p->rb->oom, talloc_zero(p->tmp, struct mesh_file));
		f->path = path;
		index_put(p->files, path, f);
		LIST_APPEND(p->first, p->last, f, next);
	}
	u = must(p->rb->oom, talloc_zero(p->tmp, struct mesh_use));
	u->src = src;
	u->it = it;
	u->cz = at.p.z;
	mesh_direction(at.q, it->geom.scale, u->d);
	LIST_APPEND(f->first, f->last, u, next);
	f->n++;
}

/* The collisions of link SRC, whose frame is at AT in the model. */
static void link_seen(struct placer *p, const struct link *src, struct place at)
{
	const struct item *it;

	for (it = src->collisions.first; it; it = it->next) {
		struct place c;
		if (it->geom.kind == GEOM_NONE)
			continue;
		p->ncollisions++;
		c = place_then(at, it->origin);
		if (it->geom.kind == GEOM_MESH)
			mesh_seen(p, src, it, c);
		else
			consider(p, lowest_at(&it->geom, c.p.z, c.q), src, it);
	}
}

/* Where link L is in the model, its parent's place known (PLACES: link
 * name -> place, AT: L's, to be filled): at its joint's origin from the
 * joint's parent, which lumping may have made an ancestor further up
 * (lump.c re-parents the joints below a lumped link, their origins with
 * them). */
static struct place link_place(struct index *places, const struct link *l, struct place *at)
{
	const struct joint *pj = l->parent_joint;
	const struct place *parent = pj && pj->parent ? index_get(places, pj->parent->name) : NULL;

	*at = parent ? place_then(*parent, pj->origin) : ROOT_PLACE;
	index_put(places, l->name, at);
	return *at;
}

/* Every link written or lumped into one written, from the root, each at
 * its place in the model with every joint at zero, parents first (no
 * recursion: a chain may be long). */
static void walk_links(struct placer *p)
{
	struct robot *rb = p->rb;
	const struct link **stack;
	struct index *places = index_new(p->tmp, rb->oom);
	struct place *place;   /* one per link placed, in the order placed */
	size_t top = 0, nplaced = 0;
	unsigned i;

	if (!rb->root)
		return;
	stack = must(rb->oom, talloc_array(p->tmp, const struct link *, rb->nlinks + 1));
	place = must(rb->oom, talloc_array(p->tmp, struct place, rb->nlinks + 1));
	stack[top++] = rb->root;
	while (top) {
		const struct link *l = stack[--top];
		struct place at;
		if (l->fate == LINK_DROPPED || nplaced == (size_t)rb->nlinks + 1)
			continue;
		at = link_place(places, l, &place[nplaced++]);
		p->nwritten += l->fate == LINK_WRITTEN;
		if (l->owner && l->owner->fate == LINK_WRITTEN)
			link_seen(p, l, at);
		for (i = l->nchildren; i-- > 0;)   /* the first child on top */
			if (l->children[i]->child && top < (size_t)rb->nlinks + 1)
				stack[top++] = l->children[i]->child;
	}
}

/* Each mesh file read once, for all its uses. */
static void measure_files(struct placer *p)
{
	const struct mesh_file *f;
	const struct mesh_use *u;
	struct mesh_probe *probes;
	const char *why;
	size_t k;

	for (f = p->first; f; f = f->next) {
		probes = must(p->rb->oom, talloc_array(p->tmp, struct mesh_probe, f->n));
		for (u = f->first, k = 0; u; u = u->next, k++) {
			memcpy(probes[k].d, u->d, sizeof u->d);
			probes[k].low = INFINITY;
		}
		why = meshbounds_read(p->tmp, p->rb->oom, f->path, probes, f->n);
		if (!why && f->n && !isfinite(probes[0].low))
			why = "it holds no vertex";
		if (why) {
			mesh_unread(p, f->first->src, f->first->it,
				    must(p->rb->oom, talloc_asprintf(p->tmp, "%s (%s)", why, f->path)));
			continue;
		}
		for (u = f->first, k = 0; u; u = u->next, k++)
			consider(p, u->cz + probes[k].low, u->src, u->it);
		talloc_free(probes);
	}
}

/* Whether the model's place is said by its author: fixed to the world,
 * or a pose of its own. */
static int posed_by_author(const struct robot *rb)
{
	const struct ext_ref *r;
	unsigned i;

	if (rb->world || rb->has_origin)
		return 1;
	for (r = rb->model_exts.first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++)
			if (!strcmp(r->ext->blobs.v[i]->name, "pose"))
				return 1;
	return 0;
}

/* The SDF name of the lowest collision (as the writer numbers them). */
static const char *low_name(const struct placer *p)
{
	const struct link *owner = p->low_src->owner, *src;
	const struct item *it;
	unsigned k = 0;

	for (src = owner; src; src = src == owner ? owner->absorbed_first : src->next_absorbed)
		for (it = src->collisions.first; it; it = it->next, k++)
			if (it == p->low_it)
				return item_sdf_name(&p->rb->arena, owner->name, src, it, k);
	return "?";
}

static void say_placed(struct placer *p)
{
	struct world_plan *plan = p->rb->plan;

	if (!p->nwritten)
		return;   /* no link is written (U2S0602 said why): nothing to place */
	if (!isfinite(p->low)) {
		const char *why = p->ncollisions ?
			must(p->rb->oom, talloc_asprintf(p->tmp, "none of its %u collisions could "
							 "be measured, so u2s cannot tell where "
							 "it meets the ground", p->ncollisions)) :
			"it has no collision to rest on the ground with (it falls through it)";
		diag_warn(p->d, D_PLACE_NO_COLLISION, p->rb->pos.line, p->rb->pos.col,
			  "robot '%s' is left at z = 0: %s; --pose places it", p->rb->name, why);
		return;
	}
	plan->placed = 1;
	/* to the nanometre: the rounding of rotations (1e-17 m for a point
	 * on the ground already) is not a height worth writing */
	plan->place_z = 0.0 - round(p->low * 1e9) / 1e9;
	diag_warn(p->d, D_PLACE_ON_GROUND, p->low_it->pos.line, p->low_it->pos.col,
		  "robot '%s' is placed at z = %.6g m, so that its lowest collision point (link "
		  "'%s', collision '%s') rests on the ground; --pose X Y Z ROLL PITCH YAW places "
		  "it elsewhere", p->rb->name, plan->place_z, p->low_src->owner->name,
		  low_name(p));
}

void bounds_place(struct robot *rb, struct diag *d, const struct options *opts)
{
	struct placer p = { rb, d, opts, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0,
			    INFINITY, NULL, NULL };

	if ((opts->flags & U2S_POSE) || posed_by_author(rb) || !rb->plan)
		return;
	p.tmp = must(rb->oom, talloc_new(rb));
	p.finder = package_finder_new(p.tmp, opts, rb->oom);
	p.files = index_new(p.tmp, rb->oom);
	p.unfound = index_new(p.tmp, rb->oom);
	p.located = index_new(p.tmp, rb->oom);
	walk_links(&p);
	measure_files(&p);
	say_placed(&p);
	talloc_free(p.tmp);
}
