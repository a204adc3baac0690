/* autorun-words.c - a hook's command line split into words, each told
 * whether it names a path the command runs (autorun-words.h). The input
 * is the workspace's, hostile: every word is bounded (AW_WORD_MAX), a
 * command line is split into its words once, not again within them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "autorun-words.h"
#include "util.h"

/* The variables the tools set to the project's folder (autorun-hooks.c
 * names the tools' documents). */
static const char *const project_vars[] = { "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR",
					    "CURSOR_PROJECT_DIR", "workspaceFolder" };

/* Programs that run the program word after them (by any path:
 * /usr/bin/env): the word after one (and after its options, env's
 * assignments) is still the program. */
static const char *const wrappers[] = { "command", "env", "exec", "nohup", "time" };

/* Interpreters whose first operand is a script they read from the
 * current folder, a relative name as much as one with a '/' (bash x.sh
 * looks in the current folder first; python3, node, ruby, perl, php,
 * deno and bun only there). Per interpreter: whether "run" may (1) or
 * must (2) come first; the short options whose argument is the program
 * itself (bash -c, python3 -c and -m, node -e: then no script operand);
 * the short options that take the next word; the long ones alike. An
 * unknown long option may take the next word or not: the two operands
 * after it are both taken as its script (fail closed). Not npx: its
 * operand is a package, found in node_modules/.bin or the registry, not a
 * path (./x, which is one, holds a '/'). Entry 0 is any interpreter, for
 * a program word that cannot be read ("$PY" x.py). */
static const struct interp {
	const char *name;
	int sub;
	const char *code, *arg;
	const char *lcode, *larg; /* " --a --b ": blank before and after each */
} interps[] = {
	{ "", 0, "", "", " ", " " },
	{ "bash", 0, "c", "oO", " ", " --rcfile --init-file " },
	{ "bun", 1, "e", "r", " --eval --print ", " --preload --cwd --config " },
	{ "dash", 0, "c", "oO", " ", " " },
	{ "deno", 1, "", "cL", " --eval ", " --config --import-map --lock --location " },
	{ "ksh", 0, "c", "oO", " ", " " },
	{ "node", 0, "ep", "rC", " --eval --print ",
	  " --require --import --loader --experimental-loader --conditions " },
	{ "perl", 0, "eE", "IMm", " ", " " },
	{ "php", 0, "rBRE", "dcz", " ", " " },
	{ "python", 0, "cm", "WXQ", " ", " --check-hash-based-pycs " },
	{ "ruby", 0, "e", "rICEF", " ", " " },
	{ "sh", 0, "c", "oO", " ", " " },
	{ "ts-node", 0, "ep", "rC", " --eval --print ", " --require --project " },
	{ "tsx", 0, "ep", "rC", " --eval --print ", " --require --import --tsconfig " },
	{ "uv", 2, "", "pw", " ", " --with --python --project --directory --env-file " },
	{ "zsh", 0, "c", "oO", " ", " " },
};

enum aw_kind {
	AW_KIND_OTHER,
	AW_KIND_PROGRAM,
	AW_KIND_SCRIPT
};

static bool listed(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *q = list; (q = strstr(q, word)) != NULL; q++)
		if (n && q > list && q[-1] == ' ' && q[n] == ' ')
			return true;
	return false;
}

/* The interpreter word names, or -1: its last component, the name or
 * the name and a version (python3.12, node22). */
static int interp_of(const char *word)
{
	const char *base = strrchr(word, '/');

	base = base ? base + 1 : word;
	for (size_t i = 1; i < sizeof(interps) / sizeof(interps[0]); i++) {
		size_t n = strlen(interps[i].name);

		if (strncmp(base, interps[i].name, n) == 0 &&
		    strspn(base + n, "0123456789.") == strlen(base + n))
			return (int)i;
	}
	return -1;
}

static bool assignment(const char *word)
{
	size_t n = strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");

	return n && word[n] == '=' && !(word[0] >= '0' && word[0] <= '9');
}

static bool wrapper(const char *word)
{
	const char *base = strrchr(word, '/');

	for (size_t i = 0; i < sizeof(wrappers) / sizeof(wrappers[0]); i++)
		if (strcmp(base ? base + 1 : word, wrappers[i]) == 0)
			return true;
	return false;
}

/* A word after an interpreter: an option, or its script. */
static enum aw_kind after_interp(struct aw_split *sp, const char *word)
{
	const struct interp *in = &interps[sp->interp];

	if (sp->skip) {
		sp->skip = false;
		return AW_KIND_OTHER;
	}
	if ((word[0] == '-' || word[0] == '+') && word[1] && word[1] == '-') {
		if (word[2] && !strchr(word, '=')) {
			if (listed(in->lcode, word))
				sp->at = AW_AT_ARGS;
			else if (listed(in->larg, word))
				sp->skip = true;
			else
				sp->scripts = 2;
		}
		return AW_KIND_OTHER;
	}
	if ((word[0] == '-' || word[0] == '+') && word[1]) {
		for (const char *p = word + 1; *p; p++) {
			if (strchr(in->code, *p)) {
				sp->at = AW_AT_ARGS;
				break;
			}
			if (strchr(in->arg, *p)) {
				sp->skip = !p[1];
				break;
			}
		}
		return AW_KIND_OTHER;
	}
	if (--sp->scripts <= 0)
		sp->at = AW_AT_ARGS;
	return AW_KIND_SCRIPT;
}

