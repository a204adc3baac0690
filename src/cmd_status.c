/* cmd_status.c - `fsjail status`: what fsjail would enforce here and now,
 * and how much of it the kernel really enforces (DESIGN.md section 5).
 *
 * The report is built once as JSON (schema "fsjail-status/1", documented in
 * man/fsjail.1) and printed either as JSON or as text read back from it, so
 * the two cannot say different things. Exit status: 0 when the effective
 * tier meets enforce (what `fsjail run` would accept), 1 otherwise, 125 for
 * a bad option. */
#include "json-out.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "backup_store.h"
#include "cmd.h"
#include "escape.h"
#include "fsjail-int.h"
#include "landlock-dump.h"
#include "landlock.h"
#include "path.h"
#include "probe-status.h"
#include "probe.h"
#include "sandbox.h"
#include "status-dev.h"
#include "status-expanded.h"
#include "status-protected.h"
#include "status_json.h"
#include "status-toolcache.h"
#include "status-warn.h"

#define STATUS_SCHEMA "fsjail-status/1"


/* Lines of sb as a JSON array of strings. */
static cJSON *lines_json(const struct strbuf *sb)
{
	cJSON *a = cJSON_CreateArray();
	const char *p = sb->buf;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, n);

		cJSON_AddItemToArray(a, cJSON_CreateString(line));
		free(line);
		p = nl ? nl + 1 : NULL;
	}
	return a;
}

/* One of fsjail's files: where, whether it exists, whether it parsed. */
static cJSON *file_json(const char *path, int load_rc, const struct fsj_error *err)
{
	cJSON *o = cJSON_CreateObject();
	struct stat st;

	cJSON_AddStringToObject(o, "path", path ? path : "");
	cJSON_AddBoolToObject(o, "exists", path && stat(path, &st) == 0);
	cJSON_AddBoolToObject(o, "parsed", load_rc == 0);
	status_str_or_null(o, "error", load_rc == 0 ? NULL : err->text);
	return o;
}

/* The trash a delete goes to in trash mode (DESIGN.md section 9); caller
 * frees. */
static char *trash_dir(const struct fsj_env *env)
{
#ifdef __APPLE__
	return path_join(env->home, ".Trash");
#else
	const char *x = getenv("XDG_DATA_HOME");

	if (x && x[0] == '/')
		return path_join(x, "Trash");
	return path_join(env->home, ".local/share/Trash");
#endif
}

/* The probe part of the report. */
static cJSON *probe_json(const struct probe_report *r)
{
	cJSON *o = cJSON_CreateObject(), *tiers = cJSON_CreateObject(), *failed;

	cJSON_AddBoolToObject(o, "cached", r->cached);
	cJSON_AddStringToObject(o, "time", r->time);
	status_str_or_null(o, "proven_tier",
			r->proven >= 0 ? fsj_tier_name((enum fsj_tier)r->proven) : NULL);
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--)
		cJSON_AddItemToObject(tiers, fsj_tier_name((enum fsj_tier)t),
				      r->tiers[t].probed ? cJSON_CreateBool(r->tiers[t].proven)
							 : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "tiers", tiers);
	failed = cJSON_AddArrayToObject(o, "failed");
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--) {
		const struct probe_tier *pt = &r->tiers[t];

		if (!pt->probed)
			continue;
		if (!pt->compiled) {
			cJSON *f = cJSON_CreateObject();

			cJSON_AddStringToObject(f, "tier", fsj_tier_name(pt->tier));
			cJSON_AddStringToObject(f, "check", "compile");
			cJSON_AddStringToObject(f, "reason", pt->error ? pt->error : "");
			cJSON_AddItemToArray(failed, f);
			continue;
		}
		for (size_t i = 0; i < pt->n_checks; i++) {
			const struct probe_check *c = &pt->checks[i];
			cJSON *f;

			if (c->result != PROBE_RESULT_FAILED)
				continue;
			f = cJSON_CreateObject();
			cJSON_AddStringToObject(f, "tier", fsj_tier_name(pt->tier));
			cJSON_AddStringToObject(f, "check", probe_check_name(c->id));
			cJSON_AddStringToObject(f, "reason", c->reason ? c->reason : "");
			cJSON_AddItemToArray(failed, f);
		}
	}
	return o;
}

