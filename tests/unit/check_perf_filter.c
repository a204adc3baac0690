/* check_perf_filter.c - the create hook's seccomp program after the filter
 * cache (src/notify-filter-cache.c, src/notify-bpf.c; bench/RESULTS-git "git
 * status, fifth pass"): the program libseccomp builds, run instruction by
 * instruction, traps every name-making call and every write-capable open
 * on every architecture the filter covers (names resolved by libseccomp's
 * own tables per architecture, not by notify-bpf.c's), lets read-only
 * opens and the stat calls through, and kills foreign architectures; a
 * program that misses one of those fails notify_filter_check(); a cache
 * entry that is damaged, for other settings, or holds such a program is
 * refused and replaced by a fresh build. No kernel needed. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "notify-bpf.h"
#include "notify-filter-cache.h"
#include "notify-int.h"
#include "policy-cache.h"
#include "state-rec.h"
#include "testutil.h"

static char dummy_cycle; /* nt.bc only says "backups on" to the filter */

static void build(struct notify *nt, bool wide, bool trace)
{
	struct fsj_error err = { { 0 } };

	memset(nt, 0, sizeof(*nt));
	nt->bc = wide ? (struct backup_cycle *)&dummy_cycle : NULL;
	nt->trace = trace;
	ck_assert_msg(notify_filter_build(nt, &err) == 0, "%s", err.text);
	ck_assert(nt->prog && nt->prog_len > 0);
}

static uint32_t run(const struct notify *nt, uint32_t arch, const char *name, int fa,
		    uint64_t flags)
{
	struct seccomp_data d;
	int nr = seccomp_syscall_resolve_name_arch(arch, name);

	ck_assert_msg(nr != __NR_SCMP_ERROR, "%s unknown on arch %#x", name, arch);
	memset(&d, 0, sizeof(d));
	d.nr = nr;
	d.arch = arch;
	d.args[0] = (uint64_t)AT_FDCWD;
	if (fa >= 0)
		d.args[fa] = flags;
	return notify_bpf_run(nt->prog, nt->prog_len, &d) & SECCOMP_RET_ACTION_FULL;
}

/* libseccomp knows the call on this arch (open, mkdir... not on aarch64) */
static bool known(uint32_t arch, const char *name)
{
	int nr = seccomp_syscall_resolve_name_arch(arch, name);

	return nr != __NR_SCMP_ERROR && nr >= 0;
}

