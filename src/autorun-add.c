/* autorun-add.c - one rule of "workspace-autorun", and the folders
 * agents load by themselves (autorun-add.h). */
#include "config.h"

#include <stdlib.h>

#include "autorun-add.h"
#include "path.h"
#include "util.h"

/* How the summary, `fsjail log` and `fsjail explain` say it is turned off
 * (fsjail.yaml(5), protect). */
#define AUTORUN_OFF "protect: {autorun: false} in fsjail's config.yaml turns this off"

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
static const struct {
	const char *rel;
	const char *why;
} dirs[] = {
	{ ".claude/agents",
	  "Claude Code runs the subagents in it when a session delegates to them" },
	{ ".claude/commands",
	  "Claude Code offers each file in it as a slash command and obeys it" },
	{ ".claude/hooks", "Claude Code runs the hook scripts its settings name here" },
	{ ".claude/skills", "Claude Code loads the skills in it, and runs their scripts" },
	{ ".cursor/hooks", "Cursor runs the hook scripts its hooks.json names here" },
	{ ".gemini/hooks", "Gemini CLI runs the hook scripts its settings name here" },
};

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
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		cleanup_free char *p = path_join(workspace, dirs[i].rel);

		autorun_rule_add(pol, workspace, p, true, dirs[i].why);
	}
}
