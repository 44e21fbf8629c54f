/* model: the URDF robot as u2s holds it.  read.c fills it; resolve.c and
 * lump.c decide what becomes of each link and joint (their fates), and
 * everything after resolve only reads those decisions.  Every node lives in
 * one of the robot's arenas (one talloc context per conversion) and carries
 * the source position it came from. */
#ifndef U2S_MODEL_H
#define U2S_MODEL_H

#include <stddef.h>
#include <talloc.h>

#include "arena.h"
#include "index.h"
#include "tags.h"
#include "urdf_version.h"
#include "xform.h"
#include "xnode.h"

struct world_plan;
struct migration;
struct followed_contact;

/* ---- the robot ------------------------------------------------------- */

enum geom_kind { GEOM_NONE, GEOM_BOX, GEOM_CYLINDER, GEOM_SPHERE, GEOM_MESH, GEOM_CAPSULE };

struct geometry {
	enum geom_kind kind;
	struct srcpos pos;           /* mesh: of <mesh>, for messages about its URI */
	const char *filename;        /* mesh: as uri_rewrite() leaves it */
	union {                      /* one shape at a time: keep items small */
		double size[3];          /* box */
		double scale[3];         /* mesh, 1 1 1 unless given */
		struct { double length, radius; };  /* cylinder, capsule; sphere: radius */
	};
};

struct material {
	const char *name;
	int has_rgba;
	double rgba[4];
	const char *texture;     /* NULL if none */
	struct srcpos pos;
	int texture_warned;      /* its texture was said to be left out */
	int black;               /* no colour given: urdfdom's 0 0 0 1 */
};

/* M, which gives neither colour nor texture, as urdfdom leaves it: black. */
void material_black(struct material *m);

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

struct node_list { struct xnode **v; unsigned n, cap; };

/* One <gazebo> block, its special tags parsed, everything else kept as blobs. */
struct ext {
	const char *ref;             /* reference attribute, "" for the model */
	struct gazebo *block;        /* the block it was read from */
	struct srcpos pos;
	struct tag_values tags;      /* the special tags it sets (src/tags.h) */
	struct node_list blobs;      /* elements inserted as they are */
	struct node_list visual_blobs, collision_blobs; /* children of <visual>/<collision> */
	/* --migrate: the colours written instead of the script its <material>
	 * tag names (a <material> holding them; src/classic_material.h), or
	 * NULL: the tag is written as it is. */
	const struct xnode *material_colours;
	/* The link and joint named REF (NULL: none), as resolve's join_block
	 * looked them up (REF_FOUND); ext_named() gives them without hashing
	 * REF again. */
	int ref_found;
	struct link *ref_link;
	struct joint *ref_joint;
};

struct ext_ref { struct ext *ext; struct ext_ref *next; };
struct ext_list {
	struct ext_ref *first, *last;
	/* By tag: the last block of the list that gives it (resolve's
	 * override check); NULL until a block is checked against the list. */
	const struct ext **latest;
};

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
	 * lists the links it absorbed in libsdformat's merge order, then the
	 * massless links written as frames below it (LINK_FRAME), whose
	 * contents it takes the same way. */
	struct link *owner;          /* itself unless lumped */
	struct pose to_owner;        /* this link's frame in the owner's frame */
	struct link *absorbed_first, *absorbed_last, *next_absorbed;
	unsigned merge_seq;          /* LINK_LUMPED: its place in libsdformat's merge order */
	unsigned collision_k0;       /* LINK_LUMPED: how many collisions its owner writes
				      * before this link's first */
	struct index *collision_names; /* lump.c: SDF collision name -> item, once asked */
	struct followed_contact *followed_contacts; /* lump.c: its contact sensors'
						     * <collision>s naming one of its own */
	struct link *dropped_by;     /* LINK_DROPPED: the massless link that took it */
	unsigned ndropped_below;     /* links dropped with this one */
	int reached;                 /* found by the walk from the root */
	struct link *next;           /* document order */
};

enum joint_type {
	JOINT_REVOLUTE, JOINT_CONTINUOUS, JOINT_PRISMATIC, JOINT_FIXED,
	JOINT_FLOATING, JOINT_PLANAR, JOINT_TYPE_COUNT
};

/* What u2s knows of a URDF joint type. */
struct joint_type_info {
	const char *urdf;       /* the type attribute */
	const char *sdf;        /* the SDF joint type; NULL: SDFormat has none */
	int needs_limit;        /* <limit> is required (effort, velocity) */
};
extern const struct joint_type_info JOINT_TYPES[JOINT_TYPE_COUNT];

