/* check_rulesfile.c - unit tests for text-preserving edits of the rules
 * file (rulesfile.h; issue 5): each case is a file before, an edit, and
 * the exact file after - or a refusal that leaves the file as it was. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "policy.h"
#include "rulesfile.h"
#include "testutil.h"
#include "util.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)

static char scratch[] = "/tmp/check_rulesfile.XXXXXX";
static char *file;

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(scratch));
	file = xasprintf("%s/rules.yaml", scratch);
}

static void teardown(void)
{
	cleanup_free char *cmd = xasprintf("rm -rf '%s'", scratch);
	ck_assert_int_eq(system(cmd), 0);
	free(file);
	strcpy(scratch, "/tmp/check_rulesfile.XXXXXX");
}

static void put(const char *text)
{
	FILE *f = fopen(file, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* The file's text with every `created: "..."` value replaced by "T". */
static char *get(void)
{
	char *text = NULL;
	size_t len;
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(read_file(file, 1 << 20, &text, &len), 0);
	for (char *p = text; *p;) {
		char *c = strstr(p, "created: \"");
		if (!c) {
			sb_adds(&sb, p);
			break;
		}
		sb_add(&sb, p, (size_t)(c - p) + 10);
		sb_adds(&sb, "T\"");
		p = strchr(c + 10, '"') + 1;
	}
	free(text);
	return sb_detach(&sb);
}

static const struct rulesfile_ctx *rc(void)
{
	static struct rulesfile_ctx c;
	c = (struct rulesfile_ctx){ file, "/home/u", "/w" };
	return &c;
}

static size_t count_rules(void)
{
	struct fsj_ruleset rs;
	struct fsj_error err;
	size_t n;

	ck_assert_int_eq(fsj_rules_load(file, "/home/u", "/w", &rs, &err), 0);
	n = rs.n;
	fsj_ruleset_release(&rs);
	return n;
}

static const struct rulesfile_rule one = { "/w/new", false, W };

static const struct {
	const char *before;
	const char *after;
} adds[] = {
	/* no file at all is the first case (before NULL) */
	{ NULL,
	  "rules:\n  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n    created: \"T\"\n" },
	{ "",
	  "rules:\n  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n    created: \"T\"\n" },
	{ "# only a comment",
	  "# only a comment\nrules:\n  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n"
	  "    created: \"T\"\n" },
	{ "rules: []\n",
	  "rules: \n  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n    created: \"T\"\n" },
	{ "rules: ~   # none yet\n# tail\n",
	  "rules:    # none yet\n  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n"
	  "    created: \"T\"\n# tail\n" },
	/* a zero-indented list keeps its indentation */
	{ "rules:\n- path: /w/a\n  allow: [read]\n",
	  "rules:\n- path: /w/a\n  allow: [read]\n- path: \"/w/new\"\n  recursive: false\n"
	  "  allow: [write]\n  created: \"T\"\n" },
	/* no newline at the end of the file */
	{ "rules:\n    - path: /w/a\n      allow: [read]",
	  "rules:\n    - path: /w/a\n      allow: [read]\n    - path: \"/w/new\"\n"
	  "      recursive: false\n      allow: [write]\n      created: \"T\"\n" },
	/* multi-byte characters before the insertion point: libyaml marks
	 * count characters, the splice counts bytes */
	{ "# règles über alles\nrules:\n  - path: \"/w/é/ü\"  # ça\n    allow: [read]\n# fin\n",
	  "# règles über alles\nrules:\n  - path: \"/w/é/ü\"  # ça\n    allow: [read]\n"
	  "  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n    created: \"T\"\n# fin\n" },
	/* flow entries and a trailing comment on the last value */
	{ "rules:\n  - {path: /w/a, allow: [read]}   # a\n  - path: /w/b\n    deny: [read]  # b\n",
	  "rules:\n  - {path: /w/a, allow: [read]}   # a\n  - path: /w/b\n    deny: [read]  # b\n"
	  "  - path: \"/w/new\"\n    recursive: false\n    allow: [write]\n    created: \"T\"\n" },
};

START_TEST(test_add)
{
	char *got;

	if (adds[_i].before)
		put(adds[_i].before);
	{
		struct fsj_error err = { { 0 } };
		ck_assert_msg(rulesfile_add(rc(), &one, 1, &err) == 0, "case %d: %s", _i, err.text);
	}
	got = get();
	ck_assert_msg(strcmp(got, adds[_i].after) == 0, "case %d:\n--- expected\n%s--- got\n%s", _i,
		      adds[_i].after, got);
	free(got);
}
END_TEST

START_TEST(test_quoting)
{
	struct rulesfile_rule r = { "/w/a \"quoted\" \\ path: # x", true, R | X };
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(rulesfile_add(rc(), &r, 1, &err), 0);
	ck_assert_int_eq(fsj_rules_load(file, "/home/u", "/w", &rs, &err), 0);
	ck_assert_uint_eq(rs.n, 1);
	ck_assert_str_eq(rs.rules[0].path, "/w/a \"quoted\" \\ path: # x");
	ck_assert(rs.rules[0].recursive);
	ck_assert_uint_eq(rs.rules[0].allow, R | X);
	fsj_ruleset_release(&rs);
}
END_TEST

