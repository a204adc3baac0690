/* gitcfg-worktree.c - the core.worktree lines of a submodule's gitdir
 * config, which gitcfg_change_ok() (gitcfg.c) compares apart (see
 * gitcfg-worktree.h).
 *
 * With a value check from the caller (gitcfg_change_ok()), the lines
 * `\tworktree = VALUE` of `[core]` sections are compared apart: git
 * submodule deinit removes core.worktree from a submodule's gitdir config
 * and update sets it again (submodule.c). A removal adds nothing git
 * runs or loads; a value set names where git writes the work tree, which
 * the caller's check (notify-gitcfg-check.c) keeps to folders of the
 * superproject's work tree. Any other spelling stays in the comparison. */

#include "gitcfg-worktree.h"

#include <string.h>

bool gitcfg_worktree_line(const char *p, size_t len, const char **v, size_t *vn)
{
	static const char key[] = "\tworktree = ";
	size_t kn = sizeof(key) - 1;

	if (len < kn + 2 || memcmp(p, key, kn) != 0 || p[len - 1] != '\n')
		return false;
	*v = p + kn;
	*vn = len - kn - 1;
	return true;
}

bool gitcfg_core_header(const char *p, size_t len)
{
	return len == 7 && memcmp(p, "[core]\n", 7) == 0;
}

bool gitcfg_worktree_lines_ok(const char *wt, size_t len, const struct gitcfg_worktree *ok)
{
	const char *p = wt, *end = wt + len, *nl, *v;
	size_t vn;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl || !gitcfg_worktree_line(p, (size_t)(nl + 1 - p), &v, &vn) ||
		    !ok->value_ok(v, vn, ok->arg))
			return false;
	}
	return true;
}
