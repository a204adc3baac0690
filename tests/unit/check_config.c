/* check_config.c - unit tests for the YAML readers, fsjail's files and the
 * command context (DESIGN.md sections 3, 4 and 12). Each test writes its
 * YAML into a scratch directory; refusals must name FILE:LINE:COL. */
#include "config.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)

#define PROFILES FSJAIL_TEST_SRCDIR "/../profiles"

static char tree[PATH_MAX];
/* a workspace outside /tmp (see outside_ws()) */
static char outside[PATH_MAX];

/* A scratch tree per test (the fixture runs in the forked test) with
 * home/, ws/ and an FSJAIL_HOME at fsj/; the environment points there. */
static void make_tree(void)
{
	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "fsjail-config", tree), 0);
	cleanup_free char *home = xasprintf("%s/home", tree);
	cleanup_free char *ws = xasprintf("%s/ws", tree);
	cleanup_free char *fsj = xasprintf("%s/fsj", tree);
	ck_assert_int_eq(mkdir_p(home, 0755), 0);
	ck_assert_int_eq(mkdir_p(ws, 0755), 0);
	setenv("HOME", home, 1);
	setenv("FSJAIL_HOME", fsj, 1);
	setenv("FSJAIL_DATADIR", PROFILES, 1);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("XDG_STATE_HOME");
	setenv("TMPDIR", "/tmp", 1);
}

static void remove_tree(void)
{
	tu_rm_tree(tree);
	tu_rm_tree(outside);
}

/* A workspace in the current (build) directory: the scratch tree lies
 * under /tmp, where the baseline grants all five capabilities, and a
 * workspace there would inherit delete from it. */
static const char *outside_ws(void)
{
	ck_assert_int_eq(tu_mkdtemp_in(".", "check_config-ws", outside), 0);
	return outside;
}

/* tree + suffix; caller frees */
static char *tp(const char *suffix)
{
	return xasprintf("%s%s", tree, suffix);
}

/* Write text to tree/name (parents created); returns the path (caller frees). */
static char *put(const char *name, const char *text)
{
	char *p = tp(name);
	cleanup_free char *dir = path_dirname(p);
	FILE *f;

	ck_assert_int_eq(mkdir_p(dir, 0755), 0);
	f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
	return p;
}

/* rc is -1 and err reads "FILE:LINE:COL: ..." (col 0: "FILE:LINE: ")
 * and contains what. */
static void expect_err(int rc, const struct fsj_error *err, const char *file,
		       unsigned long line, unsigned long col, const char *what)
{
	cleanup_free char *prefix = col ? xasprintf("%s:%lu:%lu: ", file, line, col)
					: line ? xasprintf("%s:%lu: ", file, line)
					       : xasprintf("%s: ", file);

	ck_assert_int_eq(rc, -1);
	ck_assert_msg(strncmp(err->text, prefix, strlen(prefix)) == 0,
		      "error '%s' does not start with '%s'", err->text, prefix);
	ck_assert_msg(strstr(err->text, what) != NULL, "error '%s' does not say '%s'", err->text,
		      what);
}

/* Load text as a rules file against workspace tree/ws; on error check that
 * nothing partial is left and that the position is reported. */
static void rules_refused(const char *text, unsigned long line, unsigned long col,
			  const char *what)
{
	cleanup_free char *p = put("/rules.yaml", text);
	cleanup_free char *ws = tp("/ws");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	expect_err(fsj_rules_load(p, "/h", ws, &rs, &err), &err, p, line, col, what);
	ck_assert_uint_eq(rs.n, 0);
	ck_assert_ptr_null(rs.rules);
}

static void config_refused(const char *text, unsigned long line, unsigned long col,
			   const char *what)
{
	cleanup_free char *p = put("/config.yaml", text);
	struct fsj_config c;
	struct fsj_error err = { { 0 } };

	expect_err(fsj_config_load(p, "/h", &c, &err), &err, p, line, col, what);
	/* nothing partial: the defaults */
	ck_assert_ptr_null(c.workspace);
	ck_assert_ptr_null(c.audit_path);
	ck_assert_uint_eq(c.grants.n, 0);
	ck_assert(!c.mode_set);
	ck_assert_int_eq(c.enforce, FSJ_ENFORCE_AUTO);
}

static const struct fsj_rule *find_rule(const struct fsj_ruleset *rs, const char *path,
					enum fsj_source src)
{
	for (size_t i = 0; i < rs->n; i++) {
		if (strcmp(rs->rules[i].path, path) == 0 && rs->rules[i].source == src)
			return &rs->rules[i];
	}
	return NULL;
}

/* ------------------------------------------------------------------------
 * rules.yaml
 */

START_TEST(test_rules_good)
{
	cleanup_free char *p = put("/rules.yaml",
				   "# a comment\n"
				   "rules:\n"
				   "  - id: ssh-keys\n"
				   "    path: ~/.ssh/\n"
				   "    recursive: true\n"
				   "    allow: [read]\n"
				   "    deny: [write, create, delete, execute]\n"
				   "    hits: 12\n"
				   "    created: 2024-05-01T10:00:00Z\n"
				   "  - path: /opt//x/./y/../z\n"
				   "    recursive: false\n"
				   "    allow:\n"
				   "      - execute\n"
				   "  - path: build/../out\n"
				   "    deny: []\n");
	cleanup_free char *ws = tp("/ws");
	cleanup_free char *out = tp("/ws/out");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(fsj_rules_load(p, "/h", ws, &rs, &err), 0);
	ck_assert_uint_eq(rs.n, 3);

	ck_assert_str_eq(rs.rules[0].id, "ssh-keys");
	ck_assert_str_eq(rs.rules[0].path, "/h/.ssh");
	ck_assert_ptr_nonnull(rs.rules[0].resolved);
	ck_assert(rs.rules[0].recursive);
	ck_assert_uint_eq(rs.rules[0].allow, R);
	ck_assert_uint_eq(rs.rules[0].deny, W | C | D | X);
	ck_assert_int_eq(rs.rules[0].source, FSJ_SRC_RULES);
	cleanup_free char *origin = xasprintf("%s:3", p);
	ck_assert_str_eq(rs.rules[0].origin, origin);

	ck_assert_ptr_null(rs.rules[1].id);
	ck_assert_str_eq(rs.rules[1].path, "/opt/x/z");
	ck_assert(!rs.rules[1].recursive);
	ck_assert_uint_eq(rs.rules[1].allow, X);
	ck_assert_uint_eq(rs.rules[1].deny, 0);

	/* relative: against the workspace (DESIGN.md section 3) */
	ck_assert_str_eq(rs.rules[2].path, out);
	ck_assert(rs.rules[2].recursive);
	fsj_ruleset_release(&rs);
	ck_assert_ptr_null(rs.rules);
}
END_TEST

