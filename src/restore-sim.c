/* restore-sim.c - what a dry run of `fsjail backups restore` would have
 * left at each path (restore-int.h), for the actions that come after. */
#include <stdbool.h>
#include <string.h>

#include "path.h"
#include "restore-int.h"
#include "util.h"

/* Dry run: a move-back (or swap) would have put the object back at path.
 * Not a path below a folder moved back: that is the run's, as the folder
 * holds it now (rs_open_parent() looks there), to be compared, recreated
 * or put back like any other (user28: a file the run deleted or changed
 * before it renamed the folder). */
bool rs_sim_brings(const struct rctx *x, const char *path)
{
	cleanup_free char *now = rs_sim_map(x, path);
	int st = rs_sim_state(x, path);

	return !now && (st == SIM_THERE || st == SIM_SETTLED);
}

char *rs_sim_map(const struct rctx *x, const char *path)
{
	for (size_t i = x->nsim; i-- > 0;) {
		const struct sim *s = &x->sim[i];
		size_t n = strlen(s->path);

		if (s->state == SIM_MADE ? strcmp(s->path, path) != 0 : !path_covers(s->path, path))
			continue;
		if (s->state != SIM_THERE || !s->from || path[n] != '/')
			return NULL;
		return xasprintf("%s%s", s->from, path + n);
	}
	return NULL;
}

void rs_sim_add_moved(struct rctx *x, const char *path, const char *from)
{
	rs_sim_add(x, path, SIM_THERE);
	x->sim[x->nsim - 1].from = from;
}

void rs_sim_add(struct rctx *x, const char *path, int state)
{
	x->sim = xreallocarray(x->sim, x->nsim + 1, sizeof(*x->sim));
	x->sim[x->nsim++] = (struct sim){ path, NULL, state };
}

/* The state a dry run would have left path (or a folder above it) in,
 * newest first; -1: as on disk. */
int rs_sim_state(const struct rctx *x, const char *path)
{
	for (size_t i = x->nsim; i-- > 0;)
		if (x->sim[i].state == SIM_MADE ? strcmp(x->sim[i].path, path) == 0
						: path_covers(x->sim[i].path, path))
			return x->sim[i].state;
	return -1;
}
