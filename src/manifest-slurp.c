/* manifest-slurp.c - manifest_slurp() (manifest.h), moved out of
 * manifest.c: a cycle's file read whole, capped. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "manifest.h"
#include "util.h"

int manifest_slurp(int dirfd, const char *name, size_t max, char **out, size_t *len)
{
	cleanup_fd int fd = -1;
	struct stat sb;
	size_t got = 0;
	ssize_t n;
	char *buf;

	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return errno == ELOOP ? -EINVAL : -errno;
	if (fstat(fd, &sb) < 0)
		return -errno;
	if (!S_ISREG(sb.st_mode))
		return -EINVAL;
	if ((unsigned long long)sb.st_size > max)
		return -EFBIG;
	buf = xmalloc((size_t)sb.st_size + 1);
	while (got < (size_t)sb.st_size) {
		n = read(fd, buf + got, (size_t)sb.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			free(buf);
			return -e;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	*out = buf;
	*len = got;
	return 0;
}