START_TEST(test_rules_missing_and_empty)
{
	cleanup_free char *missing = tp("/nope/rules.yaml");
	cleanup_free char *empty = put("/empty.yaml", "");
	cleanup_free char *comments = put("/comments.yaml", "# nothing yet\n---\n");
	cleanup_free char *nulls = put("/null.yaml", "rules:\n");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(fsj_rules_load(missing, NULL, NULL, &rs, &err), 0);
	ck_assert_uint_eq(rs.n, 0);
	ck_assert_int_eq(fsj_rules_load(empty, NULL, NULL, &rs, &err), 0);
	ck_assert_uint_eq(rs.n, 0);
	ck_assert_int_eq(fsj_rules_load(comments, NULL, NULL, &rs, &err), 0);
	ck_assert_uint_eq(rs.n, 0);
	ck_assert_int_eq(fsj_rules_load(nulls, NULL, NULL, &rs, &err), 0);
	ck_assert_uint_eq(rs.n, 0);
}
END_TEST

START_TEST(test_rules_unreadable)
{
	/* chmod 000 does not stop root: a directory in place of the file */
	cleanup_free char *dir = tp("/rules.yaml");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(mkdir(dir, 0755), 0);
	expect_err(fsj_rules_load(dir, NULL, NULL, &rs, &err), &err, dir, 0, 0, "cannot read");
	ck_assert_ptr_nonnull(strstr(err.text, "directory"));
	ck_assert_uint_eq(rs.n, 0);
}
END_TEST

START_TEST(test_rules_too_large)
{
	cleanup_free char *p = tp("/big.yaml");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };
	FILE *f = fopen(p, "w");

	ck_assert_ptr_nonnull(f);
	for (unsigned i = 0; i <= FSJ_YAML_MAX_BYTES / 16; i++)
		fputs("# padding.....\n\n", f);
	fclose(f);
	expect_err(fsj_rules_load(p, NULL, NULL, &rs, &err), &err, p, 0, 0, "larger than");
}
END_TEST

START_TEST(test_syntax_error)
{
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: [read\n"
		      "  - path: /b\n",
		      4, 9, "YAML syntax error: did not find expected ',' or ']'");
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "   allow: [read]\n",
		      3, 4, "YAML syntax error: did not find expected '-' indicator");
}
END_TEST

START_TEST(test_invalid_utf8)
{
	/* libyaml's reader reports a byte offset; it is turned into a position */
	rules_refused("rules:\n  - path: /a\xff\n", 2, 13, "YAML syntax error");
}
END_TEST

START_TEST(test_top_not_mapping)
{
	rules_refused("- path: /a\n  allow: [read]\n", 1, 1, "top level must be a mapping");
	rules_refused("just words\n", 1, 1, "top level must be a mapping, not a scalar");
}
END_TEST

START_TEST(test_unknown_keys)
{
	rules_refused("rule:\n  - path: /a\n", 1, 1, "unknown key 'rule'");
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: [read]\n"
		      "    colour: red\n",
		      4, 5, "unknown key 'colour' in a rule");
	/* baseline keys are not rule keys */
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    pass: [read]\n",
		      3, 5, "unknown key 'pass'");
}
END_TEST

START_TEST(test_unknown_capability)
{
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: [read, fly]\n",
		      3, 19, "unknown capability 'fly'");
}
END_TEST

START_TEST(test_caps_not_a_sequence)
{
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: read\n",
		      3, 12, "'allow' must be a sequence of capabilities, not a scalar");
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    deny: [[read]]\n",
		      3, 12, "'deny' must be a sequence of capabilities");
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    deny:\n",
		      3, 10, "'deny' must be a sequence of capabilities");
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: [read]\n"
		      "    deny: [read]\n",
		      2, 5, "'read' is both allowed and denied");
}
END_TEST

START_TEST(test_rule_shape)
{
	rules_refused("rules:\n  - /a\n", 2, 5, "a rule must be a mapping");
	rules_refused("rules:\n  - allow: [read]\n", 2, 5, "rule has no 'path'");
	rules_refused("rules:\n  - path: /a\n", 2, 5, "neither 'allow' nor 'deny'");
	rules_refused("rules: /a\n", 1, 8, "'rules' must be a sequence of rules");
}
END_TEST

START_TEST(test_duplicate_id)
{
	rules_refused("rules:\n"
		      "  - id: one\n"
		      "    path: /a\n"
		      "    allow: [read]\n"
		      "  - id: two\n"
		      "    path: /b\n"
		      "    allow: [read]\n"
		      "  - id: one\n"
		      "    path: /c\n"
		      "    allow: [read]\n",
		      8, 9, "duplicate id 'one' (first at line 2)");
}
END_TEST

START_TEST(test_path_refusals)
{
	/* a "\0" escape delivers a NUL inside the scalar */
	rules_refused("rules:\n  - path: \"/a\\0/etc\"\n    allow: [read]\n", 2, 11,
		      "contains a NUL byte");
	rules_refused("rules:\n  - path: \"\"\n    allow: [read]\n", 2, 11, "empty path");
	rules_refused("rules:\n  - path:\n    allow: [read]\n", 2, 10, "empty path");
	rules_refused("rules:\n  - path: ~bob/.ssh\n    allow: [read]\n", 2, 11,
		      "'~user' paths are not supported");
	rules_refused("rules:\n  - path: $HOME/.ssh\n    deny: [read]\n", 2, 11,
		      "looks like it uses a variable");
	rules_refused("rules:\n  - path: /w/${X}/a\n    deny: [read]\n", 2, 11,
		      "looks like it uses a variable");
	rules_refused("rules:\n  - path: [/a]\n    allow: [read]\n", 2, 11,
		      "'path' must be a path, not a sequence");
}
END_TEST

START_TEST(test_relative_refused_without_workspace)
{
	cleanup_free char *p = put("/rules.yaml", "rules:\n  - path: src\n    allow: [read]\n");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	expect_err(fsj_rules_load(p, "/h", NULL, &rs, &err), &err, p, 2, 11,
		   "relative path 'src' not allowed here");
}
END_TEST

