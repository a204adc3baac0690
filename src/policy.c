/* policy.c - the capability model and the precedence engine
 * (DESIGN.md sections 2-5). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy.h"
#include "util.h"

static const char *const cap_names[FSJ_CAP_COUNT] = {
	[FSJ_CAP_READ] = "read",
	[FSJ_CAP_WRITE] = "write",
	[FSJ_CAP_CREATE] = "create",
	[FSJ_CAP_DELETE] = "delete",
	[FSJ_CAP_EXECUTE] = "execute",
};

static const char *const level_names[FSJ_LEVEL_COUNT] = {
	[FSJ_LEVEL_PROTECTED] = "protected",
	[FSJ_LEVEL_EXPLICIT] = "explicit",
	[FSJ_LEVEL_BASELINE] = "baseline",
	[FSJ_LEVEL_DEFAULT] = "default",
};

static const char *const tier_names[FSJ_TIER_COUNT] = {
	[FSJ_TIER_WRITES] = "writes",
	[FSJ_TIER_PROCESS] = "process",
	[FSJ_TIER_GUARDED] = "guarded",
	[FSJ_TIER_FULL] = "full",
};

const char *fsj_cap_name(enum fsj_cap c)
{
	return (unsigned)c < FSJ_CAP_COUNT ? cap_names[c] : "?";
}

const char *fsj_level_name(enum fsj_level l)
{
	return (unsigned)l < FSJ_LEVEL_COUNT ? level_names[l] : "?";
}

const char *fsj_source_name(enum fsj_source s)
{
	switch (s) {
	case FSJ_SRC_PROTECTED:
		return "protected";
	case FSJ_SRC_RULES:
		return "rule";
	case FSJ_SRC_GRANT:
		return "grant";
	case FSJ_SRC_SESSION:
		return "session";
	case FSJ_SRC_BASELINE:
		return "baseline";
	}
	return "?";
}

const char *fsj_tier_name(enum fsj_tier t)
{
	return (unsigned)t < FSJ_TIER_COUNT ? tier_names[t] : "?";
}

const char *fsj_mode_name(enum fsj_mode m)
{
	return m == FSJ_MODE_READ_ONLY ? "read-only" : "workspace-write";
}

int fsj_cap_parse(const char *s)
{
	for (int i = 0; i < FSJ_CAP_COUNT; i++)
		if (strcmp(s, cap_names[i]) == 0)
			return i;
	return -1;
}

int fsj_tier_parse(const char *s)
{
	for (int i = 0; i < FSJ_TIER_COUNT; i++)
		if (strcmp(s, tier_names[i]) == 0)
			return i;
	return -1;
}

int fsj_mode_parse(const char *s)
{
	if (strcmp(s, "workspace-write") == 0)
		return FSJ_MODE_WORKSPACE_WRITE;
	if (strcmp(s, "read-only") == 0)
		return FSJ_MODE_READ_ONLY;
	return -1;
}

unsigned fsj_tier_enforced(enum fsj_tier t)
{
	unsigned m = FSJ_CAPS_MODIFY;

	if (t >= FSJ_TIER_PROCESS)
		m |= FSJ_CAPBIT(FSJ_CAP_EXECUTE);
	if (t >= FSJ_TIER_GUARDED)
		m |= FSJ_CAPBIT(FSJ_CAP_READ);
	return m;
}

enum fsj_level fsj_source_level(enum fsj_source s)
{
	switch (s) {
	case FSJ_SRC_PROTECTED:
		return FSJ_LEVEL_PROTECTED;
	case FSJ_SRC_RULES:
	case FSJ_SRC_GRANT:
	case FSJ_SRC_SESSION:
		return FSJ_LEVEL_EXPLICIT;
	case FSJ_SRC_BASELINE:
		return FSJ_LEVEL_BASELINE;
	}
	return FSJ_LEVEL_DEFAULT;
}

struct fsj_policy *policy_new(enum fsj_mode mode, enum fsj_tier tier)
{
	struct fsj_policy *pol = xcalloc(1, sizeof(*pol));

	pol->mode = mode;
	pol->tier = tier;
	pol->enforced = fsj_tier_enforced(tier);
	return pol;
}

void fsj_rule_release(struct fsj_rule *r)
{
	free(r->id);
	free(r->path);
	free(r->resolved);
	free(r->origin);
	memset(r, 0, sizeof(*r));
}

void policy_free(struct fsj_policy *pol)
{
	if (!pol)
		return;
	for (size_t i = 0; i < pol->n_rules; i++)
		fsj_rule_release(&pol->rules[i]);
	free(pol->rules);
	free(pol->workspace);
	for (size_t i = 0; i < pol->n_user_data_roots; i++)
		free(pol->user_data_roots[i]);
	free(pol->user_data_roots);
	free(pol);
}

struct fsj_rule *policy_add_rule(struct fsj_policy *pol, const struct fsj_rule *r)
{
	struct fsj_rule *dst;

	if (pol->n_rules == pol->cap_rules) {
		pol->cap_rules = pol->cap_rules ? pol->cap_rules * 2 : 32;
		pol->rules = xreallocarray(pol->rules, pol->cap_rules, sizeof(*pol->rules));
	}
	dst = &pol->rules[pol->n_rules++];
	*dst = *r;
	dst->id = r->id ? xstrdup(r->id) : NULL;
	dst->path = xstrdup(r->path);
	dst->resolved = r->resolved ? xstrdup(r->resolved) : path_resolve(r->path);
	dst->origin = r->origin ? xstrdup(r->origin) : NULL;
	return dst;
}

void policy_finalize(struct fsj_policy *pol)
{
	if (pol->mode != FSJ_MODE_READ_ONLY)
		return;
	/* Read-only: the workspace keeps read + execute and no user rule can
	 * add write, create or delete anywhere (DESIGN.md section 3). The
	 * baseline's temporary directories and device nodes keep theirs: they
	 * are scratch space, not user data. */
	for (size_t i = 0; i < pol->n_rules; i++) {
		struct fsj_rule *r = &pol->rules[i];
		enum fsj_level lv = fsj_source_level(r->source);

		if (lv == FSJ_LEVEL_EXPLICIT)
			r->allow &= ~FSJ_CAPS_MODIFY;
		else if (lv == FSJ_LEVEL_BASELINE && pol->workspace &&
			 (strcmp(r->path, pol->workspace) == 0 ||
			  strcmp(r->resolved, pol->workspace) == 0)) {
			/* denied, not just not granted: a workspace under /tmp
			 * must not inherit the temporary directory's grant */
			r->allow &= ~FSJ_CAPS_MODIFY;
			r->deny |= FSJ_CAPS_MODIFY;
		}
	}
}

