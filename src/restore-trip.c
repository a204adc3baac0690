/* restore-trip.c - renames that came back where they started, undone as
 * the pair they are (restore-int.h: rs_trips_begin()). */
#include <stdbool.h>
#include <string.h>

#include "path.h"
#include "restore-int.h"

/* Record o names path p or a path below it, or moves or removes a
 * folder above it (a folder's own times or mode change nothing here). */
static bool touches(const struct manifest_rec *o, const char *p)
{
	bool moves = o->op == MANIFEST_RENAMED || o->op == MANIFEST_RMDIR;

	if (!o->path)
		return false;
	return path_covers(p, o->path) || (moves && path_covers(o->path, p)) ||
	       (o->to && (path_covers(p, o->to) || path_covers(o->to, p)));
}

/* A plain rename of a known file this restore undoes, not answered. */
static bool plain_rename(const struct rctx *x, size_t i)
{
	const struct manifest_rec *r = &x->m->v[i];

	return r->op == MANIFEST_RENAMED && r->to && r->has_ident && !r->exchange &&
	       x->want[i] && !x->answered[i];
}

void rs_trips_begin(struct rctx *x)
{
	const struct manifest *m = x->m;

	for (size_t i = m->n; i-- > 1;) {
		const struct manifest_rec *r = &m->v[i];
		size_t j = i;

		if (!plain_rename(x, i))
			continue;
		/* the newest earlier record naming either name */
		while (j-- > 0 && !touches(&m->v[j], r->path) && !touches(&m->v[j], r->to))
			;
		if (j == (size_t)-1 || !plain_rename(x, j))
			continue;
		if (m->v[j].dev != r->dev || m->v[j].ino != r->ino ||
		    strcmp(m->v[j].path, r->to) != 0 || strcmp(m->v[j].to, r->path) != 0)
			continue;
		/* j moved it from r->to to r->path, r moved it back: between
		 * the two nothing else was at either name. Undone, the pair
		 * moves it there and back again: nothing to do. */
		x->answered[i] = x->answered[j] = true;
	}
}
