/* fsjail.c - libfsjail (fsjail.h): the handle's lifecycle, loading the
 * policy as the fsjail command does, and the three queries; the error
 * objects (STYLE.md point 9, crun's libcrun_error_t). Nothing here prints:
 * the command prints what these return (cmd_*.c). */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fsjail-int.h"
#include "landlock-dump.h" /* and landlock.h */
#include "path.h"
#include "probe.h"
#include "sandbox-linux.h"
#include "sbpl.h"

/* Newest Landlock ABI fsjail knows; compile uses it when the running
 * kernel has no Landlock, so a profile can be inspected anywhere. */
#define FSJ_LANDLOCK_ABI_NEWEST 7

int fsjail_api_version(void)
{
	return FSJAIL_API_VERSION;
}

/* ---- errors -------------------------------------------------------------- */

/* Starts with "FILE:" for one of the files the handle read: then the
 * location that follows (LINE, LINE:COL) is taken apart. */
static void error_locate(struct fsjail_error *e, const struct fsj_env *env)
{
	const char *files[3] = { env->rules_file, env->config_file, env->baseline_file };

	for (size_t i = 0; i < 3; i++) {
		size_t n = files[i] ? strlen(files[i]) : 0;
		char *end;

		if (!n || strncmp(e->message, files[i], n) != 0 || e->message[n] != ':')
			continue;
		e->file = xstrdup(files[i]);
		e->line = strtoul(e->message + n + 1, &end, 10);
		if (end != e->message + n + 1 && *end == ':')
			e->col = strtoul(end + 1, &end, 10);
		return;
	}
}

/* Store code and text as a new error in *err (when err is not NULL);
 * env (may be NULL) names the files a location may refer to. Returns
 * code. */
static int error_make(fsjail_error **err, int code, const char *text, const struct fsj_env *env)
{
	struct fsjail_error *e;

	if (!err)
		return code;
	e = xcalloc(1, sizeof(*e));
	e->code = code;
	e->message = xstrdup(text && text[0] ? text : strerror(-code));
	if (env)
		error_locate(e, env);
	*err = e;
	return code;
}

const char *fsjail_error_message(const fsjail_error *e)
{
	return e ? e->message : NULL;
}

const char *fsjail_error_file(const fsjail_error *e)
{
	return e ? e->file : NULL;
}

unsigned long fsjail_error_line(const fsjail_error *e)
{
	return e ? e->line : 0;
}

unsigned long fsjail_error_column(const fsjail_error *e)
{
	return e ? e->col : 0;
}

int fsjail_error_code(const fsjail_error *e)
{
	return e ? e->code : 0;
}

void fsjail_error_free(fsjail_error *e)
{
	if (!e)
		return;
	free(e->message);
	free(e->file);
	free(e);
}

/* ---- loading ------------------------------------------------------------- */

int fsjail_effective_tier(const struct fsj_ctx *ctx, const char *tier_arg, char *note)
{
	struct probe_key key;
	struct probe_report r;
	struct fsj_error why = { { 0 } };
	int tier = -1;
	int fallback = ctx->enforce >= 0 ? ctx->enforce : FSJ_TIER_GUARDED;

	note[0] = '\0';
	if (tier_arg)
		return fsj_tier_parse(tier_arg);
	if (ctx->enforce == FSJ_ENFORCE_OFF) {
		snprintf(note, FSJAIL_NOTE_MAX, "enforce is off: 'fsjail run' confines nothing; "
						"showing tier guarded, what the rules would decide");
		return FSJ_TIER_GUARDED;
	}
	/* Show what `run` would use: the tier the cached probe proved for
	 * this context. Reading the cache has no side effects; without a
	 * valid entry, say so and show the demanded tier (guarded for auto). */
	if (ctx->env.foreign) {
		/* this machine's probe proves nothing about another platform */
		snprintf(note, FSJAIL_NOTE_MAX, "platform %s is not this machine's; showing tier %s",
			 fsj_platform_name(ctx->env.platform), fsj_tier_name((enum fsj_tier)fallback));
		return fallback;
	}
	/* the mount-mask probe (a fork) only when an entry could match */
	probe_key_init_lazy(&key, ctx, fsj_backend_native());
	if (probe_cache_load_lazy(ctx->env.state_dir, &key, &r) == 1) {
		tier = probe_choose_tier(&r, ctx->enforce, &why);
		probe_report_release(&r);
	}
	probe_key_release(&key);
	if (tier >= 0)
		return tier;
	snprintf(note, FSJAIL_NOTE_MAX, "no proven tier for this workspace in the probe cache; "
					"showing tier %s ('fsjail probe' proves the tier run would use)",
		 fsj_tier_name((enum fsj_tier)fallback));
	return fallback;
}

