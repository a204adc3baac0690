/* gitlink.c - no symbolic link, FIFO or socket in a gitdir (gitlink.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gitlink.h"

#ifndef O_PATH
#define O_PATH O_RDONLY /* macOS: the broker's folders, readable there */
#endif

#define TREE_MAX_DEPTH 64
#define TREE_MAX_ENTRIES 100000L

bool gitlink_type(mode_t type)
{
	return type == S_IFLNK || type == S_IFIFO || type == S_IFSOCK;
}

static bool has(int dir, const char *name)
{
	struct stat st;

	return fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* A name there that is not a folder. git reads HEAD and commondir as
 * files (setup.c validate_headref(), get_common_dir_noenv()): a folder
 * so named makes no gitdir, and npm installs the package "commondir"
 * as node_modules/commondir/ next to node_modules/.bin's links (nyc,
 * find-cache-dir). Turning it into a file takes a create, checked then. */
static bool has_file(int dir, const char *name)
{
	struct stat st;

	return fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(st.st_mode);
}

/* What a folder holds that makes it a gitdir, or one on its way. */
static bool gitdir_content(int dir)
{
	return has_file(dir, "HEAD") || has_file(dir, "commondir") ||
	       (has(dir, "objects") && has(dir, "refs"));
}

bool gitlink_gitdir_able(int dir, const char *name, size_t len)
{
	return (len >= 4 && memcmp(name + len - 4, ".git", 4) == 0) || gitdir_content(dir);
}

bool gitlink_probe_name(const char *name)
{
	if (name[0] != 't' || strlen(name) != 7)
		return false;
	for (int i = 1; i < 7; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
		      (name[i] >= '0' && name[i] <= '9')))
			return false;
	return true;
}

/* A folder above the name: .git by name, else by content only. A work
 * tree checked out in a folder called NAME.git keeps its links; a bare
 * NAME.git holds HEAD. */
static bool ancestor_gitdir(int dir, const char *name, size_t len)
{
	return (len == 4 && memcmp(name, ".git", 4) == 0) || gitdir_content(dir);
}

/* The last component of path[0..*end) as [*s, *s + *n); *end moves to
 * the slash before it. false at "/" (nothing left). */
static bool last_comp(const char *path, size_t *end, const char **s, size_t *n)
{
	size_t e = *end, b;

	while (e > 0 && path[e - 1] == '/')
		e--;
	if (e == 0)
		return false;
	b = e;
	while (b > 0 && path[b - 1] != '/')
		b--;
	*s = path + b;
	*n = e - b;
	*end = b;
	return true;
}

int gitlink_in_gitdir(int dir, const char *dirpath)
{
	char name[NAME_MAX + 1];
	struct stat child, held;
	size_t end;
	const char *s;
	size_t n;
	int fd, up, rc = 0;

	if (!dirpath || dirpath[0] != '/')
		return -1;
	end = strlen(dirpath);
	fd = fcntl(dir, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	for (;;) {
		if (!last_comp(dirpath, &end, &s, &n)) /* fd is / */
			break;
		if (n > NAME_MAX) {
			rc = -1;
			break;
		}
		if (ancestor_gitdir(fd, s, n)) {
			rc = 1;
			break;
		}
		/* one step up, checked to hold the folder by its name */
		up = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
		memcpy(name, s, n);
		name[n] = '\0';
		if (up < 0 || fstat(fd, &child) < 0 ||
		    fstatat(up, name, &held, AT_SYMLINK_NOFOLLOW) < 0 ||
		    held.st_dev != child.st_dev || held.st_ino != child.st_ino) {
			if (up >= 0)
				close(up);
			rc = -1;
			break;
		}
		close(fd);
		fd = up;
	}
	close(fd);
	return rc;
}

/* gitlink_tree_special() for the open folder dir (owned, closed here). */
static int walk(int dir, int depth, long *left)
{
	struct dirent *e;
	struct stat st;
	DIR *d;
	int rc = 0;

	if (depth > TREE_MAX_DEPTH) {
		close(dir);
		return -1;
	}
	d = fdopendir(dir);
	if (!d) {
		close(dir);
		return -1;
	}
	while (rc == 0 && (errno = 0, e = readdir(d)) != NULL) {
		mode_t type;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (--*left < 0) {
			rc = -1;
			break;
		}
		type = e->d_type == DT_UNKNOWN ? 0 : DTTOIF(e->d_type);
		if (!type) {
			if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
				rc = -1;
				break;
			}
			type = st.st_mode & S_IFMT;
		}
		if (gitlink_type(type)) {
			rc = 1;
		} else if (type == S_IFDIR) {
			int sub = openat(dirfd(d), e->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			rc = sub < 0 ? -1 : walk(sub, depth + 1, left);
		}
	}
	if (rc == 0 && errno)
		rc = -1;
	closedir(d);
	return rc;
}

int gitlink_tree_special(int dir)
{
	long left = TREE_MAX_ENTRIES;
	int fd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	return fd < 0 ? -1 : walk(fd, 0, &left);
}
