/* check_gitcfg.c - unit tests for the git config rewrite check (gitcfg.h):
 * what git writes for branch renames, copies, deletes and tracking passes;
 * every way to slip code-running config past it fails. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "gitcfg.h"
#include "testutil.h"

#define BASE                                          \
	"[core]\n"                                    \
	"\trepositoryformatversion = 0\n"             \
	"\tbare = false\n"                            \
	"[remote \"origin\"]\n"                       \
	"\turl = /srv/x.git\n"                        \
	"\tfetch = +refs/heads/*:refs/remotes/origin/*\n"

#define MAIN "[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n"

static bool ok(const char *old, const char *new)
{
	const char *why = NULL;
	bool r = gitcfg_branch_only_change(old, strlen(old), new, strlen(new), &why);

	ck_assert_msg(r || why, "a refusal says why");
	return r;
}

START_TEST(test_git_writes_pass)
{
	/* branch -m main trunk */
	ck_assert(ok(BASE MAIN, BASE "[branch \"trunk\"]\n\tremote = origin\n\tmerge = refs/heads/main\n"));
	/* branch -c: a second section */
	ck_assert(ok(BASE MAIN, BASE MAIN "[branch \"copy\"]\n\tremote = origin\n\tmerge = refs/heads/main\n"));
	/* branch -D: the section goes */
	ck_assert(ok(BASE MAIN, BASE));
	/* checkout -b x origin/x; a local tracking branch; rebase, description */
	ck_assert(ok(BASE, BASE "[branch \"feature/x-1\"]\n\tremote = origin\n\tmerge = refs/heads/feature/x-1\n"));
	ck_assert(ok(BASE, BASE "[branch \"t\"]\n\tremote = .\n\tmerge = refs/heads/main\n\trebase = true\n"));
	ck_assert(ok(BASE, BASE "[branch \"t\"]\n\tdescription = fixes the parser\n\tpushRemote = origin\n"));
	/* a section in the middle moves nothing else */
	ck_assert(ok("[core]\n\tbare = false\n" MAIN "[remote \"origin\"]\n\turl = /x\n",
		     "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = /x\n"));
	/* old branch sections of any form may go */
	ck_assert(ok(BASE "[branch \"m\"]\n\tmergeOptions = -s ours\n", BASE));
}
END_TEST

START_TEST(test_outside_branch_refused)
{
	ck_assert(!ok(BASE MAIN, BASE MAIN "[core]\n\tfsmonitor = touch /tmp/x\n"));
	ck_assert(!ok(BASE MAIN, "[core]\n\tfsmonitor = touch /tmp/x\n" BASE MAIN));
	ck_assert(!ok(BASE, BASE "[alias]\n\tst = !touch /tmp/x\n"));
	ck_assert(!ok(BASE, BASE "[include]\n\tpath = /tmp/evil\n"));
	/* remote add, config of anything else */
	ck_assert(!ok(BASE, BASE "[remote \"evil\"]\n\turl = /x\n"));
	ck_assert(!ok(BASE MAIN, "[core]\n\trepositoryformatversion = 0\n\tbare = true\n"
				"[remote \"origin\"]\n\turl = /srv/x.git\n"
				"\tfetch = +refs/heads/*:refs/remotes/origin/*\n" MAIN));
}
END_TEST

START_TEST(test_branch_grammar_strict)
{
	/* keys that run or steer something */
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tmergeOptions = -s evil\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tfsmonitor = touch /tmp/x\n"));
	/* a key line after the branch section that is core's in git */
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tremote = origin\n\tsshCommand = x\n"));
	/* header forms and names */
	ck_assert(!ok(BASE, BASE "[branch \"x\"] fsmonitor = y\n"));
	ck_assert(!ok(BASE, BASE "[branch.x]\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE "[branch]\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE "[Branch \"x\"]\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\\\"y\"]\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE "[branch \"-x\"]\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE " [branch \"x\"]\n\tremote = origin\n"));
	/* values: quote, backslash, comment, undefined remote, url, path */
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tdescription = a \"b\"\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tdescription = a; b\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tdescription = a # b\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tremote = evil\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tremote = ext::sh -c touch\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tremote = /tmp/evil\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tmerge = main\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tmerge = refs/heads/../x\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\trebase = sometimes\n"));
	/* spacing other than git's */
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tremote=origin\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n  remote = origin\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\t# note\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\n\tremote = origin"));
}
END_TEST

