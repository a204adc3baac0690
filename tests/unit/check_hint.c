/* check_hint.c - the refusal hints (refusal-hint.h, refusal-hint-guard.h;
 * issue 12 item 4, sec12) and the baseline's secrets they keep away
 * (policy-secret.h): what the guard refuses (a secret at, under or over
 * the grant, a user deny under or over it, a protected path it reaches,
 * a linked worktree's anchors), how refusals group into one grant per
 * folder with the capabilities a tool needs, and the secrets through the
 * baseline parse and the compiled-policy cache. Needs no kernel. */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "policy-cache.h"
#include "policy-secret.h"
#include "refusal-hint-guard.h"
#include "refusal-hint-name.h"
#include "refusal-hint.h"
#include "testutil.h"
#include "util.h"

/* Paths that do not exist: nothing here touches the filesystem but
 * print_line()'s lstat (an absent folder is offered with mkdir -p). */
#define H "/nonexistent-check-hint/u"

static struct fsj_policy *pol;

static void add(char *id, char *path, bool rec, unsigned allow, unsigned deny,
		enum fsj_source src)
{
	struct fsj_rule r = {
		.id = id, .path = path, .resolved = path, .recursive = rec,
		.allow = allow, .deny = deny, .source = src, .origin = (char *)"test:1",
	};

	policy_add_rule(pol, &r);
}

static void setup(void)
{
	char **secrets = xcalloc(2, sizeof(char *));

	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	secrets[0] = xstrdup(H "/.ssh");
	secrets[1] = xstrdup(H "/.config/gh/hosts.yml");
	policy_set_lists(pol, NULL, 0, secrets, 2);
	add(NULL, H "/.cargo/bin", true, 0, FSJ_CAPS_MODIFY, FSJ_SRC_PROTECTED);
	add(NULL, H "/.bashrc", false, 0, FSJ_CAPS_MODIFY, FSJ_SRC_PROTECTED);
	add("private", H "/data/private", true, 0, FSJ_CAPBIT(FSJ_CAP_READ), FSJ_SRC_RULES);
	add("git-linked-worktree", H "/main/.git/worktrees/wt", true, FSJ_CAPS_ALL, 0,
	    FSJ_SRC_BASELINE);
	add("git-linked-worktree", H "/main/.git/objects", true, FSJ_CAPS_ALL, 0,
	    FSJ_SRC_BASELINE);
	policy_finalize(pol);
}

static void teardown(void)
{
	policy_free(pol);
	pol = NULL;
}

/* guard(path, caps, folder) is refused, its sentence holding want. */
static void refused(const char *path, unsigned caps, bool folder, const char *want)
{
	char *why = refusal_hint_guard(pol, path, caps, folder, NULL);

	ck_assert_msg(why && strstr(why, want), "%s %s: got '%s', want '%s'", path,
		      folder ? "folder" : "file", why ? why : "(offered)", want);
	free(why);
}

static void offered(const char *path, unsigned caps, bool folder)
{
	char *why = refusal_hint_guard(pol, path, caps, folder, NULL);

	ck_assert_msg(!why, "%s: refused: %s", path, why);
}

START_TEST(test_secret_at_under_over)
{
	const unsigned rd = FSJ_CAPBIT(FSJ_CAP_READ);
	bool secret = false;
	char *why = refusal_hint_guard(pol, H "/.ssh/id_ed25519", rd, false, &secret);

	ck_assert_msg(why && secret, "%s", why);
	ck_assert_str_eq(why, "a secret: " H "/.ssh (baseline 'secrets:'): grant it by hand if "
			      "you mean it");
	free(why);
	refused(H "/.ssh", rd, false, "a secret: " H "/.ssh");
	refused(H "/.config/gh", rd, true, "it holds the secret " H "/.config/gh/hosts.yml");
	offered(H "/.config/gh/config.yml", rd, false);
	/* a folder over a secret, whatever the capabilities */
	refused(H "/.config", FSJ_CAPBIT(FSJ_CAP_CREATE), true, "hosts.yml");
	/* the lookups */
	ck_assert_str_eq(policy_secret_at(pol, H "/.ssh/config"), H "/.ssh");
	ck_assert_ptr_null(policy_secret_at(pol, H "/.sshx"));
	ck_assert_str_eq(policy_secret_under(pol, H), H "/.ssh");
	ck_assert_ptr_null(policy_secret_under(pol, H "/.config/gh/config.yml"));
}
END_TEST

