/* ask-refused.h - what `fsjail run --ask` says when the policy refuses an
 * effect of the command before it runs (ask.h): a line on stderr and a
 * refusal record (refusal.h) on --report, --status-fd and the audit log,
 * of phase "before" (refusal-phase.h), counted in "exited"'s refusals. */
#ifndef FSJAIL_ASK_REFUSED_H
#define FSJAIL_ASK_REFUSED_H

#include "effects-decide.h"
#include "effects.h"
#include "policy.h"

/* For every effect of fx that chk refuses: "fsjail: refused: CAP PATH
 * (LEVEL RULE): WHY" on stderr (escaped) and refusal_record() with the
 * run's sinks as set now, the hints made under pol and the audit lines
 * tagged with session (both borrowed for the call only). Never fails. */
void ask_refused(const struct fsj_effects *fx, const struct fsj_check *chk,
		 const struct fsj_policy *pol, const char *session);

#endif
