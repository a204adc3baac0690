/* repoexplain-gitdir.h - what the seccomp listener checks in a gitdir
 * that the policy's deny alone does not say, for `fsjail explain`
 * (repoexplain_note()): git's own rewrite of HEAD and config in a
 * repository the start-of-run scan covers (notify-gitcfg.c), and, in any
 * gitdir, the state a continued rebase or sequence acts on: the todo
 * list and the merge strategy (notify-seq.c). Nothing here enforces
 * anything. */
#ifndef FSJAIL_REPOEXPLAIN_GITDIR_H
#define FSJAIL_REPOEXPLAIN_GITDIR_H

#include <stdbool.h>

/* A note for path (absolute, normalised) in the gitdir g (absolute, the
 * folder itself; path strictly below it), or NULL when the listener
 * checks nothing there beyond the rules explain shows. scanned: g is a
 * repository the start-of-run scan covers (in the workspace): only there
 * are HEAD and config denied by a rule whose exceptions need saying.
 * New string; caller frees. No errors. */
char *repoexplain_gitdir_note(const char *g, const char *path, bool scanned);

#endif
