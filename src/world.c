/* world: the plan of what gz-sim needs (see world.h). */
#include "world.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "index.h"
#include "migrate.h"

/* What the walk over the written model's blobs carries. */
struct planner {
	struct robot *rb;
	struct diag *d;
	const struct options *opts;
	const struct sdf_target *target;
	struct world_plan *plan;
	unsigned moved_cap;
};

static const char *gen_name(const struct sdf_target *t)
{
	return t->gz == GZ_FORTRESS ? "Fortress" : "gz-sim 8 (Harmonic) and later";
}

/* Camera settings written straight under a camera's <sensor>, not in its
 * <camera>: gz-sim reads none of them and takes its defaults. */
static void camera_settings_seen(struct planner *p, const struct xnode *s, const char *type)
{
	const struct xnode *c;

	for (c = s->first; c; c = c->next)
		if (gz_camera_element(c->name))
			diag_warn(p->d, D_GZ_CAMERA_MISPLACED, c->pos.line, c->pos.col,
				  "<%s> of sensor '%s' (type '%s') is a child of <sensor>, but "
				  "SDFormat reads it only inside <camera>: gz-sim ignores it and "
				  "uses its default (libsdformat 14 and later warn of it, 12 does "
				  "not); move it into the sensor's <camera>", c->name,
				  xnode_attr(s, "name") ? xnode_attr(s, "name") : "", type);
}

static void sensor_seen(struct planner *p, const struct xnode *s)
{
	const char *type = xnode_attr(s, "type"), *name = xnode_attr(s, "name");
	const struct gz_sensor_info *info = gz_sensor_type(type);
	const struct gz_system *sys = gz_system_for_sensor(type);
	const struct gz_custom_sensor *custom = type && !strcmp(type, "custom") ?
						gz_custom_sensor(xnode_attr(s, "gz:type")) : NULL;

	if (custom) {   /* dvl, environmental_sensor/...: gz-sim 8 and later */
		info = &custom->info;
		sys = gz_system_by_id(custom->system);
		if (custom->rendering && custom->info.simulated[p->target->gz])
			p->plan->needs[gz_system_by_id("sensors") - gz_system_table] = 1;
	}

	if (info && !info->simulated[p->target->gz])
		diag_warn(p->d, D_GZ_SENSOR_UNSIMULATED, s->pos.line, s->pos.col,
			  "sensor '%s' is of type '%s', which gz-sim (%s, what SDFormat %s is "
			  "for) does not simulate: it publishes nothing%s%s", name ? name : "",
			  type, gen_name(p->target), p->target->version,
			  info->suggestion ? "; " : "", info->suggestion ? info->suggestion : "");
	if (sys)
		p->plan->needs[sys - gz_system_table] = 1;
	if (gz_sensor_has_camera(type))
		camera_settings_seen(p, s, type);
}

/* A Classic plugin: what replaces it, and under --migrate why it was not
 * migrated (LEFT_OUT: and that it is not in the output). */
static void classic_seen(struct planner *p, const struct xnode *pl, int left_out)
{
	const char *file = xnode_attr(pl, "filename");
	const struct gz_classic_plugin *c = gz_classic_plugin(file);
	const char *refused = migrate_refusal(p->rb, pl);
	const char *why = refused ? refused : "gz-sim cannot load it";
	const char *instead = c && p->target->gz == GZ_FORTRESS && c->replacement_fortress ?
			      c->replacement_fortress : c ? c->replacement : NULL;

	if (!c)
		return;
	diag_warn(p->d, D_GZ_CLASSIC_PLUGIN, pl->pos.line, pl->pos.col,
		  "plugin '%s' is a Gazebo Classic plugin, which gz-sim does not load; "
		  "instead: %s%s%s", file, instead,
		  left_out ? "; --migrate left it out: " : refused ? "; --migrate left it: " :
		  !(p->opts->flags & U2S_MIGRATE) && migrate_handles(file) ? "; --migrate does this" : "",
		  left_out || refused ? why : "");
}

/* ---- the set of moved blobs ---------------------------------------------- */

/* A slot of the set for the node at A: its address, mixed (nodes are
 * arena-aligned: the low bits say nothing). */
static unsigned moved_slot(const struct xnode *a, unsigned cap)
{
	uint64_t h = (uint64_t)(uintptr_t)a;

	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return (unsigned)h & (cap - 1);
}

static void moved_set_put(const struct xnode **set, unsigned cap, const struct xnode *b)
{
	unsigned i = moved_slot(b, cap);

	while (set[i] && set[i] != b)
		i = (i + 1) & (cap - 1);
	set[i] = b;
}

