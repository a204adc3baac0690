/* autorun-code.h - the files a hook's command loads through code rather
 * than by a word (for autorun-words.c): python -m's module, the modules
 * python -c's code imports, the relative modules node -e's code requires,
 * and the words before a program that leave it the program (env, nohup,
 * NAME=value). Pure string work: nothing on the filesystem is looked at. */
#ifndef FSJAIL_AUTORUN_CODE_H
#define FSJAIL_AUTORUN_CODE_H

#include <stdbool.h>

#include "autorun-kind.h"

/* Called with each file a code string may load: rel is relative to the
 * current folder of the command (borrowed for the call); glob: rel is a
 * pattern whose existing matches are the files. */
typedef void (*ac_each)(void *arg, const char *rel, bool glob);

/* The kind of an interpreter's code option's operand (-c, -e, --eval),
 * name its table name: AW_KIND_CODE for a shell, AW_KIND_PYCODE for
 * python, AW_KIND_JSCODE for node, bun, deno, tsx, ts-node, else
 * AW_KIND_OTHER. No error. */
enum aw_kind ac_code_kind(const char *name, bool shell);

/* python -m's module mod (a.b.c): a/b/c.py, a/b/c/__main__.py and each
 * package's __init__.py to each; a name that is not a dotted identifier
 * gives none. No error. */
void ac_pymod(const char *mod, ac_each each, void *arg);

/* python -c's code: every module its import and from statements name,
 * as ac_pymod() (from a import b: a.b too; a relative import loads
 * nothing from the folder under -c). Code that loads by a name it
 * computes (__import__, importlib, runpy, exec, eval, compile, sys.path)
 * cannot be read: every existing *.py of the folder too. Each string
 * literal shaped like a path (a '/', no blank, no URL) too. No error. */
void ac_pycode(const char *code, ac_each each, void *arg);

/* node -e's code: each relative or absolute specifier ("./x", "../x",
 * "/x") of require(), import() and import/export ... from, as the file
 * and the names node tries for it (x.js, x.mjs, x.cjs, x.json, x.node,
 * x/index.js, x/package.json). A computed require (a specifier that is not
 * a string literal) cannot be read: every existing *.js, *.mjs, *.cjs of
 * the folder too; each string literal shaped like a path too. No error. */
void ac_jscode(const char *code, ac_each each, void *arg);

/* A word before the program that leaves the next word the program: an
 * assignment (NAME=value) or a wrapper (command, env, exec, nohup, time,
 * by any path: /usr/bin/env). */
bool ac_prefix(const char *word);

#endif
