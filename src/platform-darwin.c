/* platform-darwin.c - the macOS side of platform.h. Compiled on every
 * system; empty except on macOS, where `make check-macos` compiles it
 * from Linux. */
#ifdef __APPLE__

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/clonefile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

#include "platform-darwin.h"
#include "platform.h"
#include "util.h"

int platform_peer_cred(int sock, struct platform_peer *out)
{
	pid_t pid;
	socklen_t len = sizeof(pid);

	if (getpeereid(sock, &out->uid, &out->gid) < 0)
		return -1;
	if (getsockopt(sock, SOL_LOCAL, LOCAL_PEERPID, &pid, &len) < 0)
		return -1;
	out->pid = pid;
	return 0;
}

int platform_clone_file(int src_dirfd, const char *src, int dst_dirfd, const char *dst)
{
	/* clonefileat(2) refuses an existing dst (EEXIST) and clones a
	 * symlink itself under CLONE_NOFOLLOW: refuse that here, the caller
	 * asked for a regular file. */
	struct stat st;

	if (fstatat(src_dirfd, src, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		return -1;
	}
	return clonefileat(src_dirfd, src, dst_dirfd, dst, CLONE_NOFOLLOW);
}

char *platform_trash_dir(const char *home)
{
	if (!home || home[0] != '/')
		return NULL;
	return xasprintf("%s/.Trash", strcmp(home, "/") == 0 ? "" : home);
}

bool platform_trash_has_info(void)
{
	return false;
}

int platform_rename_noreplace(int from_dirfd, const char *from, int to_dirfd, const char *to)
{
	return renameatx_np(from_dirfd, from, to_dirfd, to, RENAME_EXCL);
}

bool platform_token_is_extension(void)
{
	return true;
}

char *platform_kernel_path(const char *p)
{
	static const char *const roots[] = { "/tmp", "/var", "/etc" };

	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		size_t n = strlen(roots[i]);
		if (strncmp(p, roots[i], n) == 0 && (p[n] == '\0' || p[n] == '/'))
			return xasprintf("/private%s", p);
	}
	return xstrdup(p);
}

char *platform_extension_issue(const char *ext_class, const char *path)
{
	char *token = sandbox_extension_issue_file(ext_class, path, 0);

	if (!token && errno == 0)
		errno = EPERM;
	return token;
}

int64_t platform_extension_consume(const char *token)
{
	return sandbox_extension_consume(token);
}

int platform_extension_release(int64_t handle)
{
	return sandbox_extension_release(handle);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int platform_darwin_not_this_system;
#endif
