/* devshm.c - the command's private /dev/shm (devshm.h).
 *
 * Trust boundary: devshm_mount() runs in the forked child, before exec and
 * before landlock_restrict_self(), with the privilege of the mount
 * namespace it has just made (mask.c). The tmpfs is new and empty: nothing
 * of the host's /dev/shm is reachable through it, and it ends with the
 * namespace's last process. Mount API: fsopen(2), fsconfig(2),
 * fsmount(2), move_mount(2) (Linux 5.2); tmpfs options: tmpfs(5). */
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

#ifdef __linux__
#include <sys/mount.h>
#include <sys/statvfs.h>

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

#endif
