/* ask-card.c - the ask card's lines for effects without a missing pair
 * of their own (ask-card.h). */
#include <stdio.h>
#include <stdlib.h>

#include "ask-card.h"
#include "escape.h"
#include "util.h"

void ask_card_effects(FILE *tty, const struct fsj_effects *fx, const struct fsj_check *chk)
{
	for (size_t i = 0; i < fx->n; i++) {
		char *show;

		if (chk->d[i].verdict != FSJ_VERDICT_MISSING)
			continue;
		show = str_printable(fx->v[i].text);
		if (fx->v[i].status == FSJ_EFFECT_UNRESOLVED) {
			fprintf(tty, "  (computed when it runs: %s %s)\n",
				fsj_effect_cap_name(fx->v[i].cap), show);
		} else if (fx->v[i].status == FSJ_EFFECT_OPAQUE) {
			fprintf(tty, "  (code fsjail cannot read: %s)\n", show);
		} else if (fx->v[i].guard && chk->d[i].why) {
			/* no grant answers it: the listener decides at run time */
			fprintf(tty, "  (checked when it runs: %s ",
				fsj_effect_cap_name(fx->v[i].cap));
			fsj_put_term(tty, fx->v[i].path ? fx->v[i].path : show);
			fputs("; ", tty);
			fsj_put_term(tty, chk->d[i].why);
			fputs(")\n", tty);
		}
		free(show);
	}
}
