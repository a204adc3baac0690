/* cmd_compile.c - `fsjail compile`: print the Seatbelt profile and its
 * parameters, or a readable dump of the Landlock ruleset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "fsjail-int.h"
#include "path.h"
#include "sandbox.h"

int cmd_compile(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		CMD_PLATFORM_LONGOPT,
		CMD_QUIET_LONGOPT,
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
	char note[FSJAIL_NOTE_MAX];
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
		case CMD_OPT_QUIET:
			cmd_quiet = true;
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
	/* libfsjail's fsjail_compile() writes the same text; the load and the
	 * compiler only read, so each path is looked up once, as in run */
	path_resolve_memo(PATH_MEMO_ON);
	if (cmd_load_policy("compile", &opts, tier_arg, network_arg, &ctx, &tier, &pol) != 0)
		return FSJ_EXIT_ERROR;
	if (backend < 0)
		backend = ctx.env.platform == FSJ_PLATFORM_DARWIN ? FSJ_BACKEND_SEATBELT
								  : FSJ_BACKEND_LANDLOCK;
	if (fsjail_compile_write(&ctx, pol, tier, (enum fsj_backend)backend, stdout, note,
				 &err) < 0) {
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
	}
	path_resolve_memo(PATH_MEMO_OFF);
	cmd_note(note);
	policy_free(pol);
	fsj_ctx_release(&ctx);
	return status;
}
