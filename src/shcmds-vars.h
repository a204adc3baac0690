/* shcmds-vars.h - the variables a caller of shcmds_walk() knows, put in
 * a word's text (for autorun-words.c, and shcmds.c's words). Pure string
 * work. */
#ifndef FSJAIL_SHCMDS_VARS_H
#define FSJAIL_SHCMDS_VARS_H

#include <stdbool.h>

/* lit with each $NAME and ${NAME} of vars (NAME, VALUE pairs,
 * NULL-terminated: shcmds_visit.vars) replaced by its value: a string the
 * caller frees; *known: nothing else of a run-time part ($, `, <(, >(, a
 * leading ~) is left in it. Out of memory aborts. */
char *shcmds_vars(const char *lit, const char *const *vars, bool *known);

#endif
