/* refusal-sibling.c - see refusal-sibling.h (moved out of refusal.c,
 * where only a listener-refused ".lock" of a protected file got its
 * file's note, and not when a baseline entry with a note of its own
 * refused the lock first: tidy23, t0416). */
#include <string.h>

#include "refusal-sibling.h"
#include "util.h"

/* The names a lock file or a write-then-rename takes beside the file it
 * replaces: git's lockfile.c, vim's swap file of a dotfile, sed and
 * editors' ".tmp"/".new", a backup "~". */
static const char *const suffixes[] = { ".lock", ".tmp", ".new", ".swp", "~" };

char *refusal_sibling_note(const struct fsj_policy *pol, const char *path)
{
	size_t n = path ? strlen(path) : 0;

	for (size_t i = 0; pol && i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t s = strlen(suffixes[i]);
		struct fsj_decision d;

		/* NAME must be a name: not empty, not the folder itself */
		if (n <= s + 1 || strcmp(path + n - s, suffixes[i]) != 0 || path[n - s - 1] == '/')
			continue;
		cleanup_free char *name = xstrndup(path, n - s);

		policy_decide(pol, name, NULL, FSJ_CAP_WRITE, &d);
		if (!d.allowed && d.level == FSJ_LEVEL_PROTECTED && d.rule && d.rule->note)
			return xstrdup(d.rule->note);
	}
	return NULL;
}
