/* backup_inherited.c - the descriptors the command inherits from fsjail's
 * caller (backup_inherited.h). */
#ifdef __linux__
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_inherited.h"

/* backup_inherited_repo_writer() */
static bool repo_writer;

/* Whether path's last name is one a repository walk reads for where a
 * repository is (as notify-repo.c shape_watched(), for files). */
static bool repo_name(const char *path)
{
	static const char *const names[] = { ".git", "HEAD", "commondir", "gitdir" };
	const char *base = strrchr(path, '/') + 1;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(base, names[i]) == 0)
			return true;
	return false;
}

bool backup_inherited_repo_writer(void)
{
	return repo_writer;
}

/* Save the file behind descriptor fd when the command could change it
 * through fd: an open regular file, writable (not O_RDONLY, not O_PATH),
 * that still has a name. Returns 0 (saved, or nothing to save) or -1 with
 * err set. */
static int save_one(struct backup_cycle *bc, const char *ws, int fd, struct fsj_error *err)
{
	char proc[40], path[PATH_MAX];
	struct stat sb;
	ssize_t n;
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY)
		return 0;
#ifdef O_PATH
	if (fl & O_PATH)
		return 0;
#endif
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_nlink == 0)
		return 0; /* a pipe, terminal, socket, or an unlinked file */
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, path, sizeof(path) - 1);
	if (n <= 0 || (size_t)n >= sizeof(path) - 1 || path[0] != '/')
		return fsj_error_set(err, NULL, 0, 0,
				     "cannot tell which file inherited descriptor %d writes "
				     "(its backup could not be kept): close it or open it read-only",
				     fd);
	path[n] = '\0';
	if (repo_name(path))
		repo_writer = true;
	n = (ssize_t)strlen(ws);
	if (strncmp(path, ws, (size_t)n) != 0 || (path[n] != '/' && !(n == 1 && ws[0] == '/')))
		return 0; /* the caller's own file outside the workspace (a log) */
	if (backup_before_change(bc, -1, "", fd, path, BACKUP_CHANGE_CONTENT, "inherited", err) < 0)
		return -1;
	return 0;
}

int backup_inherited_fds(struct backup_cycle *bc, const char *workspace, struct fsj_error *err)
{
	DIR *d;
	struct dirent *de;
	int rc = 0;

	if (!bc || !workspace || workspace[0] != '/')
		return 0;
	d = opendir("/proc/self/fd");
	if (!d)
		return fsj_error_set(err, NULL, 0, 0,
				     "cannot list inherited descriptors in /proc/self/fd: %s",
				     strerror(errno));
	while (rc == 0 && (de = readdir(d)) != NULL) {
		char *end;
		long fd = strtol(de->d_name, &end, 10);
		int fdfl;

		if (*end != '\0' || end == de->d_name || fd < 0 || fd > INT_MAX || fd == dirfd(d))
			continue;
		fdfl = fcntl((int)fd, F_GETFD);
		/* fsjail's own descriptors are close-on-exec and never
		 * reach the command (launch_sweep_fds()) */
		if (fdfl < 0 || (fd > STDERR_FILENO && (fdfl & FD_CLOEXEC)))
			continue;
		rc = save_one(bc, workspace, (int)fd, err);
	}
	closedir(d);
	return rc;
}
#else
#include "backup_inherited.h"

bool backup_inherited_repo_writer(void)
{
	return false;
}
#endif /* __linux__ */
