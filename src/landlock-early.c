/* landlock-early.c - the Landlock rules the supervisor adds for
 * fsjail-init (landlock-early.h).
 *
 * Why the ruleset stays the same: a path-beneath rule holds the inode its
 * descriptor names (landlock_add_rule(2): the kernel takes the inode's
 * Landlock object), not the path. The run's mount namespace is a copy of
 * the host's made moments before (launch-ns.c), and the only mounts that
 * differ in it are the ones the child lays itself: the namespace's /proc,
 * the masks (mask.c), /dev/shm (devshm.c), /dev/pts (devpts.c), the tool
 * cache copies (toolcache-mount.c), and the noexec layer's clones of the
 * exec areas (sandbox-linux.c), which show the very same dentries and
 * inodes under other mount flags. So a rule path that none of the former
 * lies at or above names the same inode on the host and in the namespace,
 * and S opening it (as the child would: mask_open_exact(), the type
 * checked against the plan) adds what the child would have added. Every
 * other rule, and any rule whenever S cannot say it added all of its own,
 * is added by the child as before (fail closed). A host mount made or
 * removed between the namespace's copy and S's open moves S's rule to the
 * inode the host shows then: a grant on an inode the policy named by that
 * path, never one the child would have refused. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devpts.h"
#include "devshm.h"
#include "landlock-early.h"
#include "landlock-int.h"
#include "landlock-sys.h"
#include "mask.h"
#include "path.h"

#ifdef __linux__
/* S's ruleset and its word's pipe (read, write); -1 when none. */
static int early_ruleset = -1, early_pipe[2] = { -1, -1 };

int ll_ruleset_make(const struct ll_plan *plan)
{
	struct ll_ruleset_attr attr = {
		.handled_access_fs = plan->handled_fs,
		.handled_access_net = plan->handled_net,
		.scoped = plan->scoped,
	};
	size_t attr_size = sizeof(uint64_t);

	if (plan->abi >= 6)
		attr_size = 3 * sizeof(uint64_t);
	else if (plan->abi >= 4)
		attr_size = 2 * sizeof(uint64_t);
	return (int)syscall(SYS_landlock_create_ruleset, &attr, attr_size, 0);
}

int ll_add_path_rule(const struct ll_plan *plan, int ruleset, const struct ll_rule *r,
		     struct fsj_error *err)
{
	cleanup_fd int fd = mask_open_exact(r->path);
	struct ll_path_beneath_attr attr;
	struct stat st;

	if (fd < 0) {
		/* Gone since compile: nothing to grant (fail closed). */
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot open '%s': %s", r->path,
				     strerror(errno));
	}
	if (fstat(fd, &st) < 0)
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot stat '%s': %s", r->path,
				     strerror(errno));
	if ((S_ISDIR(st.st_mode) != 0) != r->is_dir)
		return fsj_error_set(err, NULL, 0, 0,
				     "landlock: '%s' changed after the plan was compiled", r->path);
	attr.allowed_access = r->access & plan->handled_fs;
	if (!r->is_dir)
		attr.allowed_access &= LL_ACCESS_FILE;
	attr.parent_fd = fd;
	if (!attr.allowed_access)
		return 0;
	if (syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &attr, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot add the rule for '%s': %s",
				     r->path, strerror(errno));
	return 0;
}

bool ll_early_rule(const struct ll_plan *plan, const struct ll_rule *r)
{
	/* the child's own mounts at fixed places, whether the plan asks for
	 * /dev/shm and /dev/pts or not */
	static const char *const fixed[] = { "/proc", DEVSHM_PATH, DEVPTS_PATH };
	size_t i;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (path_covers(fixed[i], r->path))
			return false;
	for (i = 0; i < plan->n_masks; i++)
		if (path_covers(plan->masks[i].path, r->path))
			return false;
	for (i = 0; i < plan->n_private_caches; i++)
		if (path_covers(plan->private_caches[i], r->path))
			return false;
	return r->path[0] == '/';
}

void ll_early_stage(const struct ll_plan *plan)
{
	ll_early_parent(NULL); /* what a run before left (probe-batch.c) */
	if (!plan || plan->abi < 1 || env_flag("FSJAIL_NO_EARLY_RULES"))
		return;
	early_ruleset = ll_ruleset_make(plan);
	if (early_ruleset < 0 || pipe2(early_pipe, O_CLOEXEC) < 0) {
		early_pipe[0] = early_pipe[1] = -1;
		fsj_closep(&early_ruleset);
	}
}

void ll_early_parent(const struct ll_plan *plan)
{
	struct fsj_error err = { { 0 } };
	char word = 'y';

	for (size_t i = 0; plan && early_pipe[1] >= 0 && i < plan->n_rules && word == 'y'; i++)
		if (ll_early_rule(plan, &plan->rules[i]) &&
		    ll_add_path_rule(plan, early_ruleset, &plan->rules[i], &err) < 0)
			word = 'n'; /* the child adds it again, and says why */
	if (plan && early_pipe[1] >= 0)
		(void)write_all(early_pipe[1], &word, 1);
	fsj_closep(&early_pipe[0]);
	fsj_closep(&early_pipe[1]);
	fsj_closep(&early_ruleset);
}

void ll_early_child(void)
{
	fsj_closep(&early_pipe[1]);
}

int ll_early_keep(int i)
{
	return i == 0 ? early_ruleset : early_pipe[0];
}

int ll_early_take(void)
{
	int fd = early_pipe[0] >= 0 ? early_ruleset : -1;

	if (fd < 0)
		fsj_closep(&early_ruleset);
	early_ruleset = -1;
	return fd;
}

bool ll_early_wait(void)
{
	char word = 0;
	ssize_t n;

	do
		n = read(early_pipe[0], &word, 1);
	while (n < 0 && errno == EINTR);
	fsj_closep(&early_pipe[0]);
	return n == 1 && word == 'y';
}
#else /* nothing early without Landlock */
void ll_early_stage(const struct ll_plan *plan)
{
	(void)plan;
}

void ll_early_parent(const struct ll_plan *plan)
{
	(void)plan;
}

void ll_early_child(void)
{
}

int ll_early_keep(int i)
{
	(void)i;
	return -1;
}
#endif /* __linux__ */
