/* xnode: a generic XML element tree.  <gazebo> blocks are kept as read in
 * it, and the writer builds each SDF element in it before printing.  Nodes
 * live in an arena (src/arena.h) and carry the source position they came
 * from (0:0 for nodes the writer makes). */
#ifndef U2S_XNODE_H
#define U2S_XNODE_H

#include <string.h>

#include "arena.h"

struct srcpos { unsigned line, col; };

struct xattr { const char *name, *value; };

struct kids;

struct xnode {
	struct arena *arena;  /* where this node and its children live */
	const char *name;
	struct xattr *attrs;
	unsigned nattrs;
	unsigned seq;         /* when it was appended: children are in seq order */
	size_t nlen;          /* strlen(name), for the printer */
	const char *text;     /* character data of a leaf element; NULL if none */
	/* TEXT itself when it is known to need no escaping (numbers the
	 * writer formatted: xnode_add_plain).  Whoever sets TEXT otherwise
	 * leaves this behind, and the printer then escapes TEXT. */
	const char *plain;
	struct xnode *parent, *first, *last, *prev, *next;
	/* Its children by name, once a lookup had to pass many of them
	 * (xnode.c): then finding a child by name costs no scan. */
	struct kids *kids;
	struct srcpos pos;
};

struct xnode *xnode_new_n(struct arena *a, const char *name, size_t nlen);
/* Inline, so that the length of a literal NAME is known when compiling. */
static inline struct xnode *xnode_new(struct arena *a, const char *name)
{
	return xnode_new_n(a, name, strlen(name));
}
/* Children are only ever appended: a parent's children are in the order
 * of their seq, and a child appended after another has a larger one. */
/* New leaf <NAME>TEXT</NAME> appended to PARENT. */
struct xnode *xnode_add_n(struct xnode *parent, const char *name, size_t nlen, const char *text);
static inline struct xnode *xnode_add(struct xnode *parent, const char *name, const char *text)
{
	return xnode_add_n(parent, name, strlen(name), text);
}
/* The same, TEXT being one that needs no escaping (numbers the writer
 * formats): the printer then copies it as it is. */
static inline struct xnode *xnode_add_plain(struct xnode *parent, const char *name,
					    const char *text)
{
	struct xnode *n = xnode_add(parent, name, text);

	n->plain = text;
	return n;
}
void xnode_append(struct xnode *parent, struct xnode *child);
void xnode_unlink(struct xnode *child);
struct xnode *xnode_child_n(const struct xnode *parent, const char *name, size_t nlen);
/* The first child NAME of PARENT, or NULL.  Inline, so that the length of a
 * literal NAME is known when compiling: children of other lengths are
 * passed without a comparison. */
static inline struct xnode *xnode_child(const struct xnode *parent, const char *name)
{
	return xnode_child_n(parent, name, strlen(name));
}
/* The child NAME of PARENT, appended when missing. */
struct xnode *xnode_need_n(struct xnode *parent, const char *name, size_t nlen);
static inline struct xnode *xnode_need(struct xnode *parent, const char *name)
{
	return xnode_need_n(parent, name, strlen(name));
}
/* The SDF "replace-add": removes any child NAME, appends <NAME>TEXT</NAME>. */
struct xnode *xnode_replace(struct xnode *parent, const char *name, const char *text);
const char *xnode_attr(const struct xnode *n, const char *name);
/* Removes N's attribute NAME, if it has one. */
void xnode_remove_attr(struct xnode *n, const char *name);
void xnode_set_attr(struct xnode *n, const char *name, const char *value);
/* The element after N in document order within ROOT, skipping N's
 * children when SKIP_BELOW; NULL at the end (a walk without recursion). */
struct xnode *xnode_next_in(const struct xnode *n, const struct xnode *root, int skip_below);
/* TEXT without the XML blanks around it, in A (TEXT itself when it has
 * none); NULL is "". */
const char *xnode_trimmed(struct arena *a, const char *text);
/* Whether C is an XML blank (space, tab, CR, LF). */
int xnode_is_blank(char c);
/* Whether TEXT (NULL too) is nothing but XML blanks. */
int xnode_blank(const char *text);
/* Deep copy of N (and its subtree) in A, detached. */
struct xnode *xnode_copy(struct arena *a, const struct xnode *n);

#endif
