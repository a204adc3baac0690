/* check_sbpl.c - the Seatbelt compiler (src/sbpl.c).
 *
 * Three kinds of tests:
 *  - golden files (tests/golden/sbpl-*.sb and *.params), compared byte for
 *    byte; FSJAIL_UPDATE_GOLDEN=1 rewrites them;
 *  - properties of the text: no path byte in it, parameters defined and
 *    used, no wildcard file operation, protected denies last, depth order;
 *  - the evaluator of tests/sbpl-eval (Seatbelt's semantics as
 *    SBPL-NOTES.md section 1 states them, bsd.sb modelled) over the
 *    emitted profile, compared with policy_decide() on fixed and small
 *    random policies and on the real darwin baseline (the large random
 *    sweep is check_sbpl_property). */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "policy.h"
#include "sbpl.h"
#include "sbpl_eval.h"
#include "sbpl_oracle.h"
#include "testutil.h"
#include "util.h"

#ifndef FSJAIL_TEST_SRCDIR
#define FSJAIL_TEST_SRCDIR "tests"
#endif
#ifndef FSJAIL_SRC_PROFILES
#define FSJAIL_SRC_PROFILES "profiles"
#endif

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)
#define WCD (W | C | D)
#define ALL (R | W | C | D | X)

#define cap_ops sbpl_oracle_cap_ops

/* ---- building policies ------------------------------------------------ */

#define kernel_path sbpl_oracle_kernel_path

/* Add a rule; resolved NULL means "as the policy engine would see it on a
 * Mac": the /private spelling for /tmp, /var and /etc, else the path. */
static void add(struct fsj_policy *pol, enum fsj_source src, const char *path, const char *resolved,
		bool recursive, unsigned allow, unsigned deny, unsigned pass, const char *id)
{
	char *k = resolved ? xstrdup(resolved) : kernel_path(path);
	struct fsj_rule r = {
		.id = (char *)(uintptr_t)id,
		.path = (char *)(uintptr_t)path,
		.resolved = k,
		.recursive = recursive,
		.allow = allow,
		.deny = deny,
		.pass = pass,
		.source = src,
	};
	policy_add_rule(pol, &r);
	free(k);
}

static void set_roots(struct fsj_policy *pol, const char *const *roots)
{
	for (; *roots; roots++) {
		pol->user_data_roots = xreallocarray(pol->user_data_roots,
						     pol->n_user_data_roots + 1, sizeof(char *));
		pol->user_data_roots[pol->n_user_data_roots++] = xstrdup(*roots);
	}
}

/* A small fixed macOS-like baseline, written here so the goldens do not
 * move when profiles/baseline-darwin.yaml does. */
static struct fsj_policy *test_policy(enum fsj_tier tier, enum fsj_mode mode)
{
	static const char *const roots[] = { "/Users", "/Volumes", NULL };
	struct fsj_policy *pol = policy_new(mode, tier);

	pol->workspace = xstrdup("/Users/u/proj");
	set_roots(pol, roots);
	/* protected */
	add(pol, FSJ_SRC_PROTECTED, "/usr", NULL, true, 0, WCD, 0, NULL);
	add(pol, FSJ_SRC_PROTECTED, "/usr/local", NULL, true, 0, 0, WCD, NULL);
	add(pol, FSJ_SRC_PROTECTED, "/dev", NULL, true, 0, WCD, 0, NULL);
	add(pol, FSJ_SRC_PROTECTED, "/dev/null", NULL, false, 0, 0, WCD, NULL);
	add(pol, FSJ_SRC_PROTECTED, "/Users/u/.config/fsjail", NULL, true, 0, WCD, 0, NULL);
	/* baseline */
	if (tier != FSJ_TIER_FULL)
		add(pol, FSJ_SRC_BASELINE, "/", NULL, true, R, 0, 0, NULL);
	if (tier >= FSJ_TIER_GUARDED) {
		add(pol, FSJ_SRC_BASELINE, "/Users", NULL, true, 0, R, 0, NULL);
		add(pol, FSJ_SRC_BASELINE, "/Volumes", NULL, true, 0, R, 0, NULL);
	}
	add(pol, FSJ_SRC_BASELINE, "/usr", NULL, true, R | X, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/Users/u/proj", NULL, true, R | W | C | X, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/tmp", NULL, true, ALL, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/dev/null", NULL, false, R | W, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/Users/u/.config/fsjail", NULL, true, R, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/Users/u/.cargo", NULL, true, R | X, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/Users/u/.cargo/credentials.toml", NULL, false, 0, ALL, 0,
	    NULL);
	return pol;
}

static void compile_ok(const struct fsj_policy *pol, const struct sbpl_opts *opts,
		       struct sbpl_profile *prof)
{
	struct fsj_error err = { { 0 } };
	int rc = sbpl_compile(pol, opts, prof, &err);

	ck_assert_msg(rc == 0, "sbpl_compile failed: %s", err.text);
	ck_assert_ptr_nonnull(prof->text);
}

/* ---- the evaluator (tests/sbpl-eval) -------------------------------------- */

/* A compiled profile as Seatbelt would load it, and its forms. */
struct profile_ast {
	struct sbpl_eval *ev;
	struct sbpl_node *const *forms;
	size_t n;
};

static void ast_parse(const struct sbpl_profile *p, struct profile_ast *ast)
{
	struct fsj_error err = { { 0 } };

	ast->ev = sbpl_oracle_load(p, &err);
	if (!ast->ev)
		fprintf(stderr, "%s\n", p->text);
	ck_assert_msg(ast->ev != NULL, "the profile does not compile: %s", err.text);
	ast->forms = sbpl_eval_ast(ast->ev)->forms;
	ast->n = sbpl_eval_ast(ast->ev)->n;
	/* and no policy path is written into the text */
	ck_assert_msg(sbpl_eval_lint(ast->ev, sbpl_oracle_fixed_strings(), &err) == 0, "%s",
		      err.text);
}

static void ast_free(struct profile_ast *ast)
{
	sbpl_eval_free(ast->ev);
	memset(ast, 0, sizeof(*ast));
}

static bool is_head(const struct sbpl_node *n, const char *head)
{
	return n->type == SBPL_NODE_LIST && n->n > 0 && n->kids[0]->type == SBPL_NODE_SYMBOL &&
	       strcmp(n->kids[0]->s, head) == 0;
}

static bool is_rule(const struct sbpl_node *f)
{
	return is_head(f, "allow") || is_head(f, "deny");
}

/* Index of the first filter of a rule form (after the operations). */
static size_t first_filter(const struct sbpl_node *f)
{
	size_t i = 1;

	while (i < f->n && f->kids[i]->type == SBPL_NODE_SYMBOL)
		i++;
	return i;
}

static bool rule_names_op(const struct sbpl_node *f, const char *op)
{
	for (size_t i = 1; i < first_filter(f); i++)
		if (strcmp(f->kids[i]->s, op) == 0)
			return true;
	return false;
}

