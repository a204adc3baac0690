/* cmd_check.c - `fsjail check`: what a command line will do to the
 * filesystem (DESIGN.md section 11), each effect decided against the
 * policy, and one overall answer a harness can act on before running it:
 * allow, prompt (with the missing (path, capability) pairs) or refuse.
 *
 * Exit status: 0 allow, 3 prompt, 4 refuse, 125 error (nothing checked).
 *
 * --json prints one object (schema "fsjail-check/1"):
 *   { "schema", "line", "cwd", "tier", "mode", "workspace",
 *     "overall": "allow"|"prompt"|"refuse", "complete": bool,
 *     "effects": [ { "capability": "read"|...|"any", "path": str|null,
 *                    "resolved": str, "status": "resolved"|"unresolved"|"opaque"|
 *                              "not-found" (a program not on PATH: path null),
 *                    "program": str|null, "text": str, "start", "end",
 *                    "decision": "allowed"|"missing"|"refused",
 *                    "level": "protected"|"explicit"|"baseline"|"default",
 *                    "rule": {source, id?, path, resolved, recursive, origin?}|null,
 *                    "reason": str (only where the policy's allow does not
 *                              hold in a run: listener, grant not in force),
 *                    "held_by_tier": bool, "recursive": bool } ],
 *     "missing": [ { "path", "capability" } ] }
 * start/end are byte offsets of the effect's source text in the line.
 *
 * --lines FILE|-: many lines in one process (check-lines.c). */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-lines.h"
#include "check-print.h"
#include "cmd.h"
#include "fsjail-int.h"
#include "effects-decide.h"
#include "escape.h"
#include "path.h"
#include "policy.h"

/* Read all of standard input (at most FSJ_EFFECTS_MAX_LINE bytes) into a
 * new string; NULL with errno set on failure (EFBIG when too long). */
static char *read_stdin(size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];

	for (;;) {
		ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			sb_release(&sb);
			return NULL;
		}
		if (n == 0)
			break;
		sb_add(&sb, buf, (size_t)n);
		if (sb.len > FSJ_EFFECTS_MAX_LINE) {
			sb_release(&sb);
			errno = EFBIG;
			return NULL;
		}
	}
	*len = sb.len;
	return sb_detach(&sb);
}

int cmd_check_one(const struct fsj_ctx_opts *opts, const char *tier_arg, const char *cwd_arg,
		  const char *line, size_t len, enum check_out out)
{
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	struct fsj_policy *pol = NULL;
	struct fsj_effects fx;
	struct fsj_check chk;
	struct effects_opts eo = { 0 };
	cleanup_free char *cwd = NULL;
	int tier, status;

	if (cmd_load_policy("check", opts, tier_arg, NULL, &ctx, &tier, &pol) != 0)
		return FSJ_EXIT_ERROR;
	if (cwd_arg) {
		int e = path_normalize(cwd_arg, strlen(cwd_arg), ctx.env.home, ctx.env.cwd, &cwd);
		if (e != PATH_OK) {
			/* a --lines request's cwd is data: escaped (escape.h) */
			cleanup_free char *shown = fsj_escape_term(cwd_arg);

			fprintf(stderr, "fsjail: --cwd '%s': %s\n", shown, path_strerror(e));
			policy_free(pol);
			fsj_ctx_release(&ctx);
			return FSJ_EXIT_ERROR;
		}
	} else {
		cwd = xstrdup(ctx.env.cwd);
	}
	eo.cwd = cwd;
	eo.home = ctx.env.home;
	eo.path_env = getenv("PATH");
	eo.tmpdir = getenv("TMPDIR");
	if (effects_analyze(line, len, &eo, &fx, &err) < 0) {
		cmd_print_error(&err);
		policy_free(pol);
		fsj_ctx_release(&ctx);
		return FSJ_EXIT_ERROR;
	}
	effects_decide(&fx, pol, cwd, &ctx, &chk);

	if (out == CHECK_OUT_TEXT) {
		check_print_text(stdout, (enum fsj_tier)tier, &fx, &chk);
	} else {
		cJSON *root = fsjail_json_check(line, cwd, (enum fsj_tier)tier, &ctx, &fx, &chk);
		if (out == CHECK_OUT_JSON_LINE)
			fsj_json_put_as(root, true);
		else
			fsj_json_put(root);
		cJSON_Delete(root);
	}
	switch (chk.overall) {
	case FSJ_OVERALL_ALLOW:
		status = FSJ_EXIT_OK;
		break;
	case FSJ_OVERALL_PROMPT:
		status = CMD_EXIT_PROMPT;
		break;
	case FSJ_OVERALL_REFUSE:
	default:
		status = CMD_EXIT_REFUSE;
		break;
	}
	fsj_check_release(&chk);
	effects_release(&fx);
	policy_free(pol);
	fsj_ctx_release(&ctx);
	return status;
}

int cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		CMD_SESSION_LONGOPTS,
		CMD_PLATFORM_LONGOPT,
		CMD_QUIET_LONGOPT,
		{ "tier", required_argument, NULL, CMD_OPT_TIER },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ "cwd", required_argument, NULL, CMD_OPT_CWD },
		{ "lines", required_argument, NULL, CMD_OPT_LINES },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	const char *tier_arg = NULL, *cwd_arg = NULL;
	const char *lines_arg = NULL;
	bool json = false;
	cleanup_free char *line = NULL;
	size_t len = 0;
	int opt;

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
		case CMD_OPT_CWD:
			cwd_arg = optarg;
			break;
		case CMD_OPT_LINES:
			lines_arg = optarg;
			break;
		case CMD_OPT_QUIET:
			cmd_quiet = true;
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "check");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("check", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	if (lines_arg) {
		if (optind < argc) {
			fprintf(stderr, "fsjail: check: --lines reads the command lines from '%s': "
					"give no other\n", lines_arg);
			return FSJ_EXIT_ERROR;
		}
		return check_lines(lines_arg, &opts, tier_arg, cwd_arg, json);
	}
	if (optind >= argc) {
		fprintf(stderr, "fsjail: check: no command line given\n");
		cmd_usage(stderr, "check");
		return FSJ_EXIT_ERROR;
	}
	if (argc - optind > 1) {
		fprintf(stderr, "fsjail: check: give the command line as one argument\n"
				"hint: fsjail check -- 'rm -rf build && make'\n");
		return FSJ_EXIT_ERROR;
	}
	if (strcmp(argv[optind], "-") == 0) {
		line = read_stdin(&len);
		if (!line) {
			fprintf(stderr, "fsjail: check: cannot read the command line from standard "
					"input: %s\n",
				errno == EFBIG ? "too long" : strerror(errno));
			return FSJ_EXIT_ERROR;
		}
	} else {
		line = xstrdup(argv[optind]);
		len = strlen(line);
	}

	return cmd_check_one(&opts, tier_arg, cwd_arg, line, len,
			     json ? CHECK_OUT_JSON : CHECK_OUT_TEXT);
}
