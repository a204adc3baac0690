/* landlock.h - the Landlock compiler and enforcement (DESIGN.md section 7,
 * Documentation/userspace-api/landlock.rst, samples/landlock/sandboxer.c).
 * Compilation (parent, before fork) turns a policy into a plan: handled
 * rights, (path, access) rules, the mount masks that carry nested denies,
 * expanded folders; application (child, before exec): ll_apply(). */
#ifndef FSJAIL_LANDLOCK_H
#define FSJAIL_LANDLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "landlock-gaps.h"
#include "mask-def.h"
#include "mask-probe.h"
#include "policy.h"
#include "util.h"

/* The running Landlock ABI, 0 when unavailable; the test-only variable
 * FSJAIL_LANDLOCK_ABI_MAX=N caps it at N (an older kernel; 0: none). */
int ll_abi(void);

struct ll_rule {
	char *path;          /* resolved absolute path */
	uint64_t access;     /* LANDLOCK_ACCESS_FS_* */
	bool is_dir;         /* a directory when compiled (checked again at apply) */
};
struct ll_plan {
	int abi;                /* ABI compiled for (0: plan only, no kernel) */
	uint64_t handled_fs;    /* handled_access_fs */
	uint64_t handled_net;   /* handled_access_net (ABI >= 4, network: deny) */
	uint64_t scoped;        /* scoped (ABI >= 6) */
	unsigned dropped_caps;  /* FSJ_CAPBIT of capabilities only partly enforced at this ABI */
	bool network_dropped;   /* network: deny asked for, but the ABI (< 4) cannot enforce it */
	bool connect_by_listener; /* `connect` is enforced by the seccomp listener (opts->listener) */
	struct ll_rule *rules;
	size_t n_rules;
	struct ll_mask *masks;  /* in the order they must be mounted */
	size_t n_masks;
	char **expanded;        /* folders whose new entries are unreachable */
	char **expanded_why;    /* parallel to expanded: why, one line of text */
	size_t n_expanded;
	char **by_listener;     /* absent denied paths left to the listener (opts->listener) */
	size_t n_by_listener;
	char **undeletable;     /* files granted delete alone: Landlock cannot (a note) */
	size_t n_undeletable;
	bool private_shm;       /* a rule grants changes in /dev/shm: apply mounts a private tmpfs there (devshm.h) */
	bool private_pts;       /* a rule grants write in /dev/pts: apply mounts a devpts instance there (devpts.h) */
	uint64_t own_pts_access; /* no devpts instance of the run's own: the file rights the rules granted beneath /dev/pts, taken off them, which apply grants on the command's own terminals alone (landlock-pts.h); 0: none */
	/* the tool cache folders apply lays the run's own copy over before
	 * the rules are opened (toolcache.h); sorted. Bit i of
	 * private_cache_bare: a mask lies beneath private_caches[i], which
	 * gets an empty tmpfs, no overlay of the host's folder */
	char **private_caches;
	size_t n_private_caches;
	unsigned private_cache_bare;
	/* bit i: a mask lies above private_caches[i] (it may hide it) */
	unsigned private_cache_hidden;
	/* bit i: private_caches[i] is a file (toolcache_def.file): the run
	 * sees the host's through a read-only bind, no copy */
	unsigned private_cache_file;
};
struct ll_opts {
	int abi;                /* target ABI (>= 1) */
	bool masks;             /* mount masks may be used */
	bool listener;          /* the seccomp listener refuses creating denied paths (notify.h) */
	enum fsj_network network;
};

/* Compile pol into *plan (DESIGN.md section 7; the algorithm: the comment
 * in landlock-plan.c). opts->abi must be >= 1. Returns 0, or -1 with err
 * set when the policy cannot be expressed (the run must be refused). The
 * caller releases *plan with ll_plan_release(). Reads directories for
 * expansion; never changes the filesystem. */
int ll_compile(const struct fsj_policy *pol, const struct ll_opts *opts,
	       struct ll_plan *plan, struct fsj_error *err);
void ll_plan_release(struct ll_plan *plan);

/* For a denied path left to the listener (plan->by_listener): the
 * highest of its folders missing now, the guarded name below its nearest
 * existing ancestor (landlock-plan.c "The listener"), as a new string;
 * NULL when its own folder exists. Reads the filesystem (lstat). */
char *ll_guarded_name(const char *path);

/* true when a run gets a private /dev/shm (devshm.h): the sandbox's mount
 * namespace can be made (ll_masks_available()) and the host's /dev/shm is
 * a directory. The policy's ${PRIVATE_SHM} follows it (ctx.c). */
bool ll_devshm_available(void);
/* true when ll_apply() of plan mounts anything (masks, a private /dev/shm
 * or /dev/pts, tool cache copies): the child needs a mount namespace. */
bool ll_plan_mounts(const struct ll_plan *plan);

/* Perform the masks (in a new mount namespace, and user namespace when
 * unprivileged), set no_new_privs and restrict the calling process to plan.
 * With masks, CAP_SYS_ADMIN and CAP_DAC_READ_SEARCH are dropped (a root
 * command could undo or step around them); with plan->private_shm a fresh
 * tmpfs is laid over /dev/shm after the masks (devshm_mount()), so the rule on
 * /dev/shm, opened after it, lies on the new tmpfs; with plan->private_pts a
 * new devpts instance over /dev/pts likewise (devpts_mount()); with
 * own_pts_access rules on the command's own terminals (ll_pts_add_rules());
 * the working directory is entered again by name (an error when a mask hides
 * it). A rule path gone since compile is skipped; any other failure is an
 * error. Returns 0, or -1 with err set: then the caller must not exec. */
int ll_apply(const struct ll_plan *plan, struct fsj_error *err);

#endif