START_TEST(test_built_filter_traps_what_it_must)
{
	static const char *const always[] = { "creat",	"openat2",   "mkdir",	"mkdirat",
					      "mknod",	"mknodat",   "symlink", "symlinkat",
					      "link",	"linkat",    "rename",	"renameat",
					      "renameat2", "connect", "bind",	"sendmsg" };
	static const char *const backup[] = { "truncate", "truncate64", "unlink", "unlinkat",
					      "rmdir" };
	static const char *const hot[] = { "newfstatat", "fstatat64", "statx", "read", "close",
					   "getdents64", "lstat", "fstat" };
	static const uint64_t write_open[] = { O_WRONLY, O_RDWR, O_TRUNC, O_RDWR | O_APPEND,
					       O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW };
	static const uint64_t make_open[] = { O_CREAT, O_CREAT | O_EXCL | O_WRONLY,
					      __O_TMPFILE | O_DIRECTORY | O_RDWR };
	int wide = _i / 2, trace = _i % 2;
	uint32_t arch[NOTIFY_MAX_ARCHES];
	const char *why = "";
	struct notify nt;
	size_t n_arch, a, i;

	policy_cache_set_state(NULL); /* built, not read */
	build(&nt, wide, trace);
	ck_assert_msg(notify_filter_check(nt.prog, nt.prog_len, wide, trace, &why), "%s", why);
	notify_filter_arches(arch, &n_arch);
	for (a = 0; a < n_arch; a++) {
		for (i = 0; i < sizeof(always) / sizeof(always[0]); i++)
			if (known(arch[a], always[i]))
				ck_assert_msg(run(&nt, arch[a], always[i], -1, 0) == SECCOMP_RET_USER_NOTIF,
					      "%s not trapped on arch %#x", always[i], arch[a]);
		for (i = 0; i < sizeof(make_open) / sizeof(make_open[0]); i++) {
			ck_assert(run(&nt, arch[a], "openat", 2, make_open[i]) == SECCOMP_RET_USER_NOTIF);
			if (known(arch[a], "open"))
				ck_assert(run(&nt, arch[a], "open", 1, make_open[i]) ==
					  SECCOMP_RET_USER_NOTIF);
		}
		for (i = 0; i < sizeof(write_open) / sizeof(write_open[0]); i++) {
			uint32_t want = wide ? SECCOMP_RET_USER_NOTIF : SECCOMP_RET_ALLOW;

			if (trace)
				want = SECCOMP_RET_USER_NOTIF;
			ck_assert_msg(run(&nt, arch[a], "openat", 2, write_open[i]) == want,
				      "openat %#llx on arch %#x", (unsigned long long)write_open[i],
				      arch[a]);
			if (known(arch[a], "open"))
				ck_assert(run(&nt, arch[a], "open", 1, write_open[i]) == want);
		}
		for (i = 0; wide && i < sizeof(backup) / sizeof(backup[0]); i++)
			if (known(arch[a], backup[i]))
				ck_assert_msg(run(&nt, arch[a], backup[i], -1, 0) == SECCOMP_RET_USER_NOTIF,
					      "%s not trapped on arch %#x", backup[i], arch[a]);
		for (i = 0; notify_meta_call(i); i++)
			if (known(arch[a], notify_meta_call(i)))
				ck_assert_msg(run(&nt, arch[a], notify_meta_call(i), -1, 0) ==
						      SECCOMP_RET_USER_NOTIF,
					      "%s not trapped on arch %#x", notify_meta_call(i), arch[a]);
		/* what git status makes 10,000 of: never stopped */
		for (i = 0; !trace && i < sizeof(hot) / sizeof(hot[0]); i++)
			if (known(arch[a], hot[i]))
				ck_assert_msg(run(&nt, arch[a], hot[i], -1, 0) == SECCOMP_RET_ALLOW,
					      "%s stopped on arch %#x", hot[i], arch[a]);
		ck_assert_uint_eq(run(&nt, arch[a], "openat", 2, O_RDONLY | O_DIRECTORY),
				  trace ? SECCOMP_RET_USER_NOTIF : SECCOMP_RET_ALLOW);
		/* refused in every run by the supervisor, which says so */
		ck_assert_uint_eq(run(&nt, arch[a], "io_uring_setup", -1, 0), SECCOMP_RET_USER_NOTIF);
		ck_assert_uint_eq(run(&nt, arch[a], "ioctl", 1, TIOCSTI), SECCOMP_RET_USER_NOTIF);
		ck_assert_uint_eq(run(&nt, arch[a], "ioctl", 1, TCGETS), SECCOMP_RET_ALLOW);
	}
	free(nt.prog);
}
END_TEST

/* Does nt still trap the calls notify_filter_check() promises to look at
 * (a name-making call or a write-capable open, on each architecture)? */
static bool traps_essentials(const struct notify *nt)
{
	static const char *const names[] = { "mkdirat", "renameat2", "renameat", "linkat",
					     "symlinkat", "mknodat", "unlinkat", "rmdir", "unlink",
					     "creat", "openat2", "mkdir", "rename", "link",
					     "symlink", "truncate" };
	static const uint64_t opens[] = { O_CREAT, O_WRONLY, O_RDWR, O_TRUNC };
	uint32_t arch[NOTIFY_MAX_ARCHES];
	size_t n_arch, a, i;

	notify_filter_arches(arch, &n_arch);
	for (a = 0; a < n_arch; a++) {
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (known(arch[a], names[i]) &&
			    run(nt, arch[a], names[i], -1, 0) != SECCOMP_RET_USER_NOTIF)
				return false;
		for (i = 0; i < sizeof(opens) / sizeof(opens[0]); i++)
			if (run(nt, arch[a], "openat", 2, opens[i]) != SECCOMP_RET_USER_NOTIF ||
			    (known(arch[a], "open") &&
			     run(nt, arch[a], "open", 1, opens[i]) != SECCOMP_RET_USER_NOTIF))
				return false;
	}
	return true;
}

/* Each one-instruction change of the program that lets a trapped call
 * through, or an instruction the evaluator does not know, fails the check:
 * every jump to the trap redirected to the allow, one at a time. */
