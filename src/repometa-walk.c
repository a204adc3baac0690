/* repometa-walk.c - the walk of the workspace that finds the git
 * repositories under it (repometa-int.h), and the same walk again after
 * the run, reading only the folders whose entries changed.
 *
 * A folder's entries changed since an earlier walk when its device, inode
 * or change time differ: adding, removing or renaming an entry sets the
 * folder's ctime, which no program can set back (utimensat(2) sets atime
 * and mtime only; see inode(7), "Last status change timestamp"). The
 * kernel stamps ctime from a coarse clock, so a change made just after a
 * walk read a folder can leave the same ctime; as git does for a "racily
 * clean" index entry (Documentation/technical/racy-git.adoc), a folder
 * whose ctime is not well before the earlier walk began is read again.
 * This is trusted only on local filesystems that keep ctime (ext2/3/4,
 * XFS, Btrfs, tmpfs), and only on the workspace's own device: elsewhere
 * (NFS caches attributes, another mount) every folder is read. */

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

#include "path.h"
#include "repometa-int.h"
#include "util.h"

/* How long before the earlier walk began a folder's ctime must be for its
 * entries to be taken as unchanged: above a second, because ext4 inodes of
 * 128 bytes and ext3 keep whole seconds only. */
#define RACY_SEC 2

/* How many of an earlier walk's subfolders are compared, by name, to find
 * one read again (readdir order of a folder is stable, so the next one
 * usually matches at once); past this the subfolder is read as new. */
#define CHILD_SCAN_MAX 256u

bool repometa_walk_trusted(const char *path)
{
#ifdef __linux__
	struct statfs sf;

	if (statfs(path, &sf) < 0)
		return false;
	switch ((unsigned long)sf.f_type) {
	case EXT4_SUPER_MAGIC: /* ext2, ext3 and ext4 share it */
	case XFS_SUPER_MAGIC:
	case BTRFS_SUPER_MAGIC:
	case TMPFS_MAGIC:
		return true;
	default:
		return false;
	}
#else
	(void)path;
	return false;
#endif
}

static size_t push(struct repometa *m, char *path, unsigned depth)
{
	if (m->n_dirs == m->cap_dirs) {
		m->cap_dirs = m->cap_dirs ? 2 * m->cap_dirs : 64;
		m->dirs = xreallocarray(m->dirs, m->cap_dirs, sizeof(*m->dirs));
	}
	m->dirs[m->n_dirs] = (struct repometa_dir){ .path = path, .depth = depth,
						    .ctime_sec = -1, .ctime_nsec = -1 };
	return m->n_dirs++;
}

static void set_stat(struct repometa_dir *d, const struct stat *st)
{
	d->dev = (unsigned long long)st->st_dev;
	d->ino = (unsigned long long)st->st_ino;
#ifdef __APPLE__
	d->ctime_sec = (long long)st->st_ctimespec.tv_sec;
	d->ctime_nsec = (long long)st->st_ctimespec.tv_nsec;
#else
	d->ctime_sec = (long long)st->st_ctim.tv_sec;
	d->ctime_nsec = (long long)st->st_ctim.tv_nsec;
#endif
}

/* Whether prev's folder h, now looking like st, kept its entries. */
static bool unchanged(const struct repometa *prev, size_t h, const struct stat *st,
		      unsigned long long root_dev)
{
	const struct repometa_dir *p = &prev->dirs[h];
	struct repometa_dir now = { 0 };

	set_stat(&now, st);
	return now.dev == root_dev && p->ctime_sec >= 0 && now.dev == p->dev &&
	       now.ino == p->ino && now.ctime_sec == p->ctime_sec &&
	       now.ctime_nsec == p->ctime_nsec && p->ctime_sec + RACY_SEC < prev->walk_sec;
}

/* prev's subfolder of h named name, or SIZE_MAX; *cursor: where to look
 * first (just after the last match). */
static size_t find_child(const struct repometa *prev, size_t h, const char *name, size_t *cursor)
{
	const struct repometa_dir *p = &prev->dirs[h];
	size_t n = p->n_children < CHILD_SCAN_MAX ? p->n_children : CHILD_SCAN_MAX;

	for (size_t k = 0; k < n; k++) {
		size_t j = (*cursor + k) % p->n_children, c = p->first_child + j;
		const char *base = strrchr(prev->dirs[c].path, '/');

		if (base && strcmp(base + 1, name) == 0) {
			*cursor = j + 1;
			return c;
		}
	}
	return SIZE_MAX;
}

