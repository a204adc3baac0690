/* fsjail-json.c - the JSON objects `fsjail explain|check --json` print and
 * libfsjail returns (fsjail-json(7)): one builder for both. */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "autorun-inforce.h"
#include "effects-decide.h"
#include "effects-why.h"
#include "fsjail-int.h"
#include "policy.h"
#include "policy-secret.h"
#include "repoexplain.h"

static void add_str_or_null(cJSON *o, const char *k, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, k, v);
	else
		cJSON_AddNullToObject(o, k);
}

cJSON *fsjail_json_rule(const struct fsj_rule *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "source", fsj_source_name(r->source));
	if (r->id)
		cJSON_AddStringToObject(o, "id", r->id);
	add_str_or_null(o, "path", r->path); /* NULL: the listener's rules */
	add_str_or_null(o, "resolved", r->resolved);
	cJSON_AddBoolToObject(o, "recursive", r->recursive);
	if (r->origin)
		cJSON_AddStringToObject(o, "origin", r->origin);
	if (r->note) /* the baseline entry's "note:": why it is there */
		cJSON_AddStringToObject(o, "note", r->note);
	return o;
}

cJSON *fsjail_json_caps(unsigned mask)
{
	cJSON *arr = cJSON_CreateArray();

	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (mask & FSJ_CAPBIT(c))
			cJSON_AddItemToArray(arr,
					     cJSON_CreateString(fsj_cap_name((enum fsj_cap)c)));
	return arr;
}

cJSON *fsjail_json_explain(const struct fsj_ctx *ctx, int tier)
{
	cJSON *root = cJSON_CreateObject();

	cJSON_AddStringToObject(root, "schema", "fsjail-explain/1");
	cJSON_AddStringToObject(root, "tier", fsj_tier_name((enum fsj_tier)tier));
	cJSON_AddStringToObject(root, "mode", fsj_mode_name(ctx->mode));
	cJSON_AddStringToObject(root, "workspace", ctx->workspace);
	cJSON_AddArrayToObject(root, "paths");
	return root;
}

unsigned fsjail_json_explain_path(cJSON *root, const struct fsj_ctx *ctx,
				  const struct fsj_policy *pol, const char *arg, const char *norm,
				  const char *resolved)
{
	cJSON *jp = cJSON_CreateObject(), *jcaps;
	unsigned allowed = 0;
	bool listener = fsjail_explain_listener(ctx, pol);
	const char *secret;
	cleanup_free char *autorun = autorun_off_note(ctx, norm, resolved);

	cJSON_AddStringToObject(jp, "path", arg);
	cJSON_AddStringToObject(jp, "normalised", norm);
	cJSON_AddStringToObject(jp, "resolved", resolved);
	/* the baseline's secret it lies in (policy-secret.h), or null */
	if (!(secret = policy_secret_at(pol, norm)))
		secret = policy_secret_at(pol, resolved);
	cJSON_AddItemToObject(jp, "secret",
			      secret ? cJSON_CreateString(secret) : cJSON_CreateNull());
	/* the note of explain's text (autorun-inforce.h), or null */
	add_str_or_null(jp, "not_in_force", autorun);
	jcaps = cJSON_AddObjectToObject(jp, "capabilities");
	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(root, "paths"), jp);
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct fsj_decision d;
		struct repoexplain rx = { 0 };
		cleanup_free char *off = NULL;
		cJSON *jc;

		fsjail_explain_decide(ctx, pol, listener, norm, resolved, (enum fsj_cap)c, &d, &rx,
				      &off);
		if (d.allowed)
			allowed |= FSJ_CAPBIT(c);
		jc = cJSON_AddObjectToObject(jcaps, fsj_cap_name((enum fsj_cap)c));
		cJSON_AddBoolToObject(jc, "allowed", d.allowed);
		cJSON_AddStringToObject(jc, "level", fsj_level_name(d.level));
		cJSON_AddBoolToObject(jc, "enforced", (pol->enforced & FSJ_CAPBIT(c)) != 0);
		cJSON_AddBoolToObject(jc, "in_force", !off);
		if (rx.rule) {
			cJSON *jr = cJSON_AddObjectToObject(jc, "rule");

			cJSON_AddStringToObject(jr, "source", "protected");
			cJSON_AddStringToObject(jr, "id", rx.rule->id);
			cJSON_AddStringToObject(jr, "origin", "listener");
			cJSON_AddStringToObject(jr, "reason", rx.reason);
		} else if (d.rule) {
			cJSON_AddItemToObject(jc, "rule", fsjail_json_rule(d.rule));
		} else {
			cJSON_AddNullToObject(jc, "rule");
		}
		free(rx.reason);
	}
	if (listener) {
		cleanup_free char *note = repoexplain_note(ctx->workspace, resolved);

		if (note)
			cJSON_AddStringToObject(jp, "note", note);
	}
	return allowed;
}

cJSON *fsjail_json_check(const char *line, const char *cwd, enum fsj_tier tier,
			 const struct fsj_ctx *ctx, const struct fsj_effects *fx,
			 const struct fsj_check *chk)
{
	cJSON *root = cJSON_CreateObject(), *effects;

	cJSON_AddStringToObject(root, "schema", "fsjail-check/1");
	cJSON_AddStringToObject(root, "line", line);
	cJSON_AddStringToObject(root, "cwd", cwd);
	cJSON_AddStringToObject(root, "tier", fsj_tier_name(tier));
	cJSON_AddStringToObject(root, "mode", fsj_mode_name(ctx->mode));
	cJSON_AddStringToObject(root, "workspace", ctx->workspace);
	cJSON_AddStringToObject(root, "overall", fsj_overall_name(chk->overall));
	cJSON_AddBoolToObject(root, "complete", fx->complete);
	effects = cJSON_AddArrayToObject(root, "effects");
	for (size_t i = 0; i < fx->n; i++) {
		const struct fsj_effect *e = &fx->v[i];
		const struct fsj_effect_decision *d = &chk->d[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "capability", fsj_effect_cap_name(e->cap));
		add_str_or_null(o, "path", e->path);
		add_str_or_null(o, "resolved", d->resolved);
		cJSON_AddStringToObject(o, "status", fsj_effect_status_name(e->status));
		add_str_or_null(o, "program", e->program);
		cJSON_AddStringToObject(o, "text", e->text);
		cJSON_AddNumberToObject(o, "start", e->start);
		cJSON_AddNumberToObject(o, "end", e->end);
		cJSON_AddStringToObject(o, "decision", fsj_verdict_name(d->verdict));
		cJSON_AddStringToObject(o, "level", fsj_level_name(d->level));
		cJSON_AddItemToObject(o, "rule",
				      d->rule ? fsjail_json_rule(d->rule) : cJSON_CreateNull());
		if (d->why)
			cJSON_AddStringToObject(o, "reason", d->why);
		cJSON_AddBoolToObject(o, "held_by_tier", d->by_tier);
		cJSON_AddBoolToObject(o, "recursive", e->recursive);
		cJSON_AddItemToArray(effects, o);
	}
	effects_why_missing(root, chk);
	effects_why_unresolved(root, cwd, fx, chk); /* why it prompts */
	return root;
}