static const char *param_value(const struct sbpl_profile *p, const char *name)
{
	for (size_t i = 0; i < p->n_params; i++)
		if (strcmp(p->param_names[i], name) == 0)
			return p->param_values[i];
	return NULL;
}

static bool has_param(const struct sbpl_node *n)
{
	if (is_head(n, "param"))
		return true;
	for (size_t i = 0; i < n->n; i++)
		if (has_param(n->kids[i]))
			return true;
	return false;
}

/* What Seatbelt decides for op on the kernel path (SBPL-NOTES.md
 * section 1, bsd.sb modelled): see tests/sbpl-eval/sbpl_eval.h. */
static bool eval(const struct profile_ast *ast, const char *op, const char *path)
{
	return sbpl_eval_allows(ast->ev, op, path);
}

/* Compare the profile with policy_decide() for one query path and every
 * capability; on a mismatch print the profile. Seatbelt sees only the
 * kernel's spelling; policy_decide() of that spelling alone is what the
 * profile must reproduce (the written spelling is an extra check of the
 * broker and explain). */
static void check_against_policy(const struct fsj_policy *pol, const struct profile_ast *ast,
				 const struct sbpl_profile *prof, const char *q)
{
	char *k = kernel_path(q);
	struct strbuf why = STRBUF_INIT;
	size_t bad = sbpl_oracle_compare(ast->ev, pol, k, &why);

	if (bad)
		fprintf(stderr, "%s\n", prof->text);
	ck_assert_msg(bad == 0, "query '%s': %s", q, why.buf);
	sb_release(&why);
	free(k);
}

/* ---- structural properties -------------------------------------------- */

static size_t find_param(const struct sbpl_profile *p, const char *name)
{
	for (size_t i = 0; i < p->n_params; i++)
		if (strcmp(p->param_names[i], name) == 0)
			return i;
	return SIZE_MAX;
}

static void mark_params(const struct sbpl_node *n, const struct sbpl_profile *p, bool *used)
{
	if (is_head(n, "param")) {
		ck_assert_msg(n->n == 2 && n->kids[1]->type == SBPL_NODE_STRING,
			      "malformed (param ...)");
		size_t i = find_param(p, n->kids[1]->s);
		ck_assert_msg(i != SIZE_MAX, "(param \"%s\") used but not defined", n->kids[1]->s);
		used[i] = true;
		return;
	}
	for (size_t i = 0; i < n->n; i++)
		mark_params(n->kids[i], p, used);
}

static void check_no_wildcard(const struct sbpl_node *n)
{
	if (n->type == SBPL_NODE_SYMBOL) {
		size_t len = strlen(n->s);
		ck_assert_msg(!(strncmp(n->s, "file", 4) == 0 && n->s[len - 1] == '*'),
			      "wildcard file operation '%s' in the profile", n->s);
		ck_assert_msg(strcmp(n->s, "file-read-metadata") != 0,
			      "file-read-metadata must never be named");
	}
	for (size_t i = 0; i < n->n; i++)
		check_no_wildcard(n->kids[i]);
}

/* Every string in the text is a constant of sbpl.c, a parameter name or a
 * safe rule id: none can hold a quote, a backslash or a byte of a path. */
static void check_strings(const struct sbpl_node *n)
{
	if (n->type == SBPL_NODE_STRING)
		for (const char *s = n->s; *s; s++)
			ck_assert_msg(strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
					     "0123456789/._-^$[]+",
					     *s) != NULL,
				      "byte 0x%02x in the string \"%s\"", (unsigned char)*s, n->s);
	for (size_t i = 0; i < n->n; i++)
		check_strings(n->kids[i]);
}

static bool names_cap_op(const struct sbpl_node *f)
{
	for (int cap = 0; cap < FSJ_CAP_COUNT; cap++)
		for (const char *const *op = cap_ops[cap]; *op; op++)
			if (rule_names_op(f, *op))
				return true;
	return false;
}

/* Collect the parameters of the matched part of a policy rule form: the
 * filters themselves, or the first branch of (require-all A (require-not
 * B)). */
static void primary_params(const struct sbpl_node *f, const struct sbpl_profile *p,
			   const char **vals, size_t *n)
{
	if (is_head(f, "param")) {
		vals[(*n)++] = param_value(p, f->kids[1]->s);
		return;
	}
	if (is_head(f, "require-not") || is_head(f, "with"))
		return;
	if (is_head(f, "require-all")) {
		primary_params(f->kids[1], p, vals, n);
		return;
	}
	for (size_t i = 0; i < f->n && *n < 64; i++)
		primary_params(f->kids[i], p, vals, n);
}

/* the ptys the sandbox opened: after the denies on /dev (SBPL-NOTES.md 11) */
#define PTY_TITLE "ptys this sandbox opened (script, expect, tmux, node-pty)"
#define MOVE_GUARD_TITLE "folders above a denied path: not renamed away"

static int section_rank(const char *s)
{
	if (strcmp(s, "baseline") == 0)
		return 0;
	if (strcmp(s, "explicit") == 0)
		return 1;
	if (strcmp(s, "protected") == 0)
		return 2;
	return -1;
}

