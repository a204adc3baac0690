/* repometa-warn-tree.h - after a run: work trees whose git the command
 * pointed at what it wrote (repometa-warn-tree.c), for repometa-warn.c
 * (repometa_warn_new() calls both). */
#ifndef FSJAIL_REPOMETA_WARN_TREE_H
#define FSJAIL_REPOMETA_WARN_TREE_H

#include <stdio.h>

#include "planted.h"

struct repometa;

/* Each .git file in after that before did not have and that points git
 * elsewhere than git's own layouts (a linked worktree's or submodule's
 * gitdir): one warning on out and one record "git-pointer" to rec (may be
 * NULL). att9: a command pointed a folder's git at a checkout's fixture
 * gitdir, whose config ran at the user's next git status there. */
void repometa_warn_pointers(const struct repometa *before, const struct repometa *after, FILE *out,
			    planted_fn *rec);

/* Each core.hooksPath folder after protects that before did not (a
 * relative core.hooksPath names one in every work tree: git worktree add
 * in the run made a work tree, and the folder, which the command could
 * fill, was protected in none) and that holds an entry: one warning on
 * out and one record "hooks-folder" (path: the folder, work_tree: its
 * work tree) to rec (may be NULL). att24: a husky repository's `git worktree
 * add wt` in the run, then wt/.husky/_/pre-commit, ran at the user's
 * next commit in wt. Hooks folders of gitdirs are not said here. */
void repometa_warn_hookspath(const struct repometa *before, const struct repometa *after, FILE *out,
			     planted_fn *rec);

#endif
