/* cmd_common.c - option handling shared by subcommands (usage text:
 * cmd_help.c). */
#include "config.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "sandbox.h"
#include "probe.h"
#include "landlock.h"
#include "path.h"

int cmd_common_option(int opt, const char *arg, struct fsj_ctx_opts *opts)
{
	switch (opt) {
	case CMD_OPT_RULES:
		opts->rules_file = arg;
		return 1;
	case CMD_OPT_CONFIG:
		opts->config_file = arg;
		return 1;
	case CMD_OPT_WORKSPACE:
		opts->workspace = arg;
		return 1;
	case CMD_OPT_MODE:
		opts->mode = arg;
		return 1;
	case CMD_OPT_ENFORCE:
		opts->enforce = arg;
		return 1;
	case CMD_OPT_DENY:
	case CMD_OPT_GRANT:
		if (!arg)
			return 0; /* run's --deny alone: the scripted ask answer */
		if (opts->n_session < FSJ_SESSION_RULES_MAX) {
			opts->session_rules[opts->n_session] = arg;
			opts->session_deny[opts->n_session] = opt == CMD_OPT_DENY;
		}
		opts->n_session++;
		return 1;
	case CMD_OPT_PLATFORM:
		opts->platform = arg;
		return 1;
	default:
		return 0;
	}
}

void cmd_print_error(const struct fsj_error *err)
{
	fprintf(stderr, "fsjail: %s\n", err->text[0] ? err->text : "unknown error");
}

int cmd_effective_tier(const struct fsj_ctx *ctx, const char *tier_arg)
{
	struct probe_key key;
	struct probe_report r;
	struct fsj_error why = { { 0 } };
	cleanup_free char *cache = NULL;
	int tier = -1;
	int fallback = ctx->enforce >= 0 ? ctx->enforce : FSJ_TIER_GUARDED;

	if (tier_arg)
		return fsj_tier_parse(tier_arg);
	if (ctx->enforce == FSJ_ENFORCE_OFF) {
		fprintf(stderr, "fsjail: note: enforce is off: 'fsjail run' confines nothing; "
				"showing tier guarded, what the rules would decide\n");
		return FSJ_TIER_GUARDED;
	}
	/* Show what `run` would use: the tier the cached probe proved for
	 * this context. Reading the cache has no side effects; without a
	 * valid entry, say so and show the demanded tier (guarded for auto). */
	if (ctx->env.foreign) {
		/* this machine's probe proves nothing about another platform */
		fprintf(stderr, "fsjail: note: platform %s is not this machine's; showing tier %s\n",
			fsj_platform_name(ctx->env.platform), fsj_tier_name((enum fsj_tier)fallback));
		return fallback;
	}
	probe_key_init(&key, ctx, fsj_backend_native());
	cache = path_join(ctx->env.state_dir, PROBE_CACHE_NAME);
	if (probe_cache_load(cache, &key, &r) == 1) {
		tier = probe_choose_tier(&r, ctx->enforce, &why);
		probe_report_release(&r);
	}
	probe_key_release(&key);
	if (tier >= 0)
		return tier;
	fprintf(stderr, "fsjail: note: no proven tier for this workspace in the probe cache; "
			"showing tier %s ('fsjail probe' proves the tier run would use)\n",
		fsj_tier_name((enum fsj_tier)fallback));
	return fallback;
}

bool cmd_have_workspace(const struct fsj_ctx *ctx, const char *cmd)
{
	if (ctx->workspace)
		return true;
	fprintf(stderr, "fsjail: %s: no workspace here: %s\n"
			"hint: cd into your project (the top of its git work tree is the "
			"workspace), or name one with --workspace DIR; 'fsjail status' says "
			"which and why\n",
		cmd, ctx->workspace_error ? ctx->workspace_error : "none");
	return false;
}

int cmd_parse_network(const char *arg)
{
	if (strcmp(arg, "allow") == 0)
		return FSJ_NETWORK_ALLOW;
	if (strcmp(arg, "deny") == 0)
		return FSJ_NETWORK_DENY;
	return -1;
}

int cmd_load_policy(const char *cmd, const struct fsj_ctx_opts *opts, const char *tier_arg,
		    const char *network_arg, struct fsj_ctx *ctx, int *tier,
		    struct fsj_policy **pol)
{
	struct fsj_error err = { { 0 } };

	/* nothing here changes the filesystem: each folder is looked up once
	 * (path_resolve_memo()); the mount-mask probe's child runs meanwhile */
	ll_masks_prefetch();
	path_resolve_memo(PATH_MEMO_ON);
	if (fsj_ctx_load(opts, ctx, &err) < 0) {
		path_resolve_memo(PATH_MEMO_OFF);
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	if (!cmd_have_workspace(ctx, cmd))
		goto fail;
	if (network_arg) {
		int n = cmd_parse_network(network_arg);
		if (n < 0) {
			fprintf(stderr, "fsjail: unknown network setting '%s' (allow, deny)\n",
				network_arg);
			goto fail;
		}
		ctx->config.network = (enum fsj_network)n;
	}
	*tier = cmd_effective_tier(ctx, tier_arg);
	if (*tier < 0) {
		fprintf(stderr, "fsjail: unknown tier '%s' (full, guarded, process, writes)\n",
			tier_arg);
		goto fail;
	}
	if (fsj_ctx_policy(ctx, (enum fsj_tier)*tier, pol, &err) < 0) {
		cmd_print_error(&err);
		goto fail;
	}
	path_resolve_memo(PATH_MEMO_OFF);
	return 0;
fail:
	path_resolve_memo(PATH_MEMO_OFF);
	fsj_ctx_release(ctx);
	return FSJ_EXIT_ERROR;
}

struct cJSON *cmd_rule_json(const struct fsj_rule *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "source", fsj_source_name(r->source));
	if (r->id)
		cJSON_AddStringToObject(o, "id", r->id);
	cJSON_AddStringToObject(o, "path", r->path);
	cJSON_AddStringToObject(o, "resolved", r->resolved);
	cJSON_AddBoolToObject(o, "recursive", r->recursive);
	if (r->origin)
		cJSON_AddStringToObject(o, "origin", r->origin);
	return o;
}

struct cJSON *cmd_caps_json(unsigned mask)
{
	cJSON *arr = cJSON_CreateArray();

	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (mask & FSJ_CAPBIT(c))
			cJSON_AddItemToArray(arr, cJSON_CreateString(fsj_cap_name((enum fsj_cap)c)));
	return arr;
}
