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

/* Whether m is git's create of a gitdir (a path ending in "/.git"). */
static bool makes_gitdir(const struct fsj_effect *m)
{
	return m->cap == FSJ_CAP_CREATE && m->path && m->program &&
	       strcmp(m->program, "git") == 0 && ends_with(m->path, "/.git");
}

size_t *effects_newrepo_gitdirs(const struct fsj_effects *fx, size_t *n)
{
	size_t *v = NULL;

	*n = 0;
	for (size_t j = 0; j < fx->n; j++)
		if (makes_gitdir(&fx->v[j])) {
			v = xreallocarray(v, *n + 1, sizeof(*v));
			v[(*n)++] = j;
		}
	return v;
}

char *effects_newrepo_guard(const struct fsj_effects *fx, size_t i, const size_t *dirs,
			    size_t ndirs)
{
	const struct fsj_effect *e = &fx->v[i];

	if (e->status != FSJ_EFFECT_RESOLVED || !e->path ||
	    (e->cap != FSJ_CAP_CREATE && e->cap != FSJ_CAP_WRITE) ||
	    (e->program && strcmp(e->program, "git") == 0))
		return NULL;
	/* the gitdirs made before effect i only (80,000 commands in a line:
	 * t0121, a scan of every earlier effect for each was quadratic) */
	for (size_t k = 0; k < ndirs && dirs[k] < i; k++) {
		const struct fsj_effect *m = &fx->v[dirs[k]];
		size_t n = strlen(m->path);
		const char *rest;

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
