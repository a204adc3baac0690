/* policy-walk.c - the policy's rule index and the walk from "/" down
 * (policy-walk.h). */
#include <stdlib.h>
#include <string.h>

#include "policy-walk.h"
#include "util.h"

/* An open-addressing hash table from a spelling (a rule's path or
 * resolved path, not owned: the rule's own strings) to the indices of the
 * rules spelled so. Grown at half load; never shrinks. */
struct index_slot {
	const char *key; /* NULL: empty */
	size_t len, hash; /* strlen(key), FNV-1a of key: a probe compares these first */
	size_t *idx;
	size_t n, cap;
};

struct policy_index {
	struct index_slot *slots;
	size_t cap, used; /* cap: a power of two */
};

#define FNV_START ((size_t)14695981039346656037ULL)

/* FNV-1a of the n bytes of s, continued from h. */
static size_t fnv(size_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= (size_t)1099511628211ULL;
	}
	return h;
}

/* The slot of the n-byte key s of hash h: its own, or the empty one. */
static struct index_slot *index_slot(const struct policy_index *ix, const char *s, size_t n,
				     size_t h)
{
	for (size_t i = h & (ix->cap - 1);; i = (i + 1) & (ix->cap - 1)) {
		struct index_slot *sl = &ix->slots[i];

		if (!sl->key || (sl->hash == h && sl->len == n && memcmp(sl->key, s, n) == 0))
			return sl;
	}
}

void policy_index_put(struct policy_index *ix, const char *key, size_t rule)
{
	size_t len = strlen(key), h = fnv(FNV_START, key, len);
	struct index_slot *sl;

	if (2 * (ix->used + 1) > ix->cap) {
		struct policy_index grown = { NULL, ix->cap ? ix->cap * 2 : 64, 0 };

		grown.slots = xcalloc(grown.cap, sizeof(*grown.slots));
		for (size_t i = 0; i < ix->cap; i++) {
			if (!ix->slots[i].key)
				continue;
			*index_slot(&grown, ix->slots[i].key, ix->slots[i].len, ix->slots[i].hash) =
				ix->slots[i];
			grown.used++;
		}
		free(ix->slots);
		*ix = grown;
	}
	sl = index_slot(ix, key, len, h);
	if (!sl->key) {
		*sl = (struct index_slot){ key, len, h, NULL, 0, 0 };
		ix->used++;
	}
	if (sl->n == sl->cap) {
		sl->cap = sl->cap ? sl->cap * 2 : 2;
		sl->idx = xreallocarray(sl->idx, sl->cap, sizeof(*sl->idx));
	}
	sl->idx[sl->n++] = rule;
}

struct policy_index *policy_index_new(void)
{
	return xcalloc(1, sizeof(struct policy_index));
}

void policy_index_free(struct policy_index *ix)
{
	if (!ix)
		return;
	for (size_t i = 0; i < ix->cap; i++)
		free(ix->slots[i].idx);
	free(ix->slots);
	free(ix);
}

enum verdict { V_PASS = 0, V_ALLOW = 1, V_DENY = 2 };

void policy_walk_start(struct policy_walk *w)
{
	memset(w, 0, sizeof(*w));
	w->hash = FNV_START;
}

bool policy_walk_exact(const struct fsj_policy *pol)
{
	return !pol->darwin;
}

void policy_walk_step(const struct fsj_policy *pol, const struct policy_walk *up, const char *q,
		      size_t len, unsigned caps, struct policy_walk *rec, struct policy_walk *all)
{
	/* per capability and level, the rule of this spelling in force:
	 * the first with the strongest verdict (deny, allow, pass); [0] of
	 * the recursive rules, [1] of all */
	const struct fsj_rule *top[2][FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT];
	unsigned char tv[2][FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT];
	const struct index_slot *sl = NULL;
	size_t h = fnv(up->hash, q + up->len, len - up->len);

	if (pol->index && pol->index->cap)
		sl = index_slot(pol->index, q, len, h);
	if (rec != up)
		*rec = *up;
	if (all)
		*all = *up;
	rec->len = len;
	rec->hash = h;
	if (all) {
		all->len = len;
		all->hash = h;
	}
	if (!sl || !sl->key)
		return; /* no rule spelled q: the walk goes on unchanged */
	memset(top, 0, sizeof(top));
	memset(tv, 0, sizeof(tv));
	for (size_t k = 0; k < sl->n; k++) {
		const struct fsj_rule *r = &pol->rules[sl->idx[k]];
		int lv = (int)fsj_source_level(r->source);

		if (lv < 0 || lv >= FSJ_LEVEL_DEFAULT)
			continue;
		for (int c = 0; c < FSJ_CAP_COUNT; c++) {
			/* a rule that denies what a delete on macOS needs
			 * denies the delete too (policy.c's move rule) */
			unsigned bit = FSJ_CAPBIT(c),
				 any = pol->darwin && c == FSJ_CAP_DELETE ? pol->enforced : 0;
			unsigned char v;

			if (!(caps & bit) || !(((r->allow | r->deny | r->pass) & bit) || (r->deny & any)))
				continue;
			v = (r->deny & (bit | any)) ? V_DENY : (r->allow & bit) ? V_ALLOW : V_PASS;
			for (int w = r->recursive ? 0 : 1; w < 2; w++) {
				if (!top[w][c][lv] || v > tv[w][c][lv]) {
					top[w][c][lv] = r;
					tv[w][c][lv] = v;
				}
			}
		}
	}
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		for (int lv = 0; lv < FSJ_LEVEL_DEFAULT; lv++) {
			if (top[0][c][lv]) {
				rec->best[c][lv] = top[0][c][lv];
				rec->verdict[c][lv] = tv[0][c][lv];
			}
			/* a recursive rule counts in both */
			if (all && top[1][c][lv]) {
				all->best[c][lv] = top[1][c][lv];
				all->verdict[c][lv] = tv[1][c][lv];
			}
		}
	}
}

void policy_walk_decisions(const struct policy_walk *w, unsigned caps,
			   struct fsj_decision out[FSJ_CAP_COUNT])
{
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		if (!(caps & FSJ_CAPBIT(c)))
			continue;
		memset(&out[c], 0, sizeof(out[c]));
		out[c].level = FSJ_LEVEL_DEFAULT;
		for (int lv = FSJ_LEVEL_PROTECTED; lv < FSJ_LEVEL_DEFAULT; lv++) {
			if (!w->best[c][lv])
				continue;
			if (w->verdict[c][lv] == V_PASS) {
				/* a protected exception: this level has no opinion here */
				out[c].pass = true;
				continue;
			}
			out[c].allowed = w->verdict[c][lv] == V_ALLOW;
			out[c].level = (enum fsj_level)lv;
			out[c].rule = w->best[c][lv];
			break;
		}
	}
}
