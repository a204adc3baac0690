/* check_gitcfg_inert.c - unit tests for the allow-list of inert config
 * keys (gitcfg-inert.h): what git init, clone, submodule add, remote add,
 * branch -u and `git config user.*` write passes; code-running keys,
 * command transports and syntax this reader is unsure of fail, naming the
 * key. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "gitcfg-inert.h"
#include "gitcfg-strategy.h"
#include "testutil.h"

static bool inert(const char *s, char *why, size_t n)
{
	return gitcfg_inert(s, strlen(s), why, n);
}

START_TEST(test_git_writes_pass)
{
	static const char *const good[] = {
		"[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n"
		"\tlogallrefupdates = true\n",
		"[core]\n\tworktree = ../../../sub\n[remote \"origin\"]\n\turl = /tmp/a\n"
		"\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n"
		"\tremote = origin\n\tmerge = refs/heads/main\n",
		"[user]\n\temail = x@y\n\tname = A B\n# comment\n; other\n\n",
		"[submodule \"sub\"]\n\turl = https://example.com/x.git\n\tactive = true\n",
		"[extensions]\n\tobjectformat = sha256\n[gc]\n\tauto = 0\n[core]\n\tbare\n",
		/* settings users set (a tester's list): clone, sparse-checkout */
		"[rerere]\n\tenabled = true\n[merge]\n\tff = false\n\tconflictStyle = diff3\n"
		"[rebase]\n\tautoStash = true\n[log]\n\tdate = iso\n[core]\n\tquotepath = off\n"
		"\tsparseCheckout = true\n[submodule]\n\tactive = .\n[tag]\n\tsort = v:refname\n",
		"",
	};
	char why[256];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ck_assert_msg(inert(good[i], why, sizeof(why)), "refused %s: %s", good[i], why);
}
END_TEST

START_TEST(test_code_keys_refused)
{
	static const char *const bad[][2] = {
		{ "[core]\n\tfsmonitor = touch /tmp/x\n", "core.fsmonitor" },
		{ "[core]\n\thooksPath = /tmp\n", "core.hooksPath" },
		{ "[CORE]\n\tPager = x\n", "CORE.Pager" },
		{ "[alias]\n\tst = !touch x\n", "alias.st" },
		{ "[include]\n\tpath = /tmp/c\n", "include.path" },
		{ "[includeIf \"gitdir:/\"]\n\tpath = /tmp/c\n", "includeIf.gitdir:/.path" },
		{ "[url \"ext::sh\"]\n\tinsteadOf = https://\n", "url.ext::sh.insteadOf" },
		{ "[filter \"x\"]\n\tclean = sh\n", "filter.x.clean" },
		{ "[submodule \"s\"]\n\tupdate = !sh\n", "submodule.s.update" },
		{ "[remote \"o\"]\n\tuploadpack = sh\n", "remote.o.uploadpack" },
		{ "[credential]\n\thelper = !sh\n", "credential.helper" },
		{ "[remote \"o\"]\n\turl = ext::sh -c x\n", "remote.o.url" },
		{ "[remote \"o\"]\n\turl = fd::3\n", "remote.o.url" },
		{ "[remote \"o\"]\n\turl = -uhack\n", "remote.o.url" },
		{ "[core]\n\tworktree = /etc\n", "core.worktree" },
		{ "[gc]\n\trecentObjectsHook = touch /tmp/x\n", "gc.recentObjectsHook" },
	};
	char why[256];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		ck_assert_msg(!inert(bad[i][0], why, sizeof(why)), "took %s", bad[i][0]);
		ck_assert_msg(strstr(why, bad[i][1]) != NULL, "%s does not name %s", why, bad[i][1]);
		ck_assert_msg(strstr(why, "repository-metadata") != NULL, "%s names no rule", why);
	}
}
END_TEST

START_TEST(test_syntax_refused)
{
	static const char *const bad[] = {
		"[core] fsmonitor = x\n",	     /* a key on the header line */
		"[core.x]\n\tbare = true\n",	     /* the old subsection form */
		"[core]\n\tbare = true \\\n",	     /* a continuation line */
		"[core]\r\n\tfsmonitor = x\n",	     /* \r */
		"\tbare = true\n",		     /* a key before a section */
		"[remote \"o\\\"\"]\n\turl = x\n",   /* an escape in a subsection */
		"[core]\n\t= x\n",		     /* no key */
		"[core]\n\tbare true\n",	     /* no '=' */
	};
	char why[256];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(!inert(bad[i], why, sizeof(why)), "took %s", bad[i]);
	ck_assert(!gitcfg_inert("[core]\n\tbare = true\n\0x", 22, NULL, 0));
}
END_TEST

