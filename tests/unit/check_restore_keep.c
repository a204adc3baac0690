/* check_restore_keep.c - what a restore takes is moved into its own
 * cycle and checked there (src/backup_keep.h; issue 12 item 1,
 * att6/rm14 hole 4), without a sandbox: a file kept with its record and
 * brought back by restoring that cycle; another file renamed onto the
 * name between the caller's check and the move (the race, made certain
 * by checking before the rename) goes back, not taken; a folder that is
 * not empty is not moved; a symlink kept with its target. */
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
#include "backup_keep.h"
#include "manifest.h"
#include "restore.h"
#include "testutil.h"
#include "util.h"

static char root[PATH_MAX];
static char *state, *work;

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_user_data("check_restore_keep", root), 0);
	state = xasprintf("%s/state", root);
	work = xasprintf("%s/work", root);
	ck_assert_int_eq(mkdir(state, 0700), 0);
	ck_assert_int_eq(mkdir(work, 0700), 0);
}

static void teardown(void)
{
	tu_rm_tree(root);
	free(state);
	free(work);
}

static void put(const char *name, const char *text)
{
	cleanup_free char *p = xasprintf("%s/%s", work, name);
	FILE *f = fopen(p, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *name)
{
	static char buf[256];
	cleanup_free char *p = xasprintf("%s/%s", work, name);
	FILE *f = fopen(p, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static struct backup_cycle *undo_cycle(void)
{
	struct backup_cycle *bc =
		backup_cycle_new(state, "undo", "restore", 0, NULL, &(struct fsj_error){ { 0 } });

	ck_assert_ptr_nonnull(bc);
	backup_cycle_set_info(bc, work, "restore");
	return bc;
}

/* Restore the cycle bc (committed here) over work: what it kept comes back. */
static void restore_it(struct backup_cycle *bc)
{
	cleanup_free char *dir = NULL;
	struct fsj_error err = { { 0 } };
	struct restore_opts o = { 0 };
	struct restore_counts c;
	struct manifest m;
	cJSON *acts = cJSON_CreateArray();
	int fd;

	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	dir = xasprintf("%s/sessions/undo/modify_backup/%s", state, backup_cycle_name(bc));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(manifest_read(fd, "m", &m, &err), 0);
	o.undo = undo_cycle();
	ck_assert_int_eq(restore_cycle(fd, &m, &o, acts, &c), 0);
	backup_cycle_free(o.undo);
	cJSON_Delete(acts);
	manifest_release(&m);
	close(fd);
}

START_TEST(test_file_kept_and_back)
{
	struct backup_cycle *bc = undo_cycle();
	int dfd = open(work, O_RDONLY | O_DIRECTORY);
	cleanup_free char *path = xasprintf("%s/f", work);
	struct stat sb;

	put("f", "the run's file");
	ck_assert_int_eq(fstatat(dfd, "f", &sb, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert_int_eq(backup_keep_take(bc, dfd, "f", path, &sb, NULL, NULL), 1);
	ck_assert_ptr_null(get("f"));
	restore_it(bc);
	ck_assert_str_eq(get("f"), "the run's file");
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_other_file_goes_back)
{
	struct backup_cycle *bc = undo_cycle();
	int dfd = open(work, O_RDONLY | O_DIRECTORY);
	cleanup_free char *path = xasprintf("%s/r", work), *u = xasprintf("%s/u", work);
	char *note = NULL;
	struct stat sb;

	put("r", "the run's file");
	put("u", "the user's file");
	ck_assert_int_eq(fstatat(dfd, "r", &sb, AT_SYMLINK_NOFOLLOW), 0); /* the check */
	ck_assert_int_eq(rename(u, path), 0); /* a second process, before the move */
	ck_assert_int_eq(backup_keep_take(bc, dfd, "r", path, &sb, NULL, &note), 0);
	ck_assert_ptr_nonnull(note);
	ck_assert_ptr_nonnull(strstr(note, "put back"));
	ck_assert_str_eq(get("r"), "the user's file");
	free(note);
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_folder_not_empty_stays)
{
	struct backup_cycle *bc = undo_cycle();
	int dfd = open(work, O_RDONLY | O_DIRECTORY);
	cleanup_free char *path = xasprintf("%s/d", work);
	struct stat sb;

	ck_assert_int_eq(mkdir(path, 0750), 0);
	put("d/mine", "the user's file");
	ck_assert_int_eq(fstatat(dfd, "d", &sb, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert_int_eq(backup_keep_take(bc, dfd, "d", path, &sb, NULL, NULL), -1);
	ck_assert_int_eq(errno, ENOTEMPTY);
	ck_assert_str_eq(get("d/mine"), "the user's file");
	{
		cleanup_free char *mine = xasprintf("%s/mine", path);

		ck_assert_int_eq(unlink(mine), 0);
	}
	ck_assert_int_eq(backup_keep_take(bc, dfd, "d", path, &sb, NULL, NULL), 1);
	ck_assert_int_eq(access(path, F_OK), -1);
	restore_it(bc); /* the folder made again with its mode */
	ck_assert_int_eq(stat(path, &sb), 0);
	ck_assert_uint_eq(sb.st_mode & 07777, 0750);
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_symlink_kept)
{
	struct backup_cycle *bc = undo_cycle();
	int dfd = open(work, O_RDONLY | O_DIRECTORY);
	cleanup_free char *path = xasprintf("%s/l", work);
	char target[64];
	struct stat sb;
	ssize_t n;

	ck_assert_int_eq(symlink("/etc/passwd", path), 0);
	ck_assert_int_eq(fstatat(dfd, "l", &sb, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert_int_eq(backup_keep_take(bc, dfd, "l", path, &sb, NULL, NULL), 1);
	ck_assert_int_eq(access(path, F_OK), -1);
	restore_it(bc);
	n = readlink(path, target, sizeof(target) - 1);
	ck_assert_int_gt(n, 0);
	target[n] = '\0';
	ck_assert_str_eq(target, "/etc/passwd");
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

static Suite *keep_suite(void)
{
	Suite *s = suite_create("restore_keep");
	TCase *tc = tcase_create("keep");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_file_kept_and_back);
	tcase_add_test(tc, test_other_file_goes_back);
	tcase_add_test(tc, test_folder_not_empty_stays);
	tcase_add_test(tc, test_symlink_kept);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(keep_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
