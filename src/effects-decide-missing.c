/* effects-decide-missing.c - the grants a check's prompt offers
 * (effects-decide-missing.h; moved out of effects-decide.c). */
#include <stdlib.h>
#include <string.h>

#include "effects-decide-missing.h"
#include "path.h"
#include "util.h"

void decide_missing_add(struct fsj_check *c, size_t *cap_, const struct fsj_effect *e,
			const char *path, enum fsj_cap cap)
{
	if (e->status == FSJ_EFFECT_UNRESOLVED && strcmp(path, "/") == 0)
		return;
	if (c->n_missing == *cap_) {
		*cap_ = *cap_ ? *cap_ * 2 : 8;
		c->missing = xreallocarray(c->missing, *cap_, sizeof(*c->missing));
	}
	c->missing[c->n_missing].path = xstrdup(path);
	c->missing[c->n_missing].cap = cap;
	c->n_missing++;
}

/* Deepest path first (the narrowest grant), then by path, then capability. */
static int missing_cmp(const void *x, const void *y)
{
	const struct fsj_missing *m = x, *n = y;
	size_t dm = path_depth(m->path), dn = path_depth(n->path);
	int r;

	if (dm != dn)
		return dm > dn ? -1 : 1;
	r = strcmp(m->path, n->path);
	if (r)
		return r;
	return (int)m->cap - (int)n->cap;
}

void decide_missing_sort(struct fsj_check *c)
{
	size_t k = 1;

	if (c->n_missing <= 1)
		return;
	qsort(c->missing, c->n_missing, sizeof(*c->missing), missing_cmp);
	for (size_t i = 1; i < c->n_missing; i++) {
		if (missing_cmp(&c->missing[k - 1], &c->missing[i]) == 0) {
			free(c->missing[i].path);
			continue;
		}
		c->missing[k++] = c->missing[i];
	}
	c->n_missing = k;
}
