/* repoexplain.h - what the seccomp listener's repository rules will do
 * with a path, for `explain` and `status` (issue 12 items 2 and 6: what
 * fsjail says is what the run does). The listener decides at each call,
 * on the descriptors it holds (notify-repo.c rule "repository-metadata"
 * for repositories the start-of-run scan does not cover, notify-gitcfg.c
 * nj_discovery_ok() rule "repository-discovery"); this predicts the same
 * tests from the paths as they are now, for a command that has made
 * nothing yet (what the command makes in its run stays its own: git init,
 * worktree add). Linux only; the scan's own rules ("repository-metadata",
 * "repository-unsearched") are policy rules and explained as such. */
#ifndef FSJAIL_REPOEXPLAIN_H
#define FSJAIL_REPOEXPLAIN_H

#include <stdbool.h>

#include "policy.h"

/* One listener rule that refuses a change. */
struct repoexplain {
	const struct fsj_rule *rule; /* static: id, origin "listener" */
	char *reason;                /* why, naming the repository (caller frees) */
};

/* Whether the listener refuses cap (write, create or delete; the other
 * capabilities are never its business) on path (absolute, normalised)
 * in a run whose workspace is workspace (absolute; may be NULL), when
 * the policy allows it. A folder absent now is taken for one the command
 * makes in its run (the listener's made set): it may hold a .git file.
 * writes_trapped: whether writes to an existing
 * file reach the listener (backups on; with backups off the filter
 * traps creating calls only, notify-filter.c). Fills *out and returns
 * true when it refuses; else false and *out is untouched. */
bool repoexplain_refuses(const char *workspace, const char *path, enum fsj_cap cap,
			 bool writes_trapped, struct repoexplain *out);

/* A line about path for explain, or NULL: path lies in a git repository
 * outside the scan (what the listener guards there, what it leaves), is
 * a file of a gitdir whose content the listener checks (HEAD, config, a
 * rebase's todo list or strategy: repoexplain-gitdir.h), or is a .git
 * not there yet under the workspace (a repository the command makes is
 * its own: not checked during the run, named after it). New string;
 * caller frees. */
char *repoexplain_note(const char *workspace, const char *path);

#endif
