/* check_landlock.c - unit tests for the Landlock compiler and enforcement
 * (DESIGN.md section 7).
 *
 * Plan tests build policies directly over a scratch tree under /var/tmp and
 * check the compiled plan: rights per capability, the handled set per tier
 * and ABI, mount masks, pins and expansion. Kernel tests apply a plan in a
 * forked child and check what the kernel answers; they print "SKIP: ..."
 * and pass when Landlock is unavailable, unless FSJAIL_REQUIRE_KERNEL=1. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "landlock.h"
#include "path.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)
#define ALL (R | W | C | D | X)

/* Landlock access rights (include/uapi/linux/landlock.h). */
#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)
#define FS_TRUNCATE (1ULL << 14)
#define FS_IOCTL_DEV (1ULL << 15)
#define FS_READ (FS_READ_FILE | FS_READ_DIR)
#define FS_WRITE (FS_WRITE_FILE | FS_TRUNCATE | FS_IOCTL_DEV)
#define FS_CREATE (FS_MAKE_REG | FS_MAKE_DIR | FS_MAKE_SYM | FS_MAKE_FIFO | FS_MAKE_SOCK)
#define FS_DELETE (FS_REMOVE_FILE | FS_REMOVE_DIR)
#define FS_FILE (FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV)

/* ---- scratch tree ---- */

static char scratch[PATH_MAX];

static char *sp(const char *rel)
{
	static char buf[8][PATH_MAX];
	static int i;
	char *b = buf[i++ % 8];
	int n;

	if (!rel || !*rel)
		n = snprintf(b, PATH_MAX, "%s", scratch);
	else
		n = snprintf(b, PATH_MAX, "%s/%s", scratch, rel);
	ck_assert_int_lt(n, PATH_MAX);
	return b;
}

static void mkd(const char *rel)
{
	ck_assert_msg(mkdir_p(sp(rel), 0755) == 0, "mkdir %s: %s", rel, strerror(errno));
}

static void mkf(const char *rel, const char *content)
{
	int fd = open(sp(rel), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	ck_assert_msg(fd >= 0, "create %s: %s", rel, strerror(errno));
	ck_assert_int_eq(write_all(fd, content, strlen(content)), 0);
	close(fd);
}

/* One root per run, made and removed by the parent (unchecked fixture:
 * Check skips a checked teardown when the test fails); one scratch
 * directory per test inside it. */
static char run_root[PATH_MAX];

static void make_run_root(void)
{
	if (tu_mkdtemp_in("/var/tmp", "fsjail-ll", run_root) < 0) {
		perror("mkdtemp /var/tmp/fsjail-ll.XXXXXX");
		exit(EXIT_FAILURE);
	}
	chmod(run_root, 0755);
}

static void remove_run_root(void)
{
	tu_rm_tree(run_root);
}

static void make_scratch(void)
{
	ck_assert_int_lt(snprintf(scratch, sizeof(scratch), "%s/t-XXXXXX", run_root),
			 (int)sizeof(scratch));
	ck_assert_ptr_nonnull(mkdtemp(scratch));
	chmod(scratch, 0755);
}

/* The workspace of most tests: W = scratch/w with a .git/hooks folder,
 * a file, a subfolder and a sibling folder outside it. */
static void make_workspace(void)
{
	mkd("w/.git/hooks");
	mkf("w/.git/hooks/pre-commit", "#!/bin/sh\n");
	mkf("w/.git/config", "[core]\n");
	mkf("w/a.txt", "alpha\n");
	mkd("w/sub");
	mkf("w/sub/b.txt", "beta\n");
	mkd("other");
	mkf("other/f.txt", "other\n");
}

/* ---- policies and plans ---- */

static void add(struct fsj_policy *pol, enum fsj_source src, const char *path, bool recursive,
		unsigned allow, unsigned deny)
{
	cleanup_free char *copy = xstrdup(path);
	struct fsj_rule r = {
		.path = copy,
		.recursive = recursive,
		.allow = allow,
		.deny = deny,
		.source = src,
	};
	policy_add_rule(pol, &r);
}

static struct fsj_policy *ws_policy(enum fsj_tier tier, unsigned ws_allow)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, tier);

	pol->workspace = xstrdup(sp("w"));
	add(pol, FSJ_SRC_BASELINE, sp("w"), true, ws_allow, 0);
	return pol;
}

static void compile_ok(const struct fsj_policy *pol, int abi, bool masks, struct ll_plan *plan)
{
	struct ll_opts o = { .abi = abi, .masks = masks, .network = FSJ_NETWORK_ALLOW };
	struct fsj_error err = { { 0 } };

	ck_assert_msg(ll_compile(pol, &o, plan, &err) == 0, "ll_compile: %s", err.text);
}

static const struct ll_rule *rule_for(const struct ll_plan *plan, const char *path)
{
	for (size_t i = 0; i < plan->n_rules; i++)
		if (strcmp(plan->rules[i].path, path) == 0)
			return &plan->rules[i];
	return NULL;
}

static uint64_t access_of(const struct ll_plan *plan, const char *path)
{
	const struct ll_rule *r = rule_for(plan, path);

	return r ? r->access : 0;
}

/* Rights that reach path from the rules at it and above it. */
static uint64_t effective(const struct ll_plan *plan, const char *path)
{
	uint64_t a = 0;

	for (size_t i = 0; i < plan->n_rules; i++)
		if (path_covers(plan->rules[i].path, path))
			a |= plan->rules[i].access;
	return a;
}

static int mask_index(const struct ll_plan *plan, const char *path, enum ll_mask_kind kind)
{
	for (size_t i = 0; i < plan->n_masks; i++)
		if (strcmp(plan->masks[i].path, path) == 0 && plan->masks[i].kind == kind)
			return (int)i;
	return -1;
}

