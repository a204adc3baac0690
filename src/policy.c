/* policy.c - the capability model and the precedence engine
 * (DESIGN.md sections 2-5). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy.h"
#include "policy-secret.h"
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

/* The rule index: an open-addressing hash table from a spelling (a rule's
 * path or resolved path, not owned: the rule's own strings) to the indices
 * of the rules spelled so. Grown at half load; never shrinks. */
struct index_slot {
	const char *key; /* NULL: empty */
	size_t len, hash; /* strlen(key), index_hash(key): a probe compares these first */
	size_t *idx;
	size_t n, cap;
};

struct policy_index {
	struct index_slot *slots;
	size_t cap, used; /* cap: a power of two */
};

/* FNV-1a over the n bytes of s. */
static size_t index_hash(const char *s, size_t n)
{
	size_t h = (size_t)14695981039346656037ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= (size_t)1099511628211ULL;
	}
	return h;
}

/* The slot of the n-byte key s of hash h: its own, or the empty one. */
static struct index_slot *index_slot(const struct policy_index *ix, const char *s, size_t n,
				     size_t h)
{
	for (size_t i = h & (ix->cap - 1);; i = (i + 1) & (ix->cap - 1)) {
		struct index_slot *sl = &ix->slots[i];

		if (!sl->key || (sl->hash == h && sl->len == n && memcmp(sl->key, s, n) == 0))
			return sl;
	}
}

static void index_put(struct policy_index *ix, const char *key, size_t rule)
{
	size_t len = strlen(key), h = index_hash(key, len);
	struct index_slot *sl;

	if (2 * (ix->used + 1) > ix->cap) {
		struct policy_index grown = { NULL, ix->cap ? ix->cap * 2 : 64, 0 };

		grown.slots = xcalloc(grown.cap, sizeof(*grown.slots));
		for (size_t i = 0; i < ix->cap; i++) {
			if (!ix->slots[i].key)
				continue;
			*index_slot(&grown, ix->slots[i].key, ix->slots[i].len, ix->slots[i].hash) =
				ix->slots[i];
			grown.used++;
		}
		free(ix->slots);
		*ix = grown;
	}
	sl = index_slot(ix, key, len, h);
	if (!sl->key) {
		*sl = (struct index_slot){ key, len, h, NULL, 0, 0 };
		ix->used++;
	}
	if (sl->n == sl->cap) {
		sl->cap = sl->cap ? sl->cap * 2 : 2;
		sl->idx = xreallocarray(sl->idx, sl->cap, sizeof(*sl->idx));
	}
	sl->idx[sl->n++] = rule;
}

static void index_free(struct policy_index *ix)
{
	if (!ix)
		return;
	for (size_t i = 0; i < ix->cap; i++)
		free(ix->slots[i].idx);
	free(ix->slots);
	free(ix);
}

