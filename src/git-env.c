/* git-env.c - the GIT_* assignments that leave git's repository where the
 * analyser finds it (git-env.h). Every GIT_* assignment made the analyser
 * take the repository for unknown, so `GIT_PAGER=cat git config
 * core.fsmonitor x` was "allow" in fsjail check while the run refused the
 * write of .git/config (user24): an agent's usual prefixes (a pager, an
 * editor that does nothing, an identity) now keep the repository known. */
#include <string.h>

#include "git-editor.h"
#include "git-env.h"

/* in list, s[0..n) */
static bool listed(const char *const *list, const char *s, size_t n)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && memcmp(list[i], s, n) == 0)
			return true;
	return false;
}

bool git_env_moves(const char *assign, bool value_known)
{
	/* an identity, a date, a prompt setting: no path, no program */
	static const char *const plain[] = { "GIT_AUTHOR_NAME",     "GIT_AUTHOR_EMAIL",
					     "GIT_AUTHOR_DATE",     "GIT_COMMITTER_NAME",
					     "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE",
					     "GIT_TERMINAL_PROMPT", "GIT_MERGE_AUTOEDIT",
					     "GIT_ADVICE",          NULL };
	/* a program git runs, inert only as one of inert[] */
	static const char *const prog[] = { "GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR",
					    NULL };
	const char *eq = assign ? strchr(assign, '=') : NULL;
	size_t n = eq ? (size_t)(eq - assign) : 0;
	const char *v = eq ? eq + 1 : "";
	size_t vn = strlen(v);

	if (!assign || strncmp(assign, "GIT_", 4) != 0)
		return false;
	if (!eq)
		return true;
	if (listed(plain, assign, n))
		return false;
	if (!listed(prog, assign, n))
		return true;
	/* an editor that is a program is opaque code already
	 * (prog-git-editor.c), and git has found its repository before it
	 * runs one: `GIT_EDITOR="sed -i ..." git commit --amend` had git's
	 * own files at an unknown place and asked (user30) */
	if (!(n == 9 && memcmp(assign, "GIT_PAGER", 9) == 0))
		return false;
	return !value_known || !git_editor_inert_value(v, vn);
}
