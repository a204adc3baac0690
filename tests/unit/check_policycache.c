/* check_policycache.c - unit tests for the compiled-policy cache's entry
 * (src/policy-cache.h): it round-trips, each rule's resolved spelling is
 * computed at load and never read from the entry, and an entry that is
 * not fsjail's own in every respect is refused whole: another key, bad
 * form, numbers out of range, a source the kind never has, a path that is
 * not absolute and normal, a cut, and a file of the wrong type, mode,
 * link count or behind a symlink. The rule paths under one missing
 * folder cost one lookup while the path memo is on (a batch,
 * src/path-absent.h), resolved as before. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path-absent.h"
#include "path.h"
#include "policy-cache.h"
#include "testutil.h"
#include "util.h"

static char top[PATH_MAX], dir[PATH_MAX + 16], lnk[PATH_MAX + 16];

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_user_data("check_policycache", top), 0);
	snprintf(dir, sizeof(dir), "%s/real", top);
	snprintf(lnk, sizeof(lnk), "%s/link", top);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	ck_assert_int_eq(symlink("real", lnk), 0);
}

static void teardown(void)
{
	tu_rm_tree(top);
}

/* Two rules (one through the symlink), one root. */
static char *good(size_t *len)
{
	struct fsj_rule r[2] = {
		{ .id = (char *)"r1", .recursive = true, .allow = 1, .source = FSJ_SRC_PROTECTED,
		  .origin = (char *)"b.yaml:3", .note = (char *)"a note" },
		{ .recursive = false, .deny = 3, .pass = 4, .source = FSJ_SRC_BASELINE },
	};
	struct fsj_ruleset rs = { .rules = r, .n = 2, .cap = 2 };
	char p0[PATH_MAX + 32], p1[PATH_MAX + 32], *roots[1] = { (char *)"/home" };

	snprintf(p0, sizeof(p0), "%s/x", lnk);
	snprintf(p1, sizeof(p1), "%s/y z", dir);
	r[0].path = p0;
	r[0].resolved = (char *)"/must/not/be/kept";
	r[1].path = p1;
	return policy_cache_format("KEY\n", &rs, roots, 1, len);
}

static int parse(const char *buf, size_t len, const char *kind)
{
	struct fsj_ruleset rs;
	char **roots = NULL;
	size_t n = 0;
	int r = policy_cache_parse(buf, len, "KEY\n", kind, &rs, &roots, &n);

	if (r == 0) {
		fsj_ruleset_release(&rs);
		for (size_t i = 0; i < n; i++)
			free(roots[i]);
		free(roots);
	}
	return r;
}

START_TEST(test_round_trip)
{
	size_t len, n = 0;
	cleanup_free char *buf = good(&len);
	struct fsj_ruleset rs;
	char **roots = NULL, want[PATH_MAX + 32];

	ck_assert_int_eq(policy_cache_parse(buf, len, "KEY\n", "baseline", &rs, &roots, &n), 0);
	ck_assert_uint_eq(rs.n, 2);
	ck_assert_str_eq(rs.rules[0].id, "r1");
	ck_assert(rs.rules[0].recursive);
	ck_assert_uint_eq(rs.rules[0].allow, 1);
	ck_assert_str_eq(rs.rules[0].origin, "b.yaml:3");
	ck_assert_str_eq(rs.rules[0].note, "a note");
	/* resolved now, through the symlink: not the kept spelling */
	snprintf(want, sizeof(want), "%s/x", dir);
	ck_assert_str_eq(rs.rules[0].resolved, want);
	ck_assert(!rs.rules[1].id && !rs.rules[1].origin && !rs.rules[1].note);
	ck_assert_uint_eq(rs.rules[1].deny, 3);
	ck_assert_uint_eq(rs.rules[1].pass, 4);
	ck_assert_int_eq(rs.rules[1].source, FSJ_SRC_BASELINE);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(roots[0], "/home");
	fsj_ruleset_release(&rs);
	free(roots[0]);
	free(roots);
	/* another key: refused */
	ck_assert_int_eq(policy_cache_parse(buf, len, "KEY2\n", "baseline", &rs, &roots, &n), -1);
}
END_TEST

/* Taken as a baseline entry: refused when the parse fails (-1). */
static bool baseline_refused(const char *buf, size_t len, void *ctx)
{
	(void)ctx;
	return parse(buf, len, "baseline") == -1;
}

START_TEST(test_forged_refused)
{
	/* {from, to}: the first occurrence in a good entry replaced */
	static const char *const edits[][2] = {
		{ "fsjail-policy-cache 3", "fsjail-policy-cache 2" },
		{ "\n2 1 0\n", "\n3 1 0\n" },
		{ "\n2 1 0\n", "\n2 0 0\n" },
		{ "\n2 1 0\n", "\n2 1 1\n" },
		{ "\n2 1 0\n", "\n2 1\n" },
		{ "\n2 1 0\n", "\n99999999999 1 0\n" },
		/* recursive 2, a mask past connect, allow and deny at once, a
		 * source that is not one */
		{ "1 1 0 0 0 ", "2 1 0 0 0 " },
		{ "1 1 0 0 0 ", "1 64 0 0 0 " },
		{ "1 1 0 0 0 ", "1 1 1 0 0 " },
		{ "1 1 0 0 0 ", "1 1 0 0 9 " },
		{ "1 1 0 0 0 ", "1 1 0 0 1 " },
		/* an empty id, a relative or unnormalised path, a bad length */
		{ "2:r1", "0:" },
		{ ":/", ":." },
		{ "/x ", "/. " },
		{ "2:r1", "3:r1" },
		{ "5:/home", "5:home/" },
	};
	size_t len;
	cleanup_free char *buf = good(&len);

	ck_assert_int_eq(parse(buf, len, "baseline"), 0);
	/* a rules entry never holds baseline sources, nor roots */
	ck_assert_int_eq(parse(buf, len, "rules"), -1);
	/* cut anywhere */
	for (size_t cut = 0; cut < len; cut++)
		ck_assert_int_eq(parse(buf, cut, "baseline"), -1);
	tu_edits_refused(buf, len, edits, sizeof(edits) / sizeof(edits[0]), baseline_refused, NULL);
	/* a NUL */
	{
		cleanup_free char *nul = xstrndup(buf, len);

		*strstr(nul, "r1") = '\0';
		ck_assert_int_eq(parse(nul, len, "baseline"), -1);
	}
	/* something after the end */
	{
		struct strbuf sb = STRBUF_INIT;

		sb_add(&sb, buf, len);
		sb_adds(&sb, "x");
		ck_assert_int_eq(parse(sb.buf, sb.len, "baseline"), -1);
		sb_release(&sb);
	}
}
END_TEST