static bool expanded(const struct ll_plan *plan, const char *path)
{
	for (size_t i = 0; i < plan->n_expanded; i++)
		if (strcmp(plan->expanded[i], path) == 0)
			return true;
	return false;
}

static char *dump(const struct ll_plan *plan)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ll_plan_dump(plan, f);
	fclose(f);
	return buf;
}

/* ---- plan tests ---- */

START_TEST(test_rights_per_capability)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_FULL, ALL);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(access_of(&plan, sp("w")),
			  FS_READ | FS_WRITE | FS_CREATE | FS_DELETE | FS_EXECUTE | FS_REFER);
	/* device nodes: handled, never granted */
	ck_assert(plan.handled_fs & FS_MAKE_CHAR);
	ck_assert(plan.handled_fs & FS_MAKE_BLOCK);
	ck_assert(!(access_of(&plan, sp("w")) & (FS_MAKE_CHAR | FS_MAKE_BLOCK)));
	/* one rule covers the whole workspace */
	ck_assert_uint_eq(plan.n_rules, 1);
	ck_assert_uint_eq(plan.n_masks, 0);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

/* A delete granted on one file cannot reach Landlock (REMOVE_FILE is a
 * right of the folder): the plan names the file, its dump and its notes
 * say so, and the folder gets no delete for the file's sake. */
