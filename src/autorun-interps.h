/* autorun-interps.h - the interpreters a hook's command may run and their
 * option tables (for autorun-interp.c, which places each word by them,
 * and autorun-words.c, which reads a code option's operand by its
 * language). autorun-interps.c names the tools' documents. Pure data. */
#ifndef FSJAIL_AUTORUN_INTERPS_H
#define FSJAIL_AUTORUN_INTERPS_H

#include <stdbool.h>
#include <stddef.h>

/* One interpreter: its name (entry 0: "", any); whether "run" may (1) or
 * must (2) come first; whether it is a shell; its short options whose
 * argument is the program itself, that take the next word, that name a
 * module (a shell's: a start-up file); the long ones alike, and the ones
 * naming the script's folder (" --a --b ": a blank before and after each). */
struct ai_interp {
	const char *name;
	int sub;
	bool shell;
	const char *code, *arg, *mod;
	const char *lcode, *larg, *lmod, *ldir;
};

/* The table; entry 0 is any interpreter (a program word not read). */
extern const struct ai_interp ai_interps[];

/* The entry the program word names (its last component, the name or the
 * name and a version: python3.12, node22), or -1. No error. */
int ai_of(const char *word);

/* Whether list (" --a --b ") holds word's first n bytes as an entry. */
bool ai_listed(const char *list, const char *word, size_t n);

#endif
