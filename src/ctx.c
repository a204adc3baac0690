/* ctx.c - one command's context: the files of env.c read (config, rules,
 * baseline), the workspace resolved, and the policy of a tier assembled
 * from the protected, explicit and baseline levels (DESIGN.md section 3). */

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctx-homecode.h"
#include "ctx-protected.h"
#include "ctx-scan.h"
#include "ctx-wide.h"
#include "ctx-state.h"
#include "autorun-inforce.h"
#include "autorun-rule.h"
#include "devshm.h"
#include "landlock.h"
#include "path.h"
#include "policy.h"
#include "policy-secret.h"
#include "policy-cache.h"
#include "inforce.h"
#include "repometa.h"
#include "session.h"
#include "timing.h"
#include "tmpdir.h"
#include "toolcache.h"
#include "util.h"

/* ------------------------------------------------------------------------
 * Context
 */

void fsj_ctx_release(struct fsj_ctx *ctx)
{
	if (!ctx)
		return;
	fsj_env_release(&ctx->env);
	fsj_config_release(&ctx->config);
	fsj_ruleset_release(&ctx->rules);
	fsj_ruleset_release(&ctx->session);
	free(ctx->workspace);
	free(ctx->workspace_error);
	if (ctx->repos)
		repometa_release(ctx->repos);
	free(ctx->repos);
	for (size_t i = 0; i < FSJ_PRIVATE_CACHES; i++)
		free(ctx->private_cache[i]);
	free(ctx->host_npm_npx);
	memset(ctx, 0, sizeof(*ctx));
	fsj_config_init(&ctx->config);
}

static void ctx_vars(const struct fsj_ctx *ctx, const char *workspace, struct fsj_vars *v)
{
	v->home = ctx->env.home;
	v->workspace = workspace;
	v->tmpdir = ctx->env.tmpdir;
	v->krb5cc = ctx->env.krb5cc;
	v->krb5cc_default = ctx->env.krb5cc_default;
	v->config_dir = ctx->env.config_dir;
	v->state_dir = ctx->env.state_dir;
	v->config_file = ctx->env.config_file;
	v->rules_file = ctx->env.rules_file;
	/* another platform's copy of the baseline is not this file */
	v->baseline_file = ctx->env.foreign ? NULL : ctx->env.baseline_file;
	/* the run's own /dev/shm would hide a workspace or temporary folder
	 * kept in the host's: then /dev/shm stays protected, as before */
	v->private_shm = !ctx->env.foreign && workspace && !devshm_covers(workspace) &&
				 !devshm_covers(ctx->env.tmpdir) && !devshm_covers(ctx->env.state_dir) &&
				 ll_devshm_available()
			 ? DEVSHM_PATH
			 : NULL;
	for (size_t i = 0; i < FSJ_PRIVATE_CACHES; i++)
		v->private_cache[i] = workspace ? ctx->private_cache[i] : NULL;
	v->host_npm_npx = workspace ? ctx->host_npm_npx : NULL;
}

/* true when a rule of rs grants a change at, over (recursively) or under
 * path: the user means the host's folder there. named: only a rule at or
 * under path counts (a grant on ~/.npm means npm's cache, not the folder
 * npx runs packages from). */
static bool user_grants_change(const struct fsj_ruleset *rs, const char *path, bool named)
{
	const unsigned change = FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_CREATE) |
				FSJ_CAPBIT(FSJ_CAP_DELETE);

	for (size_t i = 0; i < rs->n; i++) {
		const struct fsj_rule *r = &rs->rules[i];

		for (int k = 0; k < 2 && (r->allow & change); k++) {
			const char *p = k ? r->resolved : r->path;

			if (p && (path_covers(path, p) ||
				  (!named && path_covers(p, path) && (r->recursive || strcmp(p, path) == 0))))
				return true;
		}
	}
	return false;
}

