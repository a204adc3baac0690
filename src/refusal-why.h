/* refusal-why.h - what decided a refusal, and why the path is kept, for
 * the run's refusal summary (refusal.h). No state. */
#ifndef FSJAIL_REFUSAL_WHY_H
#define FSJAIL_REFUSAL_WHY_H

#include <stdbool.h>
#include <stdio.h>

#include "policy.h"

/* The decider of a summary line: "LEVEL[ rule 'ID'][ at ORIGIN][ (REASON)]"
 * when the policy decided (by_policy; a reason other than "policy" says
 * what to change), else "REASON (not a rule)". Every text escaped as
 * refusal_printable() (refusal.h); any of id, origin, reason may be NULL.
 * Caller frees. */
char *refusal_decider(bool by_policy, enum fsj_level level, const char *id,
		      const char *origin, const char *reason);

/* The deciding entry's note (a baseline "note:": why the path is kept; NULL
 * prints nothing) to out as the indented line "    why: NOTE", escaped. */
void refusal_why_line(FILE *out, const char *note);

#endif
