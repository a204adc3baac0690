/* autorun-rule.c - the protected rule "workspace-autorun"
 * (autorun-rule.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "autorun-add.h"
#include "autorun-hooks.h"
#include "autorun-int.h"
#include "autorun-rule.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

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
		cleanup_free char *p = NULL;

		if (after_install(&autorun_files[k]))
			continue;
		p = path_join(workspace, autorun_files[k].rel);
		autorun_rule_add(pol, workspace, p, false, autorun_files[k].why);
	}
	autorun_add_dir_rules(pol, workspace);
	autorun_add_hook_rules(pol, workspace);
}
