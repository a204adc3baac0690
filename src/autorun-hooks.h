/* autorun-hooks.h - the scripts that the workspace's agent files make
 * an agent run by itself (issue 12 item 2): .claude/settings.json's hook
 * "command": "$CLAUDE_PROJECT_DIR/scripts/fmt.sh" protects the settings
 * file (autorun-rule.h) but left scripts/fmt.sh writable, which the next
 * agent session runs on the host outside any sandbox. Each file a hook
 * or MCP server of those files names in the workspace is protected too,
 * from the start of the run, by the rule "workspace-autorun". */
#ifndef FSJAIL_AUTORUN_HOOKS_H
#define FSJAIL_AUTORUN_HOOKS_H

#include "policy.h"

/* Read each JSON file at workspace's top that names hooks or MCP servers
 * (Claude Code's settings and .mcp.json, Cursor's hooks.json and
 * mcp.json, Gemini CLI's settings, Windsurf's hooks.json, VS Code's,
 * Roo Code's, Amazon Q's and Kiro's mcp.json) as hostile input: a
 * regular file in the workspace (no symlink followed out of it, none at
 * its last component), at most AUTORUN_HOOKS_MAX bytes, valid JSON. Take
 * every "command" string in it (split into words as a shell would:
 * quotes, backslashes, operators) and every string of an "args" array;
 * expand $CLAUDE_PROJECT_DIR, $GEMINI_PROJECT_DIR, $CURSOR_PROJECT_DIR
 * and ${workspaceFolder} (either spelling) to workspace, drop a word with
 * any other variable, take a relative word from workspace and from the
 * file's folder, and the part after a word's first '=' as a word too.
 * Each word that then names an existing regular file inside workspace
 * (after symlinks) gets autorun_rule_add() (this path only), its note
 * naming the hook and the file. A file it cannot read or parse adds
 * nothing (it stays protected itself). Nothing when workspace is NULL.
 * Never fails (out of memory aborts). */
void autorun_add_hook_rules(struct fsj_policy *pol, const char *workspace);

/* The whole of fd, a regular file (fstat) of at most max bytes, read to
 * its end (a file that grew past max meanwhile is refused): a buffer the
 * caller frees, *len its length; NULL when it is not such a file or a
 * read fails. Also autorun.c's snapshot. */
char *autorun_read_max(int fd, size_t max, size_t *len);

/* A settings file is a few KiB; a larger one is not read. */
#define AUTORUN_HOOKS_MAX (256 * 1024)

#endif
