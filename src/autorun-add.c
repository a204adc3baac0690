/* autorun-add.c - one rule of "workspace-autorun", and the folders
 * agents load by themselves (autorun-add.h). */
#include <stdlib.h>

#include "autorun-add.h"
#include "autorun-dirs.h"
#include "path.h"
#include "util.h"

/* How the summary, `fsjail log` and `fsjail explain` say it is turned off
 * (fsjail.yaml(5), protect). */
#define AUTORUN_OFF "protect: {autorun: false} in fsjail's config.yaml turns this off"

void autorun_rule_add(struct fsj_policy *pol, const char *workspace, const char *path,
		      bool recursive, const char *why)
{
	cleanup_free char *p = xstrdup(path), *res = path_resolve(path);
	cleanup_free char *origin =
		xasprintf("the files editors and agents run by themselves in %s "
			  "(protect: {autorun: false} turns this off)",
			  workspace);
	cleanup_free char *note =
		xasprintf("%s, outside any sandbox, when an editor or agent opens "
			  "the folder or rereads it; " AUTORUN_OFF,
			  why);
	struct fsj_rule r = {
		.id = (char *)"workspace-autorun",
		.path = p,
		.resolved = res,
		.recursive = recursive,
		.deny = FSJ_CAPS_MODIFY,
		.source = FSJ_SRC_PROTECTED,
		.origin = origin,
		.note = note,
	};

	policy_add_rule(pol, &r);
}

void autorun_add_dir_rules(struct fsj_policy *pol, const char *workspace)
{
	if (!workspace)
		return;
	for (size_t i = 0; i < autorun_n_dirs; i++) {
		cleanup_free char *p = path_join(workspace, autorun_dirs[i].rel);

		autorun_rule_add(pol, workspace, p, true, autorun_dirs[i].why);
	}
}
