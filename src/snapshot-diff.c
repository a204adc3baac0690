/* snapshot-diff.c - the snapshot method after the run (snapshot.h): the
 * areas walked again and matched with the snapshot, and what changed
 * written into the backup cycle through backup.h.
 *
 * Matching: a folder, then a file or symlink, is the same object when it
 * has the same identity (st_dev, st_ino) and type; it stayed when it is
 * at its expected path (its folder's new place, then its name), else it
 * was renamed (to an unclaimed path of that identity), else it is gone.
 * A file stayed unchanged when size, mtime and ctime are equal; when only
 * the ctime moved (a chmod, a link, a rename, or a write whose times were
 * set back) the content decides, and a changed mode or owner alone gives
 * a "meta" record.
 *
 * The records are written in the order in which restore (restore.h),
 * undoing newest first, puts things back: first what it undoes last —
 * content and removed files under their old paths, then removed folders
 * (parents last) — then folders the run made at new paths, then the
 * renames (outermost first), then everything else the run made. So a
 * restore trashes the new files, moves renamed objects back, removes new
 * folders emptied by that, makes removed folders again (parents first)
 * and puts the saved content back in place. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "runevent.h"
#include "util.h"
#include "snapshot-int.h"

struct diff {
	struct snapshot *s;
	struct snap_list after;
	size_t *by_path;  /* after, sorted by path */
	size_t *by_ident; /* after, sorted by (dev, ino) */
	size_t *before_by_path;
	char **expect; /* per before entry: its expected path now */
	long recorded;
	int failed;
};

static struct snap_list *sort_list; /* qsort has no argument */

static int cmp_path(const void *a, const void *b)
{
	return strcmp(sort_list->v[*(const size_t *)a].path, sort_list->v[*(const size_t *)b].path);
}

static int cmp_ident(const void *a, const void *b)
{
	const struct stat *x = &sort_list->v[*(const size_t *)a].sb;
	const struct stat *y = &sort_list->v[*(const size_t *)b].sb;

	if (x->st_dev != y->st_dev)
		return x->st_dev < y->st_dev ? -1 : 1;
	if (x->st_ino != y->st_ino)
		return x->st_ino < y->st_ino ? -1 : 1;
	return 0;
}

static size_t *sorted(struct snap_list *l, int (*cmp)(const void *, const void *))
{
	size_t *v = xcalloc(l->n + 1, sizeof(size_t));

	for (size_t i = 0; i < l->n; i++)
		v[i] = i;
	sort_list = l;
	qsort(v, l->n, sizeof(size_t), cmp);
	return v;
}

/* The entry of l at path (idx: l sorted by path), or SNAP_NONE. */
static size_t find_path(const struct snap_list *l, const size_t *idx, const char *path)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(l->v[idx[mid]].path, path);

		if (c == 0)
			return idx[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SNAP_NONE;
}

static bool same_object(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       (a->st_mode & S_IFMT) == (b->st_mode & S_IFMT);
}

/* An unclaimed entry after the run with the identity and type of sb. */
static size_t find_ident(struct diff *d, const struct stat *sb)
{
	size_t lo = 0, hi = d->after.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct stat *m = &d->after.v[d->by_ident[mid]].sb;

		if (m->st_dev < sb->st_dev || (m->st_dev == sb->st_dev && m->st_ino < sb->st_ino))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < d->after.n; lo++) {
		struct snap_ent *e = &d->after.v[d->by_ident[lo]];

		if (e->sb.st_dev != sb->st_dev || e->sb.st_ino != sb->st_ino)
			break;
		/* a file born after the snapshot is new, whatever its number */
		if (!e->claimed && !e->fresh && same_object(&e->sb, sb))
			return d->by_ident[lo];
	}
	return SNAP_NONE;
}

static void claim(struct diff *d, size_t i, size_t j)
{
	d->s->before.v[i].loc = j;
	d->after.v[j].claimed = true;
}

/* Where before entry i is expected now: under its folder's new place. */
static char *expected(struct diff *d, size_t i)
{
	const struct snap_ent *e = &d->s->before.v[i], *p;

	if (e->parent == SNAP_NONE)
		return xstrdup(e->path);
	p = &d->s->before.v[e->parent];
	return xasprintf("%s/%s", p->loc != SNAP_NONE ? d->after.v[p->loc].path : p->path,
			 strrchr(e->path, '/') + 1);
}

/* Match every entry before the run with one after it (see the top). */
static void match(struct diff *d)
{
	struct snap_list *b = &d->s->before;

	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < b->n; i++) {
			struct snap_ent *e = &b->v[i];
			bool dir = S_ISDIR(e->sb.st_mode);
			size_t j;

			if ((pass == 0) != dir || (pass == 2 && e->loc != SNAP_NONE))
				continue;
			if (pass < 2) {
				d->expect[i] = expected(d, i);
				j = find_path(&d->after, d->by_path, d->expect[i]);
				if (j != SNAP_NONE && !d->after.v[j].claimed &&
				    same_object(&d->after.v[j].sb, &e->sb)) {
					claim(d, i, j);
					continue;
				}
				if (pass == 1)
					continue; /* renamed or gone: pass 2 */
			}
			j = find_ident(d, &e->sb);
			if (j != SNAP_NONE)
				claim(d, i, j);
		}
}

