/* autorun-interps.c - the interpreters a hook's command may run, and
 * their option tables (autorun-interps.h). */
#include <string.h>

#include "autorun-interps.h"
#include "util.h"

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
 * or the registry, not a path (./x, which is one, holds a '/'). A task
 * runner (npm, pnpm, yarn, make, just, task) runs what its file says
 * (package.json's scripts, a Makefile's rules), which a build rewrites
 * (npm install edits package.json): the file is named after the run,
 * not protected (autorun-hooks.h), found where npm --prefix, pnpm --dir
 * or -C, yarn --cwd, make -C, just --working-directory or -d, task --dir
 * or -d lead (docs.npmjs.com, pnpm.io, GNU make's manual, just.systems,
 * taskfile.dev: the CLI references). Entry 0
 * is any interpreter, for a program word that cannot be read ("$PY" x.py). */
const struct ai_interp ai_interps[] = {
	{ "", 0, false, "", "", "", " ", " ", " ", " ", NULL, NULL },
	{ ".", 0, false, "", "", "", " ", " ", " ", " ", NULL, NULL },
	{ "bash", 0, true, "c", "oO", "", " ", " ", " --rcfile --init-file ", " ", NULL, NULL },
	{ "bun", 1, false, "e", "", "r", " --eval --print ", " --config ", " --preload ", " --cwd ",
	  NULL, NULL },
	{ "dash", 0, true, "c", "oO", "", " ", " ", " ", " ", NULL, NULL },
	{ "deno", 1, false, "", "cL", "", " --eval ", " --config --import-map --lock --location ",
	  " --preload ", " ", NULL, NULL },
	{ "ksh", 0, true, "c", "oO", "", " ", " ", " ", " ", NULL, NULL },
	{ "just", 3, false, "", "f", "", " ", " --justfile ", " ", " --working-directory ", "d",
	  " justfile Justfile .justfile " },
	{ "lua", 0, false, "e", "l", "", " ", " ", " ", " ", NULL, NULL },
	{ "make", 3, false, "", "fIoW", "", " ", " --file --makefile ", " ", " --directory ", "C",
	  " GNUmakefile makefile Makefile " },
	{ "npm", 3, false, "", "w", "", " ", " --workspace ", " ", " --prefix ", "",
	  " package.json " },
	{ "pnpm", 3, false, "", "F", "", " ", " --filter ", " ", " --dir --prefix ", "C",
	  " package.json " },
	{ "node", 0, false, "ep", "C", "r", " --eval --print ", " --conditions ",
	  " --require --import --loader --experimental-loader ", " ", NULL, NULL },
	{ "perl", 0, false, "eE", "IMm", "", " ", " ", " ", " ", NULL, NULL },
	{ "php", 0, false, "rBRE", "dcz", "", " ", " ", " ", " ", NULL, NULL },
	{ "python", 0, false, "c", "WXQ", "", " ", " --check-hash-based-pycs ", " ", " ", NULL,
	  NULL },
	{ "ruby", 0, false, "e", "rICEF", "", " ", " ", " ", " ", NULL, NULL },
	{ "task", 3, false, "", "t", "", " ", " --taskfile ", " ", " --dir ", "d",
	  " Taskfile.yml Taskfile.yaml taskfile.yml taskfile.yaml Taskfile.dist.yml " },
	{ "source", 0, false, "", "", "", " ", " ", " ", " ", NULL, NULL },
	{ "sh", 0, true, "c", "oO", "", " ", " ", " ", " ", NULL, NULL },
	{ "ts-node", 0, false, "ep", "C", "r", " --eval --print ", " --project ", " --require ",
	  " ", NULL, NULL },
	{ "tsx", 0, false, "ep", "C", "r", " --eval --print ", " --tsconfig ",
	  " --require --import ", " ", NULL, NULL },
	{ "uv", 2, false, "", "pw", "", " ", " --with --python --project --env-file ", " ",
	  " --directory ", NULL, NULL },
	{ "yarn", 3, false, "", "", "", " ", " ", " ", " --cwd ", "", " package.json " },
	{ "zsh", 0, true, "c", "oO", "", " ", " ", " ", " ", NULL, NULL },
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

void ai_runs(int i, void (*each)(void *arg, const char *name), void *arg)
{
	const char *p = ai_interps[i].runs;

	for (size_t n; p && *(p += strspn(p, " ")); p += n) {
		cleanup_free char *name = xstrndup(p, n = strcspn(p, " "));

		each(arg, name);
	}
}
