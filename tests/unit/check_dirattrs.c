/* check_dirattrs.c - a folder's extended attributes in its "rmdir" record
 * (src/backup_dirattrs.h): kept and put back byte for byte, a record's
 * text checked as hostile (malformed items and names backups never keep
 * are not set). Linked into check_backup (its main() runs dirattrs_suite()). */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "backup_dirattrs.h"
#include "backup_suites.h"
#include "util.h"

static char root[PATH_MAX];
static int rootfd = -1;

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(root, sizeof(root), "%s/fsjail-dirattrs-XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(root));
	rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(rootfd, 0);
}

static void teardown(void)
{
	(void)unlinkat(rootfd, "a", AT_REMOVEDIR);
	(void)unlinkat(rootfd, "b", AT_REMOVEDIR);
	close(rootfd);
	(void)rmdir(root);
}

START_TEST(test_kept_and_put_back)
{
	static const char value[] = { 'k', ',', 'e', ':', 'y', 1, 0, (char)0xff };
	cleanup_free char *enc = NULL, *lost = NULL;
	cleanup_fd int a = -1, b = -1;
	const char *why = "unset";
	struct stat st;
	char got[64];

	ck_assert_int_eq(mkdirat(rootfd, "a", 0755), 0);
	ck_assert_int_eq(mkdirat(rootfd, "b", 0755), 0);
	a = openat(rootfd, "a", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	b = openat(rootfd, "b", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(a, 0);
	ck_assert_int_ge(b, 0);
	ck_assert_int_eq(fstat(a, &st), 0);
	/* none: nothing to record, nothing refused */
	ck_assert_ptr_null(backup_dir_xattrs(rootfd, "a", &st, &why));
	ck_assert_ptr_null(why);
	if (fsetxattr(a, "user.k", value, sizeof(value), 0) < 0) {
		fprintf(stderr,
			"check_dirattrs: no user.* attributes on %s (%s): round trip not tried\n",
			root, strerror(errno));
		return;
	}
	enc = backup_dir_xattrs(rootfd, "b", &st, &why); /* another folder: refused */
	ck_assert_ptr_null(enc);
	ck_assert_ptr_nonnull(why);
	enc = backup_dir_xattrs(rootfd, "a", &st, &why);
	ck_assert_ptr_nonnull(enc);
	ck_assert_ptr_null(why);
	ck_assert_int_eq(backup_dir_xattrs_put(b, enc, &lost), 0);
	ck_assert_ptr_null(lost);
	ck_assert_int_eq(fgetxattr(b, "user.k", got, sizeof(got)), (ssize_t)sizeof(value));
	ck_assert_mem_eq(got, value, sizeof(value));
}
END_TEST

START_TEST(test_hostile_record)
{
	/* "trusted.x", "security.capability": names backups never keep */
	static const char *const bad[] = {
		"zz:00",
		"757365722e6b",
		"757365722e6b:0",
		":00",
		"7573650072:00",
		"747275737465642e78:00",
		"73656375726974792e6361706162696c697479:00",
	};
	cleanup_fd int b = -1;

	ck_assert_int_eq(mkdirat(rootfd, "b", 0755), 0);
	b = openat(rootfd, "b", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(b, 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cleanup_free char *lost = NULL;

		ck_assert_msg(backup_dir_xattrs_put(b, bad[i], &lost) == 1, "%s was set", bad[i]);
		ck_assert_ptr_nonnull(lost);
	}
	ck_assert_int_le(flistxattr(b, NULL, 0), 0);
}
END_TEST

Suite *dirattrs_suite(void)
{
	Suite *s = suite_create("dirattrs");
	TCase *tc = tcase_create("record");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_kept_and_put_back);
	tcase_add_test(tc, test_hostile_record);
	suite_add_tcase(s, tc);
	return s;
}
