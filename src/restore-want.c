/* restore-want.c - rs_want_begin() (restore-int.h): which records a
 * restore of some paths undoes; moved out of restore.c. */
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "restore-int.h"
#include "util.h"

/* The "created" records, by path then place (qsort, bsearch). */
static const struct manifest *want_m;

static int by_path_at(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(want_m->v[i].path, want_m->v[j].path);

	return c ? c : (i > j) - (i < j);
}

/* The newest "created" record before the rename r (number i) of r's old
 * name and r's file (by identity), from v (n numbers, sorted by
 * by_path_at()); (size_t)-1 when there is none. */
static size_t created_before(const struct manifest *m, const size_t *v, size_t n, size_t i)
{
	const struct manifest_rec *r = &m->v[i];
	size_t lo = 0, hi = n, found = (size_t)-1;

	while (lo < hi) { /* the first of v not before (r's old name, i) */
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(m->v[v[mid]].path, r->path);

		if (c < 0 || (c == 0 && v[mid] < i))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && strcmp(m->v[v[lo - 1]].path, r->path) == 0)
		found = v[lo - 1];
	if (found == (size_t)-1 || !r->has_ident || !m->v[found].has_ident ||
	    m->v[found].dev != r->dev || m->v[found].ino != r->ino)
		return (size_t)-1;
	return found;
}

/* A wanted rename from a name the run made (sed -i, perl -pi, a
 * tempfile and os.replace: the new version made as a temporary name and
 * renamed over the file) moves back to that name, which did not exist
 * before the run: its "created" record is wanted too, so the run's
 * version goes on to the restore's own cycle, as in a restore of the
 * whole cycle (a dry run and the JSON say the same: the same records). */
static void want_made_sources(struct rctx *x)
{
	const struct manifest *m = x->m;
	size_t *v = xcalloc(m->n + 1, sizeof(*v)), n = 0;

	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].op == MANIFEST_CREATED)
			v[n++] = i;
	want_m = m;
	qsort(v, n, sizeof(*v), by_path_at);
	for (size_t i = 0; n && i < m->n; i++) {
		size_t c;

		if (!x->want[i] || m->v[i].op != MANIFEST_RENAMED || !m->v[i].to)
			continue;
		c = created_before(m, v, n, i);
		if (c != (size_t)-1)
			x->want[c] = true;
	}
	free(v);
}

void rs_want_begin(struct rctx *x)
{
	const struct manifest *m = x->m;
	const char **to = xcalloc(m->n + 1, sizeof(*to));
	size_t nto = 0;

	x->want = xcalloc(m->n + 1, sizeof(*x->want));
	for (size_t i = 0; i < m->n; i++) {
		const struct manifest_rec *r = &m->v[i];
		bool w = restore_wanted(r, x->o->paths, x->o->npaths);

		for (size_t k = 0; k < nto && !w; k++)
			w = path_covers(to[k], r->path);
		x->want[i] = w;
		if (w && x->o->npaths && r->op == MANIFEST_RENAMED && r->to)
			to[nto++] = r->to; /* its later records: the same file */
	}
	free(to);
	if (x->o->npaths)
		want_made_sources(x);
}