START_TEST(test_check_refuses_weakened_programs)
{
	struct notify nt;
	const char *why;
	size_t i, weakened = 0, allow = 0, trap = 0;

	policy_cache_set_state(NULL);
	build(&nt, true, false);
	for (i = 0; i < nt.prog_len; i++) {
		if (nt.prog[i].code == (BPF_RET | BPF_K) && nt.prog[i].k == SECCOMP_RET_ALLOW)
			allow = i;
		if (nt.prog[i].code == (BPF_RET | BPF_K) && nt.prog[i].k == SECCOMP_RET_USER_NOTIF)
			trap = i;
	}
	ck_assert(allow > 0 && trap > 0);
	for (i = 0; i < nt.prog_len; i++) {
		struct sock_filter keep = nt.prog[i];

		if (BPF_CLASS(keep.code) != BPF_JMP || BPF_OP(keep.code) == BPF_JA ||
		    i + 1 + keep.jt != trap || allow <= i)
			continue;
		nt.prog[i].jt = (unsigned char)(allow - i - 1);
		if (!traps_essentials(&nt)) {
			ck_assert_msg(!notify_filter_check(nt.prog, nt.prog_len, true, false, &why),
				      "a program whose jump at %zu skips the trap passed", i);
			weakened++;
		}
		nt.prog[i] = keep;
	}
	ck_assert_uint_gt(weakened, 10);
	for (i = 0; i < nt.prog_len; i++) {
		struct sock_filter keep = nt.prog[i];

		if (keep.code != (BPF_RET | BPF_K) || keep.k != SECCOMP_RET_USER_NOTIF)
			continue;
		nt.prog[i].k = SECCOMP_RET_ALLOW;
		ck_assert_msg(!notify_filter_check(nt.prog, nt.prog_len, true, false, &why),
			      "a program whose trap at %zu allows passed", i);
		nt.prog[i] = keep;
		weakened++;
	}
	ck_assert_uint_gt(weakened, 0);
	/* without the setxattrat/removexattrat prefix (4 instructions) */
	ck_assert(!notify_filter_check(nt.prog + 4, nt.prog_len - 4u, true, false, &why));
	/* one instruction of a kind seccomp refuses */
	nt.prog[0].code = BPF_LD | BPF_B | BPF_IND; /* seccomp_check_filter() refuses it */
	ck_assert(!notify_filter_check(nt.prog, nt.prog_len, true, false, &why));
	/* the backups program is not a program without them, and back */
	free(nt.prog);
	build(&nt, false, false);
	ck_assert(!notify_filter_check(nt.prog, nt.prog_len, true, false, &why));
	ck_assert(notify_filter_check(nt.prog, nt.prog_len, false, false, &why));
	ck_assert(!notify_filter_check(NULL, 0, false, false, &why));
	free(nt.prog);
}
END_TEST

static unsigned char *entry(const struct notify *nt, bool wide, bool trace, size_t *n)
{
	return notify_filter_cache_format(nt->prog, nt->prog_len, wide, trace, n);
}

/* re-sum an entry after a change, as a forger would */
static void resum(unsigned char *buf, size_t n)
{
	uint64_t sum = srec_fnv1a(SREC_FNV_START, buf, n - sizeof(sum));

	memcpy(buf + n - sizeof(sum), &sum, sizeof(sum));
}

/* The filter answers no call EPERM itself (the refused calls, io_uring,
 * open_by_handle_at, TIOCSTI, chattr, subvolume ioctls, are trapped so
 * that the supervisor says them), and every jump into the trap redirected
 * to the allow fails the check: a program read back from the cache must
 * keep the refusals and the metadata and socket traps, not only the
 * name-making calls (att5). */
START_TEST(test_check_keeps_refusals_and_traps)
{
	struct notify nt;
	const char *why;
	size_t i, jumps = 0, allow = 0, trap = 0;

	policy_cache_set_state(NULL);
	build(&nt, _i != 0, false);
	for (i = 0; i < nt.prog_len; i++) {
		struct sock_filter keep = nt.prog[i];

		if (keep.code == (BPF_RET | BPF_K) && keep.k == SECCOMP_RET_ALLOW)
			allow = i;
		if (keep.code == (BPF_RET | BPF_K) && keep.k == SECCOMP_RET_USER_NOTIF)
			trap = i;
		ck_assert_msg(keep.code != (BPF_RET | BPF_K) || keep.k != (SECCOMP_RET_ERRNO | EPERM),
			      "the filter answers EPERM at %zu itself", i);
	}
	for (i = 0; i < nt.prog_len && allow > 0 && trap > 0; i++) {
		struct sock_filter keep = nt.prog[i];

		if (BPF_CLASS(keep.code) != BPF_JMP || BPF_OP(keep.code) == BPF_JA ||
		    i + 1 + keep.jt != trap || allow <= i)
			continue;
		nt.prog[i].jt = (unsigned char)(allow - i - 1);
		ck_assert_msg(!notify_filter_check(nt.prog, nt.prog_len, _i != 0, false, &why),
			      "a program whose jump at %zu skips the trap passed", i);
		nt.prog[i] = keep;
		jumps++;
	}
	ck_assert_uint_gt(jumps, 10);
	free(nt.prog);
}
END_TEST