static void check_structure(const struct sbpl_profile *p, const struct profile_ast *ast)
{
	bool *used = xcalloc(p->n_params + 1, sizeof(bool));
	long first_protected_deny = -1, last_grant = -1;
	int prev_rank = -1;
	size_t prev_depth = 0;
	bool prev_deny = false;

	/* version, deny default, import first */
	ck_assert(ast->n >= 3);
	ck_assert(is_head(ast->forms[0], "version"));
	ck_assert(is_head(ast->forms[1], "deny") && ast->forms[1]->n == 2 &&
		  strcmp(ast->forms[1]->kids[1]->s, "default") == 0);
	ck_assert(is_head(ast->forms[2], "import") &&
		  strcmp(ast->forms[2]->kids[1]->s, "bsd.sb") == 0);

	for (size_t i = 0; i < ast->n; i++) {
		const struct sbpl_node *f = ast->forms[i];
		int rank = section_rank(f->section);

		mark_params(f, p, used);
		check_no_wildcard(f);
		check_strings(f);
		ck_assert_msg(strstr(p->text, "no-sandbox") == NULL, "(with no-sandbox) emitted");
		if (!is_rule(f))
			continue;
		/* a grant: a filtered allow of a capability's operation outside
		 * the protected level (which may re-allow below its own denies) */
		if (is_head(f, "allow") && names_cap_op(f) && first_filter(f) < f->n && rank != 2 &&
		    !(rank < 0 && (rule_names_op(f, "network-outbound") ||
				   strcmp(f->section, PTY_TITLE) == 0)))
			last_grant = (long)i; /* not the run's own broker socket, emitted last */
		if (rank == 2 && is_head(f, "deny") && first_protected_deny < 0)
			first_protected_deny = (long)i;
		if (rank < 0) {
			/* the move guard: only denies of file-write-unlink, after
			 * every level */
			bool guard = strcmp(f->section, MOVE_GUARD_TITLE) == 0;

			ck_assert_msg(!has_param(f) || rule_names_op(f, "network-outbound") ||
					      (guard && is_head(f, "deny") && f->n >= 2 &&
					       strcmp(f->kids[1]->s, "file-write-unlink") == 0 &&
					       f->kids[2]->type == SBPL_NODE_LIST),
				      "a policy path outside the level sections");
			if (guard)
				ck_assert_msg(prev_rank >= 0 || first_protected_deny < 0,
					      "the move guard before the levels");
			continue;
		}
		/* nondecreasing depth per level, allows before denies at a depth */
		const char *vals[64];
		size_t n = 0;
		primary_params(f, p, vals, &n);
		ck_assert_msg(n > 0, "a level rule without a path parameter");
		size_t depth = path_depth(vals[0]);
		for (size_t k = 1; k < n; k++)
			ck_assert_msg(path_depth(vals[k]) == depth,
				      "one form mixes depths: '%s' and '%s'", vals[0], vals[k]);
		if (rank == prev_rank) {
			ck_assert_msg(depth >= prev_depth, "depth goes down in level %s at '%s'",
				      f->section, vals[0]);
			if (depth == prev_depth)
				ck_assert_msg(!prev_deny || is_head(f, "deny"),
					      "an allow after a deny at one depth: '%s'", vals[0]);
		} else {
			ck_assert_msg(rank > prev_rank, "level %s out of order", f->section);
		}
		prev_rank = rank;
		prev_depth = depth;
		prev_deny = is_head(f, "deny");
	}
	if (first_protected_deny >= 0)
		ck_assert_msg(first_protected_deny > last_grant,
			      "a grant (form %ld) after a protected deny (form %ld)", last_grant,
			      first_protected_deny);
	for (size_t i = 0; i < p->n_params; i++) {
		ck_assert_msg(used[i], "parameter %s=%s defined but not used", p->param_names[i],
			      p->param_values[i]);
		ck_assert_msg(strchr(p->param_names[i], '=') == NULL, "'=' in a parameter name");
		for (size_t j = 0; j < i; j++)
			ck_assert_msg(
				strcmp(p->param_names[i], p->param_names[j]) != 0 &&
					(strcmp(p->param_values[i], p->param_values[j]) != 0 ||
					 strcmp(p->param_names[i], "BROKER") == 0 ||
					 strcmp(p->param_names[j], "BROKER") == 0),
				"parameters %s and %s duplicate", p->param_names[i],
				p->param_names[j]);
	}
	free(used);
}

/* ---- golden files ----------------------------------------------------- */

static char *render_params(const struct sbpl_profile *p)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < p->n_params; i++) {
		sb_addf(&sb, "%s=", p->param_names[i]);
		for (const unsigned char *s = (const unsigned char *)p->param_values[i]; *s; s++) {
			if (*s == '\\')
				sb_adds(&sb, "\\\\");
			else if (*s < 0x20 || *s >= 0x7f)
				sb_addf(&sb, "\\x%02x", *s);
			else
				sb_addc(&sb, (char)*s);
		}
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

static void golden_one(const char *file, const char *got)
{
	char *want = NULL;
	size_t len = 0;
	int rc;

	if (env_flag("FSJAIL_UPDATE_GOLDEN")) {
		FILE *fp = fopen(file, "w");
		ck_assert_msg(fp != NULL, "cannot write '%s': %s", file, strerror(errno));
		ck_assert(fwrite(got, 1, strlen(got), fp) == strlen(got));
		ck_assert(fclose(fp) == 0);
		return;
	}
	rc = read_file(file, 1 << 20, &want, &len);
	ck_assert_msg(rc == 0, "cannot read golden '%s' (%s); run with FSJAIL_UPDATE_GOLDEN=1",
		      file, strerror(-rc));
	if (strcmp(want, got) != 0) {
		fprintf(stderr, "--- %s\n%s--- got\n%s---\n", file, want, got);
		ck_abort_msg("'%s' differs from the compiled output", file);
	}
	free(want);
}

static void golden(const char *name, const struct fsj_policy *pol, const struct sbpl_opts *opts)
{
	struct sbpl_profile prof;
	struct profile_ast ast;
	char *sb_file = xasprintf("%s/golden/%s.sb", FSJAIL_TEST_SRCDIR, name);
	char *pa_file = xasprintf("%s/golden/%s.params", FSJAIL_TEST_SRCDIR, name);
	char *params;

	compile_ok(pol, opts, &prof);
	ast_parse(&prof, &ast);
	check_structure(&prof, &ast);
	params = render_params(&prof);
	golden_one(sb_file, prof.text);
	golden_one(pa_file, params);
	free(params);
	free(sb_file);
	free(pa_file);
	ast_free(&ast);
	sbpl_profile_release(&prof);
}

static const struct sbpl_opts opts_plain = { FSJ_NETWORK_DENY, NULL, false, NULL };

START_TEST(golden_baseline_tiers)
{
	static const char *const names[FSJ_TIER_COUNT] = {
		"sbpl-baseline-writes",
		"sbpl-baseline-process",
		"sbpl-baseline-guarded",
		"sbpl-baseline-full",
	};
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		struct fsj_policy *pol = test_policy((enum fsj_tier)t, FSJ_MODE_WORKSPACE_WRITE);
		golden(names[t], pol, &opts_plain);
		policy_free(pol);
	}
}
END_TEST

/* Nested explicit rules: allow, deeper deny, deeper allow again, and a
 * single-path rule; plus a symlinked grant (written and resolved differ). */
static struct fsj_policy *nested_policy(void)
{
	struct fsj_policy *pol = test_policy(FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE);

	add(pol, FSJ_SRC_RULES, "/Users/u/docs", NULL, true, R | W | C, 0, 0, "docs");
	add(pol, FSJ_SRC_RULES, "/Users/u/docs/private", NULL, true, 0, R | W, 0, "docs-private");
	add(pol, FSJ_SRC_RULES, "/Users/u/docs/private/ok.txt", NULL, false, R, 0, 0, NULL);
	add(pol, FSJ_SRC_RULES, "/Users/u/proj/.git/hooks", NULL, true, 0, W | C | D, 0, "hooks");
	add(pol, FSJ_SRC_GRANT, "/opt/homebrew/bin/gh", "/opt/homebrew/Cellar/gh/2.0/bin/gh", false,
	    R | X, 0, 0, "gh");
	add(pol, FSJ_SRC_SESSION, "/tmp/build", NULL, true, 0, D, 0, NULL);
	return pol;
}

START_TEST(golden_nested)
{
	struct fsj_policy *pol = nested_policy();
	golden("sbpl-nested", pol, &opts_plain);
	policy_free(pol);
}
END_TEST

/* A user grant over protected trees: /usr (protected except /usr/local)
 * and a grant on ~/.config holding fsjail's protected config directory. */
