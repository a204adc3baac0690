/* policy.c - the capability model and the precedence engine
 * (DESIGN.md sections 2-5). */
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy.h"
#include "policy-secret.h"
#include "policy-walk.h"
#include "util.h"

static const char *const cap_names[FSJ_CAP_COUNT] = {
	[FSJ_CAP_READ] = "read",
	[FSJ_CAP_WRITE] = "write",
	[FSJ_CAP_CREATE] = "create",
	[FSJ_CAP_DELETE] = "delete",
	[FSJ_CAP_EXECUTE] = "execute",
	[FSJ_CAP_CONNECT] = "connect",
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
	/* connect at every tier: a socket is a door out whatever the tier
	 * (Landlock ABI >= 9 RESOLVE_UNIX, else the seccomp listener; macOS
	 * network-outbound (remote unix-socket ...)). */
	unsigned m = FSJ_CAPS_MODIFY | FSJ_CAPBIT(FSJ_CAP_CONNECT);

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
	free(r->note);
	memset(r, 0, sizeof(*r));
}

void policy_free(struct fsj_policy *pol)
{
	if (!pol)
		return;
	for (size_t i = 0; i < pol->n_rules; i++)
		free(pol->rules[i].path); /* its strings' one block (policy_add_rule()) */
	free(pol->rules);
	policy_index_free(pol->index);
	free(pol->workspace);
	policy_set_lists(pol, NULL, 0, NULL, 0);
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
	{
		/* one allocation for the five strings, path first (policy_free()
		 * frees that): a 1,000-rule policy is 3,000 fewer mallocs, frees
		 * and page-faulted chunks (issue 18) */
		cleanup_free char *res = r->resolved ? NULL : path_resolve(r->path);
		const char *sv[5] = { r->path, r->resolved ? r->resolved : res, r->id, r->origin,
				      r->note };
		char **dv[5] = { &dst->path, &dst->resolved, &dst->id, &dst->origin, &dst->note };
		size_t len[5], total = 0;
		char *w;

		for (int k = 0; k < 5; k++)
			total += (len[k] = sv[k] ? strlen(sv[k]) + 1 : 0);
		w = xmalloc(total);
		for (int k = 0; k < 5; k++) {
			*dv[k] = sv[k] ? memcpy(w, sv[k], len[k]) : NULL;
			w += len[k];
		}
	}
	if (!pol->index)
		pol->index = policy_index_new();
	policy_index_put(pol->index, dst->path, pol->n_rules - 1);
	if (dst->resolved && strcmp(dst->resolved, dst->path) != 0)
		policy_index_put(pol->index, dst->resolved, pol->n_rules - 1);
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
	cleanup_free char *resolved = NULL; /* the workspace as the baseline spelled it */
	size_t n = pol->n_rules;

	for (size_t i = 0; i < n; i++) {
		struct fsj_rule *r = &pol->rules[i];
		enum fsj_level lv = fsj_source_level(r->source);

		if (lv == FSJ_LEVEL_BASELINE && pol->workspace &&
		    (strcmp(r->path, pol->workspace) == 0 || strcmp(r->resolved, pol->workspace) == 0)) {
			r->allow &= ~FSJ_CAPS_MODIFY;
			if (!resolved)
				resolved = xstrdup(r->resolved);
		} else if (lv == FSJ_LEVEL_EXPLICIT) {
			r->allow &= ~FSJ_CAPS_MODIFY;
		}
	}
	/* Denied, not just not granted (a workspace under /tmp must not
	 * inherit the temporary directory's grant), by a rule of its own so
	 * that refusals and explain name the mode, not the baseline's grant. */
	if (pol->workspace)
		(void)policy_add_rule(pol, &(struct fsj_rule){ .id = (char *)"read-only-mode",
							       .path = pol->workspace,
							       .resolved = resolved,
							       .recursive = true,
							       .deny = FSJ_CAPS_MODIFY,
							       .source = FSJ_SRC_BASELINE,
							       .origin = (char *)"--mode read-only" });
}


/* What a rule denies beyond bit for capability c: every enforced
 * capability for delete on macOS (the move rule, see policy_decide()),
 * else nothing. */
static unsigned deny_any_of(const struct fsj_policy *pol, int c)
{
	return pol->darwin && c == FSJ_CAP_DELETE ? pol->enforced : 0;
}

/* The decision for one spelling of the query, for each capability in
 * caps: out[c] (the others untouched). The candidates are the rules
 * spelled as q or as one of its ancestors (those recursive), found in the
 * index: a walk from "/" down q's prefixes (policy-walk.h), O(depth of q). */
