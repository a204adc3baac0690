/* restore-sim-dir.c - see restore-sim-dir.h. */
#include <stdbool.h>
#include <sys/stat.h>

#include "path.h"
#include "restore-sim-dir.h"
#include "restore-sim.h"
#include "util.h"

bool rs_sim_dir_new(const struct rctx *x, const char *path)
{
	cleanup_free char *parent = path_dirname(path);
	int st = parent ? rs_sim_state(x, parent) : -1;

	return x->o->dry_run && (st == SIM_GONE || st == SIM_MADE);
}

bool rs_sim_meta(struct rctx *x, const struct manifest_rec *r)
{
	if (!x->o->dry_run || r->type != S_IFDIR || rs_sim_state(x, r->path) != SIM_MADE)
		return false;
	rs_act(x, "restore-meta", r->path, NULL, true, NULL);
	return true;
}
