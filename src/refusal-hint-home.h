/* refusal-hint-home.h - advice instead of a grant for a refusal at a
 * tool's own file in the home folder (refusal-hint-advice.h): the
 * interactive tools' history files (refusal-hint-history.h) and gpg's
 * ~/.gnupg, where commit signing needs more than any one refusal names
 * (user17). Text only. */
#ifndef FSJAIL_REFUSAL_HINT_HOME_H
#define FSJAIL_REFUSAL_HINT_HOME_H

/* The advice for a refusal at path (normalised, absolute), home the
 * user's normalised home or NULL (then none), each tried as written and
 * with home's symbolic links resolved (a refused path is the kernel's
 * spelling), as a new string (caller frees), or NULL when none:
 * - a history file: refusal_hint_history();
 * - ~/.gnupg or a path under it: what signing (git commit -S, git tag -s)
 *   needs there (read the keys; write, create and delete its lock and
 *   trust files; connect to gpg-agent's socket), that ~/.gnupg is a
 *   secret so no grant is offered, and the two ways on: sign outside the
 *   run, or grant all of it by hand for one run (the --grant spelled
 *   with home as written, shell-quoted and escaped for the terminal). */
char *refusal_hint_home(const char *path, const char *home);

#endif
