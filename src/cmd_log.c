/* cmd_log.c - `fsjail log`: render the audit log (DESIGN.md section 10),
 * one escaped decision per line, or the NDJSON lines themselves with
 * --json; whole, or from its end with --tail N; of one session
 * (--session) or of one workspace's runs (--workspace) (audit-text.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "audit-text.h"
#include "cmd.h"

int cmd_log(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "session", required_argument, NULL, CMD_OPT_SESSION },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ "tail", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	struct audit_view v = { 0 };
	unsigned long tail = 0;
	char *path, *end;
	struct stat st;
	int opt, rc, fd;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_SESSION:
			v.session = optarg;
			break;
		case CMD_OPT_JSON:
			v.json = true;
			break;
		case 't':
			errno = 0;
			tail = strtoul(optarg, &end, 10);
			if (errno || *end || !*optarg || optarg[0] == '-') {
				fprintf(stderr, "fsjail: log: bad --tail '%s'\n", optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "log");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("log", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fsjail: log: unexpected argument '%s'\n", argv[optind]);
		cmd_usage(stderr, "log");
		return FSJ_EXIT_ERROR;
	}
	/* the log is found from the config alone (audit.path) */
	if (cmd_refuse_common("log", &opts,
			      CMD_COMMON_RULES | CMD_COMMON_MODE |
				      CMD_COMMON_ENFORCE) < 0)
		return FSJ_EXIT_ERROR;
	if (cmd_load_state(&opts, &ctx, "log", &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	path = audit_path(&ctx);
	if (opts.workspace && !ctx.workspace) {
		fprintf(stderr, "fsjail: log: no workspace '%s': %s\n", opts.workspace,
			ctx.workspace_error ? ctx.workspace_error : "none");
		free(path);
		fsj_ctx_release(&ctx);
		return FSJ_EXIT_ERROR;
	}
	cleanup_free char *ws = opts.workspace ? xstrdup(ctx.workspace) : NULL;
	v.workspace = ws;
	fsj_ctx_release(&ctx);
	/* O_NONBLOCK|O_NOFOLLOW, then the type: a FIFO or a symlink planted
	 * at the log's path must not hang or redirect the reader */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		fprintf(stderr, "fsjail: log: no audit records yet (%s)\n", path);
		free(path);
		return FSJ_EXIT_OK; /* nothing decided yet */
	}
	if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
		errno = EINVAL;
	}
	rc = fd < 0 ? -1 : audit_view_show(&v, fd, st.st_size, tail);
	if (rc < 0) {
		fprintf(stderr, "fsjail: cannot read the audit log '%s': %s\n", path,
			errno == EINVAL ? "not a regular file" : strerror(errno));
		if (fd >= 0)
			close(fd);
		free(path);
		return FSJ_EXIT_ERROR;
	}
	close(fd);
	free(path);
	if (v.bad)
		fprintf(stderr, "fsjail: warning: %zu audit line(s) are not JSON\n", v.bad);
	return FSJ_EXIT_OK;
}
