/* devpts.c - the command's own /dev/pts, where its own terminal keeps its
 * name (devpts.h; devpts instances: the kernel's filesystems/devpts.rst).
 *
 * Trust boundary: devpts_mount() runs in the forked child, before exec and
 * before landlock_restrict_self(), with the privilege of the mount
 * namespace it has just made (mask.c), as devshm_mount() does. Mount API:
 * fsopen(2), fsconfig(2), fsmount(2), move_mount(2) (Linux 5.2). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "devpts.h"
#include "devpts-own.h"
#include "mask.h"
#include "path.h"

bool devpts_covers(const char *path)
{
	return path && path_covers(DEVPTS_PATH, path);
}

#ifdef __linux__
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>

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
				     "namespace (only the command's own terminal is then granted "
				     "there: the ptys it makes cannot be opened)",
				     DEVPTS_PATH, strerror(errno));
	if (tree >= 0 && pts_hold < 0)
		name_own_tty(mnt, tree, index);
	return 0;
}

#else /* !__linux__ */

int devpts_mount(struct fsj_error *err)
{
	errno = ENOSYS;
	return fsj_error_set(err, NULL, 0, 0, "a private /dev/pts needs Linux");
}

#endif
