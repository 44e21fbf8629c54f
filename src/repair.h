/* repair: --repair, the changes that make the output load in a simulator
 * (libsdformat's Root::Load, which gz-sim uses) where the input would not:
 * invalid inertias, massless links that would be left out, names SDFormat
 * reserves or that a link and a joint share, zero joint axes.  Decided in
 * resolve, like every other fate; without --repair resolve only warns of
 * each (which --check reports). */
#ifndef U2S_REPAIR_H
#define U2S_REPAIR_H

#include "diag.h"
#include "model.h"

/* The mass a massless link gets, in kg, unless --repair-mass says: a
 * gram, with the inertia of a ball 5 cm in radius (I = 2/5 m r^2). */
#define REPAIR_MASS 0.001

struct repairer {
	struct robot *rb;
	struct diag *d;
	double mass;          /* for massless links; 0: REPAIR_MASS */
	/* repair_names: leader name -> its followers (struct follower), and
	 * name -> the suffix k of the last NAME_k made */
	struct index *followers, *suffixes;
	/* repair_names: every name it changed, old -> new */
	struct index *renames;
};

/* gz-math's MassMatrix3::IsValid on the principal moments and mass. */
int repair_inertia_valid(double mass, const double moments[3]);
/* gz-math's MassMatrix3::IsValid on IN as written, with its own (closed
 * form) principal moments. */
int repair_gz_valid(const struct inertial *in);
/* The nearest valid principal moments (ascending in, ascending out),
 * MARGIN of the largest inside the triangle inequality. */
void repair_moments(const double ev[3], double margin, double out[3]);
/* L's inertia, of principal moments EV (ascending), made valid in the
 * same principal axes when it is not. */
void repair_link_inertia(struct repairer *r, struct link *l, const double ev[3]);
/* L, massless, would be left out: it gets a small inertial instead. */
void repair_give_mass(struct repairer *r, struct link *l);
/* Links and joints of the output with reserved names, and joints named
 * like a link, renamed; what names a joint follows (mimic leaders). */
void repair_names(struct repairer *r);
/* What <gazebo> blocks (the user's, and what lumping wrote into them)
 * name by a name repair_names changed: the new name. */
void repair_blob_references(struct repairer *r);
/* Names that blocks give their elements which no reader takes: '::' in a
 * name, a model-level <link>, <joint> or <frame> named like a link or
 * joint of the output.  Renamed when FIX (--repair), else warned of. */
void repair_blob_names(struct repairer *r, int fix);
/* Zero axes of written joints set to 1 0 0. */
void repair_axes(struct repairer *r);

#endif
