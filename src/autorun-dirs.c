/* autorun-dirs.c - the folders agents load by themselves (autorun-dirs.h),
 * out of autorun-add.c: its rules protect them at the workspace's top,
 * autorun-nested.c looks into them in every other folder. */
#include <stddef.h>

#include "autorun-dirs.h"

/* The folders, whole, whether they exist or not: what an agent finds in
 * them it runs, or obeys as the user's own prompt, in its next session on
 * the host (sandbox-runtime's getDangerousDirectories() refuses
 * .claude/commands and .claude/agents in every writable root).
 * - Claude Code: slash commands (.claude/commands), subagents
 *   (.claude/agents), skills with their scripts (.claude/skills,
 *   code.claude.com/docs/en/skills) and the hook scripts its settings name
 *   by $CLAUDE_PROJECT_DIR/.claude/hooks/ (code.claude.com/docs/en/hooks);
 * - Cursor: .cursor/hooks/, where its hooks.json's relative commands
 *   point (cursor.com/docs/agent/hooks: "relative to hooks.json");
 * - Gemini CLI: .gemini/hooks/, $GEMINI_PROJECT_DIR/.gemini/hooks/ in its
 *   hooks guide (geminicli.com/docs/hooks).
 * Windsurf documents no folder for its hook scripts: the scripts its
 * hooks.json names are protected one by one (autorun-hooks.h).
 * Not .vscode/ and .idea/ whole, as sandbox-runtime does: a scaffold
 * (npm create vite .) writes .vscode/extensions.json, an IDE its
 * .idea/ its .iml files, and extensions.json, launch.json and the rest run nothing
 * by themselves; the files of those folders that do are listed one by
 * one (autorun-files.c). CLAUDE.md and AGENTS.md are not here: agents
 * edit them on purpose. */
const struct autorun_file autorun_dirs[] = {
	{ ".claude/agents", "claude-code",
	  "Claude Code runs the subagents in it when a session delegates to them" },
	{ ".claude/commands", "claude-code",
	  "Claude Code offers each file in it as a slash command and obeys it" },
	{ ".claude/hooks", "claude-code",
	  "Claude Code runs the hook scripts its settings name here" },
	{ ".claude/skills", "claude-code",
	  "Claude Code loads the skills in it, and runs their scripts" },
	{ ".cursor/hooks", "cursor", "Cursor runs the hook scripts its hooks.json names here" },
	{ ".gemini/hooks", "gemini-cli",
	  "Gemini CLI runs the hook scripts its settings name here" },
};
const size_t autorun_n_dirs = sizeof(autorun_dirs) / sizeof(autorun_dirs[0]);