/* Seconds before the snapshot's start within which a file's times do not
 * show a change the run made in the same tick. */
#define SNAP_RACY_S 2

static bool same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* Open the regular file at the absolute path (no symlink followed). */
static int open_file(const char *path)
{
	char *dir = path_dirname(path);
	int dfd = dir ? open_dir_nosymlinks(dir) : -1, fd = -1;

	free(dir);
	if (dfd >= 0) {
		fd = openat(dfd, strrchr(path, '/') + 1,
			    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		close(dfd);
	}
	return fd;
}

/* true when the open files a and b hold the same bytes. */
static bool same_bytes(int a, int b)
{
	char x[16384], y[16384];
	off_t off = 0;
	ssize_t n, k;

	for (;;) {
		n = pread(a, x, sizeof(x), off);
		k = pread(b, y, sizeof(y), off);
		if (n != k || n < 0)
			return false;
		if (n == 0)
			return true;
		if (memcmp(x, y, (size_t)n) != 0)
			return false;
		off += n;
	}
}

enum change {
	CHANGE_SAME,
	CHANGE_META,
	CHANGE_CONTENT,
	CHANGE_GONE
};

/* What happened to the regular file before entry i (see the top). */
static enum change file_change(struct diff *d, size_t i, int stagefd_entry)
{
	const struct snap_ent *e = &d->s->before.v[i];
	const struct stat *a;
	struct stat live;
	int fd;
	bool same;

	if (e->loc == SNAP_NONE)
		return CHANGE_GONE;
	a = &d->after.v[e->loc].sb;
	if (a->st_size != e->sb.st_size || !same_time(&FSJ_STAT_MTIM(a), &FSJ_STAT_MTIM(&e->sb)))
		return CHANGE_CONTENT;
	/* racy: changed within SNAP_RACY_S of the snapshot, where a write
	 * in the same timestamp tick (1 s on ext4 with 128-byte inodes, 2 s
	 * on FAT) leaves all three equal: the content decides (git's "racy
	 * clean", read-cache.c) */
	if (same_time(&FSJ_STAT_CTIM(a), &FSJ_STAT_CTIM(&e->sb)) &&
	    (stagefd_entry < 0 || FSJ_STAT_CTIM(&e->sb).tv_sec + SNAP_RACY_S < d->s->start.tv_sec))
		return CHANGE_SAME;
	if (stagefd_entry < 0)
		return CHANGE_CONTENT; /* inconclusive, nothing to compare with: not kept */
	fd = open_file(d->after.v[e->loc].path);
	same = fd >= 0 && fstat(fd, &live) == 0 && same_object(&live, a) &&
	       same_bytes(fd, stagefd_entry);
	if (fd >= 0)
		close(fd);
	if (!same)
		return CHANGE_CONTENT;
	return (a->st_mode & 07777) != (e->sb.st_mode & 07777) || a->st_uid != e->sb.st_uid ||
			       a->st_gid != e->sb.st_gid
		       ? CHANGE_META
		       : CHANGE_SAME;
}

static void note_fail(struct diff *d, const struct fsj_error *err)
{
	warn("%s", err->text);
	d->failed++;
}

/* Open the staging folder of before entry i's folder (for the folder
 * mode in the record), or -1. */
static int parent_stage(struct diff *d, size_t i)
{
	const struct snap_ent *e = &d->s->before.v[i];
	char name[32];

	if (e->parent == SNAP_NONE || d->s->before.v[e->parent].saved < 0)
		return -1;
	snap_name(name, sizeof(name), &d->s->before.v[e->parent]);
	return openat(d->s->stagefd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* Content, removed files and symlinks, mode changes: under old paths. */
static void record_files(struct diff *d, struct backup_cycle *bc)
{
	struct snap_list *b = &d->s->before;

	for (size_t i = 0; i < b->n; i++) {
		struct snap_ent *e = &b->v[i];
		struct fsj_error err = { { 0 } };
		char name[32];
		cleanup_fd int fd = -1, pfd = -1;
		enum change c;
		bool link = S_ISLNK(e->sb.st_mode);

		if (S_ISDIR(e->sb.st_mode))
			continue;
		if (e->saved >= 0) {
			snap_name(name, sizeof(name), e);
#ifdef O_PATH
			fd = openat(d->s->stagefd, name,
				    (link ? O_PATH : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC);
#else
			fd = link ? -1
				  : openat(d->s->stagefd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
#endif
		}
		if (link) {
			c = e->loc == SNAP_NONE ? CHANGE_GONE : CHANGE_SAME;
		} else {
			c = file_change(d, i, fd);
		}
		if (c == CHANGE_SAME)
			continue;
		if (fd < 0) {
			fprintf(stderr,
				"fsjail: not kept: %s (no copy of it was taken before the run)\n",
				e->path);
			run_event("backup", e->path, "not kept: no copy taken before the run");
			continue;
		}
		pfd = parent_stage(d, i);
		/* a clone over the cap is kept by a link of the clone (a
		 * "remove" record: the cycle's copy would be refused) */
		if (c == CHANGE_CONTENT && d->s->max_size &&
		    (unsigned long long)e->sb.st_size > d->s->max_size)
			c = CHANGE_GONE;
		if (backup_before_change(bc, pfd, name, fd, e->path,
					 c == CHANGE_GONE   ? BACKUP_CHANGE_REMOVE
					 : c == CHANGE_META ? BACKUP_CHANGE_META
							    : BACKUP_CHANGE_CONTENT,
					 "snapshot", &err) < 0)
			note_fail(d, &err);
		else
			d->recorded++;
	}
	/* removed folders, innermost first: restore makes them outermost first */
	for (size_t i = b->n; i-- > 0;) {
		struct snap_ent *e = &b->v[i];
		struct fsj_error err = { { 0 } };
		char name[32];

		if (!S_ISDIR(e->sb.st_mode) || e->loc != SNAP_NONE || e->saved < 0)
			continue;
		snap_name(name, sizeof(name), e);
		if (backup_before_rmdir(bc, d->s->stagefd, name, e->path, "snapshot", &err) < 0)
			note_fail(d, &err);
		else
			d->recorded++;
	}
}

/* The run made the object after entry j (folders: those at paths that
 * held nothing before when early, the others when late). */
static void record_created(struct diff *d, struct backup_cycle *bc, bool early)
{
	for (size_t j = 0; j < d->after.n; j++) {
		const struct snap_ent *a = &d->after.v[j];
		bool dir = S_ISDIR(a->sb.st_mode), fresh;

		if (a->claimed || a->parent == SNAP_NONE)
			continue;
		fresh = find_path(&d->s->before, d->before_by_path, a->path) == SNAP_NONE;
		if (early != (dir && fresh))
			continue;
		backup_note_created(bc, a->path, a->sb.st_dev, a->sb.st_ino);
		d->recorded++;
	}
}

static void record_renames(struct diff *d, struct backup_cycle *bc)
{
	struct snap_list *b = &d->s->before;

	for (size_t i = 0; i < b->n; i++) {
		const struct snap_ent *e = &b->v[i];
		const char *to;
		bool swap;

		if (e->loc == SNAP_NONE || !d->expect[i] ||
		    strcmp(to = d->after.v[e->loc].path, d->expect[i]) == 0)
			continue;
		/* its old name is taken by another object that was there
		 * before (two names swapped): restore swaps them back */
		{
			size_t k = find_path(&d->after, d->by_path, d->expect[i]);

			swap = k != SNAP_NONE && d->after.v[k].claimed;
		}
		if (backup_note_renamed(bc, d->expect[i], to, e->sb.st_dev, e->sb.st_ino, swap) <
		    0) {
			warn("snapshot: cannot record the rename of '%s': %s", d->expect[i],
			     strerror(errno));
			d->failed++;
		} else {
			d->recorded++;
		}
	}
}

long snapshot_finish(struct snapshot *s, struct backup_cycle *bc, struct fsj_error *err)
{
	struct diff d = { s, { 0 }, NULL, NULL, NULL, NULL, 0, 0 };
	struct snapshot_cost cost;
	long rc;

	memset(&cost, 0, sizeof(cost));
	if (s->stagefd < 0)
		return fsj_error_set(err, NULL, 0, 0, "snapshot: already compared");
	if (snap_walk(s, &d.after, false, &cost, err) < 0) {
		snap_list_release(&d.after);
		return -1;
	}
	d.by_path = sorted(&d.after, cmp_path);
	d.by_ident = sorted(&d.after, cmp_ident);
	d.before_by_path = sorted(&s->before, cmp_path);
	d.expect = xcalloc(s->before.n + 1, sizeof(char *));
	match(&d);
	record_files(&d, bc);
	record_created(&d, bc, true);
	record_renames(&d, bc);
	record_created(&d, bc, false);
	rc = d.recorded;
	if (d.failed)
		rc = fsj_error_set(err, NULL, 0, 0,
				   "snapshot: %d change(s) could not be recorded for undo",
				   d.failed);
	for (size_t i = 0; i < s->before.n; i++)
		free(d.expect[i]);
	free(d.expect);
	free(d.by_path);
	free(d.by_ident);
	free(d.before_by_path);
	snap_list_release(&d.after);
	snap_remove_staging(s);
	return rc;
}
