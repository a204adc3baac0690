/* check-print.c - the text form of `fsjail check`'s answer
 * (check-print.h). */
#include <stdio.h>

#include "check-print.h"
#include "escape.h"

/* One line per effect: decision, capability, path, who decided, source.
 * The line, its paths and the rules' are escaped for the terminal
 * (escape.h): the line is the command's (att11: a word holding a newline
 * or an escape sequence printed a forged 'overall: allow'). */
void check_print_text(FILE *out, enum fsj_tier tier, const struct fsj_effects *fx,
		      const struct fsj_check *chk)
{
	for (size_t i = 0; i < fx->n; i++) {
		const struct fsj_effect *e = &fx->v[i];
		const struct fsj_effect_decision *d = &chk->d[i];
		const struct fsj_rule *r = d->rule;

		fprintf(out, "%-8s %-8s ", fsj_verdict_name(d->verdict),
			fsj_effect_cap_name(e->cap));
		fsj_put_term(out, e->path ? e->path
				  : e->status == FSJ_EFFECT_NOT_FOUND ? "(not on PATH)"
				  : "(unknown directory)");
		if (e->status != FSJ_EFFECT_RESOLVED)
			fprintf(out, " [%s]", fsj_effect_status_name(e->status));
		if (d->by_tier) {
			fprintf(out, "  <- tier %s holds opaque code", fsj_tier_name(tier));
		} else {
			fprintf(out, "  <- %s", fsj_level_name(d->level));
			if (r) {
				if (r->id) {
					fputs(" '", out);
					fsj_put_term(out, r->id);
					fputc('\'', out);
				}
				if (r->path) {
					fputc(' ', out);
					fsj_put_term(out, r->path);
					fputs(r->recursive ? "" : " (this path only)", out);
				}
				if (r->origin) {
					fputs(" [", out);
					fsj_put_term(out, r->origin);
					fputc(']', out);
				}
			} else if (d->level == FSJ_LEVEL_DEFAULT &&
				   d->verdict != FSJ_VERDICT_ALLOWED) {
				fprintf(out, " (nothing grants it)");
			}
		}
		if (d->why) {
			fputs(": ", out);
			fsj_put_term(out, d->why);
		}
		fputs("  (", out);
		fsj_put_term(out, e->program ? e->program : "shell");
		fputs(": ", out);
		fsj_put_term(out, e->text);
		fputs(")\n", out);
	}
	if (!fx->complete)
		fprintf(out, "the line did not parse completely: "
			     "it is never allowed without asking\n");
	fprintf(out, "overall: %s\n", fsj_overall_name(chk->overall));
	for (size_t i = 0; i < chk->n_missing; i++) {
		fprintf(out, "missing: %s ", fsj_cap_name(chk->missing[i].cap));
		fsj_put_term(out, chk->missing[i].path);
		fputc('\n', out);
	}
}
