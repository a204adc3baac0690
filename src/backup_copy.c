/* backup_copy.c - see backup_copy.h; follows ioctl_ficlone(2) and
 * copy_file_range(2). Offsets are explicit everywhere, so a caller's
 * descriptor is never moved and never needs a fresh open. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/xattr.h>
#endif

#include "backup_copy.h"
#include "util.h"

#ifdef __linux__
/* Source devices where FICLONE into the store failed as unsupported
 * (ext4, tmpfs: EOPNOTSUPP; EXDEV, EINVAL): not tried again there, one
 * failed ioctl per backup saved (issue 14 item 4). */
static struct {
	pthread_mutex_t lock;
	dev_t dev[8];
	size_t n;
} noclone = { PTHREAD_MUTEX_INITIALIZER, { 0 }, 0 };

static bool noclone_has(dev_t dev)
{
	bool r = false;

	pthread_mutex_lock(&noclone.lock);
	for (size_t i = 0; i < noclone.n && !r; i++)
		r = noclone.dev[i] == dev;
	pthread_mutex_unlock(&noclone.lock);
	return r;
}

static void noclone_add(dev_t dev)
{
	pthread_mutex_lock(&noclone.lock);
	if (noclone.n < sizeof(noclone.dev) / sizeof(noclone.dev[0]))
		noclone.dev[noclone.n++] = dev;
	pthread_mutex_unlock(&noclone.lock);
}
#endif

/* backup_copy_fd(); dev: the source's device (a clone is tried unless it
 * failed there before), or (dev_t)-1: always tried. */