START_TEST(golden_protected_under_grant)
{
	struct fsj_policy *pol = test_policy(FSJ_TIER_PROCESS, FSJ_MODE_WORKSPACE_WRITE);

	add(pol, FSJ_SRC_RULES, "/usr", NULL, true, R | W | C | D | X, 0, 0, "usr-all");
	add(pol, FSJ_SRC_RULES, "/Users/u/.config", NULL, true, R | W | C | D, 0, 0, "config");
	add(pol, FSJ_SRC_RULES, "/dev", NULL, true, R | W, 0, 0, NULL);
	golden("sbpl-protected-under-grant", pol, &opts_plain);
	policy_free(pol);
}
END_TEST

START_TEST(golden_read_only)
{
	struct fsj_policy *pol = test_policy(FSJ_TIER_GUARDED, FSJ_MODE_READ_ONLY);

	add(pol, FSJ_SRC_RULES, "/Users/u/notes", NULL, true, R | W | C | D, 0, 0, "notes");
	policy_finalize(pol);
	golden("sbpl-read-only", pol, &opts_plain);
	policy_free(pol);
}
END_TEST

START_TEST(golden_messages_network_broker)
{
	struct fsj_policy *pol = nested_policy();
	struct sbpl_opts opts = { FSJ_NETWORK_ALLOW,
				  "/Users/u/.local/state/fsjail/run/s1/broker.sock", true, NULL };
	golden("sbpl-messages-network-broker", pol, &opts);
	policy_free(pol);
}
END_TEST

/* ---- semantics: the profile decides as policy_decide() does ------------- */

static void check_universe(const struct fsj_policy *pol, const char *const *queries)
{
	struct sbpl_profile prof;
	struct profile_ast ast;

	compile_ok(pol, &opts_plain, &prof);
	ast_parse(&prof, &ast);
	check_structure(&prof, &ast);
	for (const char *const *q = queries; *q; q++)
		check_against_policy(pol, &ast, &prof, *q);
	ast_free(&ast);
	sbpl_profile_release(&prof);
}

static const char *const test_queries[] = {
	"/Users",
	"/Users/u",
	"/Users/u/proj",
	"/Users/u/proj/a.c",
	"/Users/u/proj/.git",
	"/Users/u/proj/.git/hooks",
	"/Users/u/proj/.git/hooks/pre-commit",
	"/Users/u/other",
	"/Users/u/docs",
	"/Users/u/docs/a",
	"/Users/u/docs/private",
	"/Users/u/docs/private/x",
	"/Users/u/docs/private/ok.txt",
	"/Users/u/docs/private/ok.txt/y",
	"/Users/u/.cargo",
	"/Users/u/.cargo/bin/cargo",
	"/Users/u/.cargo/credentials.toml",
	"/Users/u/.config",
	"/Users/u/.config/fsjail",
	"/Users/u/.config/fsjail/rules.yaml",
	"/Users/u/.config/x",
	"/Users/u/notes/n.md",
	"/Volumes/disk/f",
	"/usr/bin/cc",
	"/usr/local",
	"/usr/local/bin/x",
	"/usr",
	"/dev/null",
	"/dev/disk0",
	"/dev",
	"/tmp",
	"/tmp/x",
	"/tmp/build",
	"/tmp/build/o",
	"/private/tmp/y",
	"/opt/homebrew/bin/gh",
	"/opt/homebrew/Cellar/gh/2.0/bin/gh",
	"/opt/homebrew/bin/other",
	"/etc/hosts",
	"/var/tmp/z",
	"/w/x",
	NULL,
};

START_TEST(semantics_fixed_policies)
{
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		struct fsj_policy *pol = test_policy((enum fsj_tier)t, FSJ_MODE_WORKSPACE_WRITE);
		check_universe(pol, test_queries);
		policy_free(pol);
	}
	struct fsj_policy *pol = nested_policy();
	check_universe(pol, test_queries);
	policy_free(pol);

	pol = test_policy(FSJ_TIER_FULL, FSJ_MODE_READ_ONLY);
	add(pol, FSJ_SRC_RULES, "/Users/u/notes", NULL, true, ALL, 0, 0, NULL);
	add(pol, FSJ_SRC_RULES, "/usr", NULL, true, ALL, 0, 0, NULL);
	add(pol, FSJ_SRC_RULES, "/dev", NULL, true, R | W, 0, 0, NULL);
	policy_finalize(pol);
	check_universe(pol, test_queries);
	policy_free(pol);
}
END_TEST

/* xorshift32: deterministic, so a failure reproduces. */
static uint32_t rnd_state;
static uint32_t rnd(uint32_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state % n;
}

/* Random policies over a small tree: every level, allow, deny and pass,
 * recursive and single rules, symlinked rules (resolved elsewhere), the
 * /tmp alias; every tier. The profile must decide every capability on
 * every path of the tree exactly as policy_decide() does. */
START_TEST(semantics_random_policies)
{
	static const char *const tree[] = {
		"/r",
		"/r/a",
		"/r/b",
		"/r/a/a",
		"/r/a/b",
		"/r/b/a",
		"/r/b/b",
		"/r/a/a/a",
		"/r/a/a/b",
		"/r/a/b/a",
		"/r/b/b/b",
		"/r/a/a/a/a",
		"/r/b/b/b/b",
		"/tmp",
		"/tmp/a",
		"/tmp/a/b",
		"/private/tmp",
		"/private/tmp/a",
		"/private/tmp/a/b",
		"/private/tmp/c",
		NULL,
	};
	static const enum fsj_source sources[] = { FSJ_SRC_PROTECTED, FSJ_SRC_RULES, FSJ_SRC_GRANT,
						   FSJ_SRC_BASELINE };
	size_t n_tree = 0;

	while (tree[n_tree])
		n_tree++;
	rnd_state = 0x2545f491u;
	for (int iter = 0; iter < 400; iter++) {
		struct fsj_policy *pol =
			policy_new(FSJ_MODE_WORKSPACE_WRITE, (enum fsj_tier)rnd(FSJ_TIER_COUNT));
		int n_rules = 1 + (int)rnd(9);

		for (int i = 0; i < n_rules; i++) {
			const char *path = tree[rnd((uint32_t)n_tree)];
			/* a symlinked rule path; /tmp always resolves into /private */
			char *resolved = rnd(5) == 0 && strncmp(path, "/r", 2) == 0
						 ? kernel_path(tree[rnd((uint32_t)n_tree)])
						 : NULL;
			unsigned allow = rnd(32), deny = rnd(3) == 0 ? rnd(32) : 0;
			unsigned pass = rnd(3) == 0 ? rnd(32) : 0;
			add(pol, sources[rnd(4)], path, resolved, rnd(4) != 0, allow, deny, pass,
			    NULL);
			free(resolved);
		}
		check_universe(pol, tree);
		policy_free(pol);
	}
}
END_TEST