START_TEST(test_recursive_type)
{
	rules_refused("rules:\n  - path: /a\n    recursive: yes\n    allow: [read]\n", 3, 16,
		      "'recursive' must be true or false, not 'yes'");
	rules_refused("rules:\n  - path: /a\n    recursive: \"true\"\n    allow: [read]\n", 3, 16,
		      "'recursive' must be true or false");
	rules_refused("rules:\n  - path: /a\n    hits: many\n    allow: [read]\n", 3, 11,
		      "'hits' must be a non-negative integer");
}
END_TEST

START_TEST(test_duplicate_key)
{
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: [read]\n"
		      "    path: /b\n",
		      4, 5, "duplicate key 'path' (first at line 2)");
	rules_refused("rules: []\nrules: []\n", 2, 1, "duplicate key 'rules'");
}
END_TEST

START_TEST(test_aliases_anchors_tags_documents)
{
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: &caps [read]\n",
		      3, 12, "anchors are not supported");
	rules_refused("rules:\n"
		      "  - path: /a\n"
		      "    allow: *caps\n",
		      3, 12, "aliases are not supported");
	rules_refused("rules:\n"
		      "  - path: !!str /a\n"
		      "    allow: [read]\n",
		      2, 11, "tags are not supported");
	rules_refused("rules: []\n---\nrules: []\n", 2, 1, "more than one YAML document");
}
END_TEST

/* ------------------------------------------------------------------------
 * config.yaml
 */

START_TEST(test_config_good)
{
	cleanup_free char *p = put("/config.yaml",
				   "mode: read-only\n"
				   "enforce: guarded\n"
				   "workspace: ~/src/proj/\n"
				   "network: deny\n"
				   "grants:\n"
				   "  - id: brew\n"
				   "    path: /opt/homebrew/bin/gh\n"
				   "    recursive: false\n"
				   "    allow: [execute]\n"
				   "backup:\n"
				   "  enabled: false\n"
				   "  max_size_mb: 64\n"
				   "  deleteMode: unlink\n"
				   "audit:\n"
				   "  enabled: false\n"
				   "  path: /var/log//fsjail.ndjson\n"
				   "accept_partial: true\n"
				   "report: reads\n");
	struct fsj_config c;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(fsj_config_load(p, "/h", &c, &err), 0);
	ck_assert(c.mode_set);
	ck_assert_int_eq(c.mode, FSJ_MODE_READ_ONLY);
	ck_assert(c.enforce_set);
	ck_assert_int_eq(c.enforce, FSJ_TIER_GUARDED);
	ck_assert_str_eq(c.workspace, "/h/src/proj");
	ck_assert_int_eq(c.network, FSJ_NETWORK_DENY);
	ck_assert_uint_eq(c.grants.n, 1);
	ck_assert_str_eq(c.grants.rules[0].id, "brew");
	ck_assert_int_eq(c.grants.rules[0].source, FSJ_SRC_GRANT);
	ck_assert_uint_eq(c.grants.rules[0].allow, X);
	ck_assert(!c.backup_enabled);
	ck_assert_uint_eq(c.backup_max_size_mb, 64);
	ck_assert_int_eq(c.delete_mode, FSJ_DELETE_UNLINK);
	ck_assert(!c.audit_enabled);
	ck_assert_str_eq(c.audit_path, "/var/log/fsjail.ndjson");
	ck_assert(c.accept_partial);
	ck_assert(c.report_reads);
	fsj_config_release(&c);
	ck_assert_ptr_null(c.workspace);
}
END_TEST

START_TEST(test_config_missing_is_defaults)
{
	cleanup_free char *p = tp("/absent.yaml");
	cleanup_free char *e = put("/enforce.yaml", "enforce: off\nbackup:\naudit:\n");
	struct fsj_config c;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(fsj_config_load(p, "/h", &c, &err), 0);
	ck_assert(!c.mode_set);
	ck_assert_int_eq(c.mode, FSJ_MODE_WORKSPACE_WRITE);
	ck_assert_int_eq(c.enforce, FSJ_ENFORCE_AUTO);
	ck_assert_int_eq(c.network, FSJ_NETWORK_ALLOW);
	ck_assert(c.backup_enabled);
	ck_assert_uint_eq(c.backup_max_size_mb, 10);
	ck_assert_int_eq(c.delete_mode, FSJ_DELETE_TRASH);
	ck_assert(c.audit_enabled);
	ck_assert_ptr_null(c.workspace);
	ck_assert_ptr_null(c.audit_path);

	ck_assert_int_eq(fsj_config_load(e, "/h", &c, &err), 0);
	ck_assert_int_eq(c.enforce, FSJ_ENFORCE_OFF);
	fsj_config_release(&c);
}
END_TEST

START_TEST(test_config_enum_values)
{
	config_refused("mode: rw\n", 1, 7, "unknown mode 'rw'");
	config_refused("mode: read-only\nenforce: strong\n", 2, 10, "unknown enforce 'strong'");
	config_refused("network: maybe\n", 1, 10, "unknown network 'maybe'");
	config_refused("backup:\n  deleteMode: shred\n", 2, 15, "unknown deleteMode 'shred'");
	config_refused("backup:\n  max_size_mb: -1\n", 2, 16, "non-negative integer");
	config_refused("backup:\n  max_size_mb: 99999999999999999999999\n", 2, 16, "larger than");
	config_refused("backup: yes\n", 1, 9, "'backup' must be a mapping");
	config_refused("audit:\n  enabled: 1\n", 2, 12, "must be true or false");
	config_refused("accept_partial: [true]\n", 1, 17, "must be true or false, not a sequence");
	config_refused("audit:\n  rotate: daily\n", 2, 3, "unknown key 'rotate' in 'audit'");
	config_refused("backups: {}\n", 1, 1, "unknown key 'backups'");
	config_refused("report: everything\n", 1, 9, "writes or reads");
}
END_TEST

START_TEST(test_config_relative_paths_refused)
{
	config_refused("workspace: src/proj\n", 1, 12, "relative path 'src/proj' not allowed here");
	config_refused("audit:\n  path: audit.ndjson\n", 2, 9,
		       "relative path 'audit.ndjson' not allowed here");
	config_refused("grants:\n  - path: bin\n    allow: [execute]\n", 2, 11,
		       "relative path 'bin' not allowed here");
	config_refused("workspace: ~alice/src\n", 1, 12, "'~user' paths are not supported");
}
END_TEST