/* BLOB into the plan's set, which doubles before it is half full. */
static void moved_set_add(struct planner *p, const struct xnode *blob)
{
	struct world_plan *plan = p->plan;

	if (2 * plan->nmoved > plan->moved_set_cap) {
		unsigned cap = plan->moved_set_cap ? 2 * plan->moved_set_cap : 16, i;
		const struct xnode **set = ARENA_ARRAY(&p->rb->arena, const struct xnode *, cap);
		memset(set, 0, cap * sizeof *set);
		for (i = 0; i + 1 < plan->nmoved; i++)   /* all but BLOB, the last */
			moved_set_put(set, cap, plan->moved[i]);
		plan->moved_set = set;
		plan->moved_set_cap = cap;
	}
	moved_set_put(plan->moved_set, plan->moved_set_cap, blob);
}

int world_blob_moved(const struct world_plan *p, const struct xnode *blob)
{
	unsigned i;

	if (!p || !p->nmoved)
		return 0;
	for (i = moved_slot(blob, p->moved_set_cap); p->moved_set[i];
	     i = (i + 1) & (p->moved_set_cap - 1))
		if (p->moved_set[i] == blob)
			return 1;
	return 0;
}

/* A <plugin> that is a direct child of a <gazebo> block, in the model. */
static void top_plugin_seen(struct planner *p, const struct xnode *pl)
{
	const char *file = xnode_attr(pl, "filename");
	const struct gz_system *sys = gz_world_system_named(file, xnode_attr(pl, "name"));
	struct world_plan *plan = p->plan;

	if (!sys)
		return;
	if (!(p->opts->flags & U2S_WORLD) && !(p->opts->flags & U2S_WORLD_INCLUDE)) {
		diag_warn(p->d, D_GZ_WORLD_SYSTEM_IN_MODEL, pl->pos.line, pl->pos.col,
			  "plugin '%s' is gz-sim's world system %s: inside a model it is loaded "
			  "once per robot, and gz-sim fails when two robots carry it; convert "
			  "with --world (which writes it in the world) or move it to the world",
			  file, sys->klass);
		return;
	}
	diag_warn(p->d, D_GZ_WORLD_SYSTEM_MOVED, pl->pos.line, pl->pos.col,
		  "plugin '%s' is gz-sim's world system %s: written in the world, not the "
		  "model (once, with its parameters)", file, sys->klass);
	if (plan->nmoved == p->moved_cap) {
		unsigned cap = p->moved_cap ? 2 * p->moved_cap : 4;
		const struct xnode **v = ARENA_ARRAY(&p->rb->arena, const struct xnode *, cap);
		unsigned char *s = ARENA_ARRAY(&p->rb->arena, unsigned char, cap);
		if (plan->nmoved) {
			memcpy(v, plan->moved, plan->nmoved * sizeof *v);
			memcpy(s, plan->moved_system, plan->nmoved);
		}
		plan->moved = v;
		plan->moved_system = s;
		p->moved_cap = cap;
	}
	plan->moved[plan->nmoved] = pl;
	plan->moved_system[plan->nmoved++] = (unsigned char)(sys - gz_system_table);
	moved_set_add(p, pl);
	plan->needs[sys - gz_system_table] = 1;
}

/* Every element of BLOB's tree, without recursion (blobs may be deep). */
static void blob_seen(struct planner *p, const struct xnode *blob)
{
	const struct xnode *cur = blob;

	if (strcmp(blob->name, "plugin") == 0)
		top_plugin_seen(p, blob);
	for (;;) {
		if (strcmp(cur->name, "sensor") == 0)
			sensor_seen(p, cur);
		else if (strcmp(cur->name, "plugin") == 0)
			classic_seen(p, cur, 0);
		if (cur->first) {
			cur = cur->first;
			continue;
		}
		while (cur != blob && !cur->next)
			cur = cur->parent;
		if (cur == blob)
			return;
		cur = cur->next;
	}
}

static void exts_seen(struct planner *p, const struct ext_list *l)
{
	const struct ext_ref *r;
	unsigned i;

	for (r = l->first; r; r = r->next)
		for (i = 0; i < r->ext->blobs.n; i++)
			blob_seen(p, r->ext->blobs.v[i]);
}

/* A written collision's mesh scale with a factor not above 0: DART's
 * MeshShape::setScale asserts "(scale.array() > 0.0).all()" and the
 * simulator aborts as it loads the model (gz-physics' dartsim plugin, the
 * default engine of every gz-sim; scripts/physics-check shows it). */
static void collisions_seen(struct planner *p, const struct link *owner, const struct link *src)
{
	const struct item *it;

	for (it = src->collisions.first; it; it = it->next) {
		const double *s = it->geom.scale;
		if (it->geom.kind != GEOM_MESH || (s[0] > 0 && s[1] > 0 && s[2] > 0))
			continue;
		diag_warn(p->d, D_GZ_MESH_SCALE_NOT_POSITIVE, it->geom.pos.line, it->geom.pos.col,
			  "a collision of link '%s'%s%s%s has the mesh scale %g %g %g: DART, "
			  "gz-sim's default physics engine, aborts the simulator when it loads a "
			  "collision mesh whose scale is not positive on every axis (it asserts "
			  "it); mirror or shrink the mesh file itself, or leave the collision "
			  "out", owner->name, src != owner ? " (from '" : "",
			  src != owner ? src->name : "", src != owner ? "')" : "", s[0], s[1], s[2]);
	}
}

