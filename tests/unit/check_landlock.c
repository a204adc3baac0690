/* check_landlock.c - unit tests for the Landlock compiler (DESIGN.md
 * section 7): policies built directly over a scratch tree under /var/tmp,
 * and the compiled plan checked: rights per capability, the handled set
 * per tier and ABI, mount masks, pins, expansion and what is left to the
 * seccomp listener. What the kernel answers: check_landlock_kernel.c. */
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
#include "ll_fixture.h"


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

/* A change granted in /dev/shm makes the plan mount a private tmpfs there
 * (devshm.h): the grant never lands on the host's /dev/shm. A read alone
 * mounts nothing. */
START_TEST(test_dev_shm_grant_is_private)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	cleanup_free char *text = NULL;
	struct stat st;

	if (lstat("/dev/shm", &st) < 0 || !S_ISDIR(st.st_mode))
		return; /* no /dev/shm folder here: nothing to compile */
	make_workspace();
	pol = ws_policy(FSJ_TIER_FULL, ALL);
	add(pol, FSJ_SRC_BASELINE, "/dev/shm", true, R | W | C | D, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert(plan.private_shm);
	text = dump(&plan);
	ck_assert_ptr_nonnull(strstr(text, "private /dev/shm"));
	ll_plan_release(&plan);
	policy_free(pol);

	pol = ws_policy(FSJ_TIER_FULL, ALL);
	add(pol, FSJ_SRC_BASELINE, "/dev/shm", true, R, 0);
	compile_ok(pol, 7, true, &plan);
	ck_assert(!plan.private_shm);
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

START_TEST(test_read_deny_with_write_allowed_hides)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	mkf("w/.env", "SECRET=1\n");
	pol = ws_policy(FSJ_TIER_GUARDED, R | W | C | X);
	add(pol, FSJ_SRC_RULES, sp("w/.env"), false, 0, R);
	compile_ok(pol, 7, true, &plan);
	/* hidden, the allowed write refused too: expanding w cost its listing */
	ck_assert_int_ge(mask_index(&plan, sp("w/.env"), LL_MASK_HIDE), 0);
	ck_assert(!expanded(&plan, sp("w")));
	ck_assert(access_of(&plan, sp("w")) & FS_READ_FILE);
	ck_assert(access_of(&plan, sp("w")) & FS_WRITE_FILE);
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
	add(pol, FSJ_SRC_BASELINE, sp("w/.git"), true, 0, R); /* unmasked: expands w */
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

/* With the seccomp listener (issue 12 item 3): a deny on a path that does
 * not exist yet costs its folder nothing: the workspace keeps one whole
 * rule, and the plan names the path it leaves to the listener. */
START_TEST(test_listener_absent_deny_keeps_folder)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.env"), false, 0, ALL);
	add(pol, FSJ_SRC_PROTECTED, sp("w/.git/info"), true, 0, W | C | D);
	compile_listener(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ck_assert_uint_eq(access_of(&plan, sp("w")) & (FS_CREATE | FS_READ),
			  FS_CREATE | FS_READ);
	ck_assert_uint_eq(plan.n_by_listener, 2);
	ck_assert_str_eq(plan.by_listener[0], sp("w/.env"));
	ck_assert_str_eq(plan.by_listener[1], sp("w/.git/info"));
	ll_plan_release(&plan);
	/* the fallback, without the listener: expansion, with its reason */
	compile_ok(pol, 7, true, &plan);
	ck_assert(expanded(&plan, sp("w")));
	ck_assert_uint_eq(plan.n_by_listener, 0);
	ck_assert_uint_eq(effective(&plan, sp("w")) & FS_CREATE, 0);
	for (size_t i = 0; i < plan.n_expanded; i++)
		if (strcmp(plan.expanded[i], sp("w")) == 0)
			ck_assert_msg(strstr(plan.expanded_why[i], "no seccomp listener") &&
					      strstr(plan.expanded_why[i], sp("w/.env")),
				      "%s", plan.expanded_why[i]);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

/* An absent path whose read is denied at the explicit level, create
 * allowed: the listener keeps it absent (readhide.h) and its folder keeps
 * its read grant whole, so the folder stays listable and what the run
 * makes there readable (t0540). Without the listener, expansion, and
 * status is told why. */
START_TEST(test_listener_read_deny_kept_absent)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	const char *const *folders, *const *why;
	size_t n;

	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/secret"), false, 0, R);
	compile_listener(pol, 7, true, &plan);
	ck_assert_uint_eq(ll_plan_expansions(&plan, &folders, &why), 0);
	ck_assert_uint_eq(access_of(&plan, sp("w")) & FS_READ, FS_READ);
	ck_assert_uint_eq(plan.n_by_listener, 1);
	ck_assert_str_eq(plan.by_listener[0], sp("w/secret"));
	ll_plan_release(&plan);
	compile_ok(pol, 7, true, &plan);
	n = ll_plan_expansions(&plan, &folders, &why);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(folders[0], sp("w"));
	ck_assert_msg(strstr(why[0], "read: '") && strstr(why[0], "no seccomp listener"),
		      "%s", why[0]);
	ck_assert_uint_eq(effective(&plan, sp("w/secret")) & FS_READ_FILE, 0);
	ck_assert_uint_eq(plan.n_by_listener, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

/* fsjail's state folder under /tmp: existing, it is masked; a protected
 * file in it that does not exist yet goes to the listener. /tmp (here the
 * scratch folder) keeps its grant: mktemp works. */
START_TEST(test_listener_state_under_tmp)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	cleanup_free char *text = NULL, *want = NULL;

	make_workspace();
	mkd("tmp/fsjail-home/state");
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_BASELINE, sp("tmp"), true, ALL, 0);
	add(pol, FSJ_SRC_PROTECTED, sp("tmp/fsjail-home/state"), true, 0, ALL);
	add(pol, FSJ_SRC_PROTECTED, sp("tmp/fsjail-home/config"), true, 0, W | C | D);
	compile_listener(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ck_assert_uint_eq(access_of(&plan, sp("tmp")) & FS_CREATE, FS_CREATE);
	ck_assert_int_ge(mask_index(&plan, sp("tmp/fsjail-home/state"), LL_MASK_HIDE), 0);
	/* the folder that holds the absent config folder cannot be moved away */
	ck_assert_int_ge(mask_index(&plan, sp("tmp/fsjail-home"), LL_MASK_PIN), 0);
	text = dump(&plan);
	want = xasprintf("listener %s/fsjail-home/config ", sp("tmp"));
	ck_assert_msg(strstr(text, want), "%s", text);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

/* A deny whose folders do not exist either (later/deeper/secret): the
 * missing folders are guarded names (the listener refuses a folder or a
 * link brought into them), so the workspace keeps its one rule, the
 * listener carries the path, and only existing folders are pinned.
 * Without mount masks nothing can pin the folders: expansion, said so. */
START_TEST(test_listener_deep_absent_deny_guarded)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	mkd("tmp");
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_BASELINE, sp("tmp"), true, ALL, 0);
	add(pol, FSJ_SRC_RULES, sp("w/later/deeper/secret"), true, 0, ALL);
	add(pol, FSJ_SRC_PROTECTED, sp("tmp/h/missing/x"), false, 0, W | C | D);
	compile_listener(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ck_assert_uint_eq(access_of(&plan, sp("w")) & FS_CREATE, FS_CREATE);
	ck_assert_uint_eq(access_of(&plan, sp("tmp")) & FS_CREATE, FS_CREATE);
	ck_assert_uint_eq(plan.n_by_listener, 2);
	ck_assert_str_eq(plan.by_listener[0], sp("tmp/h/missing/x"));
	ck_assert_str_eq(plan.by_listener[1], sp("w/later/deeper/secret"));
	ck_assert_int_lt(mask_index(&plan, sp("w/later"), LL_MASK_PIN), 0);
	ck_assert_int_lt(mask_index(&plan, sp("tmp/h"), LL_MASK_PIN), 0);
	ll_plan_release(&plan);
	policy_free(pol);
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/later/secret"), false, 0, ALL);
	compile_listener(pol, 7, false, &plan);
	ck_assert(expanded(&plan, sp("w")));
	ck_assert_msg(strstr(plan.expanded_why[0], "cannot be pinned"), "%s", plan.expanded_why[0]);
	ck_assert_uint_eq(plan.n_by_listener, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

/* The audit log in fsjail's state folder: write, create and delete are
 * protected, its read only a baseline deny. The baseline read deny rides
 * on the mask the protected denies need anyway (hide), so a state folder
 * under /tmp does not expand /tmp. */
START_TEST(test_baseline_read_deny_on_protected_file_is_hidden)
{
	struct fsj_policy *pol;
	struct ll_plan plan;

	make_workspace();
	mkd("tmp/h/state");
	mkf("tmp/h/state/audit.ndjson", "{}\n");
	pol = ws_policy(FSJ_TIER_FULL, ALL);
	add(pol, FSJ_SRC_BASELINE, sp("tmp"), true, ALL, 0);
	add(pol, FSJ_SRC_PROTECTED, sp("tmp/h/state"), true, 0, W | C | D);
	add(pol, FSJ_SRC_BASELINE, sp("tmp/h/state/audit.ndjson"), false, 0, R | X);
	compile_ok(pol, 7, true, &plan);
	ck_assert_uint_eq(plan.n_expanded, 0);
	ck_assert_int_ge(mask_index(&plan, sp("tmp/h/state/audit.ndjson"), LL_MASK_HIDE), 0);
	ck_assert_int_ge(mask_index(&plan, sp("tmp/h/state"), LL_MASK_READONLY), 0);
	ck_assert_uint_eq(access_of(&plan, sp("tmp")) & FS_CREATE, FS_CREATE);
	ll_plan_release(&plan);
	/* a baseline read deny alone is still never masked */
	policy_free(pol);
	pol = ws_policy(FSJ_TIER_FULL, ALL);
	add(pol, FSJ_SRC_BASELINE, sp("tmp"), true, ALL, 0);
	add(pol, FSJ_SRC_BASELINE, sp("tmp/h/state/audit.ndjson"), false, 0, R | X);
	compile_ok(pol, 7, true, &plan);
	ck_assert(expanded(&plan, sp("tmp")));
	ck_assert_uint_eq(plan.n_masks, 0);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static Suite *landlock_suite(void)
{
	Suite *s = suite_create("landlock");
	TCase *tc = tcase_create("plan");

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
	tcase_add_test(tc, test_read_deny_with_write_allowed_hides);
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
	tcase_add_test(tc, test_listener_absent_deny_keeps_folder);
	tcase_add_test(tc, test_listener_read_deny_kept_absent);
	tcase_add_test(tc, test_listener_state_under_tmp);
	tcase_add_test(tc, test_baseline_read_deny_on_protected_file_is_hidden);
	tcase_add_test(tc, test_listener_deep_absent_deny_guarded);
	tcase_add_test(tc, test_dev_shm_grant_is_private);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	/* every test in its own process: kernel tests change namespaces and
	 * the environment */
	return tu_run_suite(landlock_suite(), CK_FORK);
}