/* Build the whole report into root. Returns true when the effective tier
 * meets enforce. */
static bool build(cJSON *root, const struct fsj_ctx_opts *opts, int backend)
{
	struct fsj_env env;
	struct fsj_config cfg;
	struct fsj_ruleset rules = { 0 };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } }, cerr = { { 0 } }, rerr = { { 0 } };
	struct fsj_policy *pol = NULL;
	struct probe_report pr;
	struct ll_plan plan;
	bool have_plan = false, have_probe = false, meets = false, partial = false;
	struct strbuf refuse = STRBUF_INIT, notes = STRBUF_INIT, warnings = STRBUF_INIT;
	const char *none_reason = NULL;
	char *why = NULL;
	cJSON *files, *o, *a;
	int crc, rrc, tier = -1, abi = ll_abi();

	cJSON_AddStringToObject(root, "schema", STATUS_SCHEMA);
	cJSON_AddStringToObject(root, "version", PACKAGE_VERSION);
	if (fsj_env_init(&env, opts->rules_file, opts->config_file, &err) < 0) {
		cJSON_AddStringToObject(root, "error", err.text);
		cJSON_AddBoolToObject(root, "meets_enforce", false);
		return false;
	}

	/* Each file on its own, so that status can say which one is broken. */
	crc = fsj_config_load(env.config_file, env.home, &cfg, &cerr);
	if (crc == 0)
		fsj_config_release(&cfg);
	rrc = fsj_rules_load(env.rules_file, env.home, env.cwd, &rules, &rerr);
	files = cJSON_AddObjectToObject(root, "files");
	cJSON_AddItemToObject(files, "config", file_json(env.config_file, crc, &cerr));
	o = file_json(env.rules_file, rrc, &rerr);
	cJSON_AddNumberToObject(o, "rules", rrc == 0 ? (double)rules.n : 0);
	cJSON_AddItemToObject(files, "rules", o);
	if (rrc == 0)
		fsj_ruleset_release(&rules);
	cJSON_AddStringToObject(files, "state_dir", env.state_dir);
	{
		char *cache = path_join(env.state_dir, PROBE_CACHE_DIR);

		cJSON_AddStringToObject(files, "probe_cache", cache);
		free(cache);
	}

	if (cmd_load_state(opts, &ctx, "status", &err) < 0) {
		cJSON_AddItemToObject(files, "baseline", file_json(env.baseline_file, -1, &err));
		cJSON_AddStringToObject(root, "error", err.text);
		cJSON_AddBoolToObject(root, "meets_enforce", false);
		fsj_env_release(&env);
		return false;
	}
	fsj_env_release(&env);
	if (backend < 0) /* --platform darwin: what a Mac would use */
		backend = ctx.env.platform == FSJ_PLATFORM_DARWIN ? FSJ_BACKEND_SEATBELT
								  : FSJ_BACKEND_LANDLOCK;
	cJSON_AddStringToObject(root, "platform", fsj_platform_name(ctx.env.platform));

	status_str_or_null(root, "workspace", ctx.workspace);
	status_str_or_null(root, "workspace_why", ctx.workspace ? ctx.workspace_why
								: ctx.workspace_error);
	cJSON_AddStringToObject(root, "mode", fsj_mode_name(ctx.mode));
	cJSON_AddStringToObject(root, "backend", fsj_backend_name((enum fsj_backend)backend));
	{
		char *rel = probe_os_release();

		cJSON_AddStringToObject(root, "os_release", rel);
		free(rel);
	}
	cJSON_AddNumberToObject(root, "landlock_abi", abi);
	cJSON_AddStringToObject(root, "enforce", fsj_enforce_name(ctx.enforce));
	cJSON_AddBoolToObject(root, "accept_partial", ctx.config.accept_partial);

	if (!ctx.workspace) {
		why = xasprintf("no workspace here: %s", ctx.workspace_error);
	} else if (ctx.enforce == FSJ_ENFORCE_OFF) {
		none_reason = "enforce is off: fsjail run runs commands unconfined";
		meets = true;
	} else if (ctx.env.foreign) {
		why = xasprintf("platform %s is not this machine's: no probe result applies",
				fsj_platform_name(ctx.env.platform));
	} else if (probe_get(&ctx, (enum fsj_backend)backend, 0, &pr, &warnings, &err) < 0) {
		why = xasprintf("the probe could not be run: %s", err.text);
	} else {
		have_probe = true;
		cJSON_AddItemToObject(root, "probe", probe_json(&pr));
		tier = probe_choose_tier(&pr, ctx.enforce, &err);
		if (tier < 0)
			why = xstrdup(err.text);
	}
	if (!have_probe)
		cJSON_AddNullToObject(root, "probe");
	status_str_or_null(root, "tier", tier >= 0 ? fsj_tier_name((enum fsj_tier)tier) : NULL);
	if (tier < 0 && !none_reason)
		none_reason = "no tier is in effect: fsjail run would refuse to run";

	/* The policy at the effective tier (guarded, for the summaries, when
	 * there is none). */
	if (fsj_ctx_policy(&ctx, tier >= 0 ? (enum fsj_tier)tier : FSJ_TIER_GUARDED, &pol, &err) <
	    0) {
		free(why);
		why = xstrdup(err.text);
		tier = -1;
		meets = false;
	}
	status_repos_json(root, &ctx, &warnings);
	/* outside the scan, the listener's rules (repoexplain.h) */
	if (backend == FSJ_BACKEND_LANDLOCK && ctx.config.protect_repository)
		status_repos_listener_json(root, sandbox_listener_expected(NULL));
	status_warnings(&ctx, pol, &warnings);
	if (warnings.len)
		cJSON_AddItemToObject(root, "warnings", lines_json(&warnings));
	if (pol && tier >= 0 && backend == FSJ_BACKEND_LANDLOCK) {
		struct ll_opts lo = { .abi = abi,
				      .masks = ll_masks_available(),
				      .listener = sandbox_listener_expected(NULL),
				      .network = ctx.config.network };

		if (abi > 0 && ll_compile(pol, &lo, &plan, &err) == 0) {
			have_plan = true;
			/* network: deny is a network namespace or a seccomp
			 * filter at every ABI (probe-status.h), not Landlock's */
			if (ctx.config.network == FSJ_NETWORK_DENY)
				plan.network_dropped = false;
			if (ll_plan_gaps(&plan, &refuse, &notes) > 0 &&
			    !ctx.config.accept_partial) {
				free(why);
				why = xasprintf("this kernel enforces the policy only in part and "
						"accept_partial is not set: %s",
						refuse.buf ? refuse.buf : "");
			}
		} else {
			free(why);
			why = xasprintf("the Landlock ruleset does not compile: %s", err.text);
			none_reason =
				"the ruleset does not compile: fsjail run would refuse to run";
		}
	}
	if (tier >= 0 && !why)
		meets = true;

	partial = status_capabilities_json(root, none_reason ? -1 : tier, (enum fsj_backend)backend,
				    have_plan ? &plan : NULL, none_reason);
	probe_status_json(have_probe ? &pr : NULL, none_reason ? -1 : tier, ctx.config.network,
			  root);
	o = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "network"),
					     "kernel");
	if (ctx.config.network == FSJ_NETWORK_DENY &&
	    !(cJSON_IsString(o) && strcmp(o->valuestring, "fully") == 0))
		partial = true;
	o = cJSON_AddObjectToObject(root, "scoping");
	if (have_plan) {
		cJSON_AddStringToObject(o, "kernel", plan.scoped ? "fully" : "not");
		cJSON_AddStringToObject(
			o, "reason",
			plan.scoped ? "signals and abstract unix sockets stay inside "
				      "the sandbox"
				    : "signals and abstract unix sockets are not scoped "
				      "before Landlock ABI 6");
	} else {
		cJSON_AddStringToObject(o, "kernel",
					backend == FSJ_BACKEND_SEATBELT && !none_reason ? "fully"
											: "not");
		status_str_or_null(o, "reason", none_reason);
	}
	if (ctx.enforce == FSJ_ENFORCE_OFF)
		cJSON_AddStringToObject(root, "enforcement", "off");
	else if (tier < 0 || none_reason)
		cJSON_AddStringToObject(root, "enforcement", "none");
	else
		cJSON_AddStringToObject(root, "enforcement", partial ? "partial" : "full");
	o = cJSON_AddObjectToObject(root, "gaps");
	cJSON_AddItemToObject(o, "refuse", lines_json(&refuse));
	cJSON_AddItemToObject(o, "notes", lines_json(&notes));

	a = cJSON_AddArrayToObject(root, "mount_masks");
	for (size_t i = 0; have_plan && i < plan.n_masks; i++) {
		cJSON *m = cJSON_CreateObject();

		cJSON_AddStringToObject(m, "path", plan.masks[i].path);
		cJSON_AddStringToObject(m, "kind", ll_mask_kind_name(plan.masks[i].kind));
		cJSON_AddItemToArray(a, m);
	}
	status_listener_json(root, have_plan ? &plan : NULL);
	status_expanded_json(root, have_plan ? &plan : NULL, &ctx.config);

	/* Summaries of the policy. */
	{
		cJSON *b = file_json(ctx.env.baseline_file, pol ? 0 : -1, &err);

		status_protected_json(root, b, pol);
		status_lists_json(b, pol);
		cJSON_AddItemToObject(files, "baseline", b);
	}
	o = cJSON_AddObjectToObject(root, "rules");
	cJSON_AddNumberToObject(o, "rules_file", (double)ctx.rules.n);
	cJSON_AddNumberToObject(o, "config_grants", (double)ctx.config.grants.n);
	cJSON_AddNumberToObject(o, "session_grants", (double)ctx.session.n);

	o = cJSON_AddObjectToObject(root, "backup");
	cJSON_AddBoolToObject(o, "enabled", ctx.config.backup_enabled);
	cJSON_AddNumberToObject(o, "max_size_mb", (double)ctx.config.backup_max_size_mb);
	cJSON_AddNumberToObject(o, "keep_days", (double)ctx.config.backup_keep_days);
	cJSON_AddNumberToObject(o, "store_max_mb", (double)ctx.config.backup_store_max_mb);
	if (ctx.env.state_dir) {
		unsigned long long bytes = 0;
		size_t cycles = 0;

		(void)backup_store_size(ctx.env.state_dir, &bytes, &cycles);
		cJSON_AddNumberToObject(o, "store_bytes", (double)bytes);
		cJSON_AddNumberToObject(o, "store_cycles", (double)cycles);
	}
	cJSON_AddStringToObject(o, "delete_mode",
				ctx.config.delete_mode == FSJ_DELETE_UNLINK ? "unlink" : "trash");
	{
		char *dir = path_join(ctx.env.state_dir, "sessions"), *trash = trash_dir(&ctx.env);

		cJSON_AddStringToObject(o, "dir", dir);
		cJSON_AddStringToObject(o, "trash", trash);
		free(dir);
		free(trash);
	}
	o = cJSON_AddObjectToObject(root, "audit");
	cJSON_AddBoolToObject(o, "enabled", ctx.config.audit_enabled);
	{
		char *def = path_join(ctx.env.state_dir, "audit.ndjson");

		cJSON_AddStringToObject(o, "path",
					ctx.config.audit_path ? ctx.config.audit_path : def);
		free(def);
	}
	/* report: reads traces every open and exec (fsjail.yaml(5)) */
	cJSON_AddStringToObject(root, "report", ctx.config.report_reads ? "reads" : "writes");

	/* launch.c: on Linux the command runs in its own pid namespace */
