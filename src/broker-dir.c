/* broker-dir.c - the broker's folders in the state folder (broker-dir.h;
 * broker_private_dir() out of broker.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "broker-dir.h"

#define SPARE "+spare"

/* Open (creating it 0700 when missing) the folder name in dirfd, refusing
 * a symlink, another owner, or access for group or others. Returns a
 * descriptor or -1 with err set. */
int broker_private_dir(int dirfd, const char *name, const char *shown, struct fsj_error *err)
{
	struct stat st;
	int fd;

	if (mkdirat(dirfd, name, 0700) < 0 && errno != EEXIST)
		return fsj_error_set(err, NULL, 0, 0, "cannot create '%s': %s", shown,
				     strerror(errno));
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot open '%s': %s", shown,
				     strerror(errno));
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid()) {
		close(fd);
		return fsj_error_set(err, NULL, 0, 0, "'%s' belongs to another user", shown);
	}
	if ((st.st_mode & 077) && fchmod(fd, 0700) < 0) {
		close(fd);
		return fsj_error_set(err, NULL, 0, 0, "cannot make '%s' private: %s", shown,
				     strerror(errno));
	}
	return fd;
}

#if defined(__linux__) && defined(RENAME_NOREPLACE)
/* True when the folder name in dirfd is ours, not a symlink, and holds
 * nothing but "." and "..". */
static bool empty_own_dir(int dirfd, const char *name)
{
	char buf[512];
	struct stat st;
	unsigned short reclen;
	long n = 0, off;
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	bool empty = false;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) == 0 && st.st_uid == geteuid())
		empty = (n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0;
	/* struct linux_dirent64: ino 8, off 8, reclen 2, type 1, then the name */
	for (off = 0; empty && off < n; off += reclen) {
		const char *nm = buf + off + 19;

		memcpy(&reclen, buf + off + 16, sizeof(reclen));
		if (reclen < 20 || off + reclen > n || (strcmp(nm, ".") != 0 && strcmp(nm, "..") != 0))
			empty = false;
	}
	close(fd);
	return empty;
}
#endif

int broker_session_dir(int run_fd, const char *session, const char *shown,
		       struct fsj_error *err)
{
#if defined(__linux__) && defined(RENAME_NOREPLACE)
	/* only an empty folder of ours; a missing spare, another thing there
	 * or a folder of the session's name (EEXIST) leaves
	 * broker_private_dir() to make or open it, as without a spare */
	if (empty_own_dir(run_fd, SPARE))
		(void)renameat2(run_fd, SPARE, run_fd, session, RENAME_NOREPLACE);
#endif
	return broker_private_dir(run_fd, session, shown, err);
}

void broker_session_dir_end(int run_fd, const char *session)
{
#if defined(__linux__) && defined(RENAME_NOREPLACE)
	if (empty_own_dir(run_fd, session) &&
	    renameat2(run_fd, session, run_fd, SPARE, RENAME_NOREPLACE) == 0)
		return;
#endif
	(void)unlinkat(run_fd, session, AT_REMOVEDIR);
}
