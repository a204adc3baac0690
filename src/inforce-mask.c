/* inforce-mask.c - a write grant a mount mask takes away (inforce-mask.h). */
#include <errno.h>
#include <sys/stat.h>

#include "inforce.h"
#include "inforce-mask.h"
#include "landlock.h"
#include "readhide.h"
#include "sandbox.h"
#include "util.h"

char *fsj_write_under_mask(const struct fsj_policy *pol, const char *norm, const char *resolved)
{
	struct fsj_decision r;
	struct stat st;

	if (pol->darwin || !norm || !(pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)) ||
	    lstat(resolved ? resolved : norm, &st) < 0 || S_ISDIR(st.st_mode) ||
	    !ll_masks_available())
		return NULL;
	policy_decide(pol, norm, resolved, FSJ_CAP_READ, &r);
	if (r.allowed || (r.level != FSJ_LEVEL_EXPLICIT && r.level != FSJ_LEVEL_PROTECTED))
		return NULL;
	return xstrdup("not in force: its read deny hides it with a mount mask (an empty "
		       "read-only file), which refuses writing it too (EROFS; EACCES as an "
		       "ordinary user)");
}

char *fsj_create_kept_absent(const struct fsj_policy *pol, const char *norm, const char *resolved)
{
	struct fsj_decision r;
	struct stat st;

	if (!norm || lstat(resolved ? resolved : norm, &st) == 0 || errno != ENOENT ||
	    !ll_masks_available() || !sandbox_listener_expected(NULL) ||
	    !fsj_readhide_refuses_create(pol, norm, resolved, &r))
		return NULL;
	return xstrdup("not in force: its read deny keeps it absent (the seccomp listener "
		       "refuses making it by any name, rename or link; EACCES)");
}

char *fsj_allowed_not_in_force(const struct fsj_policy *pol, const char *norm,
			       const char *resolved, enum fsj_cap cap)
{
	if (cap == FSJ_CAP_EXECUTE)
		return fsj_exec_without_read(pol, norm, resolved);
	if (cap == FSJ_CAP_CREATE)
		return fsj_create_kept_absent(pol, norm, resolved);
	return cap == FSJ_CAP_WRITE ? fsj_write_under_mask(pol, norm, resolved) : NULL;
}