/* Depth of the deepest spelling of r (written or resolved) that matches
 * query q, or -1. */
static long match_depth(const struct fsj_rule *r, const char *q)
{
	const char *spell[2] = { r->path, r->resolved };
	long best = -1;

	for (int i = 0; i < 2; i++) {
		if (!spell[i])
			continue;
		bool hit = r->recursive ? path_covers(spell[i], q) : strcmp(spell[i], q) == 0;
		if (hit) {
			long d = (long)path_depth(spell[i]);
			if (d > best)
				best = d;
		}
	}
	return best;
}

enum verdict { V_PASS = 0, V_ALLOW = 1, V_DENY = 2 };

/* The decision for one spelling of the query. */
static void decide_one(const struct fsj_policy *pol, const char *q, unsigned bit,
		       struct fsj_decision *out)
{
	memset(out, 0, sizeof(*out));
	out->level = FSJ_LEVEL_DEFAULT;

	for (int lv = FSJ_LEVEL_PROTECTED; lv < FSJ_LEVEL_DEFAULT; lv++) {
		const struct fsj_rule *best = NULL;
		enum verdict best_v = V_PASS;
		long best_depth = -1;

		for (size_t i = 0; i < pol->n_rules; i++) {
			const struct fsj_rule *r = &pol->rules[i];
			enum verdict v;
			long d;

			if ((int)fsj_source_level(r->source) != lv)
				continue;
			if (!((r->allow | r->deny | r->pass) & bit))
				continue;
			d = match_depth(r, q);
			if (d < 0)
				continue;
			v = (r->deny & bit) ? V_DENY : (r->allow & bit) ? V_ALLOW : V_PASS;
			/* Deepest wins; on a tie at one depth deny wins. */
			if (d > best_depth || (d == best_depth && v > best_v)) {
				best = r;
				best_v = v;
				best_depth = d;
			}
		}
		if (!best)
			continue;
		if (best_v == V_PASS) {
			/* a protected exception: this level has no opinion here */
			out->pass = true;
			continue;
		}
		out->allowed = best_v == V_ALLOW;
		out->level = (enum fsj_level)lv;
		out->rule = best;
		return;
	}
}

void policy_decide(const struct fsj_policy *pol, const char *path, const char *resolved,
		   enum fsj_cap cap, struct fsj_decision *out)
{
	unsigned bit = FSJ_CAPBIT(cap);
	struct fsj_decision dw;

	/* Rules match by either of their spellings. The query is decided for
	 * its resolved spelling (what the kernel acts on) and, when it differs,
	 * for its written spelling too; it is allowed only when both are, so a
	 * symlink can neither carry a grant outside nor step around a deny
	 * written on the link's own path. */
	if (!resolved || strcmp(path, resolved) == 0) {
		decide_one(pol, path, bit, out);
		return;
	}
	decide_one(pol, resolved, bit, out);
	if (!out->allowed)
		return;
	decide_one(pol, path, bit, &dw);
	if (!dw.allowed)
		*out = dw;
}

unsigned policy_allowed_mask(const struct fsj_policy *pol, const char *path,
			     const char *resolved)
{
	unsigned m = 0;

	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct fsj_decision d;
		policy_decide(pol, path, resolved, (enum fsj_cap)c, &d);
		if (d.allowed)
			m |= FSJ_CAPBIT(c);
	}
	return m;
}
