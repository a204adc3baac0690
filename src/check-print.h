/* check-print.h - the text form of `fsjail check`'s answer (cmd_check.c):
 * one line per effect, then the overall answer and the missing pairs. */
#ifndef FSJAIL_CHECK_PRINT_H
#define FSJAIL_CHECK_PRINT_H

#include <stdio.h>

#include "effects-decide.h"
#include "policy.h"

/* Print to out, for the effects fx of a line and their decisions chk (one
 * per effect, same order), at tier: per effect its verdict, capability,
 * path (or what stands for it), the level and rule that decided, the
 * why-note and the source text; then whether the line parsed whole,
 * "overall: ..." and one "missing: <cap> <path>" line per pair. Every
 * path, rule and text is escaped for the terminal (escape.h). Nothing is
 * owned; write errors are the caller's to find on out. */
void check_print_text(FILE *out, enum fsj_tier tier, const struct fsj_effects *fx,
		      const struct fsj_check *chk);

#endif
