/* prog-git-editor.c - git's subcommands that run an editor
 * (prog-git-editor.h). `GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2`
 * asked a person in fsjail check although git then only writes its own
 * todo list, as a plain rebase does; `GIT_SEQUENCE_EDITOR="sed -i ..."`
 * or an editor the line does not name still runs code fsjail cannot
 * read. */
#include "prog-git-editor.h"
#include "prog-git-guard.h"

void prog_git_editor(struct git *g, unsigned which)
{
	if (!(g->iv->sh->ed_inert & which))
		prog_git_opaque(g);
}

bool prog_git_seq_editor_runs(const struct git *g, const struct parsed *p)
{
	if (g->iv->sh->ed_inert & GIT_ED_SEQ)
		return false;
	return progopt_has(p, 'i', "interactive") || progopt_has(p, 0, "edit-todo");
}

void prog_git_merge(struct git *g, struct parsed *p)
{
	if (progopt_has(p, 'e', "edit") && !progopt_has(p, 0, "no-edit"))
		prog_git_editor(g, GIT_ED_GIT);
}

void prog_git_rebase(struct git *g, struct parsed *p)
{
	if (progopt_has(p, 'x', "exec"))
		prog_git_opaque(g);
	if (prog_git_seq_editor_runs(g, p))
		prog_git_editor(g, GIT_ED_SEQ);
	if (progopt_has(p, 0, "autosquash"))
		prog_git_editor(g, GIT_ED_GIT); /* a squash! commit's message */
	prog_git_guard_rebase(g, p);
}
