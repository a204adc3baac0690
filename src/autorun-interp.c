/* autorun-interp.c - the place of each word of a hook's command
 * (autorun-interp.h): the program, an interpreter's script, an option's
 * argument, from each interpreter's option table. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "autorun-code.h"
#include "autorun-interp.h"

/* Interpreters whose first operand is a script they read from the
 * current folder, a relative name as much as one with a '/' (bash x.sh
 * looks in the current folder first; python3, node, ruby, perl, php,
 * deno and bun only there). Per interpreter: whether "run" may (1) or
 * must (2) come first, its options before "run" read too (uv --directory
 * D run x.py); the short options whose argument is the program itself
 * (bash -c, python3 -c, node -e: then no script operand; a shell's -c
 * operand is shell text, parsed again: Claude Code runs a hook's command
 * through a shell, code.claude.com/docs/en/hooks, its published
 * utils/hooks.ts spawning DEFAULT_HOOK_SHELL with the command string);
 * the short options that take the next word; the long ones alike; the
 * options whose argument is a module the program loads first (node -r,
 * --require, --import, --loader: nodejs.org/api/cli.html, "a path to a
 * file, or a node module name"; bun --preload), and the ones that name
 * the folder the script is found from (uv --directory: "relative paths
 * are resolved with the given directory as the base", astral-sh/uv pull
 * 5566 and the CLI reference; bun --cwd, bun.sh/docs/cli/run; not uv
 * --project, whose "relative paths are still resolved relative to the
 * current working directory", uv pull 7603). python -m is a module found
 * from the current folder first (docs.python.org/3/using/cmdline.html:
 * the current directory is added to the start of sys.path), and so are
 * the modules python -c's code imports; node -e's code loads its
 * relative require()s from the current folder (autorun-code.c reads the
 * code). source and . are the shell's own: their operand is shell text
 * the shell runs, a script (bash(1), source: PATH is searched first,
 * then the current folder; taken from the current folder here, the
 * stricter reading). An unknown long option may take the next word or
 * not: the two operands after it are both taken as its script (fail
 * closed). Not npx: its operand is a package, found in node_modules/.bin
 * or the registry, not a path (./x, which is one, holds a '/'). Entry 0 is any interpreter, for a program
 * word that cannot be read ("$PY" x.py). */
static const struct interp {
	const char *name;
	int sub;
	bool shell;
	const char *code, *arg, *mod;
	const char *lcode, *larg, *lmod, *ldir; /* " --a --b ": blank before and after each */
} interps[] = {
	{ "", 0, false, "", "", "", " ", " ", " ", " " },
	{ ".", 0, false, "", "", "", " ", " ", " ", " " },
	{ "bash", 0, true, "c", "oO", "", " ", " --rcfile --init-file ", " ", " " },
	{ "bun", 1, false, "e", "", "r", " --eval --print ", " --config ", " --preload ", " --cwd " },
	{ "dash", 0, true, "c", "oO", "", " ", " ", " ", " " },
	{ "deno", 1, false, "", "cL", "", " --eval ", " --config --import-map --lock --location ",
	  " --preload ", " " },
	{ "ksh", 0, true, "c", "oO", "", " ", " ", " ", " " },
	{ "node", 0, false, "ep", "C", "r", " --eval --print ", " --conditions ",
	  " --require --import --loader --experimental-loader ", " " },
	{ "perl", 0, false, "eE", "IMm", "", " ", " ", " ", " " },
	{ "php", 0, false, "rBRE", "dcz", "", " ", " ", " ", " " },
	{ "python", 0, false, "c", "WXQ", "", " ", " --check-hash-based-pycs ", " ", " " },
	{ "ruby", 0, false, "e", "rICEF", "", " ", " ", " ", " " },
	{ "source", 0, false, "", "", "", " ", " ", " ", " " },
	{ "sh", 0, true, "c", "oO", "", " ", " ", " ", " " },
	{ "ts-node", 0, false, "ep", "C", "r", " --eval --print ", " --project ", " --require ", " " },
	{ "tsx", 0, false, "ep", "C", "r", " --eval --print ", " --tsconfig ",
	  " --require --import ", " " },
	{ "uv", 2, false, "", "pw", "", " ", " --with --python --project --env-file ", " ",
	  " --directory " },
	{ "zsh", 0, true, "c", "oO", "", " ", " ", " ", " " },
};