/* Guarded and full fence the user-data roots to reads even when the
 * baseline forgot them; deeper baseline grants and explicit rules still
 * re-open below. */
START_TEST(guarded_user_data_fence)
{
	static const char *const roots[] = { "/Users", NULL };
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	struct sbpl_profile prof;
	struct profile_ast ast;

	set_roots(pol, roots);
	add(pol, FSJ_SRC_BASELINE, "/", NULL, true, R, 0, 0, NULL);
	add(pol, FSJ_SRC_BASELINE, "/Users/u/.nvm", NULL, true, R | X, 0, 0, NULL);
	add(pol, FSJ_SRC_RULES, "/Users/u/proj", NULL, true, ALL, 0, 0, NULL);
	compile_ok(pol, &opts_plain, &prof);
	ast_parse(&prof, &ast);
	check_structure(&prof, &ast);
	ck_assert(!eval(&ast, "file-read-data", "/Users/u/.ssh/id_ed25519"));
	ck_assert(!eval(&ast, "file-read-data", "/Users"));
	ck_assert(eval(&ast, "file-read-data", "/Users/u/.nvm/bin/node"));
	ck_assert(eval(&ast, "file-read-data", "/Users/u/proj/x"));
	ck_assert(eval(&ast, "file-read-data", "/etc/hosts"));
	ck_assert(eval(&ast, "file-read-data", "/Userspace"));
	ast_free(&ast);
	sbpl_profile_release(&prof);

	/* with the deny present in the baseline, nothing is added */
	add(pol, FSJ_SRC_BASELINE, "/Users", NULL, true, 0, R, 0, NULL);
	compile_ok(pol, &opts_plain, &prof);
	ast_parse(&prof, &ast);
	size_t denies = 0;
	for (size_t i = 0; i < ast.n; i++)
		denies += is_head(ast.forms[i], "deny") &&
			  rule_names_op(ast.forms[i], "file-read-data");
	ck_assert_uint_eq(denies, 1);
	check_against_policy(pol, &ast, &prof, "/Users/u/.ssh/id_ed25519");
	check_against_policy(pol, &ast, &prof, "/Users/u/.nvm/x");
	ast_free(&ast);
	sbpl_profile_release(&prof);
	policy_free(pol);
}
END_TEST

/* ---- tiers ------------------------------------------------------------ */

static bool has_unfiltered(const struct profile_ast *ast, const char *op)
{
	for (size_t i = 0; i < ast->n; i++) {
		const struct sbpl_node *f = ast->forms[i];
		if (is_head(f, "allow") && rule_names_op(f, op) && first_filter(f) == f->n)
			return true;
	}
	return false;
}

static bool has_filtered(const struct profile_ast *ast, const char *op)
{
	for (size_t i = 0; i < ast->n; i++) {
		const struct sbpl_node *f = ast->forms[i];
		if (is_rule(f) && rule_names_op(f, op) && first_filter(f) < f->n && has_param(f))
			return true;
	}
	return false;
}

START_TEST(tiers_open_and_closed_caps)
{
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		struct fsj_policy *pol = test_policy((enum fsj_tier)t, FSJ_MODE_WORKSPACE_WRITE);
		struct sbpl_profile prof;
		struct profile_ast ast;

		compile_ok(pol, &opts_plain, &prof);
		ast_parse(&prof, &ast);
		for (int cap = 0; cap < FSJ_CAP_COUNT; cap++) {
			bool enforced = pol->enforced & FSJ_CAPBIT(cap);
			for (const char *const *op = cap_ops[cap]; *op; op++) {
				ck_assert_msg(has_unfiltered(&ast, *op) == !enforced,
					      "tier %s: %s unfiltered allow %s",
					      fsj_tier_name(pol->tier), *op,
					      enforced ? "present" : "missing");
				/* an open capability has no filtered rule at all */
				if (!enforced)
					ck_assert_msg(!has_filtered(&ast, *op),
						      "tier %s: filtered %s",
						      fsj_tier_name(pol->tier), *op);
			}
		}
		/* full closes reads and re-opens "/" and dyld by hand */
		if (t >= FSJ_TIER_GUARDED) {
			ck_assert(eval(&ast, "file-read-data", "/"));
			ck_assert(eval(&ast, "file-read-data",
				       "/System/Library/dyld/dyld_shared_cache_arm64e"));
			ck_assert(eval(&ast, "file-read-data", "/private/var/select/sh"));
			ck_assert(eval(&ast, "file-map-executable",
				       "/System/Cryptexes/OS/System/Library/dyld/x"));
		}
		if (t == FSJ_TIER_FULL) {
			ck_assert(!eval(&ast, "file-read-data", "/Users/u/.ssh/id_rsa"));
			ck_assert(!eval(&ast, "file-read-data", "/Library/x"));
			ck_assert(eval(&ast, "file-read-data", "/Users/u/proj/a.c"));
		}
		if (t == FSJ_TIER_GUARDED) {
			ck_assert(!eval(&ast, "file-read-data", "/Users/u/.ssh/id_rsa"));
			ck_assert(!eval(&ast, "file-read-data", "/Volumes/x/y"));
			ck_assert(eval(&ast, "file-read-data", "/Library/x"));
		}
		if (t <= FSJ_TIER_PROCESS)
			ck_assert(
				eval(&ast, "file-read-data", "/Users/u/.ssh/id_rsa"));
		/* writes everywhere but the grants are closed in every tier */
		ck_assert(!eval(&ast, "file-write-data", "/Users/u/.ssh/id_rsa"));
		ck_assert(!eval(&ast, "file-write-create", "/usr/local/bin/x"));
		ck_assert(eval(&ast, "file-write-create", "/Users/u/proj/new"));
		ck_assert(!eval(&ast, "file-write-unlink", "/Users/u/proj/old"));
		ck_assert(eval(&ast, "file-write-data", "/dev/null"));
		ck_assert(!eval(&ast, "file-write-data", "/dev/disk0"));
		ck_assert(!eval(&ast, "file-write-data",
				"/Users/u/.config/fsjail/rules.yaml"));
		ast_free(&ast);
		sbpl_profile_release(&prof);
		policy_free(pol);
	}
}
END_TEST

START_TEST(read_only_mode)
{
	struct fsj_policy *pol = test_policy(FSJ_TIER_PROCESS, FSJ_MODE_READ_ONLY);
	struct sbpl_profile prof;
	struct profile_ast ast;

	add(pol, FSJ_SRC_RULES, "/Users/u/notes", NULL, true, ALL, 0, 0, NULL);
	policy_finalize(pol);
	compile_ok(pol, &opts_plain, &prof);
	ast_parse(&prof, &ast);
	check_structure(&prof, &ast);
	ck_assert(!eval(&ast, "file-write-data", "/Users/u/proj/a.c"));
	ck_assert(!eval(&ast, "file-write-create", "/Users/u/proj/b.c"));
	ck_assert(!eval(&ast, "file-write-create", "/Users/u/notes/n"));
	ck_assert(eval(&ast, "process-exec", "/Users/u/proj/run.sh"));
	ck_assert(eval(&ast, "file-read-data", "/Users/u/proj/a.c"));
	/* scratch space keeps its rights */
	ck_assert(eval(&ast, "file-write-create", "/private/tmp/x"));
	ast_free(&ast);
	sbpl_profile_release(&prof);
	policy_free(pol);
}
END_TEST

