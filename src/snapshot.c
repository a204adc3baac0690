/* snapshot.c - the snapshot method's walk and its staging copies (see
 * snapshot.h). Every folder is opened with O_NOFOLLOW|O_DIRECTORY and
 * read with *at() calls; a file is opened with O_NOFOLLOW|O_NONBLOCK and
 * checked to be the regular file the walk saw, so a symlink or a FIFO is
 * never followed nor waited on. Clones: ioctl_ficlone(2) (Linux Btrfs,
 * XFS, bcachefs), clonefile(2) (macOS APFS, fclonefileat since 10.12). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/fs.h>
#endif
#ifdef __APPLE__
#include <sys/clonefile.h>
#endif

#include "backup_copy.h"
#include "path.h"
#include "snapshot-int.h"

/* Deepest folder nesting walked: PATH_MAX/2 components is the most a
 * path can hold; deeper is refused (fail closed), never a stack overflow. */
#define SNAP_MAX_DEPTH (PATH_MAX / 2)

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void snap_name(char *buf, size_t size, const struct snap_ent *e)
{
	char kind = S_ISDIR(e->sb.st_mode) ? 'd' : S_ISLNK(e->sb.st_mode) ? 'l' : 'f';

	snprintf(buf, size, "%c%ld", kind, e->saved);
}

void snap_list_release(struct snap_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].path);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static size_t list_add(struct snap_list *l, char *path, size_t parent, const struct stat *sb)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 256;
		l->v = xreallocarray(l->v, l->cap, sizeof(*l->v));
	}
	l->v[l->n] = (struct snap_ent){ path, parent, *sb, -1, SNAP_NONE, false, false };
	return l->n++;
}

/* Owner (as root) and times of the staging entry name: those of sb. */
static void copy_meta_at(int stagefd, const char *name, const struct stat *sb)
{
	struct timespec ts[2] = { FSJ_STAT_ATIM(sb), FSJ_STAT_MTIM(sb) };

	/* best effort: a record with the staging entry's owner or times
	 * still restores the content */
	if (geteuid() == 0 &&
	    fchownat(stagefd, name, sb->st_uid, sb->st_gid, AT_SYMLINK_NOFOLLOW) < 0)
		warn("snapshot: cannot set the owner of its copy '%s': %s", name, strerror(errno));
	if (utimensat(stagefd, name, ts, AT_SYMLINK_NOFOLLOW) < 0)
		warn("snapshot: cannot set the times of its copy '%s': %s", name, strerror(errno));
}

/* Clone the regular file src into a new staging entry name. 0 when
 * cloned, -1 with errno set when not (ENOTSUP-like: no clones here). */