/* What becomes of a joint in the SDF: decided in resolve (and lump), read
 * by the writer and the statistics. */
enum joint_fate {
	JOINT_WRITTEN,    /* a <joint> */
	JOINT_LEFT_OUT,   /* a type SDFormat lacks (floating, planar): its child
			   * link is posed at the joint's origin instead */
	JOINT_LUMPED,     /* merged away by fixed-joint lumping: a <frame> */
	JOINT_AS_FRAME,   /* kept fixed joint of a massless child: a <frame> */
	JOINT_DROPPED     /* its child link was left out (massless) */
};

/* Joint elements that few joints have, and SDFormat 1.9 does not write
 * (1.11 and later write <mimic>):
 * kept apart so that every other joint stays small. */
struct joint_rare {
	int has_mimic;
	struct srcpos mimic_pos;
	const char *mimic_joint;
	double mimic_multiplier, mimic_offset;
	int mimic_written;           /* resolve: the target has <mimic> and it loads */
	int mimic_state;             /* resolve, while deciding: 0 open, 1 on the
				      * walk up the leaders, 2 decided */
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
	/* The links of those names, when they were read before the joint (the
	 * link index keeps a name's first link for good: resolving finds the
	 * same one) */
	struct link *parent_seen, *child_seen;
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
	enum joint_fate fate;
	struct ext_list exts;
	struct joint *next;          /* document order */
};

/* Bytes [start, end) of the input, counted from its first byte (where the
 * reader began: the descriptor's offset then, or the buffer's start). */
struct span { size_t start, end; };

/* A <gazebo> block: its element tree as read, which resolve's ext blobs
 * share.  The migration (--migrate) rewrites ELEM in place and the URDF
 * output (write_urdf.c, U2S_OUTPUT_URDF) prints it back:
 *   - a block of the input whose tree the migration changed: it sets
 *     MIGRATED, and ELEM is printed in place of SPAN (ELEM NULL, or left
 *     with no children: the block is removed, with its line when it is
 *     alone on it);
 *   - a block the migration makes (a <gazebo reference='JOINT'> holding a
 *     sensor): appended to rb->gazebos (LIST_APPEND, gazebos_last) with
 *     ADDED set and no span; it is printed before </robot>, in the order
 *     of the list.
 * A block neither marks is copied byte for byte.  Under U2S_OUTPUT_URDF
 * lumping leaves the blocks' trees as they are (robot.blobs_unlumped: a
 * sensor's pose moved into the link it is merged into would be moved
 * again by whoever reads the URDF, which lumps it again), and resolve
 * copies each marked tree as soon as migrate() is done
 * (gazebo_keep_migrated): the copy is what is printed, not what the
 * schema then makes of ELEM for the SDF (required defaults added). */
struct gazebo {
	const char *reference;       /* NULL when absent */
	struct xnode *elem;
	int migrated;                /* --migrate changed its tree (migrate.c) */
	int added;                   /* made by --migrate: no source span */
	struct gazebo *next;
	/* U2S_OUTPUT_URDF only: from '<gazebo' to after '</gazebo>' or '/>'
	 * (where expat reported it: write_urdf.c checks the bytes are
	 * those). */
	int has_span;
	struct span span;
	struct xnode *as_migrated;   /* ELEM's copy once migrated (NULL: print ELEM) */
};

/* <ros2_control><hardware><plugin>TEXT</plugin>: the hardware plugin
 * gz_ros2_control loads from robot_description (U2S_OUTPUT_URDF only). */
struct hw_plugin {
	struct span text_span;       /* the bytes between <plugin> and </plugin> */
	const char *text;            /* as expat read it (entities expanded) */
	struct srcpos pos;
	struct hw_plugin *next;      /* document order */
};

/* What the URDF output needs of the input (U2S_OUTPUT_URDF; else all
 * zero): its bytes and where things are in them. */
