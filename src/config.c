/* config.c - the schema walkers for rules.yaml, config.yaml and the
 * platform baseline (DESIGN.md sections 3, 4 and 12), over the tree of
 * yamlread.c. Unknown keys and values are refused with FILE:LINE:COL;
 * nothing reaches the caller unless the whole file was read. */

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "keyset.h"
#include "baseline-tree.h"
#include "path.h"
#include "policy.h"
#include "util.h"
#include "yamlread.h"

/* backup.max_size_mb: default (the size limit of the tool fsjail follows)
 * and the largest value accepted (1 TiB). */
#define BACKUP_MAX_SIZE_MB_DEFAULT 10ul
#define BACKUP_MAX_SIZE_MB_LIMIT (1024ul * 1024ul)
/* backup.keep_days and backup.store_max_mb: defaults and largest values
 * (100 years; 1 PiB). */
#define BACKUP_KEEP_DAYS_DEFAULT 14ul
#define BACKUP_KEEP_DAYS_LIMIT 36500ul
#define BACKUP_STORE_MAX_MB_DEFAULT 2048ul
#define BACKUP_STORE_MAX_MB_LIMIT (1024ul * 1024ul * 1024ul)

/* ------------------------------------------------------------------------
 * Rules
 */

static void ruleset_push(struct fsj_ruleset *rs, struct fsj_rule *r)
{
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? 2 * rs->cap : 16;
		rs->rules = xreallocarray(rs->rules, rs->cap, sizeof(*rs->rules));
	}
	rs->rules[rs->n++] = *r;
	memset(r, 0, sizeof(*r));
}

void fsj_ruleset_release(struct fsj_ruleset *rs)
{
	if (!rs)
		return;
	for (size_t i = 0; i < rs->n; i++)
		fsj_rule_release(&rs->rules[i]);
	free(rs->rules);
	for (size_t i = 0; rs->secrets && i < rs->n_secrets; i++)
		free(rs->secrets[i]);
	free(rs->secrets);
	memset(rs, 0, sizeof(*rs));
}

/* How to read the rules of one list. */
struct rule_schema {
	enum fsj_source source;
	const char *home;
	const char *base;            /* relative paths resolve here; NULL: refused */
	const struct fsj_vars *vars; /* baseline: ${VAR} and the baseline keys */
	enum fsj_tier tier;          /* baseline: entries for this tier only */
};

/* Read one rule mapping into *out. *keep is false for a baseline entry left
 * out (an unset variable, another tier); *id_node is the id's node. */
static int read_rule(struct ydoc *d, const struct ynode *m, const struct rule_schema *rs,
		     struct fsj_rule *out, bool *keep, const struct ynode **id_node)
{
	const struct ynode *path_k = NULL, *path_v = NULL;
	bool baseline = rs->vars != NULL, has_caps = false, skip = false, recursive = true;
	unsigned tiers = 0, allow = 0, deny = 0, pass = 0;
	const char *id = NULL, *note = NULL;
	char *path = NULL;

	memset(out, 0, sizeof(*out));
	*keep = false;
	*id_node = NULL;
	if (m->kind != YN_MAP)
		return ynode_err(d, m, "a rule must be a mapping, not %s", ykind_name(m));
	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		unsigned long hits;
		const char *ignored;
		int r;

