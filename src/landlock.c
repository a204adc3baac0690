/* landlock.c - the Landlock ABI and enforcement
 * (DESIGN.md section 7; kernel Documentation/userspace-api/landlock.rst;
 * SBPL-NOTES.md section 9 for the Landlock facts relied on). The compiler
 * is landlock-plan.c and landlock-emit.c, the plan's gaps
 * landlock-gaps.c, the plan as text landlock-dump.c.
 *
 * ll_apply() runs in the child between fork and exec: it lays the mount
 * masks (mask.c), sets no_new_privs and restricts the process. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "devpts.h"
#include "devshm.h"
#include "toolcache.h"
#include "landlock-early.h"
#include "landlock-int.h"
#include "landlock-pts.h"
#include "landlock-sys.h"
#include "mask.h"
#include "mask-alias.h"
#include "path.h"
#include "util.h"

/* Access rights for capability c at ABI abi (DESIGN.md section 7). */
uint64_t ll_cap_access(enum fsj_cap c, int abi)
{
	uint64_t a = 0;

	switch (c) {
	case FSJ_CAP_READ:
		return LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
	case FSJ_CAP_WRITE:
		a = LANDLOCK_ACCESS_FS_WRITE_FILE;
		if (abi >= 3)
			a |= LANDLOCK_ACCESS_FS_TRUNCATE;
		if (abi >= 5)
			a |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
		return a;
	case FSJ_CAP_CREATE:
		return LL_ACCESS_CREATE;
	case FSJ_CAP_DELETE:
		return LL_ACCESS_DELETE;
	case FSJ_CAP_EXECUTE:
		return LANDLOCK_ACCESS_FS_EXECUTE;
	case FSJ_CAP_CONNECT:
		/* No access right before ABI 9 (RESOLVE_UNIX): the seccomp
		 * listener decides it; the compiler never handles it. */
	case FSJ_CAP_COUNT:
		break;
	}
	return 0;
}

int ll_abi(void)
{
	int abi = 0;
	const char *cap = getenv("FSJAIL_LANDLOCK_ABI_MAX");

#ifdef __linux__
	long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	abi = v > 0 ? (int)v : 0;
#endif
	if (cap && *cap) {
		char *end;
		long max = strtol(cap, &end, 10);

		/* Test-only: behave as an older kernel (0: none at all). */
		if (*end == '\0' && max >= 0 && max < abi)
			abi = (int)max;
	}
	return abi;
}

bool ll_devshm_available(void)
{
	return ll_abi() > 0 && devshm_target_ok() && ll_masks_available();
}

bool ll_plan_mounts(const struct ll_plan *plan)
{
	return plan->n_masks > 0 || plan->private_shm || plan->private_pts ||
	       plan->n_private_caches > 0;
}

char *ll_guarded_name(const char *path)
{
	char *up = path_dirname(path), *top = NULL;
	struct stat st;

	while (strcmp(up, "/") != 0 && lstat(up, &st) < 0 && errno == ENOENT) {
		free(top);
		top = up;
		up = path_dirname(top);
	}
	free(up);
	return top;
}

/* --- Application (child, before exec) --- */

#ifdef __linux__
/* The run's own copy of the tool cache folder i of plan (toolcache.h),
 * before the Landlock rules are opened (on the copy then). Not found
 * beneath a mask above it (the mask hides it: nothing to copy); anything
 * else that fails, a folder gone or swapped for a symlink since compile
 * among them, fails the run: the policy's grant there must never land on
 * the host's folder. Returns 0, or -1 with err set. */
static int cache_mount(const struct ll_plan *plan, size_t i, struct fsj_error *err)
{
	const char *path = plan->private_caches[i];

	if (toolcache_mount(path, !(plan->private_cache_bare & (1u << i))) != TOOLCACHE_NONE ||
	    (errno == ENOENT && (plan->private_cache_hidden & (1u << i))))
		return 0;
	return fsj_error_set(err, NULL, 0, 0,
			     "private tool cache: cannot mount over '%s': %s\n"
			     "hint: FSJAIL_NO_MOUNT_MASKS=1 runs without a mount namespace "
			     "(the tool caches are then refused)",
			     path, strerror(errno));
}

/* Trust boundary: the forked child, before exec, still with the
 * supervisor's privileges. Masks first (mounting is impossible once
 * Landlock restricts us), then no_new_privs, then the ruleset; nothing of
 * the command runs until this returns 0. */
int ll_apply(const struct ll_plan *plan, struct fsj_error *err)
{
	cleanup_fd int ruleset = ll_early_take(); /* made by the supervisor, or -1 */
	bool early = ruleset >= 0;

	if (plan->abi < 1)
		return fsj_error_set(err, NULL, 0, 0, "landlock is not available (ABI 0)");
	if (ll_plan_mounts(plan)) {
		struct ll_mask *masks = NULL;
		size_t n_masks = 0, m;

		if (mask_ns_enter(err) < 0)
			return -1;
		/* each mask also where another mount shows its object (a bind
		 * of the workspace): Landlock grants it there too (att30) */
		if (mask_alias_list(plan->masks, plan->n_masks, &masks, &n_masks, err) < 0)
			return -1;
		for (m = 0; m < n_masks && mask_mount(&masks[m], err) == 0; m++)
			;
		mask_alias_free(masks, n_masks);
		if (m < n_masks)
			return -1;
		/* over any mask on the host's /dev/shm: none of it stays in view */
		if (plan->private_shm && devshm_mount(err) < 0)
			return -1;
		if (plan->private_pts && devpts_mount(err) < 0)
			return -1;
		for (size_t i = 0; i < plan->n_private_caches; i++)
			if (cache_mount(plan, i, err) < 0)
				return -1;
		if (mask_seal(err) < 0)
			return -1;
	}
	/* A path left to the listener must still be absent: made since
	 * compile (from outside), it would lie under its folder's grant. */
	for (size_t i = 0; i < plan->n_by_listener; i++)
		if (faccessat(AT_FDCWD, plan->by_listener[i], F_OK, AT_SYMLINK_NOFOLLOW) == 0)
			return fsj_error_set(err, NULL, 0, 0,
					     "landlock: '%s' is denied and did not exist when the "
					     "plan was compiled, but exists now: run again",
					     plan->by_listener[i]);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot set no_new_privs: %s",
				     strerror(errno));
	if (!early)
		ruleset = ll_ruleset_make(plan);
	if (ruleset < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "landlock: cannot create the ruleset (ABI %d): %s", plan->abi,
				     strerror(errno));
	/* the supervisor adds the rules ll_early_rule() takes meanwhile
	 * (landlock-early.h); they are added here when it cannot say it did */
	for (size_t i = 0; i < plan->n_rules; i++)
		if (!(early && ll_early_rule(plan, &plan->rules[i])) &&
		    ll_add_path_rule(plan, ruleset, &plan->rules[i], err) < 0)
			return -1;
	if (plan->own_pts_access && ll_pts_add_rules(plan, ruleset, err) < 0)
		return -1;
	early = early && !ll_early_wait(); /* now: they are to be added here */
	for (size_t i = 0; early && i < plan->n_rules; i++)
		if (ll_early_rule(plan, &plan->rules[i]) &&
		    ll_add_path_rule(plan, ruleset, &plan->rules[i], err) < 0)
			return -1;
	if (syscall(SYS_landlock_restrict_self, ruleset, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot restrict the process: %s",
				     strerror(errno));
	return 0;
}
#else
int ll_apply(const struct ll_plan *plan, struct fsj_error *err)
{
	(void)plan;
	return fsj_error_set(err, NULL, 0, 0, "landlock needs Linux");
}
#endif