/* ---- paths stay out of the text -------------------------------------- */

START_TEST(hostile_paths_are_parameters)
{
	static const char *const paths[] = {
		"/Users/u/a\"b",
		"/Users/u/back\\slash",
		"/Users/u/x) (allow file-write-data (subpath \"/\")",
		"/Users/u/semi;colon",
		"/Users/u/(paren",
		"/Users/u/with space",
		"/Users/u/new\nline",
		"/Users/u/#\"regex",
		"/Users/u/caf\xc3\xa9",
		"/Users/u/\xe6\x97\xa5\xe6\x9c\xac",
		"/Users/u/a=b",
		"/tmp/\xe6\x97\xa5\xe6\x9c\xac\"x",
		NULL,
	};
	static const char *const fragments[] = {
		"a\"b",      "back\\slash", "x) (allow", "semi;",        "(paren", "with space",
		"new\nline", "#\"regex",    "caf",       "\xe6\x97\xa5", "a=b",    NULL,
	};
	struct fsj_policy *pol = test_policy(FSJ_TIER_FULL, FSJ_MODE_WORKSPACE_WRITE);
	struct sbpl_profile prof;
	struct profile_ast ast;

	for (size_t i = 0; paths[i]; i++) {
		add(pol, FSJ_SRC_RULES, paths[i], NULL, true, R | W, 0, 0, paths[i]);
		add(pol, FSJ_SRC_RULES, paths[i], NULL, false, 0, D, 0, NULL);
	}
	struct sbpl_opts opts = { FSJ_NETWORK_DENY, "/tmp/s\"ock)", true, NULL };
	compile_ok(pol, &opts, &prof);
	ast_parse(&prof, &ast);
	check_structure(&prof, &ast);
	for (const unsigned char *s = (const unsigned char *)prof.text; *s; s++)
		ck_assert_msg(*s < 0x80 && *s != '\\', "byte 0x%02x in the profile text", *s);
	for (size_t i = 0; fragments[i]; i++)
		ck_assert_msg(strstr(prof.text, fragments[i]) == NULL, "'%s' leaked into the text",
			      fragments[i]);
	for (size_t i = 0; paths[i]; i++) {
		char *k = kernel_path(paths[i]);
		size_t hits = 0, khits = 0;
		for (size_t j = 0; j < prof.n_params; j++) {
			hits += strcmp(prof.param_values[j], paths[i]) == 0;
			khits += strcmp(prof.param_values[j], k) == 0;
		}
		ck_assert_msg(hits == 1, "'%s' is %zu parameters", paths[i], hits);
		ck_assert_msg(khits == 1, "'%s' is %zu parameters", k, khits);
		/* and the rule works on it */
		ck_assert(eval(&ast, "file-write-data", k));
		ck_assert(eval(&ast, "file-read-data", k));
		ck_assert(!eval(&ast, "file-write-unlink", k));
		free(k);
	}
	/* the kernel's spelling: /tmp is /private/tmp to Seatbelt (D11) */
	ck_assert_str_eq(param_value(&prof, "BROKER"), "/private/tmp/s\"ock)");
	/* none of those ids is safe: no message at all */
	ck_assert(strstr(prof.text, "(with message") == NULL);
	ast_free(&ast);
	sbpl_profile_release(&prof);
	policy_free(pol);
}
END_TEST

START_TEST(messages_only_for_safe_ids)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_PROCESS);
	struct sbpl_opts opts = { FSJ_NETWORK_DENY, NULL, true, NULL };
	struct sbpl_profile prof;
	char long_id[66];

	memset(long_id, 'a', 65);
	long_id[65] = '\0';
	add(pol, FSJ_SRC_RULES, "/a", NULL, true, W, 0, 0, "ssh-keys_1.0");
	add(pol, FSJ_SRC_RULES, "/b", NULL, true, W, 0, 0,
	    "x\") (allow file-write-data (subpath \"/\")");
	add(pol, FSJ_SRC_RULES, "/c", NULL, true, W, 0, 0, long_id);
	add(pol, FSJ_SRC_RULES, "/d", NULL, true, W, 0, 0, long_id + 1); /* 64: fine */
	add(pol, FSJ_SRC_RULES, "/e", NULL, true, W, 0, 0, "");
	add(pol, FSJ_SRC_RULES, "/f", NULL, true, W, 0, 0, "caf\xc3\xa9");
	compile_ok(pol, &opts, &prof);
	ck_assert(strstr(prof.text, "(with message \"ssh-keys_1.0\")") != NULL);
	ck_assert(strstr(prof.text, "allow file-write-data (subpath") == NULL);
	ck_assert(strstr(prof.text, long_id) == NULL);
	char *m = xasprintf("(with message \"%s\")", long_id + 1);
	ck_assert(strstr(prof.text, m) != NULL);
	free(m);
	size_t n = 0;
	for (const char *s = prof.text; (s = strstr(s, "(with message")); s++)
		n++;
	ck_assert_uint_eq(n, 2);
	sbpl_profile_release(&prof);

	opts.with_messages = false;
	compile_ok(pol, &opts, &prof);
	ck_assert(strstr(prof.text, "(with message") == NULL);
	sbpl_profile_release(&prof);
	policy_free(pol);
}
END_TEST

START_TEST(identical_paths_share_a_parameter)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	struct sbpl_profile prof;

	add(pol, FSJ_SRC_BASELINE, "/w", NULL, true, R, 0, 0, NULL);
	add(pol, FSJ_SRC_RULES, "/w", NULL, false, W, 0, 0, NULL);
	add(pol, FSJ_SRC_PROTECTED, "/w", NULL, true, 0, D, 0, NULL);
	add(pol, FSJ_SRC_RULES, "/tmp/q", NULL, true, W, 0, 0, NULL);
	compile_ok(pol, &opts_plain, &prof);
	ck_assert_uint_eq(prof.n_params, 3); /* /w, /tmp/q, /private/tmp/q */
	ck_assert_str_eq(prof.param_names[0], "P0");
	ck_assert_str_eq(prof.param_values[0], "/w");
	sbpl_profile_release(&prof);
	policy_free(pol);
}
END_TEST

