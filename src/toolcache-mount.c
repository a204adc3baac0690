/* toolcache-mount.c - the run's own copy of a tool cache, mounted
 * (toolcache-mount.h).
 *
 * Trust boundary: toolcache_mount() runs in the forked child, in its own
 * mount namespace, before exec and before landlock_restrict_self(): the
 * tmpfs and the overlay live in that namespace only and end with it; the
 * host's folder is the overlay's lower layer, which overlayfs never
 * writes, and a tool's file is bound read-only over itself.
 * Mount API: fsopen(2), fsconfig(2), fsmount(2), move_mount(2); overlay
 * options: Documentation/filesystems/overlayfs.rst (userxattr: an overlay
 * mounted in a user namespace keeps its metadata in user.* xattrs). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mask.h"
#include "toolcache.h"

#ifdef __linux__
#include <sys/mount.h>

/* "/proc/self/fd/N" or "/proc/self/fd/N/name" into buf (64 bytes). */
static const char *fd_path(char *buf, int fd, const char *name)
{
	snprintf(buf, 64, "/proc/self/fd/%d%s%s", fd, name ? "/" : "", name ? name : "");
	return buf;
}

/* A detached tmpfs, its root owned by st's owner with st's mode; -1 with
 * errno set. */
static int cache_tmpfs(const struct stat *st)
{
	cleanup_fd int fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	char mode[16], uid[16], gid[16];

	if (fs < 0)
		return -1;
	snprintf(mode, sizeof(mode), "%o", (unsigned)(st->st_mode & 07777));
	snprintf(uid, sizeof(uid), "%u", (unsigned)st->st_uid);
	snprintf(gid, sizeof(gid), "%u", (unsigned)st->st_gid);
	if (fsconfig(fs, FSCONFIG_SET_STRING, "mode", mode, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "uid", uid, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "gid", gid, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return -1;
	return fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
}

/* A detached overlay of lower (a descriptor on the host's folder) with
 * upper/ and work/ on the tmpfs tmp; -1 with errno set. */
static int cache_overlay(int lower, int tmp, bool userxattr)
{
	cleanup_fd int fs = fsopen("overlay", FSOPEN_CLOEXEC);
	char l[64], u[64], w[64];

	if (fs < 0)
		return -1;
	if (fsconfig(fs, FSCONFIG_SET_STRING, "lowerdir", fd_path(l, lower, NULL), 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "upperdir", fd_path(u, tmp, "upper"), 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "workdir", fd_path(w, tmp, "work"), 0) < 0 ||
	    (userxattr && fsconfig(fs, FSCONFIG_SET_FLAG, "userxattr", NULL, 0) < 0) ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return -1;
	return fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
}

static int attach(int mnt, int target)
{
	return move_mount(mnt, "", target, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH);
}

/* The host's file behind target, read-only (nosuid, nodev) over itself:
 * a write-open fails with EROFS, a rename or unlink of it with EBUSY. */
static enum toolcache_how file_readonly(int target)
{
	struct mount_attr attr = {
		.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
	};
	cleanup_fd int src = open_tree(target, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC |
							   AT_RECURSIVE | AT_EMPTY_PATH);

	if (src < 0 || mount_setattr(src, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof(attr)) < 0 ||
	    attach(src, target) < 0)
		return TOOLCACHE_NONE;
	return TOOLCACHE_READONLY;
}

enum toolcache_how toolcache_mount(const char *path, bool overlay)
{
	cleanup_fd int target = mask_open_exact(path);
	cleanup_fd int tmp = -1, ov = -1;
	struct stat st;

	if (target < 0)
		return TOOLCACHE_NONE;
	if (fstat(target, &st) < 0)
		return TOOLCACHE_NONE;
	if (S_ISREG(st.st_mode))
		return file_readonly(target);
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return TOOLCACHE_NONE;
	}
	tmp = cache_tmpfs(&st);
	/* the tmpfs goes on first: the overlay's upper layer lies beneath
	 * the overlay itself, out of the command's reach */
	if (tmp < 0 || attach(tmp, target) < 0)
		return TOOLCACHE_NONE;
	if (!overlay)
		return TOOLCACHE_TMPFS;
	if (mkdirat(tmp, "upper", 0700) < 0 || mkdirat(tmp, "work", 0700) < 0 ||
	    fchmodat(tmp, "upper", st.st_mode & 07777, 0) < 0)
		goto tmpfs_only;
	ov = cache_overlay(target, tmp, true);
	if (ov < 0)
		ov = cache_overlay(target, tmp, false);
	if (ov >= 0 && attach(ov, tmp) == 0)
		return TOOLCACHE_OVERLAY;
tmpfs_only:
	/* the tmpfs alone, empty: no trace of the attempt left in it */
	(void)unlinkat(tmp, "upper", AT_REMOVEDIR);
	if (unlinkat(tmp, "work/work", AT_REMOVEDIR) < 0 && errno != ENOENT)
		return TOOLCACHE_NONE;
	if (unlinkat(tmp, "work", AT_REMOVEDIR) < 0 && errno != ENOENT)
		return TOOLCACHE_NONE;
	return TOOLCACHE_TMPFS;
}

enum toolcache_how toolcache_probe(const char *path, bool overlay)
{
	pid_t pid;
	int status;

	if (!path)
		return TOOLCACHE_NONE;
	pid = fork();
	if (pid < 0)
		return TOOLCACHE_NONE;
	if (pid == 0) {
		if (mask_ns_enter(NULL) < 0)
			_exit(0);
		_exit((int)toolcache_mount(path, overlay));
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return TOOLCACHE_NONE;
	if (!WIFEXITED(status))
		return TOOLCACHE_NONE;
	switch (WEXITSTATUS(status)) {
	case TOOLCACHE_OVERLAY:
		return TOOLCACHE_OVERLAY;
	case TOOLCACHE_TMPFS:
		return TOOLCACHE_TMPFS;
	case TOOLCACHE_READONLY:
		return TOOLCACHE_READONLY;
	default:
		return TOOLCACHE_NONE;
	}
}

#else /* !__linux__ */

enum toolcache_how toolcache_mount(const char *path, bool overlay)
{
	(void)path;
	(void)overlay;
	errno = ENOSYS;
	return TOOLCACHE_NONE;
}

enum toolcache_how toolcache_probe(const char *path, bool overlay)
{
	(void)path;
	(void)overlay;
	return TOOLCACHE_NONE;
}

#endif
