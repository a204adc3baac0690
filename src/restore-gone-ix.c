/* restore-gone-ix.c - the index of a cycle's "renamed" records that
 * rs_gone_with_folder() and rs_remade_after() read (restore-gone-ix.h,
 * rs_gone_begin() in restore-int.h): before it, each record restored
 * scanned every record before it, and each folder renamed over a path
 * every record after it (tidy23, t0418). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "restore-gone-ix.h"
#include "restore-gone.h"
#include "util.h"

/* The "renamed" records of x->m in order (renamed[0..n)), and for each
 * record whether an "rmdir" of its "to" follows it (rmdir_after). */
struct rs_gone {
	size_t *renamed, n;
	bool *rmdir_after;
};

/* An "rmdir" record: its path and its number. */
struct rmdir_rec {
	const char *path;
	size_t i;
};

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct rmdir_rec *)a)->path, ((const struct rmdir_rec *)b)->path);
}

void rs_gone_begin(struct rctx *x)
{
	const struct manifest_rec *v = x->m->v;
	struct rmdir_rec *rmdirs = xcalloc(x->m->n + 1, sizeof(*rmdirs));
	size_t nr = 0, lo, hi, mid, last;
	struct rs_gone *g = xcalloc(1, sizeof(*g));

	g->renamed = xcalloc(x->m->n + 1, sizeof(*g->renamed));
	g->rmdir_after = xcalloc(x->m->n + 1, sizeof(*g->rmdir_after));
	for (size_t i = 0; i < x->m->n; i++) {
		if (v[i].op == MANIFEST_RENAMED && v[i].to)
			g->renamed[g->n++] = i;
		else if (v[i].op == MANIFEST_RMDIR)
			rmdirs[nr++] = (struct rmdir_rec){ v[i].path, i };
	}
	qsort(rmdirs, nr, sizeof(*rmdirs), by_path);
	for (size_t k = 0; k < g->n; k++) { /* the last rmdir of "to", by binary search */
		const char *to = v[g->renamed[k]].to;

		for (lo = 0, hi = nr; lo < hi;) {
			mid = lo + (hi - lo) / 2;
			if (strcmp(rmdirs[mid].path, to) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (last = 0; lo < nr && strcmp(rmdirs[lo].path, to) == 0; lo++)
			last = rmdirs[lo].i > last ? rmdirs[lo].i : last;
		g->rmdir_after[g->renamed[k]] = last > g->renamed[k];
	}
	free(rmdirs);
	x->gone = g;
}

size_t rs_gone_next(const struct rctx *x, size_t k)
{
	if (!x->gone)
		return k;
	return k < x->gone->n ? x->gone->renamed[k] : SIZE_MAX;
}

void rs_gone_end(struct rctx *x)
{
	if (x->gone) {
		free(x->gone->renamed);
		free(x->gone->rmdir_after);
		free(x->gone);
	}
	x->gone = NULL;
}

bool rs_remade_after(const struct rctx *x, const char *path, size_t after)
{
	if (x->gone && after < x->m->n && x->m->v[after].op == MANIFEST_RENAMED &&
	    x->m->v[after].to == path) /* a record's own "to": indexed */
		return x->gone->rmdir_after[after];
	for (size_t i = after + 1; i < x->m->n; i++)
		if (x->m->v[i].op == MANIFEST_RMDIR && strcmp(x->m->v[i].path, path) == 0)
			return true;
	return false;
}
