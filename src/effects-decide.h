/* effects-decide.h - the decision on a command line's effects
 * (effects.h) against a policy (DESIGN.md section 11): per effect a
 * verdict with the rule that decided it, overall allow, prompt or refuse,
 * and the (path, capability) pairs a person may grant. */
#ifndef FSJAIL_EFFECTS_DECIDE_H
#define FSJAIL_EFFECTS_DECIDE_H

#include "effects.h"

enum fsj_verdict {
	FSJ_VERDICT_ALLOWED = 0,
	FSJ_VERDICT_MISSING,   /* not granted: a person may grant it */
	FSJ_VERDICT_REFUSED,   /* a protected path, a rule of the user or the
				* read-only mode denies it: asking cannot help */
};

enum fsj_overall {
	FSJ_OVERALL_ALLOW = 0,
	FSJ_OVERALL_PROMPT,
	FSJ_OVERALL_REFUSE,
};

struct fsj_effect_decision {
	enum fsj_verdict verdict;
	enum fsj_level level;          /* the level that decided */
	const struct fsj_rule *rule;   /* the deciding rule, NULL at the default level */
	char *resolved;                /* path_resolve() of the path decided on, or NULL */
	bool by_tier;                  /* opaque code allowed because the tier holds it */
	char *why;                     /* why a run refuses what the policy allows (the
					* listener's reason, a grant not in force), or NULL */
};

struct fsj_missing {
	char *path;
	enum fsj_cap cap;
};

struct fsj_check {
	struct fsj_effect_decision *d; /* one per effect, same order */
	size_t n;
	struct fsj_missing *missing;   /* deduplicated, deepest path first */
	size_t n_missing;
	enum fsj_overall overall;
};

/* Decide every effect of fx against pol (pol->tier is the tier the command
 * would run at; cwd is the line's starting working directory, used when an
 * effect's path is unknown). Rules:
 * - resolved: policy_decide() on the path and its path_resolve() spelling;
 * - unresolved: decided on its directory (effect path), the working
 *   directory when unknown: it asks unless the capability is granted there;
 * - opaque: allowed when pol->tier is guarded or stronger, or all five
 *   capabilities are granted on the working directory; else the missing
 *   ones are asked for.
 * A denial is REFUSED when the protected level decided it, when a rule of
 * the explicit level denies the capability, or when the mode is read-only
 * and the capability is write, create or delete; otherwise MISSING. A
 * recursive resolved effect is REFUSED too when a protected rule, or an
 * explicit rule denying its capability, lies at or beneath its path
 * (`rm -rf /` can never be granted whole).
 * With ctx (the context pol was made from; may be NULL), a resolved effect
 * is decided by fsjail_explain_decide(), the one decision explain uses:
 * the seccomp listener's repository rules (repoexplain.h) and a grant
 * not in force (inforce.h) turn an allow into REFUSED, with d->why;
 * execute without read is MISSING read instead, and a path absent at
 * start that no earlier effect creates stays ALLOWED (the command meets
 * ENOENT there), d->why saying the grant is not in force. With ctx and
 * the listener expected, an effect with a guard (effects.h) is REFUSED by
 * rule repository-metadata with d->why the guard (guard_maybe: MISSING,
 * no grant offered), whatever the policy says.
 * Overall: REFUSE when any effect is refused, ALLOW when every effect is
 * allowed and fx->complete, PROMPT otherwise. Fills *out (release with
 * fsj_check_release()); the rule pointers borrow from pol or are static. */
struct fsj_ctx;
void effects_decide(const struct fsj_effects *fx, const struct fsj_policy *pol,
		    const char *cwd, const struct fsj_ctx *ctx, struct fsj_check *out);
void fsj_check_release(struct fsj_check *c);

/* "allowed", "missing", "refused"; "allow", "prompt", "refuse". Static. */
const char *fsj_verdict_name(enum fsj_verdict v);
const char *fsj_overall_name(enum fsj_overall o);

#endif
