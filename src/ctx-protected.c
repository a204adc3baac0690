/* ctx-protected.c - the protected tree a workspace nobody named lies in
 * (ctx-protected.h). */

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ctx-protected.h"
#include "path.h"
#include "policy.h"
#include "util.h"

/* Whether rule spelling s (may be NULL) is path or resolved or a folder
 * above either: a superset of the index entries decide_one() probes. */
static bool at_or_above(const char *s, const char *path, const char *resolved)
{
	return s && (path_covers(s, path) || (resolved && path_covers(s, resolved)));
}

int ctx_protected_tree(const char *baseline, const struct fsj_vars *vars, const char *path,
		       const char *resolved, char **path_out, struct fsj_error *err)
{
	struct fsj_ruleset rs;
	struct fsj_decision dec;
	struct fsj_policy *pol;

	*path_out = NULL;
	if (fsj_baseline_load(baseline, vars, FSJ_TIER_FULL, &rs, NULL, NULL, err) < 0)
		return -1;
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	for (size_t i = 0; i < rs.n; i++) {
		struct fsj_rule r = rs.rules[i];
		cleanup_free char *res = NULL;

		if (r.source != FSJ_SRC_PROTECTED)
			continue;
		/* the spelling policy_add_rule() would compute (memoised) */
		if (!r.resolved)
			r.resolved = res = path_resolve(r.path);
		/* kept in the order read: a tie at one depth goes to the first */
		if (at_or_above(r.path, path, resolved) || at_or_above(r.resolved, path, resolved))
			policy_add_rule(pol, &r);
	}
	policy_finalize(pol);
	policy_decide(pol, path, resolved, FSJ_CAP_WRITE, &dec);
	if (dec.level == FSJ_LEVEL_PROTECTED && !dec.allowed && dec.rule)
		*path_out = xstrdup(dec.rule->path);
	policy_free(pol);
	fsj_ruleset_release(&rs);
	return 0;
}
