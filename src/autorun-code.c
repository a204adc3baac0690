/* autorun-code.c - the files a hook's command loads through code rather
 * than by a word (autorun-code.h). The code is the workspace's, hostile:
 * it is only scanned, each name bounded by the word (AW_WORD_MAX). The
 * scan reads more than the language would (an import inside a string is
 * taken too): a file it names in vain is one more protected path. */
#include <stdlib.h>
#include <string.h>

#include "autorun-code.h"
#include "util.h"

#define IDENT "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"

/* Programs that run the program word after them (by any path:
 * /usr/bin/env): the word after one (and after its options, env's
 * assignments) is still the program. */
static const char *const wrappers[] = { "command", "env", "exec", "nohup", "time" };

bool ac_prefix(const char *word)
{
	const char *base = strrchr(word, '/');
	size_t n = strspn(word, IDENT);

	if (n && word[n] == '=' && !(word[0] >= '0' && word[0] <= '9'))
		return true;
	for (size_t i = 0; i < sizeof(wrappers) / sizeof(wrappers[0]); i++)
		if (strcmp(base ? base + 1 : word, wrappers[i]) == 0)
			return true;
	return false;
}

enum aw_kind ac_code_kind(const char *name, bool shell)
{
	return shell                         ? AW_KIND_CODE
	       : strcmp(name, "python") == 0 ? AW_KIND_PYCODE
					     : AW_KIND_EVALCODE;
}

/* bash(1), INVOCATION: a non-interactive bash runs $BASH_ENV's file, an
 * interactive sh $ENV's (taken whatever the shell: fail closed); zsh(1),
 * STARTUP/SHUTDOWN FILES: zsh runs $ZDOTDIR/.zshenv always, the others
 * as a login or interactive shell. */
void ac_startup(const char *var, const char *value, ac_each each, void *arg)
{
	static const char *const zfiles[] = { ".zshenv", ".zprofile", ".zshrc", ".zlogin",
					      ".zlogout" };

	if (!var || !value[0])
		return;
	if (strcmp(var, "BASH_ENV") == 0 || strcmp(var, "ENV") == 0)
		each(arg, value, false);
	if (strcmp(var, "ZDOTDIR") != 0)
		return;
	for (size_t i = 0; i < sizeof(zfiles) / sizeof(zfiles[0]); i++) {
		cleanup_free char *f = xasprintf("%s/%s", value, zfiles[i]);

		each(arg, f, false);
	}
}

static void pyfile(const char *rel, const char *tail, ac_each each, void *arg)
{
	cleanup_free char *f = xasprintf("%s%s", rel, tail);

	each(arg, f, false);
}

void ac_pymod(const char *mod, ac_each each, void *arg)
{
	char *rel, *p;

	if (!mod[0] || mod[0] == '.' || strspn(mod, IDENT ".") != strlen(mod))
		return;
	rel = xstrdup(mod);
	for (p = rel; *p; p++)
		if (*p == '.') {
			*p = '\0';
			pyfile(rel, "/__init__.py", each, arg);
			*p = '/';
		}
	pyfile(rel, "/__init__.py", each, arg);
	pyfile(rel, "/__main__.py", each, arg);
	pyfile(rel, ".py", each, arg);
	free(rel);
}

bool ac_keyword(const char *code, const char *p, const char *kw)
{
	size_t n = strlen(kw);

	return strncmp(p, kw, n) == 0 && !strchr(IDENT, p[n] ? p[n] : '.') &&
	       (p == code || !strchr(IDENT ".", p[-1]));
}

/* The dotted name after *p (blanks, a '(' and line joins skipped): a
 * buffer the caller frees, *p past it; NULL when there is none. */
static char *dotted(const char **p)
{
	const char *s = *p + strspn(*p, " \t\r\n\\(");
	size_t n = strspn(s, IDENT ".");

	if (!n)
		return NULL;
	*p = s + n;
	return xstrndup(s, n);
}

/* After "import" (from: the module of "from from import"): the names it
 * lists, "as NAME" skipped, each loaded (from's as from.name). */
static const char *imports(const char *p, const char *from, ac_each each, void *arg)
{
	char *name;

	while ((name = dotted(&p)) != NULL) {
		cleanup_free char *full = from ? xasprintf("%s.%s", from, name) : xstrdup(name);

		free(name);
		ac_pymod(full, each, arg);
		p += strspn(p, " \t");
		if (ac_keyword(p, p, "as")) {
			p += 2;
			free(dotted(&p));
		}
		p += strspn(p, " \t\r\n\\");
		if (*p != ',')
			break;
		p++;
	}
	return p;
}

/* open('t/x.py'), runpy.run_path, require(path.resolve('lib/x.js')) */
void ac_literals(const char *code, ac_each each, void *arg)
{
	for (const char *p = code; (p = strpbrk(p, "'\"`")) != NULL;) {
		const char *end = strchr(p + 1, *p);
		cleanup_free char *lit = NULL;

		if (!end)
			return;
		lit = xstrndup(p + 1, (size_t)(end - p - 1));
		if (strchr(lit, '/') && !strpbrk(lit, " \t\r\n\\$") && !strstr(lit, "://"))
			each(arg, lit, false);
		p = end + 1;
	}
}

void ac_pycode(const char *code, ac_each each, void *arg)
{
	static const char *const computed[] = { "__import__", "importlib", "runpy",  "exec",
						"sys.path",   "eval",      "compile" };

	for (const char *p = code; *p;) {
		if (ac_keyword(code, p, "import")) {
			p = imports(p + 6, NULL, each, arg);
		} else if (ac_keyword(code, p, "from")) {
			const char *q = p + 4;
			cleanup_free char *mod = dotted(&q);

			p = q;
			if (!mod || mod[0] == '.')
				continue;
			ac_pymod(mod, each, arg);
			q += strspn(q, " \t\r\n\\");
			if (ac_keyword(q, q, "import"))
				p = imports(q + 6, mod, each, arg);
		} else {
			p++;
		}
	}
	ac_literals(code, each, arg);
	for (size_t i = 0; i < sizeof(computed) / sizeof(computed[0]); i++)
		if (strstr(code, computed[i])) {
			each(arg, "*.py", true);
			return;
		}
}