/* ------------------------------------------------------------------------
 * Baseline
 */

static const struct fsj_vars test_vars = {
	.home = "/h", .workspace = "/w", .tmpdir = NULL, .config_dir = "/h/.config/fsjail",
	.state_dir = "/h/.local/state/fsjail", .config_file = "/h/.config/fsjail/config.yaml",
	.rules_file = "/h/.config/fsjail/rules.yaml", .baseline_file = "/data/baseline.yaml",
};

START_TEST(test_baseline_vars_and_skipping)
{
	cleanup_free char *p = put("/baseline.yaml",
				   "baseline:\n"
				   "  - path: ${HOME}/.cargo\n"
				   "    allow: [read, execute]\n"
				   "    note: toolchains\n"
				   "  - path: ${TMPDIR}\n"
				   "    allow: [read, write, create, delete, execute]\n"
				   "  - path: ${WORKSPACE}/sub/${HOME}\n"
				   "    allow: [read]\n"
				   "protected:\n"
				   "  - path: ${RULES_FILE}\n"
				   "    recursive: false\n"
				   "    deny: [write, create, delete]\n"
				   "  - path: /usr/local\n"
				   "    pass: [write, create, delete]\n"
				   "user_data_roots:\n"
				   "  - /home\n"
				   "  - ${TMPDIR}/x\n"
				   "  - /run//media/\n");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };
	char **roots = NULL;
	size_t n = 0;
	const struct fsj_rule *r;

	ck_assert_int_eq(fsj_baseline_load(p, &test_vars, FSJ_TIER_GUARDED, &rs, &roots, &n, &err),
			 0);
	/* ${TMPDIR} is unset: its entries are left out */
	ck_assert_uint_eq(rs.n, 4);
	r = find_rule(&rs, "/h/.cargo", FSJ_SRC_BASELINE);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->allow, R | X);
	ck_assert_ptr_nonnull(find_rule(&rs, "/w/sub/h", FSJ_SRC_BASELINE));
	r = find_rule(&rs, "/h/.config/fsjail/rules.yaml", FSJ_SRC_PROTECTED);
	ck_assert_ptr_nonnull(r);
	ck_assert(!r->recursive);
	ck_assert_uint_eq(r->deny, W | C | D);
	r = find_rule(&rs, "/usr/local", FSJ_SRC_PROTECTED);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->pass, W | C | D);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(roots[0], "/home");
	ck_assert_str_eq(roots[1], "/run/media");
	for (size_t i = 0; i < n; i++)
		free(roots[i]);
	free(roots);
	fsj_ruleset_release(&rs);
}
END_TEST

static void baseline_refused(const char *text, unsigned long line, unsigned long col,
			     const char *what)
{
	cleanup_free char *p = put("/baseline.yaml", text);
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };
	char **roots = (char **)&rs; /* must be reset */
	size_t n = 7;

	expect_err(fsj_baseline_load(p, &test_vars, FSJ_TIER_FULL, &rs, &roots, &n, &err), &err,
		   p, line, col, what);
	ck_assert_uint_eq(rs.n, 0);
	ck_assert_ptr_null(roots);
	ck_assert_uint_eq(n, 0);
}

START_TEST(test_baseline_refusals)
{
	baseline_refused("baseline:\n  - path: ${HOEM}/.cargo\n    allow: [read]\n", 2, 11,
			 "unknown variable '${HOEM}'");
	baseline_refused("baseline:\n  - path: $HOME/.cargo\n    allow: [read]\n", 2, 11,
			 "'$' must start ${NAME}");
	baseline_refused("baseline:\n  - path: /a\n    allow: [read]\n    tiers: [strong]\n", 4,
			 13, "unknown tier 'strong'");
	baseline_refused("baseline:\n  - path: /a\n    allow: [read]\n    tiers: []\n", 4, 12,
			 "at least one tier");
	baseline_refused("baseline:\n  - id: x\n    path: /a\n    allow: [read]\n", 2, 5,
			 "unknown key 'id'");
	baseline_refused("protected:\n  - path: etc\n    deny: [write]\n", 2, 11,
			 "relative path 'etc' not allowed here");
	baseline_refused("user_data_roots:\n  - /home\n  - ${NOPE}\n", 3, 5,
			 "unknown variable '${NOPE}'");
	baseline_refused("user_data_roots: /home\n", 1, 18, "must be a sequence of paths");
	baseline_refused("baseline: []\nextra: []\n", 2, 1, "unknown key 'extra'");
}
END_TEST

START_TEST(test_baseline_missing_is_error)
{
	cleanup_free char *p = tp("/none.yaml");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	expect_err(fsj_baseline_load(p, &test_vars, FSJ_TIER_FULL, &rs, NULL, NULL, &err), &err,
		   p, 0, 0, "cannot read");
}
END_TEST

START_TEST(test_baseline_tiers)
{
	cleanup_free char *p = put("/baseline.yaml",
				   "baseline:\n"
				   "  - path: /\n"
				   "    allow: [read]\n"
				   "    tiers: [guarded, process, writes]\n"
				   "  - path: /usr\n"
				   "    allow: [read, execute]\n"
				   "  - path: /only-full\n"
				   "    allow: [read]\n"
				   "    tiers: [full]\n");
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(fsj_baseline_load(p, &test_vars, FSJ_TIER_FULL, &rs, NULL, NULL, &err), 0);
	ck_assert_uint_eq(rs.n, 2);
	ck_assert_ptr_null(find_rule(&rs, "/", FSJ_SRC_BASELINE));
	ck_assert_ptr_nonnull(find_rule(&rs, "/only-full", FSJ_SRC_BASELINE));
	fsj_ruleset_release(&rs);
	for (int t = FSJ_TIER_WRITES; t <= FSJ_TIER_GUARDED; t++) {
		ck_assert_int_eq(fsj_baseline_load(p, &test_vars, (enum fsj_tier)t, &rs, NULL, NULL,
						   &err),
				 0);
		ck_assert_uint_eq(rs.n, 2);
		ck_assert_ptr_nonnull(find_rule(&rs, "/", FSJ_SRC_BASELINE));
		ck_assert_ptr_null(find_rule(&rs, "/only-full", FSJ_SRC_BASELINE));
		fsj_ruleset_release(&rs);
	}
}
END_TEST

