/* notify-shape.c - the listener's counts of the calls that may have
 * planted what the walks after the run look for: where a git repository
 * is (stats.shape; repometa.h repometa_warn_new()), and the files tools
 * on the host run by themselves in any folder (notify-shape.h;
 * autorun-nested.h). Where a count stays 0 its walk is skipped
 * (runrepos.h runrepos_changes()), so every call that could have made or
 * changed such a thing must count. */
#ifdef __linux__
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "autorun-nested.h"
#include "notify-int.h"
#include "notify-shape.h"

/* The calls that may have planted a file tools run (notify-shape.h); all
 * the process's listeners count here, a run has one. */
static unsigned long nested;

/* The names repometa.c's walk reads to find a repository (visit_dotgit(),
 * repoguard_gitdir_at(), a gitdir's commondir, modules/ and worktrees/
 * with their gitdir files). */
static bool shape_watched(const char *n)
{
	static const char *const names[] = { ".git",    "HEAD", "commondir", "gitdir",
					     "objects", "refs", "modules",   "worktrees" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(n, names[i]) == 0)
			return true;
	return false;
}

/* See notify-int.h. Deletes never count: a folder is a gitdir by entries
 * it holds (repoguard_gitdir_at()), and removing one makes none; a
 * removed autorun file runs nothing. (A write through a second hard link
 * is refused: notify-ops.c.) */
void nj_shape_note(struct job *j, const struct loc *l, unsigned caps, mode_t new_type)
{
	bool create = caps & FSJ_CAPBIT(FSJ_CAP_CREATE), write = caps & FSJ_CAPBIT(FSJ_CAP_WRITE);

	if (!create && !write)
		return;
	if (!l->name[0] || autorun_nested_watched(l->name, l->path) ||
	    (create && new_type == S_IFLNK))
		__atomic_fetch_add(&nested, 1, __ATOMIC_RELAXED);
	if (!l->name[0] || shape_watched(l->name) || (create && new_type != S_IFREG))
		NOTIFY_STAT_INC(j->nt, shape);
}

/* See notify-int.h. A folder or link moved carries names no call names
 * (a tree with .claude/settings.json in it); a regular file moved is
 * counted by both names (RENAME_EXCHANGE: each gets the other's bytes),
 * here as nj_repo_ok() may not be reached. */
void nj_rename_note(struct job *j, const struct loc *a, const struct loc *b)
{
	NOTIFY_STAT_INC(j->nt, shape);
	if (!a || !b || a->obj < 0 || !S_ISREG(a->st.st_mode) || !a->name[0] || !b->name[0] ||
	    autorun_nested_watched(a->name, a->path) || autorun_nested_watched(b->name, b->path) ||
	    (b->obj >= 0 && !S_ISREG(b->st.st_mode)))
		__atomic_fetch_add(&nested, 1, __ATOMIC_RELAXED);
}

bool notify_shape_nested_take(void)
{
	return __atomic_exchange_n(&nested, 0, __ATOMIC_RELAXED) != 0;
}

#else
#include <stdbool.h>

#include "notify-shape.h"

bool notify_shape_nested_take(void)
{
	return true;
}
#endif /* __linux__ */
