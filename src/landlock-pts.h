/* landlock-pts.h - /dev/pts in a Landlock plan: a devpts instance of the
 * run's own (devpts.h), or, without a mount namespace, the file rights
 * there granted on the command's own terminals alone (devpts-own.h,
 * att18). For ll_plan_private() (landlock-private.c) and ll_apply()
 * (landlock.c). */
#ifndef FSJAIL_LANDLOCK_PTS_H
#define FSJAIL_LANDLOCK_PTS_H

#include "landlock.h"
#include "util.h"

/* Set plan->private_pts, or else plan->own_pts_access, from plan's rules
 * (ll_finish() has filled them): the file rights the rules grant beneath
 * /dev/pts are then taken off them (into own_pts_access), and
 * ll_pts_add_rules() grants them on the command's own terminals alone.
 * Reads no file; asks ll_masks_available(). */
void ll_pts_plan(struct ll_plan *plan);

/* The plan's /dev/pts line for `fsjail compile` (ll_plan_dump()), if any,
 * on out. */
void ll_pts_dump(const struct ll_plan *plan, FILE *out);

/* In the child, before landlock_restrict_self() (Linux): add to ruleset
 * the rules of plan->own_pts_access. Returns 0, or -1 with err set. */
int ll_pts_add_rules(const struct ll_plan *plan, int ruleset, struct fsj_error *err);

#endif
