/* fsjail-explain.c - what a run does with one capability on one path,
 * for `fsjail explain` in text and JSON (fsjail-int.h). */
#include <stdbool.h>

#include "fsjail-int.h"
#include "inforce.h"
#include "inforce-absent.h"
#include "inforce-mask.h"
#include "policy.h"
#include "repoexplain.h"
#include "sandbox.h"

bool fsjail_explain_listener(const struct fsj_ctx *ctx, const struct fsj_policy *pol)
{
	return !pol->darwin && ctx->config.protect_repository && sandbox_listener_expected(NULL);
}

void fsjail_explain_decide(const struct fsj_ctx *ctx, const struct fsj_policy *pol, bool listener,
			   const char *norm, const char *resolved, enum fsj_cap cap,
			   struct fsj_decision *d, struct repoexplain *rx, char **off)
{
	policy_decide(pol, norm, resolved, cap, d);
	if (d->allowed && listener &&
	    repoexplain_refuses(ctx->workspace, resolved, cap, ctx->config.backup_enabled, rx))
		*d = (struct fsj_decision){ false, FSJ_LEVEL_PROTECTED, NULL, false };
	/* a Mac's rules match paths, existing or not; Landlock's only ones that exist */
	if (!pol->darwin) {
		unsigned carried = fsj_listener_carries(&ctx->config);

		*off = fsj_grant_not_in_force(d, pol->enforced, carried, cap);
		if (!*off && d->allowed)
			*off = fsj_allowed_not_in_force(pol, norm, resolved, cap);
		if (!*off && d->allowed && (carried & FSJ_CAPBIT(cap)))
			*off = fsj_absent_unmakeable(pol, norm);
	} else if (cap == FSJ_CAP_EXECUTE && d->allowed)
		*off = fsj_exec_not_in_force(pol, resolved);
}