START_TEST(test_bytes_refused)
{
	const char nul_new[] = BASE "[branch \"x\"]\n\tremote = origin\n\0[core]\n";
	const char *why = NULL;

	/* a continuation line could join the header to the value above */
	ck_assert(!ok("[core]\n\teditor = vi \\\n[branch \"a\"]\n\tremote = origin\n",
		      "[core]\n\teditor = vi \\\n[branch \"b\"]\n\tremote = origin\n"));
	ck_assert(!ok(BASE, BASE "[branch \"x\"]\r\n\tremote = origin\r\n"));
	/* a header git sees after \f, hidden in a branch section of the old file */
	ck_assert(!ok(BASE MAIN "\f[core]\n\thooksPath = /dev/null\n", BASE MAIN));
	ck_assert(!gitcfg_branch_only_change(BASE, strlen(BASE), nul_new, sizeof(nul_new) - 1, &why));
	{
		size_t n = GITCFG_MAX_SIZE + 2;
		char *big = malloc(n);

		ck_assert_ptr_nonnull(big);
		memset(big, '#', n);
		big[n - 1] = '\n';
		ck_assert(!gitcfg_branch_only_change(big, n, big, n, &why));
		free(big);
	}
}
END_TEST

/* HEAD: one valid ref or object id line, nothing else (a03). */
/* git submodule add and init write [submodule "NAME"] url and active into
 * the superproject's config; nothing else of a submodule section passes,
 * and an url set before stays (issue 12: submodule add into a repository
 * that existed before the run). */
#define SUB "[submodule \"lib/x\"]\n\turl = https://example.com/x.git\n"
START_TEST(test_submodule)
{
	/* submodule add: url, then active; init of two; deinit */
	ck_assert(ok(BASE MAIN, BASE MAIN SUB));
	ck_assert(ok(BASE MAIN SUB, BASE MAIN SUB "\tactive = true\n"));
	ck_assert(ok(BASE, BASE SUB "[submodule \"y\"]\n\turl = ../y.git\n\tactive = true\n"));
	ck_assert(ok(BASE SUB, BASE));
	/* a section of the user's own, left as it was, beside a new one */
	ck_assert(ok(BASE "[submodule \"u\"]\n\tupdate = !make\n",
		     BASE "[submodule \"u\"]\n\tupdate = !make\n" SUB));
	/* code, transports, options, another url, other forms */
	ck_assert(!ok(BASE, BASE SUB "\tupdate = !touch /tmp/x\n"));
	ck_assert(!ok(BASE, BASE "[submodule \"z\"]\n\turl = ext::sh -c x\n"));
	ck_assert(!ok(BASE, BASE "[submodule \"z\"]\n\turl = -uevil\n"));
	ck_assert(!ok(BASE SUB, BASE "[submodule \"lib/x\"]\n\turl = https://evil.example/x.git\n"));
	ck_assert(!ok(BASE "[submodule \"u\"]\n\tupdate = !make\n",
		     BASE "[submodule \"u\"]\n\tupdate = !make\n\tactive = true\n"));
	ck_assert(!ok(BASE, BASE "[submodule]\n\trecurse = true\n"));
	ck_assert(!ok(BASE, BASE "[submodule.z]\n\turl = /x\n"));
	ck_assert(!ok(BASE, BASE "[submodule \"../z\"]\n\turl = /x\n"));
	ck_assert(!ok(BASE, BASE "[submodule \"z\"]\n\tactive = yes\n"));
	/* a plain [submodule] section of the user's is outside: unchanged passes */
	ck_assert(ok(BASE "[submodule]\n\trecurse = true\n", BASE "[submodule]\n\trecurse = true\n" MAIN));
}
END_TEST

/* The value_ok of test_worktree: only "../../../x" */
static bool only_x(const char *v, size_t n, void *arg)
{
	(void)arg;
	return n == 10 && memcmp(v, "../../../x", 10) == 0;
}