START_TEST(test_file_kind_refused)
{
	size_t n;
	cleanup_fd int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct fsj_rule r = { .path = (char *)"/a", .allow = 1, .source = FSJ_SRC_BASELINE };
	struct fsj_ruleset rs = { .rules = &r, .n = 1, .cap = 1 }, out;
	char **roots;
	char p[PATH_MAX + 32], q[PATH_MAX + 32];

	ck_assert_int_ge(dfd, 0);
	ck_assert_int_eq(policy_cache_write(dfd, "e", "KEY\n", &rs, NULL, 0), 0);
	ck_assert_int_eq(policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), 0);
	fsj_ruleset_release(&out);
	snprintf(p, sizeof(p), "%s/e", dir);
	/* group-writable */
	ck_assert_int_eq(chmod(p, 0620), 0);
	ck_assert_int_eq(policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), -1);
	ck_assert_int_eq(chmod(p, 0600), 0);
	/* two links */
	snprintf(q, sizeof(q), "%s/e2", dir);
	ck_assert_int_eq(link(p, q), 0);
	ck_assert_int_eq(policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), -1);
	/* a symlink to a good entry */
	ck_assert_int_eq(unlink(p), 0);
	ck_assert_int_eq(symlink("e2", p), 0);
	ck_assert_int_eq(policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), -1);
	/* a FIFO: refused without blocking */
	ck_assert_int_eq(unlink(p), 0);
	ck_assert_int_eq(mkfifo(p, 0600), 0);
	ck_assert_int_eq(policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), -1);
	/* written anew over it: a regular file again */
	ck_assert_int_eq(policy_cache_write(dfd, "e", "KEY\n", &rs, NULL, 0), 0);
	ck_assert_int_eq(policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), 0);
	fsj_ruleset_release(&out);
	/* another owner (root only) */
	if (geteuid() == 0) {
		ck_assert_int_eq(chown(p, 1000, 1000), 0);
		ck_assert_int_eq(
			policy_cache_read(dfd, "e", "KEY\n", "baseline", &out, &roots, &n), -1);
	}
}
END_TEST

/* Many rule paths under one missing folder of an aged folder (the
 * baseline's toolchains under $HOME): with the memo on, the read answers
 * all but the first from memory, each resolved to its own spelling; with
 * the memo off, nothing is answered from memory. */
START_TEST(test_missing_folder_once)
{
	enum { N = 6 };
	struct fsj_rule r[N];
	struct fsj_ruleset rs = { .rules = r, .n = N, .cap = N }, out;
	char p[N][PATH_MAX + 32];
	char **roots = NULL;
	size_t n = 0;
	unsigned long before;
	cleanup_fd int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	ck_assert_int_ge(dfd, 0);
	memset(r, 0, sizeof(r));
	for (int i = 0; i < N; i++) {
		snprintf(p[i], sizeof(p[i]), "%s/gone/f%d", dir, i);
		r[i].path = p[i];
		r[i].deny = 3;
		r[i].source = FSJ_SRC_PROTECTED;
	}
	ck_assert_int_eq(policy_cache_write(dfd, "m", "KEY\n", &rs, NULL, 0), 0);
	/* the folders older than the racy window */
	sleep(PATH_ABSENT_RACY_S + 1);
	path_resolve_memo(PATH_MEMO_ON);
	{
		cleanup_free char *top_r = path_resolve(dir); /* its folders kept */
	}
	before = path_absent_hits();
	ck_assert_int_eq(policy_cache_read(dfd, "m", "KEY\n", "baseline", &out, &roots, &n), 0);
	ck_assert_uint_ge(path_absent_hits() - before, N - 1);
	ck_assert_uint_eq(out.n, N);
	for (int i = 0; i < N; i++)
		ck_assert_str_eq(out.rules[i].resolved, p[i]);
	fsj_ruleset_release(&out);
	path_resolve_memo(PATH_MEMO_OFF);
	before = path_absent_hits();
	ck_assert_int_eq(policy_cache_read(dfd, "m", "KEY\n", "baseline", &out, &roots, &n), 0);
	ck_assert_uint_eq(path_absent_hits(), before);
	fsj_ruleset_release(&out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("policycache");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_forged_refused);
	tcase_add_test(tc, test_file_kind_refused);
	tcase_add_test(tc, test_missing_folder_once);
	suite_add_tcase(s, tc);
	return tu_run_suite(s, CK_FORK_GETENV);
}
