/* model: the URDF robot as u2s holds it, the name index, and the generic
 * element tree used both for <gazebo> blocks (kept as read) and for the SDF
 * elements the writer builds.  Every node lives in the robot's arena (one
 * talloc context per conversion) and carries the source position it came
 * from. */
#ifndef U2S_MODEL_H
#define U2S_MODEL_H

#include <stddef.h>
#include <talloc.h>

#include "arena.h"
#include "xform.h"

struct srcpos { unsigned line, col; };

/* ---- generic element tree ------------------------------------------- */

struct xattr { const char *name, *value; };

struct xnode {
	struct arena *arena;  /* where this node and its children live */
	const char *name;
	struct xattr *attrs;
	unsigned nattrs;
	const char *text;     /* character data of a leaf element; NULL if none */
	struct xnode *parent, *first, *last, *prev, *next;
	struct srcpos pos;
};

struct xnode *xnode_new(struct arena *a, const char *name);
/* New leaf <NAME>TEXT</NAME> appended to PARENT. */
struct xnode *xnode_add(struct xnode *parent, const char *name, const char *text);
void xnode_append(struct xnode *parent, struct xnode *child);
void xnode_unlink(struct xnode *child);
struct xnode *xnode_child(const struct xnode *parent, const char *name);
/* The child NAME of PARENT, appended when missing. */
struct xnode *xnode_need(struct xnode *parent, const char *name);
/* The SDF "replace-add": removes any child NAME, appends <NAME>TEXT</NAME>. */
struct xnode *xnode_replace(struct xnode *parent, const char *name, const char *text);
const char *xnode_attr(const struct xnode *n, const char *name);
void xnode_set_attr(struct xnode *n, const char *name, const char *value);
/* Deep copy of N (and its subtree) in A, detached. */
struct xnode *xnode_copy(struct arena *a, const struct xnode *n);

/* ---- name index ------------------------------------------------------ */

struct index_slot { const char *key; unsigned hash; void *val; };
struct index {
	struct index_slot *slots;
	size_t cap, count;
	TALLOC_CTX *ctx;
};

void index_init(struct index *ix, TALLOC_CTX *ctx);
void *index_get(const struct index *ix, const char *key);
/* Adds KEY -> VAL unless KEY is there; returns the value already stored
 * under KEY, or NULL when VAL was added.  KEY must outlive the index. */
void *index_put(struct index *ix, const char *key, void *val);

/* ---- the robot ------------------------------------------------------- */

enum geom_kind { GEOM_NONE, GEOM_BOX, GEOM_CYLINDER, GEOM_SPHERE, GEOM_MESH };

struct geometry {
	enum geom_kind kind;
	struct srcpos pos;           /* mesh: of <mesh>, for messages about its URI */
	const char *filename;        /* mesh: as uri_rewrite() leaves it */
	union {                      /* one shape at a time: keep items small */
		double size[3];          /* box */
		double scale[3];         /* mesh, 1 1 1 unless given */
		struct { double length, radius; };  /* cylinder; sphere: radius */
	};
};

struct material {
	const char *name;
	int has_rgba;
	double rgba[4];
	const char *texture;     /* NULL if none */
	struct srcpos pos;
};

enum item_kind { ITEM_VISUAL, ITEM_COLLISION };

/* A <visual> or <collision>. */
struct item {
	enum item_kind kind;
	const char *name;            /* NULL when the URDF gave none */
	struct pose origin;          /* in the owning link's frame */
	struct geometry geom;
	const char *material_name;   /* visual: <material name=...> */
	struct material *inline_mat; /* visual: its own <color>/<texture> */
	struct material *material;   /* visual: resolved, NULL if none */
	struct link *source;         /* the link whose extensions apply to it */
	struct srcpos pos;
	struct item *next;
};

struct item_list { struct item *first, *last; unsigned count; };

struct inertial {
	struct pose origin;
	double mass;
	double ixx, ixy, ixz, iyy, iyz, izz;
	struct srcpos pos;
};

enum ext_flag {
	EXT_GRAVITY = 1u << 0, EXT_DAMPING_FACTOR = 1u << 1, EXT_MAX_VEL = 1u << 2,
	EXT_MIN_DEPTH = 1u << 3, EXT_MU1 = 1u << 4, EXT_MU2 = 1u << 5,
	EXT_FDIR1 = 1u << 6, EXT_KP = 1u << 7, EXT_KD = 1u << 8,
	EXT_SELF_COLLIDE = 1u << 9, EXT_MAX_CONTACTS = 1u << 10,
	EXT_LASER_RETRO = 1u << 11, EXT_MATERIAL = 1u << 12, EXT_STATIC = 1u << 13,
	EXT_STOP_CFM = 1u << 14, EXT_STOP_ERP = 1u << 15,
	EXT_PROVIDE_FEEDBACK = 1u << 16, EXT_IMPLICIT_SD = 1u << 17,
	EXT_SPRING_STIFFNESS = 1u << 18, EXT_SPRING_REFERENCE = 1u << 19,
	EXT_FUDGE_FACTOR = 1u << 20, EXT_PRESERVE = 1u << 21, EXT_DISABLE_LUMPING = 1u << 22
};

struct node_list { struct xnode **v; unsigned n, cap; };

