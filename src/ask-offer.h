/* ask-offer.h - what the ask card and the harness request offer (ask.h):
 * which missing pairs are only a folder, the request as JSON, and why
 * "always" is withheld. Moved out of ask.c by responsibility. */
#ifndef FSJAIL_ASK_OFFER_H
#define FSJAIL_ASK_OFFER_H

#include <stdbool.h>

#include "effects-decide.h"
#include "policy.h"

/* True when missing pair m of chk comes only from effects of fx whose path
 * is computed when the command runs (unresolved) or from code fsjail
 * cannot read (opaque): its path is then a folder the real path lies in
 * (cwd for an effect without a path), never the path itself, and an
 * answer must not turn it into a grant on the folder unless that is
 * chosen explicitly. */
bool ask_folder_only(const struct fsj_effects *fx, const struct fsj_check *chk, const char *cwd,
		     const struct fsj_missing *m);

/* Why "always" (a rule kept in the rules file) must not be offered for
 * the missing pairs of chk under pol: a new sentence naming the first
 * pair's path at, under or over a secret, or at, under or over a protected
 * path or a deny rule of the user's, whatever the capability
 * (refusal_hint_guard() with every capability; both spellings of the
 * path) - such a pair is offered "once" at most, so that no kept rule
 * ever opens a credential or what the host runs later. NULL: "always"
 * may be offered. Caller frees. */
char *ask_always_withheld(const struct fsj_policy *pol, const struct fsj_check *chk);

/* The request as one line of JSON (fsjail-json(7), "fsjail-ask/1"): the
 * missing pairs, the effects whose path is known only when the command
 * runs, why the analysis is incomplete, and the answers accepted ("always"
 * only when always, "folder" only when folders). line, cwd: the command
 * line and its folder. Caller frees with cJSON_free(). */
char *ask_request_json(const char *line, const char *cwd, enum fsj_tier tier,
		       const struct fsj_effects *fx, const struct fsj_check *chk, bool folders,
		       bool always);

#endif