START_TEST(test_single_file_delete_is_reported)
{
	struct strbuf refuse = STRBUF_INIT, notes = STRBUF_INIT;
	struct fsj_policy *pol;
	struct ll_plan plan;
	cleanup_free char *text = NULL;

	make_workspace();
	pol = ws_policy(FSJ_TIER_FULL, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/a.txt"), false, D, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_undeletable, 1);
	ck_assert_str_eq(plan.undeletable[0], sp("w/a.txt"));
	ck_assert(!(effective(&plan, sp("w/a.txt")) & FS_DELETE));
	ck_assert(!(effective(&plan, sp("w/sub/b.txt")) & FS_DELETE));
	text = dump(&plan);
	ck_assert_ptr_nonnull(strstr(text, "undeletable "));
	ck_assert_ptr_nonnull(strstr(text, sp("w/a.txt")));
	ck_assert_int_eq(ll_plan_gaps(&plan, &refuse, &notes), 0);
	ck_assert_ptr_nonnull(notes.buf);
	ck_assert_ptr_nonnull(strstr(notes.buf, sp("w/a.txt")));
	ck_assert_ptr_nonnull(strstr(notes.buf, "per folder"));
	sb_release(&refuse);
	sb_release(&notes);
	ll_plan_release(&plan);
	policy_free(pol);

	/* a delete on the folder covers the file: nothing to report */
	pol = ws_policy(FSJ_TIER_FULL, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/a.txt"), false, D, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_undeletable, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

/* A deny of write and delete on an existing file (.git/config) is a
 * read-only mask on the file: its folder is not expanded, so new entries
 * there (git's index.lock) stay reachable. */
START_TEST(test_file_write_delete_deny_is_a_mask)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_FULL, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.git/config"), false, 0, W | D);
	compile_ok(pol, 7, true, &plan);
	ck_assert_int_ge(mask_index(&plan, sp("w/.git/config"), LL_MASK_READONLY), 0);
	ck_assert(!expanded(&plan, sp("w/.git")));
	ck_assert(!expanded(&plan, sp("w")));
	ck_assert(effective(&plan, sp("w/.git/index.lock")) & FS_CREATE);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_handled_follows_tier)
{
	static const struct {
		enum fsj_tier tier;
		uint64_t has, lacks;
	} t[] = {
		{ FSJ_TIER_WRITES, FS_WRITE | FS_CREATE | FS_DELETE | FS_REFER,
		  FS_READ | FS_EXECUTE },
		{ FSJ_TIER_PROCESS, FS_WRITE | FS_CREATE | FS_DELETE | FS_EXECUTE, FS_READ },
		{ FSJ_TIER_GUARDED, FS_WRITE | FS_CREATE | FS_DELETE | FS_EXECUTE | FS_READ, 0 },
		{ FSJ_TIER_FULL, FS_WRITE | FS_CREATE | FS_DELETE | FS_EXECUTE | FS_READ, 0 },
	};

	make_workspace();
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct fsj_policy *pol = ws_policy(t[i].tier, ALL);
		struct ll_plan plan;

		compile_ok(pol, 7, true, &plan);
		ck_assert_msg((plan.handled_fs & t[i].has) == t[i].has, "tier %s",
			      fsj_tier_name(t[i].tier));
		ck_assert_msg((plan.handled_fs & t[i].lacks) == 0, "tier %s",
			      fsj_tier_name(t[i].tier));
		/* a right that is not handled is never put in a rule */
		ck_assert_uint_eq(access_of(&plan, sp("w")) & ~plan.handled_fs, 0);
		ll_plan_release(&plan);
		policy_free(pol);
	}
}
END_TEST

START_TEST(test_abi_best_effort)
{
	make_workspace();
	for (int abi = 1; abi <= 7; abi++) {
		struct fsj_policy *pol = ws_policy(FSJ_TIER_GUARDED, ALL);
		struct ll_opts o = { .abi = abi, .masks = true, .network = FSJ_NETWORK_DENY };
		struct fsj_error err;
		struct ll_plan plan;

		ck_assert_int_eq(ll_compile(pol, &o, &plan, &err), 0);
		ck_assert_int_eq(plan.abi, abi);
		ck_assert_int_eq(!!(plan.handled_fs & FS_REFER), abi >= 2);
		ck_assert_int_eq(!!(plan.handled_fs & FS_TRUNCATE), abi >= 3);
		ck_assert_int_eq(!!(plan.handled_fs & FS_IOCTL_DEV), abi >= 5);
		ck_assert_int_eq(plan.handled_net != 0, abi >= 4);
		ck_assert_int_eq(plan.network_dropped, abi < 4);
		ck_assert_int_eq(plan.scoped != 0, abi >= 6);
		/* write is only partly enforced before TRUNCATE and IOCTL_DEV */
		ck_assert_int_eq(plan.dropped_caps, abi < 5 ? W : 0u);
		ck_assert_uint_eq(access_of(&plan, sp("w")) & ~plan.handled_fs, 0);
		ll_plan_release(&plan);
		policy_free(pol);
	}
}
END_TEST

START_TEST(test_no_abi_refused)
{
	struct fsj_policy *pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	struct ll_opts o = { .abi = 0, .masks = true };
	struct fsj_error err = { { 0 } };
	struct ll_plan plan;

	ck_assert_int_eq(ll_compile(pol, &o, &plan, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "ABI 0"));
	policy_free(pol);
}
END_TEST

START_TEST(test_file_rights_only_on_files)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	struct ll_plan plan;
	const struct ll_rule *r;

	make_workspace();
	add(pol, FSJ_SRC_BASELINE, sp("w/a.txt"), false, ALL, 0);
	compile_ok(pol, 7, true, &plan);
	r = rule_for(&plan, sp("w/a.txt"));
	ck_assert_ptr_nonnull(r);
	ck_assert(!r->is_dir);
	ck_assert_uint_eq(r->access, FS_FILE);
	ck_assert_uint_eq(plan.n_rules, 1);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_nested_deny_readonly_mask)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	int m;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, 7, true, &plan);
	/* the grant stays whole; the mask carries the deny */
	ck_assert_uint_eq(access_of(&plan, sp("w")), FS_READ | FS_WRITE | FS_CREATE | FS_EXECUTE);
	m = mask_index(&plan, sp("w/.git/hooks"), LL_MASK_READONLY);
	ck_assert_int_ge(m, 0);
	ck_assert(plan.masks[m].is_dir);
	ck_assert_uint_eq(plan.n_masks, 1); /* no pin: delete is not granted */
	ck_assert_uint_eq(plan.n_expanded, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_pins_where_delete_is_granted)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	mkd("w/a/b/c");
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	add(pol, FSJ_SRC_PROTECTED, sp("w/a/b/c"), true, 0, W | C | D);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_masks, 5);
	/* pins first, shallowest first; then the masks */
	ck_assert_int_eq(mask_index(&plan, sp("w/.git"), LL_MASK_PIN), 0);
	ck_assert_int_eq(mask_index(&plan, sp("w/a"), LL_MASK_PIN), 1);
	ck_assert_int_eq(mask_index(&plan, sp("w/a/b"), LL_MASK_PIN), 2);
	ck_assert_int_eq(mask_index(&plan, sp("w/.git/hooks"), LL_MASK_READONLY), 3);
	ck_assert_int_eq(mask_index(&plan, sp("w/a/b/c"), LL_MASK_READONLY), 4);
	/* the workspace itself: its parent grants no delete */
	ck_assert_int_lt(mask_index(&plan, sp("w"), LL_MASK_PIN), 0);
	/* REFER where create and delete both hold */
	ck_assert(access_of(&plan, sp("w")) & FS_REFER);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_nested_deny_expansion_without_masks)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, 7, false, &plan);
	ck_assert_uint_eq(plan.n_masks, 0);
	/* the workspace and .git are expanded for write and create */
	ck_assert(expanded(&plan, sp("w")));
	ck_assert(expanded(&plan, sp("w/.git")));
	ck_assert_uint_eq(plan.n_expanded, 2);
	ck_assert(!(access_of(&plan, sp("w")) & (FS_WRITE_FILE | FS_MAKE_REG)));
	ck_assert(!(access_of(&plan, sp("w/.git")) & (FS_WRITE_FILE | FS_MAKE_REG)));
	/* read and execute are not affected by the deny: one rule */
	ck_assert_uint_eq(access_of(&plan, sp("w")), FS_READ | FS_EXECUTE);
	/* siblings of the denied path get the grant, entry by entry */
	ck_assert_uint_eq(access_of(&plan, sp("w/sub")), FS_WRITE | FS_CREATE);
	ck_assert_uint_eq(access_of(&plan, sp("w/a.txt")), FS_WRITE);
	ck_assert_uint_eq(access_of(&plan, sp("w/.git/config")), FS_WRITE);
	/* nothing reaches the denied folder */
	ck_assert_uint_eq(effective(&plan, sp("w/.git/hooks")) & (FS_WRITE | FS_CREATE | FS_DELETE),
			  0);
	ck_assert_uint_eq(effective(&plan, sp("w/.git/hooks/pre-commit")) & FS_WRITE, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_hide_masks)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	int f, d;

	make_workspace();
	mkf("w/.env", "SECRET=1\n");
	mkd("w/secrets");
	mkf("w/secrets/key", "k\n");
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.env"), false, 0, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/secrets"), true, 0, ALL);
	compile_ok(pol, 7, true, &plan);
	f = mask_index(&plan, sp("w/.env"), LL_MASK_HIDE);
	d = mask_index(&plan, sp("w/secrets"), LL_MASK_HIDE);
	ck_assert_int_ge(f, 0);
	ck_assert_int_ge(d, 0);
	ck_assert(!plan.masks[f].is_dir);
	ck_assert(plan.masks[d].is_dir);
	ck_assert(access_of(&plan, sp("w")) & FS_READ_FILE);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_read_deny_with_write_allowed_expands)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	mkf("w/.env", "SECRET=1\n");
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.env"), false, 0, R);
	compile_ok(pol, 7, true, &plan);
	/* a hiding mask would refuse the write the policy allows */
	ck_assert_uint_eq(plan.n_masks, 0);
	ck_assert(expanded(&plan, sp("w")));
	ck_assert_uint_eq(effective(&plan, sp("w/.env")) & FS_READ_FILE, 0);
	ck_assert(effective(&plan, sp("w/.env")) & FS_WRITE_FILE);
	ck_assert(effective(&plan, sp("w/a.txt")) & FS_READ_FILE);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_nonexistent_deny_expands_nearest_existing)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/missing/deeper"), true, 0, ALL);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_masks, 0); /* nothing to mount over */
	ck_assert(expanded(&plan, sp("w")));
	/* creating w/missing is refused; existing entries keep their grant */
	ck_assert_uint_eq(effective(&plan, sp("w")) & FS_CREATE, 0);
	ck_assert_uint_eq(access_of(&plan, sp("w/sub")) & FS_CREATE, FS_CREATE);
	ck_assert_uint_eq(effective(&plan, sp("w/missing/deeper")), 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_baseline_deny_is_not_masked)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	mkf("w/credentials", "token\n");
	pol = ws_policy(FSJ_TIER_GUARDED, R | X);
	add(pol, FSJ_SRC_BASELINE, sp("w/credentials"), false, 0, ALL);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_masks, 0);
	ck_assert(expanded(&plan, sp("w")));
	ck_assert_uint_eq(effective(&plan, sp("w/credentials")), 0);
	ck_assert_uint_eq(effective(&plan, sp("w/sub/b.txt")), FS_READ | FS_EXECUTE);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_user_data_root_fence_is_expansion)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	struct ll_plan plan;

	make_workspace();
	mkd("home/u/proj");
	mkd("home/v");
	mkd("sys");
	pol->workspace = xstrdup(sp("home/u/proj"));
	add(pol, FSJ_SRC_BASELINE, sp(""), true, R, 0);
	add(pol, FSJ_SRC_BASELINE, sp("home"), true, 0, R);
	add(pol, FSJ_SRC_BASELINE, sp("home/u/proj"), true, R | W | C, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_masks, 0);
	ck_assert(expanded(&plan, sp("")));
	ck_assert_uint_eq(access_of(&plan, sp("sys")), FS_READ);
	ck_assert_uint_eq(effective(&plan, sp("home/v")), 0);
	ck_assert_uint_eq(effective(&plan, sp("home/u")), 0);
	ck_assert(effective(&plan, sp("home/u/proj")) & FS_READ_FILE);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_symlinks_skipped_and_decided_at_target)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	ck_assert_int_eq(symlink(sp("other"), sp("w/link")), 0);
	ck_assert_int_eq(symlink(sp("other"), sp("w/alias")), 0); /* no rule names it */
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git"), true, 0, R); /* forces an expansion of w */
	/* a deny written through the link applies to its target */
	add(pol, FSJ_SRC_BASELINE, sp("other"), true, R, 0);
	add(pol, FSJ_SRC_RULES, sp("w/link/f.txt"), false, 0, R);
	compile_ok(pol, 7, true, &plan);
	ck_assert(expanded(&plan, sp("w")));
	ck_assert_ptr_null(rule_for(&plan, sp("w/link")));
	ck_assert_ptr_null(rule_for(&plan, sp("w/alias")));
	ck_assert(rule_for(&plan, sp("w/a.txt"))); /* the expansion did list w */
	for (size_t i = 0; i < plan.n_rules; i++)
		ck_assert_msg(!path_covers(sp("w/link"), plan.rules[i].path), "rule on %s",
			      plan.rules[i].path);
	/* carried by a mask over the target... */
	ck_assert_int_ge(mask_index(&plan, sp("other/f.txt"), LL_MASK_HIDE), 0);
	ll_plan_release(&plan);
	/* ...or by an expansion of the target's folder */
	compile_ok(pol, 7, false, &plan);
	ck_assert_uint_eq(effective(&plan, sp("other/f.txt")) & FS_READ_FILE, 0);
	ck_assert(expanded(&plan, sp("other")));
	ck_assert_ptr_null(rule_for(&plan, sp("w/link")));
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_non_recursive_dir_grant)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	struct ll_plan plan;

	make_workspace();
	/* "this folder only": Landlock cannot say it, so nothing is granted
	 * below it, and the folder itself neither */
	add(pol, FSJ_SRC_RULES, sp("w"), false, R, 0);
	add(pol, FSJ_SRC_RULES, sp("w/sub/b.txt"), false, R, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(effective(&plan, sp("w")), 0);
	ck_assert_uint_eq(effective(&plan, sp("w/a.txt")), 0);
	ck_assert_uint_eq(access_of(&plan, sp("w/sub/b.txt")), FS_READ_FILE);
	ck_assert(expanded(&plan, sp("w")));
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_rules_merged_sorted_pruned)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | X);
	add(pol, FSJ_SRC_RULES, sp("w/sub"), true, R, 0);        /* adds nothing */
	add(pol, FSJ_SRC_RULES, sp("w/sub/b.txt"), false, W, 0); /* adds write */
	add(pol, FSJ_SRC_RULES, sp("other"), true, R, 0);
	compile_ok(pol, 7, true, &plan);
	for (size_t i = 1; i < plan.n_rules; i++)
		ck_assert_int_lt(strcmp(plan.rules[i - 1].path, plan.rules[i].path), 0);
	ck_assert_ptr_null(rule_for(&plan, sp("w/sub")));
	ck_assert_uint_eq(access_of(&plan, sp("w/sub/b.txt")), FS_WRITE);
	ck_assert_uint_eq(access_of(&plan, sp("other")), FS_READ);
	ck_assert_uint_eq(plan.n_rules, 3);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_unneeded_mask_dropped)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	/* nothing above grants write: the kernel refuses it already */
	pol = ws_policy(FSJ_TIER_GUARDED, R | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_masks, 0);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_refer_needs_create_and_delete)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C);
	add(pol, FSJ_SRC_RULES, sp("w/sub"), true, D, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert(!(access_of(&plan, sp("w")) & FS_REFER));
	ck_assert(access_of(&plan, sp("w/sub")) & FS_REFER);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_dump)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	char *text, *want;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	add(pol, FSJ_SRC_RULES, sp("w/missing"), true, 0, R);
	compile_ok(pol, 2, true, &plan);
	text = dump(&plan);
	ck_assert_ptr_nonnull(strstr(text, "abi 2\n"));
	want = xasprintf("mask readonly %s\n", sp("w/.git/hooks"));
	ck_assert_msg(strstr(text, want), "%s", text);
	free(want);
	want = xasprintf("pin %s\n", sp("w/.git"));
	ck_assert_msg(strstr(text, want), "%s", text);
	free(want);
	want = xasprintf("expanded %s\n", sp("w"));
	ck_assert_msg(strstr(text, want), "%s", text);
	free(want);
	want = xasprintf("rule %s/sub: READ_FILE|READ_DIR\n", sp("w"));
	ck_assert_msg(strstr(text, want), "%s", text);
	free(want);
	ck_assert_ptr_nonnull(strstr(text, "dropped write: partly enforced at ABI 2: truncate not "
					   "controlled"));
	ck_assert_ptr_nonnull(strstr(text, "scoped none"));
	free(text);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_env_overrides)
{
	int real;

	unsetenv("FSJAIL_LANDLOCK_ABI_MAX");
	real = ll_abi();
	setenv("FSJAIL_LANDLOCK_ABI_MAX", "2", 1);
	ck_assert_int_eq(ll_abi(), real < 2 ? real : 2);
	setenv("FSJAIL_LANDLOCK_ABI_MAX", "0", 1);
	ck_assert_int_eq(ll_abi(), 0);
	unsetenv("FSJAIL_LANDLOCK_ABI_MAX");
	setenv("FSJAIL_NO_MOUNT_MASKS", "1", 1);
	ck_assert(!ll_masks_available());
	unsetenv("FSJAIL_NO_MOUNT_MASKS");
}
END_TEST