int fsjail_load_ctx(const struct fsj_ctx_opts *opts, const char *tier_arg,
		    const char *network_arg, struct fsj_ctx *ctx, int *tier,
		    struct fsj_policy **pol, char *note, struct fsj_error *err)
{
	int code = -EINVAL;

	note[0] = '\0';
	if (fsj_ctx_load(opts, ctx, err) < 0)
		return -EINVAL;
	if (!ctx->workspace) {
		fsj_error_set(err, NULL, 0, 0, "no workspace here: %s",
			      ctx->workspace_error ? ctx->workspace_error : "none");
		code = -ENOENT;
		goto fail;
	}
	if (network_arg) {
		if (strcmp(network_arg, "allow") == 0) {
			ctx->config.network = FSJ_NETWORK_ALLOW;
		} else if (strcmp(network_arg, "deny") == 0) {
			ctx->config.network = FSJ_NETWORK_DENY;
		} else {
			fsj_error_set(err, NULL, 0, 0, "unknown network setting '%s' (allow, deny)",
				      network_arg);
			goto fail;
		}
	}
	*tier = fsjail_effective_tier(ctx, tier_arg, note);
	if (*tier < 0) {
		fsj_error_set(err, NULL, 0, 0,
			      "unknown tier '%s' (full, guarded, process, writes)", tier_arg);
		goto fail;
	}
	if (fsj_ctx_policy(ctx, (enum fsj_tier)*tier, pol, err) < 0)
		goto fail;
	return 0;
fail:
	fsj_ctx_release(ctx);
	return code;
}

fsjail_policy *fsjail_policy_new(void)
{
	return calloc(1, sizeof(struct fsjail_policy));
}

void fsjail_policy_free(fsjail_policy *p)
{
	if (!p)
		return;
	if (p->loaded) {
		policy_free(p->pol);
		fsj_ctx_release(&p->ctx);
	}
	for (size_t i = 0; i < p->n_owned; i++)
		free(p->owned[i]);
	free(p);
}

int fsjail_policy_set(fsjail_policy *p, enum fsjail_option opt, const char *value,
		      fsjail_error **err)
{
	char *v;
	const char **slot = NULL;
	char **own = NULL;
	bool bad = false;

	if (p->loaded)
		return error_make(err, -EBUSY, "the policy is loaded: options are set before", NULL);
	if (p->n_owned >= sizeof(p->owned) / sizeof(p->owned[0]))
		return error_make(err, -E2BIG, "too many options", NULL);
	if ((opt == FSJAIL_OPT_GRANT || opt == FSJAIL_OPT_DENY) && !value)
		return error_make(err, -EINVAL, "--grant and --deny need CAPS:PATH", NULL);
	switch (opt) {
	case FSJAIL_OPT_RULES:
		slot = &p->opts.rules_file;
		break;
	case FSJAIL_OPT_CONFIG:
		slot = &p->opts.config_file;
		break;
	case FSJAIL_OPT_WORKSPACE:
		slot = &p->opts.workspace;
		break;
	case FSJAIL_OPT_MODE:
		slot = &p->opts.mode;
		bad = value && fsj_mode_parse(value) < 0;
		break;
	case FSJAIL_OPT_ENFORCE:
		slot = &p->opts.enforce;
		bad = value && fsj_enforce_parse(value) == FSJ_ENFORCE_UNKNOWN;
		break;
	case FSJAIL_OPT_PLATFORM:
		slot = &p->opts.platform;
		bad = value && fsj_platform_parse(value) < 0;
		break;
	case FSJAIL_OPT_TIER:
		own = &p->tier_arg;
		bad = value && fsj_tier_parse(value) < 0;
		break;
	case FSJAIL_OPT_NETWORK:
		own = &p->network_arg;
		bad = value && strcmp(value, "allow") != 0 && strcmp(value, "deny") != 0;
		break;
	case FSJAIL_OPT_GRANT:
	case FSJAIL_OPT_DENY:
		if (p->opts.n_session >= FSJ_SESSION_RULES_MAX)
			return error_make(err, -E2BIG, "more than 64 --grant and --deny rules", NULL);
		break;
	default:
		return error_make(err, -EINVAL, "unknown option", NULL);
	}
	if (bad) {
		char msg[256];

		snprintf(msg, sizeof(msg), "'%.200s' is not a value this option takes", value);
		return error_make(err, -EINVAL, msg, NULL);
	}
	v = value ? xstrdup(value) : NULL;
	if (v)
		p->owned[p->n_owned++] = v;
	if (own)
		*own = v;
	else if (slot)
		*slot = v;
	else {
		p->opts.session_rules[p->opts.n_session] = v;
		p->opts.session_deny[p->opts.n_session] = opt == FSJAIL_OPT_DENY;
		p->opts.n_session++;
	}
	return 0;
}