START_TEST(bad_paths_refused)
{
	struct fsj_error err = { { 0 } };
	struct sbpl_profile prof;
	char *long_path = xmalloc(FSJ_PATH_MAX + 2);
	struct fsj_policy *pol;

	long_path[0] = '/';
	memset(long_path + 1, 'x', FSJ_PATH_MAX);
	long_path[FSJ_PATH_MAX + 1] = '\0';

	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	add(pol, FSJ_SRC_RULES, long_path, long_path, true, R, 0, 0, NULL);
	ck_assert_int_eq(sbpl_compile(pol, NULL, &prof, &err), -1);
	ck_assert_msg(strstr(err.text, "longer than") && strstr(err.text, "/xxxx"), "%s", err.text);
	ck_assert_ptr_null(prof.text);
	policy_free(pol);

	/* exactly FSJ_PATH_MAX is fine, its /private alias is not */
	long_path[FSJ_PATH_MAX] = '\0';
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	add(pol, FSJ_SRC_RULES, long_path, long_path, true, R, 0, 0, NULL);
	compile_ok(pol, NULL, &prof);
	sbpl_profile_release(&prof);
	memcpy(long_path, "/tmp/", 5);
	add(pol, FSJ_SRC_RULES, long_path, long_path, true, R, 0, 0, NULL);
	ck_assert_int_eq(sbpl_compile(pol, NULL, &prof, &err), -1);
	policy_free(pol);

	static const char *const bad[] = { "relative/x", "/a/../b", "/a/./b", "/a//b",
					   "/a/",        "",        NULL };
	for (size_t i = 0; bad[i]; i++) {
		pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
		add(pol, FSJ_SRC_RULES, bad[i], bad[i], true, R, 0, 0, NULL);
		memset(&err, 0, sizeof(err));
		ck_assert_msg(sbpl_compile(pol, NULL, &prof, &err) == -1, "'%s' accepted", bad[i]);
		ck_assert_msg(strstr(err.text, bad[i]) != NULL, "error does not name it: %s",
			      err.text);
		policy_free(pol);
	}

	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	struct sbpl_opts opts = { FSJ_NETWORK_DENY, "sock", false, NULL };
	ck_assert_int_eq(sbpl_compile(pol, &opts, &prof, &err), -1);
	policy_free(pol);
	free(long_path);
}
END_TEST

START_TEST(network_and_broker)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_PROCESS);
	struct sbpl_opts opts = { FSJ_NETWORK_DENY, NULL, false, NULL };
	struct sbpl_profile prof;
	struct profile_ast ast;

	compile_ok(pol, &opts, &prof);
	ck_assert(strstr(prof.text, "network-outbound") == NULL);
	ck_assert(strstr(prof.text, "system-socket") == NULL);
	ck_assert(strstr(prof.text, "BROKER") == NULL);
	ck_assert(strstr(prof.text, "(allow file-read-data file-read-xattr (extension \"fsjail.read\"))"));
	ck_assert(strstr(prof.text, "(allow file-read-data file-read-xattr file-write-data file-write-mode "
				    "file-write-owner file-write-times file-write-flags "
				    "file-write-xattr (extension \"fsjail.read-write\"))"));
	sbpl_profile_release(&prof);

	opts.broker_socket = "/s/run/broker.sock";
	compile_ok(pol, &opts, &prof);
	ast_parse(&prof, &ast);
	check_structure(&prof, &ast);
	ck_assert(strstr(prof.text, "(allow network-outbound (remote unix-socket (path-literal "
				    "(param \"BROKER\"))))\n"));
	ck_assert(strstr(prof.text, "(allow system-socket (socket-domain AF_UNIX))\n"));
	ck_assert(!has_unfiltered(&ast, "network-outbound"));
	ck_assert_str_eq(param_value(&prof, "BROKER"), "/s/run/broker.sock");
	/* Seatbelt would let the command connect to the broker and to no
	 * other socket, nor touch the socket as a file */
	ck_assert(eval(&ast, "network-outbound", "/s/run/broker.sock"));
	ck_assert(!eval(&ast, "network-outbound", "/s/run/broker.sock2"));
	ck_assert(!eval(&ast, "network-outbound", "/s/run/other.sock"));
	ck_assert(!eval(&ast, "network-outbound", "/s/run"));
	ck_assert(!eval(&ast, "network-outbound", NULL));
	ck_assert(!eval(&ast, "file-write-data", "/s/run/broker.sock"));
	ast_free(&ast);
	sbpl_profile_release(&prof);

	opts.network = FSJ_NETWORK_ALLOW;
	compile_ok(pol, &opts, &prof);
	ast_parse(&prof, &ast);
	ck_assert(has_unfiltered(&ast, "network-outbound"));
	ck_assert(has_unfiltered(&ast, "network-inbound"));
	ck_assert(has_unfiltered(&ast, "system-socket"));
	ast_free(&ast);
	sbpl_profile_release(&prof);
	policy_free(pol);
}
END_TEST

/* ---- the preamble is data (profiles/sbpl-preamble.sb) --------------------- */

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "cannot write '%s'", path);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(preamble_is_data)
{
	const char *old = getenv("FSJAIL_DATADIR");
	cleanup_free char *saved = old ? xstrdup(old) : NULL;
	cleanup_free char *src = xasprintf("%s/%s", FSJAIL_SRC_PROFILES, FSJ_DATA_SBPL_PREAMBLE);
	cleanup_free char *want = NULL, *local = NULL, *mine = NULL;
	char dir[] = "/tmp/fsjail-sbpl.XXXXXX";
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	struct fsj_error err = { { 0 } };
	struct sbpl_profile prof;
	size_t len;

	policy_finalize(pol);
	/* the profile is its header line, then the file, byte for byte */
	ck_assert_int_eq(read_file(src, 1 << 20, &want, &len), 0);
	compile_ok(pol, &opts_plain, &prof);
	ck_assert(strncmp(prof.text, "; fsjail profile: ", 18) == 0);
	ck_assert_msg(strncmp(strchr(prof.text, '\n') + 1, want, len) == 0,
		      "the profile does not start with '%s'", src);
	sbpl_profile_release(&prof);

	/* $FSJAIL_DATADIR comes first */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	mine = xasprintf("%s/%s", dir, FSJ_DATA_SBPL_PREAMBLE);
	local = xasprintf("%s;; a local line\n", want);
	write_text(mine, local);
	setenv("FSJAIL_DATADIR", dir, 1);
	compile_ok(pol, &opts_plain, &prof);
	ck_assert(strstr(prof.text, "\n;; a local line\n") != NULL);
	sbpl_profile_release(&prof);

	/* a preamble that is there but not one: no profile, the file named
	 * (the source tree's is not used instead) */
	static const char *const bad[] = { "", "(deny default)\n(version 1)\n", "(version 1)" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_text(mine, bad[i]);
		memset(&err, 0, sizeof(err));
		ck_assert_int_eq(sbpl_compile(pol, &opts_plain, &prof, &err), -1);
		ck_assert_ptr_null(prof.text);
		ck_assert_uint_eq(prof.n_params, 0);
		ck_assert_msg(strstr(err.text, mine) && strstr(err.text, "(version 1)"),
			      "bad preamble %zu: %s", i, err.text);
	}

	if (saved)
		setenv("FSJAIL_DATADIR", saved, 1);
	else
		unsetenv("FSJAIL_DATADIR");
	ck_assert_int_eq(unlink(mine), 0);
	ck_assert_int_eq(rmdir(dir), 0);
	policy_free(pol);
}
END_TEST