/* ---- kernel tests ---- */

#define kernel_missing(what, present) tu_kernel_missing(__func__, (what), (present))
#define NEED_LANDLOCK(min)                                                   \
	do {                                                                 \
		if (kernel_missing("landlock ABI " #min, ll_abi() >= (min))) \
			return;                                              \
	} while (0)
/* FSJAIL_NO_MOUNT_MASKS=1 is a deliberate setting, not a missing kernel. */
#define NEED_MASKS()                                                                  \
	do {                                                                          \
		if (env_flag("FSJAIL_NO_MOUNT_MASKS")) {                              \
			printf("SKIP: %s: FSJAIL_NO_MOUNT_MASKS is set\n", __func__); \
			return;                                                       \
		}                                                                     \
		if (kernel_missing("mount masks", ll_masks_available()))              \
			return;                                                       \
	} while (0)

#define NRES 16
struct child_report {
	int applied; /* 1 when ll_apply() returned 0 */
	char err[sizeof(((struct fsj_error *)0)->text)];
	int res[NRES]; /* errno of each probe; 0 = it worked */
};

typedef void (*probe_fn)(int *res);
typedef int (*prepare_fn)(void); /* in the child, before ll_apply(); 0 or skip (1) */

/* Apply plan in a forked child, run probe there, and return what it saw. */
static struct child_report run_sandboxed(const struct ll_plan *plan, prepare_fn prepare,
					 probe_fn probe)
{
	struct child_report rep;
	int fds[2], status;
	pid_t pid;

	memset(&rep, 0, sizeof(rep));
	ck_assert_int_eq(pipe(fds), 0);
	fflush(stdout);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct fsj_error err = { { 0 } };

		close(fds[0]);
		for (int i = 0; i < NRES; i++)
			rep.res[i] = -1;
		if (prepare && prepare() != 0) {
			rep.applied = -1;
		} else if (ll_apply(plan, &err) == 0) {
			rep.applied = 1;
			probe(rep.res);
		} else {
			snprintf(rep.err, sizeof(rep.err), "%s", err.text);
		}
		(void)!write(fds[1], &rep, sizeof(rep));
		_exit(0);
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &rep, sizeof(rep)), (ssize_t)sizeof(rep));
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return rep;
}

