/* effects-newrepo.c - writes into the metadata of a repository made
 * earlier in the same line (effects-newrepo.h). */
#include <stdlib.h>
#include <string.h>

#include "effects-newrepo.h"
#include "util.h"

/* Whether s ends with suf. */
static bool ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && strcmp(s + a - b, suf) == 0;
}

char *effects_newrepo_guard(const struct fsj_effects *fx, size_t i)
{
	const struct fsj_effect *e = &fx->v[i];

	if (e->status != FSJ_EFFECT_RESOLVED || !e->path ||
	    (e->cap != FSJ_CAP_CREATE && e->cap != FSJ_CAP_WRITE) ||
	    (e->program && strcmp(e->program, "git") == 0))
		return NULL;
	for (size_t j = 0; j < i; j++) {
		const struct fsj_effect *m = &fx->v[j];
		size_t n;
		const char *rest;

		if (m->cap != FSJ_CAP_CREATE || !m->path || !m->program ||
		    strcmp(m->program, "git") != 0 || !ends_with(m->path, "/.git"))
			continue;
		n = strlen(m->path);
		if (strncmp(e->path, m->path, n) != 0)
			continue;
		rest = e->path + n;
		if (strcmp(rest, "/config") == 0 || strcmp(rest, "/config.worktree") == 0)
			return xasprintf("the config of the repository git makes earlier in the "
					 "line: the run lets it change only through git's checked "
					 "lock file");
		if (strncmp(rest, "/hooks/", 7) == 0 && !ends_with(rest, ".sample"))
			return xasprintf("a hook of the repository git makes earlier in the line: "
					 "the run keeps only NAME.sample there");
	}
	return NULL;
}