/* ---- sandbox-exec argv ------------------------------------------------ */

static void free_argv(char **argv)
{
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
}

START_TEST(exec_argv)
{
	char *names[] = { "P0", "P1", "BROKER" };
	char *values[] = { "/w", "/a b=c\nd", "/s/b.sock" };
	struct sbpl_profile prof = { NULL, names, values, 3 };
	char *cmd[] = { "-weird", "arg 1", "", NULL };
	static const char *const want[] = {
		"/usr/bin/sandbox-exec",
		"-f",
		"/s/profile.sb",
		"-D",
		"P0=/w",
		"-D",
		"P1=/a b=c\nd",
		"-D",
		"BROKER=/s/b.sock",
		"--",
		"-weird",
		"arg 1",
		"",
		NULL,
	};
	char **argv;
	size_t i;

	argv = sbpl_exec_argv(&prof, "/usr/bin/sandbox-exec", "/s/profile.sb", cmd);
	for (i = 0; want[i]; i++) {
		ck_assert_ptr_nonnull(argv[i]);
		ck_assert_str_eq(argv[i], want[i]);
	}
	ck_assert_ptr_null(argv[i]);
	free_argv(argv);

	/* NULL: $FSJAIL_SANDBOX_EXEC, else /usr/bin/sandbox-exec */
	unsetenv("FSJAIL_SANDBOX_EXEC");
	prof.n_params = 0;
	argv = sbpl_exec_argv(&prof, NULL, "/p", cmd);
	ck_assert_str_eq(argv[0], "/usr/bin/sandbox-exec");
	ck_assert_str_eq(argv[3], "--");
	ck_assert_str_eq(argv[4], "-weird");
	free_argv(argv);
	setenv("FSJAIL_SANDBOX_EXEC", "/opt/fake-sandbox-exec", 1);
	argv = sbpl_exec_argv(&prof, NULL, "/p", cmd);
	ck_assert_str_eq(argv[0], "/opt/fake-sandbox-exec");
	free_argv(argv);
	unsetenv("FSJAIL_SANDBOX_EXEC");
}
END_TEST

/* ---- the real darwin baseline ----------------------------------------- */

START_TEST(real_darwin_baseline)
{
	char *file = xasprintf("%s/baseline-darwin.yaml", FSJAIL_SRC_PROFILES);
	struct fsj_vars vars = {
		.home = "/Users/u",
		.workspace = "/Users/u/proj",
		.tmpdir = "/private/var/folders/xy/abc/T",
		.config_dir = "/Users/u/.config/fsjail",
		.state_dir = "/Users/u/.local/state/fsjail",
		.config_file = "/Users/u/.config/fsjail/config.yaml",
		.rules_file = "/Users/u/.config/fsjail/rules.yaml",
		.baseline_file = file,
	};

	if (access(file, R_OK) != 0) {
		fprintf(stderr, "check_sbpl: %s not there yet, real baseline test skipped\n", file);
		free(file);
		return;
	}
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		struct fsj_ruleset rs = { 0 };
		struct fsj_error err = { { 0 } };
		char **roots = NULL;
		size_t n_roots = 0;
		struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, (enum fsj_tier)t);
		struct sbpl_profile prof;
		struct profile_ast ast;
		int rc = fsj_baseline_load(file, &vars, (enum fsj_tier)t, &rs, &roots, &n_roots,
					   &err);

		ck_assert_msg(rc == 0, "baseline: %s", err.text);
		pol->workspace = xstrdup(vars.workspace);
		pol->user_data_roots = roots;
		pol->n_user_data_roots = n_roots;
		for (size_t i = 0; i < rs.n; i++) {
			/* as the policy engine sees it on a Mac */
			struct fsj_rule r = rs.rules[i];
			char *k = kernel_path(r.path);
			r.resolved = k;
			policy_add_rule(pol, &r);
			free(k);
		}
		compile_ok(pol, &opts_plain, &prof);
		ast_parse(&prof, &ast);
		check_structure(&prof, &ast);
		/* every rule's path, a child and the parent decide as policy_decide */
		for (size_t i = 0; i < pol->n_rules; i++) {
			char *child = path_join(pol->rules[i].path, "f");
			char *parent = path_dirname(pol->rules[i].path);
			check_against_policy(pol, &ast, &prof, pol->rules[i].path);
			check_against_policy(pol, &ast, &prof, child);
			if (strcmp(parent, "/") != 0)
				check_against_policy(pol, &ast, &prof, parent);
			free(child);
			free(parent);
		}
		/* and what DESIGN.md promises, with the fixed system part */
		ck_assert(!eval(&ast, "file-write-data", "/usr/bin/true"));
		ck_assert(!eval(&ast, "file-write-create", "/System/x"));
		ck_assert(eval(&ast, "file-write-create", "/Users/u/proj/new"));
		ck_assert(eval(&ast, "file-write-unlink", "/Users/u/proj/old")); /* all five */
		ck_assert(eval(&ast, "file-write-unlink", "/private/tmp/x"));
		ck_assert(!eval(&ast, "file-write-data",
				"/Users/u/.config/fsjail/rules.yaml"));
		if (t >= FSJ_TIER_GUARDED)
			ck_assert(!eval(&ast, "file-read-data", "/Users/u/.ssh/id_ed25519"));
		ast_free(&ast);
		sbpl_profile_release(&prof);
		fsj_ruleset_release(&rs);
		policy_free(pol);
	}
	free(file);
}
END_TEST

static Suite *sbpl_suite(void)
{
	Suite *s = suite_create("sbpl");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, golden_baseline_tiers);
	tcase_add_test(tc, golden_nested);
	tcase_add_test(tc, golden_protected_under_grant);
	tcase_add_test(tc, golden_read_only);
	tcase_add_test(tc, golden_messages_network_broker);
	tcase_add_test(tc, semantics_fixed_policies);
	tcase_add_test(tc, semantics_random_policies);
	tcase_add_test(tc, guarded_user_data_fence);
	tcase_add_test(tc, tiers_open_and_closed_caps);
	tcase_add_test(tc, read_only_mode);
	tcase_add_test(tc, hostile_paths_are_parameters);
	tcase_add_test(tc, messages_only_for_safe_ids);
	tcase_add_test(tc, identical_paths_share_a_parameter);
	tcase_add_test(tc, bad_paths_refused);
	tcase_add_test(tc, network_and_broker);
	tcase_add_test(tc, preamble_is_data);
	tcase_add_test(tc, exec_argv);
	tcase_add_test(tc, real_darwin_baseline);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(sbpl_suite(), CK_FORK_GETENV);
}