static struct child_report run_ok(const struct ll_plan *plan, probe_fn probe)
{
	struct child_report rep = run_sandboxed(plan, NULL, probe);

	ck_assert_msg(rep.applied == 1, "ll_apply failed: %s", rep.err);
	return rep;
}

/* errno of one operation, 0 when it worked */
static int e_open(const char *rel, int flags)
{
	int fd = open(sp(rel), flags | O_CLOEXEC, 0644);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int e_rc(int rc)
{
	return rc < 0 ? errno : 0;
}

/* bytes read from rel, or -errno */
static int read_len(const char *rel)
{
	char buf[256];
	int fd = open(sp(rel), O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n < 0 ? -errno : (int)n;
}

static void probe_read(int *res)
{
	res[0] = e_open("w/a.txt", O_RDONLY);
	res[1] = e_open("other/f.txt", O_RDONLY);
	res[2] = e_open("w/a.txt", O_WRONLY);
}

START_TEST(test_kernel_read_denied)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W);
	compile_ok(pol, ll_abi(), false, &plan);
	rep = run_ok(&plan, probe_read);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert_int_eq(rep.res[1], EACCES);
	ck_assert_int_eq(rep.res[2], 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_readonly(int *res)
{
	res[0] = e_open("w/.git/hooks/pre-commit", O_WRONLY);
	res[1] = e_open("w/a.txt", O_WRONLY);
	res[2] = e_open("w/.git/hooks/new", O_WRONLY | O_CREAT | O_EXCL);
	res[3] = e_rc(mkdir(sp("w/newdir"), 0755));
	res[4] = e_rc(unlink(sp("w/.git/hooks/pre-commit")));
	res[5] = e_open("w/.git/config", O_WRONLY);
	res[6] = read_len("w/.git/hooks/pre-commit");
	res[7] = e_rc(rename(sp("w/.git"), sp("w/.g")));
}

START_TEST(test_kernel_readonly_mask)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	NEED_MASKS();
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), true, &plan);
	ck_assert_uint_eq(plan.n_masks, 1);
	rep = run_ok(&plan, probe_readonly);
	ck_assert_int_eq(rep.res[0], EROFS);
	ck_assert_int_eq(rep.res[1], 0);
	ck_assert_int_eq(rep.res[2], EROFS);
	ck_assert_int_eq(rep.res[3], 0);
	ck_assert_int_eq(rep.res[4], EROFS);
	ck_assert_int_eq(rep.res[5], 0);
	ck_assert_int_eq(rep.res[6], (int)strlen("#!/bin/sh\n"));
	ck_assert_int_eq(rep.res[7], EACCES); /* delete is not granted */
	/* the mask lived in the child's mount namespace only */
	ck_assert_int_eq(e_open("w/.git/hooks/pre-commit", O_WRONLY), 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_pins(int *res)
{
	res[0] = e_rc(rename(sp("w/.git"), sp("w/.g")));
	res[1] = e_rc(rmdir(sp("w/.git/hooks")));
	res[2] = e_rc(rename(sp("w/.git/hooks"), sp("w/.git/hooks2")));
	res[3] = e_rc(unlink(sp("w/a.txt")));
	res[4] = e_rc(rename(sp("w/sub/b.txt"), sp("w/b.txt")));
}

START_TEST(test_kernel_pins)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(2);
	NEED_MASKS();
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), true, &plan);
	rep = run_ok(&plan, probe_pins);
	ck_assert_int_eq(rep.res[0], EBUSY);
	ck_assert_int_eq(rep.res[1], EBUSY);
	ck_assert_int_eq(rep.res[2], EBUSY);
	ck_assert_int_eq(rep.res[3], 0);
	ck_assert_int_eq(rep.res[4], 0); /* REFER: mv across folders of the grant */
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_hide(int *res)
{
	DIR *d;
	int n = 0;

	res[0] = read_len("w/.env");
	res[1] = e_open("w/.env", O_WRONLY);
	res[2] = e_open("w/secrets/key", O_RDONLY);
	d = opendir(sp("w/secrets"));
	if (d) {
		struct dirent *de;
		while ((de = readdir(d)))
			if (de->d_name[0] != '.')
				n++;
		closedir(d);
		res[3] = n;
	} else {
		res[3] = -errno;
	}
	res[4] = read_len("w/a.txt");
	res[5] = e_rc(unlink(sp("w/.env")));
	res[6] = e_open("w/secrets/new", O_WRONLY | O_CREAT);
}