static bool wt_ok(const char *old, const char *new)
{
	const struct gitcfg_worktree wt = { only_x, NULL };
	const char *why = NULL;
	bool r = gitcfg_change_ok(old, strlen(old), new, strlen(new), &wt, &why);

	ck_assert_msg(r || why, "a refusal says why");
	return r;
}

START_TEST(test_worktree)
{
#define WT "[core]\n\tbare = false\n\tworktree = ../../../x\n"
#define NOWT "[core]\n\tbare = false\n"
	/* deinit unsets it, update sets it again; unchanged passes */
	ck_assert(wt_ok(WT, NOWT));
	ck_assert(wt_ok(NOWT, WT));
	ck_assert(wt_ok(WT MAIN, WT));
	/* without a value_ok: as gitcfg_branch_only_change() */
	ck_assert(!ok(WT, NOWT));
	ck_assert(!ok(NOWT, WT));
	/* a value value_ok refuses, in any spelling or place */
	ck_assert(!wt_ok(NOWT, NOWT "\tworktree = ../../..\n"));
	ck_assert(!wt_ok(WT, NOWT "\tworktree = ../../../x\n\tworktree = /\n"));
	ck_assert(!wt_ok(NOWT, NOWT "\tWorkTree = /\n"));
	ck_assert(!wt_ok(NOWT, NOWT "\tworktree = \"/\"\n"));
	ck_assert(!wt_ok(NOWT, "[Core]\n\tbare = false\n\tworktree = ../../../x\n"));
	ck_assert(!wt_ok(NOWT, NOWT "[core \"x\"]\n\tworktree = ../../../x\n"));
	/* a worktree line in another section is not taken out */
	ck_assert(!wt_ok(NOWT, NOWT "[other]\n\tworktree = ../../../x\n"));
	/* with a core.worktree change, the rest must still be the same */
	ck_assert(!wt_ok(WT, NOWT "\tfsmonitor = true\n"));
	ck_assert(!wt_ok(NOWT, "[core]\n\tbare = true\n\tworktree = ../../../x\n"));
#undef WT
#undef NOWT
}
END_TEST

START_TEST(test_head)
{
	static const char *const good[] = {
		"ref: refs/heads/main\n", "ref: refs/heads/feat/x-1.2+y@z\n",
		"0123456789abcdef0123456789abcdef01234567\n",
		"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n",
	};
	static const char *const bad[] = {
		"", "\n", "garbage\n", "ref: refs/heads/main", "ref: refs/heads/main\n\n",
		"ref: refs/\n", "ref: refs/heads/../x\n", "ref: refs/heads/.x\n",
		"ref: refs/heads//x\n", "ref: refs/heads/x/\n", "ref: refs/heads/a b\n",
		"ref: heads/main\n", "ref:refs/heads/main\n", "ref: refs/heads/main\r\n",
		"0123456789ABCDEF0123456789abcdef01234567\n",
		"0123456789abcdef0123456789abcdef0123456\n",
		"0123456789abcdef0123456789abcdef01234567 \n",
		"0123456789abcdef0123456789abcdef01234567\nref: refs/heads/x\n",
	};
	const char *why = NULL;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ck_assert_msg(gitcfg_head_ok(good[i], strlen(good[i]), &why), "refused %s", good[i]);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		ck_assert_msg(!gitcfg_head_ok(bad[i], strlen(bad[i]), &why), "took %s", bad[i]);
		ck_assert(why != NULL);
	}
	ck_assert(!gitcfg_head_ok("ref: refs/heads/m\0n\n", 20, &why));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gitcfg");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_git_writes_pass);
	tcase_add_test(tc, test_outside_branch_refused);
	tcase_add_test(tc, test_branch_grammar_strict);
	tcase_add_test(tc, test_bytes_refused);
	tcase_add_test(tc, test_head);
	tcase_add_test(tc, test_submodule);
	tcase_add_test(tc, test_worktree);
	suite_add_tcase(s, tc);
	return tu_run_suite(s, CK_FORK_GETENV);
}
