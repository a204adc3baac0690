/* explain-why.c - the "why:" and "note:" lines of fsjail explain
 * (explain-why.h). */
#include "escape.h"
#include "explain-why.h"

void explain_why_add(struct explain_why *w, const struct fsj_decision *d)
{
	if (d->allowed || !d->rule || !d->rule->note)
		return;
	if (!w->first)
		w->first = d->rule->note;
	else if (d->level == FSJ_LEVEL_PROTECTED && !w->kept && d->rule->note != w->first)
		w->kept = d->rule->note;
}

void explain_why_print(FILE *out, const char *const *notes, size_t n, size_t n_why)
{
	for (size_t k = 0; k < n; k++)
		if (notes[k]) {
			fputs(k < n_why ? "  why: " : "  note: ", out);
			fsj_put_term(out, notes[k]);
			fputc('\n', out);
		}
}
