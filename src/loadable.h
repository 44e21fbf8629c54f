/* loadable: whether a simulator loads the output, decided in one place.
 *
 * Each rule of loadable.c's table RULES detects one thing, once, with one
 * predicate, and then either warns of it (plain conversion and --check)
 * or repairs it (--repair), saying what was there and what is written.
 * So the three can never disagree: what plain conversion warns of is
 * exactly what --repair changes.  A rule says what is true of it:
 * "readers reject" / "simulators reject" only where libsdformat 12.9, 14.9
 * or 16.1 (Root::Load, which gz-sim uses) refuses the output; a zero
 * principal moment loads, and is said to be what DART, gz-sim's default
 * physics engine, can abort on.  tests/loadable.sh holds each rule to it.
 *
 * Called from resolve, which decides every fate first: the rules look at
 * what the output holds (a joint left out is not renamed). */
#ifndef U2S_LOADABLE_H
#define U2S_LOADABLE_H

#include "diag.h"
#include "model.h"

/* The mass a massless link gets, in kg, unless --repair-mass says: a
 * gram, with the inertia of a ball 5 cm in radius (I = 2/5 m r^2). */
#define REPAIR_MASS 0.001

/* A rule's verdict: what happens to an output that has what it detects. */
enum load_verdict {
	LOAD_REJECTED,    /* a loader (libsdformat 12.9, 14.9 or 16.1) refuses it */
	LOAD_DART_ABORTS, /* loaders accept it; DART can abort on it */
	LOAD_LEFT_OUT     /* u2s leaves it out, as libsdformat does */
};

enum load_rule_id {
	/* gz-math's MassMatrix3::IsValid says no: */
	RULE_INERTIA_NEGATIVE,    /* a negative principal moment */
	RULE_INERTIA_TRIANGLE,    /* one larger than the sum of the others */
	RULE_INERTIA_UNCOMPUTABLE,/* too large for gz-math to compute */
	RULE_INERTIA_ZERO_MOMENT, /* valid, but a principal moment is 0 */
	RULE_MASSLESS_ROOT,       /* a massless root: the model has no link */
	RULE_MASSLESS,            /* a massless link that would be left out */
	RULE_ROBOT_NAME_RESERVED, /* '::', __x__, world */
	RULE_LINK_NAME_RESERVED,
	RULE_JOINT_NAME_RESERVED,
	RULE_NAME_SHARED,         /* a joint named like a link */
	RULE_AXIS_ZERO,           /* a moving joint's axis 0 0 0 */
	RULE_BLOB_NAME,           /* a block's element named as no reader takes */
	RULE_ITEM_NAME_RESERVED,  /* a visual or collision named with '::' */
	RULE_COUNT
};

struct load_rule {
	enum load_rule_id id;
	const char *detects;          /* what, in a line */
	enum load_verdict verdict;
	enum diag_code warning;       /* plain conversion and --check */
	enum diag_code repaired;      /* --repair */
	const char *repair;           /* what --repair writes instead */
};

extern const struct load_rule LOAD_RULES[RULE_COUNT];

struct loadable {
	struct robot *rb;
	struct diag *d;
	int fix;              /* --repair: repair what the rules find */
	double mass;          /* what massless links get: --repair-mass, or REPAIR_MASS */
	/* names: leader name -> its followers (struct follower), name -> the
	 * suffix k of the last NAME_k made, and every link and joint name
	 * changed, old -> new */
	struct index *followers, *suffixes, *link_renames, *joint_renames;
	/* --repair: the contact sensors' <collision>s that name a written
	 * collision, noted before the renames, followed after them */
	struct contact_ref *contacts;
};

void loadable_init(struct loadable *lc, struct robot *rb, struct diag *d, int fix,
		   double repair_mass);

/* gz-math's MassMatrix3::PrincipalMoments(TOL) on E (ixx iyy izz ixy ixz
 * iyz): its closed form, the same operations in the same order (the
 * loader's rounding is what decides), ascending.  The one eigenvalue
 * routine of u2s. */
void inertia_principal_moments(const double e[6], double tol, double out[3]);
/* gz-math's MassMatrix3::IsValid on IN as written: what the loader asks. */
int inertia_loads(const struct inertial *in);
/* gz-math's MassMatrix3::ValidMoments: none below 0, each at most the sum
 * of the others, within inertia_epsilon(). */
int inertia_moments_valid(const double ev[3]);
/* gz-math's tolerance for principal moments EV: a moment within it of 0
 * is 0 to gz-math. */
double inertia_epsilon(const double ev[3]);
/* The nearest valid principal moments (ascending in, ascending out),
 * MARGIN of the largest inside the triangle inequality. */
void inertia_valid_moments(const double ev[3], double margin, double out[3]);

/* The rules on link L's inertia (written links): invalid, a zero moment. */
void loadable_inertia(struct loadable *lc, struct link *l);
/* L, massless, would be left out: with FIX it gets a small inertial and
 * 1 is returned (the warning of a link left out is resolve's, which
 * counts what goes with it). */
int loadable_massless(struct loadable *lc, struct link *l);
/* Plain conversion and --check: L (not lumped), left out with the
 * massless link L->dropped_by, which --repair would keep: what the rules
 * would then find in L and its parent joint, said now (U2S0612), so that
 * the three modes agree. */
void loadable_left_out(struct loadable *lc, const struct link *l);
/* The name rules on the output's robot, links and joints; with FIX the
 * renames, and what names them in <gazebo> blocks and mimics follows. */
void loadable_names(struct loadable *lc);
/* The rule on the names blocks give their elements. */
void loadable_blob_names(struct loadable *lc);
/* The rule on joint axes. */
void loadable_axes(struct loadable *lc);

#endif
