/* check_gitindex.c - git index entries below a path (src/gitindex.c):
 * the index of one repository (sec/a, sec/b, top) as git 2.x writes it
 * in versions 2 and 4 gives the entries below "sec" with their object
 * ids, components compare whole ("se" holds nothing), every truncation
 * of the file is read without a crash and gives either an error or the
 * whole entries, and an index that is a symbolic link is not followed. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gitindex.h"
#include "testutil.h"

static const char idx_v2[] =
	"\x44\x49\x52\x43\x00\x00\x00\x02\x00\x00\x00\x03\x6b\x14\x0f\xbe"
	"\x1b\x39\xd2\x12\x6b\x14\x0f\xbe\x1b\x39\xd2\x12\x00\x00\xfe\x00"
	"\x00\xa8\x03\xda\x00\x00\x81\xa4\x00\x00\x00\x00\x00\x00\x00\x00"
	"\x00\x00\x00\x02\x78\x98\x19\x22\x61\x3b\x2a\xfb\x60\x25\x04\x2f"
	"\xf6\xbd\x87\x8a\xc1\x99\x4e\x85\x00\x05\x73\x65\x63\x2f\x61\x00"
	"\x00\x00\x00\x00\x6b\x14\x0f\xbe\x1b\x39\xd2\x12\x6b\x14\x0f\xbe"
	"\x1b\x39\xd2\x12\x00\x00\xfe\x00\x00\xa8\x03\xdb\x00\x00\x81\xa4"
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x61\x78\x07\x98"
	"\x22\x8d\x17\xaf\x2d\x34\xfc\xe4\xcf\xbd\xf3\x55\x56\x83\x24\x72"
	"\x00\x05\x73\x65\x63\x2f\x62\x00\x00\x00\x00\x00\x6b\x14\x0f\xbe"
	"\x1b\x39\xd2\x12\x6b\x14\x0f\xbe\x1b\x39\xd2\x12\x00\x00\xfe\x00"
	"\x00\xa8\x03\xdc\x00\x00\x81\xa4\x00\x00\x00\x00\x00\x00\x00\x00"
	"\x00\x00\x00\x02\xf2\xad\x6c\x76\xf0\x11\x5a\x6b\xa5\xb0\x04\x56"
	"\xa8\x49\x81\x0e\x7e\xc0\xaf\x20\x00\x03\x74\x6f\x70\x00\x00\x00"
	"\x00\x00\x00\x00\xf9\x11\xa3\x1d\x86\xba\x1e\x97\xed\x98\xe8\x3c"
	"\xa4\x4d\x73\xbe\xf5\xc8\xb2\x82";
static const char idx_v4[] =
	"\x44\x49\x52\x43\x00\x00\x00\x04\x00\x00\x00\x03\x6b\x14\x0f\xbe"
	"\x1b\x39\xd2\x12\x6b\x14\x0f\xbe\x1b\x39\xd2\x12\x00\x00\xfe\x00"
	"\x00\xa8\x03\xda\x00\x00\x81\xa4\x00\x00\x00\x00\x00\x00\x00\x00"
	"\x00\x00\x00\x02\x78\x98\x19\x22\x61\x3b\x2a\xfb\x60\x25\x04\x2f"
	"\xf6\xbd\x87\x8a\xc1\x99\x4e\x85\x00\x05\x00\x73\x65\x63\x2f\x61"
	"\x00\x6b\x14\x0f\xbe\x1b\x39\xd2\x12\x6b\x14\x0f\xbe\x1b\x39\xd2"
	"\x12\x00\x00\xfe\x00\x00\xa8\x03\xdb\x00\x00\x81\xa4\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x00\x02\x61\x78\x07\x98\x22\x8d\x17"
	"\xaf\x2d\x34\xfc\xe4\xcf\xbd\xf3\x55\x56\x83\x24\x72\x00\x05\x01"
	"\x62\x00\x6b\x14\x0f\xbe\x1b\x39\xd2\x12\x6b\x14\x0f\xbe\x1b\x39"
	"\xd2\x12\x00\x00\xfe\x00\x00\xa8\x03\xdc\x00\x00\x81\xa4\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\xf2\xad\x6c\x76\xf0\x11"
	"\x5a\x6b\xa5\xb0\x04\x56\xa8\x49\x81\x0e\x7e\xc0\xaf\x20\x00\x03"
	"\x05\x74\x6f\x70\x00\xdb\x2f\xf9\x95\xad\xf0\x4c\x9f\xf9\x03\x42"
	"\x29\xc2\x75\x49\x56\x6c\x0a\x29\xd5";

/* sec/a's and sec/b's blob ids */
static const char oid_a[] = "\x78\x98\x19\x22\x61\x3b\x2a\xfb\x60\x25\x04\x2f\xf6\xbd\x87\x8a\xc1\x99\x4e\x85";
static const char oid_b[] = "\x61\x78\x07\x98\x22\x8d\x17\xaf\x2d\x34\xfc\xe4\xcf\xbd\xf3\x55\x56\x83\x24\x72";

