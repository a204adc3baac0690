/* check_notify.c - the create hook on the real kernel (notify.h; DESIGN.md
 * section 2: "create alone lets a process make a new file and fill it;
 * changing an existing file needs write").
 *
 * Each test builds a policy over a scratch tree under /home, or $HOME for
 * an ordinary user (a user-data root: nothing there is granted by a
 * baseline): drop/ allows create but not write, outside/ allows neither.
 * Commands run through the real path, sandbox_prepare() + launch_run();
 * the direct tests fork, apply the sandbox and install the hook
 * themselves, then make the calls in C and read the supervisor's
 * counters. Kernel tests print "SKIP: ..." and pass
 * when Landlock is unavailable, unless FSJAIL_REQUIRE_KERNEL=1. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/openat2.h>

#include "landlock.h"
#include "launch.h"
#include "notify.h"
#include "refusal.h"
#include "policy.h"
#include "sandbox.h"
#include "util.h"
#include "testutil.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)

/* ---- scratch tree ---- */

/* One root per run under a user-data root (/home, else $HOME; see
 * tu_mkdtemp_user_data()), made and removed by the parent (unchecked
 * fixture: Check skips a checked teardown when a test fails); one scratch
 * folder per test inside it. */
static char run_root[PATH_MAX];
static char scratch[PATH_MAX];

static void make_run_root(void)
{
	if (tu_mkdtemp_user_data("fsjail-notify", run_root) < 0) {
		perror("no scratch folder under $FSJAIL_TEST_ROOT, /home or $HOME");
		exit(EXIT_FAILURE);
	}
	chmod(run_root, 0755);
}

static void remove_run_root(void)
{
	tu_rm_tree(run_root);
}

static char *sp(const char *rel)
{
	static char buf[8][PATH_MAX];
	static int i;
	char *b = buf[i++ % 8];

	ck_assert_int_lt(snprintf(b, PATH_MAX, "%s/%s", scratch, rel), PATH_MAX);
	return b;
}

static void mkf(const char *rel, const char *content)
{
	int fd = open(sp(rel), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	ck_assert_msg(fd >= 0, "create %s: %s", rel, strerror(errno));
	ck_assert_int_eq(write_all(fd, content, strlen(content)), 0);
	close(fd);
}

/* drop/ (create only) with drop/existing, outside/ (nothing) with
 * outside/existing; the test process works in drop/. */
static void make_scratch(void)
{
	ck_assert_int_lt(snprintf(scratch, sizeof(scratch), "%s/t-XXXXXX", run_root),
			 (int)sizeof(scratch));
	ck_assert_ptr_nonnull(mkdtemp(scratch));
	chmod(scratch, 0755);
	ck_assert_int_eq(mkdir(sp("drop"), 0755), 0);
	ck_assert_int_eq(mkdir(sp("outside"), 0755), 0);
	mkf("drop/existing", "orig\n");
	mkf("outside/existing", "outside\n");
	ck_assert_int_eq(chdir(sp("drop")), 0);
}

/* Content of rel, or NULL when it cannot be read. Caller frees. */
static char *content(const char *rel)
{
	char *buf = NULL;
	size_t len;

	if (read_file(sp(rel), 1 << 16, &buf, &len) < 0)
		return NULL;
	return buf;
}

#define assert_content(rel, want)                                                        \
	do {                                                                             \
		char *got_ = content(rel);                                               \
		ck_assert_msg(got_ && strcmp(got_, (want)) == 0,                         \
			      "%s holds '%s', expected '%s'", (rel), got_ ? got_ : "(none)", \
			      (want));                                                   \
		free(got_);                                                              \
	} while (0)

static bool exists(const char *rel)
{
	struct stat st;

	return lstat(sp(rel), &st) == 0;
}

/* ---- policies ---- */

static void add_rule(struct fsj_policy *pol, enum fsj_source src, const char *path,
		     bool recursive, unsigned allow, unsigned deny)
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

static void add(struct fsj_policy *pol, enum fsj_source src, const char *path, bool recursive,
		unsigned allow)
{
	add_rule(pol, src, path, recursive, allow, 0);
}

/* Read and execute everywhere (the shell and python must run), the
 * standard null device, and drop_caps on drop/. Guarded tier: write,
 * create, delete, execute and read are all handled by Landlock. */
static struct fsj_policy *drop_policy(unsigned drop_caps)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);

	add(pol, FSJ_SRC_BASELINE, "/", true, R | X);
	add(pol, FSJ_SRC_BASELINE, "/dev/null", false, R | W);
	add(pol, FSJ_SRC_RULES, sp("drop"), true, drop_caps);
	policy_finalize(pol);
	return pol;
}

