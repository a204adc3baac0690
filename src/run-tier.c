/* run-tier.c - the tier `fsjail run` runs at (run-tier.h), out of
 * cmd_run.c. */
#include <stdio.h>

#include "cmd.h"
#include "path.h"
#include "probe.h"
#include "probe-status.h"
#include "run-tier.h"

/* See run-tier.h. */
int run_tier_choose(const struct fsj_ctx *ctx, enum fsj_backend backend, struct strbuf *gaps,
		    struct fsj_error *why)
{
	struct fsj_error err = { { 0 } };
	struct strbuf warnings = STRBUF_INIT;
	struct probe_report r;
	int tier;

	/* a probe that runs makes and removes files: resolve afresh for it,
	 * and after it (see path_resolve_memo()) */
	path_resolve_memo(PATH_MEMO_PAUSE);
	if (probe_get(ctx, backend, 0, &r, &warnings, &err) < 0) {
		cmd_print_error(&err);
		sb_release(&warnings);
		*why = err;
		return -1;
	}
	if (!r.cached)
		path_resolve_memo(PATH_MEMO_OFF);
	path_resolve_memo(PATH_MEMO_ON);
	if (warnings.len)
		fprintf(stderr, "fsjail: warning: %s", warnings.buf);
	sb_release(&warnings);
	tier = probe_choose_tier(&r, ctx->enforce, &err);
	if (tier >= 0 && ctx->config.network == FSJ_NETWORK_DENY)
		(void)probe_network_gaps(&r, tier, gaps);
	if (tier < 0)
		fprintf(stderr, "fsjail: refusing to run: %s\n"
				"hint: 'fsjail probe' lists every check; 'fsjail status' shows what "
				"is enforced; --enforce off runs without a sandbox\n",
			err.text);
	if (tier < 0)
		(void)fsj_error_set(why, NULL, 0, 0, "refusing to run: %s", err.text);
	probe_report_release(&r);
	return tier;
}