START_TEST(test_todo)
{
	static const char *const good[] = { "pick 1234 a\nedit 5678 b\n# exec touch x\n",
					    "label onto\nreset onto\nmerge -C 12 l # x\n", "" };
	static const char *const bad[] = { "pick 1 a\nexec touch x\n", "  x touch x\n",
					   "\tEXEC\ttouch x", "pick 1 a\r\nx y\n" };
	char why[256];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ck_assert_msg(gitcfg_todo_inert(good[i], strlen(good[i]), why, sizeof(why)),
			      "refused %s: %s", good[i], why);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(!gitcfg_todo_inert(bad[i], strlen(bad[i]), why, sizeof(why)), "took %s",
			      bad[i]);
}
END_TEST

/* Every refused key is named, up to four, then how many more (issue 12:
 * the summary named only the first). */
START_TEST(test_all_keys_named)
{
	static const char two[] = "[core]\n\tfsmonitor = x\n\tbare = false\n[alias]\n\tst = !y\n";
	static const char six[] = "[core]\n\tfsmonitor = x\n\tpager = x\n\teditor = x\n"
				  "\thooksPath = x\n\tsshCommand = x\n[alias]\n\tst = !y\n";
	char why[512];

	ck_assert(!inert(two, why, sizeof(why)));
	ck_assert_msg(strstr(why, "keys core.fsmonitor, alias.st, not on the list") != NULL, "%s", why);
	ck_assert(!inert(six, why, sizeof(why)));
	ck_assert_msg(strstr(why, "keys core.fsmonitor, core.pager, core.editor, core.hooksPath and 2 "
				  "more, not on the list") != NULL,
		      "%s", why);
	ck_assert_msg(strstr(why, "alias.st") == NULL, "%s", why);
}
END_TEST

/* A merge strategy git's sequencer would run as a program (att13): only
 * git's own names in rebase-merge/strategy and sequencer/opts. */
START_TEST(test_strategy)
{
	static const char *const good_file[] = { "ort\n", "recursive", "octopus\n", "subtree\n" };
	static const char *const bad_file[] = { "x/../prog\n", "evil\n", "", "ort\n\n",
						"ort \n", "/tmp/x\n" };
	static const char *const good_opts[] = {
		"[options]\n\tstrategy = ort\n\tstrategy-option = theirs\n",
		"[options]\n\tno-commit = true\n", "[options]\n\tSTRATEGY = recursive\n",
	};
	static const char *const bad_opts[] = {
		"[options]\n\tstrategy = x/../prog\n", "[options] strategy = ort\n",
		"[options]\n\tstrategy = \"ort\"\n", "[options]\n\tstrategy = or\\\nt\n",
		"[options]\n\tStrategy=evil\n", "[options]\n\tstrategy-option = a\\\n",
		"[options]\n\tedit = strategy\n",
	};
	static const char nul[] = "[options]\n\tstrategy = ort\0x";
	char why[256];

	for (size_t i = 0; i < sizeof(good_file) / sizeof(good_file[0]); i++)
		ck_assert_msg(gitcfg_strategy_ok(good_file[i], strlen(good_file[i]), why, sizeof(why)),
			      "refused %s: %s", good_file[i], why);
	for (size_t i = 0; i < sizeof(bad_file) / sizeof(bad_file[0]); i++)
		ck_assert_msg(!gitcfg_strategy_ok(bad_file[i], strlen(bad_file[i]), why, sizeof(why)),
			      "took %s", bad_file[i]);
	for (size_t i = 0; i < sizeof(good_opts) / sizeof(good_opts[0]); i++)
		ck_assert_msg(gitcfg_seqopts_ok(good_opts[i], strlen(good_opts[i]), why, sizeof(why)),
			      "refused %s: %s", good_opts[i], why);
	for (size_t i = 0; i < sizeof(bad_opts) / sizeof(bad_opts[0]); i++)
		ck_assert_msg(!gitcfg_seqopts_ok(bad_opts[i], strlen(bad_opts[i]), why, sizeof(why)),
			      "took %s", bad_opts[i]);
	ck_assert(!gitcfg_seqopts_ok(nul, sizeof(nul) - 1, why, sizeof(why)));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gitcfg-inert");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_git_writes_pass);
	tcase_add_test(tc, test_code_keys_refused);
	tcase_add_test(tc, test_syntax_refused);
	tcase_add_test(tc, test_todo);
	tcase_add_test(tc, test_all_keys_named);
	tcase_add_test(tc, test_strategy);
	suite_add_tcase(s, tc);
	return tu_run_suite(s, CK_FORK_GETENV);
}
