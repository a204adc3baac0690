/* refusal-hint-git.c - refusal hints for what git reads and locks
 * (refusal-hint-git.h, refusal-hint.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "refusal-hint-git.h"
#include "refusal-hint-guard.h"
#include "refusal.h"
#include "util.h"

/* Whether dir/name exists (lstat(2)); want_dir: and is a folder. */
static bool has(const char *dir, const char *name, bool want_dir)
{
	cleanup_free char *p = path_join(dir, name);
	struct stat st;

	return lstat(p, &st) == 0 && (!want_dir || S_ISDIR(st.st_mode));
}

char *refusal_hint_repo_top(const char *path, const char *home)
{
	char *a = xstrdup(path);

	while (strcmp(a, "/") != 0 && !(home && path_covers(a, home))) {
		const char *base = strrchr(a, '/') + 1;
		char *up = path_dirname(a);

		if (strcmp(base, ".git") == 0 && has(up, ".git", true)) {
			free(a);
			return up;
		}
		if (has(a, ".git", false) ||
		    (has(a, "HEAD", false) && has(a, "objects", true) && has(a, "refs", true))) {
			free(up);
			return a;
		}
		free(a);
		a = up;
	}
	free(a);
	return NULL;
}

bool refusal_hint_repo(const struct fsj_policy *pol, const char *home,
		       const struct refusal_hint_item *it, struct refusal_hint *out)
{
	cleanup_free char *top = NULL;
	cleanup_free char *shown = NULL;
	const char *wide;
	char *why;

	if (it->cap != FSJ_CAP_READ || !(top = refusal_hint_repo_top(it->path, home)) ||
	    strcmp(top, it->path) == 0)
		return false;
	shown = refusal_printable(top);
	out->caps = refusal_hint_caps(pol, top, FSJ_CAPBIT(FSJ_CAP_READ), true);
	wide = refusal_hint_wide(pol, top, home, false);
	why = wide ? xstrdup(wide) : refusal_hint_guard(pol, top, out->caps, true, &out->secret);
	if (!why) {
		out->path = xstrdup(top);
		out->folder = true;
		out->note = xasprintf("it lies in the git repository %s, which git reads whole "
				      "(HEAD, refs, objects, config): its top folder is offered",
				      shown);
		return true;
	}
	out->caps = 0;
	out->why = xasprintf("it lies in the git repository %s, which git reads whole, so a "
			     "grant on it alone would not do, and the repository's folder is "
			     "not offered: %s", shown, why);
	free(why);
	return true;
}

char *refusal_hint_protected_lock(const struct fsj_policy *pol, const char *path)
{
	size_t n = path ? strlen(path) : 0;
	struct fsj_decision d;
	char *name;

	if (!pol || n <= 6 || strcmp(path + n - 5, ".lock") != 0 || path[n - 6] == '/')
		return NULL;
	name = xstrndup(path, n - 5);
	policy_decide(pol, name, NULL, FSJ_CAP_WRITE, &d);
	if (!d.allowed && d.level == FSJ_LEVEL_PROTECTED)
		return name;
	free(name);
	return NULL;
}
