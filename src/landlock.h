/* landlock.h - the Landlock compiler and enforcement (DESIGN.md section 7,
 * Documentation/userspace-api/landlock.rst, samples/landlock/sandboxer.c).
 *
 * Compilation (parent, before fork) turns a policy into a plan: the
 * handled access rights for the tier, a list of (path, access) rules, the
 * mount masks that carry nested denies, and the folders that had to be
 * expanded. Application (child, after fork, before exec) performs the mount
 * masks, sets no_new_privs and restricts the process. */
#ifndef FSJAIL_LANDLOCK_H
#define FSJAIL_LANDLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "policy.h"
#include "util.h"

/* The running Landlock ABI: 0 when Landlock is unavailable. The test-only
 * variable FSJAIL_LANDLOCK_ABI_MAX=N caps the answer at N (0 disables
 * Landlock), so tests can behave as on an older kernel. */
int ll_abi(void);

enum ll_mask_kind {
	LL_MASK_READONLY = 0, /* read-only bind of the path onto itself */
	LL_MASK_HIDE,         /* an empty read-only folder or file over it */
	LL_MASK_PIN,          /* a bind of the path onto itself: cannot be renamed away */
};

struct ll_rule {
	char *path;          /* resolved absolute path */
	uint64_t access;     /* LANDLOCK_ACCESS_FS_* */
	bool is_dir;         /* a directory when compiled (checked again at apply) */
};

struct ll_mask {
	char *path;
	enum ll_mask_kind kind;
	bool is_dir;
	uint64_t dev, ino;   /* identity when compiled: apply refuses a swapped path */
};

struct ll_plan {
	int abi;                /* ABI compiled for (0: plan only, no kernel) */
	uint64_t handled_fs;    /* handled_access_fs */
	uint64_t handled_net;   /* handled_access_net (ABI >= 4, network: deny) */
	uint64_t scoped;        /* scoped (ABI >= 6) */
	unsigned dropped_caps;  /* FSJ_CAPBIT of capabilities only partly enforced at this ABI */
	bool network_dropped;   /* network: deny asked for, but the ABI (< 4) cannot enforce it */
	struct ll_rule *rules;
	size_t n_rules;
	struct ll_mask *masks;  /* in the order they must be mounted */
	size_t n_masks;
	char **expanded;        /* folders whose new entries are unreachable */
	size_t n_expanded;
	char **undeletable;     /* files granted delete alone: Landlock cannot (a note) */
	size_t n_undeletable;
};

struct ll_opts {
	int abi;                /* target ABI (>= 1) */
	bool masks;             /* mount masks may be used */
	enum fsj_network network;
};

/* Compile pol into *plan (DESIGN.md section 7; the algorithm is described
 * in landlock.c). opts->abi must be >= 1. Returns 0, or -1 with err set
 * when the policy cannot be expressed (the run must then be refused).
 * The caller releases *plan with ll_plan_release(). Reads directories for
 * expansion; never changes the filesystem. */
int ll_compile(const struct fsj_policy *pol, const struct ll_opts *opts,
	       struct ll_plan *plan, struct fsj_error *err);
void ll_plan_release(struct ll_plan *plan);

/* What plan cannot enforce at its ABI. Each gap that weakens the policy
 * (write without truncate control before ABI 3; network deny before ABI 4)
 * is appended to refuse as one line; gaps that only restrict more, or that
 * fsjail reports without refusing (EXDEV at ABI 1, device ioctls before
 * ABI 5, scoping before ABI 6) go to notes (may be NULL). Returns the
 * number of lines appended to refuse: `fsjail run` refuses when it is > 0
 * unless the user accepted partial enforcement. */
int ll_plan_gaps(const struct ll_plan *plan, struct strbuf *refuse, struct strbuf *notes);

/* How far a plan makes the kernel enforce one capability. */
enum ll_cap_level {
	LL_CAP_NOT = 0, /* not handled: the tier leaves it open */
	LL_CAP_PARTLY,  /* handled, but some of its access rights are missing at this ABI */
	LL_CAP_FULLY,   /* every access right of the capability is handled */
};

struct ll_cap_report {
	enum ll_cap_level level;
	char reason[256]; /* why not fully ("" when fully) */
	char note[256];   /* a restriction beyond the policy (EXDEV at ABI 1), or "" */
};

/* For each capability (indexed by enum fsj_cap), whether plan's handled
 * access rights enforce it fully, partly or not, with the reason; the
 * per-ABI gaps are the same as ll_plan_gaps()'s (truncate before ABI 3,
 * device ioctls before ABI 5; cross-directory rename and link refused at
 * ABI 1). Fills out[0 .. FSJ_CAP_COUNT-1]; never fails. */
void ll_plan_caps(const struct ll_plan *plan, struct ll_cap_report out[FSJ_CAP_COUNT]);

/* "readonly", "hide" or "pin". Static string. */
const char *ll_mask_kind_name(enum ll_mask_kind k);

/* Print a readable dump of plan (one rule per line, access rights by name)
 * for `fsjail compile --backend landlock`. */
void ll_plan_dump(const struct ll_plan *plan, FILE *out);

/* true when this process can make a mount namespace (as root) or a user
 * and mount namespace (unprivileged) for mount masks; tested by forking a
 * child that tries. FSJAIL_NO_MOUNT_MASKS=1 answers false (tests). */
bool ll_masks_available(void);

/* In the child, before exec: perform the masks (entering a new mount
 * namespace, and a user namespace when unprivileged), set no_new_privs and
 * restrict the calling process to plan. With masks, CAP_SYS_ADMIN and
 * CAP_DAC_READ_SEARCH are dropped (a root command could otherwise undo or
 * step around them) and the working directory is entered again by name (an
 * error when a mask hides it). A rule path that vanished since compile is
 * skipped (nothing to grant); any other failure is an error. Returns 0, or
 * -1 with err set; on error the caller must not exec. */
int ll_apply(const struct ll_plan *plan, struct fsj_error *err);

#endif
