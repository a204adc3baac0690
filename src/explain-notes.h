/* explain-notes.h - the "why:" and "note:" lines under one path of
 * `fsjail explain` (cmd_explain.c), gathered from each subsystem that has
 * something to say of it. */
#ifndef FSJAIL_EXPLAIN_NOTES_H
#define FSJAIL_EXPLAIN_NOTES_H

#include <stdbool.h>

#include "config.h"
#include "explain-why.h"
#include "landlock.h"
#include "policy.h"

/* Print to stdout, for path norm (resolved: its spelling for ctx's
 * platform) under pol: why's notes, then the listener's repository note
 * (when listener), how the Landlock plan carries a path that does not
 * exist (plan compiled on first need, as explain_absent_note() does),
 * the secret, tool cache and first-use notes, and whether the protected
 * rule workspace-autorun that would hold it is not in force here
 * (autorun_off_note()), and what a delete the user's rule refuses breaks
 * (explain_delete_note()). Borrows everything. */
void explain_notes_print(const struct explain_why *why, const struct fsj_ctx *ctx,
			 const struct fsj_policy *pol, bool listener, struct ll_plan *plan,
			 bool *have_plan, const char *norm, const char *resolved);

#endif