/* ---- kernel availability ---- */

#define NEED_KERNEL()                                                       \
	do {                                                                \
		if (tu_kernel_missing(__func__, "Landlock", ll_abi() >= 1)) \
			return;                                             \
	} while (0)

/* ---- the real path: sandbox_prepare() + launch_run() ---- */

static int run_argv(const struct fsj_policy *pol, char **argv)
{
	struct fsj_error err = { { 0 } };
	struct sandbox *sb;
	int rc;

	sb = sandbox_prepare(FSJ_BACKEND_LANDLOCK, pol, NULL, NULL, &err);
	ck_assert_msg(sb, "sandbox_prepare: %s", err.text);
	fflush(stdout);
	rc = launch_run(sb, argv, &err);
	ck_assert_msg(rc != FSJ_EXIT_ERROR, "launch_run: %s", err.text);
	sandbox_free(sb);
	return rc;
}

static int run_sh(const struct fsj_policy *pol, const char *script)
{
	cleanup_free char *s = xstrdup(script);
	char *argv[] = { "/bin/sh", "-c", s, NULL };

	return run_argv(pol, argv);
}

static int run_py(const struct fsj_policy *pol, const char *code)
{
	cleanup_free char *s = xstrdup(code);
	char *argv[] = { "python3", "-c", s, NULL };

	return run_argv(pol, argv);
}

START_TEST(test_shell_redirect_creates_and_fills)
{
	struct fsj_policy *pol;

	NEED_KERNEL();
	pol = drop_policy(C);
	ck_assert_int_eq(run_sh(pol, "echo hello > new.txt"), 0);
	assert_content("drop/new.txt", "hello\n");
	/* >> on a new file: O_APPEND is kept */
	ck_assert_int_eq(run_sh(pol, "echo one >> app.txt"), 0);
	assert_content("drop/app.txt", "one\n");
	/* touch (O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY) */
	ck_assert_int_eq(run_sh(pol, "touch t.txt"), 0);
	assert_content("drop/t.txt", "");
	policy_free(pol);
}
END_TEST

START_TEST(test_python_exclusive_create)
{
	struct fsj_policy *pol;

	NEED_KERNEL();
	pol = drop_policy(C);
	ck_assert_int_eq(run_py(pol, "f = open('new2', 'x'); f.write('x'); f.close()"), 0);
	assert_content("drop/new2", "x");
	/* 'x+' is O_RDWR: read is allowed here, so the descriptor reads back */
	ck_assert_int_eq(run_py(pol, "f = open('new3', 'x+'); f.write('rw'); f.seek(0)\n"
				     "assert f.read() == 'rw'; f.close()"),
			 0);
	assert_content("drop/new3", "rw");
	/* O_EXCL on an existing file: EEXIST, as the kernel says it */
	ck_assert_int_eq(run_py(pol, "try:\n  open('existing', 'x')\n"
				     "except FileExistsError:\n  raise SystemExit(3)"),
			 3);
	assert_content("drop/existing", "orig\n");
	policy_free(pol);
}
END_TEST

START_TEST(test_existing_file_unchanged)
{
	struct fsj_policy *pol;

	NEED_KERNEL();
	pol = drop_policy(C);
	ck_assert_int_ne(run_sh(pol, "echo bad > existing"), 0);
	assert_content("drop/existing", "orig\n");
	ck_assert_int_ne(run_sh(pol, ": > existing"), 0);
	assert_content("drop/existing", "orig\n");
	ck_assert_int_ne(run_sh(pol, "echo more >> existing"), 0);
	assert_content("drop/existing", "orig\n");
	ck_assert_int_ne(run_py(pol, "open('existing', 'w').write('py')"), 0);
	assert_content("drop/existing", "orig\n");
	policy_free(pol);
}
END_TEST