		if (ykey_is(k, "path")) {
			path_k = k;
			path_v = v;
			r = 0;
		} else if (ykey_is(k, "recursive")) {
			r = yget_bool(d, k, v, &recursive);
		} else if (ykey_is(k, "allow")) {
			r = yget_caps(d, k, v, &allow);
			has_caps = true;
		} else if (ykey_is(k, "deny")) {
			r = yget_caps(d, k, v, &deny);
			has_caps = true;
		} else if (!baseline && ykey_is(k, "id")) {
			r = yget_str(d, k, v, &id);
			if (r == 0 && !*id)
				r = ynode_err(d, v, "empty id");
			*id_node = v;
		} else if (!baseline && ykey_is(k, "hits")) {
			r = yget_ulong(d, k, v, ~0ul, &hits);
		} else if (!baseline && ykey_is(k, "created")) {
			r = yget_str(d, k, v, &ignored);
		} else if (baseline && ykey_is(k, "pass")) {
			r = yget_caps(d, k, v, &pass);
			has_caps = true;
		} else if (baseline && ykey_is(k, "tiers")) {
			r = yget_tiers(d, k, v, &tiers);
			if (r == 0 && tiers == 0)
				r = ynode_err(d, v, "'tiers' must name at least one tier");
		} else if (baseline && ykey_is(k, "note")) {
			r = yget_str(d, k, v, &note);
		} else {
			r = ynode_err(d, k, "unknown key '%s' in a rule (expected %s)", yshown(d, k),
				     baseline ? "path, recursive, allow, deny, pass, tiers or note"
					      : "id, path, recursive, allow, deny, hits or created");
		}
		if (r < 0)
			return -1;
	}
	if (!path_v)
		return ynode_err(d, m, "rule has no 'path'");
	if (!has_caps)
		return ynode_err(d, m, "rule has neither 'allow' nor 'deny'");
	if (allow & deny) {
		for (int c = 0; c < FSJ_CAP_COUNT; c++) {
			if (allow & deny & FSJ_CAPBIT(c))
				return ynode_err(d, m, "capability '%s' is both allowed and denied",
						fsj_cap_name((enum fsj_cap)c));
		}
	}
	if (yget_path(d, path_k, path_v, rs->home, rs->base, rs->vars, &path, &skip) < 0)
		return -1;
	if (skip || (tiers && !(tiers & (1u << rs->tier)))) {
		free(path);
		return 0;
	}
	out->id = id ? xstrdup(id) : NULL;
	out->note = note && *note ? xstrdup(note) : NULL;
	out->path = path;
	out->resolved = path_resolve(path);
	out->recursive = recursive;
	out->allow = allow;
	out->deny = deny;
	out->pass = pass;
	out->source = rs->source;
	out->origin = xasprintf("%s:%lu", d->file, m->line);
	*keep = true;
	return 0;
}

/* Read the sequence of rules v (key k) into rs, ids unique in the list.
 * A null value is an empty list. */
static int read_rule_list(struct ydoc *d, const struct ynode *k, const struct ynode *v,
			  const struct rule_schema *schema, struct fsj_ruleset *rs)
{
	cleanup_free const struct ynode **ids = NULL; /* by rule index */
	struct keyset seen = { 0 };                  /* the ids, tag: rule index */
	size_t prev;

	if (yis_null(v))
		return 0;
	if (v->kind != YN_SEQ)
		return ynode_err(d, v, "'%s' must be a sequence of rules, not %s", k->val,
				ykind_name(v));
	ids = xcalloc(v->n ? v->n : 1, sizeof(*ids));
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *id = NULL;
		struct fsj_rule r;
		bool keep;

		if (read_rule(d, v->kids[i], schema, &r, &keep, &id) < 0) {
			keyset_release(&seen);
			return -1;
		}
		ids[i] = id;
		if (id && !keyset_add(&seen, id->val, id->len, i, &prev)) {
			fsj_rule_release(&r);
			keyset_release(&seen);
			return ynode_err(d, id, "duplicate id '%s' (first at line %lu)", yshown(d, id),
					 ids[prev]->line);
		}
		if (keep)
			ruleset_push(rs, &r);
	}
	keyset_release(&seen);
	return 0;
}

/* The top of a file: NULL (no document) or a null scalar count as an empty
 * mapping; anything else but a mapping is refused. */
static int check_top(struct ydoc *d, const struct ynode *root)
{
	if (root && !yis_null(root) && root->kind != YN_MAP)
		return ynode_err(d, root, "the top level must be a mapping, not %s",
				ykind_name(root));
	return 0;
}

int fsj_rules_parse(const char *path, const char *home, const char *workspace,
		    struct fsj_ruleset *out, struct fsj_error *err)
{
	struct rule_schema schema = {
		.source = FSJ_SRC_RULES, .home = home, .base = workspace,
	};
	struct fsj_ruleset rs = { 0 };
	struct ynode *root;
	struct ydoc d;
	bool missing;
	int r = 0;

