/* check_rules18.c - path_memo_lstat_kept() (src/path-memo.h, issue 18):
 * the repository walk takes a folder's lstat(2) from the path memo only
 * when path_memo_lstat() kept that folder in the same span; with the memo
 * off, or for a path it did not keep (a file, a missing name, a folder not
 * looked up), it is a plain lstat(2), and it keeps nothing itself. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "path-memo.h"
#include "util.h"
#include "testutil.h"

static char top[PATH_MAX];

static void make_tree(void)
{
	char tmpl[] = "/tmp/check_rules18.XXXXXX";
	char *p = mkdtemp(tmpl);

	ck_assert_ptr_nonnull(p);
	snprintf(top, sizeof(top), "%s", p);
}

static void remove_tree(void)
{
	path_resolve_memo(PATH_MEMO_OFF);
	if (top[0])
		tu_rm_tree(top);
}

START_TEST(test_off_is_lstat)
{
	cleanup_free char *d = xasprintf("%s/off", top);
	struct stat a, b;

	path_resolve_memo(PATH_MEMO_OFF);
	ck_assert_int_eq(mkdir(d, 0700), 0);
	ck_assert_int_eq(path_memo_lstat(d, &a), 0);
	ck_assert_int_eq(rmdir(d), 0);
	ck_assert_int_eq(mkdir(d, 0700), 0);
	ck_assert_int_eq(path_memo_lstat_kept(d, &b), 0);
	ck_assert_int_eq(lstat(d, &a), 0);
	ck_assert(a.st_ino == b.st_ino);
}
END_TEST

START_TEST(test_kept_folder_only)
{
	cleanup_free char *d = xasprintf("%s/kept", top);
	cleanup_free char *f = xasprintf("%s/kept/file", top);
	cleanup_free char *n = xasprintf("%s/notkept", top);
	struct stat first, st;
	FILE *fp;

	ck_assert_int_eq(mkdir(d, 0700), 0);
	ck_assert_int_eq(mkdir(n, 0700), 0);
	path_resolve_memo(PATH_MEMO_ON);
	ck_assert_int_eq(path_memo_lstat(d, &first), 0);
	ck_assert(S_ISDIR(first.st_mode));
	/* kept in this span: the answer comes from memory */
	ck_assert_int_eq(rmdir(d), 0);
	ck_assert_int_eq(path_memo_lstat_kept(d, &st), 0);
	ck_assert(st.st_ino == first.st_ino);
	ck_assert_int_eq(mkdir(d, 0700), 0);
	/* a file, and a folder never looked up: asked of the kernel, not kept */
	fp = fopen(f, "w");
	ck_assert_ptr_nonnull(fp);
	fclose(fp);
	ck_assert_int_eq(path_memo_lstat_kept(f, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_int_eq(path_memo_lstat_kept(n, &st), 0);
	ck_assert_int_eq(rmdir(n), 0);
	ck_assert_int_eq(path_memo_lstat_kept(n, &st), -1);
	ck_assert_int_eq(path_memo_lstat(n, &st), -1);
	ck_assert_int_eq(mkdir(n, 0700), 0);
	ck_assert_int_eq(path_memo_lstat_kept(n, &st), 0);
	/* a new span forgets: the folder made again is seen as it is */
	path_resolve_memo(PATH_MEMO_OFF);
	path_resolve_memo(PATH_MEMO_ON);
	ck_assert_int_eq(path_memo_lstat_kept(d, &st), 0);
	ck_assert_int_eq(lstat(d, &first), 0);
	ck_assert(st.st_ino == first.st_ino);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

static Suite *rules18_suite(void)
{
	Suite *s = suite_create("rules18");
	TCase *tc = tcase_create("memo_kept");

	tcase_add_unchecked_fixture(tc, make_tree, remove_tree);
	tcase_add_test(tc, test_off_is_lstat);
	tcase_add_test(tc, test_kept_folder_only);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(rules18_suite(), CK_FORK_GETENV);
}
