/* check_policy.c - unit tests for the precedence engine
 * (DESIGN.md sections 2-4). Policies are built directly; paths that need
 * the filesystem (symlinks) live in a scratch directory. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)
#define K FSJ_CAPBIT(FSJ_CAP_CONNECT)

static struct fsj_rule *add(struct fsj_policy *pol, enum fsj_source src, const char *path,
			    bool recursive, unsigned allow, unsigned deny, unsigned pass)
{
	cleanup_free char *copy = xstrdup(path);
	struct fsj_rule r = {
		.path = copy,
		.resolved = copy,
		.recursive = recursive,
		.allow = allow,
		.deny = deny,
		.pass = pass,
		.source = src,
	};
	return policy_add_rule(pol, &r);
}

static struct fsj_decision decide(struct fsj_policy *pol, const char *path, enum fsj_cap c)
{
	struct fsj_decision d;
	cleanup_free char *resolved = path_resolve(path);

	policy_decide(pol, path, resolved, c, &d);
	return d;
}

/* A small Linux-like baseline and protected set. */
static struct fsj_policy *base_policy(enum fsj_mode mode)
{
	struct fsj_policy *pol = policy_new(mode, FSJ_TIER_GUARDED);

	pol->workspace = xstrdup("/w");
	add(pol, FSJ_SRC_PROTECTED, "/usr", true, 0, W | C | D, 0);
	add(pol, FSJ_SRC_PROTECTED, "/usr/local", true, 0, 0, W | C | D);
	add(pol, FSJ_SRC_PROTECTED, "/etc", true, 0, W | C | D, 0);
	add(pol, FSJ_SRC_PROTECTED, "/cfg/rules.yaml", false, 0, W | C | D, 0);
	add(pol, FSJ_SRC_BASELINE, "/", true, R, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/home", true, 0, R, 0);
	add(pol, FSJ_SRC_BASELINE, "/home/u/.cargo", true, R | X, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/home/u/.cargo/credentials", false, 0, R | W | C | D | X, 0);
	add(pol, FSJ_SRC_BASELINE, "/usr", true, R | X, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/w", true, R | W | C | X, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/tmp", true, R | W | C | D | X, 0, 0);
	return pol;
}

START_TEST(test_default_denies)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	struct fsj_decision d = decide(pol, "/anything", FSJ_CAP_READ);

	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_DEFAULT);
	ck_assert_ptr_null(d.rule);
	policy_free(pol);
}
END_TEST

START_TEST(test_baseline_decides)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE);
	struct fsj_decision d;

	d = decide(pol, "/w/src/main.c", FSJ_CAP_WRITE);
	ck_assert(d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_BASELINE);
	ck_assert_str_eq(d.rule->path, "/w");
	/* delete is not granted in the workspace by default */
	d = decide(pol, "/w/src/main.c", FSJ_CAP_DELETE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_DEFAULT);
	/* user data is fenced */
	d = decide(pol, "/home/u/notes.txt", FSJ_CAP_READ);
	ck_assert(!d.allowed);
	ck_assert_str_eq(d.rule->path, "/home");
	/* a deeper baseline entry re-opens a toolchain, an even deeper one
	 * closes its credentials */
	ck_assert(decide(pol, "/home/u/.cargo/bin/cargo", FSJ_CAP_EXECUTE).allowed);
	ck_assert(!decide(pol, "/home/u/.cargo/credentials", FSJ_CAP_READ).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_user_rule_beats_baseline)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE);
	struct fsj_decision d;

	add(pol, FSJ_SRC_RULES, "/home/u/proj", true, R, 0, 0);
	d = decide(pol, "/home/u/proj/a.txt", FSJ_CAP_READ);
	ck_assert(d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_EXPLICIT);
	/* the explicit level wins whatever the depth: a user rule on the home
	 * folder beats the baseline's deeper credentials deny */
	add(pol, FSJ_SRC_RULES, "/home/u", true, R, 0, 0);
	d = decide(pol, "/home/u/.cargo/credentials", FSJ_CAP_READ);
	ck_assert(d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_EXPLICIT);
	/* and a user deny beats a baseline grant */
	add(pol, FSJ_SRC_RULES, "/w/secrets", true, 0, R | W, 0);
	d = decide(pol, "/w/secrets/key", FSJ_CAP_WRITE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_EXPLICIT);
	policy_free(pol);
}
END_TEST

