/* status_json.c - parts of `fsjail status`'s JSON report (schema
 * fsjail-status/1, man/fsjail.1): per capability what the kernel enforces,
 * and the repository metadata protected. */
#include "status_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inforce.h"
#include "landlock.h"
#include "path.h"
#include "policy.h"
#include "repometa.h"
#include "util.h"

static const char *const kernel_levels[] = {
	[LL_CAP_NOT] = "not",
	[LL_CAP_PARTLY] = "partly",
	[LL_CAP_FULLY] = "fully",
};

void status_str_or_null(cJSON *o, const char *name, const char *s)
{
	if (s && *s)
		cJSON_AddStringToObject(o, name, s);
	else
		cJSON_AddNullToObject(o, name);
}

/* See status_json.h. */
bool status_capabilities_json(cJSON *root, int tier, enum fsj_backend backend,
			      const struct ll_plan *plan, const char *none_reason)
{
	cJSON *caps = cJSON_AddObjectToObject(root, "capabilities");
	struct ll_cap_report ll[FSJ_CAP_COUNT];
	unsigned enforced = tier >= 0 ? fsj_tier_enforced((enum fsj_tier)tier) : 0;
	bool partial = false;

	if (plan)
		ll_plan_caps(plan, ll);
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		cJSON *o = cJSON_AddObjectToObject(caps, fsj_cap_name((enum fsj_cap)c));
		bool by_tier = enforced & FSJ_CAPBIT(c);
		enum ll_cap_level level = LL_CAP_NOT;
		char reason[320] = "", note[256] = "";

		cJSON_AddBoolToObject(o, "tier_enforces", by_tier);
		if (none_reason) {
			snprintf(reason, sizeof(reason), "%s", none_reason);
		} else if (!by_tier) {
			snprintf(reason, sizeof(reason), "tier %s leaves %s open",
				 fsj_tier_name((enum fsj_tier)tier), fsj_cap_name((enum fsj_cap)c));
		} else if (plan) {
			level = ll[c].level;
			snprintf(reason, sizeof(reason), "%s", ll[c].reason);
			snprintf(note, sizeof(note), "%s", ll[c].note);
		} else if (backend == FSJ_BACKEND_SEATBELT) {
			level = LL_CAP_FULLY;
		} else {
			snprintf(reason, sizeof(reason), "the %s backend enforces nothing",
				 fsj_backend_name(backend));
		}
		if (by_tier && level != LL_CAP_FULLY && !none_reason)
			partial = true;
		cJSON_AddStringToObject(o, "kernel", kernel_levels[level]);
		status_str_or_null(o, "reason", reason);
		status_str_or_null(o, "note", note);
	}
	return partial;
}

void status_repos_json(cJSON *root, const struct fsj_ctx *ctx, struct strbuf *warnings)
{
	cJSON *o = cJSON_AddObjectToObject(root, "repository_metadata");
	const struct repometa *m = ctx->repos;

	cJSON_AddBoolToObject(o, "protected", m != NULL);
	if (!m)
		return;
	cJSON_AddNumberToObject(o, "gitdirs", (double)m->n_gitdirs);
	cJSON_AddNumberToObject(o, "paths", (double)m->n);
	cJSON_AddNumberToObject(o, "entries_scanned", (double)m->entries);
	cJSON_AddBoolToObject(o, "budget_hit", m->budget_hit);
	cJSON_AddBoolToObject(o, "depth_hit", m->depth_hit);
	cJSON *g = cJSON_AddArrayToObject(o, "grants");
	for (size_t i = 0; i < m->n_grants; i++) {
		cJSON *e;

		if (m->grants[i].refused)
			continue;
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "path", m->grants[i].path);
		cJSON_AddBoolToObject(e, "recursive", m->grants[i].recursive);
		cJSON_AddBoolToObject(e, "write", (m->grants[i].allow & FSJ_CAPS_MODIFY) != 0);
		cJSON_AddStringToObject(e, "for", m->grants[i].repo);
		cJSON_AddItemToArray(g, e);
	}
	g = cJSON_AddArrayToObject(o, "unsearched");
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].unsearched)
			cJSON_AddItemToArray(g, cJSON_CreateString(m->v[i].path));
	if (m->budget_hit)
		sb_addf(warnings, "the repository scan of the workspace stopped after %u entries: "
			"the folders not searched are protected whole (rule "
			"'repository-unsearched'; name a smaller --workspace)\n",
			REPOMETA_MAX_ENTRIES);
	if (m->depth_hit)
		sb_addf(warnings, "the repository scan did not look deeper than %d folders "
			"below the workspace: those below are protected whole (rule "
			"'repository-unsearched')\n", REPOMETA_MAX_DEPTH);
}

