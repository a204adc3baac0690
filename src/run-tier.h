/* run-tier.h - the tier `fsjail run` takes (cmd_run.c). */
#ifndef FSJAIL_RUN_TIER_H
#define FSJAIL_RUN_TIER_H

#include "config.h"
#include "util.h"

/* The tier to run at (DESIGN.md section 5): what the probe proved for this
 * backend, mode and workspace (cached, or probed now), measured against
 * enforce. With network: deny, a line per promise the probe found not kept
 * there (UDP, DNS, raw: probe_network_gaps()) goes to gaps, for
 * runmsg_gaps(). Returns the tier, or -1 after saying on stderr why
 * nothing may run (also in *why, for the status stream). */
int run_choose_tier(const struct fsj_ctx *ctx, enum fsj_backend backend, struct strbuf *gaps,
		    struct fsj_error *why);

#endif
