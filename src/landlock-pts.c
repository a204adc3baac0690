/* landlock-pts.c - /dev/pts in a Landlock plan (landlock-pts.h): decided
 * at compile from the plan's rules, granted at apply on the command's own
 * terminals where the run has no devpts instance of its own (att18). */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "devpts.h"
#include "devpts-own.h"
#include "landlock-int.h"
#include "landlock-pts.h"
#include "landlock-sys.h"

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
	}
}

void ll_pts_plan(struct ll_plan *plan)
{
	/* Write in /dev/pts reaches the host's terminals unless the run has
	 * a devpts instance of its own (devpts.h; with no mount namespace
	 * the host's stays, and plan_own_pts() narrows the grant). */
	for (size_t i = 0; i < plan->n_rules; i++)
		if (devpts_covers(plan->rules[i].path) &&
		    (plan->rules[i].access & LANDLOCK_ACCESS_FS_WRITE_FILE) && ll_masks_available())
			plan->private_pts = true;
	if (!plan->private_pts)
		plan_own_pts(plan);
}

void ll_pts_dump(const struct ll_plan *plan, FILE *out)
{
	if (plan->private_pts)
		fputs("private " DEVPTS_PATH " (a devpts instance of the run's own)\n", out);
	if (plan->own_pts_access)
		fputs("own-terminal " DEVPTS_PATH " (no devpts instance of the run's own: Landlock "
		      "grants there only the terminals the command holds; the listener opens the "
		      "ptys it makes by name)\n",
		      out);
}

#ifdef __linux__
/* The file rights plan->own_pts_access on each of the command's own
 * terminals in /dev/pts (devpts_own_ttys()), where the run has no devpts
 * instance of its own (plan->own_pts_access): the host's others get none. A
 * terminal found but refused by the kernel fails the run. Returns 0, or
 * -1 with err set. */
int ll_pts_add_rules(const struct ll_plan *plan, int ruleset, struct fsj_error *err)
{
	int fds[DEVPTS_OWN_MAX];
	size_t n = devpts_own_ttys(fds);
	struct ll_path_beneath_attr attr;
	int r = 0;

	attr.allowed_access = plan->own_pts_access & plan->handled_fs & LL_ACCESS_FILE;
	for (size_t i = 0; i < n; i++) {
		attr.parent_fd = fds[i];
		if (r == 0 && attr.allowed_access &&
		    syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &attr, 0) < 0)
			r = fsj_error_set(err, NULL, 0, 0,
					  "landlock: cannot add the rule for the command's own "
					  "terminal in " DEVPTS_PATH ": %s",
					  strerror(errno));
		close(fds[i]);
	}
	return r;
}
#endif
