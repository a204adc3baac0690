/* effects-why.c - why a command line needs a person's answer
 * (effects-why.h). */
#include <cjson/cJSON.h>

#include "effects-why.h"
#include "policy.h"

void effects_why_missing(cJSON *root, const struct fsj_check *chk)
{
	cJSON *missing = cJSON_AddArrayToObject(root, "missing");

	for (size_t i = 0; i < chk->n_missing; i++) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "path", chk->missing[i].path);
		cJSON_AddStringToObject(o, "capability", fsj_cap_name(chk->missing[i].cap));
		cJSON_AddItemToArray(missing, o);
	}
}

void effects_why_unresolved(cJSON *root, const char *cwd, const struct fsj_effects *fx,
			    const struct fsj_check *chk)
{
	cJSON *arr = cJSON_AddArrayToObject(root, "unresolved");

	for (size_t i = 0; i < fx->n; i++) {
		cJSON *o;

		if (chk->d[i].verdict != FSJ_VERDICT_MISSING ||
		    fx->v[i].status == FSJ_EFFECT_RESOLVED)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "capability", fsj_effect_cap_name(fx->v[i].cap));
		cJSON_AddStringToObject(o, "text", fx->v[i].text ? fx->v[i].text : "");
		cJSON_AddStringToObject(o, "folder", fx->v[i].path ? fx->v[i].path : cwd);
		cJSON_AddStringToObject(o, "why",
					fx->v[i].status == FSJ_EFFECT_OPAQUE
						? "code fsjail cannot read"
						: "the path is computed when it runs");
		cJSON_AddItemToArray(arr, o);
	}
	if (!fx->complete)
		cJSON_AddStringToObject(root, "reason",
					"the line did not parse completely: "
					"not all its effects are known");
	else if (chk->n_missing == 0 && chk->overall == FSJ_OVERALL_PROMPT)
		cJSON_AddStringToObject(root, "reason",
					"no missing pair, but an effect could not "
					"be decided");
	else
		cJSON_AddNullToObject(root, "reason");
}
