/* check_polcaps.c - policy_decide() and policy_decide_caps() against a
 * reference written from the precedence rules of policy.h alone (issue 18:
 * the decision walks the query's ancestors once for every capability, with
 * the prefixes hashed in one pass; nothing of that may change an answer).
 * Seeded random policies and queries over a small alphabet, so that rules
 * nest, tie and cover both spellings of a query. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

static unsigned seed;

static unsigned rnd(unsigned n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

/* "/" or 1-5 components of a, b, c; now and then a long one, and a depth
 * past the 64 prefixes decide_one() keeps hashed. */
static char *rnd_path(void)
{
	static const char *const comp[] = { "a", "b", "c", "long-name-x" };
	struct strbuf sb = STRBUF_INIT;
	unsigned n = rnd(10) == 0 ? 70 + rnd(5) : rnd(6);

	if (n == 0)
		return xstrdup("/");
	for (unsigned i = 0; i < n; i++) {
		sb_addc(&sb, '/');
		sb_adds(&sb, comp[n > 60 ? rnd(2) : rnd(4)]);
	}
	return sb_detach(&sb);
}

/* The reference: each level's deepest rule spelled as q or an ancestor of
 * q (recursive), deny over allow over pass on a tie, the first added on
 * an equal tie; the strongest level with an opinion decides. */
static void ref_one(const struct fsj_policy *pol, const char *q, int c, struct fsj_decision *out)
{
	const struct fsj_rule *best[FSJ_LEVEL_DEFAULT] = { NULL };
	int best_v[FSJ_LEVEL_DEFAULT] = { 0 };
	long best_d[FSJ_LEVEL_DEFAULT] = { -1, -1, -1 };
	unsigned bit = FSJ_CAPBIT(c);

	memset(out, 0, sizeof(*out));
	out->level = FSJ_LEVEL_DEFAULT;
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		int lv = (int)fsj_source_level(r->source);

		if (!((r->allow | r->deny | r->pass) & bit))
			continue;
		for (int k = 0; k < 2; k++) {
			const char *s = k == 0 ? r->path : r->resolved;
			long d = (long)path_depth(s);
			int v = (r->deny & bit) ? 2 : (r->allow & bit) ? 1 : 0;

			if (k == 1 && strcmp(r->path, r->resolved) == 0)
				break;
			if (!(strcmp(s, q) == 0 || (r->recursive && path_covers(s, q))))
				continue;
			if (d > best_d[lv] || (d == best_d[lv] && v > best_v[lv])) {
				best[lv] = r;
				best_v[lv] = v;
				best_d[lv] = d;
			}
		}
	}
	for (int lv = 0; lv < FSJ_LEVEL_DEFAULT; lv++) {
		if (!best[lv])
			continue;
		if (best_v[lv] == 0) {
			out->pass = true;
			continue;
		}
		out->allowed = best_v[lv] == 1;
		out->level = (enum fsj_level)lv;
		out->rule = best[lv];
		return;
	}
}

static void ref_decide(const struct fsj_policy *pol, const char *path, const char *resolved,
		       int c, struct fsj_decision *out)
{
	struct fsj_decision dw;

	ref_one(pol, resolved, c, out);
	if (strcmp(path, resolved) != 0 && out->allowed) {
		ref_one(pol, path, c, &dw);
		if (!dw.allowed)
			*out = dw;
	}
}

static void same(const struct fsj_decision *a, const struct fsj_decision *b, const char *q,
		 int c)
{
	if (a->allowed != b->allowed || a->level != b->level || a->rule != b->rule ||
	    a->pass != b->pass)
		ck_abort_msg("%s %s: allowed %d/%d level %d/%d rule %p/%p pass %d/%d", q,
			     fsj_cap_name((enum fsj_cap)c), a->allowed, b->allowed, a->level,
			     b->level, (const void *)a->rule, (const void *)b->rule, a->pass,
			     b->pass);
}

START_TEST(test_caps_match_reference)
{
	static const enum fsj_source src[] = { FSJ_SRC_PROTECTED, FSJ_SRC_RULES, FSJ_SRC_GRANT,
					       FSJ_SRC_BASELINE };

	seed = 18u + (unsigned)_i;
	for (int round = 0; round < 40; round++) {
		struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
		unsigned n = 1 + rnd(40);

		for (unsigned i = 0; i < n; i++) {
			cleanup_free char *p = rnd_path(), *res = rnd(4) ? xstrdup(p) : rnd_path();
			struct fsj_rule r = {
				.path = p,
				.resolved = res,
				.recursive = rnd(3) != 0,
				.allow = rnd(64),
				.deny = rnd(3) ? 0 : rnd(64),
				.pass = rnd(5) ? 0 : rnd(64),
				.source = src[rnd(4)],
			};
			policy_add_rule(pol, &r);
		}
		for (int qn = 0; qn < 60; qn++) {
			cleanup_free char *q = rnd_path(), *qr = rnd(3) ? xstrdup(q) : rnd_path();
			struct fsj_decision all[FSJ_CAP_COUNT], one, ref;
			unsigned caps = rnd(64), mask = 0;

			policy_decide_caps(pol, q, qr, caps, all);
			for (int c = 0; c < FSJ_CAP_COUNT; c++) {
				ref_decide(pol, q, qr, c, &ref);
				policy_decide(pol, q, qr, (enum fsj_cap)c, &one);
				same(&one, &ref, q, c);
				if (caps & FSJ_CAPBIT(c))
					same(&all[c], &ref, q, c);
				if (ref.allowed)
					mask |= FSJ_CAPBIT(c);
			}
			ck_assert_uint_eq(policy_allowed_mask(pol, q, qr), mask);
		}
		policy_free(pol);
	}
}
END_TEST

/* macOS: the move rule (a deny of anything denies delete, and a folder
 * above a denied path) and the /private spelling: every capability at
 * once as each alone. */
START_TEST(test_caps_darwin_as_alone)
{
	seed = 1800u + (unsigned)_i;
	for (int round = 0; round < 20; round++) {
		struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);

		pol->darwin = true;
		for (unsigned i = 0, n = 1 + rnd(30); i < n; i++) {
			cleanup_free char *p = rnd_path();
			struct fsj_rule r = {
				.path = p,
				.resolved = p,
				.recursive = rnd(3) != 0,
				.allow = rnd(64),
				.deny = rnd(2) ? 0 : rnd(64),
				.source = rnd(2) ? FSJ_SRC_RULES : FSJ_SRC_BASELINE,
			};
			policy_add_rule(pol, &r);
		}
		for (int qn = 0; qn < 40; qn++) {
			cleanup_free char *q = rnd_path();
			struct fsj_decision all[FSJ_CAP_COUNT], one;

			policy_decide_caps(pol, q, q, FSJ_CAPS_ALL, all);
			for (int c = 0; c < FSJ_CAP_COUNT; c++) {
				policy_decide(pol, q, q, (enum fsj_cap)c, &one);
				same(&all[c], &one, q, c);
			}
		}
		policy_free(pol);
	}
}
END_TEST

static Suite *polcaps_suite(void)
{
	Suite *s = suite_create("polcaps");
	TCase *tc = tcase_create("reference");

	tcase_add_loop_test(tc, test_caps_match_reference, 0, 25);
	tcase_add_loop_test(tc, test_caps_darwin_as_alone, 0, 10);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(polcaps_suite(), CK_FORK_GETENV);
}
