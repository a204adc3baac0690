/* notify-worktree.c - the folders a submodule's core.worktree names, kept
 * free of symbolic links for the rest of the run (notify-worktree.h).
 *
 * git23 let a submodule gitdir's config name a folder of the
 * superproject's work tree (notify-gitcfg-check.c). Checked once, a
 * folder swapped later for a symbolic link (rmdir and ln -s, a rename of
 * a folder carrying one, an exchange) sent a host git's checkout of the
 * submodule out of the workspace (att16). So each accepted folder is
 * recorded, and the guard refuses what would put a link on its way. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "notify-worktree.h"
#include "path.h"
#include "util.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **worktrees;
static size_t n_worktrees;

void nj_worktree_note(const char *dir)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; dir && i < n_worktrees; i++)
		if (strcmp(worktrees[i], dir) == 0)
			dir = NULL;
	if (dir) {
		worktrees = xreallocarray(worktrees, n_worktrees + 1, sizeof(*worktrees));
		worktrees[n_worktrees++] = xstrdup(dir);
	}
	pthread_mutex_unlock(&lock);
}

bool nj_worktree_arrival_ok(const char *at, const char *from)
{
	bool ok = true;

	pthread_mutex_lock(&lock);
	for (size_t i = 0; ok && at && i < n_worktrees; i++) {
		cleanup_free char *src = NULL, *res = NULL;

		if (!path_covers(at, worktrees[i]))
			continue;
		/* a folder: where the noted folder will be must be reached
		 * from it without a symbolic link (path_resolve(): the part
		 * that does not exist is taken as it is) */
		src = from ? xasprintf("%s%s", from, worktrees[i] + strlen(at)) : NULL;
		res = src ? path_resolve(src) : NULL;
		ok = res && strcmp(res, src) == 0;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

void nj_worktree_forget(void)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < n_worktrees; i++)
		free(worktrees[i]);
	free(worktrees);
	worktrees = NULL;
	n_worktrees = 0;
	pthread_mutex_unlock(&lock);
}

#ifdef __linux__
#include "notify-int.h"

bool nj_carries_names(const struct stat *st)
{
	return S_ISDIR(st->st_mode) || S_ISLNK(st->st_mode);
}

/* Refuse at (EACCES, said); false. */
static bool refuse(struct job *j, const char *at)
{
	nj_refuse(j, FSJ_CAP_CREATE, at,
		  "a symbolic link could redirect the work tree a submodule's core.worktree names",
		  EACCES, NULL);
	return false;
}

bool nj_worktree_guard_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl)
{
	/* a at b's name; with an exchange, b at a's name too */
	if (nj_carries_names(&a->st) &&
	    !nj_worktree_arrival_ok(b->path, S_ISDIR(a->st.st_mode) ? a->path : NULL))
		return refuse(j, b->path);
	if ((fl & RENAME_EXCHANGE) && b->obj >= 0 && nj_carries_names(&b->st) &&
	    !nj_worktree_arrival_ok(a->path, S_ISDIR(b->st.st_mode) ? b->path : NULL))
		return refuse(j, a->path);
	return true;
}

bool nj_worktree_guard_link(struct job *j, const char *path)
{
	return nj_worktree_arrival_ok(path, NULL) || refuse(j, path);
}

#endif /* __linux__ */
