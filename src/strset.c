/* strset: a set of strings (strset.h). */
#define _POSIX_C_SOURCE 200809L

#include "strset.h"

#include <stdlib.h>
#include <string.h>

/* S's slot in PATHS (CAP of them): where it is, or the empty one it
 * would take. */
static char **slot(char **paths, size_t cap, const char *s)
{
	size_t h = 14695981039346656037u;   /* FNV-1a */
	const unsigned char *c;

	for (c = (const unsigned char *)s; *c; c++)
		h = (h ^ *c) * 1099511628211u;
	for (h &= cap - 1; paths[h] && strcmp(paths[h], s); h = (h + 1) & (cap - 1))
		;
	return &paths[h];
}

/* Room for one more in SET; -1 when out of memory. */
static int grow(struct strset *set)
{
	size_t cap = set->cap ? 2 * set->cap : 64, i;
	char **bigger;

	if (2 * (set->n + 1) <= set->cap)
		return 0;
	bigger = calloc(cap, sizeof *bigger);
	if (!bigger)
		return -1;
	for (i = 0; i < set->cap; i++)
		if (set->v[i])
			*slot(bigger, cap, set->v[i]) = set->v[i];
	free(set->v);
	set->v = bigger;
	set->cap = cap;
	return 0;
}

int strset_met_before(struct strset *set, const char *s)
{
	char **at;

	if (grow(set) != 0)
		return -1;
	at = slot(set->v, set->cap, s);
	if (*at)
		return 1;
	if ((*at = strdup(s)) == NULL)
		return -1;
	set->n++;
	return 0;
}

void strset_free(struct strset *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++)
		free(set->v[i]);
	free(set->v);
	set->v = NULL;
	set->n = set->cap = 0;
}
