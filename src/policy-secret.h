/* policy-secret.h - the baseline's lists carried by a policy: its
 * user-data roots and its secrets (baseline "secrets:", issue 12 item 4:
 * credentials and keys such as ~/.ssh, ~/.aws, ~/.netrc). A secret is not
 * a fence: what the policy decides there is what its rules say. It keeps
 * fsjail's own advice (the refusal hints, refusal-hint.h) from ever
 * offering one; status and explain name the entry. */
#ifndef FSJAIL_POLICY_SECRET_H
#define FSJAIL_POLICY_SECRET_H

#include <stddef.h>

#include "policy.h"

/* Replace pol's user-data roots and secrets (freeing the old ones) with
 * roots[0..n_roots) and secrets[0..n_secrets): normalised absolute paths,
 * taken (arrays and strings become pol's; NULL with 0 for none). Each
 * secret's resolved spelling (path_resolve(), symlinked ancestors) is
 * computed now, so that the lookups below touch no filesystem. */
void policy_set_lists(struct fsj_policy *pol, char **roots, size_t n_roots, char **secrets,
		      size_t n_secrets);

/* Move src's roots and secrets to dst (src keeps none). */
void policy_move_lists(struct fsj_policy *dst, struct fsj_policy *src);

/* The secret entry (as written; borrowed from pol) at or above path
 * (normalised absolute, as written or resolved), or NULL. Lexical, no
 * filesystem access: safe from the listener's threads. */
const char *policy_secret_at(const struct fsj_policy *pol, const char *path);

/* A secret entry at or below folder, which a recursive grant on folder
 * would cover, or NULL. */
const char *policy_secret_under(const struct fsj_policy *pol, const char *folder);

/* explain's note for a path (as written and resolved) in a secret: a new
 * sentence naming the entry (caller frees), or NULL. */
char *policy_secret_note(const struct fsj_policy *pol, const char *path, const char *resolved);

#endif
