/* status-warn.h - the lines of `fsjail status`'s "warnings" that the
 * policy and this machine give (not the probe's): grants not in force,
 * executes without read, fsjail's own folder, and a protected rule left
 * out here (autorun-inforce.h). */
#ifndef FSJAIL_STATUS_WARN_H
#define FSJAIL_STATUS_WARN_H

#include <stdio.h>

#include "config.h"
#include "policy.h"
#include "status-grants.h"
#include "util.h"

/* Append to warnings, one line each ending in '\n', what
 * status_grants_warn(), status_exec_read_warn() and status_exe_warn()
 * say of ctx and pol (may be NULL), then, when config leaves the rule
 * workspace-autorun on but this machine cannot carry it, why
 * (autorun_not_in_force()). Never fails (out of memory aborts). */
void status_warnings(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
		     struct strbuf *warnings);

/* What `fsjail run` says on out before the command starts, each line
 * after prefix: status_grants_print()'s lines (grants on paths absent at
 * the start), then, when config leaves the rule workspace-autorun on but
 * this machine cannot carry it, autorun_not_in_force()'s sentence, so
 * that a run never carries less than its policy says without saying so.
 * May run the mask probe (ll_masks_available()). */
void status_run_warnings(const struct fsj_ctx *ctx, const char *prefix, FILE *out);

#endif
