/* restore-remade.c - see restore-remade.h. The records are read as
 * hostile as any cycle's (manifest_read()); they only let a restore take
 * an object into its own cycle (never unlink it) where that object is, by
 * identity, name and birth, the one a restore made again. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_keep.h"
#include "restore-remade.h"
#include "restore-take.h"
#include "util.h"

/* A chain of restores of one object longer than this is not followed
 * (each link is one restore of a cycle that made it again). */
#define REMADE_CHAIN_MAX 32

void restore_remade_load(const struct backup_store_cycle *v, size_t n, const char *oldest,
			 struct manifest **out, size_t *nout)
{
	*out = NULL;
	*nout = 0;
	for (size_t i = 0; i < n; i++) {
		struct manifest m = { 0 };
		int fd;

		/* cycle names begin with their UTC start time: later sorts after */
		if (strcmp(v[i].name, oldest) <= 0)
			continue;
		fd = backup_store_open(&v[i]);
		if (fd < 0)
			continue;
		if (manifest_read(fd, v[i].dir, &m, &(struct fsj_error){ { 0 } }) == 0 && m.kind &&
		    strcmp(m.kind, "restore") == 0) {
			*out = xreallocarray(*out, *nout + 1, sizeof(**out));
			(*out)[(*nout)++] = m;
		} else {
			manifest_release(&m);
		}
		close(fd);
	}
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the restore whose own cycle is rm settled path: it holds a
 * record of it (path or "to": the restore kept what it replaced, trashed
 * or made again there), or nothing is at path now (gone, as the restore
 * left it: a file the run made that a later run removed). A path it left
 * holding another file has neither. */
static bool restore_touched(const struct manifest *rm, const char *path)
{
	struct stat sb;

	if (lstat(path, &sb) < 0 && errno == ENOENT)
		return true;
	for (size_t i = 0; i < rm->n; i++)
		if ((rm->v[i].path && strcmp(rm->v[i].path, path) == 0) ||
		    (rm->v[i].to && strcmp(rm->v[i].to, path) == 0))
			return true;
	return false;
}

/* The run cycle v[i] named name, its manifest's paths that the restore
 * whose own cycle is rm settled (restore_touched()) added to *out (att10:
 * not those it left, such as a file a later run put over one the run
 * made, which the later run's restore must still take). */
static void settled_add(const struct backup_store_cycle *v, size_t n, const char *name,
			const struct manifest *rm, char ***out, size_t *nout)
{
	struct manifest m = { 0 };
	int fd = -1;

	for (size_t i = 0; i < n && fd < 0; i++)
		if (strcmp(v[i].name, name) == 0)
			fd = backup_store_open(&v[i]);
	if (fd < 0)
		return;
	if (manifest_read(fd, name, &m, &(struct fsj_error){ { 0 } }) == 0 &&
	    !(m.kind && strcmp(m.kind, "run") != 0))
		for (size_t i = 0; i < m.n; i++)
			for (int k = 0; k < 2; k++) {
				const char *p = k ? m.v[i].to : m.v[i].path;

				if (!p || !restore_touched(rm, p))
					continue;
				*out = xreallocarray(*out, *nout + 1, sizeof(**out));
				(*out)[(*nout)++] = xstrdup(p);
			}
	manifest_release(&m);
	close(fd);
}

void restore_remade_settled(const struct backup_store_cycle *v, size_t n, const char *oldest,
			    const struct manifest *remade, size_t nremade, char ***out,
			    size_t *nout)
{
	static const char pre[] = "fsjail backups restore --cycle ";
	size_t k = 0;

	*out = NULL;
	*nout = 0;
	for (size_t i = 0; i < nremade; i++) {
		const char *c = remade[i].command;

		/* a restore of PATH... only (the command goes on) is not one */
		if (c && strncmp(c, pre, sizeof(pre) - 1) == 0 && !strchr(c + sizeof(pre) - 1, ' ') &&
		    strcmp(c + sizeof(pre) - 1, oldest) < 0)
			settled_add(v, n, c + sizeof(pre) - 1, &remade[i], out, nout);
	}
	if (!*nout)
		return;
	qsort(*out, *nout, sizeof(**out), by_str);
	for (size_t i = 0; i < *nout; i++) /* no two alike */
		if (k && strcmp((*out)[k - 1], (*out)[i]) == 0)
			free((*out)[i]);
		else
			(*out)[k++] = (*out)[i];
	*nout = k;
}

bool rs_settled(struct rctx *x, const struct manifest_rec *r)
{
	const char *hit = NULL;

	for (int k = 0; k < 2 && !hit; k++) {
		const char *p = k ? r->to : r->path;

		if (p && x->o->nsettled &&
		    bsearch(&p, x->o->settled, x->o->nsettled, sizeof(*x->o->settled), by_str))
			hit = p;
	}
	if (hit && !rs_left_said(x, hit))
		rs_leave(x, hit, "a restore of an older run, made after this run, put this back "
				 "to before that run already: left");
	return hit != NULL;
}

void restore_remade_free(struct manifest *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		manifest_release(&v[i]);
	free(v);
}

/* The record of a restore that made the object (dev, ino) again at path,
 * or NULL. */
static const struct manifest_rec *remade_rec(const struct restore_opts *o, const char *path,
					     dev_t dev, ino_t ino)
{
	for (size_t k = 0; k < o->nremade; k++)
		for (size_t i = 0; i < o->remade[k].n; i++) {
			const struct manifest_rec *c = &o->remade[k].v[i];

			if (c->op == MANIFEST_CREATED && c->has_for && c->dev == dev &&
			    c->ino == ino && strcmp(c->path, path) == 0)
				return c;
		}
	return NULL;
}

bool rs_remade_is(const struct rctx *x, const struct manifest_rec *r, const char *path, int pfd,
		  const char *name, const struct stat *sb)
{
	const struct manifest_rec *c;
	dev_t dev = sb->st_dev;
	ino_t ino = sb->st_ino;

	if (!r->has_ident || !x->o->nremade)
		return false;
	for (int k = 0; k < REMADE_CHAIN_MAX; k++) {
		c = remade_rec(x->o, path, dev, ino);
		/* the object now: made no later than the restore said it was
		 * (an inode number freed and given again is someone else's) */
		if (!c || (k == 0 && (!c->seq || rs_born_after(pfd, name, c))))
			return false;
		if (c->for_dev == r->dev && c->for_ino == r->ino)
			return true;
		dev = c->for_dev;
		ino = c->for_ino;
	}
	return false;
}

void rs_made_keep(struct rctx *x, const struct manifest_rec *r, int pfd, const char *name)
{
#ifdef O_PATH
	int fd = openat(pfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
#else
	int fd = openat(pfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
#endif

	if (fd < 0)
		return;
	x->made = xreallocarray(x->made, x->nmade + 1, sizeof(*x->made));
	/* with no identity: made for no record (a parent folder), which
	 * no record's object may be taken for (att37, t0621) */
	x->made[x->nmade++] = r && r->has_ident ? (struct made){ r->dev, r->ino, fd, false }
						: (struct made){ 0, 0, fd, true };
}

void rs_note_remade(struct rctx *x, const struct manifest_rec *r, const char *path, int pfd,
		    const char *name)
{
	struct stat sb, was;

	if (x->o->dry_run || fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	/* cycles restored together: an older run's record of it; with no
	 * record, kept as made for none (rs_gone_with_folder()) */
	rs_made_keep(x, r, pfd, name);
	if (!x->o->undo)
		return;
	if (r && r->has_ident) {
		memset(&was, 0, sizeof(was));
		was.st_dev = r->dev;
		was.st_ino = r->ino;
	}
	if (backup_keep_made(x->o->undo, path, &sb, r && r->has_ident ? &was : NULL) < 0)
		rs_leave(x, path,
			 "made again, but not recorded in the restore's own cycle: a restore of "
			 "an older run, or of this restore, will leave it");
}