static void decide_one(const struct fsj_policy *pol, const char *q, unsigned caps,
		       struct fsj_decision out[FSJ_CAP_COUNT])
{
	struct policy_walk w, end;
	size_t len = strlen(q);

	policy_walk_start(&w);
	/* q[0, 1) ("/"), q[0, i) before each later slash, then q itself */
	for (size_t i = 1; i < len; i++)
		if (i == 1 || q[i] == '/')
			policy_walk_step(pol, &w, q, i, caps, &w, NULL);
	policy_walk_step(pol, &w, q, len, caps, &w, &end);
	policy_walk_decisions(&end, caps, out);
}

/* A folder strictly above a path some rule denies (any spelling), other
 * than "/": *out becomes a deny by that rule. */
static void above_denied(const struct fsj_policy *pol, const char *q, struct fsj_decision *out)
{
	size_t n = strlen(q);

	if (n <= 1)
		return;
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *sp[2] = { r->path, r->resolved };

		if (!(r->deny & pol->enforced))
			continue;
		for (int k = 0; k < 4; k++) {
			cleanup_free char *alias = k >= 2 && sp[k - 2] ?
							   path_darwin_private(sp[k - 2]) : NULL;
			const char *s = k < 2 ? sp[k] : alias;

			if (s && strncmp(s, q, n) == 0 && s[n] == '/') {
				out->allowed = false;
				out->level = fsj_source_level(r->source);
				out->rule = r;
				out->pass = false;
				return;
			}
		}
	}
}

void policy_decide_caps(const struct fsj_policy *pol, const char *path, const char *resolved,
			unsigned caps, struct fsj_decision out[FSJ_CAP_COUNT])
{
	struct fsj_decision dw[FSJ_CAP_COUNT];
	cleanup_free char *alias = NULL;
	unsigned again = 0;

	caps &= FSJ_CAPS_ALL;
	/* macOS: /tmp, /var and /etc are /private/... (DESIGN.md section 3:
	 * one path), whatever spelling the query is written in */
	if (pol->darwin && (alias = path_darwin_private(path)))
		path = alias;
	/* Rules match by either of their spellings. The query is decided for
	 * its resolved spelling (what the kernel acts on) and, when it differs,
	 * for its written spelling too; it is allowed only when both are, so a
	 * symlink can neither carry a grant outside nor step around a deny
	 * written on the link's own path. */
	if (!resolved || strcmp(path, resolved) == 0) {
		decide_one(pol, path, caps, out);
	} else {
		decide_one(pol, resolved, caps, out);
		for (int c = 0; c < FSJ_CAP_COUNT; c++)
			if ((caps & FSJ_CAPBIT(c)) && out[c].allowed)
				again |= FSJ_CAPBIT(c);
		if (again)
			decide_one(pol, path, again, dw);
		for (int c = 0; c < FSJ_CAP_COUNT; c++)
			if ((again & FSJ_CAPBIT(c)) && !dw[c].allowed)
				out[c] = dw[c];
	}
	/* macOS checks rename(2) with file-write-unlink on the source alone:
	 * what is denied anything is not deleted or renamed away, and neither
	 * is a folder above it (sbpl-int.h, sandbox-runtime issue 8); the
	 * profile says so, and so does the policy, so that explain, check
	 * and the broker agree with it */
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if ((caps & FSJ_CAPBIT(c)) && deny_any_of(pol, c) && out[c].allowed)
			above_denied(pol, resolved ? resolved : path, &out[c]);
}

void policy_decide(const struct fsj_policy *pol, const char *path, const char *resolved,
		   enum fsj_cap cap, struct fsj_decision *out)
{
	struct fsj_decision d[FSJ_CAP_COUNT];

	if ((unsigned)cap >= FSJ_CAP_COUNT) {
		*out = (struct fsj_decision){ false, FSJ_LEVEL_DEFAULT, NULL, false };
		return;
	}
	policy_decide_caps(pol, path, resolved, FSJ_CAPBIT(cap), d);
	*out = d[cap];
}

unsigned policy_allowed_mask(const struct fsj_policy *pol, const char *path,
			     const char *resolved)
{
	struct fsj_decision d[FSJ_CAP_COUNT];
	unsigned m = 0;

	policy_decide_caps(pol, path, resolved, FSJ_CAPS_ALL, d);
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (d[c].allowed)
			m |= FSJ_CAPBIT(c);
	return m;
}