/* ~/.npm/_npx where it is the host's folder (absent, a symlink, no mount
 * namespace): ctx->host_npm_npx, which the baseline protects (deny write,
 * create, delete), so a grant over ~/.npm never lets a run put there a
 * package the host's next npx runs. Left NULL where a rule of the user's
 * names the folder or a path in it (that user means the host's) and where
 * it holds or is held by one of keep (n_keep paths, NULL entries skipped):
 * the workspace or fsjail's own folders stay as they are. */
static void ctx_host_runs(struct fsj_ctx *ctx, const char *const *keep, size_t n_keep)
{
	for (size_t i = 0; i < FSJ_PRIVATE_CACHES; i++) {
		cleanup_free char *p = NULL;
		bool ok = true;

		if (!toolcache_defs[i].runs || ctx->private_cache[i] || !ctx->env.home ||
		    ctx->env.home[0] != '/')
			continue;
		p = path_join(ctx->env.home, toolcache_defs[i].rel);
		for (size_t k = 0; k < n_keep; k++)
			if (keep[k] && (path_covers(p, keep[k]) || path_covers(keep[k], p)))
				ok = false;
		if (!ok || user_grants_change(&ctx->rules, p, true) ||
		    user_grants_change(&ctx->session, p, true))
			continue;
		free(ctx->host_npm_npx);
		ctx->host_npm_npx = steal_pointer(&p);
	}
}

/* The tool caches the run gets its own copy of (toolcache.h): not for
 * another platform's policy, nor where a mount there would hide the
 * workspace, the temporary or state folder or fsjail's own files, nor
 * where a rule of the user's (rules file or --grant) grants changes at,
 * over or under the folder: that user means the host's cache. A folder
 * tools run from (toolcache_def.runs) stays the run's own under a grant
 * over it: only a rule naming it or a path in it means the host's. */
static void ctx_private_caches(struct fsj_ctx *ctx)
{
	const char *keep[] = { ctx->workspace, ctx->env.tmpdir, ctx->env.state_dir,
			       ctx->env.config_dir, ctx->env.config_file, ctx->env.rules_file };

	if (ctx->env.foreign || !ctx->workspace)
		return;
	toolcache_decide(ctx->env.home, keep, sizeof(keep) / sizeof(keep[0]),
			 ll_abi() > 0 && ll_masks_available(), ctx->private_cache);
	for (size_t i = 0; i < FSJ_PRIVATE_CACHES; i++)
		if (ctx->private_cache[i] &&
		    (user_grants_change(&ctx->rules, ctx->private_cache[i], toolcache_defs[i].runs) ||
		     user_grants_change(&ctx->session, ctx->private_cache[i], toolcache_defs[i].runs))) {
			free(ctx->private_cache[i]);
			ctx->private_cache[i] = NULL;
			toolcache_drop(i);
		}
	ctx_host_runs(ctx, keep, sizeof(keep) / sizeof(keep[0]));
}

/* Whether pol already holds a protected rule on the file path (not
 * recursive) that denies at least deny. */
static bool has_protected_file(const struct fsj_policy *pol, const char *path, unsigned deny)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		if (r->source == FSJ_SRC_PROTECTED && !r->recursive &&
		    (r->deny & deny) == deny && strcmp(r->path, path) == 0)
			return true;
	}
	return false;
}

/* Settle ctx->workspace from ws (explicit: given with --workspace; from:
 * the file it was read from, named in errors, or NULL). */
