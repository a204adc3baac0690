/* check_absentid.c - rule folders by identity (src/absentid.c): a held
 * folder is spelled as the rule's folder whatever path the kernel gives
 * it (another mount of it: here a made-up spelling of the same folder,
 * so no mount and no root are needed), folders made after the table up
 * to the rule's depth are walked through, a walk whose names do not hold
 * each other fails (ESTALE), a key folder renamed in the run is no
 * longer spelled as its rule's path, and one removed and made again is
 * found through the key above it. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "absentid.h"
#include "path.h"
#include "policy.h"
#include "testutil.h"

#ifndef O_PATH
#define O_PATH O_RDONLY
#endif

static char dir[PATH_MAX];

/* pol with one create deny at each of the n paths (under dir). */
static struct fsj_policy *deny_at(const char *const *rel, size_t n)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_WRITES);

	for (size_t i = 0; i < n; i++) {
		char *p = path_join(dir, rel[i]);
		struct fsj_rule r = { .path = p, .deny = FSJ_CAPBIT(FSJ_CAP_CREATE),
				      .source = FSJ_SRC_RULES };

		policy_add_rule(pol, &r);
		free(p);
	}
	return pol;
}

/* dir/rel in buf (PATH_MAX bytes; the test fails when it does not fit). */
static char *at(char *buf, const char *rel)
{
	int n = snprintf(buf, PATH_MAX, "%s/%s", dir, rel);

	ck_assert(n > 0 && n < PATH_MAX);
	return buf;
}

/* mkdir dir/rel (0700), or the test fails. */
static void mk(const char *rel)
{
	char p[PATH_MAX];

	ck_assert_int_eq(mkdir(at(p, rel), 0700), 0);
}

static int open_dir(const char *rel)
{
	char p[PATH_MAX];
	int fd;

	fd = open(at(p, rel), O_PATH | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	return fd;
}

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "check_absentid", dir), 0);
}

static void teardown(void)
{
	tu_rm_tree(dir);
}

START_TEST(test_key_spelled_by_identity)
{
	const char *rel[] = { "ws/.git/commondir" };
	struct fsj_policy *pol;
	struct absentid *t;
	char *out[4], want[PATH_MAX];
	int fd, n;

	mk("ws");
	mk("ws/.git");
	at(want, "ws/.git");
	pol = deny_at(rel, 1);
	t = absentid_new(pol);
	absentid_assume_aliases(t);
	fd = open_dir("ws/.git");
	/* the folder as another mount shows it */
	n = absentid_spell(t, fd, "/var/tmp/alias/.git", out, 4);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(out[0], want);
	free(out[0]);
	/* as the rule spells it: nothing else to decide on */
	ck_assert_int_eq(absentid_spell(t, fd, want, out, 4), 0);
	close(fd);
	absentid_free(t);
	policy_free(pol);
}
END_TEST

START_TEST(test_walk_through_folders_made_later)
{
	const char *rel[] = { "ws/conf/local/secret" };
	struct fsj_policy *pol;
	struct absentid *t;
	char *out[4], p[PATH_MAX];
	int fd, n;

	mk("ws");
	pol = deny_at(rel, 1);
	t = absentid_new(pol); /* conf and conf/local do not exist yet */
	absentid_assume_aliases(t);
	mk("ws/conf");
	mk("ws/conf/local");
	at(p, "ws/conf/local");
	fd = open_dir("ws/conf/local");
	n = absentid_spell(t, fd, "/var/tmp/alias/conf/local", out, 4);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(out[0], p);
	free(out[0]);
	/* a path whose names are not the folders' own: fail closed */
	errno = 0;
	ck_assert_int_eq(absentid_spell(t, fd, "/var/tmp/alias/conf/other", out, 4), -1);
	ck_assert_int_eq(errno, ESTALE);
	close(fd);
	absentid_free(t);
	policy_free(pol);
}
END_TEST

START_TEST(test_no_key_no_spelling)
{
	const char *rel[] = { "ws/.env" };
	struct fsj_policy *pol;
	struct absentid *t;
	char *out[4], p[PATH_MAX];
	int fd;

	mk("ws");
	mk("elsewhere");
	pol = deny_at(rel, 1);
	t = absentid_new(pol);
	absentid_assume_aliases(t);
	/* a folder beside the rule's is spelled through their common key */
	fd = open_dir("elsewhere");
	ck_assert_int_eq(absentid_spell(t, fd, "/var/tmp/alias/elsewhere", out, 4), 1);
	ck_assert_str_eq(out[0], at(p, "elsewhere"));
	free(out[0]);
	close(fd);
	/* no table: paths only */
	fd = open_dir("ws");
	ck_assert_int_eq(absentid_spell(NULL, fd, "/var/tmp/alias", out, 4), 0);
	close(fd);
	absentid_free(t);
	policy_free(pol);
}
END_TEST

START_TEST(test_renamed_or_replaced_key)
{
	const char *rel[] = { "ws/wt/.git", "ws/conf/secret" };
	struct fsj_policy *pol;
	struct absentid *t;
	char *out[4], a[PATH_MAX], b[PATH_MAX];
	int fd, n;

	mk("ws");
	mk("ws/wt");
	mk("ws/conf");
	pol = deny_at(rel, 2);
	t = absentid_new(pol);
	absentid_assume_aliases(t);
	/* wt renamed: its rule's path names no folder of it any more */
	ck_assert_int_eq(rename(at(a, "ws/wt"), at(b, "ws/w5")), 0);
	fd = open_dir("ws/w5");
	ck_assert_int_eq(absentid_spell(t, fd, "/var/tmp/alias/w5", out, 4), 1);
	ck_assert_str_eq(out[0], b);
	free(out[0]);
	close(fd);
	/* conf removed and made again (a new inode): found through ws */
	ck_assert_int_eq(rmdir(at(a, "ws/conf")), 0);
	mk("ws/conf");
	fd = open_dir("ws/conf");
	n = absentid_spell(t, fd, "/var/tmp/alias/conf", out, 4);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(out[0], at(a, "ws/conf"));
	free(out[0]);
	close(fd);
	absentid_free(t);
	policy_free(pol);
}
END_TEST

static Suite *absentid_suite(void)
{
	Suite *s = suite_create("absentid");
	TCase *tc = tcase_create("spell");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_key_spelled_by_identity);
	tcase_add_test(tc, test_walk_through_folders_made_later);
	tcase_add_test(tc, test_no_key_no_spelling);
	tcase_add_test(tc, test_renamed_or_replaced_key);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(absentid_suite(), CK_FORK_GETENV);
}
