/* repometa-find.c - where git finds a repository (repometa-find.h; moved
 * out of repometa.c by responsibility): a folder shaped as a gitdir, and
 * the top of the work tree holding a folder. */

#include "repometa-int.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "util.h"

/* setup.c validate_headref(): a symbolic link into refs/, or a file
 * starting "ref:" then blanks then "refs/", or an object id in hex. Only
 * a regular file is read, opened without waiting: a command made HEAD a
 * FIFO in a folder shaped as a gitdir and the scan at the end of its
 * run, and at the start of every later one, hung in open(2) (att11). */
static bool head_valid(const char *head)
{
	char buf[256];
	struct stat st;
	ssize_t n;
	int fd;
	const char *p = buf;
	size_t hex = 0;

	if (lstat(head, &st) < 0)
		return false;
	if (S_ISLNK(st.st_mode)) {
		n = readlink(head, buf, sizeof(buf) - 1);
		return n >= 5 && strncmp(buf, "refs/", 5) == 0;
	}
	if (!S_ISREG(st.st_mode))
		return false;
	fd = open(head, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return false;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return false;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return false;
	buf[n] = '\0';
	if (strncmp(buf, "ref:", 4) == 0) {
		for (p = buf + 4; isspace((unsigned char)*p); p++)
			;
		return strncmp(p, "refs/", 5) == 0;
	}
	while (isxdigit((unsigned char)buf[hex]))
		hex++;
	/* get_oid_hex_any(): a SHA-1 or SHA-256 id, then anything */
	return hex >= 40;
}

bool repometa_is_gitdir(const char *dir)
{
	static const char *const need[] = { "objects", "refs" };
	cleanup_free char *head = path_join(dir, "HEAD"), *cdfile = path_join(dir, "commondir");
	cleanup_free char *cd = NULL, *common = NULL;

	if (!head_valid(head))
		return false;
	/* get_common_dir(): objects/ and refs/ of the common dir */
	cd = repometa_git_file(cdfile, "");
	common = cd ? repometa_abs(cd, dir, NULL) : xstrdup(dir);
	for (size_t i = 0; i < 2; i++) {
		cleanup_free char *p = common ? path_join(common, need[i]) : NULL;

		/* access(X_OK), as git: an executable file will do */
		if (!p || access(p, X_OK) < 0)
			return false;
	}
	return true;
}

char *repometa_find_top(const char *dir, const char *home)
{
	cleanup_free char *cur = xstrdup(dir);
	cleanup_free char *stop = home ? path_dirname(home) : NULL;
	struct stat st;
	dev_t dev;

	if (dir[0] != '/' || stat(dir, &st) < 0)
		return NULL;
	dev = st.st_dev;
	for (;;) {
		cleanup_free char *dotgit = path_join(cur, ".git");
		char *up;

		if (stop && strcmp(cur, stop) == 0)
			return NULL;
		if (lstat(dotgit, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
			return steal_pointer(&cur);
		if (strcmp(cur, "/") == 0)
			return NULL;
		up = path_dirname(cur);
		if (stat(up, &st) < 0 || st.st_dev != dev) {
			free(up);
			return NULL;
		}
		free(cur);
		cur = up;
	}
}
