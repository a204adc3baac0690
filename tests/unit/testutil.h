/* testutil.h - helpers shared by the unit tests (tests/unit/check_*.c):
 * scratch folders, the two kinds of skip, hostile edits of a good input
 * and running a suite.
 *
 * A skip prints "SKIP: TEST: REASON" on stdout and the test passes (Check
 * has no skip verdict). tu_kernel_missing() is for what the kernel lacks:
 * with FSJAIL_REQUIRE_KERNEL=1 it fails the test instead, so that CI cannot
 * skip silently. tu_need_root() is for what only root may do: that is not
 * a kernel limitation, and it stays a skip whatever FSJAIL_REQUIRE_KERNEL
 * says (tests/integration/libtest.sh makes the same distinction). */
#ifndef FSJAIL_TESTUTIL_H
#define FSJAIL_TESTUTIL_H

#include <check.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* Make a fresh folder PARENT/PREFIX.XXXXXX (mkdtemp, mode 0700) and store
 * its real path (symlinks resolved, at most PATH_MAX bytes) in out.
 * Returns 0, or -1 with errno set (out is then an empty string). */
int tu_mkdtemp_in(const char *parent, const char *prefix, char out[PATH_MAX]);

/* Like tu_mkdtemp_in(), under a user-data root: a folder that no baseline
 * grants, unlike /tmp, /var/tmp and /dev/shm, which the baseline opens
 * fully. The roots tried, in order: $FSJAIL_TEST_ROOT, /home (root in CI),
 * $HOME (an ordinary user); the first that is a writable folder whose
 * real path is not under /tmp, /var/tmp or /dev/shm is used (as
 * make_test_root in tests/integration/libtest.sh).
 * Returns 0, or -1 with errno set (ENOENT when no root fits). */
int tu_mkdtemp_user_data(const char *prefix, char out[PATH_MAX]);

/* Remove the tree at path (not following symlinks), best effort; a path
 * that does not exist, NULL or "" is not an error.
 * Returns 0, or -1 when something could not be removed. */
int tu_rm_tree(const char *path);

/* For a test that needs a kernel feature, what: when present, returns
 * false. Otherwise prints "SKIP: TEST: WHAT is not available" and returns
 * true (the caller returns, so the test passes), or, with
 * FSJAIL_REQUIRE_KERNEL=1, fails the test (does not return). */
bool tu_kernel_missing(const char *test, const char *what, bool present);

/* For a test that only root can run (why: what it does as root): returns
 * false as root; otherwise prints "SKIP: TEST: needs root to WHY" and
 * returns true. Never a failure, even with FSJAIL_REQUIRE_KERNEL=1. */
bool tu_need_root(const char *test, const char *why);

/* The check a hostile input must fail: true when the len bytes at buf
 * (NUL-terminated) are refused. ctx is the caller's. */
typedef bool tu_refused_fn(const char *buf, size_t len, void *ctx);

/* For each edit {FROM, TO} of edits[0..n): a copy of good (len bytes,
 * NUL-terminated) with the first FROM replaced by TO is handed to refused.
 * The test fails, naming the edit's index and FROM, when FROM is not in
 * good or refused returns false. */
void tu_edits_refused(const char *good, size_t len, const char *const edits[][2], size_t n,
		      tu_refused_fn *refused, void *ctx);

/* Run every test of s (CK_NORMAL output; fork: CK_FORK, CK_NOFORK, or
 * CK_FORK_GETENV for what $CK_FORK says, Check's default) and free it.
 * Returns main()'s exit status: EXIT_SUCCESS when no test failed, else
 * EXIT_FAILURE. */
int tu_run_suite(Suite *s, enum fork_status fork);

#endif
