/* explain-delete.c - what a delete refused by the user's own rule breaks
 * (explain-delete.h). */
#include "explain-delete.h"
#include "util.h"

char *explain_delete_note(const struct fsj_policy *pol, const char *norm, const char *resolved)
{
	struct fsj_decision d, c;

	if (!norm || !(pol->enforced & FSJ_CAPBIT(FSJ_CAP_DELETE)))
		return NULL;
	policy_decide(pol, norm, resolved ? resolved : norm, FSJ_CAP_DELETE, &d);
	if (d.allowed || d.level != FSJ_LEVEL_EXPLICIT)
		return NULL;
	policy_decide(pol, norm, resolved ? resolved : norm, FSJ_CAP_CREATE, &c);
	if (!c.allowed)
		return NULL;
	return xstrdup("delete refused here also stops what saves through a temporary file "
		       "renamed over the original (sed -i, python's os.replace, editors' atomic "
		       "saves) and what takes a lock file (git's index.lock and HEAD.lock: add, "
		       "commit and checkout fail); the temporary and lock files are left behind, "
		       "and 'fsjail backups restore' moves away what the run made");
}
