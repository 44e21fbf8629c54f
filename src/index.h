/* index: a hash table from strings to pointers, for names (links, joints,
 * materials, packages) and for strings kept once.  Its insides are in
 * index.c.  Keys are not copied: they must outlive the index. */
#ifndef U2S_INDEX_H
#define U2S_INDEX_H

#include <stddef.h>
#include <talloc.h>

#include "arena.h"

struct index;

/* A new, empty index owned by CTX; running out of memory, now or as it
 * grows, jumps to JUMP. */
struct index *index_new(TALLOC_CTX *ctx, oom_jump *jump);
/* The same in arena A: it goes when A forgets it (reset, or a release to
 * a mark made before it), and never needs freeing. */
struct index *index_new_in(struct arena *a);
void index_set_oom(struct index *ix, oom_jump *jump);
void *index_get(const struct index *ix, const char *key);
/* Adds KEY -> VAL unless KEY is there; returns the value already stored
 * under KEY, or NULL when VAL was added. */
void *index_put(struct index *ix, const char *key, void *val);
/* The key of IX equal to the LEN bytes at S (a string: S[LEN] is its
 * NUL), added, as its own value, as a copy in A when IX has none: for
 * strings kept once.  One hash, found or not. */
const char *index_intern(struct index *ix, const char *s, size_t len, struct arena *a);
size_t index_count(const struct index *ix);
/* Adds every entry of FROM to IX; -1 when a key of FROM was in IX already
 * (IX then holds some of FROM's entries). */
int index_merge(struct index *ix, const struct index *from);
/* The most slots a lookup of a key in IX looks at (tests: crafted names
 * must not make it long). */
size_t index_longest_run(const struct index *ix);

#endif