/* The shipped profiles load at every tier with every variable set. */
START_TEST(test_real_baselines)
{
	static const char *const files[] = { PROFILES "/baseline-linux.yaml",
					     PROFILES "/baseline-darwin.yaml" };
	struct fsj_vars v = test_vars;

	v.tmpdir = "/tmp/t";
	for (size_t f = 0; f < 2; f++) {
		for (int t = 0; t < FSJ_TIER_COUNT; t++) {
			struct fsj_ruleset rs;
			struct fsj_error err = { { 0 } };
			char **roots = NULL;
			size_t n = 0;

			ck_assert_msg(fsj_baseline_load(files[f], &v, (enum fsj_tier)t, &rs, &roots,
							&n, &err) == 0,
				      "%s", err.text);
			ck_assert_uint_gt(rs.n, 40);
			ck_assert_uint_ge(n, 4);
			/* fsjail's own files are protected */
			ck_assert_ptr_nonnull(find_rule(&rs, v.rules_file, FSJ_SRC_PROTECTED));
			ck_assert_ptr_nonnull(find_rule(&rs, v.config_file, FSJ_SRC_PROTECTED));
			ck_assert_ptr_nonnull(find_rule(&rs, v.state_dir, FSJ_SRC_PROTECTED));
			ck_assert_ptr_nonnull(find_rule(&rs, v.baseline_file, FSJ_SRC_PROTECTED));
			ck_assert_ptr_nonnull(find_rule(&rs, "/w", FSJ_SRC_BASELINE));
			ck_assert_ptr_nonnull(find_rule(&rs, "/tmp/t", FSJ_SRC_BASELINE));
			/* "/" read only below full */
			const struct fsj_rule *root = find_rule(&rs, "/", FSJ_SRC_BASELINE);
			if (t == FSJ_TIER_FULL)
				ck_assert(!root || !root->recursive);
			else
				ck_assert(root && root->recursive);
			for (size_t i = 0; i < n; i++)
				free(roots[i]);
			free(roots);
			fsj_ruleset_release(&rs);
		}
	}
}
END_TEST

/* The Linux profile carries DESIGN.md section 4 as data. */
START_TEST(test_linux_baseline_content)
{
	struct fsj_ruleset rs;
	struct fsj_error err = { { 0 } };
	char **roots = NULL;
	size_t n = 0;
	const struct fsj_rule *r;

	ck_assert_int_eq(fsj_baseline_load(PROFILES "/baseline-linux.yaml", &test_vars,
					   FSJ_TIER_GUARDED, &rs, &roots, &n, &err),
			 0);
	r = find_rule(&rs, "/w", FSJ_SRC_BASELINE);
	ck_assert_uint_eq(r->allow, R | W | C | D | X); /* all five, not connect */
	r = find_rule(&rs, "/h/.cargo/credentials.toml", FSJ_SRC_BASELINE);
	ck_assert_uint_eq(r->deny, R | W | C | D | X);
	r = find_rule(&rs, "/home", FSJ_SRC_BASELINE);
	ck_assert_uint_eq(r->deny, R);
	r = find_rule(&rs, "/usr", FSJ_SRC_PROTECTED);
	ck_assert_uint_eq(r->deny, W | C | D);
	r = find_rule(&rs, "/usr/local", FSJ_SRC_PROTECTED);
	ck_assert_uint_eq(r->pass, W | C | D);
	r = find_rule(&rs, "/dev/null", FSJ_SRC_PROTECTED);
	ck_assert_uint_eq(r->pass, W);
	ck_assert(!r->recursive);
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(roots[0], "/home");
	ck_assert_str_eq(roots[4], "/run/media");
	for (size_t i = 0; i < n; i++)
		free(roots[i]);
	free(roots);
	fsj_ruleset_release(&rs);
}
END_TEST

/* ------------------------------------------------------------------------
 * Environment and context
 */

START_TEST(test_env_fsjail_home)
{
	cleanup_free char *fsj = tp("/fsj");
	cleanup_free char *cfg = tp("/fsj/config");
	cleanup_free char *state = tp("/fsj/state");
	cleanup_free char *rules = tp("/fsj/config/rules.yaml");
	cleanup_free char *config = tp("/fsj/config/config.yaml");
	cleanup_free char *home = tp("/home");
	cleanup_free char *my_rules = tp("/ws/my-rules.yaml");
	cleanup_free char *ws = tp("/ws");
	struct fsj_env env;
	struct fsj_error err = { { 0 } };

	setenv("XDG_CONFIG_HOME", "/elsewhere", 1); /* FSJAIL_HOME beats it */
	setenv("TMPDIR", "relative/tmp", 1);
	ck_assert_int_eq(fsj_env_init(&env, NULL, NULL, &err), 0);
	ck_assert_str_eq(env.home, home);
	ck_assert_str_eq(env.config_dir, cfg);
	ck_assert_str_eq(env.state_dir, state);
	ck_assert_str_eq(env.rules_file, rules);
	ck_assert_str_eq(env.config_file, config);
	ck_assert_ptr_null(env.tmpdir);
	ck_assert_ptr_nonnull(strstr(env.baseline_file, "/baseline-"));
	ck_assert_int_eq(access(env.baseline_file, R_OK), 0);
	fsj_env_release(&env);

	/* --rules relative to the current directory */
	ck_assert_int_eq(chdir(ws), 0);
	setenv("TMPDIR", "/var//tmp/", 1);
	ck_assert_int_eq(fsj_env_init(&env, "my-rules.yaml", "/c/../c.yaml", &err), 0);
	ck_assert_str_eq(env.rules_file, my_rules);
	ck_assert_str_eq(env.config_file, "/c.yaml");
	ck_assert_str_eq(env.cwd, ws);
	ck_assert_str_eq(env.tmpdir, "/var/tmp");
	fsj_env_release(&env);
	(void)fsj;
}
END_TEST

