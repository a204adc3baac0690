/* cmd_explain.c - `fsjail explain`: for each path and capability, the
 * decision and the level and rule (or baseline entry) that made it. */
#include "config.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "inforce.h"
#include "path.h"
#include "policy.h"
#include "repoexplain.h"
#include "sandbox.h"

int cmd_explain(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		CMD_SESSION_LONGOPTS,
		CMD_PLATFORM_LONGOPT,
		{ "tier", required_argument, NULL, CMD_OPT_TIER },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	const char *tier_arg = NULL;
	bool json = false;
	struct fsj_ctx ctx;
	struct fsj_policy *pol = NULL;
	int opt, tier, status = FSJ_EXIT_OK;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_TIER:
			tier_arg = optarg;
			break;
		case CMD_OPT_JSON:
			json = true;
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "explain");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("explain", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "fsjail: explain: no path given\n");
		cmd_usage(stderr, "explain");
		return FSJ_EXIT_ERROR;
	}
	if (cmd_load_policy("explain", &opts, tier_arg, NULL, &ctx, &tier, &pol) != 0)
		return FSJ_EXIT_ERROR;

	/* the seccomp listener's repository rules (repoexplain.h) */
	bool listener = !pol->darwin && ctx.config.protect_repository &&
			sandbox_listener_expected(NULL);
	cJSON *jroot = json ? cJSON_CreateObject() : NULL;
	cJSON *jpaths = NULL;
	if (json) {
		cJSON_AddStringToObject(jroot, "schema", "fsjail-explain/1");
		cJSON_AddStringToObject(jroot, "tier", fsj_tier_name((enum fsj_tier)tier));
		cJSON_AddStringToObject(jroot, "mode", fsj_mode_name(ctx.mode));
		cJSON_AddStringToObject(jroot, "workspace", ctx.workspace);
		jpaths = cJSON_AddArrayToObject(jroot, "paths");
	}

	for (int i = optind; i < argc; i++) {
		char *norm = NULL, *resolved;
		int e = path_normalize(argv[i], strlen(argv[i]), ctx.env.home, ctx.env.cwd, &norm);

		if (e != PATH_OK) {
			fprintf(stderr, "fsjail: '%s': %s\n", argv[i], path_strerror(e));
			status = FSJ_EXIT_ERROR;
			continue;
		}
		resolved = fsj_platform_resolve(ctx.env.platform, ctx.env.foreign, norm);
		cJSON *jp = NULL, *jcaps = NULL;
		if (json) {
			jp = cJSON_CreateObject();
			cJSON_AddStringToObject(jp, "path", argv[i]);
			cJSON_AddStringToObject(jp, "normalised", norm);
			cJSON_AddStringToObject(jp, "resolved", resolved);
			jcaps = cJSON_AddObjectToObject(jp, "capabilities");
			cJSON_AddItemToArray(jpaths, jp);
		} else {
			printf("%s\n", norm);
			if (strcmp(norm, resolved) != 0)
				printf("  resolved: %s\n", resolved);
		}
		for (int c = 0; c < FSJ_CAP_COUNT; c++) {
			struct fsj_decision d;
			bool enforced = (pol->enforced & FSJ_CAPBIT(c)) != 0;
			cleanup_free char *off = NULL;

			struct repoexplain rx = { 0 };

			policy_decide(pol, norm, resolved, (enum fsj_cap)c, &d);
			if (d.allowed && listener &&
			    repoexplain_refuses(ctx.workspace, resolved, (enum fsj_cap)c,
						ctx.config.backup_enabled, &rx))
				d = (struct fsj_decision){ false, FSJ_LEVEL_PROTECTED, NULL, false };
			/* a Mac's rules match paths, existing or not; Landlock's
			 * only paths that exist */
			if (!pol->darwin)
				off = fsj_grant_not_in_force(&d, pol->enforced, (enum fsj_cap)c);
			else if (c == FSJ_CAP_EXECUTE && d.allowed)
				off = fsj_exec_not_in_force(pol, resolved);
			if (json) {
				cJSON *jc = cJSON_AddObjectToObject(jcaps, fsj_cap_name((enum fsj_cap)c));
				cJSON_AddBoolToObject(jc, "allowed", d.allowed);
				cJSON_AddStringToObject(jc, "level", fsj_level_name(d.level));
				cJSON_AddBoolToObject(jc, "enforced", enforced);
				cJSON_AddBoolToObject(jc, "in_force", !off);
				if (rx.rule) {
					cJSON *jr = cJSON_AddObjectToObject(jc, "rule");

					cJSON_AddStringToObject(jr, "source", "protected");
					cJSON_AddStringToObject(jr, "id", rx.rule->id);
					cJSON_AddStringToObject(jr, "origin", "listener");
					cJSON_AddStringToObject(jr, "reason", rx.reason);
				} else if (d.rule) {
					cJSON_AddItemToObject(jc, "rule", cmd_rule_json(d.rule));
				} else {
					cJSON_AddNullToObject(jc, "rule");
				}
				free(rx.reason);
				continue;
			}
			printf("  %-8s %-5s %-9s ", fsj_cap_name((enum fsj_cap)c),
			       d.allowed ? "allow" : "deny", fsj_level_name(d.level));
			if (rx.rule)
				printf("listener '%s' [%s]", rx.rule->id, rx.reason);
			else if (d.rule)
				fsj_rule_print(stdout, d.rule);
			else
				printf("nothing grants it");
			if (!enforced)
				printf(" (not enforced at tier %s)", fsj_tier_name((enum fsj_tier)tier));
			printf("%s%s\n", off ? ", but " : "", off ? off : "");
			free(rx.reason);
		}
		cleanup_free char *note = listener ? repoexplain_note(ctx.workspace, resolved) : NULL;
		if (note && json)
			cJSON_AddStringToObject(jp, "note", note);
		else if (note)
			printf("  note: %s\n", note);
		free(norm);
		free(resolved);
	}
	if (json) {
		char *s = cJSON_Print(jroot);
		printf("%s\n", s);
		cJSON_free(s);
		cJSON_Delete(jroot);
	} else {
		printf("tier %s, mode %s, workspace %s\n", fsj_tier_name((enum fsj_tier)tier),
		       fsj_mode_name(ctx.mode), ctx.workspace);
	}
	policy_free(pol);
	fsj_ctx_release(&ctx);
	return status;
}
