/* runtmp.c - the run's private folder (runtmp.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_store.h"
#include "runtmp.h"
#include "util.h"

#define PREFIX "fsjail-run."
#define DEPTH_MAX 16 /* folders below it removed: tmux-UID/NAME and more */

#ifdef __linux__
/* The pid in name (PREFIX PID . XXXXXX) when it is of that form, else 0. */
static long name_pid(const char *name)
{
	char *end;
	long pid;

	if (strncmp(name, PREFIX, sizeof(PREFIX) - 1) != 0)
		return 0;
	errno = 0;
	pid = strtol(name + sizeof(PREFIX) - 1, &end, 10);
	return errno || pid <= 0 || *end != '.' || strlen(end + 1) != 6 ? 0 : pid;
}

/* Remove the folders of runs that are gone from tmp (a descriptor of
 * /tmp): ours (owner), named with a pid no process has. A pid reused
 * since keeps its folder until a later run. */
static void sweep(int tmp)
{
	int fd = openat(tmp, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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
		if ((pid = name_pid(e->d_name)) > 0 && pid != (long)getpid() &&
		    fstatat(tmp, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
		    kill((pid_t)pid, 0) < 0 && errno == ESRCH)
			(void)backup_store_remove_tree(tmp, e->d_name, DEPTH_MAX);
	closedir(d);
}
#endif

char *runtmp_make(void)
{
#ifdef __linux__
	char *dir = xasprintf("/tmp/" PREFIX "%ld.XXXXXX", (long)getpid());
	int tmp = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (tmp >= 0) {
		sweep(tmp);
		close(tmp);
	}
	if (!mkdtemp(dir) || setenv("TMUX_TMPDIR", dir, 1) < 0) {
		fprintf(stderr, "fsjail: warning: cannot make the run's private folder "
				"(TMUX_TMPDIR) in /tmp: %s\n", strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
#else
	return NULL;
#endif
}

void runtmp_remove(char *dir)
{
#ifdef __linux__
	const char *base = dir ? strrchr(dir, '/') : NULL;
	int fd;

	if (base && (fd = open("/tmp", O_PATH | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		(void)backup_store_remove_tree(fd, base + 1, DEPTH_MAX);
		close(fd);
	}
#endif
	free(dir);
}