	memset(out, 0, sizeof(*out));
	if (yload_tree(path, &d, &root, &missing, err) < 0)
		return -1;
	if (check_top(&d, root) < 0)
		r = -1;
	for (size_t i = 0; r == 0 && root && root->kind == YN_MAP && i < root->n; i += 2) {
		const struct ynode *k = root->kids[i], *v = root->kids[i + 1];

		if (ykey_is(k, "rules"))
			r = read_rule_list(&d, k, v, &schema, &rs);
		else
			r = ynode_err(&d, k, "unknown key '%s' (expected rules)", yshown(&d, k));
	}
	ynode_free(root);
	if (r < 0) {
		fsj_ruleset_release(&rs);
		return -1;
	}
	*out = rs;
	return 0;
}

/* ------------------------------------------------------------------------
 * config.yaml
 */

void fsj_config_init(struct fsj_config *c)
{
	memset(c, 0, sizeof(*c));
	c->mode = FSJ_MODE_WORKSPACE_WRITE;
	c->enforce = FSJ_ENFORCE_AUTO;
	c->network = FSJ_NETWORK_ALLOW;
	c->backup_enabled = true;
	c->backup_max_size_mb = BACKUP_MAX_SIZE_MB_DEFAULT;
	c->backup_keep_days = BACKUP_KEEP_DAYS_DEFAULT;
	c->backup_store_max_mb = BACKUP_STORE_MAX_MB_DEFAULT;
#ifdef __APPLE__
	c->backup_method = FSJ_BACKUP_SNAPSHOT; /* no listener on macOS */
#endif
	c->delete_mode = FSJ_DELETE_TRASH;
	c->audit_enabled = true;
	c->accept_partial = false;
	c->protect_repository = c->protect_autorun = true;
	c->protect_hard_links = true;
}

void fsj_config_release(struct fsj_config *c)
{
	if (!c)
		return;
	free(c->workspace);
	free(c->audit_path);
	fsj_ruleset_release(&c->grants);
	fsj_config_init(c);
}

int fsj_enforce_parse(const char *s)
{
	if (!s)
		return FSJ_ENFORCE_UNKNOWN;
	if (strcmp(s, "auto") == 0)
		return FSJ_ENFORCE_AUTO;
	if (strcmp(s, "off") == 0)
		return FSJ_ENFORCE_OFF;
	int t = fsj_tier_parse(s);
	return t >= 0 ? t : FSJ_ENFORCE_UNKNOWN;
}

const char *fsj_enforce_name(int e)
{
	if (e == FSJ_ENFORCE_AUTO)
		return "auto";
	if (e == FSJ_ENFORCE_OFF)
		return "off";
	if (e >= 0 && e < FSJ_TIER_COUNT)
		return fsj_tier_name((enum fsj_tier)e);
	return "?";
}

