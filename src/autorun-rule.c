/* autorun-rule.c - the protected rule "workspace-autorun"
 * (autorun-rule.h). */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "autorun-int.h"
#include "autorun-rule.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

/* How the summary, `fsjail log` and `fsjail explain` say it is turned off
 * (fsjail.yaml(5), protect). */
#define AUTORUN_OFF "protect: {autorun: false} in fsjail's config.yaml turns this off"

const char **autorun_roots(const char *workspace, const struct repometa *repos, size_t *n)
{
	const char **roots = xcalloc(1 + (repos ? repos->n : 0), sizeof(*roots));

	*n = 0;
	roots[(*n)++] = workspace;
	for (size_t i = 0; repos && i < repos->n; i++)
		if (workspace && repos->v[i].repo && path_covers(workspace, repos->v[i].repo))
			roots[(*n)++] = repos->v[i].repo;
	return roots;
}

/* The files run only once the user installed a git hook manager: project
 * build configuration, as a Makefile is; named after the run, not
 * refused. */
static bool after_install(const struct autorun_file *f)
{
	return strcmp(f->tool, "pre-commit") == 0 || strcmp(f->tool, "lefthook") == 0;
}

void autorun_add_rules(struct fsj_policy *pol, const char *workspace)
{
	if (!workspace)
		return;
	/* the workspace's top only, what an editor or harness opens: a
	 * submodule or linked worktree in it must stay movable (git mv, git
	 * worktree move: a folder carrying a protected name cannot be
	 * renamed); the files of those are named after the run instead */
	for (size_t k = 0; k < autorun_n_files; k++) {
		const struct autorun_file *f = &autorun_files[k];
		cleanup_free char *p = NULL, *res = NULL, *origin = NULL, *note = NULL;

		if (after_install(f))
			continue;
		p = path_join(workspace, f->rel);
		res = path_resolve(p);
		origin = xasprintf("the files editors and agents run by themselves in %s "
				   "(protect: {autorun: false} turns this off)",
				   workspace);
		note = xasprintf("%s, outside any sandbox, when an editor or agent opens "
				 "the folder or rereads it; " AUTORUN_OFF,
				 f->why);
		struct fsj_rule r = {
			.id = (char *)"workspace-autorun",
			.path = p,
			.resolved = res,
			.deny = FSJ_CAPS_MODIFY,
			.source = FSJ_SRC_PROTECTED,
			.origin = origin,
			.note = note,
		};

		policy_add_rule(pol, &r);
	}
}
