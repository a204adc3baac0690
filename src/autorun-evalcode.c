/* autorun-evalcode.c - the files the code of an interpreter's code option
 * loads (autorun-evalcode.h). The code is the workspace's, hostile: it is
 * only scanned, as autorun-code.c scans python -c's, more than the
 * language would read (a loader's word inside a string is taken too). */
#include <stdlib.h>
#include <string.h>

#include "autorun-evalcode.h"
#include "autorun-interps.h"
#include "util.h"

#define IDENT "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"

/* Per language: the words that load the file a string after them names
 * (perldoc -f require, do; ruby Kernel#require, #require_relative, #load;
 * php.net include, require; lua.org manual 6.1, 6.3), the words that run
 * a string as code (its name computed if not a literal), its scripts. */
static const struct lang {
	const char *name, *loaders, *evals;
	const char *glob[2];
} langs[] = {
	{ "perl", " require do ", " eval ", { "*.pl", "*.pm" } },
	{ "php", " require require_once include include_once ", " eval ", { "*.php", "*.inc" } },
	{ "ruby", " require require_relative load ", " eval instance_eval ", { "*.rb", NULL } },
	{ "lua", " require dofile loadfile ", " load loadstring ", { "*.lua", NULL } },
};

/* The file a loader's literal (lit) names, and the names the language
 * tries for it (ruby: x.rb; lua's require: its dotted module). ruby's
 * require of a bare name (json) looks in $LOAD_PATH only, not in the
 * current folder (ruby 1.9.2 on): none. */
static void loaded(const struct lang *l, bool req, const char *lit, ac_each each, void *arg)
{
	cleanup_free char *rb = xasprintf("%s.rb", lit);
	cleanup_free char *mod = xstrdup(lit);
	cleanup_free char *lua = NULL, *init = NULL;

	if (strcmp(l->name, "ruby") == 0 && req && strncmp(lit, "./", 2) != 0 &&
	    strncmp(lit, "../", 3) != 0 && lit[0] != '/')
		return;
	each(arg, lit, false);
	if (strcmp(l->name, "ruby") == 0)
		each(arg, rb, false);
	if (strcmp(l->name, "lua") != 0 || !req)
		return;
	for (char *p = mod; *p; p++)
		if (*p == '.')
			*p = '/';
	lua = xasprintf("%s.lua", mod);
	init = xasprintf("%s/init.lua", mod);
	each(arg, lua, false);
	each(arg, init, false);
}

/* The literal at q (a quote) when it is one the scan can read (no
 * escape, no interpolation: $, #{, @), a buffer the caller frees; else
 * NULL. */
static char *literal(const char *q)
{
	const char *end = strchr(q + 1, *q);

	if (!end || memchr(q + 1, '\\', (size_t)(end - q - 1)) ||
	    memchr(q + 1, '$', (size_t)(end - q - 1)) ||
	    memchr(q + 1, '#', (size_t)(end - q - 1)) || memchr(q + 1, '@', (size_t)(end - q - 1)))
		return NULL;
	return xstrndup(q + 1, (size_t)(end - q - 1));
}

/* Each literal of code named like one of l's scripts (open("x.pl")). */
static void scripts(const struct lang *l, const char *code, ac_each each, void *arg)
{
	for (const char *p = code; (p = strpbrk(p, "'\"")) != NULL;) {
		const char *end = strchr(p + 1, *p);
		size_t n;

		if (!end)
			return;
		n = (size_t)(end - p - 1);
		for (size_t i = 0; i < 2 && l->glob[i]; i++) {
			size_t e = strlen(l->glob[i] + 1);
			cleanup_free char *lit = xstrndup(p + 1, n);

			if (n > e && strcmp(lit + n - e, l->glob[i] + 1) == 0 &&
			    !strpbrk(lit, " \t\r\n\\$"))
				each(arg, lit, false);
		}
		p = end + 1;
	}
}

/* perl, ruby, php, lua code: its loaders' literals, its scripts' names,
 * the folder's scripts when a name is computed. */
static void other(const struct lang *l, const char *code, ac_each each, void *arg)
{
	bool computed = false;

	for (const char *p = code; *p; p++) {
		size_t n;
		bool load, run;
		const char *q;

		if ((p != code && strchr(IDENT "$@:>.", p[-1])) || !(n = strspn(p, IDENT)))
			continue;
		load = ai_listed(l->loaders, p, n);
		run = ai_listed(l->evals, p, n);
		q = p + n + strspn(p + n, " \t(");
		if ((load || run) && (*q == '\'' || *q == '"')) {
			cleanup_free char *lit = literal(q);

			if (!lit)
				computed = true;
			else if (load)
				loaded(l, strncmp(p, "require", n) == 0, lit, each, arg);
		} else if ((load || run) && *q && (*q == '$' || strchr(IDENT, *q))) {
			computed = true;
		}
		p += n - 1;
	}
	ac_literals(code, each, arg);
	scripts(l, code, each, arg);
	for (size_t i = 0; computed && i < 2 && l->glob[i]; i++)
		each(arg, l->glob[i], true);
}

/* A relative or absolute specifier (spec, n bytes; "." and ".." too):
 * each name node tries for it. */
static void jsspec(const char *spec, size_t n, ac_each each, void *arg)
{
	static const char *const tails[] = { "",      ".js",   ".mjs",      ".cjs",
					     ".json", ".node", "/index.js", "/package.json" };

	bool dots = spec[0] == '.' && (n == 1 || (n == 2 && spec[1] == '.')); /* '.', '..' */

	if (!dots &&
	    !(spec[0] == '/' || strncmp(spec, "./", 2) == 0 || strncmp(spec, "../", 3) == 0))
		return;
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		cleanup_free char *f = xasprintf("%.*s%s", (int)n, spec, tails[i]);

		each(arg, f, false);
	}
}

static void js(const char *code, ac_each each, void *arg)
{
	bool computed = false;

	for (const char *p = code; *p; p++) {
		bool call = ac_keyword(code, p, "require") || ac_keyword(code, p, "import");
		bool paren = false;
		const char *q, *end;

		if (!call && !ac_keyword(code, p, "from"))
			continue;
		q = p + strcspn(p, " \t\r\n('\"`");
		q += strspn(q, " \t\r\n");
		if (call && *q == '(') {
			paren = true;
			q += 1 + strspn(q + 1, " \t\r\n");
		}
		if (*q != '\'' && *q != '"' && *q != '`') {
			computed = computed || paren;
			continue;
		}
		end = strchr(q + 1, *q);
		if (!end || memchr(q + 1, '\\', (size_t)(end - q - 1)) ||
		    (*q == '`' && memchr(q + 1, '$', (size_t)(end - q - 1))))
			computed = true;
		else
			jsspec(q + 1, (size_t)(end - q - 1), each, arg);
	}
	ac_literals(code, each, arg);
	if (computed) {
		each(arg, "*.js", true);
		each(arg, "*.mjs", true);
		each(arg, "*.cjs", true);
	}
}

void ae_code(const char *lang, const char *code, ac_each each, void *arg)
{
	bool any = !lang[0];

	for (size_t i = 0; i < sizeof(langs) / sizeof(langs[0]); i++)
		if (any || strcmp(lang, langs[i].name) == 0) {
			other(&langs[i], code, each, arg);
			if (!any)
				return;
		}
	js(code, each, arg);
}