START_TEST(test_symlinks_not_followed_for_creation)
{
	struct fsj_policy *pol;

	NEED_KERNEL();
	pol = drop_policy(C);
	ck_assert_int_eq(symlink(sp("outside/target"), sp("drop/dangling")), 0);
	ck_assert_int_eq(symlink(sp("outside/existing"), sp("drop/tofile")), 0);
	ck_assert_int_eq(symlink(sp("outside"), sp("drop/todir")), 0);
	/* a dangling link in drop/ pointing outside: not created there */
	ck_assert_int_ne(run_sh(pol, "echo x > dangling"), 0);
	ck_assert(!exists("outside/target"));
	/* a link to an existing file outside: unchanged */
	ck_assert_int_ne(run_sh(pol, "echo x > tofile"), 0);
	assert_content("outside/existing", "outside\n");
	/* a new name under a linked folder: written in drop/, resolved
	 * outside/, and the resolved spelling has no create */
	ck_assert_int_ne(run_sh(pol, "echo x > todir/new"), 0);
	ck_assert(!exists("outside/new"));
	/* outside/ itself: no create */
	ck_assert_int_ne(run_sh(pol, "echo x > ../outside/new2"), 0);
	ck_assert(!exists("outside/new2"));
	policy_free(pol);
}
END_TEST

