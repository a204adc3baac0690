/* broker-mounted.c - a broker target that is a mount point in the
 * command's view (broker-mounted.h). */
#include <fcntl.h>
#include <sys/stat.h>

#include "broker-mounted.h"

#ifdef __linux__
#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT 0x00002000 /* Linux 5.8, include/uapi/linux/stat.h */
#endif

bool broker_target_mounted(const struct target *t)
{
	struct statx sx;
	struct stat up;

	if (!t->exists || t->dirfd < 0 || !t->name || !t->name[0])
		return false;
	if (statx(t->dirfd, t->name, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT, STATX_BASIC_STATS,
		  &sx) == 0 &&
	    (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
		return (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
	/* before Linux 5.8: another device than its folder's */
	return fstat(t->dirfd, &up) == 0 && up.st_dev != t->st.st_dev;
}

#else
bool broker_target_mounted(const struct target *t)
{
	(void)t;
	return false;
}
#endif /* __linux__ */