#ifdef __linux__
	cJSON_AddBoolToObject(root, "pid_namespace", !env_flag("FSJAIL_NO_PID_NAMESPACE"));
	status_dev(root, have_plan ? &plan : NULL);
	status_tool_caches(root, &ctx, have_plan ? &plan : NULL);
#else
	cJSON_AddBoolToObject(root, "pid_namespace", false);
#endif
	cJSON_AddBoolToObject(root, "meets_enforce", meets);
	status_str_or_null(root, "reason", meets ? NULL : why);

	if (have_plan)
		ll_plan_release(&plan);
	if (have_probe)
		probe_report_release(&pr);
	policy_free(pol);
	sb_release(&refuse);
	sb_release(&notes);
	sb_release(&warnings);
	free(why);
	fsj_ctx_release(&ctx);
	return meets;
}

/* --- text, read back from the JSON ----------------------------------------- */

static const char *js(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(v) && v->valuestring ? v->valuestring : NULL;
}

static double jnum(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static bool jb(const cJSON *o, const char *name)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, name));
}

static const cJSON *jo(const cJSON *o, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(o, name);
}

/* The first line of s ("" for NULL): a hint line stays in the JSON. */
static int line_len(const char *s)
{
	const char *nl = s ? strstr(s, "\\x0a") : NULL; /* escape_strings()'s newline */

	return s ? (int)(nl ? (size_t)(nl - s) : strcspn(s, "\n")) : 0;
}

