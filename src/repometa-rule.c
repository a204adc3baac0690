/* repometa-rule.c - the protected rule "repository-metadata" and its
 * note (repometa-rule.h), and the policy's rules for the paths a scan
 * keeps (repometa_add_rules(), repometa.h; moved out of repometa.c). */
#include "repometa-rule.h"
#include "repometa.h"
#include "util.h"

/* The summary's, the log's and `fsjail explain`'s "why:" (DESIGN.md
 * section 3, level 1; fsjail.yaml(5), protect). */
#define REPOMETA_NOTE                                                              \
	"git runs what a repository's config and hooks name (core.hooksPath, "     \
	"core.fsmonitor, filters, aliases) at the next git, outside any sandbox; " \
	"protect: {repository: false} in fsjail's config.yaml turns this off"

const struct fsj_rule repometa_rule = {
	.id = (char *)"repository-metadata",
	.recursive = true,
	.deny = FSJ_CAPS_MODIFY,
	.source = FSJ_SRC_PROTECTED,
	.origin = (char *)"listener",
	.note = (char *)REPOMETA_NOTE,
};

void repometa_add_rules(const struct repometa *m, struct fsj_policy *pol)
{
	for (size_t i = 0; i < m->n; i++) {
		if (m->v[i].head && m->no_listener)
			continue;
		bool un = m->v[i].unsearched;
		cleanup_free char *origin =
			un ? xstrdup("not searched for git repositories (too deep, too many entries or unreadable)")
			   : xasprintf("repository metadata of %s", m->v[i].repo);
		struct fsj_rule r = {
			.id = (char *)(un ? "repository-unsearched" : "repository-metadata"),
			.path = m->v[i].path,
			.recursive = m->v[i].recursive,
			.deny = m->v[i].deny,
			.source = FSJ_SRC_PROTECTED,
			.origin = origin,
			.note = un ? NULL : (char *)REPOMETA_NOTE,
		};

		policy_add_rule(pol, &r);
	}
}