/* Match the scalar v against names[0..n), giving its index in *out. */
static int get_enum(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		    const char *const *names, size_t n, const char *expected, int *out)
{
	const char *s;

	if (yget_str(d, k, v, &s) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(s, names[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	}
	return ynode_err(d, v, "unknown %s '%s' (expected %s)", k->val, yshown(d, v), expected);
}

static int read_backup(struct ydoc *d, const struct ynode *m, struct fsj_config *c)
{
	static const char *const delete_modes[] = { "trash", "unlink" };
	static const char *const too_large[] = { "allow", "refuse" };
	static const char *const methods[] = { "intercept", "snapshot" };

	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		int r, e = 0;

		if (ykey_is(k, "enabled")) {
			r = yget_bool(d, k, v, &c->backup_enabled);
		} else if (ykey_is(k, "max_size_mb")) {
			r = yget_ulong(d, k, v, BACKUP_MAX_SIZE_MB_LIMIT, &c->backup_max_size_mb);
		} else if (ykey_is(k, "keep_days")) {
			r = yget_ulong(d, k, v, BACKUP_KEEP_DAYS_LIMIT, &c->backup_keep_days);
		} else if (ykey_is(k, "store_max_mb")) {
			r = yget_ulong(d, k, v, BACKUP_STORE_MAX_MB_LIMIT, &c->backup_store_max_mb);
		} else if (ykey_is(k, "on_too_large")) {
			r = get_enum(d, k, v, too_large, 2, "allow or refuse", &e);
			c->backup_refuse_large = e == 1;
		} else if (ykey_is(k, "method")) {
			r = get_enum(d, k, v, methods, 2, "intercept or snapshot", &e);
			c->backup_method = e ? FSJ_BACKUP_SNAPSHOT : FSJ_BACKUP_INTERCEPT;
		} else if (ykey_is(k, "deleteMode")) {
			r = get_enum(d, k, v, delete_modes, 2, "trash or unlink", &e);
			c->delete_mode = e ? FSJ_DELETE_UNLINK : FSJ_DELETE_TRASH;
		} else {
			r = ynode_err(d, k,
				      "unknown key '%s' in 'backup' (expected enabled, "
				      "max_size_mb, on_too_large, keep_days, store_max_mb, "
				      "method or deleteMode)",
				      yshown(d, k));
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

static int read_audit(struct ydoc *d, const struct ynode *m, const char *home,
		      struct fsj_config *c)
{
	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		bool skip;
		int r;

		if (ykey_is(k, "enabled")) {
			r = yget_bool(d, k, v, &c->audit_enabled);
		} else if (ykey_is(k, "path")) {
			free(c->audit_path);
			r = yget_path(d, k, v, home, NULL, NULL, &c->audit_path, &skip);
		} else {
			r = ynode_err(d, k, "unknown key '%s' in 'audit' (expected enabled or path)",
				     yshown(d, k));
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

/* protect: {repository:, autorun:, hard_links: BOOL} (DESIGN.md section 3, level 1) */
static int read_protect(struct ydoc *d, const struct ynode *m, struct fsj_config *c)
{
	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		bool *b = ykey_is(k, "repository") ? &c->protect_repository
			  : ykey_is(k, "autorun")  ? &c->protect_autorun
			  : ykey_is(k, "hard_links") ? &c->protect_hard_links : NULL;

		if (!b || yget_bool(d, k, v, b) < 0)
			return b ? -1 : ynode_err(d, k, "unknown key '%s' in 'protect' (expected "
					  "repository, autorun or hard_links)", yshown(d, k));
	}
	return 0;
}

static int read_config(struct ydoc *d, const struct ynode *root, const char *home,
		       struct fsj_config *c)
{
	static const char *const modes[] = { "workspace-write", "read-only" };
	static const char *const networks[] = { "allow", "deny" };
	static const char *const reports[] = { "writes", "reads" };
	struct rule_schema schema = { .source = FSJ_SRC_GRANT, .home = home };

	for (size_t i = 0; i < root->n; i += 2) {
		const struct ynode *k = root->kids[i], *v = root->kids[i + 1];
		const char *s;
		bool skip;
		int r, e = 0;

		if (ykey_is(k, "mode")) {
			r = get_enum(d, k, v, modes, 2, "workspace-write or read-only", &e);
			c->mode = e ? FSJ_MODE_READ_ONLY : FSJ_MODE_WORKSPACE_WRITE;
			c->mode_set = true;
		} else if (ykey_is(k, "enforce")) {
			r = yget_str(d, k, v, &s);
			if (r == 0 && (e = fsj_enforce_parse(s)) == FSJ_ENFORCE_UNKNOWN)
				r = ynode_err(d, v, "unknown enforce '%s' (expected auto, full, "
					     "guarded, process, writes or off)", yshown(d, v));
			c->enforce = e;
			c->enforce_set = true;
		} else if (ykey_is(k, "workspace")) {
			r = yget_path(d, k, v, home, NULL, NULL, &c->workspace, &skip);
		} else if (ykey_is(k, "network")) {
			r = get_enum(d, k, v, networks, 2, "allow or deny", &e);
			c->network = e ? FSJ_NETWORK_DENY : FSJ_NETWORK_ALLOW;
		} else if (ykey_is(k, "grants")) {
			r = read_rule_list(d, k, v, &schema, &c->grants);
		} else if (ykey_is(k, "backup")) {
			r = yis_null(v) ? 0 : yneed_map(d, k, v);
			if (r == 0 && !yis_null(v))
				r = read_backup(d, v, c);
		} else if (ykey_is(k, "audit")) {
			r = yis_null(v) ? 0 : yneed_map(d, k, v);
			if (r == 0 && !yis_null(v))
				r = read_audit(d, v, home, c);
		} else if (ykey_is(k, "report")) {
			r = get_enum(d, k, v, reports, 2, "writes or reads", &e);
			c->report_reads = e == 1;
		} else if (ykey_is(k, "accept_partial")) {
			r = yget_bool(d, k, v, &c->accept_partial);
		} else if (ykey_is(k, "protect")) {
			r = yis_null(v) ? 0 : yneed_map(d, k, v);
			if (r == 0 && !yis_null(v))
				r = read_protect(d, v, c);
		} else {
			r = ynode_err(d, k, "unknown key '%s' (expected mode, enforce, workspace, "
				     "network, grants, backup, audit, report, accept_partial or protect)",
				     yshown(d, k));
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

int fsj_config_load(const char *path, const char *home, struct fsj_config *out,
		    struct fsj_error *err)
{
	struct fsj_config c;
	struct ynode *root;
	struct ydoc d;
	bool missing;
	int r;

	fsj_config_init(out);
	fsj_config_init(&c);
	if (yload_tree(path, &d, &root, &missing, err) < 0)
		return -1;
	r = check_top(&d, root);
	if (r == 0 && root && root->kind == YN_MAP)
		r = read_config(&d, root, home, &c);
	ynode_free(root);
	if (r < 0) {
		fsj_config_release(&c);
		return -1;
	}
	*out = c;
	return 0;
}

/* ------------------------------------------------------------------------
 * Baseline
 */

static void free_roots(char **roots, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(roots[i]);
	free(roots);
}

static int read_roots(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		      const struct fsj_vars *vars, char ***roots, size_t *n)
{
	if (yis_null(v))
		return 0;
	if (v->kind != YN_SEQ)
		return ynode_err(d, v, "'%s' must be a sequence of paths, not %s", k->val,
				ykind_name(v));
	for (size_t i = 0; i < v->n; i++) {
		char *p;
		bool skip;

		if (yget_path(d, k, v->kids[i], vars->home, NULL, vars, &p, &skip) < 0)
			return -1;
		if (skip)
			continue;
		*roots = xreallocarray(*roots, *n + 1, sizeof(**roots));
		(*roots)[(*n)++] = p;
	}
	return 0;
}

int fsj_baseline_parse(const char *path, const struct fsj_vars *vars,
		       enum fsj_tier tier, struct fsj_ruleset *out,
		      char ***user_data_roots, size_t *n_roots,
		      struct fsj_error *err)
{
	struct rule_schema protected = {
		.source = FSJ_SRC_PROTECTED, .home = vars->home, .vars = vars, .tier = tier,
	};
	struct rule_schema baseline = protected;
	struct fsj_ruleset rs = { 0 };
	char **roots = NULL;
	size_t n = 0;
	struct ynode *root;
	struct ydoc d;
	bool missing;
	int r;

	memset(out, 0, sizeof(*out));
	if (user_data_roots)
		*user_data_roots = NULL;
	if (n_roots)
		*n_roots = 0;
	baseline.source = FSJ_SRC_BASELINE;
	if (fsj_baseline_tree(path, &d, &root, &missing, err) < 0)
		return -1;
	/* The baseline is required: without it nothing is protected. */
	if (missing)
		return fsj_error_set(err, path, 0, 0, "cannot read: %s", strerror(ENOENT));
	r = check_top(&d, root);
	for (size_t i = 0; r == 0 && root && root->kind == YN_MAP && i < root->n; i += 2) {
		const struct ynode *k = root->kids[i], *v = root->kids[i + 1];

		if (ykey_is(k, "baseline"))
			r = read_rule_list(&d, k, v, &baseline, &rs);
		else if (ykey_is(k, "protected"))
			r = read_rule_list(&d, k, v, &protected, &rs);
		else if (ykey_is(k, "user_data_roots") || ykey_is(k, "secrets"))
			r = k->val[0] == 's' ? read_roots(&d, k, v, vars, &rs.secrets, &rs.n_secrets)
					     : read_roots(&d, k, v, vars, &roots, &n);
		else
			r = ynode_err(&d, k, "unknown key '%s' (expected baseline, protected, "
				     "secrets or user_data_roots)", yshown(&d, k));
	}
	fsj_baseline_tree_done(root);
	if (r < 0) {
		fsj_ruleset_release(&rs);
		free_roots(roots, n);
		return -1;
	}
	*out = rs;
	if (user_data_roots) {
		*user_data_roots = roots;
		if (n_roots)
			*n_roots = n;
	} else {
		free_roots(roots, n);
	}
	return 0;
}