void policy_free(struct fsj_policy *pol)
{
	if (!pol)
		return;
	for (size_t i = 0; i < pol->n_rules; i++)
		free(pol->rules[i].path); /* its strings' one block (policy_add_rule()) */
	free(pol->rules);
	index_free(pol->index);
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
		pol->index = xcalloc(1, sizeof(*pol->index));
	index_put(pol->index, dst->path, pol->n_rules - 1);
	if (dst->resolved && strcmp(dst->resolved, dst->path) != 0)
		index_put(pol->index, dst->resolved, pol->n_rules - 1);
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


enum verdict { V_PASS = 0, V_ALLOW = 1, V_DENY = 2 };

/* Prefix hashes decide_one() keeps on its stack (components). */
#define PREFIXES 64

/* What a rule denies beyond bit for capability c: every enforced
 * capability for delete on macOS (the move rule, see policy_decide()),
 * else nothing. */
static unsigned deny_any_of(const struct fsj_policy *pol, int c)
{
	return pol->darwin && c == FSJ_CAP_DELETE ? pol->enforced : 0;
}

/* The decision for one spelling of the query, for each capability in
 * caps: out[c] (the others untouched). A rule that denies any of
 * deny_any_of(c) denies c too. One walk of q's ancestors serves every
 * capability; each is decided as if alone. */
static void decide_one(const struct fsj_policy *pol, const char *q, unsigned caps,
		       struct fsj_decision out[FSJ_CAP_COUNT])
{
	/* The best rule of each level: deepest wins; on a tie at one depth
	 * deny wins. The candidates are the rules spelled as q or as one of
	 * its ancestors (those recursive), found in the index: O(depth of q). */
	const struct fsj_rule *best[FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT] = { { NULL } };
	enum verdict best_v[FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT] = { { V_PASS } };
	long best_depth[FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT];
	unsigned deny_any[FSJ_CAP_COUNT];
	size_t len = strlen(q);
	long depth = (long)path_depth(q);

	/* the hash of each prefix q[0, n) probed below, in one pass (FNV-1a
	 * of a prefix is a step of its extension's): the n and hash of the
	 * first PREFIXES of them; any other is hashed alone */
	size_t pre_n[PREFIXES], pre_h[PREFIXES], n_pre = 0, k_pre;
	size_t hh = (size_t)14695981039346656037ULL;

	for (size_t i = 0; i < len && n_pre < PREFIXES; i++) {
		if (q[i] == '/' && i > 0) {
			pre_n[n_pre] = i; /* q[0, i): an ancestor */
			pre_h[n_pre++] = hh;
		}
		hh ^= (unsigned char)q[i];
		hh *= (size_t)1099511628211ULL;
		if (i == 0) {
			pre_n[n_pre] = 1; /* "/" */
			pre_h[n_pre++] = hh;
		}
	}
	k_pre = n_pre;
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		deny_any[c] = deny_any_of(pol, c);
		for (int lv = 0; lv < FSJ_LEVEL_DEFAULT; lv++)
			best_depth[c][lv] = -1;
	}
	for (size_t n = len; pol->index && pol->index->cap; depth--) {
		/* q[0, n) is q, then each ancestor; "/" last (n == 1); n only
		 * shrinks, so the kept prefixes are met from the last */
		size_t h;

		while (k_pre > 0 && pre_n[k_pre - 1] > n)
			k_pre--;
		h = k_pre > 0 && pre_n[k_pre - 1] == n ? pre_h[k_pre - 1] : index_hash(q, n);
		struct index_slot *sl = index_slot(pol->index, q, n, h);

		for (size_t k = 0; sl->key && k < sl->n; k++) {
			const struct fsj_rule *r = &pol->rules[sl->idx[k]];
			int lv = (int)fsj_source_level(r->source);

			if (lv < 0 || lv >= FSJ_LEVEL_DEFAULT || (!r->recursive && n != len))
				continue;
			for (int c = 0; c < FSJ_CAP_COUNT; c++) {
				unsigned bit = FSJ_CAPBIT(c);
				enum verdict v;

				if (!(caps & bit) ||
				    !(((r->allow | r->deny | r->pass) & bit) || (r->deny & deny_any[c])))
					continue;
				v = (r->deny & (bit | deny_any[c])) ? V_DENY
				    : (r->allow & bit)              ? V_ALLOW
								    : V_PASS;
				if (depth > best_depth[c][lv] ||
				    (depth == best_depth[c][lv] && v > best_v[c][lv])) {
					best[c][lv] = r;
					best_v[c][lv] = v;
					best_depth[c][lv] = depth;
				}
			}
		}
		if (n <= 1)
			break;
		while (n > 1 && q[n - 1] != '/')
			n--;
		if (n > 1)
			n--; /* drop the slash, unless it is the root */
	}

	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		if (!(caps & FSJ_CAPBIT(c)))
			continue;
		memset(&out[c], 0, sizeof(out[c]));
		out[c].level = FSJ_LEVEL_DEFAULT;
		for (int lv = FSJ_LEVEL_PROTECTED; lv < FSJ_LEVEL_DEFAULT; lv++) {
			if (!best[c][lv])
				continue;
			if (best_v[c][lv] == V_PASS) {
				/* a protected exception: this level has no opinion here */
				out[c].pass = true;
				continue;
			}
			out[c].allowed = best_v[c][lv] == V_ALLOW;
			out[c].level = (enum fsj_level)lv;
			out[c].rule = best[c][lv];
			break;
		}
	}
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
