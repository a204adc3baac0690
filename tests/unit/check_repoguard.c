/* check_repoguard.c - the one decision on repository metadata names
 * (repoguard.h) that the listener (notify-repo.c, notify-gitcfg.c) and
 * explain/status (repoexplain.c) both call. The table is the contract:
 * each path with the gitdirs whose metadata it is, and what explain says
 * of a change to it in a real tree of repositories (repoexplain.c reads
 * the gitdir facts through paths; t0200 compares explain with what a run
 * under the listener does). */
#include <check.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repoexplain.h"
#include "repoguard.h"
#include "testutil.h"
#include "util.h"

/* path under the test root R; g: the candidate gitdirs (levels above the
 * folder, space-separated, "" none) and flags (".git", "NAME.git");
 * refuse: the capabilities explain refuses in the tree below, "wcd" */
static const struct {
	const char *path;
	const char *cands;
	const char *refuse;
} table[] = {
	/* plain names: nothing to test, nothing refused */
	{ "/plain/file", "", "" },
	{ "/repo/src/main.c", "", "" },
	{ "/repo/configure", "", "" },
	{ "/repo/.git/objects/ab/cd", "", "" },
	{ "/repo/.git/refs/heads/main", "", "" },
	{ "/repo/.git/info/refs", "", "" },        /* every repack rewrites it */
	/* the gitdir's own metadata */
	{ "/repo/.git/config", "0", "wcd" },
	{ "/repo/.git/config.worktree", "0", "wcd" },
	{ "/repo/.git/hooks", "0", "wcd" },
	{ "/repo/.git/info", "0", "wcd" },
	{ "/repo/.git/hooks/pre-commit", "1", "wcd" },
	{ "/repo/.git/hooks/sub/deeper", "2", "wcd" },
	{ "/repo/.git/info/attributes", "1", "wcd" },
	{ "/repo/.git/info/exclude", "1", "wcd" },
	{ "/repo/.git/info/sparse-checkout", "1", "wcd" },
	{ "/repo/.git/info/grafts", "1", "wcd" },
	{ "/b.git/config", "0", "wcd" },             /* bare, by shape */
	{ "/b.git/hooks/post-update", "1", "wcd" },
	/* the same names where no gitdir is: tested, not refused */
	{ "/plain/config", "0", "" },
	{ "/plain/hooks/x", "1", "" },
	{ "/plain/info/exclude", "1", "" },
	/* .git itself: a folder may not go, a pointer file is delete only */
	{ "/repo/.git", ".git", "d" },
	{ "/wt/.git", ".git", "wc" },           /* made anew: outside the workspace */
	{ "/b.git", "NAME.git", "d" },
	{ "/plain.git", "NAME.git", "" },            /* not of gitdir shape */
	/* a hooks folder named like a repository is still under hooks */
	{ "/repo/.git/hooks/x.git", "NAME.git 1", "wcd" },
};

static char root[] = "/tmp/check_repoguard.XXXXXX";

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(p) < 0 ? -1 : 0;
}

static void mk(const char *rel, bool dir)
{
	cleanup_free char *p = xasprintf("%s%s", root, rel);

	if (dir)
		ck_assert_msg(mkdir(p, 0755) == 0, "mkdir %s", p);
	else
		ck_assert_msg(close(open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) == 0, "%s", p);
}

static void tree(void)
{
	static const char *const dirs[] = {
		"/plain", "/plain/hooks", "/plain/info", "/plain.git", "/repo", "/repo/.git",
		"/repo/.git/objects", "/repo/.git/refs", "/repo/.git/hooks", "/repo/.git/info",
		"/repo/.git/hooks/x.git", "/b.git", "/b.git/objects", "/b.git/refs",
		"/b.git/hooks", "/wt",
	};
	static const char *const files[] = {
		"/plain/file", "/plain/config", "/repo/.git/HEAD", "/repo/.git/config",
		"/repo/.git/hooks/pre-commit", "/b.git/HEAD", "/b.git/config", "/wt/.git",
	};

	ck_assert(mkdtemp(root) != NULL);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		mk(dirs[i], true);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		mk(files[i], false);
}

