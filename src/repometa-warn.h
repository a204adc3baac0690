/* repometa-warn.h - after a run: what the command made that git runs by
 * itself at the next git command there (a repository, a .git file that
 * points git elsewhere), said on stderr and handed to a recorder
 * (planted.h). */
#ifndef FSJAIL_REPOMETA_WARN_H
#define FSJAIL_REPOMETA_WARN_H

#include <stddef.h>
#include <stdio.h>

#include "planted.h"

struct repometa;

/* Print to out, one line each, the gitdirs of after (repometa_rescan())
 * that were not in before (a repository the command made or moved in:
 * its hooks and config are the command's, not protected during the run,
 * and run code at the next git there), and the .git files after has and
 * before had not that point git elsewhere than git's own layouts. A
 * linked worktree's own gitdir whose commondir is a gitdir seen before
 * is not new (git worktree add: its hooks and config are the common
 * ones, protected). Each is also handed to rec (may be NULL; planted.h:
 * kinds "repository" and "git-pointer"). Returns how many gitdirs. */
size_t repometa_warn_new(const struct repometa *before, const struct repometa *after, FILE *out,
			 planted_fn *rec);

#endif