static bool listed(const char *list, const char *word, size_t n)
{
	for (const char *q = list; (q = strstr(q, " ")) != NULL && q[1]; q++)
		if (strncmp(q + 1, word, n) == 0 && q[1 + n] == ' ')
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

/* An option word of the interpreter (after it, or before its "run"): sp
 * moves on; an argument attached to it (-r./x.js, --require=./x.js,
 * -mpkg.mod) goes to *val and *kind. */
static void option(struct aw_state *sp, const char *word, const char **val, enum aw_kind *kind)
{
	const struct interp *in = &interps[sp->interp];
	bool py = strcmp(in->name, "python") == 0;

	if (word[1] == '-') {
		const char *eq = strchr(word, '=');
		size_t n = eq ? (size_t)(eq - word) : strlen(word);
		enum aw_kind k = listed(in->lmod, word, n)   ? AW_KIND_MODULE
				 : listed(in->ldir, word, n) ? AW_KIND_DIR
							     : AW_KIND_OTHER;

		if (!word[2])
			return;
		if (listed(in->lcode, word, n)) {
			sp->at = AW_AT_ARGS;
			k = ac_code_kind(in->name, in->shell);
		}
		if (k != AW_KIND_OTHER || listed(in->larg, word, n))
			eq ? (void)(*val = eq + 1, *kind = k) : (void)(sp->next = k);
		else if (!eq)
			sp->scripts = 2;
		else
			*val = eq + 1, *kind = AW_KIND_OTHER;
		return;
	}
	for (const char *p = word + 1; *p; p++) {
		if (strchr(in->code, *p) || (py && *p == 'm')) {
			enum aw_kind k =
				py && *p == 'm' ? AW_KIND_PYMOD : ac_code_kind(in->name, in->shell);

			sp->at = AW_AT_ARGS;
			if (p[1] && k == AW_KIND_PYMOD)
				*val = p + 1, *kind = k;
			else
				sp->next = k;
			return;
		}
		if (strchr(in->mod, *p)) {
			p[1] ? (void)(*val = p + 1, *kind = AW_KIND_MODULE)
			     : (void)(sp->next = AW_KIND_MODULE);
			return;
		}
		if (strchr(in->arg, *p)) {
			sp->next = p[1] ? AW_KIND_NONE : AW_KIND_OTHER;
			return;
		}
	}
}

/* A word after an interpreter: an option, or its script. */
static enum aw_kind after_interp(struct aw_state *sp, const char *word, const char **val,
				 enum aw_kind *kind)
{
	if ((word[0] == '-' || word[0] == '+') && word[1]) {
		option(sp, word, val, kind);
		return AW_KIND_NONE;
	}
	if (--sp->scripts <= 0)
		sp->at = AW_AT_ARGS;
	return AW_KIND_SCRIPT;
}

enum aw_kind aw_place(struct aw_state *sp, const char *word, const char **val,
		      enum aw_kind *kind)
{
	enum aw_kind k = sp->next;

	*val = NULL;
	/* bash -c -e CODE, sh -c -- CODE: -c's operand is the first word
	 * after the options (bash(1), -c) */
	if (k == AW_KIND_CODE && word && (word[0] == '-' || word[0] == '+') && word[1])
		return AW_KIND_NONE;
	if (k != AW_KIND_NONE) {
		sp->next = AW_KIND_NONE;
		return k;
	}
	switch (sp->at) {
	case AW_AT_PROGRAM:
		if (word && (ac_prefix(word) || word[0] == '-'))
			return AW_KIND_OTHER;
		if (word && (strcmp(word, "cd") == 0 || strcmp(word, "pushd") == 0)) {
			sp->at = AW_AT_FOLDER;
			return AW_KIND_OTHER;
		}
		sp->interp = word ? interp_of(word) : 0;
		sp->at = sp->interp < 0            ? AW_AT_ARGS
			 : interps[sp->interp].sub ? AW_AT_SUB
						   : AW_AT_OPTS;
		sp->scripts = 1;
		return AW_KIND_PROGRAM;
	case AW_AT_SUB:
		if (word && word[0] == '-' && word[1]) {
			option(sp, word, val, kind);
			return AW_KIND_NONE;
		}
		sp->at = AW_AT_OPTS;
		if (word && strcmp(word, "run") == 0)
			return AW_KIND_OTHER;
		if (interps[sp->interp].sub == 2) {
			sp->at = AW_AT_ARGS;
			return AW_KIND_OTHER;
		}
		return after_interp(sp, word ? word : "?", val, kind);
	case AW_AT_OPTS:
		return after_interp(sp, word ? word : "?", val, kind);
	case AW_AT_FOLDER:
		return AW_KIND_FOLDER;
	case AW_AT_ARGS:
		break;
	}
	return AW_KIND_OTHER;
}
