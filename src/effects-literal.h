/* effects-literal.h - the paths opaque code names in plain text (a
 * `python3 -c "open('.git/config','a')"`, a `node -e` one-liner, an
 * `xargs sh -c` string), matched with the policy's refusing rules
 * (chk38): such code was "allow" at a tier that holds opaque code while
 * the run refuses the protected or denied path it names. */
#ifndef FSJAIL_EFFECTS_LITERAL_H
#define FSJAIL_EFFECTS_LITERAL_H

#include <stdbool.h>

#include "effects-decide.h"
#include "effects.h"
#include "policy.h"

/* The rule of pol that may refuse read, write, create or delete of a path
 * the text of the opaque effect e names: a word of e->text (split at
 * blanks, quotes, brackets and punctuation; a leading "~/" is home, a
 * relative word lies in e->path) that holds a slash or exists now, and
 * that is, lies beneath or above (delete) a protected path, or one an
 * explicit rule denies that capability. *path (when not NULL) gets that
 * word as an absolute path (malloc'd, the caller frees) or NULL. NULL
 * when none does, or e is not opaque or has no working folder. Borrowed
 * from pol. Looks at the filesystem (stat) only for words without a
 * slash. home may be NULL. */
const struct fsj_rule *effects_literal_reaches(const struct fsj_policy *pol,
					       const struct fsj_effect *e, const char *home,
					       char **path);

/* Decide the opaque effect e into d when its text names such a path:
 * missing (it asks; no grant lifts the rule), with the rule and a why-note
 * d->why (malloc'd; fsj_check_release() frees it). Returns false, d
 * untouched, when it names none. home may be NULL. */
bool effects_literal_decide(const struct fsj_policy *pol, const struct fsj_effect *e,
			    const char *home, struct fsj_effect_decision *d);

#endif
