/* check_backup.c - ModifyBackup store and trash (src/backup.h,
 * src/trash.h) without a sandbox: what is saved, what is not, a planted
 * symlink in the store, the commit record, URL encoding. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "trash.h"
#include "util.h"
#include "testutil.h"

static char root[PATH_MAX];
static char *state, *work;

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "check_backup", root), 0);
	state = xasprintf("%s/state", root);
	work = xasprintf("%s/work", root);
	ck_assert_int_eq(mkdir(state, 0700), 0);
	ck_assert_int_eq(mkdir(work, 0700), 0);
}

static void teardown(void) { tu_rm_tree(root); }

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

START_TEST(test_saves_once_and_skips_new)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = backup_cycle_new(state, "s1", "cmd", 0, NULL, &err);
	cleanup_free char *f = xasprintf("%s/f", work), *n = xasprintf("%s/n", work);
	cleanup_free char *saved = NULL;
	int dfd = open(work, O_RDONLY | O_DIRECTORY);

	ck_assert_ptr_nonnull(bc);
	put(f, "old");
	backup_note_new(bc, n, NULL);
	put(n, "new");
	ck_assert_int_eq(backup_before_modify(bc, dfd, "f", f, "t", &err), 0);
	put(f, "changed");
	ck_assert_int_eq(backup_before_modify(bc, dfd, "f", f, "t", &err), 0);
	ck_assert_int_eq(backup_before_modify(bc, dfd, "n", n, "t", &err), 0);
	ck_assert_int_eq(backup_before_modify(bc, dfd, "absent", "/x/absent", "t", &err), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 1);
	saved = xasprintf("%s/sessions/s1/modify_backup/%s/files/1", state, backup_cycle_name(bc));
	ck_assert_str_eq(get(saved), "old");
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	{
		cleanup_free char *c = xasprintf("%s/sessions/s1/modify_backup/%s/commit.json",
						 state, backup_cycle_name(bc));
		ck_assert_ptr_nonnull(strstr(get(c), "\"message\":\"cmd\""));
	}
	backup_cycle_free(bc);
	close(dfd);
}
END_TEST

/* A cycle of names the run made and removed again is removed, not
 * committed; one whose made file is still there (or moved, or anything
 * else recorded) is committed (src/backup_commit.c). */
START_TEST(test_empty_cycle_dropped)
{
	struct fsj_error err = { { 0 } };
	cleanup_free char *a = xasprintf("%s/a", work), *b = xasprintf("%s/b", work);
	cleanup_free char *ses = xasprintf("%s/sessions/s9", state), *cyc = NULL;
	struct backup_cycle *bc;
	struct stat sb;

	/* made, renamed, removed: nothing left */
	bc = backup_cycle_new(state, "s9", "cmd", 0, NULL, &err);
	put(a, "x");
	ck_assert_int_eq(stat(a, &sb), 0);
	backup_note_created(bc, a, sb.st_dev, sb.st_ino);
	ck_assert_int_eq(backup_note_renamed(bc, a, b, sb.st_dev, sb.st_ino, false), 0);
	ck_assert_int_eq(rename(a, b), 0);
	ck_assert_int_eq(unlink(b), 0);
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	ck_assert_int_eq(stat(ses, &sb), -1); /* nor its session's folders */
	backup_cycle_free(bc);

	/* made and moved, still there: committed */
	bc = backup_cycle_new(state, "s9", "cmd", 0, NULL, &err);
	put(a, "x");
	ck_assert_int_eq(stat(a, &sb), 0);
	backup_note_created(bc, a, sb.st_dev, sb.st_ino);
	ck_assert_int_eq(backup_note_renamed(bc, a, b, sb.st_dev, sb.st_ino, false), 0);
	ck_assert_int_eq(rename(a, b), 0);
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	cyc = xasprintf("%s/modify_backup/%s/commit.json", ses, backup_cycle_name(bc));
	ck_assert_int_eq(stat(cyc, &sb), 0);
	backup_cycle_free(bc);
	ck_assert_int_eq(unlink(b), 0);

	/* another name at the made file's path (not the file made): dropped,
	 * and the session's folder, holding the cycle above, stays */
	bc = backup_cycle_new(state, "s9", "cmd", 0, NULL, &err);
	put(a, "x");
	ck_assert_int_eq(stat(a, &sb), 0);
	backup_note_created(bc, a, sb.st_dev, sb.st_ino);
	put(b, "y"); /* made while a lives: another inode */
	ck_assert_int_eq(rename(b, a), 0);
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	free(cyc);
	cyc = xasprintf("%s/modify_backup/%s", ses, backup_cycle_name(bc));
	ck_assert_int_eq(stat(cyc, &sb), -1);
	ck_assert_int_eq(stat(ses, &sb), 0);
	backup_cycle_free(bc);

	/* a made file, and an older one changed: committed */
	bc = backup_cycle_new(state, "s9", "cmd", 0, NULL, &err);
	put(b, "old");
	ck_assert_int_eq(stat(b, &sb), 0);
	{
		int dfd = open(work, O_RDONLY | O_DIRECTORY);

		ck_assert_int_eq(backup_before_modify(bc, dfd, "b", b, "t", &err), 0);
		close(dfd);
	}
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	free(cyc);
	cyc = xasprintf("%s/modify_backup/%s/commit.json", ses, backup_cycle_name(bc));
	ck_assert_int_eq(stat(cyc, &sb), 0);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_symlink_not_read)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = backup_cycle_new(state, "s2", "cmd", 0, NULL, &err);
	cleanup_free char *secret = xasprintf("%s/secret", root), *l = xasprintf("%s/l", work);
	int dfd = open(work, O_RDONLY | O_DIRECTORY);

	put(secret, "secret");
	ck_assert_int_eq(symlink(secret, l), 0);
	ck_assert_int_eq(backup_before_modify(bc, dfd, "l", l, "t", &err), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 0);
	backup_cycle_free(bc);
	close(dfd);
}
END_TEST

