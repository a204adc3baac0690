/* autorun-hooks.c - the scripts the workspace's hooks and MCP servers
 * name (autorun-hooks.h). Trust boundary: the files read here are the
 * workspace's, which an earlier sandboxed command may have written; they
 * are parsed before the run, with fsjail's own rights, as hostile input:
 * bounded in size, depth, words and rules, no symlink followed out of
 * the workspace, nothing run, nothing written. */
#include "config.h"

#include <cjson/cJSON.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autorun-add.h"
#include "autorun-hooks.h"
#include "autorun-read.h"
#include "autorun-words.h"
#include "path.h"
#include "util.h"

/* nesting looked into: Claude Code's hooks are 4 deep */
#define DEPTH_MAX 16
/* rules one file may add: a hostile file cannot grow the policy more */
#define RULES_MAX 256

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

/* Files agents edit on purpose (instructions, not programs): a hook that
 * names one (cat "$CLAUDE_PROJECT_DIR/CLAUDE.md") does not protect it. */
static const char *const edited[] = { "AGENTS.md", "CLAUDE.md", "CLAUDE.local.md", "GEMINI.md" };

/* Keys that group entries: the label stays the enclosing one. */
static const char *const group_keys[] = { "hooks", "mcpServers", "servers", "args", "env" };

struct walk {
	struct fsj_policy *pol;
	const char *ws, *ws_res; /* the workspace, and resolved */
	const char *dir;         /* the file's folder */
	const char *file;        /* the file */
	const char *tool;
	const char *label; /* the entry being walked (walk()) */
	size_t n_rules;
};

static bool edited_on_purpose(const char *path)
{
	const char *base = strrchr(path, '/');

	for (size_t i = 0; i < sizeof(edited) / sizeof(edited[0]); i++)
		if (strcmp(base ? base + 1 : path, edited[i]) == 0)
			return true;
	return false;
}

static void consider(struct walk *w, const char *word, bool named, bool glob);

static void matched(void *arg, const char *path)
{
	consider(arg, path, false, false);
}

/* word (a path as the hook spells it, after expansion) as a file inside
 * the workspace, from the workspace and from the file's folder: a rule
 * when it is an existing regular file there, or, when named (by its
 * place or shape, autorun-words.h), when nothing is there yet, or what
 * is there cannot be looked at (fail closed). A glob (an unquoted * ? [): the
 * files that match it now, in its literal folder (autorun_glob()). */
static void consider(struct walk *w, const char *word, bool named, bool glob)
{
	const char *bases[] = { w->ws, w->dir };
	size_t n_bases = word[0] == '/' || strcmp(w->dir, w->ws) == 0 ? 1 : 2;

	if (!word[0] || word[0] == '~')
		return;
	for (size_t b = 0; b < n_bases && w->n_rules < RULES_MAX; b++) {
		cleanup_free char *norm = NULL, *res = NULL, *why = NULL;
		struct stat st;
		bool absent;

		if (path_normalize(word, strlen(word), NULL, bases[b], &norm) != PATH_OK ||
		    !path_covers(w->ws, norm) || strcmp(norm, w->ws) == 0)
			continue;
		if (glob) {
			autorun_glob(norm, matched, w);
			continue;
		}
		res = path_resolve(norm);
		absent = lstat(res, &st) < 0;
		if (!path_covers(w->ws_res, res) || (absent ? !named : !S_ISREG(st.st_mode)) ||
		    edited_on_purpose(norm) || edited_on_purpose(res))
			continue;
		/* raw: every printer of a rule's note escapes it (refusal_printable(),
		 * fsj_put_term()), and JSON carries it as it is */
		why = xasprintf("%s runs it: the entry \"%.64s\" of %s names it", w->tool,
				w->label[0] ? w->label : "(top level)", w->file);
		autorun_rule_add(w->pol, w->ws, norm, false, why);
		w->n_rules++;
	}
}

static void take(void *arg, const char *word, bool named, bool glob)
{
	consider(arg, word, named, glob);
}

static bool group_key(const char *k)
{
	for (size_t i = 0; i < sizeof(group_keys) / sizeof(group_keys[0]); i++)
		if (strcmp(k, group_keys[i]) == 0)
			return true;
	return false;
}

/* One command of object v: cmd (a shell's command line, or NULL), then
 * the strings of v's "args" arrays (node's script may be in them). */
static void one_command(struct walk *w, const cJSON *v, const char *cmd)
{
	struct aw_split sp = { .ws = w->ws, .take = take, .arg = w };
	const cJSON *a, *s;

	if (cmd)
		aw_line(&sp, cmd);
	cJSON_ArrayForEach(a, v) if (strcmp(a->string, "args") == 0 && cJSON_IsArray(a))
		cJSON_ArrayForEach(s, a) if (cJSON_IsString(s))
			aw_word(&sp, s->valuestring);
	aw_release(&sp);
}

/* Each "command" string of object v, a key given twice read twice (a
 * tool may take either); the last one (JSON.parse's) with v's "args",
 * each read once: a file cannot make the work grow as its square. */
static void commands(struct walk *w, const cJSON *v)
{
	const cJSON *c, *last = NULL;

	cJSON_ArrayForEach(c, v) if (strcmp(c->string, "command") == 0 && cJSON_IsString(c))
	{
		struct aw_split sp = { .ws = w->ws, .take = take, .arg = w };

		if (last)
			aw_line(&sp, last->valuestring);
		aw_release(&sp);
		last = c;
	}
	one_command(w, v, last ? last->valuestring : NULL);
}

/* Every "command" string and "args" array under v; label is the key of
 * the entry (the hook's event, the server's name) that holds them. */
static void walk(struct walk *w, const cJSON *v, const char *label, int depth)
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
static void one_file(struct walk *w, const char *rel)
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
	w->dir = dir;
	w->n_rules = 0;
	walk(w, doc, "", 0);
	cJSON_Delete(doc);
}

void autorun_add_hook_rules(struct fsj_policy *pol, const char *workspace)
{
	cleanup_free char *ws_res = NULL;

	if (!workspace)
		return;
	ws_res = path_resolve(workspace);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct walk w = {
			.pol = pol, .ws = workspace, .ws_res = ws_res, .tool = files[i].tool
		};

		one_file(&w, files[i].rel);
	}
}
