/* dirstream.c - a folder stream from a file descriptor (dirstream.h). */
#include <errno.h>
#include <unistd.h>

#include "dirstream.h"

DIR *dir_stream(int fd)
{
	DIR *d;
	int saved;

	if (fd < 0)
		return NULL;
	d = fdopendir(fd);
	if (!d) {
		saved = errno;
		close(fd);
		errno = saved;
	}
	return d;
}
