/* effects-why.h - why a command line needs a person's answer, as
 * `fsjail check --json` (fsjail-check/1) and the ask request
 * (fsjail-ask/1) both say it (fsjail-json(7)): the pairs no rule grants,
 * the effects whose path is computed when the line runs, and the reason
 * a person must answer when no pair is missing. */
#ifndef FSJAIL_EFFECTS_WHY_H
#define FSJAIL_EFFECTS_WHY_H

#include "effects-decide.h"
#include "effects.h"

struct cJSON;

/* Add "missing" to root (a cJSON object, changed): one object per pair of
 * chk->missing, "path" and "capability". Never fails (out of memory
 * aborts, as cJSON is set up). */
void effects_why_missing(struct cJSON *root, const struct fsj_check *chk);

/* Add "unresolved" and "reason" to root: every effect of fx chk found
 * missing whose path is not known before the run ("capability", "text"
 * as written, "folder": the folder it lies in, cwd when none, "why"), and
 * why a person must answer when nothing is missing (an incomplete parse,
 * an effect that could not be decided), else null. Borrows everything. */
void effects_why_unresolved(struct cJSON *root, const char *cwd, const struct fsj_effects *fx,
			    const struct fsj_check *chk);

#endif
