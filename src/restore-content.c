/* restore-content.c - a file's content and mode put back (see
 * restore-content.h; out of restore.c). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_copy.h"
#include "restore-content.h"
#include "restore-first.h"
#include "util.h"

/* Open name in pfd for reading and writing when it is a regular file of
 * ours that its mode keeps us out of (the run's chmod 000, or a read-only
 * file the run made writable, wrote and made read-only again, att7): u+rw
 * is added first; the content's restore sets the saved mode after.
 * Returns the descriptor, or -1 with errno set. */
int rs_open_owner_rw(int pfd, const char *name)
{
	struct stat sb;

	if (fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return -1;
	if (!S_ISREG(sb.st_mode) || sb.st_uid != geteuid())
		return errno = EACCES, -1;
	if (fchmodat(pfd, name, (sb.st_mode & 07777) | S_IRUSR | S_IWUSR, AT_SYMLINK_NOFOLLOW) < 0)
		return -1;
	return openat(pfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

int rs_put_content(const struct rctx *x, int src, int fd, const struct manifest_rec *r)
{
	struct stat sb;
	off_t got;

	if (fstat(src, &sb) < 0)
		return -1;
	got = backup_copy_fd(src, fd, sb.st_size);
	if (got < 0 || ftruncate(fd, got) < 0)
		return -1;
	return rs_set_meta(fd, rs_first_rec(x, r)); /* the mode before the run */
}

/* true when fd already holds src's bytes with the mode and mtime
 * rs_put_content() would give it: its first record's, not r's (a chmod
 * before the write: att38). */
bool rs_same_state(const struct rctx *x, int fd, int src, const struct manifest_rec *r)
{
	struct stat fs;

	r = rs_first_rec(x, r);
	return fstat(fd, &fs) == 0 && (fs.st_mode & 07777) == r->mode &&
	       FSJ_STAT_MTIM(&fs).tv_sec == r->mtime.tv_sec &&
	       FSJ_STAT_MTIM(&fs).tv_nsec == r->mtime.tv_nsec && rs_same_bytes(fd, src);
}
