/* autorun-read.c - the workspace's files read bounded (autorun-read.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autorun-read.h"
#include "dirstream.h"
#include "util.h"

char *autorun_read_max(int fd, size_t max, size_t *len)
{
	struct stat st;
	char *buf;
	size_t n = 0;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (unsigned long long)st.st_size > max)
		return NULL;
	buf = xmalloc(max + 1);
	for (;;) {
		ssize_t r = read(fd, buf + n, max + 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (r > 0 && (n += (size_t)r) > max)) {
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
	}
	*len = n;
	return buf;
}

void autorun_glob(const char *pattern, void (*each)(void *arg, const char *path), void *arg)
{
	const char *slash = strrchr(pattern, '/');
	cleanup_free char *dir = NULL;
	struct dirent *de;
	DIR *d;

	if (!slash || memchr(pattern, '*', (size_t)(slash - pattern)) ||
	    memchr(pattern, '?', (size_t)(slash - pattern)) ||
	    memchr(pattern, '[', (size_t)(slash - pattern)))
		return;
	dir = xasprintf("%.*s", (int)(slash - pattern), pattern);
	d = dir_stream(open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
	if (!d)
		return;
	for (size_t n = 0; n < AUTORUN_GLOB_NAMES && (de = readdir(d)) != NULL; n++) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    fnmatch(slash + 1, de->d_name, FNM_PERIOD) != 0)
			continue;
		cleanup_free char *path = xasprintf("%s/%s", dir, de->d_name);

		each(arg, path);
	}
	closedir(d);
}