START_TEST(test_user_deny_and_protected)
{
	const unsigned c = FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_WRITE);

	/* under the user's deny, whatever the capability */
	refused(H "/data/private/sub/x", c, false,
		"under your deny rule 'private' on " H "/data/private");
	/* over it, with a capability it denies; not with one it does not */
	refused(H "/data", FSJ_CAPBIT(FSJ_CAP_READ), true, "the path your rule denies " H "/data/private");
	offered(H "/data", c, true);
	/* over a protected path with a capability it protects */
	refused(H "/.cargo", c, true, "the protected path " H "/.cargo/bin");
	/* read only: ~/.cargo/bin protects write, create and delete */
	offered(H "/.cargo", FSJ_CAPBIT(FSJ_CAP_READ), true);
	/* a file beside it, and the folder's own files */
	offered(H "/.cargo/.package-cache", c, false);
	refused(H "/.bashrc", c, false, "protected path " H "/.bashrc");
	offered(H "/.bashrc.d-not", c, false);
}
END_TEST

START_TEST(test_linked_worktree_anchors)
{
	const unsigned cd = FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE);

	refused(H "/main/.git", cd, true, "git-linked-worktree");
	refused(H "/main/.git/worktrees", FSJ_CAPBIT(FSJ_CAP_DELETE), false, "git-linked-worktree");
	refused(H "/main/.git/worktrees/wt/gitdir", FSJ_CAPBIT(FSJ_CAP_WRITE), false,
		"git-linked-worktree");
	refused(H "/main/.git/worktrees/wt/commondir", FSJ_CAPBIT(FSJ_CAP_CREATE), false,
		"git-linked-worktree");
	/* what git needs beside them */
	offered(H "/main/.git/refs", cd | FSJ_CAPBIT(FSJ_CAP_WRITE), true);
	offered(H "/main/.git/packed-refs", FSJ_CAPS_MODIFY, false);
	/* the objects grant is no gitdir of a worktree */
	offered(H "/main/.git/objects/pack", cd, true);
}
END_TEST

/* The summary's hint lines for items; caller frees. */
static char *hints(const struct refusal_hint_item *items, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	refusal_hint_print(f, items, n, H, pol);
	fclose(f);
	return buf;
}

