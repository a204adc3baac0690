/* refusal-why.c - what decided a refusal, and why the path is kept
 * (refusal-why.h). */
#include <stdlib.h>
#include <string.h>

#include "refusal-why.h"
#include "refusal.h"
#include "util.h"

char *refusal_decider(bool by_policy, enum fsj_level level, const char *id_raw,
		      const char *origin_raw, const char *reason)
{
	cleanup_free char *id = id_raw ? refusal_printable(id_raw) : NULL;
	cleanup_free char *origin = origin_raw ? refusal_printable(origin_raw) : NULL;

	if (!by_policy) {
		cleanup_free char *r = refusal_printable(reason ? reason : "refused");

		return xasprintf("%s (not a rule)", r);
	}
	/* a reason beyond "the policy said so" (a git config rewrite that
	 * reaches outside [branch], ...) says what to change */
	cleanup_free char *why = reason && strcmp(reason, "policy") != 0 ?
					 refusal_printable(reason) : NULL;

	return xasprintf("%s%s%s%s%s%s%s%s%s", fsj_level_name(level), id ? " rule '" : "",
			 id ? id : "", id ? "'" : "", origin ? " at " : "", origin ? origin : "",
			 why ? " (" : "", why ? why : "", why ? ")" : "");
}

void refusal_why_line(FILE *out, const char *note)
{
	if (!note)
		return;
	cleanup_free char *n = refusal_printable(note);

	fprintf(out, "    why: %s\n", n);
}
