/* ask-offer.c - what the ask card and the harness request offer
 * (ask-offer.h). */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "ask-offer.h"
#include "effects-why.h"
#include "path.h"
#include "refusal-hint-guard.h"
#include "util.h"

bool ask_folder_only(const struct fsj_effects *fx, const struct fsj_check *chk, const char *cwd,
		     const struct fsj_missing *m)
{
	for (size_t i = 0; i < fx->n; i++) {
		const struct fsj_effect *e = &fx->v[i];

		if (chk->d[i].verdict != FSJ_VERDICT_MISSING || e->status != FSJ_EFFECT_RESOLVED)
			continue;
		if (e->cap == (int)m->cap && strcmp(e->path ? e->path : cwd, m->path) == 0)
			return false;
	}
	return true;
}

char *ask_always_withheld(const struct fsj_policy *pol, const struct fsj_check *chk)
{
	for (size_t i = 0; i < chk->n_missing; i++) {
		const char *p = chk->missing[i].path;
		cleanup_free char *res = p && p[0] == '/' ? path_resolve(p) : NULL;
		char *why = NULL;

		/* folder: true whatever the path is now, so that what lies
		 * below a folder's grant counts too (fail closed) */
		if (p && !(why = refusal_hint_guard(pol, p, FSJ_CAPS_ALL, true, NULL)) && res &&
		    strcmp(res, p) != 0)
			why = refusal_hint_guard(pol, res, FSJ_CAPS_ALL, true, NULL);
		if (why) {
			char *s = xasprintf("%s: %s", p, why);

			free(why);
			return s;
		}
	}
	return NULL;
}

char *ask_request_json(const char *line, const char *cwd, enum fsj_tier tier,
		       const struct fsj_effects *fx, const struct fsj_check *chk, bool folders,
		       bool always)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char *s;

	cJSON_AddStringToObject(root, "schema", "fsjail-ask/1");
	cJSON_AddStringToObject(root, "overall", fsj_overall_name(chk->overall));
	cJSON_AddStringToObject(root, "line", line);
	cJSON_AddStringToObject(root, "cwd", cwd);
	cJSON_AddStringToObject(root, "tier", fsj_tier_name(tier));
	cJSON_AddBoolToObject(root, "complete", fx->complete);
	arr = cJSON_AddArrayToObject(root, "missing");
	for (size_t i = 0; i < chk->n_missing; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "path", chk->missing[i].path);
		cJSON_AddStringToObject(o, "capability", fsj_cap_name(chk->missing[i].cap));
		cJSON_AddBoolToObject(o, "folder_only",
				      ask_folder_only(fx, chk, cwd, &chk->missing[i]));
		cJSON_AddItemToArray(arr, o);
	}
	effects_why_unresolved(root, cwd, fx, chk);
	arr = cJSON_AddArrayToObject(root, "answers");
	cJSON_AddItemToArray(arr, cJSON_CreateString("deny"));
	cJSON_AddItemToArray(arr, cJSON_CreateString("once"));
	if (always)
		cJSON_AddItemToArray(arr, cJSON_CreateString("always"));
	if (folders)
		cJSON_AddItemToArray(arr, cJSON_CreateString("folder"));
	fsj_json_utf8(root);
	s = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	return s;
}
