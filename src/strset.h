/* strset: a set of strings (hashed, open addressing), for the CLI's
 * model folder: the files copied, the folders made, the messages said.
 * A set, not a list: a robot with many meshes costs no scan per mesh.
 * The CLI's; not part of libu2s. */
#ifndef U2S_STRSET_H
#define U2S_STRSET_H

#include <stddef.h>

/* Zero-initialised is empty.  CAP slots (a power of two), at most half
 * full; each string the set's own copy. */
struct strset {
	char **v;
	size_t n, cap;
};

/* Whether S is in SET: 1; if not, it is now: 0; -1 when out of memory
 * (SET unchanged). */
int strset_met_before(struct strset *set, const char *s);

/* Frees every string and the slots; SET is then empty. */
void strset_free(struct strset *set);

#endif
