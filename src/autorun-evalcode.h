/* autorun-evalcode.h - the files the code of an interpreter's code option
 * loads (for autorun-words.c): node -e's, bun -e's, deno eval's relative
 * require()s and imports; perl -e's, ruby -e's, php -r's, lua -e's
 * require, do, load, include, dofile. Pure string work: nothing on the
 * filesystem is looked at. */
#ifndef FSJAIL_AUTORUN_EVALCODE_H
#define FSJAIL_AUTORUN_EVALCODE_H

#include "autorun-code.h"

/* code, the operand of a code option of lang (its name in ai_interps:
 * "node", "perl"...; "" for a program word that could not be read, every
 * language then), to each as the files it may load from the current
 * folder. node, bun, deno, tsx, ts-node: each relative or absolute
 * specifier ("./x", "../x", "/x") of require(), import() and
 * import/export ... from, as the file and the names node tries for it
 * (x.js, x.mjs, x.cjs, x.json, x.node, x/index.js, x/package.json).
 * perl, ruby, php, lua: the string after a word that loads a file
 * (perl's require and do, ruby's require_relative, load and require of
 * ./x, x.rb too; php's include and require, _once too; lua's dofile,
 * loadfile, require "a.b": a/b.lua, a/b/init.lua), and each string
 * literal named like one of its scripts (x.pl, x.rb...). A name the code
 * computes (a variable, an interpolated string, eval of one) cannot be
 * read: every existing script of the folder in that language (*.js,
 * *.mjs, *.cjs; *.pl, *.pm; *.rb; *.php, *.inc; *.lua) too. Each string
 * literal shaped like a path (ac_literals()) too. No error. */
void ae_code(const char *lang, const char *code, ac_each each, void *arg);

#endif
