/* cmd_load.h - a subcommand's context loaded: its policy at the tier it
 * works at (explain, compile, check), or its state where that can be read
 * (backups, log, allow, status: inside `fsjail run` the sandbox keeps the
 * state folder from the command, and an empty answer there, "no backup
 * cycles yet", would be false; msg32). */
#ifndef FSJAIL_CMD_LOAD_H
#define FSJAIL_CMD_LOAD_H

#include "config.h"
#include "policy.h"

/* Load the context (fsj_ctx_load), settle the tier (cmd_effective_tier)
 * and build its policy. network_arg, when non-NULL, overrides the config's
 * network setting ("allow" or "deny"). On success returns 0 with *tier and
 * *pol set (caller frees pol with policy_free() and ctx with
 * fsj_ctx_release()); on failure prints the reason and returns
 * FSJ_EXIT_ERROR with nothing left to release. */
int cmd_load_policy(const char *cmd, const struct fsj_ctx_opts *opts, const char *tier_arg,
		    const char *network_arg, struct fsj_ctx *ctx, int *tier,
		    struct fsj_policy **pol);

/* fsj_ctx_load(opts, ctx, err), then the state folder (ctx->env.state_dir)
 * and the rules file's folder opened for reading (O_DIRECTORY, no
 * following of a last symlink): either refused (any error but ENOENT, an
 * absent folder being "nothing kept yet") fails with err set, naming sub
 * ("backups", "log"...), the folder and why: inside a run
 * (FSJAIL_SESSION_ID set) "fsjail's state is not readable inside a
 * sandbox", else "cannot read fsjail's state". Returns 0 with ctx loaded
 * (the caller releases it), or -1 with err set and ctx released. */
int cmd_load_state(const struct fsj_ctx_opts *opts, struct fsj_ctx *ctx, const char *sub,
		   struct fsj_error *err);

#endif
