/* platform-linux.c - the Linux side of platform.h. Compiled on every
 * system; empty except on Linux. */
#ifdef __linux__

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>

#include "platform.h"
#include "util.h"

int platform_peer_cred(int sock, struct platform_peer *out)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);

	if (getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return -1;
	if (len != sizeof(cred)) {
		errno = EPROTO;
		return -1;
	}
	out->uid = cred.uid;
	out->gid = cred.gid;
	out->pid = cred.pid;
	return 0;
}

int platform_clone_file(int src_dirfd, const char *src, int dst_dirfd, const char *dst)
{
	struct stat st;
	int in, out, saved;

	in = openat(src_dirfd, src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
	if (in < 0)
		return -1;
	if (fstat(in, &st) < 0) {
		saved = errno;
		close(in);
		errno = saved;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(in);
		errno = EINVAL;
		return -1;
	}
	out = openat(dst_dirfd, dst, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (out < 0) {
		saved = errno;
		close(in);
		errno = saved;
		return -1;
	}
	/* ioctl_ficlone(2): the whole file, copy-on-write */
	if (ioctl(out, FICLONE, in) < 0) {
		saved = errno;
		close(out);
		close(in);
		(void)unlinkat(dst_dirfd, dst, 0);
		errno = saved;
		return -1;
	}
	close(in);
	if (close(out) < 0) {
		saved = errno;
		(void)unlinkat(dst_dirfd, dst, 0);
		errno = saved;
		return -1;
	}
	return 0;
}

char *platform_trash_dir(const char *home)
{
	const char *xdg = getenv("XDG_DATA_HOME");

	if (!home || home[0] != '/')
		return NULL;
	/* the specification ignores a relative XDG_DATA_HOME */
	if (xdg && xdg[0] == '/')
		return xasprintf("%s/Trash/files", xdg);
	return xasprintf("%s/.local/share/Trash/files", strcmp(home, "/") == 0 ? "" : home);
}

bool platform_trash_has_info(void)
{
	return true;
}

int platform_rename_noreplace(int from_dirfd, const char *from, int to_dirfd, const char *to)
{
	return renameat2(from_dirfd, from, to_dirfd, to, RENAME_NOREPLACE);
}

bool platform_token_is_extension(void)
{
	return false;
}

char *platform_kernel_path(const char *p)
{
	return xstrdup(p);
}

char *platform_extension_issue(const char *ext_class, const char *path)
{
	(void)ext_class;
	(void)path;
	errno = ENOSYS;
	return NULL;
}

int64_t platform_extension_consume(const char *token)
{
	(void)token;
	errno = ENOSYS;
	return -1;
}

int platform_extension_release(int64_t handle)
{
	(void)handle;
	errno = ENOSYS;
	return -1;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int platform_linux_not_this_system;
#endif