static off_t copy_fd(int in, int out, off_t size, dev_t dev)
{
	char buf[65536];
	off_t done = 0;
	ssize_t n;

#ifdef __linux__
	struct stat sb;
	bool ranged = true;

	/* A whole-file clone shares the extents: O(1), and out keeps its
	 * inode (restore in place relies on that). */
	if (dev == (dev_t)-1 || !noclone_has(dev)) {
		if (ioctl(out, FICLONE, in) == 0 && fstat(in, &sb) == 0)
			return sb.st_size;
		if (dev != (dev_t)-1 && (errno == EOPNOTSUPP || errno == ENOTTY ||
					 errno == EINVAL || errno == EXDEV))
			noclone_add(dev);
	}
	while (done < size) {
		loff_t ioff = done, ooff = done;

		n = copy_file_range(in, &ioff, out, &ooff, (size_t)(size - done), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			if (errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP ||
			    errno == ENOSYS) {
				ranged = false;
				break;
			}
			return -1;
		}
		if (n == 0)
			break;
		done += n;
	}
	/* The size the caller saw is copied: no read for the end (a file
	 * growing meanwhile is being changed by someone else anyway). */
	if (ranged && done >= size)
		return done;
#else
	(void)size;
	(void)dev;
#endif
	/* The rest (no copy_file_range here, or the file grew). */
	for (;;) {
		n = pread(in, buf, sizeof(buf), done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return done;
		for (ssize_t w = 0, k; w < n; w += k) {
			k = pwrite(out, buf + w, (size_t)(n - w), done + w);
			if (k < 0 && errno == EINTR) {
				k = 0;
				continue;
			}
			if (k <= 0) {
				if (k == 0)
					errno = EIO;
				return -1;
			}
		}
		done += n;
	}
}

off_t backup_copy_fd(int in, int out, off_t size)
{
	return copy_fd(in, out, size, (dev_t)-1);
}

int backup_copy_readable(int fd, int dirfd, const char *name, const struct stat *sb, int *own)
{
	int fl = fcntl(fd, F_GETFL);
	struct stat now;

#ifdef O_PATH
	if (fl >= 0 && !(fl & O_PATH) && (fl & O_ACCMODE) != O_WRONLY)
		return fd;
	{
		char proc[40];

		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
		*own = open(proc, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	}
#else
	if (fl >= 0 && (fl & O_ACCMODE) != O_WRONLY)
		return fd;
	*own = -1;
#endif
	if (*own < 0)
		*own = openat(dirfd, name,
			      O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (*own < 0)
		return -1;
	if (fstat(*own, &now) < 0 || now.st_dev != sb->st_dev || now.st_ino != sb->st_ino) {
		errno = ESTALE; /* the name moved on: the caller refuses */
		return -1;
	}
	return *own;
}

int backup_copy_link_fd(int fd, int todir, const char *toname)
{
#ifdef __linux__
	char proc[40];
	int rc;

	/* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; the magic link works
	 * for the file's owner (protected_hardlinks). */
	rc = linkat(fd, "", todir, toname, AT_EMPTY_PATH);
	if (rc < 0 && errno != EEXIST) {
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
		rc = linkat(AT_FDCWD, proc, todir, toname, AT_SYMLINK_FOLLOW);
	}
	return rc;
#else
	(void)fd, (void)todir, (void)toname;
	errno = ENOTSUP;
	return -1;
#endif
}

int backup_copy_link(int filesfd, unsigned long *next, int fd, int dirfd, const char *name,
		     const struct stat *sb, char *num, size_t n)
{
#ifdef __linux__
	bool by_name = dirfd >= 0 && name;
	struct stat st;
	int i, rc;

	/* By name first where the caller holds the folder (the listener's is
	 * in fsjail's own mount namespace: nj_host_parent()); the descriptor's
	 * inode from another mount namespace is always EXDEV (issue 14 item
	 * 4: two failed calls per delete). A name is checked to be the very
	 * inode afterwards; a wrong one is taken back and the descriptor's
	 * own inode tried instead. */
	for (i = 0; i < 1000; i++) {
		snprintf(num, n, "%lu", (*next)++);
		rc = by_name ? linkat(dirfd, name, filesfd, num, 0) : backup_copy_link_fd(fd, filesfd, num);
		if (rc < 0 && errno == EEXIST)
			continue;
		if (rc < 0 && by_name) {
			by_name = false;
			continue;
		}
		if (rc < 0)
			return -1;
		if (fstatat(filesfd, num, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_dev == sb->st_dev &&
		    st.st_ino == sb->st_ino)
			return 0;
		(void)unlinkat(filesfd, num, 0);
		if (!by_name) {
			errno = ESTALE;
			return -1;
		}
		by_name = false;
	}
	errno = EEXIST;
	return -1;
#else
	(void)filesfd, (void)next, (void)fd, (void)dirfd, (void)name, (void)sb, (void)num, (void)n;
	errno = EXDEV;
	return -1;
#endif
}

int backup_copy_open_new(int filesfd, unsigned long *next, char *num, size_t n)
{
	int out = -1;

	/* an entry already there (even a symlink) is never opened: take the
	 * next number */
	for (int i = 0; i < 1000; i++) {
		snprintf(num, n, "%lu", (*next)++);
		out = openat(filesfd, num, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			     0600);
		if (out >= 0 || errno != EEXIST)
			break;
	}
	return out;
}

int backup_copy_new(int filesfd, unsigned long *next, int in, const struct stat *sb, char *num,
		    size_t n, char **lost)
{
	cleanup_fd int out = backup_copy_open_new(filesfd, next, num, n);
	off_t got;
	int saved;

	if (out < 0)
		return -1;
	got = copy_fd(in, out, sb->st_size, sb->st_dev);
	if (got < sb->st_size) {
		saved = got < 0 && errno ? errno : EIO;
		(void)unlinkat(filesfd, num, 0);
		errno = saved;
		return -1;
	}
	if (lost)
		*lost = NULL;
	(void)backup_copy_xattrs(in, out, lost);
	return 0;
}

#ifdef __linux__
/* true when out holds name with the value v (len bytes). */
static bool xattr_same(int out, const char *name, const char *v, ssize_t len)
{
	char *w = xmalloc(len > 0 ? (size_t)len : 1);
	ssize_t k = fgetxattr(out, name, w, (size_t)(len > 0 ? len : 1));
	bool same = k == len && (len == 0 || memcmp(v, w, (size_t)len) == 0);

	free(w);
	return same;
}
#endif

int backup_copy_xattrs(int in, int out, char **lost)
{
	int nlost = 0;
#ifdef __linux__
	/* XATTR_LIST_MAX and XATTR_SIZE_MAX (linux/limits.h): the kernel's own caps */
	enum { LIST_MAX = 65536, SIZE_MAX_X = 65536 };
	struct strbuf why = STRBUF_INIT;
	char *list = NULL, *val = NULL;
	ssize_t n, len;

	if (lost)
		*lost = NULL;
	n = flistxattr(in, NULL, 0);
	if (n <= 0)
		return 0; /* none, or a filesystem without them (ENOTSUP) */
	list = xmalloc(LIST_MAX);
	val = xmalloc(SIZE_MAX_X);
	n = flistxattr(in, list, LIST_MAX);
	if (n < 0) {
		sb_addf(&why, "(the list of names: %s)", strerror(errno));
		nlost++;
		n = 0;
	}
	for (char *p = list; p < list + n; p += strlen(p) + 1) {
		const char *e = NULL;

		len = fgetxattr(in, p, val, SIZE_MAX_X);
		if (len < 0)
			e = strerror(errno);
		else if (!xattr_same(out, p, val, len) &&
			 fsetxattr(out, p, val, (size_t)len, 0) < 0)
			e = errno == EPERM ? "not allowed to this user" : strerror(errno);
		if (!e)
			continue;
		sb_addf(&why, "%s%s", nlost ? ", " : "", p);
		if (nlost++ == 0)
			sb_addf(&why, " (%s)", e);
	}
	free(list);
	free(val);
	if (lost && nlost)
		*lost = sb_detach(&why);
	else
		sb_release(&why);
#else
	(void)in, (void)out;
	if (lost)
		*lost = NULL;
#endif
	return nlost;
}

bool backup_copy_caps_lost(int in, int filesfd, const char *num)
{
#ifdef __linux__
	cleanup_fd int c = -1;

	if (fgetxattr(in, "security.capability", NULL, 0) < 0)
		return errno != ENODATA && errno != ENOTSUP && errno != EOPNOTSUPP;
	c = openat(filesfd, num, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	return c < 0 || fgetxattr(c, "security.capability", NULL, 0) < 0;
#else
	(void)in, (void)filesfd, (void)num;
	return false;
#endif
}
