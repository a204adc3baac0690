/* path-table.c - the path memo's hash table of paths (path-table.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "path-table.h"
#include "util.h"

size_t path_hash_n(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return (size_t)(h ^ (h >> 32));
}

/* Where key is in t (cap > 0), or the empty slot where it goes. */
static struct pt_slot *place(const struct pt_table *t, const char *key, size_t h, size_t len)
{
	size_t i = h & (t->cap - 1);

	while (t->s[i].key &&
	       (t->s[i].hash != h || t->s[i].len != len || memcmp(t->s[i].key, key, len) != 0))
		i = (i + 1) & (t->cap - 1);
	return &t->s[i];
}

struct pt_slot *pt_find(const struct pt_table *t, const char *key, size_t h, size_t len)
{
	struct pt_slot *sl = t->cap ? place(t, key, h, len) : NULL;

	return sl && sl->key ? sl : NULL;
}

struct pt_slot *pt_get(struct pt_table *t, const char *key, size_t h, size_t len, size_t min_cap)
{
	struct pt_slot *sl;

	if (2 * (t->n + 1) > t->cap) {
		struct pt_table old = *t;

		t->cap = old.cap ? 2 * old.cap : min_cap;
		t->s = xcalloc(t->cap, sizeof(*t->s));
		for (size_t k = 0; k < old.cap; k++)
			if (old.s[k].key)
				*place(t, old.s[k].key, old.s[k].hash, old.s[k].len) = old.s[k];
		free(old.s);
	}
	sl = place(t, key, h, len);
	if (!sl->key) {
		t->n++;
		*sl = (struct pt_slot){ .key = xstrndup(key, len), .hash = h, .len = len };
	}
	return sl;
}

void pt_free(struct pt_table *t)
{
	for (size_t i = 0; i < t->cap; i++) {
		free(t->s[i].key);
		free(t->s[i].u.val); /* or st: both malloc'd */
	}
	free(t->s);
	memset(t, 0, sizeof(*t));
}