static void print_file(const char *label, const cJSON *f)
{
	if (!f)
		return;
	printf("%-12s %s", label, js(f, "path") ? js(f, "path") : "");
	if (!jb(f, "exists"))
		printf(" (not found%s)", jb(f, "parsed") ? ": defaults" : "");
	else if (jb(f, "parsed"))
		printf(" (parsed)");
	else
		printf(" (error: %s)", js(f, "error") ? js(f, "error") : "?");
	putchar('\n');
}

static void print_caps_list(const cJSON *a)
{
	const cJSON *c;
	bool first = true;

	cJSON_ArrayForEach(c, a)
	{
		printf("%s%s", first ? "" : ", ", c->valuestring ? c->valuestring : "");
		first = false;
	}
}

/* Every string in j made safe for a terminal (fsj_escape_term()): the
 * paths status prints are the command's to name (a folder it made in the
 * workspace, a repository the walk found there) and its escape sequences
 * reached the user's terminal at the next status (att7). */
static void escape_strings(cJSON *j)
{
	cJSON *c;

	if (cJSON_IsString(j) && j->valuestring) {
		char *e = fsj_escape_term(j->valuestring);

		(void)cJSON_SetValuestring(j, e);
		free(e);
	}
	cJSON_ArrayForEach(c, j) escape_strings(c);
}

