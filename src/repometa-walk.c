/* repometa-walk.c - the walk of the workspace for git repositories
 * (repometa.h REPOMETA_MAX_DEPTH, REPOMETA_MAX_ENTRIES): breadth first,
 * every folder looked at for .git and for a gitdir's shape
 * (repometa_visit_folder()), its entries read unless the record of the
 * previous walk may stand in for them (repometa-cache.h). What the budget,
 * the depth or a folder it cannot read leaves unsearched is protected whole. */

#include "repometa-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "path-memo.h"
#include "policy.h"
#include "repometa-cache.h"
#include "util.h"

/* A folder the walk leaves unsearched: protected whole (fail closed). */
static void add_unsearched(struct repometa *m, const char *dir)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->v[i].path, dir) == 0) {
			m->v[i].recursive = m->v[i].unsearched = true;
			m->v[i].deny |= FSJ_CAPS_MODIFY;
			return;
		}
	repometa_add_path(m, dir, true, FSJ_CAPS_MODIFY, dir);
	m->v[m->n - 1].unsearched = true;
}

/* More than REPOMETA_MAX_UNSEARCHED unsearched folders: replace the
 * deepest by their parents (not above workspace) and drop those another
 * covers, until few enough. */
static void merge_unsearched(struct repometa *m, const char *workspace)
{
	for (;;) {
		size_t n = 0, deepest = 0, w = 0;

		for (size_t i = 0; i < m->n; i++) {
			size_t d = 0;

			if (!m->v[i].unsearched)
				continue;
			n++;
			for (const char *p = m->v[i].path; *p; p++)
				d += *p == '/';
			deepest = d > deepest ? d : deepest;
		}
		if (n <= REPOMETA_MAX_UNSEARCHED)
			return;
		for (size_t i = 0; i < m->n; i++) {
			struct repometa_path *v = &m->v[i];
			size_t d = 0;

			for (const char *p = v->path; *p; p++)
				d += *p == '/';
			if (v->unsearched && d == deepest && strcmp(v->path, workspace) != 0) {
				char *up = path_dirname(v->path);

				free(v->path);
				v->path = up;
			}
		}
		for (size_t i = 0; i < m->n; i++) {
			bool covered = false;

			for (size_t k = 0; m->v[i].unsearched && k < m->n && !covered; k++)
				covered = m->v[k].unsearched && k != i &&
					  path_covers(m->v[k].path, m->v[i].path) &&
					  (strcmp(m->v[k].path, m->v[i].path) != 0 || k < i);
			if (covered) {
				free(m->v[i].path);
				free(m->v[i].repo);
			} else {
				m->v[w++] = m->v[i];
			}
		}
		m->n = w;
	}
}

struct item {
	char *path;
	char *name; /* entry name in the parent ("" for the workspace) */
	unsigned depth;
	size_t old;    /* its record in the previous walk, or NONE */
	size_t parent; /* its parent's record in this walk, or NONE */
};

struct queue {
	struct item *v;
	size_t head, n, cap;
};

static void push(struct queue *q, const char *dir, const char *name, unsigned depth, size_t old,
		 size_t parent)
{
	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 64;
		q->v = xreallocarray(q->v, q->cap, sizeof(*q->v));
	}
	q->v[q->n++] = (struct item){ dir ? path_join(dir, name) : xstrdup(name), xstrdup(name),
				      depth, old, parent };
}

/* A subfolder name of dir at depth: queued, or unsearched when too deep. */
static void push_sub(struct repometa *m, struct queue *q, const struct item *it, const char *name,
		     const struct repometa_cache *old, size_t rec)
{
	if (it->depth + 1 > REPOMETA_MAX_DEPTH) {
		cleanup_free char *sub = path_join(it->path, name);

		m->depth_hit = true;
		add_unsearched(m, sub);
		return;
	}
	push(q, it->path, name, it->depth + 1,
	     old && it->old != REPOMETA_CACHE_NONE ? repometa_cache_child(old, it->old, name)
						   : REPOMETA_CACHE_NONE,
	     rec);
}

/* Read the folder of it: its subfolders queued, its entries counted.
 * Returns false when the budget ran out (the walk stops) . */
