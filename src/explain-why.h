/* explain-why.h - the "why:" and "note:" lines under a path in `fsjail
 * explain` (cmd_explain.c): why the entries that refuse are there, and
 * the other notes on the path. */
#ifndef FSJAIL_EXPLAIN_WHY_H
#define FSJAIL_EXPLAIN_WHY_H

#include <stddef.h>
#include <stdio.h>

#include "policy.h"

/* The notes (borrowed) of the entries that refuse a path: first, the
 * first refusing entry's (a read refused in a user-data root); kept, the
 * protected entry's (a start-up file's writes), when it is another. */
struct explain_why {
	const char *first, *kept;
};

/* Take d's note into w (zero it first for each path): d refuses with a
 * rule that has one. */
void explain_why_add(struct explain_why *w, const struct fsj_decision *d);

/* Print to out notes[0..n), NULLs left out, each escaped for the terminal
 * on its own line: the first n_why as "  why: TEXT", the rest as
 * "  note: TEXT". */
void explain_why_print(FILE *out, const char *const *notes, size_t n, size_t n_why);

#endif
