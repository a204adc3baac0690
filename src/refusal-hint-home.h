/* refusal-hint-home.h - advice instead of a grant for a refusal at a
 * tool's own file in the home folder (refusal-hint-advice.h): the
 * interactive tools' history files (refusal-hint-history.h) and gpg's
 * ~/.gnupg, where commit signing needs more than any one refusal names
 * (user17). Text only. */
#ifndef FSJAIL_REFUSAL_HINT_HOME_H
#define FSJAIL_REFUSAL_HINT_HOME_H

/* The advice for a refusal at path (normalised, absolute) by comm (the
 * command name, or NULL), home the user's normalised home or NULL (then
 * none), each tried as written and with home's symbolic links resolved
 * (a refused path is the kernel's spelling), as a new string (caller
 * frees), or NULL when none:
 * - a history file: refusal_hint_history();
 * - ~/.gnupg or a path under it, refused to gpg (comm gpg, gpg-agent,
 *   gpgsm, ... or keyboxd): that ~/.gnupg is a secret (baseline
 *   'secrets:', so no grant is offered), what signing (git commit -S, git
 *   tag -s) needs on it (read the keys; write, create and delete its lock
 *   and trust files; connect to gpg-agent's socket), and the ways on:
 *   sign outside the run, or the grant (this run) or rule (kept) by hand,
 *   spelled with home as written, shell-quoted and escaped for the
 *   terminal. Another command there (cat of a key) gets no advice. */
char *refusal_hint_home(const char *path, const char *home, const char *comm);

#endif
