/* git-editor.c - whether the editor git runs is inert by the line's own
 * assignments (git-editor.h). `GIT_SEQUENCE_EDITOR=true git rebase -i`
 * was opaque in fsjail check (a person asked) although git then writes
 * its todo list and runs nothing: rebase -i behaves as a plain rebase. */
#include <string.h>

#include "git-editor.h"

bool git_editor_inert_value(const char *v, size_t vn)
{
	static const char *const inert[] = { "", "cat", "true", ":", NULL };

	/* one pair of quotes around the whole value */
	if (vn >= 2 && (v[0] == '\'' || v[0] == '"') && v[vn - 1] == v[0]) {
		v++;
		vn -= 2;
	}
	if (strcspn(v, "$`\\'\"") < vn)
		return false;
	for (size_t i = 0; inert[i]; i++)
		if (strlen(inert[i]) == vn && memcmp(inert[i], v, vn) == 0)
			return true;
	return false;
}

unsigned git_editor_assign(unsigned bits, const char *assign, bool value_known, enum git_ed_how how)
{
	const char *eq = assign ? strchr(assign, '=') : NULL;
	size_t n = eq ? (size_t)(eq - assign) : 0;
	unsigned which;
	bool inert;

	if (!eq)
		return bits; /* `export NAME`: the value is what it was */
	if (n == 19 && memcmp(assign, "GIT_SEQUENCE_EDITOR", n) == 0)
		which = GIT_ED_SEQ;
	else if (n == 10 && memcmp(assign, "GIT_EDITOR", n) == 0)
		which = GIT_ED_GIT;
	else
		return bits;
	inert = value_known && git_editor_inert_value(eq + 1, strlen(eq + 1));
	if (!inert)
		return bits & ~which;
	return how == GIT_ED_EXPORT ? bits | which : bits;
}
