/* expanded-reach.c - what becomes of a new entry of an expanded folder
 * (expanded-reach.h). */
#include "expanded-reach.h"

#include <string.h>

#include "policy.h"
#include "util.h"

unsigned expanded_caps(const char *why)
{
	unsigned caps = 0;

	if (!why)
		return FSJ_CAPBIT(FSJ_CAP_COUNT) - 1;
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		cleanup_free char *mid = xasprintf("; %s: ", fsj_cap_name((enum fsj_cap)c));

		/* mid + 2: the name and ": " that begin the first reason */
		if (strncmp(why, mid + 2, strlen(mid + 2)) == 0 || strstr(why, mid))
			caps |= FSJ_CAPBIT(c);
	}
	return caps ? caps : FSJ_CAPBIT(FSJ_CAP_COUNT) - 1; /* none read: fail closed */
}

char *expanded_new_entries(const char *why, unsigned carried, bool *reached)
{
	unsigned caps = expanded_caps(why), lacked = caps & ~carried;
	struct strbuf names = STRBUF_INIT;
	char *out;

	if (reached)
		*reached = lacked == 0;
	if (lacked == 0)
		return xstrdup(
			"the listener makes new entries there, refusing the denied names only");
	if (!carried)
		return xstrdup("new entries there are unreachable");
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (lacked & FSJ_CAPBIT(c)) {
			if (names.len)
				sb_adds(&names, ", ");
			sb_adds(&names, fsj_cap_name((enum fsj_cap)c));
		}
	out = xasprintf("new entries there are unreachable for %s (Landlock grants nothing on a "
			"name made after its ruleset, and the listener does not carry %s)",
			names.buf, lacked & (lacked - 1) ? "them" : "it");
	sb_release(&names);
	return out;
}

void expanded_reach_json(cJSON *e, const char *why, unsigned carried)
{
	bool reached;
	cleanup_free char *note = expanded_new_entries(why, carried, &reached);

	cJSON_AddStringToObject(e, "new_entries", reached ? "listener" : "unreachable");
	cJSON_AddStringToObject(e, "note", note);
}

char *expanded_folder_note(const struct ll_plan *plan, const char *at, unsigned carried)
{
	for (size_t i = 0; i < plan->n_expanded; i++) {
		const char *why = plan->expanded_why ? plan->expanded_why[i] : NULL;
		bool reached;
		cleanup_free char *what = NULL;

		if (strcmp(plan->expanded[i], at) != 0)
			continue;
		what = expanded_new_entries(why, carried, &reached);
		return xasprintf("its folder '%s' is expanded, %s%s (%s)", at,
				 reached ? "but " : "", what,
				 why ? why : "?"); /* notify-filter.c */
	}
	return NULL;
}
