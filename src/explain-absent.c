/* explain-absent.c - `fsjail explain`'s note on a denied path that does
 * not exist yet (issue 12 items 3 and 6): whether the seccomp listener
 * keeps it absent (and which missing folders above it are guarded names),
 * or which folder is expanded for it, why, and who makes new entries there
 * (landlock-plan.c; the same compile as `fsjail status`). */
#include <stdlib.h>

#include "explain-absent.h"
#include "expanded-reach.h"
#include "inforce.h"
#include "path.h"
#include "sandbox.h"

#ifdef __linux__
char *explain_absent_note(const struct fsj_policy *pol, const struct fsj_ctx *ctx,
			  struct ll_plan *plan, bool *have_plan, const char *resolved)
{
	cleanup_free char *top = NULL, *at = NULL;

	if (ctx->env.foreign || ll_abi() <= 0 || !path_covers("/", resolved))
		return NULL;
	if (!*have_plan) {
		struct ll_opts lo = { .abi = ll_abi(),
				      .masks = ll_masks_available(),
				      .listener = sandbox_listener_expected(NULL),
				      .network = ctx->config.network };
		struct fsj_error err = { { 0 } };

		if (ll_compile(pol, &lo, plan, &err) < 0)
			return NULL;
		*have_plan = true;
	}
	for (size_t i = 0; i < plan->n_by_listener; i++) {
		const char *p = plan->by_listener[i];
		cleanup_free char *g = NULL;

		if (!path_covers(p, resolved))
			continue;
		g = ll_guarded_name(p);
		return xasprintf("'%s' does not exist: the seccomp listener refuses making it by "
				 "any name, rename or link, and its folders keep their grants%s%s%s",
				 p, g ? "; its missing folders from '" : "", g ? g : "",
				 g ? "' may be made, empty, but none moved or linked in" : "");
	}
	/* the folder a new entry on the way would be made in: its nearest
	 * existing ancestor */
	top = ll_guarded_name(resolved);
	at = path_dirname(top ? top : resolved);
	return expanded_folder_note(plan, at, fsj_listener_carries(&ctx->config));
}
#else
char *explain_absent_note(const struct fsj_policy *pol, const struct fsj_ctx *ctx,
			  struct ll_plan *plan, bool *have_plan, const char *resolved)
{
	(void)pol, (void)ctx, (void)plan, (void)have_plan, (void)resolved;
	return NULL;
}
#endif
