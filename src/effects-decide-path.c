/* effects-decide-path.c - what the decision on a command's effects asks
 * of the policy's rules beneath a path, of the filesystem and of the
 * line's earlier effects (effects-decide-path.h). */
#include <errno.h>
#include <sys/stat.h>

#include "effects-decide-path.h"
#include "path.h"

/* The rule that makes a recursive effect on path p impossible to grant:
 * a protected rule, or an explicit rule denying cap, at or beneath p
 * (either spelling). NULL when there is none. */
const struct fsj_rule *decide_denied_beneath(const struct fsj_policy *pol, const char *p,
					    const char *resolved, enum fsj_cap cap)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		enum fsj_level l = fsj_source_level(r->source);

		if (!(r->deny & FSJ_CAPBIT(cap)) ||
		    (l != FSJ_LEVEL_PROTECTED && l != FSJ_LEVEL_EXPLICIT))
			continue;
		if (path_covers(p, r->path) || (resolved && r->resolved && path_covers(resolved, r->resolved)))
			return r;
	}
	return NULL;
}

/* Whether path (resolved its resolved spelling, or NULL) is not there now. */
bool decide_absent_at_start(const char *path, const char *resolved)
{
	struct stat st;

	return lstat(resolved ? resolved : path, &st) < 0 && errno == ENOENT;
}

/* Whether an effect of fx before index i creates path or a folder above it. */
bool decide_made_earlier(const struct fsj_effects *fx, size_t i, const char *path)
{
	for (size_t k = 0; k < i; k++) {
		const struct fsj_effect *e = &fx->v[k];

		if (e->cap == FSJ_CAP_CREATE && e->path && path_covers(e->path, path))
			return true;
	}
	return false;
}
