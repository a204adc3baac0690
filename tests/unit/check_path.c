/* check_path.c - unit tests for path normalisation and matching. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "util.h"
#include "testutil.h"

static char *norm(const char *in, const char *home, const char *base)
{
	char *out = NULL;
	int e = path_normalize(in, strlen(in), home, base, &out);

	ck_assert_msg(e == PATH_OK, "normalise '%s': %s", in, path_strerror(e));
	return out;
}

static void expect_norm(const char *in, const char *home, const char *base, const char *want)
{
	char *got = norm(in, home, base);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_normalize_lexical)
{
	expect_norm("/", NULL, NULL, "/");
	expect_norm("//", NULL, NULL, "/");
	expect_norm("/a//b///c/", NULL, NULL, "/a/b/c");
	expect_norm("/a/./b/.", NULL, NULL, "/a/b");
	expect_norm("/a/b/../c", NULL, NULL, "/a/c");
	expect_norm("/../../etc", NULL, NULL, "/etc");
	expect_norm("/a/b/../../..", NULL, NULL, "/");
	expect_norm("/a/..b/c", NULL, NULL, "/a/..b/c");
	expect_norm("/a/.b", NULL, NULL, "/a/.b");
}
END_TEST

START_TEST(test_normalize_home_and_relative)
{
	expect_norm("~", "/home/u", NULL, "/home/u");
	expect_norm("~/", "/home/u", NULL, "/home/u");
	expect_norm("~/.ssh", "/home/u/", NULL, "/home/u/.ssh");
	expect_norm("src/../build", NULL, "/w", "/w/build");
	expect_norm("./x", NULL, "/w/", "/w/x");
	expect_norm("../../../../x", NULL, "/w/a", "/x");
	/* ".." cannot climb out of a rule's path by a relative trick: it is
	 * applied before matching */
	expect_norm("/w/build/../secret", NULL, NULL, "/w/secret");
	/* a "~" not at the start is an ordinary letter */
	expect_norm("/a/~/b", "/home/u", NULL, "/a/~/b");
}
END_TEST

START_TEST(test_normalize_errors)
{
	char *out = (char *)1;

	ck_assert_int_eq(path_normalize("", 0, NULL, NULL, &out), PATH_ERR_EMPTY);
	ck_assert_ptr_null(out);
	ck_assert_int_eq(path_normalize("/a\0b", 4, NULL, NULL, &out), PATH_ERR_NUL);
	ck_assert_int_eq(path_normalize("rel", 3, NULL, NULL, &out), PATH_ERR_RELATIVE);
	ck_assert_int_eq(path_normalize("~bob/x", 6, "/home/u", NULL, &out), PATH_ERR_TILDE_USER);
	ck_assert_int_eq(path_normalize("~/x", 3, NULL, NULL, &out), PATH_ERR_NO_HOME);

	char *longp = xmalloc(FSJ_PATH_MAX + 10);
	memset(longp, 'a', FSJ_PATH_MAX + 9);
	longp[0] = '/';
	longp[FSJ_PATH_MAX + 9] = '\0';
	ck_assert_int_eq(path_normalize(longp, strlen(longp), NULL, NULL, &out), PATH_ERR_TOO_LONG);
	free(longp);
	ck_assert_str_ne(path_strerror(PATH_ERR_NUL), "");
}
END_TEST

START_TEST(test_covers_whole_components)
{
	ck_assert(path_covers("/w/build", "/w/build"));
	ck_assert(path_covers("/w/build", "/w/build/x/y"));
	ck_assert(!path_covers("/w/build", "/w/build-2"));
	ck_assert(!path_covers("/w/build", "/w/buil"));
	ck_assert(!path_covers("/w/build", "/w"));
	ck_assert(path_covers("/", "/anything"));
	ck_assert(path_covers("/", "/"));
}
END_TEST

/* macOS's /private spellings, whole components only */
START_TEST(test_darwin_private)
{
	static const char *const cases[][2] = {
		{ "/tmp", "/private/tmp" },           { "/tmp/x", "/private/tmp/x" },
		{ "/var/folders/a", "/private/var/folders/a" }, { "/etc/hosts", "/private/etc/hosts" },
		{ "/tmpx", NULL },                    { "/private/tmp/x", NULL },
		{ "/usr/tmp", NULL },                 { "/", NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = path_darwin_private(cases[i][0]);

		if (cases[i][1])
			ck_assert_str_eq(got, cases[i][1]);
		else
			ck_assert_msg(got == NULL, "'%s' -> '%s'", cases[i][0], got);
		free(got);
	}
}
END_TEST

START_TEST(test_depth_dirname_join)
{
	ck_assert_uint_eq(path_depth("/"), 0);
	ck_assert_uint_eq(path_depth("/a"), 1);
	ck_assert_uint_eq(path_depth("/a/b/c"), 3);
	char *d = path_dirname("/a/b");
	ck_assert_str_eq(d, "/a");
	free(d);
	d = path_dirname("/a");
	ck_assert_str_eq(d, "/");
	free(d);
	d = path_join("/", "x");
	ck_assert_str_eq(d, "/x");
	free(d);
	d = path_join("/a", "x");
	ck_assert_str_eq(d, "/a/x");
	free(d);
}
END_TEST

/* A scratch tree with symlinks, made in a fresh directory. */
static char tree[PATH_MAX];

/* Remove the scratch tree after each test (runs in the forked test). */
static void remove_tree(void)
{
	tu_rm_tree(tree);
}

/* tree + suffix; caller frees */
static char *tp(const char *suffix)
{
	return xasprintf("%s%s", tree, suffix);
}

static void mkdir_in(const char *suffix)
{
	cleanup_free char *p = tp(suffix);

	ck_assert_int_eq(mkdir_p(p, 0755), 0);
}

/* symlink at tree+suffix pointing to target (tree+target when abs) */
static void link_in(const char *suffix, const char *target, bool abs)
{
	cleanup_free char *p = tp(suffix);
	cleanup_free char *t = abs ? tp(target) : xstrdup(target);

	ck_assert_int_eq(symlink(t, p), 0);
}

static void setup_tree(void)
{
	/* the real path: /tmp itself could be a symlink on some systems */
	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "fsjail-path", tree), 0);
	mkdir_in("/real/sub");
	mkdir_in("/outside");
	link_in("/link", "/real", true);       /* absolute link to a dir */
	link_in("/rel", "real/sub", false);    /* relative link */
	link_in("/real/up", "../outside", false); /* link climbing out */
	link_in("/loop", "/loop", true);       /* a loop */
}

