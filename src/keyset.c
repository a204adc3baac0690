/* keyset.c - see keyset.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "keyset.h"
#include "util.h"

/* FNV-1a, 64 bits (http://www.isthe.com/chongo/tech/comp/fnv/). */
static uint64_t hash(const char *s, size_t len)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

static struct keyset_entry *find(struct keyset_entry *v, size_t cap, const char *s, size_t len)
{
	size_t i = (size_t)hash(s, len) & (cap - 1);

	while (v[i].s && !(v[i].len == len && memcmp(v[i].s, s, len) == 0))
		i = (i + 1) & (cap - 1);
	return &v[i];
}

bool keyset_add(struct keyset *ks, const char *s, size_t len, size_t tag, size_t *prev)
{
	struct keyset_entry *e;

	/* at most half full, so a probe ends soon; the capacity a power of 2 */
	if (2 * (ks->n + 1) > ks->cap) {
		size_t cap = ks->cap ? 2 * ks->cap : 16;
		struct keyset_entry *nv = xcalloc(cap, sizeof(*nv));

		for (size_t i = 0; i < ks->cap; i++)
			if (ks->v[i].s)
				*find(nv, cap, ks->v[i].s, ks->v[i].len) = ks->v[i];
		free(ks->v);
		ks->v = nv;
		ks->cap = cap;
	}
	e = find(ks->v, ks->cap, s, len);
	if (e->s) {
		*prev = e->tag;
		return false;
	}
	*e = (struct keyset_entry){ .s = s, .len = len, .tag = tag };
	ks->n++;
	return true;
}

bool keyset_has(const struct keyset *ks, const char *s, size_t len, size_t *tag)
{
	const struct keyset_entry *e;

	if (!ks->cap)
		return false;
	e = find(ks->v, ks->cap, s, len);
	if (e->s && tag)
		*tag = e->tag;
	return e->s != NULL;
}

void keyset_release(struct keyset *ks)
{
	free(ks->v);
	memset(ks, 0, sizeof(*ks));
}
