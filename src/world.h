/* world: what gz-sim needs to run the converted model, decided once after
 * resolve (convert.c calls world_plan between resolve and the writer).
 *
 *   - The readiness messages, about the model as it is WRITTEN (after
 *     lumping; blocks of links left out do not count): sensor types gz-sim
 *     does not simulate, Gazebo Classic plugins it does not load, world
 *     systems inside the model.  Given with or without --world.
 *   - Under --world, and for the model of a world that includes it
 *     (U2S_WORLD_INCLUDE): which world systems the world lists (gzsim.h's
 *     table: the three always, one per kind of sensor written), and the
 *     world-system <plugin>s of the model that move up to the world (their
 *     fate: the writer leaves them out of the model and merges them into
 *     the world's plugin of that system).
 *   - Under --world (or U2S_PLACE) without --pose: where the model stands
 *     on the ground, which bounds.c decides into the plan (convert.c calls
 *     it right after world_plan).
 *   - Under --check: every mesh URI looked up as gz-sim will
 *     (world_check_meshes).
 *
 * The writer only reads the plan (rb->plan). */
#ifndef U2S_WORLD_H
#define U2S_WORLD_H

#include "diag.h"
#include "gzsim.h"
#include "model.h"
#include "options.h"
#include "target.h"

/* More than gz_system_count (checked when planning). */
#define WORLD_SYSTEMS_MAX 32

struct world_plan {
	/* By index of gz_system_table: the world lists that system. */
	unsigned char needs[WORLD_SYSTEMS_MAX];
	/* The model's <plugin> blobs that are world systems, which move to
	 * the world: each with the index of its system, in document order. */
	const struct xnode **moved;
	unsigned char *moved_system;
	unsigned nmoved;
	/* The same blobs as a set (open addressing on the node's address,
	 * MOVED_SET_CAP slots, a power of two, at most half full): the writer asks
	 * of every blob whether it moved, at no cost per moved plugin. */
	const struct xnode **moved_set;
	unsigned moved_set_cap;
	/* --world (or U2S_PLACE) without --pose: the model is placed at
	 * 0 0 PLACE_Z 0 0 0 so that its lowest collision point rests on the
	 * ground (bounds.h decides it; 0 when not placed). */
	int placed;
	double place_z;
};

/* Decides RB->plan (always made: the messages need the walk anyway; the
 * systems and moves matter under --world only). */
void world_plan(struct robot *rb, struct diag *d, const struct options *opts,
		const struct sdf_target *target);

/* Whether BLOB is a plugin the plan moved to the world (one look-up in
 * the plan's set, whatever the number moved). */
int world_blob_moved(const struct world_plan *p, const struct xnode *blob);

/* --check: each mesh URI of the written model, resolved as gz-sim
 * resolves it (model:// and package://: in opts->gz_resource_path;
 * file:// and absolute paths as they are; relative ones against the
 * input's directory); each that is not found is a warning. */
void world_check_meshes(struct robot *rb, struct diag *d, const struct options *opts,
			const struct sdf_target *target);

#endif