START_TEST(test_planted_symlink_in_store)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = backup_cycle_new(state, "s3", "cmd", 0, NULL, &err);
	cleanup_free char *victim = xasprintf("%s/victim", root), *f = xasprintf("%s/f", work);
	cleanup_free char *files = NULL, *plant = NULL, *two = NULL;
	int dfd = open(work, O_RDONLY | O_DIRECTORY);

	put(victim, "victim");
	put(f, "old");
	files = xasprintf("%s/sessions/s3/modify_backup/%s/files", state, backup_cycle_name(bc));
	ck_assert_int_eq(mkdir_p(files, 0700), 0);
	plant = xasprintf("%s/1", files);
	ck_assert_int_eq(symlink(victim, plant), 0);
	ck_assert_int_eq(backup_before_modify(bc, dfd, "f", f, "t", &err), 0);
	ck_assert_str_eq(get(victim), "victim");
	two = xasprintf("%s/2", files);
	ck_assert_str_eq(get(two), "old");
	backup_cycle_free(bc);
	close(dfd);
}
END_TEST

START_TEST(test_unwritable_store_fails)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = backup_cycle_new(state, "s4", "cmd", 0, NULL, &err);
	cleanup_free char *f = xasprintf("%s/f", work), *sess = xasprintf("%s/sessions", state);
	int dfd = open(work, O_RDONLY | O_DIRECTORY);

	put(f, "old");
	/* a file where the sessions folder should be: the store cannot be made */
	put(sess, "in the way");
	ck_assert_int_eq(backup_before_modify(bc, dfd, "f", f, "t", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "cannot back up"));
	backup_cycle_free(bc);
	close(dfd);
}
END_TEST

START_TEST(test_too_large_skipped)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = backup_cycle_new(state, "s5", "cmd", 1, NULL, &err);
	cleanup_free char *f = xasprintf("%s/big", work), *m = NULL;
	int dfd = open(work, O_RDONLY | O_DIRECTORY), fd;

	fd = open(f, O_WRONLY | O_CREAT, 0600);
	ck_assert_int_eq(ftruncate(fd, 2 * 1024 * 1024), 0);
	close(fd);
	ck_assert_int_eq(backup_before_modify(bc, dfd, "big", f, "t", &err), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 0);
	m = xasprintf("%s/sessions/s5/modify_backup/%s/manifest.ndjson", state,
		      backup_cycle_name(bc));
	ck_assert_ptr_nonnull(strstr(get(m), "\"skipped\":\"too large\""));
	backup_cycle_free(bc);
	close(dfd);
}
END_TEST

START_TEST(test_bad_session)
{
	struct fsj_error err = { { 0 } };

	ck_assert_ptr_null(backup_cycle_new(state, "../x", "cmd", 0, NULL, &err));
}
END_TEST

START_TEST(test_trash)
{
	struct fsj_error err = { { 0 } };
	cleanup_free char *home = xasprintf("%s/home", root), *f = xasprintf("%s/a b", work);
	cleanup_free char *as = NULL, *as2 = NULL, *info = NULL, *enc = NULL;

	unsetenv("XDG_DATA_HOME");
	ck_assert_int_eq(mkdir(home, 0700), 0);
	put(f, "one");
	ck_assert_int_eq(trash_move(home, f, &as, &err), 0);
	ck_assert_int_eq(access(f, F_OK), -1);
	ck_assert_str_eq(get(as), "one");
	put(f, "two");
	ck_assert_int_eq(trash_move(home, f, &as2, &err), 0);
	ck_assert_ptr_nonnull(strstr(as2, "/a b.2"));
	info = xasprintf("%s/.local/share/Trash/info/a b.2.trashinfo", home);
	enc = xasprintf("Path=%s/a%%20b\n", work);
	ck_assert_ptr_nonnull(strstr(get(info), enc));
}
END_TEST

START_TEST(test_url_encode)
{
	cleanup_free char *e = trash_url_encode("/a b/%/é~_-.");

	ck_assert_str_eq(e, "/a%20b/%25/%C3%A9~_-.");
}
END_TEST

static Suite *backup_suite(void)
{
	Suite *s = suite_create("backup");
	TCase *tc = tcase_create("store");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_saves_once_and_skips_new);
	tcase_add_test(tc, test_empty_cycle_dropped);
	tcase_add_test(tc, test_symlink_not_read);
	tcase_add_test(tc, test_planted_symlink_in_store);
	tcase_add_test(tc, test_unwritable_store_fails);
	tcase_add_test(tc, test_too_large_skipped);
	tcase_add_test(tc, test_bad_session);
	tcase_add_test(tc, test_trash);
	tcase_add_test(tc, test_url_encode);
	suite_add_tcase(s, tc);
	return s;
}

#include "backup_suites.h"

int main(void)
{
	SRunner *sr = srunner_create(backup_suite());
	int failed;

	srunner_add_suite(sr, undo_suite());
	srunner_add_suite(sr, autoprune_suite());
	srunner_add_suite(sr, dirattrs_suite());
	srunner_set_fork_status(sr, CK_FORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