int fsjail_policy_load(fsjail_policy *p, fsjail_error **err)
{
	struct fsj_error e = { { 0 } };
	int r;

	if (p->loaded)
		return error_make(err, -EBUSY, "the policy is already loaded", NULL);
	r = fsjail_load_ctx(&p->opts, p->tier_arg, p->network_arg, &p->ctx, &p->tier, &p->pol,
			    p->note, &e);
	if (r < 0) {
		/* ctx is released: locate against the files it would read */
		struct fsj_env env;
		struct fsj_error ignore = { { 0 } };
		bool have_env = fsj_env_init(&env, p->opts.rules_file, p->opts.config_file,
					     &ignore) == 0;

		error_make(err, r, e.text, have_env ? &env : NULL);
		if (have_env)
			fsj_env_release(&env);
		return r;
	}
	p->loaded = true;
	return 0;
}

const char *fsjail_policy_workspace(const fsjail_policy *p)
{
	return p->loaded ? p->ctx.workspace : NULL;
}

const char *fsjail_policy_tier(const fsjail_policy *p)
{
	return p->loaded ? fsj_tier_name((enum fsj_tier)p->tier) : NULL;
}

const char *fsjail_policy_mode(const fsjail_policy *p)
{
	return p->loaded ? fsj_mode_name(p->ctx.mode) : NULL;
}

const char *fsjail_policy_note(const fsjail_policy *p)
{
	return p->loaded && p->note[0] ? p->note : NULL;
}

/* ---- queries ------------------------------------------------------------- */

static int not_loaded(fsjail_error **err)
{
	return error_make(err, -EBUSY, "the policy is not loaded (fsjail_policy_load())", NULL);
}

/* The JSON text of o (deleted here) as a new string for free(). */
static char *json_text(cJSON *o)
{
	char *s = (fsj_json_utf8(o), cJSON_Print(o)), *out = xstrdup(s ? s : "null");

	cJSON_free(s);
	cJSON_Delete(o);
	return out;
}

int fsjail_explain(fsjail_policy *p, const char *path, unsigned *allowed, char **json,
		   fsjail_error **err)
{
	char *norm = NULL, *resolved;
	cJSON *root;
	unsigned mask;
	int e;

	if (!p->loaded)
		return not_loaded(err);
	e = path_normalize(path, strlen(path), p->ctx.env.home, p->ctx.env.cwd, &norm);
	if (e != PATH_OK) {
		char msg[FSJ_PATH_MAX + 64];

		snprintf(msg, sizeof(msg), "'%s': %s", path, path_strerror(e));
		return error_make(err, -EINVAL, msg, NULL);
	}
	resolved = fsj_platform_resolve(p->ctx.env.platform, p->ctx.env.foreign, norm);
	root = fsjail_json_explain(&p->ctx, p->tier);
	mask = fsjail_json_explain_path(root, &p->ctx, p->pol, path, norm, resolved);
	if (allowed)
		*allowed = mask;
	if (json)
		*json = json_text(root);
	else
		cJSON_Delete(root);
	free(norm);
	free(resolved);
	return 0;
}

int fsjail_check(fsjail_policy *p, const char *line, size_t len, const char *cwd,
		 char **json, fsjail_error **err)
{
	struct effects_opts eo = { 0 };
	struct fsj_effects fx;
	struct fsj_check chk;
	struct fsj_error e = { { 0 } };
	cleanup_free char *dir = NULL, *text = NULL;
	int verdict;

	if (!p->loaded)
		return not_loaded(err);
	if (len > FSJ_EFFECTS_MAX_LINE)
		return error_make(err, -E2BIG, "the command line is longer than 1 MiB", NULL);
	if (cwd) {
		int pe = path_normalize(cwd, strlen(cwd), p->ctx.env.home, p->ctx.env.cwd, &dir);
		if (pe != PATH_OK) {
			char msg[FSJ_PATH_MAX + 64];

			snprintf(msg, sizeof(msg), "cwd '%s': %s", cwd, path_strerror(pe));
			return error_make(err, -EINVAL, msg, NULL);
		}
	} else {
		dir = xstrdup(p->ctx.env.cwd);
	}
	text = xstrndup(line, len);
	eo.cwd = dir;
	eo.home = p->ctx.env.home;
	eo.path_env = getenv("PATH");
	eo.tmpdir = getenv("TMPDIR");
	if (effects_analyze(text, len, &eo, &fx, &e) < 0)
		return error_make(err, -EINVAL, e.text, NULL);
	effects_decide(&fx, p->pol, dir, &p->ctx, &chk);
	verdict = chk.overall == FSJ_OVERALL_ALLOW	  ? FSJAIL_ALLOW
		  : chk.overall == FSJ_OVERALL_PROMPT ? FSJAIL_PROMPT
						      : FSJAIL_REFUSE;
	if (json)
		*json = json_text(fsjail_json_check(text, dir, (enum fsj_tier)p->tier, &p->ctx,
						    &fx, &chk));
	fsj_check_release(&chk);
	effects_release(&fx);
	return verdict;
}

