/* ctx-state.h - fsjail's own state where the config or the environment
 * moves it out of the places the baseline protects (moved out of ctx.c
 * by responsibility): an audit log the config puts elsewhere, and the
 * trash in $XDG_DATA_HOME. */
#ifndef FSJAIL_CTX_STATE_H
#define FSJAIL_CTX_STATE_H

#include "config.h"
#include "policy.h"

/* Add to pol the protected rules, unreadable too (DESIGN.md section 3),
 * on ctx's config audit_path (this path only) and, on Linux for this
 * machine, on $XDG_DATA_HOME/Trash (the tree: other runs' deleted files
 * and the .trashinfo that says where each goes back). Never fails. */
void ctx_state_rules(const struct fsj_ctx *ctx, struct fsj_policy *pol);

#endif
