/* trash_batch.c - trash entries made from hard links when a run ends
 * (trash.h trash_batch_put(); freedesktop.org Trash specification 1.0:
 * a trashed folder is one entry, files/NAME plus info/NAME.trashinfo).
 * Every name below the trash folder is made with *at() calls on folders
 * opened O_NOFOLLOW: a symlink planted in the trash is never followed. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "path.h"
#include "platform.h"
#include "runevent.h"
#include "trash.h"
#include "util.h"

struct batch {
	int srcdir, ffd, ifd; /* ifd -1: no .trashinfo (macOS) */
	char *files;          /* the trash's files folder (absolute) */
	size_t lost;
};

/* path's top-most folder that no longer exists while its parent does (a
 * removed tree the file was in), or NULL when the file's own folder
 * exists. A new string. */
static char *removed_top(const char *path)
{
	char *dir = path_dirname(path), *up;
	struct stat sb;

	if (!dir || lstat(dir, &sb) == 0 || (errno != ENOENT && errno != ENOTDIR)) {
		free(dir);
		return NULL;
	}
	for (;;) {
		up = path_dirname(dir);
		if (!up || strcmp(up, "/") == 0 || lstat(up, &sb) == 0 ||
		    (errno != ENOENT && errno != ENOTDIR)) {
			free(up);
			return dir;
		}
		free(dir);
		dir = up;
	}
}

/* Reserve the entry name for what was at path (the file or folder
 * name), as trash_move_at() does: NAME, NAME.2, ...; make() makes the
 * entry under the files folder (a link, a folder) and says EEXIST when
 * the name is taken. Returns the chosen name (caller frees) or NULL. */
static char *reserve(struct batch *b, const char *path, time_t when,
		     int (*make)(struct batch *, const char *, const void *), const void *arg)
{
	const char *name = strrchr(path, '/') + 1;
	char *cand = NULL, *info = NULL, date[32];
	struct tm tm;
	int i, fd, e;

	localtime_r(&when, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	for (i = 1; i < 10000; i++) {
		free(cand);
		free(info);
		info = NULL;
		cand = i == 1 ? xstrdup(name) : xasprintf("%s.%d", name, i);
		if (b->ifd >= 0) {
			cleanup_free char *enc = trash_url_encode(path);
			cleanup_free char *text =
				xasprintf("[Trash Info]\nPath=%s\nDeletionDate=%s\n", enc, date);

			info = xasprintf("%s.trashinfo", cand);
			fd = openat(b->ifd, info, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				    0600);
			if (fd < 0 && errno == EEXIST)
				continue;
			if (fd < 0)
				break;
			e = write_all(fd, text, strlen(text));
			close(fd);
			if (e < 0) {
				(void)unlinkat(b->ifd, info, 0);
				break;
			}
		}
		if (make(b, cand, arg) == 0) {
			free(info);
			return cand;
		}
		e = errno;
		if (info)
			(void)unlinkat(b->ifd, info, 0);
		if (e != EEXIST)
			break;
	}
	free(cand);
	free(info);
	return NULL;
}

static int make_link(struct batch *b, const char *cand, const void *arg)
{
	return linkat(b->srcdir, (const char *)arg, b->ffd, cand, 0);
}

static int make_dir(struct batch *b, const char *cand, const void *arg)
{
	(void)arg;
	return mkdirat(b->ffd, cand, 0700);
}

/* Open (making it) the folder rel (relative, '/'-separated) below root,
 * never following a symlink. Returns a descriptor or -1. */
static int sub_dir(int root, const char *rel)
{
	cleanup_free char *copy = xstrdup(rel);
	char *p = copy, *next;
	int fd = fcntl(root, F_DUPFD_CLOEXEC, 0), nfd;

	for (; fd >= 0 && p && *p; p = next) {
		next = strchr(p, '/');
		if (next)
			*next++ = '\0';
		if (mkdirat(fd, p, 0700) < 0 && errno != EEXIST)
			nfd = -1;
		else
			nfd = openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		fd = nfd;
	}
	return fd;
}

/* v[0..n), every one under the removed folder top: one entry. */
static void put_tree(struct batch *b, const char *top, const struct trash_item *v, size_t n)
{
	cleanup_free char *cand = NULL, *last = NULL;
	cleanup_fd int root = -1, dfd = -1;
	size_t i, tl = strlen(top);
	time_t when = v[0].when;

	for (i = 1; i < n; i++)
		if (v[i].when < when)
			when = v[i].when;
	cand = reserve(b, top, when, make_dir, NULL);
	if (cand)
		root = openat(b->ffd, cand, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (root < 0) {
		b->lost += n;
		return;
	}
	for (i = 0; i < n; i++) {
		const char *rel = v[i].path + tl + 1, *leaf = strrchr(rel, '/');
		cleanup_free char *dir = leaf ? xstrndup(rel, (size_t)(leaf - rel)) : xstrdup("");

		leaf = leaf ? leaf + 1 : rel;
		if (!last || strcmp(dir, last) != 0) { /* sorted: a folder's files follow */
			if (dfd >= 0)
				close(dfd);
			dfd = *dir ? sub_dir(root, dir) : fcntl(root, F_DUPFD_CLOEXEC, 0);
			free(last);
			last = xstrdup(dir);
		}
		if (dfd < 0 || linkat(b->srcdir, v[i].src, dfd, leaf, 0) < 0) {
			b->lost++;
			continue;
		}
		{
			cleanup_free char *as = xasprintf("%s/%s/%s", b->files, cand, rel);

			run_event("trash", v[i].path, as);
		}
	}
}

static void put_one(struct batch *b, const struct trash_item *it)
{
	cleanup_free char *cand = reserve(b, it->path, it->when, make_link, it->src);
	cleanup_free char *as = NULL;

	if (!cand) {
		b->lost++;
		return;
	}
	as = xasprintf("%s/%s", b->files, cand);
	run_event("trash", it->path, as);
}

size_t trash_batch_put(const char *home, int srcdir, const struct trash_item *v, size_t n)
{
	cleanup_free char *infodir = NULL, *base = NULL;
	struct batch b = { srcdir, -1, -1, NULL, 0 };
	size_t i = 0, j, tl;

	if (!n)
		return 0;
	b.files = home ? platform_trash_dir(home) : NULL;
	if (b.files)
		b.ffd = trash_open_dir(b.files);
	if (b.ffd >= 0 && platform_trash_has_info()) {
		base = path_dirname(b.files);
		infodir = xasprintf("%s/info", base);
		b.ifd = trash_open_dir(infodir);
		if (b.ifd < 0) {
			close(b.ffd);
			b.ffd = -1;
		}
	}
	if (b.ffd < 0) {
		free(b.files);
		return n;
	}
	while (i < n) {
		cleanup_free char *top = removed_top(v[i].path);

		if (!top) {
			put_one(&b, &v[i++]);
			continue;
		}
		tl = strlen(top);
		for (j = i; j < n && strncmp(v[j].path, top, tl) == 0 && v[j].path[tl] == '/'; j++)
			;
		put_tree(&b, top, v + i, j - i);
		i = j;
	}
	close(b.ffd);
	if (b.ifd >= 0)
		close(b.ifd);
	free(b.files);
	return b.lost;
}
