/* refusal-hint-guard.h - what a refusal hint must never offer (issue 12
 * item 4): a grant at, under or over a secret (policy-secret.h), under or
 * over a deny of the user's, over a protected path (repository metadata,
 * shell start-up files, fsjail's state), or over the files that let fsjail
 * trust a linked worktree's gitdir (repometa-grant.c: a grant there makes
 * fsjail drop git's grants, and git fails). Text only: the policy decides
 * as before; this keeps fsjail's advice from undoing it. */
#ifndef FSJAIL_REFUSAL_HINT_GUARD_H
#define FSJAIL_REFUSAL_HINT_GUARD_H

#include <stdbool.h>

#include "policy.h"

/* Why a grant of caps (FSJ_CAPBIT mask) on path (normalised absolute,
 * resolved; folder: a recursive rule, else this path only) must not be
 * offered under pol (NULL: nothing is known, nothing is refused): a new
 * sentence naming the secret, rule or protected path (caller frees), or
 * NULL when it may be offered. *secret (may be NULL) is set when the
 * reason is a secret. Lexical, no filesystem access: safe from the
 * listener's threads. */
char *refusal_hint_guard(const struct fsj_policy *pol, const char *path, unsigned caps,
			 bool folder, bool *secret);

/* Why a folder grant on folder (normalised absolute, resolved) is too
 * wide to offer for refusals beneath it (hint13), or NULL. A folder
 * offered must be narrower than every one of these: "/"; home (spelled
 * as given or resolved) and every folder above it; a top-level folder of
 * home that is not a dot folder (~/Documents, ~/src: the user's own
 * files) and the XDG folders shared by every program (~/.config,
 * ~/.cache, ~/.local and the folders directly in ~/.local); any folder at
 * the top of / (/etc, /tmp, /usr, /opt, ...); a folder directly in /usr,
 * /var, /run, /dev, /proc, /sys, /private, /usr/local or /private/var
 * (/usr/lib, /var/lib, /dev/shm); a user-data root of pol and the folders
 * directly in one (another user's home). made: folder is one the command
 * was making (mkdir(2)): a new top-level folder of home is the tool's
 * own, not the user's files, and may be offered. home: the user's
 * normalised home, or NULL (resolved with path_resolve(): not lexical);
 * pol may be NULL (no user-data roots). Static string. */
const char *refusal_hint_wide(const struct fsj_policy *pol, const char *folder,
			      const char *home, bool made);

#endif
