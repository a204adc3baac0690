/* landlock-private.c - the mounts a compiled Landlock plan asks for
 * (landlock-private.h): the run's own /dev/shm, /dev/pts and tool cache
 * folders, decided from the plan's rules and masks. */
#include <stdint.h>

#include "devshm.h"
#include "landlock-int.h"
#include "landlock-private.h"
#include "landlock-pts.h"
#include "path.h"
#include "toolcache.h"
#include "util.h"

/* Every tool cache folder the run gets its own copy of (toolcache.h):
 * the baseline grants changes there whatever the rules, so the copy is
 * always made, never left to the host's folder (the listener acts on the
 * command's view too). A mask beneath one would not reach into an overlay
 * (its lower layer is the host's folder, without the mounts on it): that
 * folder gets an empty tmpfs, where nothing of the host's is in view. */
static void plan_private_caches(struct ll_plan *plan)
{
	struct strvec pc = { 0 };

	for (size_t i = 0; i < TOOLCACHE_N; i++) {
		const char *c = toolcache_path(i);

		if (!c)
			continue;
		for (size_t m = 0; m < plan->n_masks; m++) {
			if (path_covers(c, plan->masks[m].path))
				plan->private_cache_bare |= 1u << pc.n;
			else if (path_covers(plan->masks[m].path, c))
				plan->private_cache_hidden |= 1u << pc.n;
		}
		if (toolcache_defs[i].file)
			plan->private_cache_file |= 1u << pc.n;
		ll_strvec_push(&pc, xstrdup(c));
	}
	/* toolcache_defs is sorted by path: so is this */
	plan->private_caches = pc.v;
	plan->n_private_caches = pc.n;
}

void ll_plan_private(struct ll_plan *plan)
{
	/* A change granted in /dev/shm is granted on a private tmpfs, never
	 * on the host's (devshm.h): the grant itself makes ll_apply() mount it. */
	for (size_t i = 0; i < plan->n_rules; i++)
		if (devshm_covers(plan->rules[i].path) &&
		    (plan->rules[i].access &
		     ~(uint64_t)(LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR |
				 LANDLOCK_ACCESS_FS_EXECUTE)))
			plan->private_shm = true;
	ll_pts_plan(plan);
	plan_private_caches(plan);
}
