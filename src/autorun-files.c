/* autorun-files.c - the files that tools on the host run by themselves
 * (autorun.h), for autorun.c and autorun-warn.c. */
#include <stddef.h>

#include "autorun-int.h"

const struct autorun_file autorun_files[] = {
	{ ".amazonq/mcp.json", "amazon-q", "Amazon Q starts the MCP servers it names" },
	{ ".claude/settings.json", "claude-code", "Claude Code runs the hooks it names" },
	{ ".claude/settings.local.json", "claude-code", "Claude Code runs the hooks it names" },
	{ ".codex/config.toml", "codex", "Codex starts the MCP servers it names" },
	{ ".cursor/hooks.json", "cursor", "Cursor runs the hooks it names" },
	{ ".cursor/mcp.json", "cursor", "Cursor starts the MCP servers it names" },
	{ ".gemini/settings.json", "gemini-cli", "Gemini CLI starts the MCP servers it names" },
	/* IntelliJ's ProjectStartupSharedConfiguration (startup.xml) and
	 * ProjectStartupLocalConfiguration (workspace.xml): startup tasks */
	{ ".idea/startup.xml", "jetbrains",
	  "JetBrains IDEs run the startup tasks it names when the project opens" },
	{ ".idea/workspace.xml", "jetbrains",
	  "JetBrains IDEs run the startup tasks it names when the project opens" },
	{ ".kiro/settings/mcp.json", "kiro", "Kiro starts the MCP servers it names" },
	{ ".lefthook.yml", "lefthook", "lefthook, once installed, runs its commands at git's hooks" },
	{ ".mcp.json", "claude-code", "Claude Code starts the MCP servers it names" },
	{ ".opencode/opencode.json", "opencode", "OpenCode starts the MCP servers it names" },
	{ ".opencode/opencode.jsonc", "opencode", "OpenCode starts the MCP servers it names" },
	{ ".pre-commit-config.yaml", "pre-commit",
	  "pre-commit, once installed, runs its hooks at each git commit" },
	{ ".roo/mcp.json", "roo-code", "Roo Code starts the MCP servers it names" },
	{ ".vscode/mcp.json", "vscode", "VS Code starts the MCP servers it names" },
	{ ".vscode/settings.json", "vscode", "VS Code runs programs it names" },
	{ ".vscode/tasks.json", "vscode", "VS Code runs its tasks, some when the folder opens" },
	{ ".windsurf/hooks.json", "windsurf", "Windsurf runs the hooks it names" },
	{ "lefthook.yml", "lefthook", "lefthook, once installed, runs its commands at git's hooks" },
	{ "opencode.json", "opencode", "OpenCode starts the MCP servers it names" },
	{ "opencode.jsonc", "opencode", "OpenCode starts the MCP servers it names" },
};
#define N_FILES (sizeof(autorun_files) / sizeof(autorun_files[0]))
const size_t autorun_n_files = N_FILES;