static int ctx_workspace(struct fsj_ctx *ctx, const char *ws, bool explicit,
			 const char *from, struct ctx_scan **scan, struct fsj_error *err)
{
	cleanup_free char *norm = NULL, *resolved = NULL, *home_resolved = NULL;
	cleanup_free char *tree = NULL;
	struct stat st;
	int r;

	r = path_normalize(ws, strlen(ws), ctx->env.home, ctx->env.cwd, &norm);
	if (r != PATH_OK)
		return fsj_error_set(err, from, 0, 0, "workspace '%s': %s", ws,
				     path_strerror(r));
	/* another platform's workspace is not on this machine: taken as
	 * named (--platform) */
	if (!ctx->env.foreign && stat(norm, &st) < 0)
		return fsj_error_set(err, from, 0, 0, "workspace '%s': %s", norm,
				     strerror(errno));
	if (!ctx->env.foreign && !S_ISDIR(st.st_mode))
		return fsj_error_set(err, from, 0, 0, "workspace '%s' is not a directory", norm);
	resolved = fsj_platform_resolve(ctx->env.platform, ctx->env.foreign, norm);
	home_resolved = fsj_platform_resolve(ctx->env.platform, ctx->env.foreign, ctx->env.home);
	/* "/", $HOME or a folder above it (/home) would grant every
	 * capability on the whole home or more: refused even when named, unless
	 * --wide-workspace says so */
	if (!explicit || !ctx->wide_ok) {
		const char *hint = explicit ? "; add --wide-workspace to use it anyway"
					    : "; name it with --workspace and add "
					      "--wide-workspace to use it anyway";
		const char *why = ctx_ws_wide(norm, resolved, ctx->env.home, home_resolved);

		if (why)
			return fsj_error_set(err, from, 0, 0, "refusing workspace '%s': %s "
					     "would be writable and deletable%s",
					     norm, why, hint);
	}
	if (ctx->config.protect_repository) /* joined in fsj_ctx_load() */
		*scan = ctx_scan_start(resolved, ctx->env.home, ctx->env.state_dir);
	if (!explicit) {
		const char *hint = "; name it with --workspace to use it anyway";
		struct fsj_vars vars;

		ctx_vars(ctx, NULL, &vars);
		if (ctx_protected_tree(ctx->env.baseline_file, &vars, norm, resolved, &tree,
				       err) < 0)
			return -1;
		if (tree)
			return fsj_error_set(err, from, 0, 0, "refusing workspace '%s': it is "
					     "inside the protected path '%s'%s", norm, tree, hint);
	}
	ctx->workspace = steal_pointer(&resolved);
	return 0;
}

int fsj_ctx_load(const struct fsj_ctx_opts *opts, struct fsj_ctx *ctx,
		 struct fsj_error *err)
{
	const char *ws, *from = NULL;
	cleanup_free char *top = NULL;
	struct ctx_scan *scan = NULL; /* the repository scan's thread (ctx-scan.h) */
	bool explicit = false;

	memset(ctx, 0, sizeof(*ctx));
	fsj_config_init(&ctx->config);
	ctx->mode = FSJ_MODE_WORKSPACE_WRITE;
	ctx->enforce = FSJ_ENFORCE_AUTO;

	if (opts->mode) {
		int m = fsj_mode_parse(opts->mode);

		if (m < 0) {
			fsj_error_set(err, NULL, 0, 0, "unknown mode '%s' (expected "
				      "workspace-write or read-only)", opts->mode);
			goto err_release;
		}
		ctx->mode = (enum fsj_mode)m;
	}
	if (opts->enforce) {
		ctx->enforce = fsj_enforce_parse(opts->enforce);
		if (ctx->enforce == FSJ_ENFORCE_UNKNOWN) {
			fsj_error_set(err, NULL, 0, 0, "unknown enforce '%s' (expected auto, full, "
				      "guarded, process, writes or off)", opts->enforce);
			goto err_release;
		}
	}
	if (fsj_env_init(&ctx->env, opts->rules_file, opts->config_file, err) < 0)
		goto err_release;
	if (opts->platform) {
		int p = fsj_platform_parse(opts->platform);

		if (p < 0) {
			fsj_error_set(err, NULL, 0, 0, "unknown platform '%s' (expected darwin or "
				      "linux)", opts->platform);
			goto err_release;
		}
		if (fsj_env_set_platform(&ctx->env, (enum fsj_platform)p, err) < 0)
			goto err_release;
	}
	policy_cache_set_state(ctx->env.foreign ? NULL : ctx->env.state_dir);
	timing_mark("env");
	/* A missing default file is an empty rule set or the default config;
	 * a file named on the command line must exist: a typo in --rules
	 * would otherwise silently run without the user's denies. */
	if (opts->rules_file && access(ctx->env.rules_file, F_OK) < 0 && errno == ENOENT) {
		fsj_error_set(err, ctx->env.rules_file, 0, 0, "rules file given with --rules "
			      "does not exist");
		goto err_release;
	}
	if (opts->config_file && access(ctx->env.config_file, F_OK) < 0 && errno == ENOENT) {
		fsj_error_set(err, ctx->env.config_file, 0, 0, "config file given with --config "
			      "does not exist");
		goto err_release;
	}
	if (fsj_config_load(ctx->env.config_file, ctx->env.home, &ctx->config, err) < 0)
		goto err_release;
	/* command line, then config, then the default */
	if (!opts->mode && ctx->config.mode_set)
		ctx->mode = ctx->config.mode;
	if (!opts->enforce && ctx->config.enforce_set)
		ctx->enforce = ctx->config.enforce;

