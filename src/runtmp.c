/* runtmp.c - the run's private folder (runtmp.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_store.h"
#include "path.h"
#include "runtmp.h"
#include "util.h"

#define PREFIX "fsjail-run."
#define DEPTH_MAX 16 /* folders below it removed: tmux-UID/NAME and more */
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

/* Remove the folders of runs that are gone from dir (a descriptor of
 * /tmp or of the parent folder): ours (owner), named prefix PID.XXXXXX
 * with a pid no process has. A pid reused since keeps its folder until a
 * later run. */
static void sweep(int dir, const char *prefix)
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
			(void)backup_store_remove_tree(dir, e->d_name, DEPTH_MAX);
	closedir(d);
}

/* The parent folder name in tmp (/tmp/fsjail-run-UID) as a descriptor,
 * made when absent (*made true); -1 when it is not a folder of ours that
 * nobody else may enter (another user took the name first, or it was
 * changed). */
static int parent_open(int tmp, const char *name, bool *made)
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

/* Make prefix PID.XXXXXX (6 random hex digits) in dir, mode 0700: its
 * name (caller frees), or NULL with errno set. */
static char *make_in(int dir, const char *prefix)
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
#endif

char *runtmp_make(void)
{
#ifdef __linux__
	char pname[48], *name = NULL, *dir = NULL;
	int tmp = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC), pfd = -1, saved = errno;
	bool made = false;

	snprintf(pname, sizeof(pname), "fsjail-run-%lu", (unsigned long)geteuid());
	if (tmp >= 0) {
		/* Only the parent's few entries are looked at (perf23: /tmp
		 * may hold thousands); /tmp itself when the parent was just
		 * made (folders of an fsjail before it) or is not ours. */
		pfd = parent_open(tmp, pname, &made);
		if (pfd < 0 || made)
			sweep(tmp, PREFIX);
		if (pfd >= 0) {
			sweep(pfd, "");
			name = make_in(pfd, "");
			if (name)
				dir = xasprintf("/tmp/%s/%s", pname, name);
			close(pfd);
		}
		if (!name && (name = make_in(tmp, PREFIX)))
			dir = xasprintf("/tmp/%s", name);
		saved = errno;
		close(tmp);
	}
	free(name);
	if (!dir || setenv("TMUX_TMPDIR", dir, 1) < 0) {
		fprintf(stderr, "fsjail: warning: cannot make the run's private folder "
				"(TMUX_TMPDIR) in /tmp: %s\n", strerror(dir ? errno : saved));
		if (dir)
			runtmp_remove(dir);
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
	cleanup_free char *parent = base ? path_dirname(dir) : NULL;
	int fd;

	/* the parent as runtmp_make() took it: not through a symlink */
	if (parent && (fd = open(parent, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0) {
		(void)backup_store_remove_tree(fd, base + 1, DEPTH_MAX);
		close(fd);
	}
#endif
	free(dir);
}