static bool read_folder(struct repometa *m, struct queue *q, const struct item *it, int fd,
			const struct stat *st, unsigned long budget,
			const struct repometa_cache *old, struct repometa_cache *new)
{
	struct dirent *e;
	DIR *d = fdopendir(fd);
	size_t rec, before = m->entries;

	if (!d) {
		close(fd);
		return true;
	}
	new->changed = true;
	rec = repometa_cache_add(new, it->parent, it->name, st, 0, 0);
	while ((e = readdir(d))) {
		struct stat sst;

		if (strcmp(e->d_name, ".git") == 0)
			new->v[rec].flags |= REPOMETA_CACHE_HAS_DOTGIT;
		else if (strcmp(e->d_name, "HEAD") == 0)
			new->v[rec].flags |= REPOMETA_CACHE_HAS_HEAD;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, ".git") == 0)
			continue;
		if (++m->entries > budget) {
			/* the rest of this folder and the queue */
			m->budget_hit = true;
			new->complete = false;
			add_unsearched(m, it->path);
			for (size_t i = q->head; i < q->n; i++)
				add_unsearched(m, q->v[i].path);
			closedir(d);
			return false;
		}
		if (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN)
			continue;
		if (e->d_type == DT_UNKNOWN &&
		    (fstatat(dirfd(d), e->d_name, &sst, AT_SYMLINK_NOFOLLOW) < 0 ||
		     !S_ISDIR(sst.st_mode)))
			continue;
		push_sub(m, q, it, e->d_name, old, rec);
	}
	new->v[rec].entries = m->entries - before;
	closedir(d);
	return true;
}

/* Breadth first, so that when the budget runs out the shallow folders,
 * where repositories usually are, have been seen. Symlinks are not
 * followed (a repository reached through one lies outside anyway, or is
 * found under its real path). old (linked, may be NULL) is the previous
 * walk's record; new receives this walk's. */
void repometa_walk(struct repometa *m, const char *workspace, const char *home,
		   const struct repometa_cache *old, struct repometa_cache *new)
{
	struct queue q = { 0 };
	/* test-only: a smaller budget (FSJAIL_TEST_REPO_ENTRIES), never larger */
	const char *t = getenv("FSJAIL_TEST_REPO_ENTRIES");
	unsigned long budget = t ? strtoul(t, NULL, 10) : 0;

	if (budget == 0 || budget > REPOMETA_MAX_ENTRIES)
		budget = REPOMETA_MAX_ENTRIES;

	push(&q, NULL, workspace, 0, old && old->n ? 0 : REPOMETA_CACHE_NONE, REPOMETA_CACHE_NONE);
	free(q.v[0].name);
	q.v[0].name = xstrdup("");
	while (q.head < q.n && !m->budget_hit) {
		const struct item *it = &q.v[q.head++];
		struct stat st;
		int fd;

		/* the record may stand in for reading the folder: lstat(2) (the
		 * memo's of this span) as the recording walk's fstat(2) */
		if (it->old != REPOMETA_CACHE_NONE && path_memo_lstat_kept(it->path, &st) == 0 &&
		    repometa_cache_usable(old, it->old, &st, new) &&
		    m->entries + old->v[it->old].entries <= budget) {
			const struct repometa_cache_rec *r = &old->v[it->old];
			size_t rec = repometa_cache_add(new, it->parent, it->name, &st, r->entries,
							r->flags);
			struct item cur = *it;

			/* neither .git nor HEAD among its (unchanged) entries:
			 * nothing there for git to take for a repository */
			if (r->flags)
				repometa_visit_folder(m, cur.path, home);
			m->entries += r->entries;
			for (size_t c = r->first_child; c != REPOMETA_CACHE_NONE;
			     c = old->v[c].next_sibling)
				push_sub(m, &q, &cur, old->v[c].name, old, rec);
			continue;
		}
		fd = open(it->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0) {
			/* gone, or no longer a folder: nothing to search. Else
			 * (unreadable) protected whole, and no record saved that
			 * would leave it out once it can be read */
			if (errno != ENOENT && errno != ENOTDIR && errno != ELOOP) {
				add_unsearched(m, it->path);
				new->complete = false;
			}
			continue;
		}
		/* the stat before the read: a change during it shows next time */
		if (fstat(fd, &st) < 0) {
			close(fd);
			continue;
		}
		{
			struct item cur = *it; /* q.v moves as the queue grows */

			repometa_visit_folder(m, cur.path, home);
			if (!read_folder(m, &q, &cur, fd, &st, budget, old, new))
				break;
		}
	}
	for (size_t i = 0; i < q.n; i++) {
		free(q.v[i].path);
		free(q.v[i].name);
	}
	free(q.v);
	merge_unsearched(m, workspace);
}
