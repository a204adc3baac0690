/* autorun-hooks.c - the scripts the workspace's hooks and MCP servers
 * name (autorun-hooks.h). Trust boundary: the files read here are the
 * workspace's, which an earlier sandboxed command may have written; they
 * are parsed before the run, with fsjail's own rights, as hostile input:
 * bounded in size, depth, words and rules, no symlink followed out of
 * the workspace, nothing run, nothing written. */
#include "config.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autorun-add.h"
#include "autorun-hooks.h"
#include "path.h"
#include "util.h"

/* nesting looked into: Claude Code's hooks are 4 deep */
#define DEPTH_MAX 16
/* rules one file may add: a hostile file cannot grow the policy more */
#define RULES_MAX 256
/* a word longer than a path cannot name a file */
#define WORD_MAX 4096

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

/* The variables the tools set to the project's folder. */
static const char *const project_vars[] = { "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR",
					    "CURSOR_PROJECT_DIR", "workspaceFolder" };

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
	size_t n_rules;
};

char *autorun_read_max(int fd, size_t max, size_t *len)
{
	struct stat st;
	char *buf;
	size_t n = 0;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (unsigned long long)st.st_size > max)
		return NULL;
	buf = xmalloc(max + 1);
	for (;;) {
		ssize_t r = read(fd, buf + n, max + 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (r > 0 && (n += (size_t)r) > max)) {
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
	}
	*len = n;
	return buf;
}

static bool edited_on_purpose(const char *path)
{
	const char *base = strrchr(path, '/');

	for (size_t i = 0; i < sizeof(edited) / sizeof(edited[0]); i++)
		if (strcmp(base ? base + 1 : path, edited[i]) == 0)
			return true;
	return false;
}

/* word (a path as the hook spells it, after expansion) as a file inside
 * the workspace: a rule when it is an existing regular file there. */
static void consider(struct walk *w, const char *word, const char *label)
{
	const char *bases[] = { w->ws, w->dir };

	if (!word[0] || word[0] == '~' || w->n_rules >= RULES_MAX)
		return;
	for (size_t b = 0; b < (word[0] == '/' ? 1 : 2); b++) {
		cleanup_free char *norm = NULL, *res = NULL, *why = NULL;
		struct stat st;

		if (path_normalize(word, strlen(word), NULL, bases[b], &norm) != PATH_OK ||
		    !path_covers(w->ws, norm) || strcmp(norm, w->ws) == 0)
			continue;
		res = path_resolve(norm);
		if (!path_covers(w->ws_res, res) || lstat(res, &st) < 0 || !S_ISREG(st.st_mode) ||
		    edited_on_purpose(norm) || edited_on_purpose(res))
			continue;
		/* raw: every printer of a rule's note escapes it (refusal_printable(),
		 * fsj_put_term()), and JSON carries it as it is */
		why = xasprintf("%s runs it: the entry \"%.64s\" of %s names it", w->tool,
				label[0] ? label : "(top level)", w->file);
		autorun_rule_add(w->pol, w->ws, norm, false, why);
		w->n_rules++;
		return;
	}
}

/* The value of variable name (len bytes): the workspace for a project
 * variable, NULL for any other. */
static const char *var_value(const struct walk *w, const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(project_vars) / sizeof(project_vars[0]); i++)
		if (strlen(project_vars[i]) == len && memcmp(project_vars[i], name, len) == 0)
			return w->ws;
	return NULL;
}

/* Append the variable at *s ("$NAME" or "${NAME}") to word; *s moves past
 * it. false when it is not a project variable (the word is dropped). */
static bool expand(const struct walk *w, const char **s, char *word, size_t *n)
{
	const char *p = *s + 1, *name;
	bool brace = *p == '{';
	size_t len = 0;
	const char *val;

	if (brace)
		p++;
	name = p;
	while ((p[len] >= 'A' && p[len] <= 'Z') || (p[len] >= 'a' && p[len] <= 'z') ||
	       (p[len] >= '0' && p[len] <= '9') || p[len] == '_')
		len++;
	if (brace && p[len] != '}')
		return false;
	val = len ? var_value(w, name, len) : NULL;
	if (!val || *n + strlen(val) >= WORD_MAX)
		return false;
	memcpy(word + *n, val, strlen(val));
	*n += strlen(val);
	*s = p + len + (brace ? 1 : 0);
	return true;
}

static void words(struct walk *w, const char *s, bool split, const char *label, int nest);

/* One word is complete: it, the part after its first '=', and, once (nest
 * 0), the words in it when it holds a command line of its own (bash -c
 * "scripts/x.sh && ...", an "args" string). */
static void word_done(struct walk *w, char *word, size_t n, bool ok, const char *label, int nest)
{
	char *eq;

	if (!ok || !n)
		return;
	word[n] = '\0';
	consider(w, word, label);
	if ((eq = strchr(word, '=')) != NULL)
		consider(w, eq + 1, label);
	if (nest == 0 && strpbrk(word, " \t\n\r;&|()<>`"))
		words(w, word, true, label, 1);
}

/* Split s into words as a shell would, roughly: blanks and unquoted
 * ; & | ( ) < > ` end a word; '...' is literal; "..." and a backslash
 * quote; $VAR and ${VAR} expand (expand()). With split false, s is one
 * word (an "args" string). nest: 1 inside a word (word_done()). */
static void words(struct walk *w, const char *s, bool split, const char *label, int nest)
{
	char *word = xmalloc(WORD_MAX + 1);
	size_t n = 0;
	bool ok = true;
	char quote = 0;

	while (*s) {
		char c = *s;

		if (!quote && split && strchr(" \t\n\r;&|()<>`", c)) {
			word_done(w, word, n, ok, label, nest);
			n = 0, ok = true, s++;
			continue;
		}
		if (split && !quote && (c == '\'' || c == '"')) {
			quote = c, s++;
			continue;
		}
		if (quote && c == quote) {
			quote = 0, s++;
			continue;
		}
		if (c == '$' && quote != '\'') {
			ok = ok && expand(w, &s, word, &n);
			if (!ok)
				s++;
			continue;
		}
		if (c == '\\' && split && quote != '\'' && s[1])
			c = *++s;
		if (n < WORD_MAX)
			word[n++] = c;
		else
			ok = false;
		s++;
	}
	word_done(w, word, n, ok, label, nest);
	free(word);
}

static bool group_key(const char *k)
{
	for (size_t i = 0; i < sizeof(group_keys) / sizeof(group_keys[0]); i++)
		if (strcmp(k, group_keys[i]) == 0)
			return true;
	return false;
}

/* Every "command" string and "args" array under v; label is the key of
 * the entry (the hook's event, the server's name) that holds them. */
static void walk(struct walk *w, const cJSON *v, const char *label, int depth)
{
	const cJSON *c;

	if (depth > DEPTH_MAX || !(cJSON_IsObject(v) || cJSON_IsArray(v)))
		return;
	cJSON_ArrayForEach(c, v)
	{
		const char *k = cJSON_IsObject(v) ? c->string : NULL;

		if (k && strcmp(k, "command") == 0 && cJSON_IsString(c))
			words(w, c->valuestring, true, label, 0);
		else if (k && strcmp(k, "args") == 0 && cJSON_IsArray(c)) {
			const cJSON *a;

			cJSON_ArrayForEach(a, c) if (cJSON_IsString(a))
				words(w, a->valuestring, false, label, 0);
		} else
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