START_TEST(test_cache_entry_parse)
{
	struct sock_filter *prog = NULL;
	unsigned short len = 0;
	struct notify nt;
	unsigned char *buf;
	size_t n, body;

	policy_cache_set_state(NULL);
	build(&nt, true, false);
	buf = entry(&nt, true, false, &n);
	ck_assert_int_eq(notify_filter_cache_parse(buf, n, true, false, &prog, &len), 0);
	ck_assert_uint_eq(len, nt.prog_len);
	ck_assert(memcmp(prog, nt.prog, len * sizeof(*prog)) == 0);
	free(prog);
	/* other settings, a short file, a longer one, a damaged byte */
	ck_assert_int_eq(notify_filter_cache_parse(buf, n, false, false, &prog, &len), -1);
	ck_assert_int_eq(notify_filter_cache_parse(buf, n, true, true, &prog, &len), -1);
	ck_assert_int_eq(notify_filter_cache_parse(buf, n - 1, true, false, &prog, &len), -1);
	ck_assert_int_eq(notify_filter_cache_parse(buf, n / 2, true, false, &prog, &len), -1);
	body = (size_t)nt.prog_len * sizeof(struct sock_filter);
	buf[n - 8 - body / 2] ^= 1;
	ck_assert_int_eq(notify_filter_cache_parse(buf, n, true, false, &prog, &len), -1);
	buf[n - 8 - body / 2] ^= 1;
	/* well formed and summed, but every trap made an allow: refused by
	 * what it answers */
	for (size_t i = 0; i < nt.prog_len; i++) {
		/* the header's length varies with the kernel: no aligned cast */
		unsigned char *at = buf + n - 8 - body + i * sizeof(struct sock_filter);
		struct sock_filter f;

		memcpy(&f, at, sizeof(f));
		if (f.code == (BPF_RET | BPF_K) && f.k == SECCOMP_RET_USER_NOTIF)
			f.k = SECCOMP_RET_ALLOW;
		memcpy(at, &f, sizeof(f));
	}
	resum(buf, n);
	ck_assert_int_eq(notify_filter_cache_parse(buf, n, true, false, &prog, &len), -1);
	ck_assert(prog == NULL);
	free(buf);
	free(nt.prog);
}
END_TEST

/* Through the state folder: the second build reads the entry; a forged
 * entry (an allow-all program, summed) is refused and rewritten. */
START_TEST(test_cache_in_state_folder)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];
	static const struct sock_filter allow_all[] = { BPF_STMT(BPF_RET | BPF_K,
								 SECCOMP_RET_ALLOW) };
	unsigned char *buf;
	struct notify a, b;
	struct stat st;
	size_t n;
	int fd;

	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "check_perf_filter", dir), 0);
	policy_cache_set_state(dir);
	unsetenv("FSJAIL_NO_POLICY_CACHE");
	build(&a, true, false);
	snprintf(path, sizeof(path), "%s/policy/seccomp-w1t0", dir);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert((st.st_mode & 0777) == 0600);
	build(&b, true, false);
	ck_assert_uint_eq(a.prog_len, b.prog_len);
	ck_assert(memcmp(a.prog, b.prog, a.prog_len * sizeof(*a.prog)) == 0);
	free(b.prog);
	/* the forged entry: header and sum right, program allows all */
	buf = notify_filter_cache_format(allow_all, 1, true, false, &n);
	ck_assert_int_eq(unlink(path), 0);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, buf, n), (ssize_t)n);
	close(fd);
	free(buf);
	build(&b, true, false);
	ck_assert_uint_eq(a.prog_len, b.prog_len); /* built anew, not read */
	ck_assert(memcmp(a.prog, b.prog, a.prog_len * sizeof(*a.prog)) == 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_gt((unsigned long long)st.st_size, 200); /* rewritten */
	free(b.prog);
	/* a group-writable entry is not read (but the build still works) */
	ck_assert_int_eq(chmod(path, 0620), 0);
	build(&b, true, false);
	free(b.prog);
	/* FSJAIL_NO_POLICY_CACHE=1: neither read nor written */
	ck_assert_int_eq(unlink(path), 0);
	setenv("FSJAIL_NO_POLICY_CACHE", "1", 1);
	build(&b, true, false);
	ck_assert_int_eq(stat(path, &st), -1);
	unsetenv("FSJAIL_NO_POLICY_CACHE");
	free(b.prog);
	free(a.prog);
	policy_cache_set_state(NULL);
	tu_rm_tree(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("perf_filter");
	TCase *tk = tcase_create("filter");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tk, test_built_filter_traps_what_it_must, 0, 4);
	tcase_add_test(tk, test_check_refuses_weakened_programs);
	tcase_add_loop_test(tk, test_check_keeps_refusals_and_traps, 0, 2);
	tcase_add_test(tk, test_cache_entry_parse);
	tcase_add_test(tk, test_cache_in_state_folder);
	suite_add_tcase(s, tk);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
