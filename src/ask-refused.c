/* ask-refused.c - the command's effects the policy refuses before it runs
 * (ask-refused.h). */
#include <errno.h>
#include <stdio.h>

#include "ask-refused.h"
#include "escape.h"
#include "refusal.h"

/* One refused effect as a refusal record: no process made the call. */
static void record(const struct fsj_effect *e, const struct fsj_effect_decision *d)
{
	struct fsj_decision dec = { false, d->level, d->rule, false };
	struct refusal r = {
		/* opaque code (any capability): what running it needs */
		.cap = e->cap >= 0 && e->cap < FSJ_CAP_COUNT ? (enum fsj_cap)e->cap
							      : FSJ_CAP_EXECUTE,
		.path = d->resolved ? d->resolved : e->path,
		/* the policy refused it, or the run would (d->why says why) */
		.reason = d->why ? d->why : "policy",
		.error = EACCES,
		.decision = d->why ? NULL : &dec,
	};

	refusal_record(&r);
}

void ask_refused(const struct fsj_effects *fx, const struct fsj_check *chk,
		 const struct fsj_policy *pol, const char *session)
{
	struct refusal_sinks was, now;
	bool sinks = refusal_sinks_now(&was);

	now = was;
	now.pol = pol; /* the hints of the records, made as they are written */
	now.session = session;
	if (sinks)
		refusal_set_sinks(&now);
	for (size_t i = 0; i < fx->n; i++) {
		const struct fsj_effect_decision *d = &chk->d[i];

		if (d->verdict != FSJ_VERDICT_REFUSED)
			continue;
		/* the listener's rules have an id, no path */
		/* the line's paths are the command's: escaped */
		fprintf(stderr, "fsjail: refused: %s ", fsj_effect_cap_name(fx->v[i].cap));
		fsj_put_term(stderr, fx->v[i].path ? fx->v[i].path : "?");
		fprintf(stderr, " (%s%s", fsj_level_name(d->level), d->rule ? " " : "");
		fsj_put_term(stderr, !d->rule	      ? ""
				     : d->rule->path ? d->rule->path
						     : d->rule->id);
		fputc(')', stderr);
		if (d->why) {
			fputs(": ", stderr);
			fsj_put_term(stderr, d->why);
		}
		fputc('\n', stderr);
		record(&fx->v[i], d);
	}
	if (sinks)
		refusal_set_sinks(&was);
	fprintf(stderr, "fsjail: nothing was run\n");
}
