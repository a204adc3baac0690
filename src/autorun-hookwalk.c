/* autorun-hookwalk.c - reading the workspace's hooks and MCP server
 * files (autorun-hookwalk.h). Trust boundary: the files read here are the
 * workspace's, which an earlier sandboxed command may have written; they
 * are parsed before the run, with fsjail's own rights, as hostile input:
 * bounded in size and depth, no symlink followed out of the workspace,
 * nothing run, nothing written. */
#include <cjson/cJSON.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "autorun-hooks.h"
#include "autorun-hookwalk.h"
#include "autorun-read.h"
#include "autorun-words.h"
#include "path.h"
#include "util.h"

/* nesting looked into: Claude Code's hooks are 4 deep */
#define DEPTH_MAX 16
/* The files, at the workspace's top, and the tool that runs what they
 * name (Claude Code: code.claude.com/docs/en/hooks, "$CLAUDE_PROJECT_DIR";
 * Cursor: cursor.com/docs/agent/hooks, commands relative to hooks.json;
 * Gemini CLI: geminicli.com/docs/hooks, "$GEMINI_PROJECT_DIR", which
 * also sets CLAUDE_PROJECT_DIR; Windsurf: docs.windsurf.com, Cascade
 * Hooks; VS Code: "${workspaceFolder}" in mcp.json). */
static const struct {
	const char *rel;
	const char *tool;
} files[] = {
	{ ".amazonq/mcp.json", "Amazon Q" },
	{ ".claude/settings.json", "Claude Code" },
	{ ".claude/settings.local.json", "Claude Code" },
	{ ".cursor/hooks.json", "Cursor" },
	{ ".cursor/mcp.json", "Cursor" },
	{ ".gemini/settings.json", "Gemini CLI" },
	{ ".kiro/settings/mcp.json", "Kiro" },
	{ ".mcp.json", "Claude Code" },
	{ ".roo/mcp.json", "Roo Code" },
	{ ".vscode/mcp.json", "VS Code" },
	{ ".windsurf/hooks.json", "Windsurf" },
};

/* Keys that group entries: the label stays the enclosing one. */
static const char *const group_keys[] = { "hooks", "mcpServers", "servers", "args", "env" };

static bool group_key(const char *k)
{
	for (size_t i = 0; i < sizeof(group_keys) / sizeof(group_keys[0]); i++)
		if (strcmp(k, group_keys[i]) == 0)
			return true;
	return false;
}

/* One command of object v: cmd (a shell's command line, or NULL), then
 * the strings of v's "args" arrays (node's script may be in them). */
static void one_command(struct ah_walk *w, const cJSON *v, const char *cmd)
{
	struct aw_split sp = { .ws = w->ws, .take = w->take, .runner = w->runner, .arg = w };
	const cJSON *a, *s;

	if (cmd)
		aw_line(&sp, cmd);
	cJSON_ArrayForEach(a, v) if (strcmp(a->string, "args") == 0 && cJSON_IsArray(a))
		cJSON_ArrayForEach(s, a) if (cJSON_IsString(s)) aw_word(&sp, s->valuestring);
	aw_release(&sp);
}

/* Each "command" string of object v, a key given twice read twice (a
 * tool may take either); the last one (JSON.parse's) with v's "args",
 * each read once: a file cannot make the work grow as its square. */
static void commands(struct ah_walk *w, const cJSON *v)
{
	const cJSON *c, *last = NULL;

	cJSON_ArrayForEach(c, v) if (strcmp(c->string, "command") == 0 && cJSON_IsString(c))
	{
		struct aw_split sp = {
			.ws = w->ws, .take = w->take, .runner = w->runner, .arg = w
		};

		if (last)
			aw_line(&sp, last->valuestring);
		aw_release(&sp);
		last = c;
	}
	one_command(w, v, last ? last->valuestring : NULL);
}

/* Every "command" string and "args" array under v; label is the key of
 * the entry (the hook's event, the server's name) that holds them. */
static void walk(struct ah_walk *w, const cJSON *v, const char *label, int depth)
{
	const cJSON *c;

	if (depth > DEPTH_MAX || !(cJSON_IsObject(v) || cJSON_IsArray(v)))
		return;
	if (cJSON_IsObject(v)) {
		w->label = label;
		commands(w, v);
	}
	cJSON_ArrayForEach(c, v)
	{
		const char *k = cJSON_IsObject(v) ? c->string : NULL;

		walk(w, c, k && !group_key(k) ? k : label, depth + 1);
	}
}

/* One file: read as hostile input, walked. */
static void one_file(struct ah_walk *w, const char *rel)
{
	cleanup_free char *path = path_join(w->ws, rel);
	cleanup_free char *res = path_resolve(path);
	cleanup_free char *dir = path_dirname(path);
	cleanup_free char *text = NULL;
	cleanup_fd int fd = -1;
	size_t len = 0;
	cJSON *doc;

	/* a symlinked folder on the way may point out of the workspace; the
	 * file itself is never a symlink followed (O_NOFOLLOW) */
	if (!path_covers(w->ws_res, res))
		return;
	fd = open(res, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	if (fd < 0 || !(text = autorun_read_max(fd, AUTORUN_HOOKS_MAX, &len)))
		return;
	doc = cJSON_ParseWithLength(text, len);
	if (!doc)
		return;
	w->file = path;
	w->rel = rel;
	w->dir = dir;
	w->n = 0;
	walk(w, doc, "", 0);
	cJSON_Delete(doc);
}

void ah_walk_files(struct ah_walk *w)
{
	cleanup_free char *ws_res = NULL;

	if (!w->ws)
		return;
	ws_res = path_resolve(w->ws);
	w->ws_res = ws_res;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		w->tool = files[i].tool;
		one_file(w, files[i].rel);
	}
	w->ws_res = NULL;
}
