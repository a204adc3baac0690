/* prog-git-guard.h - what the seccomp listener's repository rules refuse
 * that only a git command line shows (prog-git-guard.c): the content of
 * the rebase state git writes, which no path tells. */
#ifndef FSJAIL_PROG_GIT_GUARD_H
#define FSJAIL_PROG_GIT_GUARD_H

#include "prog-git.h"

/* git rebase with its parsed words p. The todo list git writes (a create
 * of <gitdir>/rebase-merge/git-rebase-todo, unresolved in the metadata
 * folder when the gitdir is not known) gets the listener's refusal
 * (fsj_effect.guard, the why-note of gitcfg-inert.c / gitcfg-strategy.c)
 * when -x/--exec puts exec lines in it, or -s/--strategy names a program
 * rather than one of git's own strategies; a guard that only may hold
 * (guard_maybe: -i or --edit-todo with an editor not made inert, which
 * may add exec lines; a strategy known at run time) asks. Nothing for
 * --continue, --abort, --skip, --quit, --show-current-patch. */
void prog_git_guard_rebase(struct git *g, const struct parsed *p);
/* git cherry-pick and revert with --strategy NAME and more than one
 * commit (A B, A..B): the sequence's options file (a create of
 * <gitdir>/sequencer/opts) gets the listener's refusal when NAME is not
 * one of git's own strategies (gitcfg_seqopts_ok()'s why-note); a NAME
 * known only at run time asks. One commit keeps no such state: nothing. */
void prog_git_guard_pick(struct git *g, struct parsed *p);

#endif
