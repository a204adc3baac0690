/* autorun-interps.c - the interpreters a hook's command may run, and
 * their option tables (autorun-interps.h). */
#include "config.h"

#include <string.h>

#include "autorun-interps.h"

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
 * relative require()s from the current folder, perl -e's, ruby -e's,
 * php -r's, lua -e's and deno eval's the files they name
 * (autorun-code.c, autorun-evalcode.c read the code). A shell's module
 * option is a start-up file it runs, a script (bash --rcfile,
 * --init-file: bash(1), INVOCATION). source and . are the shell's own: their operand is shell text
 * the shell runs, a script (bash(1), source: PATH is searched first,
 * then the current folder; taken from the current folder here, the
 * stricter reading). An unknown long option may take the next word or
 * not: the two operands after it are both taken as its script (fail
 * closed). Not npx: its operand is a package, found in node_modules/.bin
 * or the registry, not a path (./x, which is one, holds a '/'). Entry 0
 * is any interpreter, for a program word that cannot be read ("$PY" x.py). */
const struct ai_interp ai_interps[] = {
	{ "", 0, false, "", "", "", " ", " ", " ", " " },
	{ ".", 0, false, "", "", "", " ", " ", " ", " " },
	{ "bash", 0, true, "c", "oO", "", " ", " ", " --rcfile --init-file ", " " },
	{ "bun", 1, false, "e", "", "r", " --eval --print ", " --config ", " --preload ",
	  " --cwd " },
	{ "dash", 0, true, "c", "oO", "", " ", " ", " ", " " },
	{ "deno", 1, false, "", "cL", "", " --eval ", " --config --import-map --lock --location ",
	  " --preload ", " " },
	{ "ksh", 0, true, "c", "oO", "", " ", " ", " ", " " },
	{ "lua", 0, false, "e", "l", "", " ", " ", " ", " " },
	{ "node", 0, false, "ep", "C", "r", " --eval --print ", " --conditions ",
	  " --require --import --loader --experimental-loader ", " " },
	{ "perl", 0, false, "eE", "IMm", "", " ", " ", " ", " " },
	{ "php", 0, false, "rBRE", "dcz", "", " ", " ", " ", " " },
	{ "python", 0, false, "c", "WXQ", "", " ", " --check-hash-based-pycs ", " ", " " },
	{ "ruby", 0, false, "e", "rICEF", "", " ", " ", " ", " " },
	{ "source", 0, false, "", "", "", " ", " ", " ", " " },
	{ "sh", 0, true, "c", "oO", "", " ", " ", " ", " " },
	{ "ts-node", 0, false, "ep", "C", "r", " --eval --print ", " --project ", " --require ",
	  " " },
	{ "tsx", 0, false, "ep", "C", "r", " --eval --print ", " --tsconfig ",
	  " --require --import ", " " },
	{ "uv", 2, false, "", "pw", "", " ", " --with --python --project --env-file ", " ",
	  " --directory " },
	{ "zsh", 0, true, "c", "oO", "", " ", " ", " ", " " },
};

bool ai_listed(const char *list, const char *word, size_t n)
{
	for (const char *q = list; (q = strstr(q, " ")) != NULL && q[1]; q++)
		if (strncmp(q + 1, word, n) == 0 && q[1 + n] == ' ')
			return true;
	return false;
}

int ai_of(const char *word)
{
	const char *base = strrchr(word, '/');

	base = base ? base + 1 : word;
	for (size_t i = 1; i < sizeof(ai_interps) / sizeof(ai_interps[0]); i++) {
		size_t n = strlen(ai_interps[i].name);

		if (strncmp(base, ai_interps[i].name, n) == 0 &&
		    strspn(base + n, "0123456789.") == strlen(base + n))
			return (int)i;
	}
	return -1;
}
