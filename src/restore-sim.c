/* restore-sim.c - what a dry run of `fsjail backups restore` would have
 * left at each path (restore-int.h), for the actions that come after. */
#include <stdbool.h>
#include <string.h>

#include "path.h"
#include "restore-int.h"
#include "util.h"

/* Dry run: a move-back (or swap) would have put the object back at path. */
bool rs_sim_brings(const struct rctx *x, const char *path)
{
	int st = rs_sim_state(x, path);

	return st == SIM_THERE || st == SIM_SETTLED;
}

void rs_sim_add(struct rctx *x, const char *path, int state)
{
	x->sim = xreallocarray(x->sim, x->nsim + 1, sizeof(*x->sim));
	x->sim[x->nsim++] = (struct sim){ path, state };
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
