/* status-lists.c - the baseline's lists in `fsjail status`: its user-data
 * roots and its secrets (status_json.h; policy-secret.h). */
#include <cjson/cJSON.h>

#include "policy.h"
#include "status_json.h"

static void add_list(cJSON *b, const char *name, char *const *v, size_t n)
{
	cJSON *a = cJSON_AddArrayToObject(b, name);

	for (size_t i = 0; v && i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
}

void status_lists_json(cJSON *b, const struct fsj_policy *pol)
{
	add_list(b, "user_data_roots", pol ? pol->user_data_roots : NULL,
		 pol ? pol->n_user_data_roots : 0);
	add_list(b, "secrets", pol ? pol->secrets : NULL, pol ? pol->n_secrets : 0);
}

void status_lists_print(FILE *out, const cJSON *b)
{
	const cJSON *c;
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(b, "secrets");

	fprintf(out, "user-data roots:");
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(b, "user_data_roots"))
		fprintf(out, " %s", c->valuestring);
	fprintf(out, ")\n");
	if (cJSON_GetArraySize(s) == 0)
		return;
	fprintf(out, "%-12s no refusal hint offers a grant at, under or over:", "secrets:");
	cJSON_ArrayForEach(c, s)
		fprintf(out, " %s", c->valuestring);
	fprintf(out, "\n");
}
