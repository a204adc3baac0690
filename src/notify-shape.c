/* notify-shape.c - the listener's count of the calls that may have
 * planted what the walks after the run look for (notify-int.h
 * nj_shape_note()): where a git repository is (repometa.h
 * repometa_warn_new()), and the files tools on the host run by themselves
 * in any folder (autorun-nested.h). When it stays 0 both walks are
 * skipped (runrepos.h runrepos_unchanged()), so every call that could
 * have made or changed such a file must count. */
#ifdef __linux__
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "autorun-nested.h"
#include "notify-int.h"

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
	if (!l->name[0] || shape_watched(l->name) || autorun_nested_watched(l->name, l->path) ||
	    (create && new_type != S_IFREG))
		NOTIFY_STAT_INC(j->nt, shape);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_shape_not_this_system;
#endif /* __linux__ */
