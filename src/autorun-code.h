/* autorun-code.h - the files a hook's command loads through code rather
 * than by a word (for autorun-words.c): python -m's module, the modules
 * python -c's code imports, the start-up files an assignment names,
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
 * python, else AW_KIND_EVALCODE (autorun-evalcode.h). No error. */
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

/* Whether kw is at p in code as a word of its own (not x.kw, kwx). */
bool ac_keyword(const char *code, const char *p, const char *kw);
/* Each path-shaped string literal of code (a '/', no blank, escape, URL) to each. */
void ac_literals(const char *code, ac_each each, void *arg);

/* The start-up files var=value (var NULL: none) has a shell run, to each:
 * BASH_ENV's, ENV's, ZDOTDIR's .zshenv, .zprofile, .zshrc, .zlogin, .zlogout. */
void ac_startup(const char *var, const char *value, ac_each each, void *arg);

/* A word before the program that leaves the next word the program: an
 * assignment (NAME=value) or a wrapper (command, env, exec, nohup, time,
 * by any path: /usr/bin/env). */
bool ac_prefix(const char *word);

#endif
