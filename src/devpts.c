/* devpts.c - the command's own /dev/pts (devpts.h; devpts instances: the
 * kernel's filesystems/devpts.rst).
 *
 * Trust boundary: devpts_mount() runs in the forked child, before exec and
 * before landlock_restrict_self(), with the privilege of the mount
 * namespace it has just made (mask.c), as devshm_mount() does. Mount API:
 * fsopen(2), fsconfig(2), fsmount(2), move_mount(2) (Linux 5.2). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "devpts.h"
#include "mask.h"
#include "path.h"

bool devpts_covers(const char *path)
{
	return path && path_covers(DEVPTS_PATH, path);
}

#ifdef __linux__
#include <sys/mount.h>

int devpts_mount(struct fsj_error *err)
{
	cleanup_fd int target = mask_open_exact(DEVPTS_PATH);
	cleanup_fd int fs = -1, mnt = -1;

	if (target < 0)
		return fsj_error_set(err, NULL, 0, 0, "private %s: cannot open it: %s", DEVPTS_PATH,
				     strerror(errno));
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
	return 0;
}

#else /* !__linux__ */

int devpts_mount(struct fsj_error *err)
{
	errno = ENOSYS;
	return fsj_error_set(err, NULL, 0, 0, "a private /dev/pts needs Linux");
}

#endif
