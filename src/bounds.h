/* bounds: where a free model goes so that it stands on the ground.
 *
 * Under --world (or U2S_PLACE) without --pose, world_plan asks
 * bounds_place once; it measures the model as it is WRITTEN (every
 * written link with the links lumped into it, joints at zero, each link
 * where the SDF puts it in the model), finds the lowest point of all its
 * collisions (boxes by their corners; cylinders, capsules and spheres by
 * their rims and caps; STL, OBJ and COLLADA meshes by their vertices,
 * meshbounds.h, each file read once, found as a model folder finds it,
 * uri.h), and records in the plan the height that puts that point at
 * z = 0.  The writer only reads it (world.h: placed, place_z).
 *
 * Not placed: a model fixed to `world` (its place is its author's), one
 * with a pose of its own (the URDF <robot><origin>, a <gazebo> <pose>).
 * A model with no collision, or none that could be measured, stays at
 * z = 0, and a message says so. */
#ifndef U2S_BOUNDS_H
#define U2S_BOUNDS_H

#include "diag.h"
#include "model.h"
#include "options.h"

/* The lowest world z of primitive G (box, cylinder, capsule, sphere)
 * whose frame is at AT; NaN for a mesh or no geometry. */
double bounds_lowest(const struct geometry *g, struct pose at);

/* Decides rb->plan's placement (see above), with its messages. */
void bounds_place(struct robot *rb, struct diag *d, const struct options *opts);

#endif
