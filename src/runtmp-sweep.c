/* runtmp-sweep.c - the runs' private folders (runtmp-sweep.h): each made
 * under a fresh name, and swept once its run is gone. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_store.h"
#include "runtmp-sweep.h"
#include "util.h"

#define MAKE_TRIES 16

#ifdef __linux__
/* The pid in name (prefix PID . XXXXXX) when it is of that form, else 0. */
static long name_pid(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	char *end;
	long pid;

	if (strncmp(name, prefix, n) != 0 || !isdigit((unsigned char)name[n]))
		return 0;
	errno = 0;
	pid = strtol(name + n, &end, 10);
	return errno || pid <= 0 || *end != '.' || strlen(end + 1) != 6 ? 0 : pid;
}

void runtmp_sweep(int dir, const char *prefix)
{
	int fd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	struct stat st;
	long pid;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((e = readdir(d)))
		if ((pid = name_pid(e->d_name, prefix)) > 0 && pid != (long)getpid() &&
		    fstatat(dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
		    kill((pid_t)pid, 0) < 0 && errno == ESRCH)
			(void)backup_store_remove_tree(dir, e->d_name, RUNTMP_DEPTH_MAX);
	closedir(d);
}

int runtmp_parent_open(int tmp, const char *name, bool *made)
{
	struct stat st;
	int fd;

	*made = mkdirat(tmp, name, 0700) == 0;
	fd = openat(tmp, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, &st) < 0 || st.st_uid != geteuid() || (st.st_mode & 077))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

char *runtmp_make_in(int dir, const char *prefix)
{
	for (int i = 0; i < MAKE_TRIES; i++) {
		cleanup_free char *rnd = random_hex(3);
		char *name = xasprintf("%s%ld.%s", prefix, (long)getpid(), rnd);

		if (mkdirat(dir, name, 0700) == 0)
			return name;
		free(name);
		if (errno != EEXIST)
			return NULL;
	}
	errno = EEXIST;
	return NULL;
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int runtmp_sweep_not_this_system;
#endif
