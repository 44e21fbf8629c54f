/* tags: the table of special <gazebo> tags (see tags.h). */
#include "tags.h"

#include "diag.h"
#include "num.h"

#include <string.h>

_Static_assert(TAG_TEXT_BUFSZ >= 3 * NUM_BUFSZ + DIAG_EXCERPT + 4, "room for three numbers or an excerpt");

/* Every id fits in the mask of struct tag_values. */
_Static_assert(TAG_COUNT <= 8 * sizeof(unsigned), "tag_values.given has a bit per tag");

#define ROW(id_, name_, kind_, scope_, target_, ...) \
	[id_] = { .name = name_, .kind = kind_, .scope = scope_, .stored_as = id_, \
		  .target = target_, __VA_ARGS__ }
#define LINK SCOPE_LINK
#define JOINT SCOPE_JOINT
#define MODEL SCOPE_MODEL
#define PLACE(...) { { __VA_ARGS__ }, NULL }
#define AT1(...) .at = { PLACE(__VA_ARGS__) }
#define AT2(p, q) .at = { p, q }

/* Within one target element the rows are applied in this order.  The
 * containers libsdformat always makes (a collision's surface/contact/ode
 * and surface/friction/ode, a joint's axis/dynamics and physics/ode/limit)
 * are made by write.c before any row. */
const struct tag TAGS[TAG_COUNT] = {
	ROW(TAG_TURN_GRAVITY_OFF, "turnGravityOff", TAG_BOOL, LINK, AT_LINK,
	    .negate = 1, AT1("gravity")),
	ROW(TAG_DAMPING_FACTOR, "dampingFactor", TAG_NUM, LINK, AT_LINK,
	    .write = W_ADD,
	    AT2(PLACE("velocity_decay", "linear"), PLACE("velocity_decay", "angular"))),
	ROW(TAG_MU1, "mu1", TAG_NUM, LINK, AT_COLLISION, AT1("surface", "friction", "ode", "mu")),
	ROW(TAG_MU2, "mu2", TAG_NUM, LINK, AT_COLLISION, AT1("surface", "friction", "ode", "mu2")),
	ROW(TAG_FDIR1, "fdir1", TAG_VEC3, LINK, AT_COLLISION,
	    AT1("surface", "friction", "ode", "fdir1")),
	ROW(TAG_KP, "kp", TAG_NUM, LINK, AT_COLLISION, AT1("surface", "contact", "ode", "kp")),
	ROW(TAG_KD, "kd", TAG_NUM, LINK, AT_COLLISION, AT1("surface", "contact", "ode", "kd")),
	ROW(TAG_MAX_VEL, "maxVel", TAG_NUM, LINK, AT_COLLISION,
	    AT1("surface", "contact", "ode", "max_vel")),
	ROW(TAG_MIN_DEPTH, "minDepth", TAG_NUM, LINK, AT_COLLISION,
	    AT1("surface", "contact", "ode", "min_depth")),
	ROW(TAG_LASER_RETRO, "laserRetro", TAG_NUM, LINK, AT_COLLISION, AT1("laser_retro")),
	ROW(TAG_MAX_CONTACTS, "maxContacts", TAG_INT, LINK, AT_COLLISION, AT1("max_contacts")),
	ROW(TAG_SELF_COLLIDE, "selfCollide", TAG_BOOL, LINK, AT_LINK, AT1("self_collide")),
	ROW(TAG_MATERIAL, "material", TAG_TEXT, LINK, AT_VISUAL,
	    .at = { PLACE("material", "script", "name"),
		    { { "material", "script", "uri" },
		      "file://media/materials/scripts/gazebo.material" } }),
	ROW(TAG_STATIC, "static", TAG_BOOL, MODEL, AT_MODEL, AT1("static")),
	ROW(TAG_STOP_CFM, "stopCfm", TAG_NUM, JOINT, AT_JOINT,
	    AT1("physics", "ode", "limit", "cfm")),
	ROW(TAG_STOP_ERP, "stopErp", TAG_NUM, JOINT, AT_JOINT,
	    AT1("physics", "ode", "limit", "erp")),
	ROW(TAG_SPRING_REFERENCE, "springReference", TAG_NUM, JOINT, AT_JOINT,
	    AT1("axis", "dynamics", "spring_reference")),
	ROW(TAG_SPRING_STIFFNESS, "springStiffness", TAG_NUM, JOINT, AT_JOINT,
	    AT1("axis", "dynamics", "spring_stiffness")),
	ROW(TAG_PROVIDE_FEEDBACK, "provideFeedback", TAG_BOOL, JOINT, AT_JOINT,
	    AT2(PLACE("physics", "provide_feedback"), PLACE("physics", "ode", "provide_feedback"))),
	ROW(TAG_IMPLICIT_SPRING_DAMPER, "implicitSpringDamper", TAG_BOOL, JOINT, AT_JOINT,
	    AT2(PLACE("physics", "ode", "implicit_spring_damper"),
		PLACE("physics", "ode", "cfm_damping"))),
	/* The old spelling: read into implicitSpringDamper's value. */
	[TAG_CFM_DAMPING] = { .name = "cfmDamping", .kind = TAG_BOOL, .scope = JOINT,
			      .stored_as = TAG_IMPLICIT_SPRING_DAMPER,
			      .deprecated = "implicitSpringDamper", .target = AT_NONE },
	ROW(TAG_FUDGE_FACTOR, "fudgeFactor", TAG_NUM, JOINT, AT_JOINT,
	    AT1("physics", "ode", "fudge_factor")),
	/* Read by lumping (resolve.c, lump.c), not written. */
	ROW(TAG_PRESERVE_FIXED_JOINT, "preserveFixedJoint", TAG_BOOL, JOINT, AT_NONE, ),
	ROW(TAG_DISABLE_FIXED_JOINT_LUMPING, "disableFixedJointLumping", TAG_BOOL, JOINT,
	    AT_NONE, ),
};

const struct tag *tag_find(const char *name)
{
	unsigned i;

	/* the first letter settles most: blocks are mostly sensors and plugins */
	for (i = 0; i < TAG_COUNT; i++)
		if (TAGS[i].name[0] == name[0] && strcmp(TAGS[i].name, name) == 0)
			return &TAGS[i];
	return NULL;
}

const char *tag_value_text(char buf[TAG_TEXT_BUFSZ], enum tag_kind kind, const union tag_value *v)
{
	switch (kind) {
	case TAG_BOOL: return v->b ? "true" : "false";
	case TAG_NUM: buf[num_format(v->num, buf)] = '\0'; break;
	case TAG_VEC3: buf[num_format_vec(v->vec, 3, NUM_SHORTEST, buf)] = '\0'; break;
	case TAG_INT: buf[num_format_long(v->i, buf)] = '\0'; break;
	case TAG_TEXT: return diag_excerpt(buf, v->text);
	}
	return buf;
}

int tag_same_value(enum tag_kind kind, const union tag_value *a, const union tag_value *b)
{
	switch (kind) {
	case TAG_BOOL: return a->b == b->b;
	case TAG_NUM: return a->num == b->num || (a->num != a->num && b->num != b->num);
	case TAG_VEC3: return memcmp(a->vec, b->vec, sizeof a->vec) == 0;
	case TAG_INT: return a->i == b->i;
	case TAG_TEXT: return strcmp(a->text, b->text) == 0;
	}
	return 1;
}