static void print_text(const cJSON *root)
{
	const cJSON *files = jo(root, "files"), *o, *c;

	/* A refused workspace is the first thing to know. */
	if (!js(root, "workspace") && js(root, "workspace_why"))
		printf("no workspace here: %s\nhint: cd into your project (the top of its git work "
		       "tree is the workspace), or name one with --workspace DIR; log, backups and "
		       "allow list work from anywhere\n",
		       js(root, "workspace_why"));
	printf("fsjail %s\n", js(root, "version"));
	if (files) {
		print_file("config:", jo(files, "config"));
		print_file("rules:", jo(files, "rules"));
		if (jo(files, "baseline")) {
			o = jo(files, "baseline");
			/* user12: with no workspace nothing is read, which
			 * read as an empty baseline ("0 baseline entries") */
			if (!js(root, "workspace") && jnum(o, "entries") == 0) {
				printf("%-12s %s (not read: no workspace)\n", "baseline:",
				       js(o, "path"));
			} else {
				printf("%-12s %s (%.0f baseline entries, %.0f protected, ",
				       "baseline:", js(o, "path"), jnum(o, "entries"),
				       jnum(o, "protected"));
				status_lists_print(stdout, o);
			}
		}
		printf("%-12s %s\n", "state:", js(files, "state_dir"));
	}
	if (js(root, "error")) {
		printf("\nerror: %s\n", js(root, "error"));
		printf("\nenforcement: none: fsjail run would refuse to run\n");
		return;
	}
	printf("%-12s %s (%s; mode %s)\n", "workspace:",
	       js(root, "workspace") ? js(root, "workspace") : "none", js(root, "workspace_why"),
	       js(root, "mode"));
	printf("%-12s %s, %s %s, Landlock ABI %.0f\n", "backend:", js(root, "backend"),
#ifdef __APPLE__
	       "os",
#else
	       "kernel",
#endif
	       js(root, "os_release"), jnum(root, "landlock_abi"));
	o = jo(root, "probe");
	if (cJSON_IsObject(o)) {
		printf("%-12s proven tier %s (%s %s)\n",
		       "probe:", js(o, "proven_tier") ? js(o, "proven_tier") : "none",
		       jb(o, "cached") ? "cached, probed" : "probed", js(o, "time"));
		cJSON_ArrayForEach(c, jo(o, "failed"))
			printf("%-12s   %s: %s failed: %.*s\n", "", js(c, "tier"), js(c, "check"),
			       line_len(js(c, "reason")), js(c, "reason"));
	}
	if (js(root, "tier"))
		printf("%-12s %s -> tier %s, %s enforcement\n", "enforce:", js(root, "enforce"),
		       js(root, "tier"), js(root, "enforcement"));
	else
		printf("%-12s %s -> no tier (enforcement: %s)\n", "enforce:", js(root, "enforce"),
		       js(root, "enforcement"));
	if (js(root, "reason"))
		printf("%-12s %.*s\n", "", line_len(js(root, "reason")), js(root, "reason"));

	printf("\nkernel enforcement per capability:\n");
	cJSON_ArrayForEach(c, jo(root, "capabilities"))
	{
		if (js(c, "reason"))
			printf("  %-8s %-7s %s\n", c->string, js(c, "kernel"), js(c, "reason"));
		else
			printf("  %-8s %s\n", c->string, js(c, "kernel"));
	}
	o = jo(root, "network");
	printf("  %-8s %-7s %s: %s\n", "network", js(o, "kernel"), js(o, "setting"),
	       js(o, "reason"));
	o = jo(root, "scoping");
	if (js(o, "reason"))
		printf("  %-8s %-7s %s\n", "scoping", js(o, "kernel"), js(o, "reason"));
	else
		printf("  %-8s %s\n", "scoping", js(o, "kernel"));
	cJSON_ArrayForEach(c, jo(jo(root, "gaps"), "notes")) printf("  note: %s\n", c->valuestring);

	if (cJSON_GetArraySize(jo(root, "mount_masks")) > 0) {
		printf("\nmount masks (nested denies carried by a mount in a private "
		       "namespace):\n");
		cJSON_ArrayForEach(c, jo(root, "mount_masks"))
			printf("  %-8s %s\n", js(c, "kind"), js(c, "path"));
	}
	status_listener_print(stdout, jo(root, "listener_carried"));
	status_expanded_print(stdout, jo(root, "expanded"));

	o = jo(root, "rules");
	printf("\n%-12s %.0f in the rules file, %.0f config grants, %.0f session grants\n",
	       "rules:", jnum(o, "rules_file"), jnum(o, "config_grants"),
	       jnum(o, "session_grants"));
	o = jo(root, "network");
	printf("%-12s %s\n", "network:", js(o, "setting"));
	o = jo(root, "backup");
	printf("%-12s %s, files up to %.0f MB, in %s; deletes: %s",
	       "backup:", jb(o, "enabled") ? "enabled" : "disabled", jnum(o, "max_size_mb"),
	       js(o, "dir"), js(o, "delete_mode"));
	if (strcmp(js(o, "delete_mode"), "trash") == 0)
		printf(" (%s)", js(o, "trash"));
	printf("\n%-12s %.0f cycles, %.1f MiB (kept %.0f days, up to %.0f MB)\n",
	       "store:", jnum(o, "store_cycles"), jnum(o, "store_bytes") / 1048576.0,
	       jnum(o, "keep_days"), jnum(o, "store_max_mb"));
	o = jo(root, "audit");
	printf("%-12s %s, %s\n", "audit:", jb(o, "enabled") ? "enabled" : "disabled",
	       js(o, "path"));
	printf("%-12s %s\n", "refusals:",
	       strcmp(js(root, "report"), "reads") == 0
		       ? "reported after each run, reads and executes included (traced: slower)"
		       : "writes, creates and deletes reported after each run; reads and executes "
			 "with run --report FILE or report: reads");
	printf("%-12s %s\n", "processes:",
	       jb(root, "pid_namespace")
		       ? "own pid namespace: no process of the command outlives fsjail"
		       : "no pid namespace: a background process can outlive a killed fsjail");
	status_dev_print(root);
	cJSON_ArrayForEach(c, jo(root, "tool_caches"))
	{
		const char *how = js(c, "private");

		printf("%-12s %s: ", c == jo(root, "tool_caches")->child ? "tool caches:" : "",
		       js(c, "path"));
		if (strcmp(how, "overlay") == 0)
			printf("private to each run: an overlay of the host's, "
			       "the run's writes vanish with it\n");
		else if (strcmp(how, "tmpfs") == 0)
			printf("private to each run: an empty tmpfs (no overlay here, or a "
			       "rule masks something in it), gone with the run\n");
		else if (strcmp(how, "read-only") == 0)
			printf("the host's file, read-only in each run (a write fails with "
			       "EROFS, which the tool takes quietly)\n");
		else if (strcmp(how, "host") == 0)
			printf("the host's folder, as your rules say (%s)\n", js(c, "why"));
		else
			printf("refused: %s\n", js(c, "why"));
	}
	printf("\nprotected paths (write, create and delete refused for everyone):\n");
	cJSON_ArrayForEach(c, jo(root, "protected"))
	{
		printf("  %s%s:", js(c, "path"), jb(c, "recursive") ? "" : " (this path only)");
		if (cJSON_GetArraySize(jo(c, "deny")) > 0) {
			printf(" deny ");
			print_caps_list(jo(c, "deny"));
		}
		if (cJSON_IsString(jo(c, "why")))
			printf(" (%s)", js(c, "why"));
		if (cJSON_GetArraySize(jo(c, "pass")) > 0) {
			printf(" exception: ");
			print_caps_list(jo(c, "pass"));
			printf(" left to the other levels");
		}
		putchar('\n');
	}
	status_repos_print(stdout, jo(root, "repository_metadata"));
	cJSON_ArrayForEach(c, jo(root, "warnings")) printf("warning: %s\n", c->valuestring);
}

