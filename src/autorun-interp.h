/* autorun-interp.h - where each word of one command of a hook stands
 * (for autorun-words.c): the program word, the script an interpreter
 * runs, an option's argument, from each interpreter's option table
 * (autorun-interp.c names the tools' documents). Pure string work. */
#ifndef FSJAIL_AUTORUN_INTERP_H
#define FSJAIL_AUTORUN_INTERP_H

#include "autorun-kind.h"

/* Where the next word stands. */
enum aw_at {
	AW_AT_PROGRAM, /* the program word (zero: a command's start) */
	AW_AT_SUB,     /* after uv, deno or bun: options, "run" or "eval" may follow */
	AW_AT_OPTS,    /* after an interpreter: options, then its script */
	AW_AT_ARGS,    /* the program's other arguments */
	AW_AT_FOLDER,  /* after cd or pushd */
};

/* One command's words so far: zero at its start. */
struct aw_state {
	enum aw_at at;
	int interp;  /* the program's entry in ai_interps (autorun-interps.h), or -1 */
	int scripts; /* operands taken as its script (2: after an unknown option; <0: as code) */
	enum aw_kind next; /* the next word is an option's argument of this kind */
};

/* The kind of word (NULL: a word that cannot be read) at st's place; st
 * moves on. AW_KIND_NONE for an option word; *val is then an argument
 * attached to it (-r./x.js, --require=./x.js, -mpkg.mod: borrowed from
 * word) of kind *kind, else NULL. No error. */
enum aw_kind aw_place(struct aw_state *st, const char *word, const char **val,
		      enum aw_kind *kind);

#endif