/* One <gazebo> block, its special tags parsed, everything else kept as blobs. */
struct ext {
	const char *ref;             /* reference attribute, "" for the model */
	struct srcpos pos;
	unsigned flags;              /* enum ext_flag: which values were given */
	int gravity, self_collide, is_static, provide_feedback, implicit_sd;
	int preserve, disable_lumping;
	double damping_factor, max_vel, min_depth, mu1, mu2, kp, kd, laser_retro;
	double stop_cfm, stop_erp, spring_stiffness, spring_reference, fudge_factor;
	double fdir1[3];
	long max_contacts;
	const char *material;        /* Gazebo-classic material script name */
	struct node_list blobs;      /* elements inserted as they are */
	struct node_list visual_blobs, collision_blobs; /* children of <visual>/<collision> */
};

struct ext_ref { struct ext *ext; struct ext_ref *next; };
struct ext_list { struct ext_ref *first, *last; };

/* What becomes of a link in the SDF. */
enum link_fate {
	LINK_WRITTEN,   /* a <link> */
	LINK_WORLD,     /* the root named world: the model's fixed frame */
	LINK_DROPPED,   /* left out: massless, or below a dropped link */
	LINK_LUMPED,    /* merged into its parent by fixed-joint lumping */
	LINK_FRAME      /* massless on a kept fixed joint: a <frame> */
};

struct link {
	const char *name;
	struct srcpos pos;
	struct inertial *inertial;   /* NULL when the URDF has none */
	struct item_list visuals, collisions;
	struct joint *parent_joint;  /* NULL for the root */
	struct joint **children;     /* child joints, by ascending joint name */
	unsigned nchildren;
	struct ext_list exts;        /* extensions that apply to this link */
	enum link_fate fate;
	/* Fixed-joint lumping: a lumped link's contents are written in its
	 * OWNER (the first ancestor not lumped), moved by TO_OWNER.  An owner
	 * lists the links it absorbed in libsdformat's merge order. */
	struct link *owner;          /* itself unless lumped */
	struct pose to_owner;        /* this link's frame in the owner's frame */
	struct link *absorbed_first, *absorbed_last, *next_absorbed;
	struct link *dropped_by;     /* LINK_DROPPED: the massless link that took it */
	unsigned ndropped_below;     /* links dropped with this one */
	int reached;                 /* found by the walk from the root */
	struct link *next;           /* document order */
};

enum joint_type {
	JOINT_REVOLUTE, JOINT_CONTINUOUS, JOINT_PRISMATIC, JOINT_FIXED,
	JOINT_FLOATING, JOINT_PLANAR
};

/* Joint elements that few joints have, and SDFormat 1.9 does not write:
 * kept apart so that every other joint stays small. */
struct joint_rare {
	int has_mimic;
	struct srcpos mimic_pos;
	const char *mimic_joint;
	double mimic_multiplier, mimic_offset;
	int has_safety;
	double soft_lower, soft_upper, k_position, k_velocity;
	int has_calibration;
	double rising, falling;
};

struct joint {
	const char *name;
	enum joint_type type;
	int type_unknown;            /* no type attribute, or one naming no type (an error) */
	struct srcpos pos;
	struct pose origin;          /* child frame in the parent link's frame */
	const char *parent_name, *child_name;
	struct srcpos parent_pos, child_pos;
	struct link *parent, *child;
	int has_axis;
	double axis[3];
	int has_limit;
	struct srcpos limit_pos;
	double lower, upper, effort, velocity;
	int has_dynamics;
	double damping, friction;
	struct joint_rare *rare;     /* mimic, safety_controller, calibration */
	int preserve;                /* gazebo preserveFixedJoint */
	int disable_lumping;         /* gazebo disableFixedJointLumping */
	int lumped;                  /* merged away by fixed-joint lumping */
	struct ext_list exts;
	struct joint *next;          /* document order */
};

struct gazebo {
	const char *reference;       /* NULL when absent */
	struct xnode *elem;
	struct gazebo *next;
};

struct robot {
	struct arena arena;          /* the model's nodes and strings */
	/* Links (with their inertials), joints, and visuals and collisions
	 * each in an arena of their own, so that the passes of resolve over
	 * them read memory in order instead of hopping over everything else
	 * the input held between them. */
	struct arena link_arena, joint_arena, item_arena;
	const char *name;
	struct srcpos pos;
	int has_origin;
	struct pose origin;
	struct link *links, *links_last;
	struct joint *joints, *joints_last;
	struct gazebo *gazebos, *gazebos_last;
	unsigned nlinks, njoints;
	struct index link_index, joint_index, material_index;
	struct link *root;
	struct link **order;         /* links reached from the root, in emission order */
	unsigned norder;
	struct ext_list model_exts;  /* <gazebo> blocks without reference */
	struct ext **exts;           /* every <gazebo> block, in document order */
	unsigned nexts, exts_cap;
	int read_in_halves;          /* see read_halves() in read.c */
};

struct robot *robot_new(TALLOC_CTX *ctx);
void item_list_append(struct item_list *l, struct item *it);
void ext_list_append(struct arena *a, struct ext_list *l, struct ext *e);
void node_list_push(struct arena *a, struct node_list *l, struct xnode *n);
const char *joint_type_name(enum joint_type t);
int link_is_massless(const struct link *l);

#endif