START_TEST(test_env_xdg)
{
	cleanup_free char *home = tp("/home");
	cleanup_free char *cfg = tp("/home/.config/fsjail");
	cleanup_free char *state = tp("/home/.local/state/fsjail");
	struct fsj_env env;
	struct fsj_error err = { { 0 } };

	unsetenv("FSJAIL_HOME");
	ck_assert_int_eq(fsj_env_init(&env, NULL, NULL, &err), 0);
	ck_assert_str_eq(env.config_dir, cfg);
	ck_assert_str_eq(env.state_dir, state);
	fsj_env_release(&env);

	setenv("XDG_CONFIG_HOME", "/xdg/config", 1);
	setenv("XDG_STATE_HOME", "/xdg/state", 1);
	ck_assert_int_eq(fsj_env_init(&env, NULL, NULL, &err), 0);
	ck_assert_str_eq(env.config_dir, "/xdg/config/fsjail");
	ck_assert_str_eq(env.state_dir, "/xdg/state/fsjail");
	ck_assert_str_eq(env.rules_file, "/xdg/config/fsjail/rules.yaml");
	fsj_env_release(&env);

	/* a baseline directory without the file falls through to the next */
	setenv("FSJAIL_DATADIR", "/nonexistent", 1);
	ck_assert_int_eq(fsj_env_init(&env, NULL, NULL, &err), 0);
	ck_assert_ptr_nonnull(env.baseline_file);
	fsj_env_release(&env);
	(void)home;
}
END_TEST

/* The data-file search (the baseline's and the SBPL preamble's): the
 * places in order, what is read, and the errors, which name every place
 * searched and never fall through past a file that is there but bad. */
START_TEST(test_data_search)
{
	cleanup_free char *data = tp("/data");
	cleanup_free char *hello = put("/data/x.sb", "hello\n");
	cleanup_free char *big = NULL;
	char *cand[FSJ_DATA_PLACES], *text, *path;
	struct fsj_error err = { { 0 } };
	size_t n;
	FILE *f;

	setenv("FSJAIL_DATADIR", data, 1);
	n = fsj_data_candidates("x.sb", NULL, cand);
	ck_assert_uint_ge(n, 1);
	ck_assert_uint_le(n, FSJ_DATA_PLACES);
	ck_assert_str_eq(cand[0], hello);
	for (size_t i = 0; i < n; i++)
		free(cand[i]);

	ck_assert_int_eq(fsj_data_read("x.sb", NULL, 64, &text, &path, &err), 0);
	ck_assert_str_eq(text, "hello\n");
	ck_assert_str_eq(path, hello);
	free(text);
	free(path);

	/* a relative FSJAIL_DATADIR resolves against cwd, and only then */
	setenv("FSJAIL_DATADIR", "data", 1);
	ck_assert_int_eq(fsj_data_read("x.sb", tree, 64, &text, NULL, &err), 0);
	ck_assert_str_eq(text, "hello\n");
	free(text);
	n = fsj_data_candidates("x.sb", NULL, cand);
	for (size_t i = 0; i < n; i++) {
		ck_assert_str_ne(cand[i], hello);
		free(cand[i]);
	}
	setenv("FSJAIL_DATADIR", data, 1);

	/* found nowhere: the message names each place searched */
	text = path = (char *)"unset";
	ck_assert_int_eq(fsj_data_read("no-such-data-file.sb", NULL, 64, &text, &path, &err), -1);
	ck_assert_ptr_null(text);
	ck_assert_ptr_null(path);
	ck_assert_msg(strstr(err.text, "no no-such-data-file.sb found") != NULL, "%s", err.text);
	ck_assert_msg(strstr(err.text, "hint: set FSJAIL_DATADIR") != NULL, "%s", err.text);
	n = fsj_data_candidates("no-such-data-file.sb", NULL, cand);
	for (size_t i = 0; i < n; i++) {
		cleanup_free char *quoted = xasprintf("'%s'", cand[i]);

		ck_assert_msg(strstr(err.text, quoted) != NULL, "'%s' not named in: %s", cand[i],
			      err.text);
		free(cand[i]);
	}

	/* there but too large, or holding a NUL: an error, not the next place
	 * (the source tree's preamble is a later place here) */
	ck_assert_int_eq(fsj_data_read("x.sb", NULL, 3, &text, &path, &err), -1);
	ck_assert_ptr_null(text);
	ck_assert_msg(strstr(err.text, hello) && strstr(err.text, "larger"), "%s", err.text);
	big = tp("/data/" FSJ_DATA_SBPL_PREAMBLE);
	f = fopen(big, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite("(version 1)\n\0\n", 1, 14, f), 14);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(fsj_data_read(FSJ_DATA_SBPL_PREAMBLE, NULL, 1024, &text, &path, &err), -1);
	ck_assert_ptr_null(text);
	ck_assert_msg(strstr(err.text, big) && strstr(err.text, "NUL byte"), "%s", err.text);
}
END_TEST

static int ctx_in(const char *cwd, const struct fsj_ctx_opts *opts, struct fsj_ctx *ctx,
		  struct fsj_error *err)
{
	ck_assert_int_eq(chdir(cwd), 0);
	return fsj_ctx_load(opts, ctx, err);
}

/* fsj_ctx_load() in cwd without --workspace: loads, with no workspace and
 * why in workspace_error; fsj_ctx_policy() then fails with that text. */
static void refused_in(const char *cwd, const char *needle)
{
	struct fsj_ctx_opts none = { 0 };
	struct fsj_policy *pol = NULL;
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(ctx_in(cwd, &none, &ctx, &err), 0);
	ck_assert_ptr_null(ctx.workspace);
	ck_assert_msg(ctx.workspace_error && strstr(ctx.workspace_error, needle), "%s: %s", cwd,
		      ctx.workspace_error ? ctx.workspace_error : "(none)");
	ck_assert_int_eq(fsj_ctx_policy(&ctx, FSJ_TIER_FULL, &pol, &err), -1);
	ck_assert_ptr_null(pol);
	ck_assert_msg(strstr(err.text, needle) != NULL, "%s", err.text);
	fsj_ctx_release(&ctx);
}

START_TEST(test_ctx_workspace_refusals)
{
	cleanup_free char *home = tp("/home");
	cleanup_free char *state = tp("/fsj/state/run");
	struct fsj_ctx_opts none = { 0 }, explicit = { .workspace = "/usr" };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };

	/* a workspace nobody named is refused lazily: commands that need
	 * none go on, the policy is refused with the reason */
	refused_in("/", "refusing workspace '/'");
	refused_in(home, "home directory");
	refused_in("/usr/share", "inside the protected path '/usr'");
	refused_in("/etc", "protected path '/etc'");
	/* fsjail's own state is protected by ${STATE_DIR} in the baseline */
	ck_assert_int_eq(mkdir_p(state, 0700), 0);
	refused_in(state, "protected path");

	/* named with --workspace: accepted */
	ck_assert_int_eq(ctx_in(home, &explicit, &ctx, &err), 0);
	ck_assert_str_eq(ctx.workspace, "/usr");
	fsj_ctx_release(&ctx);

	/* /usr/local is a protected exception */
	if (access("/usr/local", F_OK) == 0) {
		ck_assert_msg(ctx_in("/usr/local", &none, &ctx, &err) == 0, "%s", err.text);
		fsj_ctx_release(&ctx);
	}
}
END_TEST

