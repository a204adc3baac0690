/* sandbox-linux.c - see sandbox-linux.h.
 *
 * Trust boundary: sandbox_linux_apply() runs in the forked child before
 * exec and before landlock_restrict_self(), with the supervisor's rights
 * (root, or every capability inside the user namespace it is in). It only
 * takes exec rights away from mounts of a private mount namespace (nothing
 * propagates to the host: every mount is made private first) and moves the
 * process into namespaces of its own. Every exec area is opened without
 * following a symlink (mask_open_exact()), and its clone is taken and laid
 * from those descriptors, so a path swapped meanwhile cannot redirect it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "mask.h"
#include "noexec-fold.h"
#include "path.h"
#include "sandbox-linux.h"
#include "caps.h"

/* include/uapi/linux/landlock.h */
#define SBX_ACCESS_EXECUTE (1ULL << 0)

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The maximal paths of plan's rules that grant EXECUTE, sorted: a rule
 * beneath another one's path is covered by that one's clone. */
static void exec_areas(const struct ll_plan *plan, struct sandbox_linux *sl)
{
	size_t n = 0, kept = 0;

	sl->areas = xcalloc(plan->n_rules + 1, sizeof(*sl->areas));
	for (size_t i = 0; i < plan->n_rules; i++)
		if (plan->rules[i].access & SBX_ACCESS_EXECUTE)
			sl->areas[n++] = xstrdup(plan->rules[i].path);
	qsort(sl->areas, n, sizeof(*sl->areas), cmp_str);
	/* Sorted bytewise, a covering path comes before what it covers
	 * ("/a" < "/a/b"), though not always directly ("/a" < "/a-b" <
	 * "/a/b"): compare with every path kept. */
	for (size_t i = 0; i < n; i++) {
		bool covered = false;

		for (size_t k = 0; k < kept && !covered; k++)
			covered = path_covers(sl->areas[k], sl->areas[i]);
		if (covered)
			free(sl->areas[i]);
		else
			sl->areas[kept++] = sl->areas[i];
	}
	sl->n_areas = kept;
}

void sandbox_linux_prepare(const struct ll_plan *plan, enum fsj_network net, bool namespaces,
			   struct sandbox_linux *out)
{
	memset(out, 0, sizeof(*out));
	out->net = net == FSJ_NETWORK_DENY ? netdeny_choose(namespaces) : NETDENY_NONE;
	if (!(plan->handled_fs & SBX_ACCESS_EXECUTE))
		return; /* the tier leaves execute open: nothing to match */
	exec_areas(plan, out);
	if (out->n_areas == 1 && strcmp(out->areas[0], "/") == 0)
		return; /* everything executes */
	if (out->n_areas > SANDBOX_LINUX_AREAS_MAX)
		noexec_fold(&out->areas, &out->n_areas, &out->holes, &out->n_holes, plan->expanded,
			    plan->n_expanded);
	if (!namespaces)
		out->noexec_why = xstrdup("no mount namespace can be made here");
	else if (out->n_areas + out->n_holes > SANDBOX_LINUX_AREAS_MAX) {
		out->noexec_refuse = true;
		out->noexec_why = xasprintf("%zu folders and files are granted execute separately "
					    "(more than %d)", out->n_areas + out->n_holes,
					    SANDBOX_LINUX_AREAS_MAX);
	} else {
		out->noexec = true;
	}
}

void sandbox_linux_release(struct sandbox_linux *sl)
{
	for (size_t i = 0; i < sl->n_areas; i++)
		free(sl->areas[i]);
	free(sl->areas);
	for (size_t i = 0; i < sl->n_holes; i++)
		free(sl->holes[i]);
	free(sl->holes);
	free(sl->noexec_why);
	memset(sl, 0, sizeof(*sl));
}

int sandbox_linux_gaps(const struct sandbox_linux *sl, struct strbuf *refuse, struct strbuf *notes)
{
	/* Past the limit even after folding, the rules' own execute denies
	 * would hold for execve(2) alone: fail closed (att35); without a
	 * mount namespace the tier says so already (probe). */
	struct strbuf *to = sl->noexec_refuse ? refuse : notes;

	if (to && sl->noexec_why)
		sb_addf(to, "execute is enforced for execve(2) only: a file in a folder without "
			    "execute can still be mapped executable (ld.so FILE, "
			    "mmap(PROT_EXEC)) because %s\n", sl->noexec_why);
	return sl->noexec_refuse && sl->noexec_why && refuse ? 1 : 0;
}

void sandbox_linux_dump(const struct sandbox_linux *sl, FILE *out)
{
	if (sl->net == NETDENY_NONE)
		fprintf(out, "network deny: none (network: allow)\n");
	else
		fprintf(out, "network deny: %s\n",
			sl->net == NETDENY_NETNS ? "own network namespace, loopback only; "
						   "socket() refused for AF_VSOCK"
						 : "seccomp: socket() refused but for AF_UNIX, "
						   "AF_NETLINK");
	for (size_t i = 0; sl->noexec && i < sl->n_areas; i++)
		fsj_put_term3(out, "exec area ", sl->areas[i], " (everything else noexec)\n");
	if (sl->noexec)
		for (size_t i = 0; i < sl->n_holes; i++)
			fsj_put_term3(out, "noexec hole ", sl->holes[i],
				      " (in an exec area, not granted execute)\n");
	else if (sl->noexec_why)
		fprintf(out, "noexec layer: not laid: %s\n", sl->noexec_why);
	else
		fprintf(out, "noexec layer: none (%s)\n",
			sl->n_areas ? "execute is granted on /" : "the tier leaves execute open");
}

