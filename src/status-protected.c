/* status-protected.c - the protected paths of `fsjail status`'s JSON
 * report (status-protected.h). */
#include "status-protected.h"

#include <stdbool.h>
#include <string.h>

#include "fsjail-int.h"
#include "policy.h"
#include "status_json.h"

/* true when another protected rule of pol at the same path says all that
 * pol->rules[i] says: it covers the subtree (or i does not), denies at
 * least i's capabilities and passes none of them (the baseline's
 * ~/.npm/_npx "deny create" next to HOST_NPM_NPX's "deny write, create,
 * delete" when the host has no ~/.npm/_npx: listed once) */
static bool protected_covered(const struct fsj_policy *pol, size_t i)
{
	const struct fsj_rule *r = &pol->rules[i];

	if (r->pass)
		return false;
	for (size_t k = 0; k < pol->n_rules; k++) {
		const struct fsj_rule *o = &pol->rules[k];

		if (k == i || o->source != FSJ_SRC_PROTECTED || strcmp(o->path, r->path) != 0 ||
		    (r->recursive && !o->recursive) || (r->deny & ~o->deny) || o->pass)
			continue;
		/* two alike: the first is listed */
		if (o->recursive == r->recursive && o->deny == r->deny && k > i)
			continue;
		return true;
	}
	return false;
}

void status_protected_json(cJSON *root, cJSON *b, const struct fsj_policy *pol)
{
	size_t n_base = 0, n_prot = 0;
	cJSON *prot = cJSON_AddArrayToObject(root, "protected");

	for (size_t i = 0; pol && i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		cJSON *p;

		if (r->source == FSJ_SRC_BASELINE)
			n_base++;
		if (r->source != FSJ_SRC_PROTECTED)
			continue;
		n_prot++;
		if (protected_covered(pol, i))
			continue;
		p = cJSON_CreateObject();
		cJSON_AddStringToObject(p, "path", r->path);
		cJSON_AddBoolToObject(p, "recursive", r->recursive);
		cJSON_AddItemToObject(p, "deny", fsjail_json_caps(r->deny));
		cJSON_AddItemToObject(p, "pass", fsjail_json_caps(r->pass));
		status_str_or_null(p, "why", r->id && r->origin ? r->origin : NULL);
		cJSON_AddItemToArray(prot, p);
	}
	cJSON_AddNumberToObject(b, "entries", (double)n_base);
	cJSON_AddNumberToObject(b, "protected", (double)n_prot);
}
