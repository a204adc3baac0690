/* readhide.c - a read deny on a path that does not exist yet, kept by
 * keeping the path absent (readhide.h). */
#include "path.h"
#include "readhide.h"
#include "util.h"

static bool level_strong(enum fsj_level l)
{
	return l == FSJ_LEVEL_PROTECTED || l == FSJ_LEVEL_EXPLICIT;
}

bool fsj_readhide_refuses_create(const struct fsj_policy *pol, const char *path,
				 const char *resolved, struct fsj_decision *d)
{
	cleanup_free char *up = NULL;
	struct fsj_decision ud;

	if (!pol || !path || pol->darwin || !(pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)))
		return false;
	policy_decide(pol, path, resolved ? resolved : path, FSJ_CAP_READ, d);
	if (d->allowed || !level_strong(d->level))
		return false;
	/* below a folder whose read is denied too: its mount mask (or its
	 * own absence) answers, with its own words (notify-masknew.c) */
	up = path_dirname(resolved ? resolved : path);
	if (!up)
		return true;
	policy_decide(pol, up, up, FSJ_CAP_READ, &ud);
	return ud.allowed || !level_strong(ud.level);
}

bool fsj_readhide_rule(const struct fsj_policy *pol, const struct fsj_rule *r)
{
	return pol && !pol->darwin && (pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)) &&
	       (r->deny & FSJ_CAPBIT(FSJ_CAP_READ)) && r->source != FSJ_SRC_BASELINE;
}
