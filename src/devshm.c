/* devshm.c - the command's private /dev/shm, and its own /dev/pts where its
 * own terminal keeps its name
 * (devshm.h; devpts instances: the kernel's filesystems/devpts.rst).
 *
 * Trust boundary: devshm_mount() runs in the forked child, before exec and
 * before landlock_restrict_self(), with the privilege of the mount
 * namespace it has just made (mask.c). The tmpfs is new and empty: nothing
 * of the host's /dev/shm is reachable through it, and it ends with the
 * namespace's last process. Mount API: fsopen(2), fsconfig(2),
 * fsmount(2), move_mount(2) (Linux 5.2); tmpfs options: tmpfs(5). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devshm.h"
#include "mask.h"
#include "path.h"

bool devshm_covers(const char *path)
{
	return path && path_covers(DEVSHM_PATH, path);
}

bool devpts_covers(const char *path)
{
	return path && path_covers(DEVPTS_PATH, path);
}

#ifdef __linux__
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <termios.h>

bool devshm_target_ok(void)
{
	struct stat st;

	return lstat(DEVSHM_PATH, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A detached tmpfs for /dev/shm (devshm.h), or -1 with errno set. */
static int shm_tmpfs(void)
{
	cleanup_fd int fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	struct statvfs vfs;
	char size[32] = "50%"; /* tmpfs(5)'s own default */

	if (fs < 0)
		return -1;
	/* the host's size, as `bwrap --dev` and a desktop session see it */
	if (statvfs(DEVSHM_PATH, &vfs) == 0 && vfs.f_blocks > 0 && vfs.f_frsize > 0 &&
	    vfs.f_blocks <= ~0ULL / vfs.f_frsize)
		snprintf(size, sizeof(size), "%llu",
			 (unsigned long long)vfs.f_blocks * vfs.f_frsize);
	if (fsconfig(fs, FSCONFIG_SET_STRING, "mode", "1777", 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "size", size, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return -1;
	return fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
}

static int shm_fail(struct fsj_error *err, const char *what)
{
	return fsj_error_set(err, NULL, 0, 0,
			     "private /dev/shm: cannot %s '%s': %s\n"
			     "hint: FSJAIL_NO_MOUNT_MASKS=1 runs without a mount namespace "
			     "(/dev/shm is then refused)",
			     what, DEVSHM_PATH, strerror(errno));
}

int devshm_mount(struct fsj_error *err)
{
	cleanup_fd int target = mask_open_exact(DEVSHM_PATH);
	cleanup_fd int mnt = -1;

	if (target < 0)
		return shm_fail(err, "open");
	mnt = shm_tmpfs();
	if (mnt < 0)
		return shm_fail(err, "make the tmpfs for");
	if (move_mount(mnt, "", target, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0)
		return shm_fail(err, "mount over");
	return 0;
}

/* UNIX98_PTY_SLAVE_MAJOR: a pty's slave is (136, index) (20-bit minors). */
#define PTS_SLAVE_MAJOR 136U
/* The highest index devpts_mount() names: reaching it costs as many ptys. */
#define PTS_NAME_MAX 1023U

/* The master of the run's pty whose node the caller's terminal covers
 * (name_own_tty()): held, CLOEXEC, by the process that set up the sandbox
 * (fsjail-init, for the whole run); closed, the name goes with it. */
static int pts_hold = -1;

/* The caller's terminal, the first of descriptors 0, 1, 2 that is a pty
 * slave of the host's /dev/pts, as a detached clone of its node there
 * (open_tree(2)), checked to be the very file the descriptor holds (device,
 * inode, rdev); its index in *index. Returns the tree's fd (CLOEXEC, the
 * caller's to close), or -1 when there is none (not an error). */
static int own_tty_tree(unsigned *index)
{
	for (int fd = 0; fd <= 2; fd++) {
		struct stat st, node;
		char name[32];
		int tree;

		if (fstat(fd, &st) < 0 || !S_ISCHR(st.st_mode) ||
		    major(st.st_rdev) != PTS_SLAVE_MAJOR || minor(st.st_rdev) > PTS_NAME_MAX)
			continue;
		snprintf(name, sizeof(name), DEVPTS_PATH "/%u", minor(st.st_rdev));
		tree = open_tree(AT_FDCWD, name,
				 OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_SYMLINK_NOFOLLOW);
		if (tree < 0)
			continue;
		if (fstat(tree, &node) == 0 && S_ISCHR(node.st_mode) && node.st_dev == st.st_dev &&
		    node.st_ino == st.st_ino && node.st_rdev == st.st_rdev) {
			*index = minor(st.st_rdev);
			return tree;
		}
		close(tree);
	}
	return -1;
}

/* Give the caller's terminal its name in the run's instance (mnt, its
 * root): a devpts node exists only for a pty of the instance, so its ptmx
 * is opened until it hands out index (a new instance counts from 0), the
 * host's node (tree) is mounted over that pty's node, its master kept in
 * pts_hold and the lower ones closed. Only the terminal the command holds
 * already gets a name; the host's others stay out of view. Best effort:
 * where a step fails, the terminal has no name, as before. */
static void name_own_tty(int mnt, int tree, unsigned index)
{
	int lower[PTS_NAME_MAX + 1];
	unsigned n = 0, got;
	char name[16];
	int m = -1;

	while (n <= index) {
		m = openat(mnt, "ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (m < 0)
			break;
		if (ioctl(m, TIOCGPTN, &got) < 0 || got != n) {
			close(m);
			m = -1;
			break;
		}
		if (got == index)
			break;
		lower[n++] = m;
		m = -1;
	}
	snprintf(name, sizeof(name), "%u", index);
	if (m >= 0 && move_mount(tree, "", mnt, name, MOVE_MOUNT_F_EMPTY_PATH) == 0)
		pts_hold = m;
	else if (m >= 0)
		close(m);
	while (n > 0)
		close(lower[--n]);
}

int devpts_mount(struct fsj_error *err)
{
	cleanup_fd int target = mask_open_exact(DEVPTS_PATH);
	cleanup_fd int fs = -1, mnt = -1;
	cleanup_fd int tree = -1;
	unsigned index = 0;

	if (target < 0)
		return fsj_error_set(err, NULL, 0, 0, "private %s: cannot open it: %s", DEVPTS_PATH,
				     strerror(errno));
	/* before the new instance covers the host's */
	tree = own_tty_tree(&index);
	fs = fsopen("devpts", FSOPEN_CLOEXEC);
	if (fs < 0 || fsconfig(fs, FSCONFIG_SET_STRING, "ptmxmode", "0666", 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "mode", "0620", 0) < 0 ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0 ||
	    (mnt = fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC)) < 0 ||
	    move_mount(mnt, "", target, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "private %s: cannot mount a devpts instance of the run's "
				     "own: %s\nhint: FSJAIL_NO_MOUNT_MASKS=1 runs without a mount "
				     "namespace (the host's terminals are then in reach)",
				     DEVPTS_PATH, strerror(errno));
	if (tree >= 0 && pts_hold < 0)
		name_own_tty(mnt, tree, index);
	return 0;
}

#else /* !__linux__ */

bool devshm_target_ok(void)
{
	return false;
}

int devshm_mount(struct fsj_error *err)
{
	errno = ENOSYS;
	return fsj_error_set(err, NULL, 0, 0, "a private /dev/shm needs Linux");
}

int devpts_mount(struct fsj_error *err)
{
	errno = ENOSYS;
	return fsj_error_set(err, NULL, 0, 0, "a private /dev/pts needs Linux");
}

#endif