	ctx->wide_ok = opts->wide_workspace;
	if (opts->workspace) {
		ws = opts->workspace;
		explicit = true;
		ctx->workspace_why = "--workspace";
	} else if (ctx->config.workspace) {
		ws = ctx->config.workspace;
		from = ctx->env.config_file;
		ctx->workspace_why = "config";
	} else {
		/* where the user works: the top of the git work tree holding
		 * the current directory (not a repository of the whole home
		 * folder, as a dotfiles one is), else the current directory */
		top = repometa_find_top(ctx->env.cwd, ctx->env.home);
		if (top && path_covers(top, ctx->env.home))
			free(steal_pointer(&top));
		ws = top ? top : ctx->env.cwd;
		ctx->workspace_why = top ? "git work tree" : "current directory";
	}
	timing_mark("config");
	if (ctx_workspace(ctx, ws, explicit, from, &scan, err) < 0) {
		/* a workspace nobody named: refused lazily (see config.h) */
		if (explicit || from)
			goto err_release;
		ctx->workspace_error = xstrdup(err->text);
	}
	timing_mark("workspace");
	/* a TMPDIR at or above the workspace would open it whole: ignored */
	if (ctx->env.tmpdir && !tmpdir_forbid_above(ctx->workspace, "holds the workspace")) {
		free(ctx->env.tmpdir);
		ctx->env.tmpdir = NULL;
	}
	if (fsj_rules_load(ctx->env.rules_file, ctx->env.home, ctx->workspace, &ctx->rules,
			   err) < 0)
		goto err_release;
	if (opts->n_session > FSJ_SESSION_RULES_MAX) {
		fsj_error_set(err, NULL, 0, 0, "more than %d --grant and --deny options",
			      FSJ_SESSION_RULES_MAX);
		goto err_release;
	}
	for (size_t i = 0; i < opts->n_session; i++)
		if (session_rule_parse(ctx, opts->session_rules[i], opts->session_deny[i], err) < 0)
			goto err_release;
	ctx_private_caches(ctx);
	timing_mark("rules");
	ctx->repos = ctx_scan_join(scan, ctx->config.protect_repository, ctx->workspace,
				   ctx->env.home, ctx->env.state_dir);
	if (ctx->repos)
		timing_mark("repository scan");
	return 0;

err_release:
	(void)ctx_scan_join(scan, false, NULL, NULL, NULL);
	fsj_ctx_release(ctx);
	return -1;
}

static void add_rules(struct fsj_policy *pol, const struct fsj_ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		policy_add_rule(pol, &rs->rules[i]);
}

