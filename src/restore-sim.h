/* restore-sim.h - what a dry run of `fsjail backups restore` would have
 * left at each path (restore-sim.c; moved out of restore-int.h). For
 * restore*.c only. */
#ifndef FSJAIL_RESTORE_SIM_H
#define FSJAIL_RESTORE_SIM_H

#include <stdbool.h>

struct rctx;

/* A dry run changes nothing, so later (older) records would see the disk
 * as it is; what a move-back or a trash would have done is kept here. */
enum {
	SIM_GONE,
	SIM_THERE,
	SIM_SETTLED, /* swapped back: leave it */
	SIM_MADE,    /* an empty folder made again: that path only */
	SIM_REMADE,  /* a file made again from the cycle: a rename moves it back */
};
struct sim {
	const char *path;
	const char *from; /* SIM_THERE by a move-back: where the object is now */
	int state;
};

/* Dry run: a move-back (or swap) would have put the object back at path.
 * rs_sim_state(): what the dry run's actions so far left at path (or a
 * folder above it; -1: as on disk); rs_sim_add(): an action's. */
bool rs_sim_brings(const struct rctx *x, const char *path);
int rs_sim_state(const struct rctx *x, const char *path);
void rs_sim_add(struct rctx *x, const char *path, int state);
/* rs_sim_add_moved(): a move-back of the object at from (a manifest
 * record's string: it outlives x->sim) to path, SIM_THERE.
 * rs_sim_map(): for a path strictly below a folder a move-back would
 * have put back, the path it has on disk now, below the folder's present
 * name (a new string, caller frees); NULL when no move-back covers it. */
void rs_sim_add_moved(struct rctx *x, const char *path, const char *from);
char *rs_sim_map(const struct rctx *x, const char *path);

#endif