static const char three[] =
	"# head\n"
	"rules:\n"
	"  # about a\n"
	"  - path: /w/a   # a\n"
	"    allow: [read]\n"
	"\n"
	"  # about b\n"
	"  - path: /w/b\n"
	"    allow: [write]\n"
	"  - {path: /w/c, allow: [execute]}\n"
	"# tail\n";

START_TEST(test_remove)
{
	static const char *const after[] = {
		"# head\nrules:\n  # about a\n\n  # about b\n  - path: /w/b\n    allow: [write]\n"
		"  - {path: /w/c, allow: [execute]}\n# tail\n",
		"# head\nrules:\n  # about a\n  - path: /w/a   # a\n    allow: [read]\n\n  # about b\n"
		"  - {path: /w/c, allow: [execute]}\n# tail\n",
		"# head\nrules:\n  # about a\n  - path: /w/a   # a\n    allow: [read]\n\n  # about b\n"
		"  - path: /w/b\n    allow: [write]\n# tail\n",
	};
	struct fsj_error err = { { 0 } };
	char *got;

	put(three);
	ck_assert_int_eq(rulesfile_remove(rc(), (size_t)_i, &err), 0);
	got = get();
	ck_assert_msg(strcmp(got, after[_i]) == 0, "remove %d:\n%s", _i, got);
	ck_assert_uint_eq(count_rules(), 2);
	free(got);
}
END_TEST

START_TEST(test_remove_past_end)
{
	struct fsj_error err = { { 0 } };
	char *got;

	put(three);
	ck_assert_int_eq(rulesfile_remove(rc(), 3, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "no rule 4"));
	got = get();
	ck_assert_str_eq(got, three);
	free(got);
}
END_TEST

START_TEST(test_clear)
{
	struct fsj_error err = { { 0 } };
	char *got;

	put(three);
	ck_assert_int_eq(rulesfile_clear(rc(), &err), 0);
	got = get();
	ck_assert_str_eq(got, "# head\nrules:\n  # about a\n# tail\n");
	ck_assert_uint_eq(count_rules(), 0);
	free(got);
	/* and a rule can be added again */
	ck_assert_int_eq(rulesfile_add(rc(), &one, 1, &err), 0);
	ck_assert_uint_eq(count_rules(), 1);
}
END_TEST

/* Files fsjail must not rewrite: refused, left byte for byte. */
static const struct {
	const char *text;
	const char *why;
} refusals[] = {
	{ "rules:\n  - &a\n    path: /w/a\n    allow: [read]\n", "anchors" },
	{ "rules: [{path: /w/a, allow: [read]}]\n", "flow-style" },
	{ "rules:\n  - path: /w/a\n    allow: [read]\n...\n", "'...'" },
	{ "rules: [\n", "" },                     /* not YAML: the loader's error */
	{ "rules:\n  - path: /w/a\n", "neither" }, /* not a valid rule */
};

START_TEST(test_refusals)
{
	struct fsj_error err = { { 0 } };
	char *got;

	put(refusals[_i].text);
	ck_assert_int_eq(rulesfile_add(rc(), &one, 1, &err), -1);
	ck_assert_msg(strstr(err.text, refusals[_i].why) != NULL, "case %d: '%s'", _i, err.text);
	got = get();
	ck_assert_str_eq(got, refusals[_i].text);
	free(got);
}
END_TEST

START_TEST(test_symlink_refused)
{
	cleanup_free char *target = xasprintf("%s/real.yaml", scratch);
	struct fsj_error err = { { 0 } };
	struct stat st;
	FILE *f = fopen(target, "w");

	fputs("rules: []\n", f);
	fclose(f);
	ck_assert_int_eq(symlink(target, file), 0);
	ck_assert_int_eq(rulesfile_add(rc(), &one, 1, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "symbolic link"));
	ck_assert_int_eq(lstat(file, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
}
END_TEST

START_TEST(test_mode_kept)
{
	struct fsj_error err = { { 0 } };
	struct stat st;

	put("rules: []\n");
	ck_assert_int_eq(chmod(file, 0640), 0);
	ck_assert_int_eq(rulesfile_add(rc(), &one, 1, &err), 0);
	ck_assert_int_eq(stat(file, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
}
END_TEST

static Suite *rulesfile_suite(void)
{
	Suite *s = suite_create("rulesfile");
	TCase *tc = tcase_create("edits");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_add, 0, (int)(sizeof(adds) / sizeof(adds[0])));
	tcase_add_test(tc, test_quoting);
	tcase_add_loop_test(tc, test_remove, 0, 3);
	tcase_add_test(tc, test_remove_past_end);
	tcase_add_test(tc, test_clear);
	tcase_add_loop_test(tc, test_refusals, 0, (int)(sizeof(refusals) / sizeof(refusals[0])));
	tcase_add_test(tc, test_symlink_refused);
	tcase_add_test(tc, test_mode_kept);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(rulesfile_suite(), CK_FORK_GETENV);
}
