/* status-expanded.c - `fsjail status`'s expanded folders
 * (status-expanded.h). */
#include "status-expanded.h"

#include <string.h>

#include "status_json.h"

void status_expanded_json(cJSON *root, const struct ll_plan *plan, bool listener)
{
	cJSON *a = cJSON_AddArrayToObject(root, "expanded");

	for (size_t i = 0; plan && i < plan->n_expanded; i++) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddStringToObject(e, "path", plan->expanded[i]);
		status_str_or_null(e, "why", plan->expanded_why ? plan->expanded_why[i] : NULL);
		cJSON_AddStringToObject(e, "new_entries", listener ? "listener" : "unreachable");
		cJSON_AddItemToArray(a, e);
	}
}

void status_expanded_print(FILE *out, const cJSON *a)
{
	const cJSON *e, *n = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(a, 0),
							       "new_entries");

	if (cJSON_GetArraySize(a) <= 0)
		return;
	fprintf(out, "\nexpanded folders (a nested deny compiled by expansion: %s):\n",
		cJSON_IsString(n) && strcmp(n->valuestring, "listener") == 0
			? "the listener makes new entries there, refusing the denied names only"
			: "new entries there are unreachable");
	cJSON_ArrayForEach(e, a)
	{
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "path");
		const cJSON *w = cJSON_GetObjectItemCaseSensitive(e, "why");

		if (cJSON_IsString(p))
			fprintf(out, "  %s%s%s\n", p->valuestring, cJSON_IsString(w) ? ": " : "",
				cJSON_IsString(w) ? w->valuestring : "");
	}
}
