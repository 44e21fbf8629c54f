/* index: open addressing with linear probing, grows at 1/2 load.
 *
 * Names come from the input, so the hash is keyed: SipHash-1-3 with a key
 * drawn at random for each index.  Names crafted to collide under a fixed
 * hash (65,536 of them are easy for FNV-1a) would make every lookup walk
 * one long run of slots; without the key, nobody can craft them. */
#include "index.h"

#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

struct slot {
	const char *key;    /* NULL: empty */
	unsigned hash;
	void *val;
};

struct index {
	struct slot *slots;
	size_t cap, count;  /* cap a power of two */
	uint64_t key[2];    /* the hash's secret key */
	oom_jump *oom;
	struct arena *arena;  /* where it lives (index_new_in), or NULL: talloc */
};

static uint64_t rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

#define SIPROUND(v0, v1, v2, v3) do { \
		v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32); \
		v2 += v3; v3 = rotl(v3, 16); v3 ^= v2; \
		v0 += v3; v3 = rotl(v3, 21); v3 ^= v0; \
		v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32); \
	} while (0)

/* The 8 bytes at P as a little-endian number (one load on most machines). */
static uint64_t load_le64(const char *p)
{
	uint64_t m;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&m, p, sizeof m);
#else
	int k;
	for (m = 0, k = 7; k >= 0; k--)
		m = (m << 8) | (unsigned char)p[k];
#endif
	return m;
}

/* The N < 8 bytes at P as a little-endian number, read without a loop
 * and without reading past them: two loads that overlap when N is not a
 * power of two (the bytes they share land in the same place). */
static uint64_t load_tail(const char *p, size_t n)
{
	uint32_t a, b;

	if (n >= 4) {
		memcpy(&a, p, 4);
		memcpy(&b, p + n - 4, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		a = __builtin_bswap32(a), b = __builtin_bswap32(b);
#endif
		return (uint64_t)a | (uint64_t)b << (8 * (n - 4));
	}
	if (n == 0)
		return 0;
	return (uint64_t)(unsigned char)p[0] | (uint64_t)(unsigned char)p[n / 2] << (8 * (n / 2)) |
	       (uint64_t)(unsigned char)p[n - 1] << (8 * (n - 1));
}

/* SipHash-1-3 of the LEN bytes at S under KEY (Aumasson and Bernstein's
 * keyed hash, one round per word and three to finish). */
static unsigned hash_mem(const uint64_t key[2], const char *s, size_t len)
{
	uint64_t v0 = key[0] ^ 0x736f6d6570736575ull, v1 = key[1] ^ 0x646f72616e646f6dull;
	uint64_t v2 = key[0] ^ 0x6c7967656e657261ull, v3 = key[1] ^ 0x7465646279746573ull;
	size_t i;
	uint64_t m;

	for (i = 0; i + 8 <= len; i += 8) {
		m = load_le64(s + i);
		v3 ^= m;
		SIPROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	m = (uint64_t)(len & 0xff) << 56 | load_tail(s + i, len - i);
	v3 ^= m;
	SIPROUND(v0, v1, v2, v3);
	v0 ^= m;
	v2 ^= 0xff;
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	return (unsigned)(v0 ^ v1 ^ v2 ^ v3);
}

static unsigned hash_str(const uint64_t key[2], const char *s)
{
	return hash_mem(key, s, strlen(s));
}

/* A key nobody can guess: from the kernel, else from the clock and the
 * index's address. */
static void draw_key(struct index *ix)
{
	struct timespec ts;

	if (getrandom(ix->key, sizeof ix->key, GRND_NONBLOCK) == (ssize_t)sizeof ix->key)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ix->key[0] = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)(uintptr_t)ix;
	ix->key[1] = (uint64_t)ts.tv_sec * 0xbf58476d1ce4e5b9ull ^ (uint64_t)(uintptr_t)&ts;
}

struct index *index_new(TALLOC_CTX *ctx, oom_jump *jump)
{
	struct index *ix = must(jump, talloc_zero(ctx, struct index));

	ix->oom = jump;
	draw_key(ix);
	ix->cap = 64;
	ix->slots = must(jump, talloc_zero_array(ix, struct slot, ix->cap));
	return ix;
}

struct index *index_new_in(struct arena *a)
{
	struct index *ix = ARENA_NEW(a, struct index);

	ix->oom = a->oom;
	ix->arena = a;
	draw_key(ix);
	ix->cap = 32;
	ix->slots = ARENA_ARRAY(a, struct slot, ix->cap);
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
	const struct slot *s = find_slot(ix->slots, ix->cap, key, hash_str(ix->key, key));

	return s->key ? s->val : NULL;
}

/* CAP empty slots.  Only a slot's key tells it empty (the rest of it is
 * read only under a key), so only the keys are cleared: a third of the
 * writes of zeroing them whole. */
static struct slot *new_slots(struct index *ix, size_t cap)
{
	struct slot *slots = ix->arena ? arena_alloc_raw(ix->arena, cap * sizeof *slots) :
			     must(ix->oom, talloc_array(ix, struct slot, cap));
	size_t i;

	for (i = 0; i < cap; i++)
		slots[i].key = NULL;
	return slots;
}

static void grow(struct index *ix)
{
	size_t i, cap = ix->cap * 2;
	struct slot *slots = new_slots(ix, cap);

	for (i = 0; i < ix->cap; i++)
		if (ix->slots[i].key)
			*find_slot(slots, cap, ix->slots[i].key, ix->slots[i].hash) = ix->slots[i];
	if (!ix->arena)   /* an arena's old slots go with the arena */
		talloc_free(ix->slots);
	ix->slots = slots;
	ix->cap = cap;
}

void *index_put(struct index *ix, const char *key, void *val)
{
	unsigned h = hash_str(ix->key, key);
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

const char *index_intern(struct index *ix, const char *s, size_t len, struct arena *a)
{
	unsigned h = hash_mem(ix->key, s, len);
	struct slot *slot = find_slot(ix->slots, ix->cap, s, h);
	char *copy;

	if (slot->key)
		return slot->key;
	copy = arena_strndup(a, s, len);   /* the slot stays: nothing moved */
	slot->key = copy;
	slot->hash = h;
	slot->val = copy;
	if (++ix->count * 2 > ix->cap)
		grow(ix);
	return copy;
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

size_t index_longest_run(const struct index *ix)
{
	size_t i, longest = 0;

	for (i = 0; i < ix->cap; i++)
		if (ix->slots[i].key) {
			size_t home = ix->slots[i].hash & (ix->cap - 1);
			size_t d = (i - home) & (ix->cap - 1);
			if (d + 1 > longest)
				longest = d + 1;
		}
	return longest;
}
