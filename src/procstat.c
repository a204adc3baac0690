/* procstat.c - one process's /proc/PID/stat line (procstat.h). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "procstat.h"

const char *procstat_read(pid_t pid, char *buf, size_t size)
{
	char path[64];
	ssize_t n;
	int fd;

	if (pid > 0)
		snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/stat");
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 || size < 2)
		return fd >= 0 ? (close(fd), NULL) : NULL;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	return strrchr(buf, ')');
}