START_TEST(test_one_folder_every_capability)
{
	const struct refusal_hint_item items[] = {
		{ .cap = FSJ_CAP_CREATE, .path = H "/.npm/_logs/1-debug.log" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/.npm/_cacache/tmp/a1b2" },
	};
	cleanup_free char *text = hints(items, 2);

	ck_assert_str_eq(text, "  to allow them: mkdir -p " H "/.npm (it does not exist yet), "
			       "then fsjail run --grant read,write,create,delete:" H "/.npm ... "
			       "(this run only), or fsjail allow add read,write,create,delete " H
			       "/.npm folder (kept); fsjail explain " H "/.npm says why\n");
}
END_TEST

START_TEST(test_guarded_folder_files_and_journals)
{
	const struct refusal_hint_item items[] = {
		{ .cap = FSJ_CAP_CREATE, .path = H "/.cargo/.package-cache" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/.cargo/.global-cache" },
		{ .cap = FSJ_CAP_READ, .path = H "/.ssh/id_ed25519" },
	};
	cleanup_free char *text = hints(items, 3);

	ck_assert_msg(!strstr(text, ":" H "/.cargo "), "%s", text);
	ck_assert_msg(strstr(text, "--grant write,create:" H "/.cargo/.package-cache "), "%s", text);
	ck_assert_msg(strstr(text, "--grant write,create,delete:" H "/.cargo/.global-cache-journal "),
		      "%s", text);
	ck_assert_msg(strstr(text, "  no grant offered for read " H "/.ssh/id_ed25519: a secret: "),
		      "%s", text);
	/* one line for the files of ~/.cargo, one for the secret */
	ck_assert_int_eq((int)(strchr(strchr(text, '\n') + 1, '\n') - text + 1), (int)strlen(text));
}
END_TEST

/* user14: files right in home are different tools' (wget, bash), none a
 * SQLite database: no -journal grant is offered next to them. (vim's
 * ~/.viminfo, here before, gets no grant since user16: t0392.) */
START_TEST(test_home_files_no_journals)
{
	const struct refusal_hint_item items[] = {
		{ .cap = FSJ_CAP_CREATE, .path = H "/.wget-hsts" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/.bash_history" },
	};
	cleanup_free char *text = hints(items, 2);

	ck_assert_msg(strstr(text, "--grant write,create:" H "/.wget-hsts "), "%s", text);
	ck_assert_msg(strstr(text, "--grant write,create:" H "/.bash_history "), "%s", text);
	ck_assert_msg(!strstr(text, "-journal"), "%s", text);
}
END_TEST

START_TEST(test_mkdir_offered_as_folder_and_report)
{
	const struct refusal_hint_item mk = { .cap = FSJ_CAP_CREATE, .path = H "/.cache/tool",
					      .dir = true };
	struct refusal_hint h;
	cJSON *o = cJSON_CreateObject();
	char *s;

	refusal_hint_one(pol, H, &mk, &h);
	ck_assert_str_eq(h.path, H "/.cache/tool");
	ck_assert(h.folder);
	ck_assert_uint_eq(h.caps, FSJ_CAPS_MODIFY | FSJ_CAPBIT(FSJ_CAP_READ));
	refusal_hint_release(&h);
	/* the home itself is never offered */
	refusal_hint_one(pol, H, &(struct refusal_hint_item){ .cap = FSJ_CAP_READ, .path = H }, &h);
	ck_assert_ptr_null(h.path);
	ck_assert_ptr_nonnull(strstr(h.why, "home folder"));
	refusal_hint_release(&h);
	refusal_hint_json(o, pol, H, &(struct refusal_hint_item){ .cap = FSJ_CAP_CREATE,
			  .path = H "/w/.env", .why_not = "your own deny rule refused it" });
	s = cJSON_PrintUnformatted(o);
	ck_assert_str_eq(s, "{\"hint\":null,\"hint_reason\":\"your own deny rule refused it\"}");
	free(s);
	cJSON_Delete(o);
	o = cJSON_CreateObject();
	refusal_hint_json(o, pol, H, &mk);
	s = cJSON_PrintUnformatted(o);
	ck_assert_str_eq(s, "{\"hint\":{\"grant\":\"read,write,create,delete:" H "/.cache/tool\","
			    "\"capabilities\":[\"read\",\"write\",\"create\",\"delete\"],"
			    "\"path\":\"" H "/.cache/tool\",\"folder\":true},\"hint_reason\":null}");
	free(s);
	cJSON_Delete(o);
}
END_TEST

START_TEST(test_secrets_through_parse_and_cache)
{
	char dir[PATH_MAX], file[PATH_MAX + 16];
	struct fsj_vars v = { .home = "/home/u" };
	struct fsj_ruleset rs, back;
	struct fsj_error err = { 0 };
	char **roots = NULL, **roots2 = NULL, *buf;
	size_t n = 0, n2 = 0, len;
	FILE *f;

	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "check_hint", dir), 0);
	snprintf(file, sizeof(file), "%s/b.yaml", dir);
	f = fopen(file, "w");
	fputs("baseline:\nprotected:\nsecrets:\n  - ${HOME}/.ssh\n  - ${HOME}/.netrc\n"
	      "user_data_roots:\n  - /home\n", f);
	fclose(f);
	ck_assert_int_eq(fsj_baseline_parse(file, &v, FSJ_TIER_FULL, &rs, &roots, &n, &err), 0);
	ck_assert_uint_eq(rs.n_secrets, 2);
	ck_assert_str_eq(rs.secrets[0], "/home/u/.ssh");
	ck_assert_str_eq(rs.secrets[1], "/home/u/.netrc");
	buf = policy_cache_format("K\n", &rs, roots, n, &len);
	ck_assert_int_eq(policy_cache_parse(buf, len, "K\n", "baseline", &back, &roots2, &n2), 0);
	ck_assert_uint_eq(back.n_secrets, 2);
	ck_assert_str_eq(back.secrets[1], "/home/u/.netrc");
	ck_assert_uint_eq(n2, 1);
	fsj_ruleset_release(&back);
	/* a rules entry holds no secrets */
	ck_assert_int_eq(policy_cache_parse(buf, len, "K\n", "rules", &back, NULL, NULL), -1);
	free(buf);
	free(roots2[0]);
	free(roots2);
	fsj_ruleset_release(&rs);
	free(roots[0]);
	free(roots);
	/* a secret must be a path */
	f = fopen(file, "w");
	fputs("baseline:\nprotected:\nsecrets: {a: 1}\nuser_data_roots:\n", f);
	fclose(f);
	ck_assert_int_eq(fsj_baseline_parse(file, &v, FSJ_TIER_FULL, &rs, NULL, NULL, &err), -1);
	ck_assert_msg(strstr(err.text, "'secrets' must be a sequence of paths"), "%s", err.text);
	tu_rm_tree(dir);
}
END_TEST

/* hint13: names made anew on every run, and names that are not */
START_TEST(test_generated_names)
{
	static const struct {
		const char *name, *want;
	} cases[] = {
		{ "2026-12-03T10_11_12_345Z-debug-0.log", "a timestamp" }, /* npm's log */
		{ "build-20261203.log", "a timestamp" },
		{ "run_10:11:12.txt", "a timestamp" },
		{ "0f8e7d6c-1a2b-4c3d-8e9f-0a1b2c3d4e5f.json", "a UUID" },
		{ "core.123456", "a process id or counter" },
		{ "settings.json.1733221872", "a process id or counter" },
		{ "tmp.Ab3dEf9hIj", "a random suffix" }, /* mktemp(1) */
		{ "tmpk3j_9x2aq", "a random suffix" },   /* Python's tempfile */
		{ "sedA1b2C3", "a random suffix" },      /* sed -i */
		{ "1a2b3c4d", "a random suffix" },       /* npm's _cacache/tmp */
		{ "package.json.3f9a21bc", "a random suffix" }, /* write-file-atomic */
		{ "x9y8z7w6.tmp", "a random suffix" },
	};
	static const char *const stable[] = {
		"id_ed25519", "python3.12", "libc.so.6", "4913", "utf8mb4.cnf", "sha512sum",
		"config.toml", "index-v5", "Cargo.lock", ".package-cache", "x86_64-linux-gnu",
		"tmpfiles.d", "2026", "v1.2.3", "notes-2.txt", "deadbeef", "Qt5Core.so",
		"report-1999.pdf", "1234.log", "25:61:00",
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = refusal_hint_generated(cases[i].name);

		ck_assert_msg(got && strcmp(got, cases[i].want) == 0, "%s: got %s, want %s",
			      cases[i].name, got ? got : "(stable)", cases[i].want);
	}
	for (size_t i = 0; i < sizeof(stable) / sizeof(stable[0]); i++)
		ck_assert_msg(!refusal_hint_generated(stable[i]), "%s: got %s", stable[i],
			      refusal_hint_generated(stable[i]));
}
END_TEST

/* hint13: the folders no hint offers for refusals beneath them */
START_TEST(test_wide_folders)
{
	static const char *const wide[] = {
		"/", "/etc", "/tmp", "/usr", "/opt", "/usr/lib", "/usr/local", "/usr/local/lib",
		"/var/lib", "/var/tmp", "/dev/shm", "/run/user", "/home", "/home/other",
		"/nonexistent-check-hint", H, H "/Documents", H "/src", H "/.config", H "/.cache",
		H "/.local", H "/.local/share", H "/.local/state",
	};
	static const char *const narrow[] = {
		"/etc/apt", "/opt/tool", "/usr/lib/python3", "/var/lib/apt", "/usr/local/lib/node",
		"/home/other/x", H "/.npm", H "/.npm/_logs", H "/Documents/taxes",
		H "/.config/tool", H "/.local/share/tool", H "/.cache/pip",
	};

	policy_free(pol);
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	pol->user_data_roots = xcalloc(1, sizeof(char *));
	pol->user_data_roots[0] = xstrdup("/home");
	pol->n_user_data_roots = 1;
	for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
		ck_assert_msg(refusal_hint_wide(pol, wide[i], H, false), "%s: offered", wide[i]);
	for (size_t i = 0; i < sizeof(narrow) / sizeof(narrow[0]); i++)
		ck_assert_msg(!refusal_hint_wide(pol, narrow[i], H, false), "%s: %s", narrow[i],
			      refusal_hint_wide(pol, narrow[i], H, false));
	/* a new folder of home the command was making is its own */
	ck_assert_ptr_null(refusal_hint_wide(pol, H "/newtool", H, true));
	ck_assert_ptr_nonnull(refusal_hint_wide(pol, H "/.config", H, true));
}
END_TEST

/* hint13: grouping never widens to a wide folder, nor over anything
 * guarded the refusals never touched */
START_TEST(test_group_never_widens)
{
	const struct refusal_hint_item docs[] = {
		{ .cap = FSJ_CAP_CREATE, .path = H "/Documents/a/x" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/Documents/b/y" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/.config/a/1" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/.config/b/2" },
		{ .cap = FSJ_CAP_CREATE, .path = "/etc/a/1" },
		{ .cap = FSJ_CAP_CREATE, .path = "/etc/b/2" },
		{ .cap = FSJ_CAP_CREATE, .path = "/var/lib/a/1" },
		{ .cap = FSJ_CAP_CREATE, .path = "/var/lib/b/2" },
	};
	/* ~/data holds ~/data/private (the user's read deny): a write grant
	 * over it was offered, as write is not what the rule denies */
	const struct refusal_hint_item data[] = {
		{ .cap = FSJ_CAP_CREATE, .path = H "/data/a/x" },
		{ .cap = FSJ_CAP_CREATE, .path = H "/data/b/y" },
	};
	cleanup_free char *t1 = hints(docs, 8);
	cleanup_free char *t2 = hints(data, 2);
	static const char *const never[] = { ":" H "/Documents ", ":" H "/.config ", ":/etc ",
					     ":/var/lib ", ":/var ", ":" H " " };

	for (size_t i = 0; i < sizeof(never) / sizeof(never[0]); i++)
		ck_assert_msg(!strstr(t1, never[i]), "offered %s:\n%s", never[i], t1);
	ck_assert_msg(strstr(t1, "--grant write,create:" H "/Documents/a/x "), "%s", t1);
	ck_assert_msg(!strstr(t2, ":" H "/data "), "%s", t2);
	ck_assert_msg(strstr(t2, "--grant write,create:" H "/data/a/x "), "%s", t2);
}
END_TEST

/* hint13: a name made anew on every run is offered its folder, saying
 * why; not when the folder is too wide or the name is a secret's */
START_TEST(test_generated_offers_folder)
{
	const struct refusal_hint_item log = {
		.cap = FSJ_CAP_CREATE, .path = H "/.npm/_logs/2026-12-03T10_11_12_345Z-debug-0.log"
	};
	struct refusal_hint h;
	cleanup_free char *text = hints(&log, 1);

	ck_assert_str_eq(text, "  to allow it: mkdir -p " H "/.npm/_logs (it does not exist yet), "
			       "then fsjail run --grant read,write,create,delete:" H "/.npm/_logs ... "
			       "(this run only), or fsjail allow add read,write,create,delete " H
			       "/.npm/_logs folder (kept); fsjail explain " H "/.npm/_logs says why\n"
			       "  (2026-12-03T10_11_12_345Z-debug-0.log is named anew on every run "
			       "(a timestamp): a grant on it would not hold next time, so its folder "
			       "is offered)\n");
	refusal_hint_one(pol, H, &(struct refusal_hint_item){ .cap = FSJ_CAP_WRITE,
			 .path = H "/Documents/tmp.Ab3dEf9hIj" }, &h);
	ck_assert_ptr_null(h.path);
	ck_assert_msg(strstr(h.why, "named anew on every run (a random suffix)") &&
			      strstr(h.why, "top-level folder of home"), "%s", h.why);
	refusal_hint_release(&h);
	/* a folder made anew on every run: its parent */
	refusal_hint_one(pol, H, &(struct refusal_hint_item){ .cap = FSJ_CAP_CREATE,
			 .path = H "/.cache/tool/tmp.Ab3dEf9hIj", .dir = true }, &h);
	ck_assert_str_eq(h.path, H "/.cache/tool");
	ck_assert(h.folder);
	ck_assert_ptr_nonnull(h.note);
	refusal_hint_release(&h);
	/* a secret's file keeps its own reason */
	refusal_hint_one(pol, H, &(struct refusal_hint_item){ .cap = FSJ_CAP_READ,
			 .path = H "/.ssh/id_1a2b3c4d" }, &h);
	ck_assert_msg(h.why && strstr(h.why, "a secret: "), "%s", h.why);
	refusal_hint_release(&h);
}
END_TEST

static Suite *hint_suite(void)
{
	Suite *s = suite_create("hint");
	TCase *tc = tcase_create("guard");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_secret_at_under_over);
	tcase_add_test(tc, test_user_deny_and_protected);
	tcase_add_test(tc, test_linked_worktree_anchors);
	tcase_add_test(tc, test_one_folder_every_capability);
	tcase_add_test(tc, test_guarded_folder_files_and_journals);
	tcase_add_test(tc, test_home_files_no_journals);
	tcase_add_test(tc, test_mkdir_offered_as_folder_and_report);
	tcase_add_test(tc, test_secrets_through_parse_and_cache);
	tcase_add_test(tc, test_generated_names);
	tcase_add_test(tc, test_wide_folders);
	tcase_add_test(tc, test_group_never_widens);
	tcase_add_test(tc, test_generated_offers_folder);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(hint_suite(), CK_FORK_GETENV);
}