START_TEST(test_kernel_hide_masks)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	NEED_MASKS();
	make_workspace();
	mkf("w/.env", "SECRET=1\n");
	mkd("w/secrets");
	mkf("w/secrets/key", "k\n");
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.env"), false, 0, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/secrets"), true, 0, ALL);
	compile_ok(pol, ll_abi(), true, &plan);
	rep = run_ok(&plan, probe_hide);
	ck_assert_int_eq(rep.res[0], 0); /* the empty file, not the secret */
	ck_assert_int_eq(rep.res[1], EROFS);
	ck_assert_int_eq(rep.res[2], ENOENT);
	ck_assert_int_eq(rep.res[3], 0);
	ck_assert_int_eq(rep.res[4], (int)strlen("alpha\n"));
	ck_assert_int_eq(rep.res[5], EBUSY);
	ck_assert_int_eq(rep.res[6], EROFS);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_missing(int *res)
{
	res[0] = e_rc(mkdir(sp("w/missing"), 0755));
	res[1] = e_open("w/missing", O_WRONLY | O_CREAT);
	res[2] = e_open("w/sub/new.txt", O_WRONLY | O_CREAT);
	res[3] = e_open("w/a.txt", O_WRONLY);
	res[4] = e_rc(symlink("x", sp("w/missing")));
}

START_TEST(test_kernel_nonexistent_deny)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/missing"), true, 0, ALL);
	compile_ok(pol, ll_abi(), ll_masks_available(), &plan);
	rep = run_ok(&plan, probe_missing);
	ck_assert_int_eq(rep.res[0], EACCES);
	ck_assert_int_eq(rep.res[1], EACCES);
	ck_assert_int_eq(rep.res[2], 0);
	ck_assert_int_eq(rep.res[3], 0);
	ck_assert_int_eq(rep.res[4], EACCES);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_expansion(int *res)
{
	res[0] = e_open("w/newfile", O_WRONLY | O_CREAT);
	res[1] = e_open("w/a.txt", O_WRONLY);
	res[2] = e_open("w/sub/new.txt", O_WRONLY | O_CREAT);
	res[3] = e_open("w/.git/hooks/pre-commit", O_WRONLY);
	res[4] = e_open("w/.git/hooks/x", O_WRONLY | O_CREAT);
	res[5] = read_len("w/newer");
}