START_TEST(test_ctx_workspace_must_be_directory)
{
	cleanup_free char *file = put("/ws/file", "x\n");
	cleanup_free char *ws = tp("/ws");
	struct fsj_ctx_opts o1 = { .workspace = file }, o2 = { .workspace = "/no/such/dir" };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(ctx_in(ws, &o1, &ctx, &err), -1);
	ck_assert_msg(strstr(err.text, "is not a directory") != NULL, "%s", err.text);
	ck_assert_int_eq(ctx_in(ws, &o2, &ctx, &err), -1);
	ck_assert_msg(strstr(err.text, "workspace '/no/such/dir'") != NULL, "%s", err.text);
}
END_TEST

START_TEST(test_ctx_precedence)
{
	cleanup_free char *ws = tp("/ws");
	cleanup_free char *cfg = put("/fsj/config/config.yaml",
				     "mode: read-only\nenforce: process\nworkspace: ~/proj\n");
	cleanup_free char *proj = tp("/home/proj");
	cleanup_free char *rules = put("/fsj/config/rules.yaml",
				       "rules:\n  - path: out\n    allow: [delete]\n");
	cleanup_free char *out = tp("/home/proj/out");
	struct fsj_ctx_opts none = { 0 };
	struct fsj_ctx_opts cli = { .mode = "workspace-write", .enforce = "full", .workspace = ws };
	struct fsj_ctx_opts bad = { .enforce = "strongest" };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(mkdir_p(proj, 0755), 0);
	/* config beats the default; the config workspace beats the cwd */
	ck_assert_msg(ctx_in("/", &none, &ctx, &err) == 0, "%s", err.text);
	ck_assert_int_eq(ctx.mode, FSJ_MODE_READ_ONLY);
	ck_assert_int_eq(ctx.enforce, FSJ_TIER_PROCESS);
	ck_assert_str_eq(ctx.workspace, proj);
	ck_assert_uint_eq(ctx.rules.n, 1);
	ck_assert_str_eq(ctx.rules.rules[0].path, out); /* relative to the workspace */
	fsj_ctx_release(&ctx);

	/* the command line beats the config */
	ck_assert_int_eq(ctx_in("/", &cli, &ctx, &err), 0);
	ck_assert_int_eq(ctx.mode, FSJ_MODE_WORKSPACE_WRITE);
	ck_assert_int_eq(ctx.enforce, FSJ_TIER_FULL);
	ck_assert_str_eq(ctx.workspace, ws);
	fsj_ctx_release(&ctx);

	ck_assert_int_eq(ctx_in("/", &bad, &ctx, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "unknown enforce 'strongest'"));

	/* a config workspace that does not exist: the error names the file */
	free(put("/fsj/config/config.yaml", "workspace: /no/such/ws\n"));
	expect_err(ctx_in(ws, &none, &ctx, &err), &err, cfg, 0, 0, "workspace '/no/such/ws'");

	/* a bad config file stops everything, naming its position */
	free(put("/fsj/config/config.yaml", "mode: read-only\nmode: read-only\n"));
	expect_err(ctx_in(ws, &none, &ctx, &err), &err, cfg, 2, 1, "duplicate key 'mode'");
	ck_assert_ptr_null(ctx.workspace);
	(void)rules;
}
END_TEST

static struct fsj_decision decide(const struct fsj_policy *pol, const char *path,
				  enum fsj_cap c)
{
	struct fsj_decision d;
	cleanup_free char *resolved = path_resolve(path);

	policy_decide(pol, path, resolved, c, &d);
	return d;
}