struct urdf_source {
	const char *bytes;           /* the whole input (the caller's buffer, or a
				      * copy under the conversion's context) */
	size_t len;
	size_t robot_open_end;       /* just after the <robot ...> start tag */
	int has_robot_close;
	size_t robot_close;          /* where </robot> starts */
	struct hw_plugin *plugins, *plugins_last;
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
	struct urdf_version urdf_version;  /* <robot version>, 1.0 when absent */
	/* What the reader fills from the children of <robot> (up to nlinks,
	 * njoints); read_split.c's join_halves carries each over from the
	 * second half of a file read in two. */
	int has_origin;
	struct pose origin;
	struct link *links, *links_last;
	struct joint *joints, *joints_last;
	struct gazebo *gazebos, *gazebos_last;
	unsigned nlinks, njoints;
	struct urdf_source source;   /* U2S_OUTPUT_URDF: the input's bytes, spans */
	/* U2S_OUTPUT_URDF: lump.c leaves the blobs as they are (struct
	 * gazebo); set by resolve. */
	int blobs_unlumped;
	/* A repair added names to link_index or joint_index (loadable.c's
	 * renames): what an ext found before may be out of date
	 * (ext_named()). */
	int names_added;
	struct index *link_index, *joint_index, *material_index;
	oom_jump *oom;               /* where running out of memory goes */
	struct link *root;
	struct link *world;          /* the root when it is named world, else NULL */
	struct link **order;         /* links reached from the root, in emission order */
	unsigned norder;
	struct link **merged;        /* the lumped links in libsdformat's merge order */
	unsigned nmerged;
	int collisions_numbered;     /* link collision_k0 set (lump.c, when needed) */
	struct ext_list model_exts;  /* <gazebo> blocks without reference */
	struct ext **exts;           /* every <gazebo> block, in document order */
	unsigned nexts, exts_cap;
	int read_in_halves;          /* read as two halves at once (read_split.c) */
	struct world_plan *plan;     /* world.c: what gz-sim needs (after resolve) */
	struct migration *migration; /* migrate.c: with --migrate, after resolve */
};

struct robot *robot_new(TALLOC_CTX *ctx, oom_jump *jump);
/* Where running out of memory in RB's arenas and indexes goes from now on
 * (a robot read on another thread: read_split.c). */
void robot_set_oom(struct robot *rb, oom_jump *jump);
/* Appends NODE to the singly linked list from FIRST to LAST, whose nodes
 * are linked by their member NEXT: the one append of every such list
 * (items, extension references, a lumping owner's absorbed links). */
#define LIST_APPEND(first, last, node, next)      \
	do {                                      \
		(node)->next = NULL;              \
		if (last)                         \
			(last)->next = (node);    \
		else                              \
			(first) = (node);         \
		(last) = (node);                  \
	} while (0)

/* The links written, each with what it absorbed (the writer's walk). */
#define FOR_WRITTEN_SOURCES(rb, i, l, src)                                              \
	for (i = 0; i < (rb)->norder; i++)                                              \
		if ((l = (rb)->order[i])->fate == LINK_WRITTEN)                           \
			for (src = l; src; src = src == l ? l->absorbed_first : src->next_absorbed)

void item_list_append(struct item_list *l, struct item *it);
void ext_list_append(struct arena *a, struct ext_list *l, struct ext *e);
/* The link and the joint named by E's reference (NULL: none; the model's
 * block names neither): as resolve found them, else looked up. */
void ext_named(const struct robot *rb, const struct ext *e, struct link **l, struct joint **j);
/* Each block the migration marked (migrated or added), its tree copied as
 * it is now into as_migrated: resolve calls it after migrate(), under
 * U2S_OUTPUT_URDF (see struct gazebo). */
void gazebo_keep_migrated(struct robot *rb);
void node_list_push(struct arena *a, struct node_list *l, struct xnode *n);
const char *joint_type_name(enum joint_type t);
/* The SDF type J is written with: the table's, except that a fixed joint
 * kept only by <disableFixedJointLumping> becomes a revolute joint locked
 * at 0, as in libsdformat.  NULL: SDFormat has none. */
const char *joint_sdf_type(const struct joint *j);
/* Whether the output has L's (J's) name: as a link or joint, or as the
 * frame that stands for it (lumped, or massless on a kept fixed joint). */
int link_named_in_output(const struct link *l);
int joint_named_in_output(const struct joint *j);
/* Why SDFormat 1.8 and later reserve NAME, or NULL: readers reject a
 * document that uses it ('::', __x__, world). */
const char *name_reserved(const char *name);
/* The name libsdformat gives item IT of link SRC, the K-th of its kind
 * written in link LINK (SRC itself, or the link SRC is lumped into):
 * LINK_collision, LINK_collision_1, LINK_fixed_joint_lump__NAME_visual... */
const char *item_sdf_name(struct arena *a, const char *link, const struct link *src,
			  const struct item *it, unsigned k);
int link_is_massless(const struct link *l);
/* The link a joint's <pose relative_to> names: the model when it is the
 * world. */
int link_is_world(const struct robot *rb, const struct link *l);


#endif
