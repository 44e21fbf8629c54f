/* schema: lookups in the generated description tables (see schema.h). */
#include "schema.h"

#include <string.h>

const struct schema_elem *schema_file(const struct schema *s, const char *file)
{
	unsigned lo = 0, hi = s->nfiles;

	while (lo < hi) {   /* the first entry named FILE or after it */
		unsigned mid = (lo + hi) / 2;
		if (strcmp(s->files[mid].name, file) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < s->nfiles && strcmp(s->files[lo].name, file) == 0; lo++)
		if (s->files[lo].first <= s->index && s->index <= s->files[lo].last)
			return &s->elems[s->files[lo].top];
	return NULL;
}

const struct schema_elem *schema_child(const struct schema *s, const struct schema_elem *e,
				       const char *name, enum schema_required *required)
{
	unsigned i;

	for (i = 0; i < e->nchildren; i++) {
		const struct schema_child *c = &s->children[e->child0 + i];
		if (strcmp(s->elems[c->elem].name, name) == 0) {
			if (required)
				*required = c->required;
			return &s->elems[c->elem];
		}
	}
	return NULL;
}

const struct schema_attr *schema_attr(const struct schema *s, const struct schema_elem *e,
				      const char *name)
{
	unsigned i;

	for (i = 0; i < e->nattrs; i++)
		if (strcmp(s->attrs[e->attr0 + i].name, name) == 0)
			return &s->attrs[e->attr0 + i];
	return NULL;
}