int cmd_status(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		CMD_SESSION_LONGOPTS,
		CMD_PLATFORM_LONGOPT,
		{ "backend", required_argument, NULL, CMD_OPT_BACKEND },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	int backend = -1; /* --backend, else the platform's */
	bool json = false, meets;
	cJSON *root;
	int opt;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_BACKEND:
			backend = fsj_backend_parse(optarg);
			if (backend < 0) {
				fprintf(stderr,
					"fsjail: status: unknown backend '%s' "
					"(landlock, seatbelt, null)\n",
					optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		case CMD_OPT_JSON:
			json = true;
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "status");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("status", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fsjail: status: unexpected argument '%s'\n", argv[optind]);
		return FSJ_EXIT_ERROR;
	}
	/* Reject what fsj_ctx_load() would; status reports file errors, not
	 * option errors. */
	if (opts.enforce && fsj_enforce_parse(opts.enforce) == FSJ_ENFORCE_UNKNOWN) {
		fprintf(stderr, "fsjail: status: unknown enforce '%s'\n", opts.enforce);
		return FSJ_EXIT_ERROR;
	}
	if (opts.mode && fsj_mode_parse(opts.mode) < 0) {
		fprintf(stderr, "fsjail: status: unknown mode '%s'\n", opts.mode);
		return FSJ_EXIT_ERROR;
	}

	root = cJSON_CreateObject();
	meets = build(root, &opts, backend);
	if (json) {
		fsj_json_put(root);
	} else {
		escape_strings(root);
		print_text(root);
	}
	cJSON_Delete(root);
	return meets ? FSJ_EXIT_OK : FSJ_EXIT_FAILURE;
}
