/* restore-when.c - see restore-when.h. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>

#include "restore-when.h"
#include "util.h"

static int by_ident(const void *a, const void *b)
{
	const struct rs_seen *p = a, *q = b;

	if (p->dev != q->dev)
		return p->dev < q->dev ? -1 : 1;
	if (p->ino != q->ino)
		return p->ino < q->ino ? -1 : 1;
	return 0;
}

/* The object at path into w->seen; its folder is reached without
 * following a symlink (rs_open_parent()), as every action reaches it. */
static void see(struct rctx *x, struct rs_when *w, const char *path)
{
	cleanup_fd int pfd = path ? rs_open_parent(x, path, false, NULL) : -1;
	struct stat sb;

	if (pfd < 0 || fstatat(pfd, rs_base_name(path), &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	w->seen[w->nseen].dev = sb.st_dev;
	w->seen[w->nseen].ino = sb.st_ino;
	w->seen[w->nseen].ctime = FSJ_STAT_CTIM(&sb);
	w->nseen++;
}

void rs_when_begin(struct rctx *x, const int *cyclefds, size_t n)
{
	struct rs_when *w = xcalloc(1, sizeof(*w));
	struct stat sb;

	w->ended = xcalloc(n + 1, sizeof(*w->ended));
	for (size_t k = 0; k < n; k++)
		if (cyclefds[k] >= 0 &&
		    fstatat(cyclefds[k], "commit.json", &sb, AT_SYMLINK_NOFOLLOW) == 0)
			w->ended[k] = FSJ_STAT_MTIM(&sb);
	/* two paths a record: its path, and a rename's new name */
	w->seen = xcalloc(x->m->n * 2 + 1, sizeof(*w->seen));
	for (size_t i = 0; i < x->m->n; i++) {
		see(x, w, x->m->v[i].path);
		if (x->m->v[i].op == MANIFEST_RENAMED)
			see(x, w, x->m->v[i].to);
	}
	qsort(w->seen, w->nseen, sizeof(*w->seen), by_ident);
	x->when = w;
}

void rs_when_end(struct rctx *x)
{
	if (x->when) {
		free(x->when->ended);
		free(x->when->seen);
		free(x->when);
	}
	x->when = NULL;
}

bool rs_changed_after(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb)
{
	const struct timespec *ended = x->when->ended;
	struct rs_seen key = { .dev = sb->st_dev, .ino = sb->st_ino };
	const struct rs_seen *was =
		bsearch(&key, x->when->seen, x->when->nseen, sizeof(key), by_ident);
	struct timespec e = { 0, 0 }, c = was ? was->ctime : FSJ_STAT_CTIM(sb);

	(void)r;
	for (size_t k = 0; k < x->nparts; k++) {
		if (ended[k].tv_sec == 0 && ended[k].tv_nsec == 0)
			return false; /* a run killed before its end: not known */
		if (ended[k].tv_sec > e.tv_sec ||
		    (ended[k].tv_sec == e.tv_sec && ended[k].tv_nsec > e.tv_nsec))
			e = ended[k];
	}
	return x->nparts &&
	       (c.tv_sec > e.tv_sec || (c.tv_sec == e.tv_sec && c.tv_nsec > e.tv_nsec));
}
