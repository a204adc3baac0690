/* repoexplain-gitdir.c - the listener's content checks in a gitdir, as
 * explain words them (repoexplain-gitdir.h). The names are those of
 * notify-seq.c (nj_seq_todo_name(), nj_seq_strategy_name()) and of
 * notify-gitcfg.c; the checks are gitcfg_todo_inert(),
 * gitcfg_strategy_ok() and gitcfg_seqopts_ok(). Without the note, explain
 * of a todo list the run refused said only "allow" (user24). */
#include <string.h>

#include "path.h"
#include "repoexplain-gitdir.h"
#include "util.h"

char *repoexplain_gitdir_note(const char *g, const char *path, bool scanned)
{
	const char *base = path_covers(g, path) && strcmp(g, path) != 0 ? path + strlen(g) : NULL;

	if (!base)
		return NULL;
	if (scanned && strcmp(base, "/HEAD") == 0)
		return xstrdup("git's own change of HEAD (HEAD.lock renamed over it, naming a ref "
			       "or a commit) is checked, then done: checkout, switch and "
			       "symbolic-ref work; any other change is refused");
	if (scanned && strcmp(base, "/config") == 0)
		return xstrdup("git's own rewrite of config (config.lock renamed over it) is "
			       "checked, then done when it changes only [branch] and "
			       "[submodule \"NAME\"] sections: branch -m, branch -u and "
			       "submodule init work; any other change is refused");
	if (strcmp(base, "/rebase-merge/git-rebase-todo") == 0 ||
	    strcmp(base, "/sequencer/todo") == 0)
		return xstrdup("the listener lets a todo list land only by a rename of checked "
			       "bytes (git's lockfile, sed -i) with no exec line: one from git "
			       "rebase -x or an editor would run at the host's git rebase "
			       "--continue, so that rename, and any write in place, is refused "
			       "(rule 'repository-metadata')");
	if (strcmp(base, "/rebase-merge/strategy") == 0 || strcmp(base, "/sequencer/opts") == 0)
		return xstrdup("the listener lets this file land only when any merge strategy "
			       "it names is git's own (ort, recursive, ...): another would be run "
			       "as a program by the host's git --continue (rule "
			       "'repository-metadata')");
	return NULL;
}
