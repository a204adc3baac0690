/* runmsg-start.c - the notes said before the command starts
 * (runmsg-start.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"
#include "path.h"
#include "refusal-why.h"
#include "refusal.h"
#include "runmsg-start.h"
#include "util.h"

void runmsg_start_notes(const struct fsj_policy *pol, const char *home, const char *ws,
			char *const *argv, bool quiet)
{
	if (quiet || !pol)
		return;
	runmsg_bashrc_unread(pol, home, argv, quiet);
	runmsg_gitdir_unread(pol, ws);
}

/* The nearest strict ancestor of ws holding a .git (file or folder), as
 * a new string (caller frees), or NULL: none, or ws holds one itself. */
static char *gitdir_above(const char *ws)
{
	cleanup_free char *dir = strdup(ws);
	struct stat st;

	for (bool first = true; dir; first = false) {
		cleanup_free char *git = path_join(dir, ".git");

		if (git && lstat(git, &st) == 0)
			return first ? NULL : steal_pointer(&git);
		if (!git || strcmp(dir, "/") == 0)
			return NULL;
		char *up = path_dirname(dir);

		free(dir);
		dir = up;
	}
	return NULL;
}

void runmsg_gitdir_unread(const struct fsj_policy *pol, const char *ws)
{
	struct strbuf q = STRBUF_INIT;
	struct fsj_decision d;

	if (!pol || !ws || !(pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)))
		return;
	cleanup_free char *git = gitdir_above(ws);

	if (!git)
		return;
	cleanup_free char *res = path_resolve(git);

	policy_decide(pol, git, res, FSJ_CAP_READ, &d);
	if (d.allowed)
		return;
	cleanup_free char *top = path_dirname(git);
	cleanup_free char *shown_ws = refusal_printable(ws);
	cleanup_free char *shown_top = refusal_printable(top);
	cleanup_free char *by = refusal_decider(true, d.level, d.rule ? d.rule->id : NULL,
						d.rule ? d.rule->origin : NULL, NULL);

	fsj_quote_shell_term_sb(&q, git);
	fprintf(stderr,
		"fsjail: note: the workspace %s is inside the git work tree %s, whose .git "
		"the command may not read (read refused: %s), so git there says \"not a git "
		"repository\": run fsjail from the top of the work tree, or fsjail run --grant "
		"read:%s ... lets it read the repository\n",
		shown_ws, shown_top, by, q.buf);
	sb_release(&q);
}
