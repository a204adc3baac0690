/* testutil.c - helpers shared by the unit tests (testutil.h). */
#include "testutil.h"

#include <check.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

int tu_mkdtemp_in(const char *parent, const char *prefix, char out[PATH_MAX])
{
	char tmpl[PATH_MAX];
	int n, saved;

	out[0] = '\0';
	n = snprintf(tmpl, sizeof(tmpl), "%s/%s.XXXXXX", parent, prefix);
	if (n < 0 || (size_t)n >= sizeof(tmpl)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!mkdtemp(tmpl))
		return -1;
	if (!realpath(tmpl, out)) {
		saved = errno;
		rmdir(tmpl);
		out[0] = '\0';
		errno = saved;
		return -1;
	}
	return 0;
}

/* true when the real path of dir lies under a folder the baseline grants
 * fully (or cannot be resolved). */
static bool under_tmp(const char *dir)
{
	static const char *const tmps[] = { "/tmp", "/var/tmp", "/dev/shm" };
	char real[PATH_MAX];

	if (!realpath(dir, real))
		return true;
	for (size_t i = 0; i < sizeof(tmps) / sizeof(tmps[0]); i++) {
		size_t len = strlen(tmps[i]);

		if (strncmp(real, tmps[i], len) == 0 && (real[len] == '/' || !real[len]))
			return true;
	}
	return false;
}

int tu_mkdtemp_user_data(const char *prefix, char out[PATH_MAX])
{
	const char *roots[] = { getenv("FSJAIL_TEST_ROOT"), "/home", getenv("HOME") };
	struct stat st;

	out[0] = '\0';
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		const char *root = roots[i];

		if (!root || !*root || stat(root, &st) < 0 || !S_ISDIR(st.st_mode) ||
		    access(root, W_OK | X_OK) < 0 || under_tmp(root))
			continue;
		if (tu_mkdtemp_in(root, prefix, out) == 0)
			return 0;
	}
	errno = ENOENT;
	return -1;
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p) < 0 && errno != ENOENT ? -1 : 0;
}

int tu_rm_tree(const char *path)
{
	struct stat st;

	if (!path || !*path || (lstat(path, &st) < 0 && errno == ENOENT))
		return 0;
	return nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

bool tu_kernel_missing(const char *test, const char *what, bool present)
{
	if (present)
		return false;
	ck_assert_msg(!env_flag("FSJAIL_REQUIRE_KERNEL"),
		      "FSJAIL_REQUIRE_KERNEL=1 but %s is not available", what);
	printf("SKIP: %s: %s is not available\n", test, what);
	fflush(stdout);
	return true;
}

bool tu_need_root(const char *test, const char *why)
{
	if (geteuid() == 0)
		return false;
	printf("SKIP: %s: needs root to %s\n", test, why);
	fflush(stdout);
	return true;
}

void tu_edits_refused(const char *good, size_t len, const char *const edits[][2], size_t n,
		      tu_refused_fn *refused, void *ctx)
{
	for (size_t i = 0; i < n; i++) {
		const char *at = strstr(good, edits[i][0]);
		struct strbuf sb = STRBUF_INIT;

		ck_assert_msg(at != NULL && (size_t)(at - good) < len, "edit %zu (%s) does not apply",
			      i, edits[i][0]);
		sb_add(&sb, good, (size_t)(at - good));
		sb_adds(&sb, edits[i][1]);
		sb_add(&sb, at + strlen(edits[i][0]), len - (size_t)(at - good) - strlen(edits[i][0]));
		ck_assert_msg(refused(sb.buf, sb.len, ctx), "edit %zu (%s) was taken", i, edits[i][0]);
		sb_release(&sb);
	}
}

int tu_run_suite(Suite *s, enum fork_status fork)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_set_fork_status(sr, fork);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
