/* landlock-private.c - the mounts a compiled Landlock plan asks for
 * (landlock-private.h): the run's own /dev/shm, /dev/pts and tool cache
 * folders, decided from the plan's rules and masks. */
#include "config.h"

#include <stdint.h>

#include "devpts.h"
#include "devshm.h"
#include "landlock-int.h"
#include "landlock-private.h"
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

/* Without a devpts instance of the run's own, the host's terminals stay
 * in /dev/pts (att18): reading or writing a node there is granted on the
 * command's own terminals alone, at apply (devpts_own_ttys()), and taken
 * off every rule beneath /dev/pts (listing the folder stays). */
static void plan_own_pts(struct ll_plan *plan)
{
	const uint64_t file = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE |
			      LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV;

	for (size_t i = 0; i < plan->n_rules; i++) {
		uint64_t take = plan->rules[i].access & file;

		if (!devpts_covers(plan->rules[i].path) || !take)
			continue;
		plan->rules[i].access &= ~take;
		plan->own_pts_access |= take;
		plan->own_pts = true;
	}
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
	/* Write in /dev/pts reaches the host's terminals unless the run has
	 * a devpts instance of its own (devpts.h; with no mount namespace
	 * the host's stays, and plan_own_pts() narrows the grant). */
	for (size_t i = 0; i < plan->n_rules; i++)
		if (devpts_covers(plan->rules[i].path) &&
		    (plan->rules[i].access & LANDLOCK_ACCESS_FS_WRITE_FILE) && ll_masks_available())
			plan->private_pts = true;
	if (!plan->private_pts)
		plan_own_pts(plan);
	plan_private_caches(plan);
}