#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

/* Lay a noexec bind of path over itself: a hole in the exec area laid
 * above it (noexec-fold.h). A hole gone, or now a symbolic link, is
 * skipped: nothing there to map. 0, or -1 with errno and *what set. */
static int lay_hole(const char *path, const char **what)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOEXEC };
	int t = mask_open_exact(path), c = -1, rc = -1;

	*what = "open";
	if (t < 0)
		return errno == ENOENT || errno == ENOTDIR || errno == ELOOP ? 0 : -1;
	*what = "lay a noexec hole at";
	c = open_tree(t, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE | AT_EMPTY_PATH);
	if (c >= 0 && mount_setattr(c, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof(attr)) == 0 &&
	    move_mount(c, "", t, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) == 0)
		rc = 0;
	if (c >= 0)
		close(c);
	close(t);
	return rc;
}

/* Lay the noexec layer in the current (private) mount namespace, where
 * the masks go too (mask_ns_own): clone each exec area first, then make
 * every mount noexec, then put the clones back over their paths and the
 * holes over theirs, shallowest first (an area may lie in a hole, a hole
 * in an area). An area that no longer exists is skipped (nothing to
 * grant: fail closed). */
static int lay_noexec(const struct sandbox_linux *sl, struct fsj_error *err)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOEXEC };
	int *clone = xcalloc(sl->n_areas + 1, sizeof(*clone));
	size_t *order = NULL;
	const char *what = NULL, *path = NULL;
	size_t i;
	int rc = -1, t = -1;

	mask_ns_own = true;
	for (i = 0; i < sl->n_areas; i++)
		clone[i] = -1;
	for (i = 0; i < sl->n_areas; i++) {
		t = mask_open_exact(sl->areas[i]);
		if (t < 0 && (errno == ENOENT || errno == ENOTDIR))
			continue;
		path = sl->areas[i];
		what = "open";
		if (t < 0)
			goto out;
		what = "clone";
		clone[i] = open_tree(t, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE |
						    AT_EMPTY_PATH);
		close(t);
		t = -1;
		if (clone[i] < 0)
			goto out;
	}
	what = "make the mounts noexec under";
	path = "/";
	if (mount_setattr(AT_FDCWD, "/", AT_RECURSIVE, &attr, sizeof(attr)) < 0)
		goto out;
	order = noexec_fold_order(sl->areas, sl->n_areas, sl->holes, sl->n_holes);
	for (size_t k = 0; k < sl->n_areas + sl->n_holes; k++) {
		i = order[k];
		if (i >= sl->n_areas) {
			path = sl->holes[i - sl->n_areas];
			if (lay_hole(path, &what) < 0)
				goto out;
			continue;
		}
		path = sl->areas[i];
		what = "lay the exec area back over";
		if (clone[i] < 0)
			continue;
		/* opened now: a hole laid above it is what the path shows */
		t = mask_open_exact(path);
		if (t < 0 || move_mount(clone[i], "", t, "",
					MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0)
			goto out;
		close(t);
		t = -1;
	}
	rc = 0;
out:
	if (rc < 0)
		fsj_error_set(err, NULL, 0, 0, "noexec layer: cannot %s '%s': %s", what, path,
			      strerror(errno));
	if (t >= 0)
		close(t);
	for (i = 0; i < sl->n_areas; i++)
		if (clone[i] >= 0)
			close(clone[i]);
	free(clone);
	free(order);
	return rc;
}

/* unshare(flags), in a new user namespace where this process may not. */
static int enter(int flags, struct fsj_error *err)
{
	if (unshare(flags) == 0)
		return 0;
	if (errno != EPERM)
		return fsj_error_set(err, NULL, 0, 0, "cannot make the sandbox's namespaces: %s",
				     strerror(errno));
	return mask_userns_enter(flags, err);
}

int sandbox_linux_apply(const struct sandbox_linux *sl, bool masks_follow, struct fsj_error *err)
{
	int flags = (sl->net == NETDENY_NETNS ? CLONE_NEWNET : 0) |
		    (sl->noexec && !mask_ns_own ? CLONE_NEWNS : 0); /* mask.h */

	if (flags || sl->noexec) {
		if (flags && enter(flags, err) < 0)
			return -1;
		if ((flags & CLONE_NEWNET) && netdeny_loopback_up(err) < 0)
			return -1;
		/* mount --make-rprivate /: the layer must not reach the host */
		if ((flags & CLONE_NEWNS) && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
			return fsj_error_set(err, NULL, 0, 0,
					     "cannot make the sandbox's mounts private: %s",
					     strerror(errno));
		if (sl->noexec && lay_noexec(sl, err) < 0)
			return -1;
		/* A root command keeping CAP_SYS_ADMIN could setns(2) back into
		 * the host's network namespace or clear MOUNT_ATTR_NOEXEC; the
		 * working directory still names the mount under the layer. */
		if (!masks_follow && mask_seal(err) < 0)
			return -1;
	}
	if (caps_drop_host() < 0 || caps_drop_command() < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "cannot drop the capabilities that act on the host: %s",
				     strerror(errno));
	if (sl->net != NETDENY_NONE) /* the netns method too: AF_VSOCK */
		return netdeny_seccomp_install(sl->net == NETDENY_NETNS, err);
	return 0;
}

#else /* !__linux__ */

int sandbox_linux_apply(const struct sandbox_linux *sl, bool masks_follow, struct fsj_error *err)
{
	(void)sl;
	(void)masks_follow;
	return fsj_error_set(err, NULL, 0, 0, "the landlock backend needs Linux");
}

#endif
