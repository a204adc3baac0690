/* launch-sweep.c - the descriptors a command's process must not keep
 * (Linux; launch-int.h). */
#ifdef __linux__
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launch-int.h"

/* One descriptor of launch_sweep_fds(): see there. */
static int sweep_one(int fd, const int *keep, size_t n, bool own)
{
	struct stat st;
	size_t i;
	int fl;

	for (i = 0; i < n && keep[i] != fd; i++)
		;
	fl = fcntl(fd, F_GETFD);
	if (i < n || fl < 0)
		return 0;
	if (own && fd > STDERR_FILENO && (fl & FD_CLOEXEC)) {
		close(fd);
		return 0;
	}
	if (fstat(fd, &st) < 0 || !S_ISDIR(st.st_mode))
		return 0;
	if (fd <= STDERR_FILENO) {
		/* `cmd < $HOME`: the standard descriptors keep their numbers,
		 * on /dev/null instead of the directory */
		int null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);

		if (null < 0 || dup2(null, fd) < 0 || close(null) < 0)
			return -1;
	} else {
		close(fd);
	}
	return 0;
}

/* Before the sandbox, in the process that becomes the command or its
 * init: close every directory descriptor, and with own every close-on-exec
 * descriptor above 2, except the n in keep.
 *  - Directories: one opened before the mount masks were put in place
 *    looks paths up in the unmasked mount, so `openat(fd,
 *    ".ssh/id_ed25519")` would read past a mask that hides ~/.ssh
 *    (Landlock, which the masks complement, still applies). Files stay
 *    open: they were opened with the caller's rights on purpose, as with
 *    any inherited descriptor. A standard descriptor (0-2) that is a
 *    directory is put on /dev/null.
 *  - own (in I, launch.c child_run()): I never execs, so close-on-exec does
 *    not protect what the supervisor had open (the audit log, the broker's
 *    socket, its pipes) and a command as root could take them from pid 1
 *    with pidfd_getfd(2). Descriptors fsjail inherited without
 *    close-on-exec are the caller's, meant for the command (`3<file`, a
 *    make jobserver), and stay.
 * /proc/self/fd is listed once (the numbers first, then the closes, which
 * would disturb the listing; issue 18: each listing makes a procfs entry
 * per descriptor), again only past the last number handled when more were
 * open than one pass holds. Returns 0, or -1 with errno set when
 * /proc/self/fd cannot be read or /dev/null opened. */
int launch_sweep_fds(const int *keep, size_t n, bool own)
{
	enum { PASS = 256 };
	int fds[PASS];
	long done = -1;
	bool more = true;

	while (more) {
		DIR *d = opendir("/proc/self/fd");
		struct dirent *de;
		size_t k = 0;

		if (!d)
			return -1;
		more = false;
		while ((de = readdir(d)) != NULL) {
			char *end;
			long fd = strtol(de->d_name, &end, 10);

			if (*end != '\0' || end == de->d_name || fd < 0 || fd > INT_MAX ||
			    fd == dirfd(d) || fd <= done)
				continue;
			if (k == PASS) {
				more = true;
				continue;
			}
			fds[k++] = (int)fd;
		}
		closedir(d);
		for (size_t i = 0; i < k; i++) {
			if (sweep_one(fds[i], keep, n, own) < 0)
				return -1;
			if (fds[i] > done)
				done = fds[i];
		}
	}
	return 0;
}
#else
/* ISO C wants a declaration in every translation unit. */
typedef int launch_sweep_linux_only;
#endif /* __linux__ */
