/* ll_fixture.c - see ll_fixture.h. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "landlock-dump.h"
#include "landlock.h"
#include "path.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

#include "ll_fixture.h"

/* ---- scratch tree ---- */

char scratch[PATH_MAX];

char *sp(const char *rel)
{
	static char buf[8][PATH_MAX];
	static int i;
	char *b = buf[i++ % 8];
	int n;

	if (!rel || !*rel)
		n = snprintf(b, PATH_MAX, "%s", scratch);
	else
		n = snprintf(b, PATH_MAX, "%s/%s", scratch, rel);
	ck_assert_int_lt(n, PATH_MAX);
	return b;
}

void mkd(const char *rel)
{
	ck_assert_msg(mkdir_p(sp(rel), 0755) == 0, "mkdir %s: %s", rel, strerror(errno));
}

void mkf(const char *rel, const char *content)
{
	int fd = open(sp(rel), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	ck_assert_msg(fd >= 0, "create %s: %s", rel, strerror(errno));
	ck_assert_int_eq(write_all(fd, content, strlen(content)), 0);
	close(fd);
}

/* One root per run, made and removed by the parent (unchecked fixture:
 * Check skips a checked teardown when the test fails); one scratch
 * directory per test inside it. */
static char run_root[PATH_MAX];

void make_run_root(void)
{
	if (tu_mkdtemp_in("/var/tmp", "fsjail-ll", run_root) < 0) {
		perror("mkdtemp /var/tmp/fsjail-ll.XXXXXX");
		exit(EXIT_FAILURE);
	}
	chmod(run_root, 0755);
}

void remove_run_root(void)
{
	tu_rm_tree(run_root);
}

void make_scratch(void)
{
	ck_assert_int_lt(snprintf(scratch, sizeof(scratch), "%s/t-XXXXXX", run_root),
			 (int)sizeof(scratch));
	ck_assert_ptr_nonnull(mkdtemp(scratch));
	chmod(scratch, 0755);
}

/* The workspace of most tests: W = scratch/w with a .git/hooks folder,
 * a file, a subfolder and a sibling folder outside it. */
void make_workspace(void)
{
	mkd("w/.git/hooks");
	mkf("w/.git/hooks/pre-commit", "#!/bin/sh\n");
	mkf("w/.git/config", "[core]\n");
	mkf("w/a.txt", "alpha\n");
	mkd("w/sub");
	mkf("w/sub/b.txt", "beta\n");
	mkd("other");
	mkf("other/f.txt", "other\n");
}

/* ---- policies and plans ---- */

void add(struct fsj_policy *pol, enum fsj_source src, const char *path, bool recursive,
		unsigned allow, unsigned deny)
{
	cleanup_free char *copy = xstrdup(path);
	struct fsj_rule r = {
		.path = copy,
		.recursive = recursive,
		.allow = allow,
		.deny = deny,
		.source = src,
	};
	policy_add_rule(pol, &r);
}

struct fsj_policy *ws_policy(enum fsj_tier tier, unsigned ws_allow)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, tier);

	pol->workspace = xstrdup(sp("w"));
	add(pol, FSJ_SRC_BASELINE, sp("w"), true, ws_allow, 0);
	return pol;
}

void compile_ok(const struct fsj_policy *pol, int abi, bool masks, struct ll_plan *plan)
{
	struct ll_opts o = { .abi = abi, .masks = masks, .network = FSJ_NETWORK_ALLOW };
	struct fsj_error err = { { 0 } };

	ck_assert_msg(ll_compile(pol, &o, plan, &err) == 0, "ll_compile: %s", err.text);
}

void compile_listener(const struct fsj_policy *pol, int abi, bool masks, struct ll_plan *plan)
{
	struct ll_opts o = { .abi = abi, .masks = masks, .listener = true };
	struct fsj_error err = { { 0 } };

	ck_assert_msg(ll_compile(pol, &o, plan, &err) == 0, "ll_compile: %s", err.text);
}

const struct ll_rule *rule_for(const struct ll_plan *plan, const char *path)
{
	for (size_t i = 0; i < plan->n_rules; i++)
		if (strcmp(plan->rules[i].path, path) == 0)
			return &plan->rules[i];
	return NULL;
}

uint64_t access_of(const struct ll_plan *plan, const char *path)
{
	const struct ll_rule *r = rule_for(plan, path);

	return r ? r->access : 0;
}

/* Rights that reach path from the rules at it and above it. */
uint64_t effective(const struct ll_plan *plan, const char *path)
{
	uint64_t a = 0;

	for (size_t i = 0; i < plan->n_rules; i++)
		if (path_covers(plan->rules[i].path, path))
			a |= plan->rules[i].access;
	return a;
}

int mask_index(const struct ll_plan *plan, const char *path, enum ll_mask_kind kind)
{
	for (size_t i = 0; i < plan->n_masks; i++)
		if (strcmp(plan->masks[i].path, path) == 0 && plan->masks[i].kind == kind)
			return (int)i;
	return -1;
}

bool expanded(const struct ll_plan *plan, const char *path)
{
	for (size_t i = 0; i < plan->n_expanded; i++)
		if (strcmp(plan->expanded[i], path) == 0)
			return true;
	return false;
}

char *dump(const struct ll_plan *plan)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ll_plan_dump(plan, f);
	fclose(f);
	return buf;
}

/* ---- plan tests ---- */
