/* autorun-rule.h - the protected rule "workspace-autorun" (sec30): the
 * files in the workspace that an editor or agent harness on the host runs
 * by itself (autorun.h: VS Code's tasks and settings, Claude Code's hooks
 * and MCP servers, Cursor's, Gemini CLI's, Codex's, ...) are refused to
 * the command at the protected level (DESIGN.md section 3, level 1), at
 * the top of the workspace, existing or not (the work trees in it are
 * named after the run: they must stay movable).
 * A harness rereads them while the sandboxed agent still runs: a note
 * after the run comes too late. One config switch turns it off
 * (protect: {autorun: false}); the files of pre-commit and lefthook,
 * which run only once the user installed their hooks, are named after
 * the run instead (autorun-warn.h). */
#ifndef FSJAIL_AUTORUN_RULE_H
#define FSJAIL_AUTORUN_RULE_H

#include <stddef.h>

#include "policy.h"

struct repometa;

/* The folders whose files are looked at: workspace and every work tree
 * of repos (may be NULL) that lies in it, borrowed from them, into a new
 * array (caller frees the array only); *n gets the count. */
const char **autorun_roots(const char *workspace, const struct repometa *repos, size_t *n);

/* Add to pol a protected rule (id "workspace-autorun", deny write, create
 * and delete; both spellings) for each such file at the workspace's top,
 * each folder of autorun_add_dir_rules() (whole) and each script of
 * autorun_add_hook_rules(). Nothing when workspace is NULL. */
void autorun_add_rules(struct fsj_policy *pol, const char *workspace);

#endif