void status_repos_listener_json(cJSON *root, bool listener)
{
	cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "repository_metadata");

	cJSON_AddBoolToObject(o, "outside_by_listener", listener);
	cJSON_AddBoolToObject(o, "discovery_by_listener", listener);
}

void status_repos_print(FILE *out, const cJSON *o)
{
	const cJSON *c, *a = cJSON_GetObjectItemCaseSensitive(o, "unsearched");
	const cJSON *l = cJSON_GetObjectItemCaseSensitive(o, "outside_by_listener");

	if (cJSON_GetArraySize(a) > 0)
		fprintf(out, "\n%d folders not searched for git repositories (too deep, or past "
			     "the entry budget): write, create and delete refused in each whole, "
			     "listed above (rule 'repository-unsearched')\n", cJSON_GetArraySize(a));
	a = cJSON_GetObjectItemCaseSensitive(o, "grants");
	if (cJSON_GetArraySize(a) > 0)
		fprintf(out, "\ngranted at the baseline level because git needs it (rule "
			     "'git-linked-worktree'):\n");
	cJSON_ArrayForEach(c, a)
	{
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(c, "path");
		const cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "for");

		fprintf(out, "  %s%s: %s (for the linked worktree %s)\n", p->valuestring,
			cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "recursive"))
				? ""
				: " (this path only)",
			cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "write"))
				? "read, write, create, delete"
				: "read",
			f->valuestring);
	}
	if (!l)
		return;
	if (!cJSON_IsTrue(l)) {
		fprintf(out, "\nrepositories outside the workspace, and new HEAD files in it: NOT "
			     "protected: no listener (FSJAIL_NO_NOTIFY), only the scan's rules hold\n");
		return;
	}
	fprintf(out, "\nrefused by the listener (fsjail explain PATH predicts each):\n"
		     "  repositories outside the workspace (or made there after the scan): "
		     "hooks/, info/, config, config.worktree, and removing or replacing a .git, "
		     "(rule 'repository-metadata'); in one the command makes, config takes inert "
		     "keys only (via config.lock), hooks/ .sample names or the template's hooks only\n"
		     "  a new HEAD under the workspace outside a .git or NAME.git folder: it would "
		     "make git take its folder for a repository (rule 'repository-discovery')\n");
}

void status_exe_warn(const struct fsj_policy *pol, struct strbuf *warnings)
{
	cleanup_free char *exe = fsj_self_exe();
	cleanup_free char *dir = exe ? path_dirname(exe) : NULL;
	cleanup_free char *probe = dir ? path_join(dir, ".fsjail-new-entry") : NULL;
	struct fsj_decision d;

	if (!pol || !probe)
		return;
	policy_decide(pol, probe, NULL, FSJ_CAP_CREATE, &d);
	if (d.allowed && (pol->enforced & FSJ_CAPBIT(FSJ_CAP_CREATE)))
		sb_addf(warnings, "fsjail's executable %s lies in %s, where the command may create "
			"files: the executable itself is protected, but a program placed next to "
			"it is not\n", exe, dir);
}

void status_listener_json(cJSON *root, const struct ll_plan *plan)
{
	cJSON *a = cJSON_AddArrayToObject(root, "listener_carried");

	for (size_t i = 0; plan && i < plan->n_by_listener; i++) {
		cJSON *e = cJSON_CreateObject();
		cleanup_free char *g = ll_guarded_name(plan->by_listener[i]);

		cJSON_AddStringToObject(e, "path", plan->by_listener[i]);
		status_str_or_null(e, "guarded", g);
		cJSON_AddItemToArray(a, e);
	}
}

void status_listener_print(FILE *out, const cJSON *a)
{
	const cJSON *e;

	if (cJSON_GetArraySize(a) <= 0)
		return;
	fprintf(out, "\ndenied paths that do not exist yet, kept absent by the seccomp listener "
		     "(their folders keep their grants):\n");
	cJSON_ArrayForEach(e, a)
	{
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "path");
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(e, "guarded");

		if (!cJSON_IsString(p))
			continue;
		if (cJSON_IsString(g))
			fprintf(out, "  %s (guarded from %s: its missing folders may be made, "
				     "empty; none moved or linked in)\n",
				p->valuestring, g->valuestring);
		else
			fprintf(out, "  %s\n", p->valuestring);
	}
}
