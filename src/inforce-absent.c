/* inforce-absent.c - a grant beneath a folder that cannot be made (see
 * inforce-absent.h). */
#include "inforce-absent.h"

#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "path-memo.h"
#include "util.h"

char *fsj_absent_unmakeable(const struct fsj_policy *pol, const char *norm)
{
	cleanup_free char *dir = norm && !pol->darwin ? path_dirname(norm) : NULL;
	size_t n = dir ? strlen(dir) : 0, keep = n;
	struct stat st;

	/* run's memo answers a rule folder seen before (t0289) */
	if (!dir || path_memo_lstat(norm, &st) == 0 || path_memo_lstat(dir, &st) == 0)
		return NULL;
	/* dir[0..keep): the nearest existing ancestor ("/" at keep 1) */
	for (;;) {
		bool there;

		while (keep > 1 && dir[--keep] != '/')
			;
		if (keep <= 1) {
			keep = 1;
			break;
		}
		dir[keep] = '\0';
		there = lstat(dir, &st) == 0;
		dir[keep] = '/';
		if (there)
			break;
	}
	/* every missing folder from there down to dir must be creatable */
	for (size_t i = keep + 1; i <= n; i++) {
		struct fsj_decision r;
		char save = dir[i];
		cleanup_free char *res = NULL;

		if (i < n && save != '/')
			continue;
		dir[i] = '\0';
		policy_decide(pol, dir, (res = path_resolve(dir)), FSJ_CAP_CREATE, &r);
		if (!r.allowed)
			return xasprintf("not in force: its folder %s does not exist and create is "
					 "not granted there, so nothing can be made beneath it",
					 dir);
		dir[i] = save;
	}
	return NULL;
}