void world_plan(struct robot *rb, struct diag *d, const struct options *opts,
		const struct sdf_target *target)
{
	struct planner p = { rb, d, opts, target, ARENA_NEW(&rb->arena, struct world_plan), 0 };
	const struct link *l, *src;
	const struct joint *j;
	unsigned i;

	rb->plan = p.plan;
	for (i = 0; i < gz_system_count && i < WORLD_SYSTEMS_MAX; i++)
		p.plan->needs[i] = (unsigned char)gz_system_table[i].always;
	FOR_WRITTEN_SOURCES(rb, i, l, src) {
		exts_seen(&p, &src->exts);
		collisions_seen(&p, l, src);
	}
	for (j = rb->joints; j; j = j->next)
		if (j->fate == JOINT_WRITTEN)
			exts_seen(&p, &j->exts);
	exts_seen(&p, &rb->model_exts);
	for (i = 0; rb->migration && i < rb->migration->ndropped; i++)
		classic_seen(&p, rb->migration->dropped[i], 1);
}

/* ---- meshes, as gz-sim finds them ------------------------------------------ */

static int readable(const char *path)
{
	return access(path, R_OK) == 0;
}

/* REST (NAME/path of model:// or package://) in a directory of PATH. */
static int in_resource_path(struct arena *a, const char *path, const char *rest)
{
	const char *dir = path;

	while (dir && *dir) {
		size_t n = strcspn(dir, ":");
		if (n) {
			char *full = arena_cat3(a, dir, n, "/", rest);
			if (readable(full))
				return 1;
		}
		dir = dir[n] ? dir + n + 1 : NULL;
	}
	return 0;
}

/* Whether gz-sim finds the mesh at URI; *HOW says where it looked. */
static int mesh_found(struct robot *rb, const struct options *opts, const char *input,
		      const char *uri, const char **how)
{
	struct arena *a = &rb->arena;
	const char *rest;

	if (!strncmp(uri, "model://", 8) || !strncmp(uri, "package://", 10)) {
		rest = strstr(uri, "://") + 3;
		*how = opts->gz_resource_path && *opts->gz_resource_path ?
		       arena_cat3(a, "in GZ_SIM_RESOURCE_PATH (", strlen("in GZ_SIM_RESOURCE_PATH ("),
				  opts->gz_resource_path, ")") :
		       "in GZ_SIM_RESOURCE_PATH, which is empty";
		return in_resource_path(a, opts->gz_resource_path, rest);
	}
	if (!strncmp(uri, "file://", 7)) {
		*how = "as a file";
		return readable(uri + 7);
	}
	if (strstr(uri, "://"))   /* http(s):// (Fuel) and the like: not checked */
		return 1;
	if (uri[0] == '/') {
		*how = "as a file";
		return readable(uri);
	}
	/* relative: against the input's directory */
	{
		const char *slash = input ? strrchr(input, '/') : NULL;
		*how = "relative to the input's directory";
		if (!slash || input[0] == '<')
			return readable(uri);
		return readable(arena_cat3(a, input, (size_t)(slash - input), "/", uri));
	}
}

void world_check_meshes(struct robot *rb, struct diag *d, const struct options *opts,
			const struct sdf_target *target)
{
	const struct link *l, *src;
	const struct item *it;
	unsigned i, k;
	/* each URI said once, at its first use: a robot's meshes repeat */
	struct index *said = index_new_in(&rb->arena);

	FOR_WRITTEN_SOURCES(rb, i, l, src)
		for (k = 0; k < 2; k++)
			for (it = k ? src->visuals.first : src->collisions.first; it; it = it->next) {
				const char *how = "";
				if (it->geom.kind != GEOM_MESH || !it->geom.filename ||
				    index_put(said, it->geom.filename, (void *)it) ||
				    mesh_found(rb, opts, d->file, it->geom.filename, &how))
					continue;
				diag_warn(d, D_GZ_MESH_UNRESOLVED, it->geom.pos.line, it->geom.pos.col,
					  "mesh '%s' of link '%s' is not found %s: %s",
					  it->geom.filename, src->name, how,
					  target->gz == GZ_FORTRESS ?
					  "Fortress loads the model without that visual or collision" :
					  "gz-sim 8 (Harmonic) and later do not load a world that holds "
					  "it, and a model spawned into a running world loses that "
					  "visual or collision");
			}
}