/* Folder i, unchanged since prev's folder h: its .git again, its
 * subfolders from prev. */
static void reuse(struct repometa *m, size_t i, const struct repometa *prev, size_t h,
		  const char *home, size_t **hint)
{
	const struct repometa_dir *p = &prev->dirs[h];

	m->dirs[i].entries = p->entries;
	m->dirs[i].deep = p->deep;
	m->depth_hit |= p->deep;
	m->entries += p->entries;
	if (m->entries > REPOMETA_MAX_ENTRIES) {
		m->budget_hit = true;
		return;
	}
	if (p->dotgit)
		m->dirs[i].dotgit = repometa_visit_dotgit(m, m->dirs[i].path, home);
	m->dirs[i].first_child = m->n_dirs;
	for (size_t k = 0; k < p->n_children; k++) {
		size_t c = p->first_child + k, j = push(m, xstrdup(prev->dirs[c].path),
							m->dirs[i].depth + 1);

		*hint = xreallocarray(*hint, m->cap_dirs, sizeof(**hint));
		(*hint)[j] = c;
	}
	m->dirs[i].n_children = p->n_children;
}

/* Folder i, read: its .git, and every subfolder queued. */
static void read_dir(struct repometa *m, size_t i, const struct repometa *prev, size_t h,
		     const char *home, size_t **hint)
{
	const char *dir = m->dirs[i].path;
	size_t cursor = 0;
	struct dirent *e;
	struct stat st;
	DIR *d;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return;
	}
	/* before the entries are read: a change while they are makes a
	 * newer ctime than the one kept */
	if (fstat(fd, &st) == 0)
		set_stat(&m->dirs[i], &st);
	m->dirs[i].dotgit = repometa_visit_dotgit(m, dir, home);
	m->dirs[i].first_child = m->n_dirs;
	while ((e = readdir(d))) {
		size_t j;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, ".git") == 0)
			continue;
		m->dirs[i].entries++;
		if (++m->entries > REPOMETA_MAX_ENTRIES) {
			m->budget_hit = true;
			break;
		}
		if (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN)
			continue;
		if (e->d_type == DT_UNKNOWN &&
		    (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		     !S_ISDIR(st.st_mode)))
			continue;
		if (m->dirs[i].depth + 1 > REPOMETA_MAX_DEPTH) {
			m->depth_hit = m->dirs[i].deep = true;
			continue;
		}
		j = push(m, path_join(m->dirs[i].path, e->d_name), m->dirs[i].depth + 1);
		*hint = xreallocarray(*hint, m->cap_dirs, sizeof(**hint));
		(*hint)[j] = h == SIZE_MAX ? SIZE_MAX : find_child(prev, h, e->d_name, &cursor);
	}
	m->dirs[i].n_children = m->n_dirs - m->dirs[i].first_child;
	closedir(d);
}

/* Breadth first, so that when the budget runs out the shallow folders,
 * where repositories usually are, have been seen. Symlinks are not
 * followed (a repository reached through one lies outside anyway, or is
 * found under its real path). */
void repometa_walk(struct repometa *m, const char *workspace, const char *home,
		   const struct repometa *prev)
{
	unsigned long long root_dev = 0;
	size_t *hint = xreallocarray(NULL, 1, sizeof(*hint));
	struct timespec now;
	struct stat st;

	if (clock_gettime(CLOCK_REALTIME, &now) == 0) {
		m->walk_sec = (long long)now.tv_sec;
		m->walk_nsec = (long long)now.tv_nsec;
	}
	/* an earlier walk that stopped early, or of another folder, or on a
	 * filesystem whose ctime is not to be trusted, is not used */
	if (prev && (prev->budget_hit || prev->n_dirs == 0 ||
		     strcmp(prev->dirs[0].path, workspace) != 0 || lstat(workspace, &st) < 0 ||
		     !repometa_walk_trusted(workspace)))
		prev = NULL;
	if (prev)
		root_dev = (unsigned long long)st.st_dev;
	hint[push(m, xstrdup(workspace), 0)] = prev ? 0 : SIZE_MAX;
	for (size_t i = 0; i < m->n_dirs && !m->budget_hit; i++) {
		size_t h = hint[i];

		if (h != SIZE_MAX && lstat(m->dirs[i].path, &st) == 0 && S_ISDIR(st.st_mode) &&
		    unchanged(prev, h, &st, root_dev)) {
			set_stat(&m->dirs[i], &st);
			reuse(m, i, prev, h, home, &hint);
		} else {
			read_dir(m, i, prev, h, home, &hint);
		}
	}
	free(hint);
}