/* Where word (NULL: a word that cannot be read) stands; sp moves on. */
static enum aw_kind place(struct aw_split *sp, const char *word)
{
	if (sp->redirect) {
		sp->redirect = false;
		return AW_KIND_OTHER;
	}
	switch (sp->at) {
	case AW_AT_PROGRAM:
		if (word && (assignment(word) || wrapper(word) || word[0] == '-'))
			return AW_KIND_OTHER;
		sp->interp = word ? interp_of(word) : 0;
		sp->at = sp->interp < 0            ? AW_AT_ARGS
			 : interps[sp->interp].sub ? AW_AT_SUB
						   : AW_AT_OPTS;
		sp->scripts = 1;
		sp->skip = false;
		return AW_KIND_PROGRAM;
	case AW_AT_SUB:
		sp->at = AW_AT_OPTS;
		if (word && strcmp(word, "run") == 0)
			return AW_KIND_OTHER;
		if (interps[sp->interp].sub == 2) {
			sp->at = AW_AT_ARGS;
			return AW_KIND_OTHER;
		}
		return after_interp(sp, word ? word : "?");
	case AW_AT_OPTS:
		return after_interp(sp, word ? word : "?");
	case AW_AT_ARGS:
		break;
	}
	return AW_KIND_OTHER;
}

/* A path by its shape: a '/' in it, no blank (a command line, a
 * sentence), not a URL. */
static bool path_shaped(const char *word, bool blanks_ok)
{
	return strchr(word, '/') && (blanks_ok || !strpbrk(word, " \t\n\r")) &&
	       !strstr(word, "://");
}

/* Append the variable at *s ("$NAME" or "${NAME}") to word; *s moves past
 * it. false when it is not a project variable (the word is dropped). */
static bool expand(const struct aw_split *sp, const char **s, char *word, size_t *n)
{
	const char *p = *s + 1, *name;
	bool brace = *p == '{', known = false;
	size_t len = 0, vlen = strlen(sp->ws);

	if (brace)
		p++;
	name = p;
	while ((p[len] >= 'A' && p[len] <= 'Z') || (p[len] >= 'a' && p[len] <= 'z') ||
	       (p[len] >= '0' && p[len] <= '9') || p[len] == '_')
		len++;
	if (brace && p[len] != '}')
		return false;
	for (size_t i = 0; i < sizeof(project_vars) / sizeof(project_vars[0]); i++)
		known = known ||
			(strlen(project_vars[i]) == len && memcmp(project_vars[i], name, len) == 0);
	if (!len || !known || *n + vlen >= AW_WORD_MAX)
		return false;
	memcpy(word + *n, sp->ws, vlen);
	*n += vlen;
	*s = p + len + (brace ? 1 : 0);
	return true;
}

static void split_words(struct aw_split *sp, const char *s, bool split, int nest);

/* One word is complete (ok false: dropped, its place still taken). */
static void word_done(struct aw_split *sp, char *word, size_t n, bool ok, int nest)
{
	enum aw_kind kind;
	char *eq;

	if (!n)
		return;
	word[n] = '\0';
	kind = place(sp, ok ? word : NULL);
	if (!ok)
		return;
	sp->take(sp->arg, word,
		 kind == AW_KIND_SCRIPT ? !strstr(word, "://")
					: path_shaped(word, kind == AW_KIND_PROGRAM));
	if ((eq = strchr(word, '=')) != NULL)
		sp->take(sp->arg, eq + 1, path_shaped(eq + 1, false));
	if (nest == 0 && strpbrk(word, " \t\n\r;&|()<>`")) {
		struct aw_split inner = { .ws = sp->ws, .take = sp->take, .arg = sp->arg };

		split_words(&inner, word, true, 1);
	}
}

static void split_words(struct aw_split *sp, const char *s, bool split, int nest)
{
	char *word = xmalloc(AW_WORD_MAX + 1);
	size_t n = 0;
	bool ok = true;
	char quote = 0;

	while (*s) {
		char c = *s;

		if (!quote && split && strchr(" \t\n\r;&|()<>`", c)) {
			word_done(sp, word, n, ok, nest);
			if (c == '<' || c == '>')
				sp->redirect = true;
			else if (!strchr(" \t\r", c))
				sp->at = AW_AT_PROGRAM, sp->redirect = false;
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
			ok = ok && expand(sp, &s, word, &n);
			if (!ok)
				s++;
			continue;
		}
		if (c == '\\' && split && quote != '\'' && s[1])
			c = *++s;
		if (n < AW_WORD_MAX)
			word[n++] = c;
		else
			ok = false;
		s++;
	}
	word_done(sp, word, n, ok, nest);
	free(word);
}

void aw_words(struct aw_split *sp, const char *s, bool split)
{
	split_words(sp, s, split, 0);
}