static void write_sbpl(const struct sbpl_profile *prof, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;

	fputs(prof->text, out);
	fprintf(out, "\n;; parameters (passed as sandbox-exec -D NAME=VALUE; "
		     "values shown JSON-escaped)\n");
	for (size_t i = 0; i < prof->n_params; i++) {
		sb_add_json_string(&sb, prof->param_values[i]);
		fprintf(out, ";; %s=\"%s\"\n", prof->param_names[i], sb.buf ? sb.buf : "");
		sb_release(&sb);
	}
}

int fsjail_compile_write(const struct fsj_ctx *ctx, const struct fsj_policy *pol, int tier,
			 enum fsj_backend backend, FILE *out, char *note, struct fsj_error *err)
{
	note[0] = '\0';
	if (backend == FSJ_BACKEND_SEATBELT) {
		struct sbpl_opts so = { .network = ctx->config.network, .with_messages = true };
		struct sbpl_profile prof = { 0 };

		if (sbpl_compile(pol, &so, &prof, err) < 0)
			return -1;
		write_sbpl(&prof, out);
		sbpl_profile_release(&prof);
		return 0;
	}
	struct ll_opts lo = { .abi = ll_abi(), .masks = ll_masks_available(),
			      .listener = sandbox_listener_expected(NULL),
			      .network = ctx->config.network };
	struct ll_plan plan = { 0 };
	struct sandbox_linux sl;

	if (lo.abi == 0) {
		snprintf(note, FSJAIL_NOTE_MAX, "landlock is not available here; compiling for ABI %d",
			 FSJ_LANDLOCK_ABI_NEWEST);
		lo.abi = FSJ_LANDLOCK_ABI_NEWEST;
	}
	if (ll_compile(pol, &lo, &plan, err) < 0) {
		ll_plan_release(&plan);
		return -1;
	}
	fprintf(out, "# landlock ruleset: tier %s, mode %s, workspace %s\n",
		fsj_tier_name((enum fsj_tier)tier), fsj_mode_name(ctx->mode), ctx->workspace);
	ll_plan_dump(&plan, out);
	/* what `fsjail run` lays around the ruleset in the child
	 * (sandbox-linux.h): the network and noexec layers */
	sandbox_linux_prepare(&plan, lo.network, lo.masks, &sl);
	fprintf(out, "# layers fsjail run adds around the ruleset\n");
	sandbox_linux_dump(&sl, out);
	sandbox_linux_release(&sl);
	ll_plan_release(&plan);
	return 0;
}

int fsjail_compile(fsjail_policy *p, enum fsjail_backend backend, char **text,
		   fsjail_error **err)
{
	struct fsj_error e = { { 0 } };
	char note[FSJAIL_NOTE_MAX];
	char *buf = NULL;
	size_t size = 0;
	enum fsj_backend b;
	FILE *out;
	int r;

	if (!p->loaded)
		return not_loaded(err);
	switch (backend) {
	case FSJAIL_BACKEND_SEATBELT:
		b = FSJ_BACKEND_SEATBELT;
		break;
	case FSJAIL_BACKEND_LANDLOCK:
		b = FSJ_BACKEND_LANDLOCK;
		break;
	case FSJAIL_BACKEND_DEFAULT:
		b = p->ctx.env.platform == FSJ_PLATFORM_DARWIN ? FSJ_BACKEND_SEATBELT
							       : FSJ_BACKEND_LANDLOCK;
		break;
	default:
		return error_make(err, -EINVAL, "unknown backend", NULL);
	}
	out = open_memstream(&buf, &size);
	if (!out)
		return error_make(err, -errno, NULL, NULL);
	r = fsjail_compile_write(&p->ctx, p->pol, p->tier, b, out, note, &e);
	if (fclose(out) != 0 && r == 0) {
		free(buf);
		return error_make(err, -ENOMEM, NULL, NULL);
	}
	if (r < 0) {
		free(buf);
		/* the preamble data file missing is the one case not about
		 * the policy */
		return error_make(err, strstr(e.text, "sbpl-preamble.sb") ? -ENOENT : -EINVAL,
				  e.text, &p->ctx.env);
	}
	*text = buf;
	return 0;
}