static int clone_into(int src, int stagefd, const char *name)
{
#if defined(__APPLE__)
	return fclonefileat(src, stagefd, name, CLONE_NOFOLLOW);
#elif defined(__linux__) && defined(FICLONE)
	int dst = openat(stagefd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int saved;

	if (dst < 0)
		return -1;
	if (ioctl(dst, FICLONE, src) == 0)
		return close(dst);
	saved = errno;
	close(dst);
	(void)unlinkat(stagefd, name, 0);
	errno = saved;
	return -1;
#else
	(void)src;
	(void)stagefd;
	(void)name;
	errno = ENOTSUP;
	return -1;
#endif
}

/* A copy of the regular file src (sb) as the staging entry name. */
static int copy_into(int src, int stagefd, const char *name, const struct stat *sb)
{
	int dst = openat(stagefd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	off_t got;
	int saved;

	if (dst < 0)
		return -1;
	got = backup_copy_fd(src, dst, sb->st_size);
	if (got >= 0 && got == sb->st_size) {
		(void)backup_copy_xattrs(src, dst, NULL); /* as much as the copy can keep */
		return close(dst);
	}
	saved = got < 0 ? errno : EIO; /* changed while read: refuse */
	close(dst);
	(void)unlinkat(stagefd, name, 0);
	errno = saved;
	return -1;
}

/* Save the regular file name in dirfd (entry e, as lstat saw it): the
 * staging entry of an earlier name of the same file (a hard link), else
 * a clone, else a copy under the cap, else nothing (not_kept). */
static int save_file(struct snapshot *s, struct snap_list *l, size_t i, int dirfd, const char *name,
		     struct snapshot_cost *cost)
{
	struct snap_ent *e = &l->v[i];
	char sname[32];
	struct stat sb;
	cleanup_fd int src = -1;

	if (e->sb.st_nlink > 1)
		for (size_t j = 0; j < i; j++)
			if (l->v[j].saved >= 0 && S_ISREG(l->v[j].sb.st_mode) &&
			    l->v[j].sb.st_dev == e->sb.st_dev &&
			    l->v[j].sb.st_ino == e->sb.st_ino) {
				e->saved = l->v[j].saved;
				return 0;
			}
	src = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (src < 0 && errno == EACCES) {
		/* a file its owner cannot read (mode 0): the command cannot
		 * either without a chmod first; said, not kept */
		fprintf(stderr, "fsjail: snapshot: cannot read '%s': %s (not kept)\n", e->path,
			strerror(errno));
		cost->not_kept++;
		return 0;
	}
	if (src < 0 || fstat(src, &sb) < 0)
		return -1;
	if (!S_ISREG(sb.st_mode) || sb.st_dev != e->sb.st_dev || sb.st_ino != e->sb.st_ino) {
		errno = ESTALE; /* replaced while walked */
		return -1;
	}
	e->sb = sb;
	e->saved = s->next++;
	snap_name(sname, sizeof(sname), e);
	if (!s->no_clone && clone_into(src, s->stagefd, sname) == 0) {
		cost->cloned++;
	} else {
		if (!s->no_clone && (errno == ENOTSUP || errno == EOPNOTSUPP || errno == EXDEV ||
				     errno == ENOTTY || errno == ENOSYS || errno == EINVAL))
			s->no_clone = true; /* this filesystem (or pair) has none */
		if (s->max_size && (unsigned long long)sb.st_size > s->max_size) {
			e->saved = -1;
			cost->not_kept++;
			return 0;
		}
		if (copy_into(src, s->stagefd, sname, &sb) < 0)
			return -1;
		cost->copied++;
		cost->bytes_copied += (unsigned long long)sb.st_size;
	}
	/* the mode and times restore puts back are read from the staging
	 * entry (backup_before_change() records its stat) */
	if (fchmodat(s->stagefd, sname, sb.st_mode & 07777, 0) < 0)
		return -1;
	copy_meta_at(s->stagefd, sname, &sb);
	return 0;
}

/* A folder's or symlink's staging entry: its mode (owner bits added, so
 * the staging folder can be removed), owner and times; a symlink's target. */
static int save_other(struct snapshot *s, struct snap_ent *e, int dirfd, const char *name)
{
	char sname[32], target[PATH_MAX];
	ssize_t n;

	e->saved = s->next++;
	snap_name(sname, sizeof(sname), e);
	if (S_ISDIR(e->sb.st_mode)) {
		if (mkdirat(s->stagefd, sname, 0700) < 0 ||
		    fchmodat(s->stagefd, sname, (e->sb.st_mode & 07777) | 0700, 0) < 0)
			return -1;
	} else {
		n = readlinkat(dirfd, name, target, sizeof(target) - 1);
		if (n < 0)
			return -1;
		target[n] = '\0';
		if (symlinkat(target, s->stagefd, sname) < 0)
			return -1;
	}
	copy_meta_at(s->stagefd, sname, &e->sb);
	return 0;
}

static bool skipped_path(const struct snapshot *s, const char *path)
{
	return s->o.state_dir && path_covers(s->o.state_dir, path);
}

/* Walk the folder dirfd (entry di of l) into l; see snap_walk(). */
static int walk_dir(struct snapshot *s, struct snap_list *l, int dirfd, size_t di, dev_t dev,
		    unsigned depth, bool take, struct snapshot_cost *cost, struct fsj_error *err)
{
	DIR *d;
	struct dirent *de;
	int fd = dup(dirfd), rc = 0;

	if (depth > SNAP_MAX_DEPTH)
		return fsj_error_set(err, NULL, 0, 0, "snapshot: '%s' is nested too deep",
				     l->v[di].path);
	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return fsj_error_set(err, NULL, 0, 0, "snapshot: cannot read '%s': %s",
				     l->v[di].path, strerror(errno));
	}
	while (rc == 0 && (errno = 0, de = readdir(d))) {
		const char *name = de->d_name;
		struct stat sb;
		char *path;
		size_t i;

		if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			continue;
		if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno == ENOENT)
				continue; /* gone while walked */
			rc = fsj_error_set(err, NULL, 0, 0, "snapshot: cannot stat '%s/%s': %s",
					   l->v[di].path, name, strerror(errno));
			break;
		}
		if (sb.st_dev != dev && S_ISDIR(sb.st_mode) && take)
			warn("snapshot: '%s/%s' is another filesystem, not walked: what the run "
			     "changes there is not kept",
			     l->v[di].path, name);
		if (sb.st_dev != dev ||
		    !(S_ISREG(sb.st_mode) || S_ISDIR(sb.st_mode) || S_ISLNK(sb.st_mode)))
			continue; /* another mount; a FIFO, socket or device */
		path = xasprintf("%s/%s", l->v[di].path, name);
		if (skipped_path(s, path)) {
			free(path);
			continue;
		}
		i = list_add(l, path, di, &sb);
		/* a folder, file or symlink born after the snapshot is new,
		 * whatever inode number it got (t0213: rm -rf gone; mkdir new) */
		if (!take)
			l->v[i].fresh = backup_born_after(dirfd, name, &s->start);
		if (S_ISDIR(sb.st_mode)) {
			cleanup_fd int sub = openat(
				dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			cost->folders++;
			if (sub < 0 || (take && save_other(s, &l->v[i], dirfd, name) < 0)) {
				rc = fsj_error_set(err, NULL, 0, 0,
						   "snapshot: cannot open '%s': %s", path,
						   strerror(errno));
				break;
			}
			rc = walk_dir(s, l, sub, i, dev, depth + 1, take, cost, err);
		} else if (S_ISREG(sb.st_mode)) {
			cost->files++;
			if (take && save_file(s, l, i, dirfd, name, cost) < 0)
				rc = fsj_error_set(err, NULL, 0, 0,
						   "snapshot: cannot save '%s': %s", path,
						   strerror(errno));
		} else {
			cost->links++;
			if (take && save_other(s, &l->v[i], dirfd, name) < 0)
				rc = fsj_error_set(err, NULL, 0, 0,
						   "snapshot: cannot save '%s': %s", path,
						   strerror(errno));
		}
	}
	if (rc == 0 && errno != 0)
		rc = fsj_error_set(err, NULL, 0, 0, "snapshot: cannot read '%s': %s", l->v[di].path,
				   strerror(errno));
	closedir(d);
	return rc;
}

