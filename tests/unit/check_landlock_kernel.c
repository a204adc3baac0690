/* check_landlock_kernel.c - unit tests of Landlock enforcement (DESIGN.md
 * section 7): a compiled plan (ll_fixture.h) applied in a forked child, and
 * what the kernel answers there. They print "SKIP: ..." and pass when
 * Landlock is unavailable, unless FSJAIL_REQUIRE_KERNEL=1. */
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

static void probe_listener_plan(int *res)
{
	res[0] = e_open("w/newfile", O_WRONLY | O_CREAT);
	res[1] = e_rc(mkdir(sp("w/newdir"), 0755));
	res[2] = e_open("w/.env", O_RDONLY);
}

/* The plan that relies on the listener: new entries of the workspace are
 * creatable (under expansion they were EACCES). Keeping .env uncreatable
 * is the listener's part (tests/integration/t0054-refusal-report.sh). */
START_TEST(test_kernel_listener_plan_keeps_folder)
{
	struct fsj_policy *pol;
	struct ll_plan plan;
	struct child_report rep;

	NEED_LANDLOCK(1);
	make_workspace();
	pol = ws_policy(FSJ_TIER_GUARDED, ALL);
	add(pol, FSJ_SRC_RULES, sp("w/.env"), false, 0, ALL);
	compile_listener(pol, ll_abi(), ll_masks_available(), &plan);
	rep = run_ok(&plan, probe_listener_plan);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert_int_eq(rep.res[1], 0);
	ck_assert_int_eq(rep.res[2], ENOENT);
	/* made from outside after compile: apply refuses the stale plan */
	mkf("w/.env", "SECRET\n");
	rep = run_sandboxed(&plan, NULL, probe_listener_plan);
	ck_assert_int_eq(rep.applied, 0);
	ck_assert_msg(strstr(rep.err, "exists now"), "%s", rep.err);
	ll_plan_release(&plan);
	policy_free(pol);
}
END_TEST

static Suite *landlock_suite(void)
{
	Suite *s = suite_create("landlock-kernel");
	TCase *tk = tcase_create("kernel");

	tcase_add_unchecked_fixture(tk, make_run_root, remove_run_root);
	tcase_add_checked_fixture(tk, make_scratch, NULL);
	tcase_set_timeout(tk, 30);
	tcase_add_test(tk, test_kernel_read_denied);
	tcase_add_test(tk, test_kernel_readonly_mask);
	tcase_add_test(tk, test_kernel_pins);
	tcase_add_test(tk, test_kernel_hide_masks);
	tcase_add_test(tk, test_kernel_nonexistent_deny);
	tcase_add_test(tk, test_kernel_expansion_without_masks);
	tcase_add_test(tk, test_kernel_listener_plan_keeps_folder);
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
	/* every test in its own process: kernel tests change namespaces and
	 * the environment */
	return tu_run_suite(landlock_suite(), CK_FORK);
}
