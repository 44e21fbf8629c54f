/* index: open addressing with linear probing, FNV-1a, grows at 1/2 load. */
#include "index.h"

#include <string.h>

struct slot {
	const char *key;    /* NULL: empty */
	unsigned hash;
	void *val;
};

struct index {
	struct slot *slots;
	size_t cap, count;  /* cap a power of two */
	oom_jump *oom;
};

static unsigned hash_str(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

struct index *index_new(TALLOC_CTX *ctx, oom_jump *jump)
{
	struct index *ix = must(jump, talloc_zero(ctx, struct index));

	ix->oom = jump;
	ix->cap = 64;
	ix->slots = must(jump, talloc_zero_array(ix, struct slot, ix->cap));
	return ix;
}

void index_set_oom(struct index *ix, oom_jump *jump)
{
	ix->oom = jump;
}

static struct slot *find_slot(struct slot *slots, size_t cap, const char *key, unsigned h)
{
	size_t i = h & (cap - 1);

	while (slots[i].key && (slots[i].hash != h || strcmp(slots[i].key, key) != 0))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

void *index_get(const struct index *ix, const char *key)
{
	return find_slot(ix->slots, ix->cap, key, hash_str(key))->val;
}

static void grow(struct index *ix)
{
	size_t i, cap = ix->cap * 2;
	struct slot *slots = must(ix->oom, talloc_zero_array(ix, struct slot, cap));

	for (i = 0; i < ix->cap; i++)
		if (ix->slots[i].key)
			*find_slot(slots, cap, ix->slots[i].key, ix->slots[i].hash) = ix->slots[i];
	talloc_free(ix->slots);
	ix->slots = slots;
	ix->cap = cap;
}

void *index_put(struct index *ix, const char *key, void *val)
{
	unsigned h = hash_str(key);
	struct slot *s = find_slot(ix->slots, ix->cap, key, h);

	if (s->key)
		return s->val;
	s->key = key;
	s->hash = h;
	s->val = val;
	if (++ix->count * 2 > ix->cap)
		grow(ix);
	return NULL;
}

size_t index_count(const struct index *ix)
{
	return ix->count;
}

int index_merge(struct index *ix, const struct index *from)
{
	size_t i;

	for (i = 0; i < from->cap; i++)
		if (from->slots[i].key && index_put(ix, from->slots[i].key, from->slots[i].val))
			return -1;
	return 0;
}
