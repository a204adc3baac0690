/* cmd_common.c - option handling and usage text shared by subcommands. */
#include "config.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "sandbox.h"
#include "probe.h"
#include "path.h"

/* Usage text lives here once; `fsjail CMD --help` prints it and the man
 * page's SYNOPSIS repeats it. */
static const struct {
	const char *name;
	const char *synopsis;
} usages[] = {
	{ "allow", "fsjail allow [COMMON] [list | add CAPS PATH [folder|file] | remove N | clear]" },
	{ "backups", "fsjail backups [list|show|restore|prune] [COMMON] [--session ID] [--cycle CYCLE] [--dry-run] [--json] [--older-than DAYS] [--max-size MB] [PATH...]" },
	{ "check", "fsjail check [COMMON] [--platform darwin|linux] [--tier TIER] [--json] [--cwd DIR] -- COMMAND-LINE|-" },
	{ "compile", "fsjail compile [COMMON] [--platform darwin|linux] [--backend seatbelt|landlock] [--tier TIER]" },
	{ "explain", "fsjail explain [COMMON] [--platform darwin|linux] [--tier TIER] [--json] PATH..." },
	{ "log", "fsjail log [COMMON] [--session ID] [--json] [--tail N]" },
	{ "probe", "fsjail probe [COMMON] [--backend landlock|seatbelt|null] [--force] [--json]" },
	{ "run", "fsjail run [COMMON] [--backend landlock|seatbelt|null] [--network allow|deny] [--accept-partial] [--ask|--yes-once|--deny] [--session ID] [--quiet] [--report FILE] [--status-fd N] -c LINE | -- COMMAND [ARG...]" },
	{ "status", "fsjail status [COMMON] [--platform darwin|linux] [--backend landlock|seatbelt|null] [--json]" },
};

static const char common_help[] =
	"COMMON options:\n"
	"  --rules FILE        rules file (default $XDG_CONFIG_HOME/fsjail/rules.yaml)\n"
	"  --config FILE       config file (default $XDG_CONFIG_HOME/fsjail/config.yaml)\n"
	"  --workspace DIR     the workspace (default: config 'workspace', else the current directory)\n"
	"  --mode MODE         workspace-write (default) or read-only\n"
	"  --enforce ENFORCE   auto, full, guarded, process, writes or off\n";

void cmd_usage(FILE *out, const char *cmd)
{
	if (cmd) {
		for (size_t i = 0; i < sizeof(usages) / sizeof(usages[0]); i++) {
			if (strcmp(usages[i].name, cmd) == 0) {
				fprintf(out, "usage: %s\n\n%s", usages[i].synopsis, common_help);
				return;
			}
		}
	}
	fprintf(out, "usage: fsjail [--version] [--help] COMMAND [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(usages) / sizeof(usages[0]); i++)
		fprintf(out, "  %s\n", usages[i].synopsis);
	fprintf(out, "\n%s", common_help);
}

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

int cmd_parse_network(const char *arg)
{
	if (strcmp(arg, "allow") == 0)
		return FSJ_NETWORK_ALLOW;
	if (strcmp(arg, "deny") == 0)
		return FSJ_NETWORK_DENY;
	return -1;
}

int cmd_load_policy(const struct fsj_ctx_opts *opts, const char *tier_arg,
		    const char *network_arg, struct fsj_ctx *ctx, int *tier,
		    struct fsj_policy **pol)
{
	struct fsj_error err = { { 0 } };

	if (fsj_ctx_load(opts, ctx, &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
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
	return 0;
fail:
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
