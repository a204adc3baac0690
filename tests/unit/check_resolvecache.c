/* check_resolvecache.c - the path memo's missing names (src/path-absent.h,
 * issue 18): a name path_resolve() found missing is answered again without
 * a lookup in a batch only while its folder is provably unchanged; a name
 * made since, a folder renamed, symlinked or bind-mounted over the path, a
 * folder changed within the racy window, and a folder changed over and
 * over by another process meanwhile, are never answered from memory. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "path.h"
#include "path-absent.h"
#include "path-memo.h"
#include "util.h"
#include "testutil.h"

/* folders made once and left to age past the racy window */
static char top[PATH_MAX];

static char *at(const char *rel)
{
	return xasprintf("%s%s", top, rel);
}

static void mkd(const char *rel)
{
	cleanup_free char *p = at(rel);

	ck_assert_int_eq(mkdir(p, 0700), 0);
}

/* path_memo_lstat() of top + rel: 0, or errno */
static int look(const char *rel)
{
	cleanup_free char *p = at(rel);
	struct stat st;

	return path_memo_lstat(p, &st) == 0 ? 0 : errno;
}

/* The memo on, and top + rel resolved (its folders kept, the missing name
 * noted, as a rule path's resolution does); the name must be missing. */
static void noted(const char *rel)
{
	cleanup_free char *p = at(rel);
	cleanup_free char *r = NULL;

	path_resolve_memo(PATH_MEMO_ON);
	r = path_resolve(p);
	ck_assert_int_eq(look(rel), ENOENT);
}

/* top + rel looked up in a batch: 0 or errno; *hit whether from memory */
static int batch_look(const char *rel, bool *hit)
{
	unsigned long before = path_absent_hits();
	int e;

	path_absent_batch(true);
	e = look(rel);
	path_absent_batch(false);
	*hit = path_absent_hits() != before;
	return e;
}

static void make_aged_tree(void)
{
	static const char *const dirs[] = { "/a", "/b", "/c", "/c2", "/c2/x", "/d", "/d2",
					    "/d2/x", "/e", "/e2", "/e2/x", "/g", "/h" };

	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "fsjail-resolvecache", top), 0);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		mkd(dirs[i]);
	/* past PATH_ABSENT_RACY_S, so that an unchanged folder may answer */
	sleep(PATH_ABSENT_RACY_S + 1);
}

static void remove_tree(void)
{
	path_resolve_memo(PATH_MEMO_OFF);
	if (top[0])
		tu_rm_tree(top);
}

/* Control: an unchanged folder answers its missing name, and a name under
 * it, from memory in a batch, and only in a batch. */
START_TEST(test_unchanged_answers)
{
	unsigned long hits;
	bool hit;

	noted("/a/x");
	ck_assert_int_eq(batch_look("/a/x", &hit), ENOENT);
	ck_assert(hit);
	ck_assert_int_eq(batch_look("/a/x/y/z", &hit), ENOENT);
	ck_assert(hit);
	hits = path_absent_hits();
	ck_assert_int_eq(look("/a/x"), ENOENT); /* outside a batch: looked up */
	ck_assert_uint_eq(path_absent_hits(), hits);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

/* The name made after it was found missing: seen. */
START_TEST(test_made_since_seen)
{
	bool hit;

	noted("/b/x");
	mkd("/b/x");
	ck_assert_int_eq(batch_look("/b/x", &hit), 0);
	ck_assert(!hit);
	ck_assert_int_eq(batch_look("/b/x/y", &hit), ENOENT);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

/* Another folder, holding the name, renamed over the path (both aged). */
START_TEST(test_renamed_over_seen)
{
	cleanup_free char *c = at("/c"), *old = at("/c-old"), *c2 = at("/c2");
	bool hit;

	noted("/c/x");
	ck_assert_int_eq(rename(c, old), 0);
	ck_assert_int_eq(rename(c2, c), 0);
	ck_assert_int_eq(batch_look("/c/x", &hit), 0);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

/* The folder swapped for a symlink to one that holds the name. */
START_TEST(test_symlink_swapped_seen)
{
	cleanup_free char *d = at("/d"), *d2 = at("/d2");
	bool hit;

	noted("/d/x");
	ck_assert_int_eq(rmdir(d), 0);
	ck_assert_int_eq(symlink(d2, d), 0);
	ck_assert_int_eq(batch_look("/d/x", &hit), 0);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

/* A folder holding the name bind-mounted over the path: the folder's
 * times and entries are untouched, its device and inode are not. In a
 * mount namespace of the test's own (root only). */
START_TEST(test_bind_mounted_seen)
{
	cleanup_free char *e = at("/e"), *e2 = at("/e2");
	bool hit;

	if (tu_need_root("test_bind_mounted_seen", "bind-mount a folder"))
		return;
	ck_assert_int_eq(unshare(CLONE_NEWNS), 0);
	ck_assert_int_eq(mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), 0);
	noted("/e/x");
	ck_assert_int_eq(mount(e2, e, NULL, MS_BIND, NULL), 0);
	ck_assert_int_eq(batch_look("/e/x", &hit), 0);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

/* A folder changed within PATH_ABSENT_RACY_S of the memo's start: its
 * times could stay as they were through a change in the same clock tick,
 * so it answers nothing from memory. A name under a folder made since
 * the folder was found missing: seen. */
START_TEST(test_racy_and_made_parent)
{
	bool hit;

	mkd("/g/new");
	noted("/g/new/x");
	ck_assert_int_eq(batch_look("/g/new/x", &hit), ENOENT);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
	noted("/g/p/x");
	mkd("/g/p");
	mkd("/g/p/x");
	ck_assert_int_eq(batch_look("/g/p/x", &hit), 0);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

/* An attacker makes and removes the name over and over while the batches
 * run (from after its first change): no answer comes from memory. */
START_TEST(test_race_never_from_memory)
{
	cleanup_free char *x = at("/h/x");
	pid_t pid;
	bool hit = false;
	int status, go[2];
	char b;

	noted("/h/x");
	ck_assert_int_eq(pipe(go), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) { /* once it has changed the folder, keep changing it */
		(void)mkdir(x, 0700);
		if (write(go[1], "g", 1) != 1)
			_exit(1);
		for (;;) {
			(void)rmdir(x);
			(void)mkdir(x, 0700);
		}
	}
	ck_assert_int_eq(read(go[0], &b, 1), 1);
	for (int i = 0; i < 2000; i++) {
		(void)batch_look("/h/x", &hit);
		if (hit)
			break;
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	ck_assert(!hit);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

static Suite *resolvecache_suite(void)
{
	Suite *s = suite_create("resolvecache");
	TCase *tc = tcase_create("absent");

	tcase_add_unchecked_fixture(tc, make_aged_tree, remove_tree);
	tcase_add_test(tc, test_unchanged_answers);
	tcase_add_test(tc, test_made_since_seen);
	tcase_add_test(tc, test_renamed_over_seen);
	tcase_add_test(tc, test_symlink_swapped_seen);
	tcase_add_test(tc, test_bind_mounted_seen);
	tcase_add_test(tc, test_racy_and_made_parent);
	tcase_add_test(tc, test_race_never_from_memory);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(resolvecache_suite(), CK_FORK_GETENV);
}