START_TEST(test_ctx_policy)
{
	const char *ws = outside_ws();
	cleanup_free char *rules = put("/fsj/config/rules.yaml",
				       "rules:\n"
				       "  - path: ~/notes\n"
				       "    allow: [read]\n"
				       "  - path: /usr/bin\n"
				       "    allow: [write]\n");
	cleanup_free char *config = tp("/fsj/config/config.yaml");
	cleanup_free char *state = tp("/fsj/state/audit.ndjson");
	cleanup_free char *notes = tp("/home/notes/a.txt");
	cleanup_free char *secret = tp("/home/secret");
	cleanup_free char *wsfile = xasprintf("%s/src/main.c", ws);
	struct fsj_ctx_opts opts = { .workspace = ws };
	struct fsj_ctx ctx;
	struct fsj_policy *pol;
	struct fsj_error err = { { 0 } };
	struct fsj_decision d;

	ck_assert_msg(fsj_ctx_load(&opts, &ctx, &err) == 0, "%s", err.text);
	ck_assert_msg(fsj_ctx_policy(&ctx, FSJ_TIER_GUARDED, &pol, &err) == 0, "%s", err.text);
	ck_assert_str_eq(pol->workspace, ws);
	ck_assert_uint_eq(pol->n_user_data_roots, 5);

	/* fsjail's own files: protected against every rule */
	d = decide(pol, rules, FSJ_CAP_WRITE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
	d = decide(pol, config, FSJ_CAP_CREATE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
	d = decide(pol, state, FSJ_CAP_DELETE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
	/* a user rule cannot open a protected tree */
	d = decide(pol, "/usr/bin/ls", FSJ_CAP_WRITE);
	ck_assert(!d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
	/* explicit rule re-opens part of a user-data root */
	d = decide(pol, notes, FSJ_CAP_READ);
	ck_assert(d.allowed);
	ck_assert_int_eq(d.level, FSJ_LEVEL_EXPLICIT);
	/* the workspace: all five, not connect */
	ck_assert(decide(pol, wsfile, FSJ_CAP_WRITE).allowed);
	ck_assert(decide(pol, wsfile, FSJ_CAP_DELETE).allowed);
	ck_assert(!decide(pol, wsfile, FSJ_CAP_CONNECT).allowed);
	ck_assert(decide(pol, "/dev/null", FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, "/dev/sda", FSJ_CAP_WRITE).allowed);
	ck_assert(decide(pol, "/srv/data", FSJ_CAP_READ).allowed); /* "/" below full */
	/* every place a data file is searched: the baseline's and the SBPL
	 * preamble's, there or not */
	for (int k = 0; k < 2; k++) {
		char *cand[FSJ_DATA_PLACES];
		size_t n = fsj_data_candidates(k ? FSJ_DATA_SBPL_PREAMBLE : FSJ_DATA_BASELINE,
					       ctx.env.cwd, cand);

		ck_assert_uint_ge(n, 1);
		for (size_t i = 0; i < n; i++) {
			d = decide(pol, cand[i], FSJ_CAP_WRITE);
			ck_assert_msg(!d.allowed, "'%s' is writable", cand[i]);
			ck_assert_int_eq(d.level, FSJ_LEVEL_PROTECTED);
			d = decide(pol, cand[i], FSJ_CAP_CREATE);
			ck_assert_msg(!d.allowed, "'%s' can be created", cand[i]);
			free(cand[i]);
		}
	}
	policy_free(pol);

	/* full: only the listed system paths are readable */
	ck_assert_int_eq(fsj_ctx_policy(&ctx, FSJ_TIER_FULL, &pol, &err), 0);
	ck_assert(!decide(pol, "/srv/data", FSJ_CAP_READ).allowed);
	ck_assert(decide(pol, "/usr/bin/env", FSJ_CAP_READ).allowed);
	ck_assert(decide(pol, "/usr/bin/env", FSJ_CAP_EXECUTE).allowed);
	policy_free(pol);
	fsj_ctx_release(&ctx);
	(void)secret;
}
END_TEST

START_TEST(test_ctx_policy_read_only)
{
	const char *ws = outside_ws();
	cleanup_free char *wsfile = xasprintf("%s/a", ws);
	struct fsj_ctx_opts opts = { .workspace = ws, .mode = "read-only" };
	struct fsj_ctx ctx;
	struct fsj_policy *pol;
	struct fsj_error err = { { 0 } };

	ck_assert_msg(fsj_ctx_load(&opts, &ctx, &err) == 0, "%s", err.text);
	ck_assert_int_eq(fsj_ctx_policy(&ctx, FSJ_TIER_PROCESS, &pol, &err), 0);
	ck_assert(decide(pol, wsfile, FSJ_CAP_READ).allowed);
	ck_assert(decide(pol, wsfile, FSJ_CAP_EXECUTE).allowed);
	ck_assert(!decide(pol, wsfile, FSJ_CAP_WRITE).allowed);
	ck_assert(!decide(pol, wsfile, FSJ_CAP_CREATE).allowed);
	policy_free(pol);
	fsj_ctx_release(&ctx);
}
END_TEST

START_TEST(test_enforce_names)
{
	ck_assert_int_eq(fsj_enforce_parse("auto"), FSJ_ENFORCE_AUTO);
	ck_assert_int_eq(fsj_enforce_parse("off"), FSJ_ENFORCE_OFF);
	ck_assert_int_eq(fsj_enforce_parse("writes"), FSJ_TIER_WRITES);
	ck_assert_int_eq(fsj_enforce_parse("all"), FSJ_ENFORCE_UNKNOWN);
	ck_assert_int_eq(fsj_enforce_parse(NULL), FSJ_ENFORCE_UNKNOWN);
	for (int e = FSJ_ENFORCE_OFF; e < FSJ_TIER_COUNT; e++)
		ck_assert_int_eq(fsj_enforce_parse(fsj_enforce_name(e)), e);
}
END_TEST

static Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *rules = tcase_create("rules");
	TCase *config = tcase_create("config");
	TCase *baseline = tcase_create("baseline");
	TCase *ctx = tcase_create("ctx");

	/* fsj_ctx_load() of the workspace /usr reads its ~17,000 folders
	 * (the repository-metadata scan): about a second on an idle machine,
	 * past Check's default 4 s on a loaded one */
	tcase_set_timeout(ctx, 60);

	tcase_add_test(rules, test_rules_good);
	tcase_add_test(rules, test_rules_missing_and_empty);
	tcase_add_test(rules, test_rules_unreadable);
	tcase_add_test(rules, test_rules_too_large);
	tcase_add_test(rules, test_syntax_error);
	tcase_add_test(rules, test_invalid_utf8);
	tcase_add_test(rules, test_top_not_mapping);
	tcase_add_test(rules, test_unknown_keys);
	tcase_add_test(rules, test_unknown_capability);
	tcase_add_test(rules, test_caps_not_a_sequence);
	tcase_add_test(rules, test_rule_shape);
	tcase_add_test(rules, test_duplicate_id);
	tcase_add_test(rules, test_path_refusals);
	tcase_add_test(rules, test_relative_refused_without_workspace);
	tcase_add_test(rules, test_recursive_type);
	tcase_add_test(rules, test_duplicate_key);
	tcase_add_test(rules, test_aliases_anchors_tags_documents);
	tcase_add_test(config, test_config_good);
	tcase_add_test(config, test_config_missing_is_defaults);
	tcase_add_test(config, test_config_enum_values);
	tcase_add_test(config, test_config_relative_paths_refused);
	tcase_add_test(config, test_enforce_names);
	tcase_add_test(baseline, test_baseline_vars_and_skipping);
	tcase_add_test(baseline, test_baseline_refusals);
	tcase_add_test(baseline, test_baseline_missing_is_error);
	tcase_add_test(baseline, test_baseline_tiers);
	tcase_add_test(baseline, test_real_baselines);
	tcase_add_test(baseline, test_linux_baseline_content);
	tcase_add_test(ctx, test_env_fsjail_home);
	tcase_add_test(ctx, test_env_xdg);
	tcase_add_test(ctx, test_data_search);
	tcase_add_test(ctx, test_ctx_workspace_refusals);
	tcase_add_test(ctx, test_ctx_workspace_must_be_directory);
	tcase_add_test(ctx, test_ctx_precedence);
	tcase_add_test(ctx, test_ctx_policy);
	tcase_add_test(ctx, test_ctx_policy_read_only);
	tcase_add_checked_fixture(rules, make_tree, remove_tree);
	tcase_add_checked_fixture(config, make_tree, remove_tree);
	tcase_add_checked_fixture(baseline, make_tree, remove_tree);
	tcase_add_checked_fixture(ctx, make_tree, remove_tree);
	suite_add_tcase(s, rules);
	suite_add_tcase(s, config);
	suite_add_tcase(s, baseline);
	suite_add_tcase(s, ctx);
	return s;
}

int main(void)
{
	return tu_run_suite(config_suite(), CK_FORK_GETENV);
}