/* The candidates of path in the table's notation. */
static void cands(const char *path, char *buf, size_t len)
{
	struct repoguard rg;
	size_t o = 0;

	buf[0] = '\0';
	if (!repoguard_scan(path, &rg))
		return;
	if (rg.dotgit)
		o += (size_t)snprintf(buf + o, len - o, ".git ");
	if (rg.named_git)
		o += (size_t)snprintf(buf + o, len - o, "NAME.git ");
	for (size_t i = 0; i < rg.n_g; i++)
		o += (size_t)snprintf(buf + o, len - o, "%zu ", rg.g[i]);
	if (o)
		buf[o - 1] = '\0';
}

START_TEST(test_table)
{
	static const enum fsj_cap caps[] = { FSJ_CAP_WRITE, FSJ_CAP_CREATE, FSJ_CAP_DELETE };
	static const char letters[] = "wcd";
	char got[128], refused[4];

	tree();
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		cleanup_free char *p = xasprintf("%s%s", root, table[i].path);
		size_t n = 0;

		cands(p, got, sizeof(got));
		ck_assert_msg(strcmp(got, table[i].cands) == 0, "%s: candidates '%s', want '%s'",
			      table[i].path, got, table[i].cands);
		/* outside any workspace: the listener's rule, not the scan's */
		for (size_t c = 0; c < 3; c++) {
			struct repoexplain rx = { 0 };

			if (repoexplain_refuses(NULL, p, caps[c], true, &rx)) {
				refused[n++] = letters[c];
				ck_assert(rx.reason != NULL);
				free(rx.reason);
			}
		}
		refused[n] = '\0';
		ck_assert_msg(strcmp(refused, table[i].refuse) == 0, "%s: explain refuses '%s', want '%s'",
			      table[i].path, refused, table[i].refuse);
	}
}
END_TEST

START_TEST(test_gitdir_shape)
{
	/* git's setup.c is_git_directory() */
	ck_assert(repoguard_gitdir(".git", 4, false, false, false, false));
	ck_assert(repoguard_gitdir("x", 1, true, true, false, false));
	ck_assert(repoguard_gitdir("x", 1, true, false, true, true));
	ck_assert(!repoguard_gitdir("x", 1, true, false, true, false));
	ck_assert(!repoguard_gitdir("x", 1, false, true, true, true));
	ck_assert(!repoguard_gitdir("x.git", 5, false, false, false, false));
}
END_TEST

START_TEST(test_discovery_and_locks)
{
	ck_assert(repoguard_discovery("/w", "/w/sub/HEAD"));
	ck_assert(repoguard_discovery("/w", "/w/HEAD"));
	ck_assert(repoguard_discovery("/", "/x/HEAD"));
	ck_assert(!repoguard_discovery("/w", "/w/.git/HEAD"));
	ck_assert(!repoguard_discovery("/w", "/w/a/b.git/worktrees/x/HEAD"));
	ck_assert(!repoguard_discovery("/w", "/w"));
	ck_assert(!repoguard_discovery("/w", "/wx/HEAD"));
	ck_assert(!repoguard_discovery("/w", "/elsewhere/HEAD"));
	ck_assert(!repoguard_discovery(NULL, "/w/HEAD"));
	ck_assert(!repoguard_discovery("/w", "/w/HEADS"));
	ck_assert(repoguard_lock_rename("config.lock", "config"));
	ck_assert(repoguard_lock_rename("HEAD.lock", "HEAD"));
	ck_assert(!repoguard_lock_rename("config.lock", "HEAD"));
	ck_assert(!repoguard_lock_rename("x", "config"));
	ck_assert(!repoguard_lock_rename(NULL, "config"));
}
END_TEST

START_TEST(test_scan_limits)
{
	struct repoguard rg;

	ck_assert(!repoguard_scan("/", &rg));
	ck_assert(!repoguard_scan("relative/config", &rg));
	ck_assert(!repoguard_scan(NULL, &rg));
	ck_assert(!repoguard_scan("/config", &rg)); /* the root is no gitdir's parent */
	ck_assert(repoguard_scan("/r/config", &rg) && rg.dlen == 2 && rg.n_g == 1);
	ck_assert(!repoguard_scan("/hooks/x", &rg)); /* G would be the root */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("repoguard");
	TCase *tc = tcase_create("core");
	int rc;

	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_gitdir_shape);
	tcase_add_test(tc, test_discovery_and_locks);
	tcase_add_test(tc, test_scan_limits);
	suite_add_tcase(s, tc);
	rc = tu_run_suite(s, CK_NOFORK);
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS); /* the tree goes */
	return rc;
}
