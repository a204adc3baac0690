/* backup_born.c - whether a file was made after a moment (backup_born.h),
 * out of backup_copy.c. */
#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <time.h>

#include "backup_born.h"

bool backup_born_after(int dirfd, const char *name, const struct timespec *t)
{
#if defined(__linux__) && defined(STATX_BTIME)
	struct statx stx;

	if (statx(dirfd, name, AT_SYMLINK_NOFOLLOW, STATX_BTIME, &stx) < 0 ||
	    !(stx.stx_mask & STATX_BTIME))
		return false;
	return stx.stx_btime.tv_sec > t->tv_sec ||
	       (stx.stx_btime.tv_sec == t->tv_sec && stx.stx_btime.tv_nsec >= (unsigned)t->tv_nsec);
#elif defined(__APPLE__)
	struct stat sb;

	return fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	       (sb.st_birthtimespec.tv_sec > t->tv_sec ||
		(sb.st_birthtimespec.tv_sec == t->tv_sec &&
		 sb.st_birthtimespec.tv_nsec >= t->tv_nsec));
#else
	(void)t, (void)dirfd, (void)name;
	return false;
#endif
}