int snap_walk(struct snapshot *s, struct snap_list *list, bool take, struct snapshot_cost *cost,
	      struct fsj_error *err)
{
	for (size_t a = 0; a < s->o.n_areas; a++) {
		cleanup_fd int fd =
			open(s->areas[a], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		struct stat sb;
		size_t i;

		if (fd < 0 && !take && (errno == ENOENT || errno == ENOTDIR || errno == ELOOP))
			continue; /* the area itself went: everything in it is gone */
		if (fd < 0 || fstat(fd, &sb) < 0)
			return fsj_error_set(err, NULL, 0, 0, "snapshot: cannot open '%s': %s",
					     s->areas[a], strerror(errno));
		i = list_add(list, xstrdup(s->areas[a]), SNAP_NONE, &sb);
		if (take && save_other(s, &list->v[i], -1, NULL) < 0)
			return fsj_error_set(err, NULL, 0, 0, "snapshot: cannot save '%s': %s",
					     s->areas[a], strerror(errno));
		if (walk_dir(s, list, fd, i, sb.st_dev, 0, take, cost, err) < 0)
			return -1;
	}
	return 0;
}

/* Open (making it 0700 when missing) the folder name in dirfd, never
 * following a symlink; it must be ours. */
static int own_subdir(int dirfd, const char *name, bool must_be_new)
{
	struct stat sb;
	int fd;

	if (mkdirat(dirfd, name, 0700) < 0 && (must_be_new || errno != EEXIST))
		return -1;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, &sb) < 0 || sb.st_uid != geteuid())) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

