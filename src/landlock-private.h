/* landlock-private.h - the mounts a compiled Landlock plan asks for:
 * the run's own /dev/shm (devshm.h), /dev/pts (devpts.h) and tool cache
 * folders (toolcache.h). For ll_compile() (landlock-plan.c). */
#ifndef FSJAIL_LANDLOCK_PRIVATE_H
#define FSJAIL_LANDLOCK_PRIVATE_H

#include "landlock.h"

/* Set plan->private_shm, the /dev/pts fields (ll_pts_plan()) and the
 * private_cache* fields from plan's rules and masks (ll_finish() has
 * filled them). The cache paths are new strings the plan owns
 * (ll_plan_release()). Reads no file; asks ll_masks_available(). */
void ll_plan_private(struct ll_plan *plan);

#endif