static void add_invoked_name(struct fsj_policy *pol, char *path)
{
	struct fsj_rule r = {
		.path = path,
		.deny = FSJ_CAPS_MODIFY,
		.source = FSJ_SRC_PROTECTED,
		.origin = (char *)"the name fsjail is run by",
	};

	cleanup_free char *resolved = NULL;
	struct fsj_decision d;

	if (path[0] != '/' || has_protected_file(pol, path, FSJ_CAPS_MODIFY))
		return;
	/* already protected (a system folder, another spelling of the same
	 * file): another rule would only repeat it */
	resolved = path_resolve(path);
	policy_decide(pol, path, resolved, FSJ_CAP_CREATE, &d);
	if (!d.allowed && d.level == FSJ_LEVEL_PROTECTED)
		return;
	r.resolved = resolved;
	policy_add_rule(pol, &r);
}

static void add_invoked_names(const struct fsj_ctx *ctx, struct fsj_policy *pol)
{
	const char *inv = fsj_invoked_as, *p = getenv("PATH");

	if (inv && strchr(inv, '/')) {
		cleanup_free char *n = NULL;

		if (path_normalize(inv, strlen(inv), NULL, ctx->env.cwd, &n) == PATH_OK)
			add_invoked_name(pol, n);
	}
	while (p && *p) {
		size_t len = strcspn(p, ":");
		const char *base = inv && strrchr(inv, '/') ? strrchr(inv, '/') + 1 : inv;
		cleanup_free char *dir = xstrndup(p, len), *f = NULL, *n = NULL;

		struct stat st;

		/* an existing folder only: a rule under a missing one could
		 * cost its nearest ancestor an expansion */
		if (dir[0] == '/' && base && *base && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
			f = xasprintf("%s/%s", dir, base);
			if (path_normalize(f, strlen(f), NULL, NULL, &n) == PATH_OK)
				add_invoked_name(pol, n);
		}
		p += len + (p[len] == ':');
	}
}

/* pol as another platform sees it: every rule's resolved spelling
 * recomputed lexically for ctx's platform (the host's symlinks say nothing
 * about a Mac's). Takes pol, returns the new policy. */
static struct fsj_policy *relocate(const struct fsj_ctx *ctx, struct fsj_policy *pol)
{
	struct fsj_policy *np = policy_new(pol->mode, pol->tier);

	for (size_t i = 0; i < pol->n_rules; i++) {
		struct fsj_rule r = pol->rules[i];
		cleanup_free char *res = fsj_platform_resolve(ctx->env.platform, true, r.path);

		r.resolved = res;
		policy_add_rule(np, &r);
	}
	np->workspace = steal_pointer(&pol->workspace);
	policy_move_lists(np, pol);
	policy_free(pol);
	return np;
}

int fsj_ctx_policy(const struct fsj_ctx *ctx, enum fsj_tier tier,
		   struct fsj_policy **out, struct fsj_error *err)
{
	struct fsj_ruleset bl;
	struct fsj_policy *pol;
	struct fsj_vars vars;
	char **roots = NULL;
	size_t n_roots = 0;