START_TEST(test_protected_beats_user_rule)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE);
	struct fsj_decision d;

	add(pol, FSJ_SRC_RULES, "/etc", true, R | W | C | D, 0, 0);
	add(pol, FSJ_SRC_RULES, "/cfg", true, R | W | C | D, 0, 0);
	d = decide(pol, "/etc/passwd", FSJ_CAP_WRITE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
	d = decide(pol, "/cfg/rules.yaml", FSJ_CAP_DELETE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
	/* the protected level has no opinion on read: the user rule decides */
	d = decide(pol, "/cfg/rules.yaml", FSJ_CAP_READ);
	ck_assert(d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_EXPLICIT);
	/* a sibling of the protected file is the user's */
	ck_assert(decide(pol, "/cfg/other.yaml", FSJ_CAP_WRITE).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_protected_exception_passes)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE);
	struct fsj_decision d;

	d = decide(pol, "/usr/local/bin/tool", FSJ_CAP_WRITE);
	ck_assert(!d.allowed);            /* nothing grants it ... */
	ck_assert_int_eq(d.level, FSJ_LEVEL_DEFAULT);
	ck_assert(d.pass);                /* ... but protection let it through */
	add(pol, FSJ_SRC_RULES, "/usr/local", true, W | C, 0, 0);
	d = decide(pol, "/usr/local/bin/tool", FSJ_CAP_WRITE);
	ck_assert(d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_EXPLICIT);
	/* /usr itself stays protected against the same kind of rule */
	add(pol, FSJ_SRC_RULES, "/usr", true, W, 0, 0);
	ck_assert(!decide(pol, "/usr/bin/ls", FSJ_CAP_WRITE).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_whole_components)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);

	add(pol, FSJ_SRC_RULES, "/w/build", true, R | W, 0, 0);
	ck_assert(decide(pol, "/w/build", FSJ_CAP_WRITE).allowed);
	ck_assert(decide(pol, "/w/build/out/x.o", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/w/build-2", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/w/build-2/x.o", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/w/buil", FSJ_CAP_WRITE).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_nested_deny_inside_allow)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE);

	add(pol, FSJ_SRC_RULES, "/home/u", true, R | W | C, 0, 0);
	add(pol, FSJ_SRC_RULES, "/home/u/.ssh", true, 0, R | W | C | D | X, 0);
	add(pol, FSJ_SRC_RULES, "/home/u/.ssh/known_hosts", false, R, 0, 0);
	ck_assert(decide(pol, "/home/u/newfile", FSJ_CAP_CREATE).allowed);
	ck_assert(!decide(pol, "/home/u/.ssh/id_ed25519", FSJ_CAP_READ).allowed);
	ck_assert(!decide(pol, "/home/u/.ssh/x", FSJ_CAP_CREATE).allowed);
	ck_assert(!decide(pol, "/home/u/.ssh", FSJ_CAP_READ).allowed);
	/* deeper again: an allow inside the deny */
	ck_assert(decide(pol, "/home/u/.ssh/known_hosts", FSJ_CAP_READ).allowed);
	ck_assert(!decide(pol, "/home/u/.ssh/known_hosts", FSJ_CAP_WRITE).allowed);
	/* a non-recursive rule covers the path alone */
	ck_assert(!decide(pol, "/home/u/.ssh/known_hosts/x", FSJ_CAP_READ).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_tie_deny_wins)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	struct fsj_decision d;

	add(pol, FSJ_SRC_RULES, "/p", true, R | W, 0, 0);
	add(pol, FSJ_SRC_GRANT, "/p", true, 0, W, 0);
	d = decide(pol, "/p/f", FSJ_CAP_WRITE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.rule->source, FSJ_SRC_GRANT);
	ck_assert(decide(pol, "/p/f", FSJ_CAP_READ).allowed);
	/* one rule both allowing and denying: deny */
	add(pol, FSJ_SRC_RULES, "/q", true, R, R, 0);
	ck_assert(!decide(pol, "/q", FSJ_CAP_READ).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_rule_mentions_only_its_caps)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);

	add(pol, FSJ_SRC_RULES, "/w", true, W, 0, 0);
	add(pol, FSJ_SRC_RULES, "/w/sub", true, R, 0, 0);
	/* the deeper rule says nothing about write: the shallower decides */
	ck_assert(decide(pol, "/w/sub/f", FSJ_CAP_WRITE).allowed);
	ck_assert(decide(pol, "/w/sub/f", FSJ_CAP_READ).allowed);
	ck_assert(!decide(pol, "/w/f", FSJ_CAP_READ).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_dotdot_cannot_escape)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	cleanup_free char *p = NULL;
	const char *in = "/w/build/../../etc/shadow";

	add(pol, FSJ_SRC_RULES, "/w/build", true, R | W, 0, 0);
	ck_assert_int_eq(path_normalize(in, strlen(in), NULL, NULL, &p), PATH_OK);
	ck_assert_str_eq(p, "/etc/shadow");
	ck_assert(!decide(pol, p, FSJ_CAP_READ).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_nonexistent_path)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE);

	ck_assert(decide(pol, "/w/not/yet/here.txt", FSJ_CAP_CREATE).allowed);
	ck_assert(!decide(pol, "/nonexistent-root/x", FSJ_CAP_CREATE).allowed);
	/* a deny on a path that does not exist yet holds for it and below */
	add(pol, FSJ_SRC_RULES, "/w/future", true, 0, C | W, 0);
	ck_assert(!decide(pol, "/w/future", FSJ_CAP_CREATE).allowed);
	ck_assert(!decide(pol, "/w/future/deeper", FSJ_CAP_CREATE).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_read_only_mode)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_READ_ONLY);

	add(pol, FSJ_SRC_RULES, "/home/u/out", true, R | W | C | D, 0, 0);
	policy_finalize(pol);
	ck_assert(decide(pol, "/w/a.c", FSJ_CAP_READ).allowed);
	ck_assert(decide(pol, "/w/tool", FSJ_CAP_EXECUTE).allowed);
	ck_assert(!decide(pol, "/w/a.c", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/w/new", FSJ_CAP_CREATE).allowed);
	ck_assert(!decide(pol, "/home/u/out/f", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/home/u/out/f", FSJ_CAP_DELETE).allowed);
	ck_assert(decide(pol, "/home/u/out/f", FSJ_CAP_READ).allowed);
	/* scratch space keeps working */
	ck_assert(decide(pol, "/tmp/x", FSJ_CAP_WRITE).allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_read_only_workspace_under_tmp)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_READ_ONLY, FSJ_TIER_GUARDED);

	pol->workspace = xstrdup("/tmp/w");
	add(pol, FSJ_SRC_BASELINE, "/tmp", true, R | W | C | D | X, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/tmp/w", true, R | W | C | X, D, 0);
	policy_finalize(pol);
	/* the temporary directory's grant does not leak into the workspace */
	ck_assert(!decide(pol, "/tmp/w/a", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/tmp/w/a", FSJ_CAP_CREATE).allowed);
	ck_assert(!decide(pol, "/tmp/w/a", FSJ_CAP_DELETE).allowed);
	ck_assert(decide(pol, "/tmp/w/a", FSJ_CAP_READ).allowed);
	ck_assert(decide(pol, "/tmp/other", FSJ_CAP_WRITE).allowed);
	/* the refusal names the mode, not the baseline's workspace grant */
	ck_assert(decide(pol, "/tmp/w/a", FSJ_CAP_WRITE).rule != NULL);
	ck_assert_str_eq(decide(pol, "/tmp/w/a", FSJ_CAP_WRITE).rule->id, "read-only-mode");
	ck_assert_str_eq(decide(pol, "/tmp/w/a", FSJ_CAP_WRITE).rule->origin, "--mode read-only");
	policy_free(pol);
}
END_TEST

/* Symlink cases need a real tree. */
static char tree[PATH_MAX];

/* Remove the scratch tree after each test (runs in the forked test). */
static void remove_tree(void)
{
	tu_rm_tree(tree);
}

static char *tp(const char *suffix)
{
	return xasprintf("%s%s", tree, suffix);
}

static void make_tree(void)
{
	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "fsjail-policy", tree), 0);
	cleanup_free char *w = tp("/w");
	cleanup_free char *out = tp("/outside");
	cleanup_free char *link = tp("/w/link");
	cleanup_free char *cellar = tp("/cellar/gh/bin");
	cleanup_free char *gh = tp("/cellar/gh/bin/gh");
	cleanup_free char *ghlink = tp("/w/bin-gh");
	ck_assert_int_eq(mkdir_p(w, 0755), 0);
	ck_assert_int_eq(mkdir_p(out, 0755), 0);
	ck_assert_int_eq(mkdir_p(cellar, 0755), 0);
	ck_assert_int_eq(symlink(out, link), 0);
	FILE *f = fopen(gh, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(symlink(gh, ghlink), 0);
}

START_TEST(test_symlink_target_outside)
{
	make_tree();
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	cleanup_free char *w = tp("/w");
	cleanup_free char *q = tp("/w/link/secret");
	cleanup_free char *qr = path_resolve(q);
	cleanup_free char *want = tp("/outside/secret");
	struct fsj_decision d;

	ck_assert_str_eq(qr, want);
	add(pol, FSJ_SRC_RULES, w, true, R | W | C, 0, 0);
	policy_decide(pol, q, qr, FSJ_CAP_WRITE, &d);
	ck_assert_msg(!d.allowed, "a symlink in the workspace carried a grant outside");
	policy_decide(pol, q, qr, FSJ_CAP_READ, &d);
	ck_assert(!d.allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_rule_on_symlink_covers_target)
{
	make_tree();
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	cleanup_free char *ghlink = tp("/w/bin-gh");
	cleanup_free char *gh = tp("/cellar/gh/bin/gh");
	cleanup_free char *sibling = tp("/cellar/gh/bin/other");
	struct fsj_rule r = {
		.path = ghlink, .resolved = NULL, .recursive = false,
		.allow = X, .source = FSJ_SRC_RULES,
	};
	struct fsj_decision d;

	struct fsj_rule *stored = policy_add_rule(pol, &r);
	ck_assert_str_eq(stored->resolved, gh);
	/* the target, asked for by its own path */
	policy_decide(pol, gh, gh, FSJ_CAP_EXECUTE, &d);
	ck_assert(d.allowed);
	/* and through the link */
	cleanup_free char *res = path_resolve(ghlink);
	policy_decide(pol, ghlink, res, FSJ_CAP_EXECUTE, &d);
	ck_assert(d.allowed);
	/* without opening the rest of the target's folder */
	policy_decide(pol, sibling, sibling, FSJ_CAP_EXECUTE, &d);
	ck_assert(!d.allowed);
	policy_free(pol);
}
END_TEST

START_TEST(test_names_roundtrip)
{
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		ck_assert_int_eq(fsj_cap_parse(fsj_cap_name((enum fsj_cap)c)), c);
	for (int t = 0; t < FSJ_TIER_COUNT; t++)
		ck_assert_int_eq(fsj_tier_parse(fsj_tier_name((enum fsj_tier)t)), t);
	ck_assert_int_eq(fsj_cap_parse("reed"), -1);
	ck_assert_int_eq(fsj_tier_parse("strong"), -1);
	ck_assert_int_eq(fsj_mode_parse("read-only"), FSJ_MODE_READ_ONLY);
	ck_assert_int_eq(fsj_mode_parse("rw"), -1);
	/* tiers are ordered by strength and enforce more as they grow */
	/* ... and connect at every tier (DESIGN.md section 2) */
	ck_assert_uint_eq(fsj_tier_enforced(FSJ_TIER_WRITES), W | C | D | K);
	ck_assert_uint_eq(fsj_tier_enforced(FSJ_TIER_PROCESS), W | C | D | X | K);
	ck_assert_uint_eq(fsj_tier_enforced(FSJ_TIER_GUARDED), R | W | C | D | X | K);
	ck_assert_uint_eq(fsj_tier_enforced(FSJ_TIER_FULL), R | W | C | D | X | K);
}
END_TEST

static Suite *policy_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *tc = tcase_create("precedence");

	tcase_add_test(tc, test_default_denies);
	tcase_add_test(tc, test_baseline_decides);
	tcase_add_test(tc, test_user_rule_beats_baseline);
	tcase_add_test(tc, test_protected_beats_user_rule);
	tcase_add_test(tc, test_protected_exception_passes);
	tcase_add_test(tc, test_whole_components);
	tcase_add_test(tc, test_nested_deny_inside_allow);
	tcase_add_test(tc, test_tie_deny_wins);
	tcase_add_test(tc, test_rule_mentions_only_its_caps);
	tcase_add_test(tc, test_dotdot_cannot_escape);
	tcase_add_test(tc, test_nonexistent_path);
	tcase_add_test(tc, test_read_only_mode);
	tcase_add_test(tc, test_read_only_workspace_under_tmp);
	tcase_add_test(tc, test_symlink_target_outside);
	tcase_add_test(tc, test_rule_on_symlink_covers_target);
	tcase_add_test(tc, test_names_roundtrip);
	tcase_add_checked_fixture(tc, NULL, remove_tree);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(policy_suite(), CK_FORK_GETENV);
}
