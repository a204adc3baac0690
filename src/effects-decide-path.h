/* effects-decide-path.h - what effects_decide() (effects-decide.h) asks
 * of the policy's rules beneath a path, of the filesystem and of the
 * line's earlier effects. */
#ifndef FSJAIL_EFFECTS_DECIDE_PATH_H
#define FSJAIL_EFFECTS_DECIDE_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "effects.h"
#include "policy.h"

/* The rule of pol that makes a recursive effect with capability cap on
 * path p (resolved: its path_resolve() spelling, or NULL) impossible to
 * grant: a protected rule, or an explicit rule denying cap, at or beneath
 * p (either spelling). Borrowed from pol; NULL when there is none. */
const struct fsj_rule *decide_denied_beneath(const struct fsj_policy *pol, const char *p,
					    const char *resolved, enum fsj_cap cap);
/* Whether path (resolved: its resolved spelling, or NULL) is absent now:
 * lstat(2) fails with ENOENT. Other errors answer false. */
bool decide_absent_at_start(const char *path, const char *resolved);
/* Whether an effect of fx before index i creates path or a folder above
 * it. */
bool decide_made_earlier(const struct fsj_effects *fx, size_t i, const char *path);

#endif
