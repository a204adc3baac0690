/* status-expanded.c - `fsjail status`'s expanded folders
 * (status-expanded.h). */
#include "status-expanded.h"

#include "expanded-reach.h"
#include "inforce.h"
#include "status_json.h"

void status_expanded_json(cJSON *root, const struct ll_plan *plan, const struct fsj_config *c)
{
	cJSON *a = cJSON_AddArrayToObject(root, "expanded");

	for (size_t i = 0; plan && i < plan->n_expanded; i++) {
		cJSON *e = cJSON_CreateObject();
		const char *why = plan->expanded_why ? plan->expanded_why[i] : NULL;

		cJSON_AddStringToObject(e, "path", plan->expanded[i]);
		status_str_or_null(e, "why", why);
		expanded_reach_json(e, why, fsj_listener_carries(c));
		cJSON_AddItemToArray(a, e);
	}
}

void status_expanded_print(FILE *out, const cJSON *a)
{
	const cJSON *e;

	if (cJSON_GetArraySize(a) <= 0)
		return;
	fprintf(out, "\nexpanded folders (a nested deny compiled by expansion; below each, its new "
		     "entries):\n");
	cJSON_ArrayForEach(e, a)
	{
		const char *p = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "path"));
		const char *w = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "why"));
		const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "note"));

		if (p)
			fprintf(out, "  %s%s%s\n    %s\n", p, w ? ": " : "", w ? w : "", n ? n : "?");
	}
}
