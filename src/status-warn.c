/* status-warn.c - status's warnings from the policy and this machine
 * (status-warn.h). */
#include <stdio.h>

#include "autorun-inforce.h"
#include "status-grants.h"
#include "status-warn.h"
#include "status_json.h"

void status_warnings(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
		     struct strbuf *warnings)
{
	const char *autorun = ctx->config.protect_autorun ? autorun_not_in_force(ctx) : NULL;

	status_grants_warn(ctx, warnings);
	status_exec_read_warn(ctx, pol, warnings);
	status_exe_warn(pol, warnings);
	if (autorun)
		sb_addf(warnings, "%s\n", autorun);
}

void status_run_warnings(const struct fsj_ctx *ctx, const char *prefix, FILE *out)
{
	const char *autorun = ctx->config.protect_autorun ? autorun_not_in_force(ctx) : NULL;

	status_grants_print(ctx, prefix, out);
	if (autorun)
		fprintf(out, "%s%s\n", prefix, autorun);
}