void snap_remove_staging(struct snapshot *s)
{
	DIR *d;
	struct dirent *de;
	int fd;

	if (s->stagefd < 0)
		return;
	fd = dup(s->stagefd);
	if (fd >= 0 && (d = fdopendir(fd))) {
		while ((de = readdir(d)))
			if (de->d_name[0] != '.')
				(void)unlinkat(s->stagefd, de->d_name,
					       de->d_name[0] == 'd' ? AT_REMOVEDIR : 0);
		closedir(d);
	} else if (fd >= 0) {
		close(fd);
	}
	if (unlinkat(s->sessfd, s->staging_name, AT_REMOVEDIR) < 0)
		warn("snapshot: cannot remove its staging folder '%s': %s", s->staging_name,
		     strerror(errno));
	close(s->stagefd);
	s->stagefd = -1;
}

struct snapshot *snapshot_take(const struct snapshot_opts *o, struct snapshot_cost *cost,
			       struct fsj_error *err)
{
	struct snapshot *s = xcalloc(1, sizeof(*s));
	double t0 = now_seconds();
	int fd, next;

	memset(cost, 0, sizeof(*cost));
#ifdef CLOCK_REALTIME_COARSE
	clock_gettime(CLOCK_REALTIME_COARSE, &s->start); /* the clock of file times */
#else
	clock_gettime(CLOCK_REALTIME, &s->start);
#endif
	s->o = *o;
	s->areas = xcalloc(o->n_areas + 1, sizeof(char *));
	for (size_t i = 0; i < o->n_areas; i++)
		s->areas[i] = xstrdup(o->areas[i]);
	s->o.areas = s->areas;
	s->state_dir = xstrdup(o->state_dir);
	s->o.state_dir = s->state_dir;
	s->max_size = o->max_size;
	s->sessfd = s->stagefd = -1;
	s->staging_name = xasprintf(".snapshot-%s", o->cycle);
	fd = open(o->state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	next = fd >= 0 ? own_subdir(fd, "sessions", false) : -1;
	if (fd >= 0)
		close(fd);
	s->sessfd = next >= 0 ? own_subdir(next, o->session, false) : -1;
	if (next >= 0)
		close(next);
	if (s->sessfd >= 0)
		s->stagefd = own_subdir(s->sessfd, s->staging_name, true);
	if (s->stagefd < 0) {
		fsj_error_set(err, NULL, 0, 0, "snapshot: cannot make its folder in '%s': %s",
			      o->state_dir, strerror(errno));
		snapshot_free(s);
		return NULL;
	}
	if (snap_walk(s, &s->before, true, cost, err) < 0) {
		snapshot_free(s);
		return NULL;
	}
	cost->seconds = now_seconds() - t0;
	return s;
}

char *snapshot_cost_text(const struct snapshot_cost *c)
{
	return xasprintf("snapshot: %lu files, %lu folders, %lu symlinks; %lu cloned, %lu copied "
			 "(%.1f MiB), %lu not kept (over backup.max_size_mb); %.3f s",
			 c->files, c->folders, c->links, c->cloned, c->copied,
			 (double)c->bytes_copied / (1024.0 * 1024.0), c->not_kept, c->seconds);
}

void snapshot_free(struct snapshot *s)
{
	if (!s)
		return;
	snap_remove_staging(s);
	if (s->sessfd >= 0)
		close(s->sessfd);
	snap_list_release(&s->before);
	for (size_t i = 0; s->areas && s->areas[i]; i++)
		free(s->areas[i]);
	free(s->areas);
	free(s->state_dir);
	free(s->staging_name);
	free(s);
}
