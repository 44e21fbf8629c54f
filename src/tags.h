/* tags: everything u2s knows of the special <gazebo> tags, one row a tag.
 *
 * A tag is read from a <gazebo> block (resolve.c), applies to a link, a
 * joint or the model, and is written at one or two places of the SDF
 * element it lands in (write.c).  Adding a tag is adding a row to TAGS in
 * tags.c and its name to enum tag_id; nothing else needs to know it. */
#ifndef U2S_TAGS_H
#define U2S_TAGS_H

/* In the order of the rows, which is the order they are written in (within
 * one SDF element) and warned about. */
enum tag_id {
	/* link: the <link> itself */
	TAG_TURN_GRAVITY_OFF, TAG_DAMPING_FACTOR,
	/* link: every <collision> of it */
	TAG_MU1, TAG_MU2, TAG_FDIR1, TAG_KP, TAG_KD, TAG_MAX_VEL, TAG_MIN_DEPTH,
	TAG_LASER_RETRO, TAG_MAX_CONTACTS,
	/* link: the <link> again, after the items */
	TAG_SELF_COLLIDE,
	/* link: every <visual> */
	TAG_MATERIAL,
	/* model */
	TAG_STATIC,
	/* joint */
	TAG_STOP_CFM, TAG_STOP_ERP, TAG_SPRING_REFERENCE, TAG_SPRING_STIFFNESS,
	TAG_PROVIDE_FEEDBACK, TAG_IMPLICIT_SPRING_DAMPER, TAG_CFM_DAMPING, TAG_FUDGE_FACTOR,
	/* joint: read by lumping, not written */
	TAG_PRESERVE_FIXED_JOINT, TAG_DISABLE_FIXED_JOINT_LUMPING,
	TAG_COUNT
};

enum tag_kind { TAG_BOOL, TAG_NUM, TAG_VEC3, TAG_INT, TAG_TEXT };

/* What a tag can apply to (a mask): the kind of thing its block names. */
enum tag_scope { SCOPE_LINK = 1, SCOPE_JOINT = 2, SCOPE_MODEL = 4 };

/* The SDF element a tag's value is written in. */
enum tag_target {
	AT_NONE,        /* not written (read by resolve) */
	AT_LINK,        /* the <link> (replace-add of a direct child) */
	AT_COLLISION,   /* each <collision> of the link */
	AT_VISUAL,      /* each <visual> of the link */
	AT_JOINT,       /* the <joint> */
	AT_MODEL        /* the <model> */
};

/* How the value goes in: replace-add (the containers on the path are found
 * or made; every element of the last name goes, one comes at the end), or
 * added (a new first container each time the tag is used, shared by its
 * places: dampingFactor's <velocity_decay>). */
enum tag_write { W_REPLACE, W_ADD };

union tag_value {
	int b;
	double num;
	double vec[3];
	long i;
	const char *text;
};

#define TAG_PATH_MAX 5
struct tag_place {
	/* Element names from the target element down to the one that gets
	 * the value; path[0] NULL: the place is not used. */
	const char *path[TAG_PATH_MAX];
	const char *fixed;   /* written instead of the value; NULL: the value */
};

struct tag {
	const char *name;         /* as in <gazebo> */
	enum tag_kind kind;
	unsigned scope;           /* enum tag_scope */
	enum tag_id stored_as;    /* itself, or the tag it is a spelling of */
	const char *deprecated;   /* the name to use instead, or NULL */
	int negate;               /* bool written inverted (turnGravityOff) */
	enum tag_target target;
	enum tag_write write;
	struct tag_place at[2];
};

extern const struct tag TAGS[TAG_COUNT];

/* Enough for tag_value_text(). */
#define TAG_TEXT_BUFSZ (3 * 40 + 64 + 4)

/* V, of KIND, as text for a message (numbers in their shortest form); in
 * BUF, or a constant. */
const char *tag_value_text(char buf[TAG_TEXT_BUFSZ], enum tag_kind kind, const union tag_value *v);

/* Whether tag values A and B of KIND are the same. */
int tag_same_value(enum tag_kind kind, const union tag_value *a, const union tag_value *b);

/* The row for NAME, or NULL when NAME is not a special tag. */
const struct tag *tag_find(const char *name);

/* The values one <gazebo> block gives: only those it gives are stored
 * (blocks are many and set few tags), in the order of their ids. */
struct tag_values {
	unsigned given;               /* bit 1 << id: the block sets tag ID */
	union tag_value *v;           /* one per bit of GIVEN */
};

static inline int tag_given(const struct tag_values *tv, enum tag_id id)
{
	return (tv->given >> id) & 1u;
}

/* How many bits of MASK are set. */
static inline unsigned tag_count(unsigned mask)
{
	unsigned n = 0;

	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

/* The value of tag ID, which TV gives: its rank among the given ones. */
static inline const union tag_value *tag_get(const struct tag_values *tv, enum tag_id id)
{
	return &tv->v[tag_count(tv->given & ((1u << id) - 1u))];
}

/* Whether TV gives tag ID as true (a bool tag). */
static inline int tag_true(const struct tag_values *tv, enum tag_id id)
{
	return tag_given(tv, id) && tag_get(tv, id)->b;
}

#endif
