/* explain-absent.h - `fsjail explain`'s note on how the Landlock plan
 * carries a path: kept absent by the seccomp listener, or under an
 * expanded folder (explain-absent.c). */
#ifndef FSJAIL_EXPLAIN_ABSENT_H
#define FSJAIL_EXPLAIN_ABSENT_H

#include <stdbool.h>

#include "config.h"
#include "landlock.h"
#include "policy.h"

/* The note for resolved (an absolute path that does not exist), or NULL
 * when there is none to say (Linux only; never for --platform of another system). plan is
 * compiled from pol on the first call that needs it (*have_plan then
 * true; the caller releases it with ll_plan_release()), with the
 * listener and mount masks this run of fsjail would have. Returns a new
 * string (caller frees). */
char *explain_absent_note(const struct fsj_policy *pol, const struct fsj_ctx *ctx,
			  struct ll_plan *plan, bool *have_plan, const char *resolved);

#endif