START_TEST(test_kernel_expansion_without_masks)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	make_workspace();
	setenv("FSJAIL_NO_MOUNT_MASKS", "1", 1);
	ck_assert(!ll_masks_available());
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), ll_masks_available(), &plan);
	ck_assert_uint_eq(plan.n_masks, 0);
	ck_assert(expanded(&plan, sp("w")));
	/* made after compile: a new entry of an expanded folder */
	mkf("w/newer", "late\n");
	rep = run_ok(&plan, probe_expansion);
	ck_assert_int_eq(rep.res[0], EACCES);
	ck_assert_int_eq(rep.res[1], 0);
	ck_assert_int_eq(rep.res[2], 0);
	ck_assert_int_eq(rep.res[3], EACCES);
	ck_assert_int_eq(rep.res[4], EACCES);
	ck_assert_int_eq(rep.res[5], (int)strlen("late\n")); /* read is not expanded */
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_truncate(int *res)
{
	res[0] = e_rc(truncate(sp("w/a.txt"), 0));
	res[1] = e_open("w/a.txt", O_WRONLY);
}

START_TEST(test_kernel_abi_override_drops_truncate)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;
	struct stat st;

	NEED_LANDLOCK(3);
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R);

	/* the running ABI: truncate(2) needs write */
	compile_ok(pol, ll_abi(), false, &plan);
	ck_assert(plan.handled_fs & FS_TRUNCATE);
	rep = run_ok(&plan, probe_truncate);
	ck_assert_int_eq(rep.res[0], EACCES);
	ck_assert_int_eq(rep.res[1], EACCES);
	ll_plan_release(&plan);

	/* behave as ABI 2: truncation is not controlled, and said so */
	setenv("FSJAIL_LANDLOCK_ABI_MAX", "2", 1);
	ck_assert_int_eq(ll_abi(), 2);
	compile_ok(pol, ll_abi(), false, &plan);
	ck_assert(!(plan.handled_fs & FS_TRUNCATE));
	ck_assert_uint_eq(plan.dropped_caps, W);
	rep = run_ok(&plan, probe_truncate);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert_int_eq(rep.res[1], EACCES);
	ck_assert_int_eq(stat(sp("w/a.txt"), &st), 0);
	ck_assert_int_eq(st.st_size, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_undo(int *res)
{
	struct mount_attr attr = { .attr_clr = MOUNT_ATTR_RDONLY };

	res[0] = e_rc(mount_setattr(AT_FDCWD, sp("w/.git/hooks"), 0, &attr, sizeof(attr)));
	res[1] = e_rc(umount2(sp("w/.git/hooks"), MNT_DETACH));
	res[2] = e_rc(mount(NULL, sp("w/.git/hooks"), NULL, MS_REMOUNT | MS_BIND, NULL));
	res[3] = e_open("w/.git/hooks/pre-commit", O_WRONLY);
	res[4] = e_rc(open_tree(AT_FDCWD, sp("w/.git"), OPEN_TREE_CLONE));
}

START_TEST(test_kernel_mask_cannot_be_undone)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	NEED_MASKS();
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), true, &plan);
	rep = run_ok(&plan, probe_undo);
	ck_assert_int_eq(rep.res[0], EPERM);
	ck_assert_int_ne(rep.res[1], 0);
	ck_assert_int_ne(rep.res[2], 0);
	ck_assert_int_eq(rep.res[3], EROFS);
	ck_assert_int_eq(rep.res[4], EPERM);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static int chown_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return lchown(p, 65534, 65534);
}

static int become_nobody(void)
{
	if (setgroups(0, NULL) < 0 || setresgid(65534, 65534, 65534) < 0 ||
	    setresuid(65534, 65534, 65534) < 0)
		return 1;
	/* setuid made us non-dumpable: /proc/self/uid_map would be root's */
	prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
	return ll_masks_available() ? 0 : 1;
}

static void probe_nobody(int *res)
{
	res[0] = e_open("w/.git/hooks/pre-commit", O_WRONLY);
	res[1] = e_open("w/a.txt", O_WRONLY);
	res[2] = (int)geteuid();
	res[3] = e_rc(rename(sp("w/.git"), sp("w/.g")));
}

START_TEST(test_kernel_unprivileged_masks)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	NEED_MASKS();
	if (tu_need_root(__func__, "switch to an unprivileged uid"))
		return;
	make_workspace();
	ck_assert_int_eq(nftw(scratch, chown_one, 16, FTW_PHYS), 0);
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), true, &plan);
	rep = run_sandboxed(&plan, become_nobody, probe_nobody);
	if (rep.applied == -1 &&
	    kernel_missing("an unprivileged user namespace with mount masks", false))
		goto out;
	ck_assert_msg(rep.applied == 1, "ll_apply failed: %s", rep.err);
	ck_assert_int_eq(rep.res[0], EROFS);
	ck_assert_int_eq(rep.res[1], 0);
	ck_assert_int_eq(rep.res[2], 65534);
	ck_assert_int_eq(rep.res[3], EBUSY);
out:
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static int enter_hidden(void)
{
	return chdir(sp("w/secrets/inner")) < 0;
}

static void probe_nothing(int *res)
{
	(void)res;
}

START_TEST(test_kernel_cwd_under_hidden_refused)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	NEED_MASKS();
	make_workspace();
	mkd("w/secrets/inner");
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C);
	add(pol, FSJ_SRC_RULES, sp("w/secrets"), true, 0, ALL);
	compile_ok(pol, ll_abi(), true, &plan);
	ck_assert_int_ge(mask_index(&plan, sp("w/secrets"), LL_MASK_HIDE), 0);
	rep = run_sandboxed(&plan, enter_hidden, probe_nothing);
	ck_assert_int_eq(rep.applied, 0);
	ck_assert_msg(strstr(rep.err, "hidden by a mount mask"), "%s", rep.err);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