static char dir[PATH_MAX];

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_user_data("check_gitindex", dir), 0);
}

static void teardown(void)
{
	tu_rm_tree(dir);
}

static void put_index(const char *bytes, size_t len)
{
	char path[PATH_MAX + 8];
	int fd;

	snprintf(path, sizeof(path), "%s/index", dir);
	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, bytes, len), (ssize_t)len);
	close(fd);
}

static void check_sec(const char *bytes, size_t len)
{
	struct gitindex idx;

	put_index(bytes, len);
	ck_assert_int_eq(gitindex_read(dir, 20, "sec", &idx), 0);
	ck_assert_uint_eq(idx.n, 2);
	ck_assert_str_eq(idx.v[0].name, "sec/a");
	ck_assert_str_eq(idx.v[1].name, "sec/b");
	ck_assert(memcmp(idx.v[0].oid, oid_a, 20) == 0);
	ck_assert(memcmp(idx.v[1].oid, oid_b, 20) == 0);
	ck_assert_ptr_nonnull(gitindex_find(&idx, "sec/b"));
	ck_assert_ptr_null(gitindex_find(&idx, "top"));
	gitindex_release(&idx);
	ck_assert_int_eq(gitindex_read(dir, 20, "top", &idx), 0);
	ck_assert_uint_eq(idx.n, 1);
	gitindex_release(&idx);
	ck_assert_int_eq(gitindex_read(dir, 20, "se", &idx), 0);
	ck_assert_uint_eq(idx.n, 0);
	gitindex_release(&idx);
}

START_TEST(test_versions_2_and_4)
{
	check_sec(idx_v2, sizeof(idx_v2) - 1);
	check_sec(idx_v4, sizeof(idx_v4) - 1);
}
END_TEST

static void truncations(const char *bytes, size_t len)
{
	for (size_t n = 0; n < len; n++) {
		struct gitindex idx;
		int rc;

		put_index(bytes, n);
		rc = gitindex_read(dir, 20, "", &idx);
		ck_assert(rc == 0 || rc == -EINVAL);
		/* the three entries end before the trailing checksum */
		if (rc == 0)
			ck_assert_uint_eq(idx.n, 3);
		gitindex_release(&idx);
	}
}

START_TEST(test_truncated)
{
	truncations(idx_v2, sizeof(idx_v2) - 1);
	truncations(idx_v4, sizeof(idx_v4) - 1);
}
END_TEST

START_TEST(test_symlink_not_followed)
{
	char path[PATH_MAX + 8], target[PATH_MAX + 8];
	struct gitindex idx;

	put_index(idx_v2, sizeof(idx_v2) - 1);
	snprintf(path, sizeof(path), "%s/index", dir);
	snprintf(target, sizeof(target), "%s/real", dir);
	ck_assert_int_eq(rename(path, target), 0);
	ck_assert_int_eq(symlink("real", path), 0);
	ck_assert_int_eq(gitindex_read(dir, 20, "sec", &idx), -ELOOP);
	ck_assert_uint_eq(idx.n, 0);
	gitindex_release(&idx);
	unlink(path);
	ck_assert_int_eq(gitindex_read(dir, 20, "sec", &idx), -ENOENT);
	gitindex_release(&idx);
}
END_TEST

static Suite *gitindex_suite(void)
{
	Suite *s = suite_create("gitindex");
	TCase *tc = tcase_create("read");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_versions_2_and_4);
	tcase_add_test(tc, test_truncated);
	tcase_add_test(tc, test_symlink_not_followed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(gitindex_suite(), CK_FORK_GETENV);
}
