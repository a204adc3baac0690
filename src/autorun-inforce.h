/* autorun-inforce.h - whether the protected rule "workspace-autorun"
 * (autorun-rule.h) is in force on this machine, and if not, why. */
#ifndef FSJAIL_AUTORUN_INFORCE_H
#define FSJAIL_AUTORUN_INFORCE_H

#include "config.h"

/* NULL when ctx's policy holds the rule: on macOS, or on Linux where
 * Landlock, mount masks and the seccomp listener keep each of its denies
 * from costing the workspace an expansion (new entries unreachable).
 * Otherwise a static sentence saying why it is not, and what to do, for
 * `fsjail status`, `fsjail explain` and the run's summary. Whether config turns it
 * off (protect: {autorun: false}) is the caller's to ask. Asks
 * ll_masks_available() (one probe per command). */
const char *autorun_not_in_force(const struct fsj_ctx *ctx);

/* For `fsjail explain` of norm (resolved: its resolved spelling, may be
 * NULL): when the rule workspace-autorun would refuse writing it but is
 * not in force here (autorun_not_in_force()), that sentence as a new
 * string (caller frees); else NULL. */
char *autorun_off_note(const struct fsj_ctx *ctx, const char *norm, const char *resolved);

#endif
