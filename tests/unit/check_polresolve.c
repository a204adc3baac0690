/* check_polresolve.c - the rule paths' resolution with the memo on gives
 * what it gives with the memo off (issue 18: a path is resolved from its
 * parent's kept answer, one lookup of its last component, when the parent
 * exists with no symlink on the way; resolve() walks every component
 * otherwise). A scratch tree of folders, files and symlinks (absolute,
 * relative, chained, dangling, a loop, /proc/self), every query in a
 * seeded order, each asked twice. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "util.h"
#include "testutil.h"

static char top[PATH_MAX];

static char *at(const char *rel)
{
	return xasprintf("%s%s", top, rel);
}

/* path_resolve() of top + rel. */
static char *res(const char *rel)
{
	cleanup_free char *p = at(rel);

	return path_resolve(p);
}

static void mk(const char *rel, char kind, const char *target)
{
	cleanup_free char *p = at(rel);
	cleanup_free char *t = target && target[0] == '@' ? at(target + 1) : NULL;

	switch (kind) {
	case 'd':
		ck_assert_int_eq(mkdir(p, 0700), 0);
		break;
	case 'f': {
		FILE *f = fopen(p, "w");

		ck_assert_ptr_nonnull(f);
		fclose(f);
		break;
	}
	case 'l':
		ck_assert_int_eq(symlink(t ? t : target, p), 0);
		break;
	}
}

static void make_tree(void)
{
	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "fsjail-polresolve", top), 0);
	mk("/a", 'd', NULL);
	mk("/a/b", 'd', NULL);
	mk("/a/b/c", 'd', NULL);
	mk("/a/b/file", 'f', NULL);
	mk("/real", 'd', NULL);
	mk("/real/in", 'd', NULL);
	mk("/a/abs", 'l', "@/real");         /* absolute, to a folder */
	mk("/a/rel", 'l', "../real/in");     /* relative */
	mk("/a/chain", 'l', "abs");          /* a link to a link */
	mk("/a/dangle", 'l', "@/nowhere/x"); /* to nothing */
	mk("/a/loop1", 'l', "loop2");
	mk("/a/loop2", 'l', "loop1");
	mk("/a/up", 'l', "..");              /* to its own parent */
	mk("/a/proc", 'l', "/proc/self/fd");
	mk("/a/b/tofile", 'l', "file");
}

START_TEST(test_memo_resolves_as_without)
{
	static const char *const base[] = { "/a", "/a/b", "/a/b/c", "/a/b/file", "/a/abs",
					    "/a/rel", "/a/chain", "/a/dangle", "/a/loop1",
					    "/a/up", "/a/proc", "/a/b/tofile", "/a/missing",
					    "/real", "/real/in" };
	static const char *const tail[] = { "", "/x", "/in", "/in/deep/er", "/b/c", "/c", "/1",
					    "/up/b", "/missing/y" };
	enum { NB = sizeof(base) / sizeof(base[0]), NT = sizeof(tail) / sizeof(tail[0]) };
	char *q[NB * NT], *want[NB * NT];
	unsigned seed = 18u + (unsigned)_i;

	make_tree();
	for (size_t i = 0; i < NB * NT; i++) {
		cleanup_free char *rel = xasprintf("%s%s", base[i / NT], tail[i % NT]);

		q[i] = at(rel);
		want[i] = path_resolve(q[i]); /* the memo is off */
	}
	path_resolve_memo(PATH_MEMO_ON);
	for (int round = 0; round < 2; round++) {
		for (size_t k = 0; k < NB * NT; k++) {
			size_t i;

			seed = seed * 1103515245u + 12345u;
			i = (seed >> 16) % (NB * NT);
			cleanup_free char *got = path_resolve(q[i]);

			if (strcmp(got, want[i]) != 0)
				ck_abort_msg("%s: memo %s, without %s", q[i], got, want[i]);
		}
	}
	path_resolve_memo(PATH_MEMO_OFF);
	for (size_t i = 0; i < NB * NT; i++) {
		free(q[i]);
		free(want[i]);
	}
}
END_TEST

/* The memo's span has one writer, fsjail, and a name found missing, a
 * file or a symlink is looked up anew (path.h): a parent kept with a
 * symlink on the way, or missing, is not answered from memory. */
START_TEST(test_memo_parent_link_changed)
{
	cleanup_free char *in = NULL, *c = NULL, *link = NULL, *b = NULL, *m = NULL;
	cleanup_free char *mx = NULL, *my = NULL, *want_c = NULL, *want_my = NULL;

	make_tree();
	path_resolve_memo(PATH_MEMO_ON);
	in = res("/a/abs/in");
	mx = res("/a/missing/x");
	cleanup_free char *real_in = at("/real/in");

	ck_assert_str_eq(in, real_in);
	link = at("/a/abs");
	b = at("/a/b");
	ck_assert_int_eq(unlink(link), 0);
	ck_assert_int_eq(symlink(b, link), 0);
	c = res("/a/abs/c");
	want_c = at("/a/b/c");
	ck_assert_str_eq(c, want_c);
	m = at("/a/missing");
	ck_assert_int_eq(symlink(b, m), 0);
	my = res("/a/missing/c");
	ck_assert_str_eq(my, want_c);
	path_resolve_memo(PATH_MEMO_OFF);
}
END_TEST

static void remove_tree(void)
{
	path_resolve_memo(PATH_MEMO_OFF);
	if (top[0])
		tu_rm_tree(top);
}

static Suite *polresolve_suite(void)
{
	Suite *s = suite_create("polresolve");
	TCase *tc = tcase_create("memo");

	tcase_add_loop_test(tc, test_memo_resolves_as_without, 0, 8);
	tcase_add_test(tc, test_memo_parent_link_changed);
	tcase_add_checked_fixture(tc, NULL, remove_tree);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(polresolve_suite(), CK_FORK_GETENV);
}
