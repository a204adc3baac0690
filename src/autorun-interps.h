/* autorun-interps.h - the interpreters a hook's command may run and their
 * option tables (for autorun-interp.c, which places each word by them,
 * and autorun-words.c, which reads a code option's operand by its
 * language). autorun-interps.c names the tools' documents. Pure data. */
#ifndef FSJAIL_AUTORUN_INTERPS_H
#define FSJAIL_AUTORUN_INTERPS_H

#include <stdbool.h>
#include <stddef.h>

/* One interpreter: its name (entry 0: "", any); whether "run" may (1) or
 * must (2) come first, or it is a task runner (3: its operands are task
 * names, its options read throughout); whether it is a shell; its short
 * options whose argument is the program itself, that take the next word,
 * that name a module (a shell's: a start-up file); the long ones alike,
 * and the ones naming the script's (a runner's) folder (" --a --b ": a
 * blank before and after each); the short ones alike (NULL: none); a
 * task runner's files, the first found read (NULL: not a runner). */
struct ai_interp {
	const char *name;
	int sub;
	bool shell;
	const char *code, *arg, *mod;
	const char *lcode, *larg, *lmod, *ldir;
	const char *dir, *runs;
};

/* The table; entry 0 is any interpreter (a program word not read). */
extern const struct ai_interp ai_interps[];

/* The entry the program word names (its last component, the name or the
 * name and a version: python3.12, node22), or -1. No error. */
int ai_of(const char *word);

/* Whether list (" --a --b ") holds word's first n bytes as an entry. */
bool ai_listed(const char *list, const char *word, size_t n);

/* Each of entry i's task runner files (npm: package.json), to each (the
 * name borrowed for the call); none for an entry not a runner. */
void ai_runs(int i, void (*each)(void *arg, const char *name), void *arg);

#endif
