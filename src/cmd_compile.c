/* cmd_compile.c - `fsjail compile`: print the Seatbelt profile and its
 * parameters, or a readable dump of the Landlock ruleset. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "landlock.h"
#include "sandbox-linux.h"
#include "sandbox.h"
#include "sbpl.h"

/* Newest Landlock ABI fsjail knows; `compile` uses it when the running
 * kernel has no Landlock, so a profile can be inspected anywhere. */
#define FSJ_LANDLOCK_ABI_NEWEST 7

static void print_sbpl(const struct sbpl_profile *p)
{
	struct strbuf sb = STRBUF_INIT;

	fputs(p->text, stdout);
	printf("\n;; parameters (passed as sandbox-exec -D NAME=VALUE; values shown JSON-escaped)\n");
	for (size_t i = 0; i < p->n_params; i++) {
		sb_add_json_string(&sb, p->param_values[i]);
		printf(";; %s=\"%s\"\n", p->param_names[i], sb.buf ? sb.buf : "");
		sb_release(&sb);
	}
}

/* What `fsjail run` lays around the ruleset in the child (sandbox-linux.h):
 * the network and noexec layers, as sandbox_prepare() works them out. */
static void print_layers(const struct ll_plan *plan, const struct ll_opts *lo)
{
	struct sandbox_linux sl;

	sandbox_linux_prepare(plan, lo->network, lo->masks, &sl);
	printf("# layers fsjail run adds around the ruleset\n");
	sandbox_linux_dump(&sl, stdout);
	sandbox_linux_release(&sl);
}

int cmd_compile(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		CMD_PLATFORM_LONGOPT,
		{ "tier", required_argument, NULL, CMD_OPT_TIER },
		{ "backend", required_argument, NULL, CMD_OPT_BACKEND },
		{ "network", required_argument, NULL, CMD_OPT_NETWORK },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	const char *tier_arg = NULL, *network_arg = NULL;
	int backend = -1; /* --backend, else the platform's */
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	struct fsj_policy *pol = NULL;
	int opt, tier, status = FSJ_EXIT_OK;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_TIER:
			tier_arg = optarg;
			break;
		case CMD_OPT_NETWORK:
			network_arg = optarg;
			break;
		case CMD_OPT_BACKEND:
			backend = fsj_backend_parse(optarg);
			if (backend == FSJ_BACKEND_NULL) {
				fprintf(stderr, "fsjail: compile: backend 'null' confines nothing: "
						"it has no profile to print (seatbelt, landlock)\n");
				return FSJ_EXIT_ERROR;
			}
			if (backend != FSJ_BACKEND_LANDLOCK && backend != FSJ_BACKEND_SEATBELT) {
				fprintf(stderr, "fsjail: compile: unknown backend '%s' (seatbelt, landlock)\n",
					optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "compile");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("compile", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fsjail: compile: unexpected argument '%s'\n", argv[optind]);
		return FSJ_EXIT_ERROR;
	}
	if (cmd_load_policy("compile", &opts, tier_arg, network_arg, &ctx, &tier, &pol) != 0)
		return FSJ_EXIT_ERROR;
	if (backend < 0)
		backend = ctx.env.platform == FSJ_PLATFORM_DARWIN ? FSJ_BACKEND_SEATBELT
								  : FSJ_BACKEND_LANDLOCK;

	if (backend == FSJ_BACKEND_SEATBELT) {
		struct sbpl_opts so = { .network = ctx.config.network, .with_messages = true };
		struct sbpl_profile prof = { 0 };

		if (sbpl_compile(pol, &so, &prof, &err) < 0) {
			cmd_print_error(&err);
			status = FSJ_EXIT_ERROR;
		} else {
			print_sbpl(&prof);
		}
		sbpl_profile_release(&prof);
	} else {
		struct ll_opts lo = { .abi = ll_abi(), .masks = ll_masks_available(),
				      .listener = sandbox_listener_expected(NULL),
				      .network = ctx.config.network };
		struct ll_plan plan = { 0 };

		if (lo.abi == 0) {
			fprintf(stderr, "fsjail: note: landlock is not available here; "
					"compiling for ABI %d\n", FSJ_LANDLOCK_ABI_NEWEST);
			lo.abi = FSJ_LANDLOCK_ABI_NEWEST;
		}
		if (ll_compile(pol, &lo, &plan, &err) < 0) {
			cmd_print_error(&err);
			status = FSJ_EXIT_ERROR;
		} else {
			printf("# landlock ruleset: tier %s, mode %s, workspace %s\n",
			       fsj_tier_name((enum fsj_tier)tier), fsj_mode_name(ctx.mode), ctx.workspace);
			ll_plan_dump(&plan, stdout);
			print_layers(&plan, &lo);
		}
		ll_plan_release(&plan);
	}
	policy_free(pol);
	fsj_ctx_release(&ctx);
	return status;
}