START_TEST(test_kernel_swapped_mask_target_refused)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	NEED_MASKS();
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), true, &plan);
	/* swap the folder for another one between compile and apply */
	ck_assert_int_eq(rename(sp("w/.git/hooks"), sp("w/.git/hooks.old")), 0);
	mkd("w/.git/hooks");
	rep = run_sandboxed(&plan, NULL, probe_nothing);
	ck_assert_int_eq(rep.applied, 0);
	ck_assert_msg(strstr(rep.err, "changed after"), "%s", rep.err);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_vanished(int *res)
{
	res[0] = e_open("w/a.txt", O_WRONLY);
	res[1] = e_open("w/sub", O_WRONLY | O_CREAT);
}

START_TEST(test_kernel_vanished_entry_skipped)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.git/hooks"), true, 0, W | C | D);
	compile_ok(pol, ll_abi(), false, &plan);
	ck_assert_ptr_nonnull(rule_for(&plan, sp("w/sub")));
	/* a listed entry disappears and comes back as a file: not granted */
	ck_assert_int_eq(unlink(sp("w/sub/b.txt")), 0);
	ck_assert_int_eq(rmdir(sp("w/sub")), 0);
	rep = run_ok(&plan, probe_vanished);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert_int_eq(rep.res[1], EACCES);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static void probe_network(int *res)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(1) };
	int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	res[0] = s < 0 ? errno : e_rc(connect(s, (struct sockaddr *)&a, sizeof(a)));
	if (s >= 0)
		close(s);
	s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	a.sin_port = htons(0);
	res[1] = s < 0 ? errno : e_rc(bind(s, (struct sockaddr *)&a, sizeof(a)));
	if (s >= 0)
		close(s);
	res[2] = e_rc(kill(getppid(), 0));
}

START_TEST(test_kernel_network_and_scope)
{
	struct fsj_policy *pol;
	struct ll_opts o = { .masks = false, .network = FSJ_NETWORK_DENY };
	struct fsj_error err;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(6);
	make_workspace();
	o.abi = ll_abi();
	pol = ws_policy(FSJ_TIER_GUARDED, R);
	ck_assert_int_eq(ll_compile(pol, &o, &plan, &err), 0);
	rep = run_ok(&plan, probe_network);
	ck_assert_int_eq(rep.res[0], EACCES);
	ck_assert_int_eq(rep.res[1], EACCES);
	ck_assert_int_eq(rep.res[2], EPERM); /* the parent is outside the domain */
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static Suite *landlock_suite(void)
{
	Suite *s = suite_create("landlock");
	TCase *tc = tcase_create("plan");
	TCase *tk = tcase_create("kernel");

	tcase_add_unchecked_fixture(tc, make_run_root, remove_run_root);
	tcase_add_checked_fixture(tc, make_scratch, NULL);
	tcase_add_test(tc, test_rights_per_capability);
	tcase_add_test(tc, test_single_file_delete_is_reported);
	tcase_add_test(tc, test_file_write_delete_deny_is_a_mask);
	tcase_add_test(tc, test_handled_follows_tier);
	tcase_add_test(tc, test_abi_best_effort);
	tcase_add_test(tc, test_no_abi_refused);
	tcase_add_test(tc, test_file_rights_only_on_files);
	tcase_add_test(tc, test_nested_deny_readonly_mask);
	tcase_add_test(tc, test_pins_where_delete_is_granted);
	tcase_add_test(tc, test_nested_deny_expansion_without_masks);
	tcase_add_test(tc, test_hide_masks);
	tcase_add_test(tc, test_read_deny_with_write_allowed_expands);
	tcase_add_test(tc, test_nonexistent_deny_expands_nearest_existing);
	tcase_add_test(tc, test_baseline_deny_is_not_masked);
	tcase_add_test(tc, test_user_data_root_fence_is_expansion);
	tcase_add_test(tc, test_symlinks_skipped_and_decided_at_target);
	tcase_add_test(tc, test_non_recursive_dir_grant);
	tcase_add_test(tc, test_rules_merged_sorted_pruned);
	tcase_add_test(tc, test_unneeded_mask_dropped);
	tcase_add_test(tc, test_refer_needs_create_and_delete);
	tcase_add_test(tc, test_dump);
	tcase_add_test(tc, test_env_overrides);
	suite_add_tcase(s, tc);

	tcase_add_unchecked_fixture(tk, make_run_root, remove_run_root);
	tcase_add_checked_fixture(tk, make_scratch, NULL);
	tcase_set_timeout(tk, 30);
	tcase_add_test(tk, test_kernel_read_denied);
	tcase_add_test(tk, test_kernel_readonly_mask);
	tcase_add_test(tk, test_kernel_pins);
	tcase_add_test(tk, test_kernel_hide_masks);
	tcase_add_test(tk, test_kernel_nonexistent_deny);
	tcase_add_test(tk, test_kernel_expansion_without_masks);
	tcase_add_test(tk, test_kernel_abi_override_drops_truncate);
	tcase_add_test(tk, test_kernel_mask_cannot_be_undone);
	tcase_add_test(tk, test_kernel_unprivileged_masks);
	tcase_add_test(tk, test_kernel_cwd_under_hidden_refused);
	tcase_add_test(tk, test_kernel_swapped_mask_target_refused);
	tcase_add_test(tk, test_kernel_vanished_entry_skipped);
	tcase_add_test(tk, test_kernel_network_and_scope);
	suite_add_tcase(s, tk);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(landlock_suite());
	int failed;

	/* every test in its own process: kernel tests change namespaces and
	 * the environment */
	srunner_set_fork_status(sr, CK_FORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
