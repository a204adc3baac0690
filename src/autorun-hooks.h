/* autorun-hooks.h - the scripts that the workspace's agent files make
 * an agent run by itself (issue 12 item 2): .claude/settings.json's hook
 * "command": "$CLAUDE_PROJECT_DIR/scripts/fmt.sh" protects the settings
 * file (autorun-rule.h) but left scripts/fmt.sh writable, which the next
 * agent session runs on the host outside any sandbox. Each file a hook
 * or MCP server of those files names in the workspace is protected too,
 * from the start of the run, by the rule "workspace-autorun", whether it
 * exists yet or not (a missing one could be made inside the run). */
#ifndef FSJAIL_AUTORUN_HOOKS_H
#define FSJAIL_AUTORUN_HOOKS_H

#include "autorun-read.h"
#include "policy.h"

/* Read each JSON file at workspace's top that names hooks or MCP servers
 * (Claude Code's settings and .mcp.json, Cursor's hooks.json and
 * mcp.json, Gemini CLI's settings, Windsurf's hooks.json, VS Code's,
 * Roo Code's, Amazon Q's and Kiro's mcp.json) as hostile input: a
 * regular file in the workspace (no symlink followed out of it, none at
 * its last component), at most AUTORUN_HOOKS_MAX bytes, valid JSON. Take
 * every "command" string in it, parsed as shell text, with its entry's
 * "args" (aw_line(): project variables expanded to workspace), a relative
 * word taken from workspace and from the file's folder. Each word that
 * names an existing regular file inside workspace (after symlinks), and
 * each that names by place or shape (the program word or a word with a
 * '/', the script of bash, python3, node and the like) a path inside it
 * where nothing is yet, gets autorun_rule_add() (this path only), its
 * note naming the hook and the file. A file it cannot read or parse adds
 * nothing (it stays protected itself). Nothing when workspace is NULL.
 * Never fails (out of memory aborts). */
void autorun_add_hook_rules(struct fsj_policy *pol, const char *workspace);

/* A settings file is a few KiB; a larger one is not read. */
#define AUTORUN_HOOKS_MAX (256 * 1024)

#endif