	*out = NULL;
	if (!ctx->workspace)
		return fsj_error_set(err, NULL, 0, 0, "%s",
				     ctx->workspace_error ? ctx->workspace_error : "no workspace");
	ctx_vars(ctx, ctx->workspace, &vars);
	if (fsj_baseline_load(ctx->env.baseline_file, &vars, tier, &bl, &roots, &n_roots,
			      err) < 0)
		return -1;
	pol = policy_new(ctx->mode, tier);
	if (ctx->workspace) {
		free(pol->workspace);
		pol->workspace = xstrdup(ctx->workspace);
	}
	/* protected: the baseline's, fsjail's own files among them */
	for (size_t i = 0; i < bl.n; i++) {
		if (bl.rules[i].source == FSJ_SRC_PROTECTED)
			policy_add_rule(pol, &bl.rules[i]);
	}
	/* fsjail's state where the config or the environment moves it */
	ctx_state_rules(ctx, pol);
	/* Every place a data file is searched, not only the one in use: a
	 * command that could write an earlier candidate would choose the
	 * baseline, or the head of every Seatbelt profile, of the next run.
	 * Not for another platform: these and fsjail's own files below are
	 * this machine's paths, unknown there. */
	for (size_t d = 0; d < 2 && !ctx->env.foreign; d++) {
		const char *const names[] = { fsj_data_baseline(ctx->env.platform),
					      FSJ_DATA_SBPL_PREAMBLE };
		char *origin = d == 0 ? (char *)"baseline search path"
				      : (char *)"sbpl preamble search path";
		char *cand[FSJ_DATA_PLACES];
		size_t n = fsj_data_candidates(names[d], ctx->env.cwd, cand);

		for (size_t i = 0; i < n; i++) {
			struct fsj_rule r = {
				.path = cand[i],
				.recursive = false,
				.deny = FSJ_CAPS_MODIFY,
				.source = FSJ_SRC_PROTECTED,
				.origin = origin,
			};
			/* the file in use is already protected by the baseline */
			if (!has_protected_file(pol, cand[i], FSJ_CAPS_MODIFY))
				policy_add_rule(pol, &r);
			free(cand[i]);
		}
	}
	/* fsjail's own executable (the next run is this file) and its
	 * installed data folder */
	for (int k = 0; k < 2 && !ctx->env.foreign; k++) {
		cleanup_free char *p = k == 0 ? fsj_self_exe() : path_resolve(FSJAIL_DATADIR);
		struct stat st;
		struct fsj_rule r = {
			.path = p,
			.recursive = k == 1,
			.deny = FSJ_CAPS_MODIFY,
			.source = FSJ_SRC_PROTECTED,
			.origin = (char *)(k == 0 ? "fsjail's executable" : "fsjail's data folder"),
		};

		if (p && p[0] == '/' && lstat(p, &st) == 0)
			policy_add_rule(pol, &r);
	}
	/* the names fsjail is reached by: the path it was invoked as (a
	 * symlink to the executable is replaced by deleting it), and fsjail
	 * in every PATH folder (one planted earlier in PATH runs next time);
	 * then PATH's folders under ~ and the start-up files variables name */
	if (!ctx->env.foreign) {
		add_invoked_names(ctx, pol);
		ctx_homecode_rules(pol, ctx->env.home, ctx->workspace, getenv("PATH"));
	}
	/* the repository metadata at or under the workspace */
	if (ctx->repos) {
		ctx->repos->no_listener = ctx->env.platform == FSJ_PLATFORM_DARWIN;
		repometa_add_rules(ctx->repos, pol);
	}
	/* the files a harness runs by itself (autorun-rule.h): on Linux only
	 * where masks and the listener keep each deny from costing the
	 * workspace an expansion (new entries unreachable); elsewhere the
	 * run names them afterwards (autorun-warn.h) */
	if (ctx->config.protect_autorun && !autorun_not_in_force(ctx))
		autorun_add_rules(pol, ctx->workspace);
	add_rules(pol, &ctx->rules);
	add_rules(pol, &ctx->config.grants);
	add_rules(pol, &ctx->session);
	for (size_t i = 0; i < bl.n; i++) {
		if (bl.rules[i].source == FSJ_SRC_BASELINE)
			policy_add_rule(pol, &bl.rules[i]);
	}
	/* the roots, and the secrets the hints never offer (policy-secret.h) */
	policy_set_lists(pol, roots, n_roots, steal_pointer(&bl.secrets), bl.n_secrets);
	fsj_ruleset_release(&bl);
	/* last: a linked worktree's grants only when the policy without
	 * them keeps the command from having forged that worktree */
	if (ctx->repos)
		repometa_add_grants(ctx->repos, pol);
	policy_finalize(pol);
	if (ctx->env.foreign)
		pol = relocate(ctx, pol);
	pol->darwin = ctx->env.platform == FSJ_PLATFORM_DARWIN;
	*out = pol;
	return 0;
}
