/* shword-known.c - the shell parameters whose value `fsjail check` knows
 * before the line runs, expanded as bash would (shword.h). A path spelled
 * `$HOME/x` or "$PWD/../x" is then decided where bash puts it, not as a
 * run-time name in the working folder. */
#include "config.h"

#include <string.h>

#include "effects-int.h"

/* Whether bash would use v as it is: no blank to split it, no glob
 * character to expand it (unquoted `$HOME` is split and globbed). */
static bool plain(const char *v)
{
	return v && v[0] == '/' && !strpbrk(v, " \t\n*?[");
}

const char *shword_known_param(struct an *a, const struct sh *sh, TSNode n)
{
	const char *t;

	if (!n_is(n, "simple_expansion") && !n_is(n, "expansion"))
		return NULL;
	t = n_text(a, n);
	if ((!strcmp(t, "$HOME") || !strcmp(t, "${HOME}")) && plain(a->o->home))
		return a->o->home;
	if ((!strcmp(t, "$PWD") || !strcmp(t, "${PWD}")) && plain(sh->cwd))
		return sh->cwd;
	return NULL;
}
