/* cmd_explain.c - `fsjail explain`: for each path and capability, the
 * decision and the level and rule (or baseline entry) that made it. The
 * JSON form is libfsjail's (fsjail_explain(), fsjail-json.c). */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "escape.h"
#include "explain-notes.h"
#include "explain-why.h"
#include "fsjail-int.h"
#include "inforce.h"
#include "path.h"
#include "policy.h"
#include "repoexplain.h"

int cmd_explain(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		CMD_SESSION_LONGOPTS,
		CMD_PLATFORM_LONGOPT,
		CMD_QUIET_LONGOPT,
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
		case CMD_OPT_QUIET:
			cmd_quiet = true;
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
	cmd_note_hold = true; /* said below only if a read or execute refusal depends on the tier */
	path_resolve_memo(PATH_MEMO_ON); /* through the plan's compile: explain changes nothing */
	if (cmd_load_policy("explain", &opts, tier_arg, NULL, &ctx, &tier, &pol) != 0) {
		cmd_note_release(true);
		return FSJ_EXIT_ERROR;
	}
	bool tier_matters = false, have_plan = false;
	struct ll_plan plan = { 0 };

	/* the seccomp listener's repository rules (repoexplain.h) */
	bool listener = fsjail_explain_listener(&ctx, pol);
	cJSON *jroot = json ? fsjail_json_explain(&ctx, tier) : NULL;

	for (int i = optind; i < argc; i++) {
		char *norm = NULL, *resolved;
		struct explain_why why = { 0 }; /* the notes of the entries that refuse */
		int e = path_normalize(argv[i], strlen(argv[i]), ctx.env.home, ctx.env.cwd, &norm);

		if (e != PATH_OK) {
			fprintf(stderr, "fsjail: '%s': %s\n", argv[i], path_strerror(e));
			status = FSJ_EXIT_ERROR;
			continue;
		}
		resolved = fsj_platform_resolve(ctx.env.platform, ctx.env.foreign, norm);
		if (json) {
			fsjail_json_explain_path(jroot, &ctx, pol, argv[i], norm, resolved);
			free(norm);
			free(resolved);
			continue;
		}
		/* a path from a refusal is the command's: escaped (escape.h) */
		fsj_put_term(stdout, norm);
		putchar('\n');
		if (strcmp(norm, resolved) != 0) {
			fputs("  resolved: ", stdout);
			fsj_put_term(stdout, resolved);
			putchar('\n');
		}
		for (int c = 0; c < FSJ_CAP_COUNT; c++) {
			struct fsj_decision d;
			struct repoexplain rx = { 0 };
			cleanup_free char *off = NULL;

			fsjail_explain_decide(&ctx, pol, listener, norm, resolved, (enum fsj_cap)c,
					      &d, &rx, &off);
			explain_why_add(&why, &d);
			tier_matters |= !d.allowed && !(fsj_tier_enforced(FSJ_TIER_WRITES) & FSJ_CAPBIT(c));
			printf("  %-8s %-5s %-9s ", fsj_cap_name((enum fsj_cap)c),
			       d.allowed ? "allow" : "deny", fsj_level_name(d.level));
			if (rx.rule) {
				fputs("listener '", stdout);
				fsj_put_term(stdout, rx.rule->id);
				fputs("' [", stdout);
				fsj_put_term(stdout, rx.reason);
				putchar(']');
			} else if (d.rule)
				fsj_rule_print(stdout, d.rule);
			else
				printf("nothing grants it");
			if (!(pol->enforced & FSJ_CAPBIT(c)))
				printf(" (not enforced at tier %s)", fsj_tier_name((enum fsj_tier)tier));
			if (off) {
				fputs(", but ", stdout);
				fsj_put_term(stdout, off);
			}
			putchar('\n');
			free(rx.reason);
		}
		explain_notes_print(&why, &ctx, pol, listener, &plan, &have_plan, norm, resolved);
		free(norm);
		free(resolved);
	}
	cmd_note_release(json || tier_matters);
	if (json) {
		fsj_json_put(jroot);
		cJSON_Delete(jroot);
	} else {
		printf("tier %s, mode %s, workspace ", fsj_tier_name((enum fsj_tier)tier),
		       fsj_mode_name(ctx.mode));
		fsj_put_term(stdout, ctx.workspace);
		putchar('\n');
	}
	path_resolve_memo(PATH_MEMO_OFF);
	if (have_plan)
		ll_plan_release(&plan);
	policy_free(pol);
	fsj_ctx_release(&ctx);
	return status;
}
