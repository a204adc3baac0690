/* effects-newrepo.h - the metadata of a repository the line itself makes
 * (`git init X`, `git clone URL X`), which the run
 * guards as it guards the user's (notify-newrepo.c: hooks/ holds .sample
 * names only, config changes only through git's checked lock rename):
 * check took a later `echo x >
 * X/.git/hooks/pre-commit` for a file of the workspace and allowed it
 * (chk38). */
#ifndef FSJAIL_EFFECTS_NEWREPO_H
#define FSJAIL_EFFECTS_NEWREPO_H

#include <stddef.h>

#include "effects.h"

/* The indices of fx's effects that are git's create of a gitdir (a path
 * ending in "/.git"), ascending, *n of them: a malloc'd array the caller
 * frees, NULL when there are none. */
size_t *effects_newrepo_gitdirs(const struct fsj_effects *fx, size_t *n);

/* Why the run refuses effect i of fx: a create or write, by a program
 * other than git, of a hook (not NAME.sample) or the config of a gitdir
 * that git makes earlier in the line (dirs: effects_newrepo_gitdirs() of
 * fx, ndirs of them). Returns a malloc'd note the caller frees, or NULL
 * when effect i is none of these. No filesystem access. */
char *effects_newrepo_guard(const struct fsj_effects *fx, size_t i, const size_t *dirs,
			    size_t ndirs);

#endif
