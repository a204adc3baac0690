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

/* Why the run refuses effect i of fx: a create or write, by a program
 * other than git, of a hook (not NAME.sample) or the config of a gitdir
 * that git makes earlier in the line (a create of a path ending in
 * "/.git"). Returns a malloc'd note the
 * caller frees, or NULL when effect i is none of these. No filesystem
 * access. */
char *effects_newrepo_guard(const struct fsj_effects *fx, size_t i);

#endif