START_TEST(test_mode_follows_umask)
{
	struct fsj_policy *pol;
	struct stat st;

	NEED_KERNEL();
	pol = drop_policy(C);
	ck_assert_int_eq(run_sh(pol, "umask 077; echo x > m077"), 0);
	ck_assert_int_eq(stat(sp("drop/m077"), &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(run_sh(pol, "umask 022; echo x > m022"), 0);
	ck_assert_int_eq(stat(sp("drop/m022"), &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0644);
	ck_assert_int_eq(st.st_uid, geteuid());
	ck_assert_int_eq(st.st_gid, getegid());
	policy_free(pol);
}
END_TEST

START_TEST(test_without_hook_new_file_cannot_be_filled)
{
	struct fsj_policy *pol;
	char *got;

	NEED_KERNEL();
	pol = drop_policy(C);
	setenv("FSJAIL_NO_NOTIFY", "1", 1);
	ck_assert_int_ne(run_sh(pol, "echo hello > new.txt"), 0);
	unsetenv("FSJAIL_NO_NOTIFY");
	/* Landlock may leave an empty file (MAKE_REG passed, WRITE_FILE did
	 * not); it never holds the text */
	got = content("drop/new.txt");
	ck_assert_msg(!got || strcmp(got, "") == 0, "new.txt holds '%s'", got);
	free(got);
	policy_free(pol);
}
END_TEST

START_TEST(test_relative_forms)
{
	struct fsj_policy *pol;
	cleanup_free char *abs = NULL, *script = NULL;

	NEED_KERNEL();
	pol = drop_policy(C);
	/* a new folder (mkdir needs create only), then ".." from inside it */
	ck_assert_int_eq(run_sh(pol, "mkdir sub && cd sub && echo up > ../up.txt"), 0);
	assert_content("drop/up.txt", "up\n");
	/* an absolute path */
	abs = xstrdup(sp("drop/abs.txt"));
	script = xasprintf("echo abs > '%s'", abs);
	ck_assert_int_eq(run_sh(pol, script), 0);
	assert_content("drop/abs.txt", "abs\n");
	/* relative to a directory descriptor (openat with a real dirfd) */
	ck_assert_int_eq(run_py(pol, "import os\n"
				     "d = os.open('sub', os.O_RDONLY | os.O_DIRECTORY)\n"
				     "f = os.open('at.txt', os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=d)\n"
				     "os.write(f, b'at'); os.close(f)"),
			 0);
	assert_content("drop/sub/at.txt", "at");
	/* a name starting with "~" is a name, not a home */
	ck_assert_int_eq(run_sh(pol, "echo t > '~t'"), 0);
	assert_content("drop/~t", "t\n");
	policy_free(pol);
}
END_TEST

START_TEST(test_concurrent_creators)
{
	struct fsj_policy *pol;
	char rel[32], want[32];
	int i;

	NEED_KERNEL();
	pol = drop_policy(C);
	ck_assert_int_eq(run_sh(pol, "i=0; while [ $i -lt 40 ]; do i=$((i+1)); "
				     "(echo $i > f$i) & done; wait"),
			 0);
	for (i = 1; i <= 40; i++) {
		snprintf(rel, sizeof(rel), "drop/f%d", i);
		snprintf(want, sizeof(want), "%d\n", i);
		assert_content(rel, want);
	}
	policy_free(pol);
}
END_TEST

START_TEST(test_write_allowed_kernel_decides)
{
	struct fsj_policy *pol;

	NEED_KERNEL();
	/* With write granted, Landlock alone allows it (the hook answers
	 * CONTINUE): an existing file can be changed, a new one made. */
	pol = drop_policy(C | W);
	ck_assert_int_eq(run_sh(pol, "echo new > existing && echo n > n.txt"), 0);
	assert_content("drop/existing", "new\n");
	assert_content("drop/n.txt", "n\n");
	policy_free(pol);
}
END_TEST

START_TEST(test_under_mount_masks)
{
	struct fsj_policy *pol;
	cleanup_free char *script = NULL;
	char ns[64] = { 0 }, *got;

	NEED_KERNEL();
	if (env_flag("FSJAIL_NO_MOUNT_MASKS") || !ll_masks_available()) {
		printf("SKIP: %s: mount masks are not available here\n", __func__);
		return;
	}
	/* drop/ro denies create: a nested deny, carried by a read-only bind
	 * in the command's own mount namespace, which the supervisor (in the
	 * host's) does not see; the policy check covers it. */
	ck_assert_int_eq(mkdir(sp("drop/ro"), 0755), 0);
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	add(pol, FSJ_SRC_BASELINE, "/", true, R | X);
	add(pol, FSJ_SRC_BASELINE, "/dev/null", false, R | W);
	add(pol, FSJ_SRC_RULES, sp("drop"), true, C);
	add_rule(pol, FSJ_SRC_RULES, sp("drop/ro"), true, 0, C);
	policy_finalize(pol);
	/* The command runs in another mount namespace with drop/ro mounted,
	 * and still creates files through the hook (ns.txt, mi.txt). */
	script = xasprintf("readlink /proc/self/ns/mnt > ns.txt && "
			   "grep -F ' %s ' /proc/self/mountinfo > mi.txt",
			   sp("drop/ro"));
	ck_assert_int_eq(run_sh(pol, script), 0);
	ck_assert_int_gt(readlink("/proc/self/ns/mnt", ns, sizeof(ns) - 1), 0);
	got = content("drop/ns.txt");
	ck_assert_ptr_nonnull(got);
	ck_assert_msg(strncmp(got, ns, strlen(ns)) != 0, "same mount namespace: %s", got);
	free(got);
	got = content("drop/mi.txt");
	ck_assert_msg(got && *got, "drop/ro is not a mount point in the command's namespace");
	free(got);
	ck_assert_int_ne(run_sh(pol, "echo x > ro/new"), 0);
	ck_assert(!exists("drop/ro/new"));
	ck_assert_int_ne(run_sh(pol, "cd ro && echo x > new2"), 0);
	ck_assert(!exists("drop/ro/new2"));
	policy_free(pol);
}
END_TEST

/* ---- direct: fork, apply, install, call ---- */

#define NRES 12
struct direct_report {
	int res[NRES]; /* 0 = worked, else errno; -1 = not run */
	char err[sizeof(((struct fsj_error *)0)->text)];
};

typedef void (*direct_fn)(int *res);

/* Run fn in a child under the Landlock sandbox for pol and the create
 * hook; return what it saw, and the supervisor's counters in *stats. With
 * stop_first the supervisor is stopped (its listener closed) once it holds
 * the listener and before fn runs: the supervisor gone. */
static struct direct_report run_direct_ex(const struct fsj_policy *pol, direct_fn fn,
					  struct notify_stats *stats, bool stop_first)
{
	struct fsj_error err = { { 0 } };
	struct direct_report rep;
	struct sandbox *sb;
	struct notify *nt;
	char **argv;
	char *args[] = { "direct", NULL };
	int fds[2], go[2], status;
	char byte = 0;
	pid_t pid;

	sb = sandbox_prepare(FSJ_BACKEND_LANDLOCK, pol, NULL, NULL, &err);
	ck_assert_msg(sb, "sandbox_prepare: %s", err.text);
	ck_assert_ptr_nonnull(sandbox_notify_policy(sb));
	nt = notify_new(sandbox_notify_policy(sb), &err);
	ck_assert_msg(nt, "notify_new: %s", err.text);
	memset(&rep, 0, sizeof(rep));
	ck_assert_int_eq(pipe2(fds, O_CLOEXEC), 0);
	ck_assert_int_eq(pipe2(go, O_CLOEXEC), 0);
	fflush(stdout);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fds[0]);
		close(go[1]);
		for (int i = 0; i < NRES; i++)
			rep.res[i] = -1;
		argv = args;
		if (sandbox_apply(sb, &argv, &err) < 0 || notify_child_install(nt, &err) < 0) {
			snprintf(rep.err, sizeof(rep.err), "%s", err.text);
		} else {
			if (stop_first)
				(void)!read(go[0], &byte, 1);
			fn(rep.res);
		}
		(void)!write(fds[1], &rep, sizeof(rep));
		_exit(0);
	}
	close(fds[1]);
	close(go[0]);
	ck_assert_msg(notify_start(nt, &err) == 0, "notify_start: %s", err.text);
	if (stop_first) {
		struct notify_stats now;

		/* wait (at most about 10 s) for the listener to arrive */
		for (int i = 0; i < 10000; i++) {
			notify_get_stats(nt, &now);
			if (now.installed)
				break;
			usleep(1000);
		}
		ck_assert_msg(now.installed, "the child never sent its listener");
		notify_stop(nt);
		ck_assert_int_eq(write(go[1], &byte, 1), 1); /* not to an ended child: SIGPIPE */
	}
	close(go[1]);
	ck_assert_int_eq(read(fds[0], &rep, sizeof(rep)), (ssize_t)sizeof(rep));
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	notify_stop(nt);
	notify_get_stats(nt, stats);
	notify_free(nt);
	sandbox_free(sb);
	ck_assert_msg(!rep.err[0], "child: %s", rep.err);
	return rep;
}

static struct direct_report run_direct(const struct fsj_policy *pol, direct_fn fn,
				       struct notify_stats *stats)
{
	return run_direct_ex(pol, fn, stats, false);
}

static int e_fd(int fd)
{
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int sys_openat2(const char *path, uint64_t flags, uint64_t mode, uint64_t resolve)
{
	struct open_how how;

	memset(&how, 0, sizeof(how));
	how.flags = flags;
	how.mode = mode;
	how.resolve = resolve;
	return (int)syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));
}