static void expect_resolve(const char *in_suffix, const char *want_suffix)
{
	cleanup_free char *in = tp(in_suffix);
	cleanup_free char *want = tp(want_suffix);
	cleanup_free char *got = path_resolve(in);

	ck_assert_str_eq(got, want);
}

START_TEST(test_resolve_symlinks)
{
	setup_tree();
	expect_resolve("/real/sub", "/real/sub");
	expect_resolve("/link/sub", "/real/sub");
	expect_resolve("/rel", "/real/sub");
	expect_resolve("/rel/new-file", "/real/sub/new-file");
	/* a symlink whose target is outside resolves to the outside path */
	expect_resolve("/real/up/x", "/outside/x");
	/* ".." after a symlink applies to its target, as the kernel does */
	expect_resolve("/link/sub/../../outside", "/outside");
	/* a path that does not exist yet keeps its lexical tail */
	expect_resolve("/link/not/yet/there", "/real/not/yet/there");
	/* a loop does not hang and still answers */
	cleanup_free char *p = tp("/loop/x");
	cleanup_free char *got = path_resolve(p);
	ck_assert_ptr_nonnull(got);
}
END_TEST

/* The memo (issue 18) answers a path it resolved, and an existing folder
 * it looked up, from memory until PATH_MEMO_OFF; a missing name is looked
 * up again, so what fsjail makes there in the span (its state folders) is
 * seen. */
START_TEST(test_resolve_memo)
{
	cleanup_free char *gone = NULL;

	setup_tree();
	path_resolve_memo(PATH_MEMO_ON);
	expect_resolve("/real/sub/a", "/real/sub/a");
	expect_resolve("/made/x", "/made/x");
	/* a folder seen stays as seen (the span has no other writer) */
	gone = tp("/real/sub");
	ck_assert_int_eq(rmdir(gone), 0);
	link_in("/real/sub", "/outside", true);
	expect_resolve("/real/sub/b", "/real/sub/b");
	/* a name that was missing is looked up again: a link made there */
	link_in("/made", "/real", true);
	expect_resolve("/made/y", "/real/y");
	/* the memo's end forgets: the link made over a seen folder counts */
	path_resolve_memo(PATH_MEMO_OFF);
	expect_resolve("/real/sub/c", "/outside/c");
	expect_resolve("/real/sub/a", "/outside/a");
}
END_TEST

START_TEST(test_resolve_proc_self_stays_lexical)
{
	/* /dev/stdout -> /proc/self/fd/1 -> whatever fsjail's stdout is: a
	 * rule must not pin that file */
	cleanup_free char *a = path_resolve("/proc/self/fd/1");
	cleanup_free char *b = path_resolve("/proc/self/cwd");

	ck_assert_str_eq(a, "/proc/self/fd/1");
	ck_assert_str_eq(b, "/proc/self/cwd");
	if (access("/dev/stdout", F_OK) == 0) {
		cleanup_free char *c = path_resolve("/dev/stdout");
		ck_assert_str_eq(c, "/proc/self/fd/1");
	}
}
END_TEST

START_TEST(test_str_printable)
{
	cleanup_free char *a = str_printable("rm \x1b[5A\x1b[J ok\n");
	cleanup_free char *b = str_printable("C:\\x");
	cleanup_free char *c = str_printable("/w/My Docs/\xc3\xa9");

	ck_assert_str_eq(a, "rm \\x1b[5A\\x1b[J ok\\x0a");
	ck_assert_str_eq(b, "C:\\\\x");
	ck_assert_str_eq(c, "/w/My Docs/\xc3\xa9"); /* UTF-8 letters stay */
}
END_TEST

static Suite *path_suite(void)
{
	Suite *s = suite_create("path");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_normalize_lexical);
	tcase_add_test(tc, test_normalize_home_and_relative);
	tcase_add_test(tc, test_normalize_errors);
	tcase_add_test(tc, test_covers_whole_components);
	tcase_add_test(tc, test_depth_dirname_join);
	tcase_add_test(tc, test_resolve_symlinks);
	tcase_add_test(tc, test_resolve_memo);
	tcase_add_test(tc, test_resolve_proc_self_stays_lexical);
	tcase_add_test(tc, test_str_printable);
	tcase_add_test(tc, test_darwin_private);
	tcase_add_checked_fixture(tc, NULL, remove_tree);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(path_suite(), CK_FORK_GETENV);
}
