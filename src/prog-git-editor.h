/* prog-git-editor.h - the editor git runs (a message, the rebase todo
 * list), for git's handler (prog-git.h; commit is prog-git-sub.c's). An
 * editor the line made inert (git-editor.h: GIT_EDITOR or
 * GIT_SEQUENCE_EDITOR set to true, ':', cat or nothing) runs nothing and
 * changes nothing, so the subcommand is predicted without it; any other
 * editor is opaque code. Each takes the subcommand's parsed words (argv[0]
 * the subcommand, prog-git-sub.c's spec); nothing here fails. */
#ifndef FSJAIL_PROG_GIT_EDITOR_H
#define FSJAIL_PROG_GIT_EDITOR_H

#include "prog-git.h"

/* The editor which (GIT_ED_GIT: a message; GIT_ED_SEQ: the todo list)
 * runs: an opaque effect over the command unless the line made it inert. */
void prog_git_editor(struct git *g, unsigned which);
/* Whether git rebase with p runs the sequence editor on its todo list
 * (-i, --interactive, --edit-todo) and that editor is not inert. */
bool prog_git_seq_editor_runs(const struct git *g, const struct parsed *p);
/* git merge: the message editor runs with -e/--edit. */
void prog_git_merge(struct git *g, struct parsed *p);
/* git rebase: -x/--exec is opaque; -i and --edit-todo run the sequence
 * editor, and with --autosquash (squash! commits) the message editor;
 * then the listener's refusals (prog_git_guard_rebase()). */
void prog_git_rebase(struct git *g, struct parsed *p);

#endif