static void direct_calls(int *res)
{
	int fd, fl;

	/* creat(2); where the architecture has none, the same open */
#ifdef SYS_creat
	res[0] = e_fd((int)syscall(SYS_creat, "c.txt", 0644));
#else
	res[0] = e_fd(open("c.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644));
#endif
	/* openat2(2) with O_CREAT */
	res[1] = e_fd(sys_openat2("o2.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0644, 0));
	/* openat2 with a resolve flag: performed by the supervisor too */
	res[2] = e_fd(sys_openat2("o2b.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0644,
				  RESOLVE_BENEATH));
	/* the descriptor number is the call's return, close-on-exec as asked */
	fd = open("cx.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	fl = fd >= 0 ? fcntl(fd, F_GETFD) : -1;
	res[3] = fd < 0 ? errno : (fl >= 0 && (fl & FD_CLOEXEC)) ? 0 : EBADF;
	if (fd >= 0) {
		res[4] = write(fd, "cx", 2) == 2 ? 0 : errno;
		close(fd);
	}
	fd = open("nx.txt", O_WRONLY | O_CREAT, 0644);
	fl = fd >= 0 ? fcntl(fd, F_GETFD) : -1;
	res[5] = fd < 0 ? errno : (fl >= 0 && !(fl & FD_CLOEXEC)) ? 0 : EBADF;
	if (fd >= 0)
		close(fd);
	/* a read-only creating open needs create only */
	res[6] = e_fd(open("ro.txt", O_RDONLY | O_CREAT | O_CLOEXEC, 0644));
	/* io_uring is refused (by the supervisor, EPERM) */
	res[7] = syscall(SYS_io_uring_setup, 1, NULL) < 0 ? errno : 0;
	/* an existing file still cannot be opened for writing */
	res[8] = e_fd(open("existing", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	/* O_TRUNC on an existing file neither */
	res[9] = e_fd(open("existing", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
	/* a plain open for reading never traps */
	res[10] = e_fd(open("existing", O_RDONLY | O_CLOEXEC));
}

START_TEST(test_direct_calls)
{
	struct fsj_policy *pol;
	struct direct_report rep;
	struct notify_stats st;

	NEED_KERNEL();
	pol = drop_policy(C);
	rep = run_direct(pol, direct_calls, &st);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert(exists("drop/c.txt"));
	ck_assert_int_eq(rep.res[1], 0);
	ck_assert(exists("drop/o2.txt"));
	ck_assert(rep.res[2] == 0 && exists("drop/o2b.txt"));
	ck_assert_int_eq(rep.res[3], 0);
	ck_assert_int_eq(rep.res[4], 0);
	assert_content("drop/cx.txt", "cx");
	ck_assert_int_eq(rep.res[5], 0);
	ck_assert_int_eq(rep.res[6], 0);
	ck_assert_int_eq(rep.res[7], EPERM);
	ck_assert_int_eq(rep.res[8], EACCES);
	ck_assert_int_eq(rep.res[9], EACCES);
	ck_assert_int_eq(rep.res[10], 0);
	assert_content("drop/existing", "orig\n");
	ck_assert(st.installed);
	/* creat, openat2 x2, open x3 were made by the supervisor; the two
	 * opens of an existing file were refused (no write), and io_uring
	 * (trapped, so that its refusal is said); nothing was left to the
	 * kernel; the plain read never trapped */
	ck_assert(st.created == 6 && st.continued == 0);
	ck_assert_uint_eq(st.received, 9);
	ck_assert_uint_eq(st.refused, 3);
	policy_free(pol);
}
END_TEST

static void direct_other_uid(int *res)
{
	/* A caller that changed identity: the supervisor does not act for
	 * someone else; it refuses. */
	if (setresgid(65534, 65534, 65534) < 0 || setresuid(65534, 65534, 65534) < 0) {
		res[0] = errno;
		return;
	}
	res[0] = 0;
	res[1] = e_fd(open("nobody.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

START_TEST(test_direct_other_identity_refused)
{
	struct fsj_policy *pol;
	struct direct_report rep;
	struct notify_stats st;

	NEED_KERNEL();
	if (tu_need_root(__func__, "change identity"))
		return;
	pol = drop_policy(C);
	ck_assert_int_eq(chmod(sp("drop"), 0777), 0);
	rep = run_direct(pol, direct_other_uid, &st);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert_int_eq(rep.res[1], EACCES);
	ck_assert(!exists("drop/nobody.txt") && st.created == 0);
	ck_assert(st.continued == 0 && st.refused == 1);
	policy_free(pol);
}
END_TEST

static void direct_chrooted(int *res)
{
	/* The caller's "/" is the scratch folder now: "/drop/y" names
	 * drop/y for it, but not for the supervisor, which refuses every
	 * call of a chrooted caller (EPERM), never leaving it to the kernel. */
	if (chroot(scratch) < 0) {
		res[0] = errno;
		return;
	}
	res[0] = 0;
	res[1] = e_fd(open("x", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	res[2] = e_fd(open("/drop/y", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

START_TEST(test_direct_chrooted_refused)
{
	struct fsj_policy *pol;
	struct direct_report rep;
	struct notify_stats st;

	NEED_KERNEL();
	if (tu_need_root(__func__, "chroot"))
		return;
	pol = drop_policy(C);
	rep = run_direct(pol, direct_chrooted, &st);
	ck_assert_int_eq(rep.res[0], 0);
	ck_assert(rep.res[1] == EPERM && rep.res[2] == EPERM);
	ck_assert(!exists("drop/y") && !exists("x") && st.created == 0);
	ck_assert(st.continued == 0 && st.refused == 2);
	policy_free(pol);
}
END_TEST

static void direct_outside(int *res)
{
	res[0] = e_fd(open("../outside/new", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	res[1] = e_fd(open("../outside/existing", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

START_TEST(test_direct_create_denied_refused)
{
	struct fsj_policy *pol;
	struct direct_report rep;
	struct notify_stats st;

	NEED_KERNEL();
	pol = drop_policy(C);
	refusal_reset();
	rep = run_direct(pol, direct_outside, &st);
	ck_assert_int_eq(rep.res[0], EACCES);
	ck_assert_int_eq(rep.res[1], EACCES);
	ck_assert(!exists("outside/new"));
	assert_content("outside/existing", "outside\n");
	ck_assert(st.created == 0 && st.continued == 0 && st.refused == 2);
	ck_assert_uint_eq(refusal_count(), 2); /* recorded for the summary */
	policy_free(pol);
}
END_TEST

static void direct_create_one(int *res)
{
	res[0] = e_fd(open("orphan.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

/* The supervisor gone (fsjail killed, its listener closed): a trapped call
 * fails with ENOSYS (seccomp_unotify(2), "if the supervisor closes the
 * listener") and nothing is created: the hook fails closed. */
START_TEST(test_supervisor_gone_fails_closed)
{
	struct fsj_policy *pol;
	struct direct_report rep;
	struct notify_stats st;

	NEED_KERNEL();
	pol = drop_policy(C);
	rep = run_direct_ex(pol, direct_create_one, &st, true);
	ck_assert_msg(rep.res[0] == ENOSYS, "creating open: %s", strerror(rep.res[0]));
	ck_assert(!exists("drop/orphan.txt"));
	ck_assert_uint_eq(st.created, 0);
	policy_free(pol);
}
END_TEST

static Suite *notify_suite(void)
{
	Suite *s = suite_create("notify");
	TCase *tk = tcase_create("kernel");

	tcase_add_unchecked_fixture(tk, make_run_root, remove_run_root);
	tcase_add_checked_fixture(tk, make_scratch, NULL);
	tcase_set_timeout(tk, 60);
	tcase_add_test(tk, test_shell_redirect_creates_and_fills);
	tcase_add_test(tk, test_python_exclusive_create);
	tcase_add_test(tk, test_existing_file_unchanged);
	tcase_add_test(tk, test_symlinks_not_followed_for_creation);
	tcase_add_test(tk, test_mode_follows_umask);
	tcase_add_test(tk, test_without_hook_new_file_cannot_be_filled);
	tcase_add_test(tk, test_relative_forms);
	tcase_add_test(tk, test_concurrent_creators);
	tcase_add_test(tk, test_write_allowed_kernel_decides);
	tcase_add_test(tk, test_under_mount_masks);
	tcase_add_test(tk, test_direct_calls);
	tcase_add_test(tk, test_direct_other_identity_refused);
	tcase_add_test(tk, test_direct_chrooted_refused);
	tcase_add_test(tk, test_direct_create_denied_refused);
	tcase_add_test(tk, test_supervisor_gone_fails_closed);
	suite_add_tcase(s, tk);
	return s;
}

int main(void)
{
	return tu_run_suite(notify_suite(), CK_FORK);
}
