/* cmd_backups.c - `fsjail backups [list|show|restore|prune]`: the
 * ModifyBackup store (backup.h, backup_store.h, DESIGN.md section 9):
 * list cycles with counts and show a cycle's records (cmd_backups_view.c),
 * restore a cycle (restore.h), prune old cycles. Every path or command line
 * printed in text mode goes through fsj_escape_term(); JSON stays exact. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup.h"
#include "backup_spare_sweep.h"
#include "backup_store.h"
#include "cmd.h"
#include "cmd_backups.h"
#include "cmd_backups_none.h"
#include "cmd_backups_id.h"
#include "cmd_backups_lastrun.h"
#include "cmd_backups_view.h"
#include "cmd_restore_paths.h"
#include "escape.h"
#include "manifest.h"
#include "path.h"
#include "restore.h"
#include "util.h"

enum {
	OPT_SESSION = 0x380,
	OPT_CYCLE,
	OPT_DRY_RUN,
	OPT_OLDER,
	OPT_MAX_SIZE
};

void cmd_backups_put(FILE *f, const char *fmt_before, const char *s)
{
	cleanup_free char *e = fsj_escape_term(s);

	fprintf(f, "%s%s", fmt_before, e);
}

int cmd_backups_load(const struct backup_store_cycle *c, struct manifest *m, int *fd)
{
	cleanup_free char *disp = xasprintf("%s/manifest.ndjson", c->dir);
	struct fsj_error err = { { 0 } };

	memset(m, 0, sizeof(*m));
	*fd = backup_store_open(c);
	if (*fd < 0) {
		cmd_backups_put(stderr, "fsjail: backups: cannot open cycle ", c->dir);
		fprintf(stderr, ": %s\n", strerror(errno));
		return -1;
	}
	if (manifest_read(*fd, disp, m, &err) < 0) {
		cmd_print_error(&err);
		return -1;
	}
	if (m->problems.buf)
		cmd_backups_put(stderr, "", m->problems.buf);
	return 0;
}

static int do_prune(const struct fsj_ctx *ctx, const struct backup_store_cycle *v, size_t n,
		    long days, long max_mb, bool dry)
{
	unsigned long ddays, dmb;

	backup_store_limits(&ctx->config, &ddays, &dmb);
	days = days < 0 ? (long)ddays : days;
	max_mb = max_mb < 0 ? (long)dmb : max_mb;
	if (!dry) /* what a killed run left hidden (backup_spare.h) */
		backup_spare_sweep(ctx->env.state_dir);
	return backup_store_prune(v, n, (unsigned long)days, (unsigned long)max_mb, n, dry, stdout,
				  NULL)
		       ? FSJ_EXIT_ERROR
		       : FSJ_EXIT_OK;
}

int cmd_backups(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "session", required_argument, NULL, OPT_SESSION },
		{ "cycle", required_argument, NULL, OPT_CYCLE },
		{ "force", no_argument, NULL, CMD_OPT_FORCE },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ "older-than", required_argument, NULL, OPT_OLDER },
		{ "max-size", required_argument, NULL, OPT_MAX_SIZE },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const actions[] = { "list", "show", "restore", "prune" };
	/* the options each action uses (bits: 1 << (opt - OPT_SESSION), and
	 * FORCE_BIT, JSON_BIT); any other is refused, not ignored */
	enum { FORCE_BIT = 1 << 8, JSON_BIT = 1 << 9 };
	static const unsigned uses[] = {
		[0] = 1 << 0 | 1 << 1 | JSON_BIT,                               /* list */
		[1] = 1 << 0 | 1 << 1 | JSON_BIT,                               /* show */
		[2] = 1 << 0 | 1 << 1 | 1 << 2 | FORCE_BIT | JSON_BIT,          /* restore */
		[3] = 1 << 0 | 1 << 2 | 1 << 3 | 1 << 4,                        /* prune */
	};
	static const char *const bit_names[10] = { "--session", "--cycle", "--dry-run",
						   "--older-than", "--max-size", [8] = "--force",
						   [9] = "--json" };
	unsigned given = 0;
	size_t ai = 0;
	struct fsj_ctx_opts opts = { 0 };
	struct fsj_error err = { { 0 } };
	const char *session = NULL, *cycle_arg = NULL, *action = "list", *scope = NULL;
	char **paths = NULL;
	bool dry = false, json = false;
	long days = -1, max_mb = -1, ci = -1;
	struct backup_store_cycle *v = NULL;
	struct fsj_ctx ctx;
	size_t n = 0, npaths = 0;
	int opt, status = FSJ_EXIT_OK;

	for (size_t i = 0; argc > 1 && i < sizeof(actions) / sizeof(actions[0]); i++)
		if (strcmp(argv[1], actions[i]) == 0) {
			action = actions[i];
			ai = i;
			argv++;
			argc--;
			break;
		}
	if (argc > 1 && argv[1][0] != '-' && action == actions[0] && strcmp(argv[1], "list")) {
		cmd_backups_put(stderr, "fsjail: backups: unknown action '", argv[1]);
		fputs("' (list, show, restore or prune)\n", stderr);
		return FSJ_EXIT_ERROR;
	}
	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		if (opt >= OPT_SESSION && opt <= OPT_MAX_SIZE)
			given |= 1u << (opt - OPT_SESSION);
		else if (opt == CMD_OPT_FORCE || opt == CMD_OPT_JSON)
			given |= opt == CMD_OPT_FORCE ? FORCE_BIT : JSON_BIT;
		switch (opt) {
		case OPT_SESSION:
			session = optarg;
			break;
		case OPT_CYCLE:
			cycle_arg = optarg;
			break;
		case CMD_OPT_FORCE: /* restore writes in place and keeps what it overwrites */
			break;
		case OPT_DRY_RUN:
			dry = true;
			break;
		case CMD_OPT_JSON:
			json = true;
			break;
		case OPT_OLDER:
		case OPT_MAX_SIZE: {
			char *end;

			errno = 0;
			*(opt == OPT_OLDER ? &days : &max_mb) = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || *optarg == '-') {
				fprintf(stderr, "fsjail: backups: %s '%s' is not a number\n",
					opt == OPT_OLDER ? "--older-than" : "--max-size", optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		}
		case CMD_OPT_HELP:
			cmd_usage(stdout, "backups");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("backups", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	/* the store is found from the config and the workspace alone */
	if (cmd_refuse_common("backups", &opts,
			      CMD_COMMON_RULES | CMD_COMMON_MODE | CMD_COMMON_ENFORCE) < 0)
		return FSJ_EXIT_ERROR;
	if (given & ~uses[ai]) {
		for (unsigned b = 0; b < 10; b++)
			if ((given & ~uses[ai]) & (1u << b)) {
				fprintf(stderr, "fsjail: backups %s: %s does not apply to %s "
						"(see 'fsjail backups --help')\n", action,
					bit_names[b], action);
				break;
			}
		return FSJ_EXIT_ERROR;
	}
	if (optind < argc && ai != 2) {
		cmd_backups_id_unexpected(action, argv[optind]);
		return FSJ_EXIT_ERROR;
	}
	if (cmd_load_state(&opts, &ctx, "backups", &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	npaths = (size_t)(argc - optind);
	paths = xcalloc(npaths + 1, sizeof(*paths));
	for (size_t k = 0; k < npaths; k++) {
		if (path_normalize(argv[optind + k], strlen(argv[optind + k]), ctx.env.home,
				   ctx.env.cwd, &paths[k]) != PATH_OK) {
			cmd_backups_put(stderr, "fsjail: backups: bad path '", argv[optind + k]);
			fputs("'\n", stderr);
			status = FSJ_EXIT_ERROR;
			goto out;
		}
	}
	v = backup_store_list(ctx.env.state_dir, session, &n);
	if (strcmp(action, "prune") == 0) {
		status = do_prune(&ctx, v, n, days, max_mb, dry);
		goto out;
	}
	if (!ctx.workspace && !cycle_arg && !session && !npaths && strcmp(action, "restore") == 0) {
		fputs("fsjail: backups: no workspace here to restore (the current directory is not "
		      "one)\nhint: run it inside the workspace, or give --workspace DIR, --session ID, "
		      "--cycle NAME or the paths to restore\n",
		      stderr);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (cycle_arg || strcmp(action, "restore") == 0) {
		ci = cmd_backups_pick(v, n, cycle_arg, session, (scope = ctx.workspace), paths,
				      npaths);
		/* user12: the paths named decide when the folder restore runs
		 * in (a workspace of its own: /tmp, another project) has no
		 * cycle touching them, as from a folder that is no workspace */
		if (ci < 0 && !cycle_arg && !session && npaths && ctx.workspace)
			ci = cmd_backups_pick(v, n, NULL, NULL, (scope = NULL), paths, npaths);
	} else if (n && strcmp(action, "show") == 0 && !session && ctx.workspace)
		ci = cmd_backups_newest(v, n, ctx.workspace);
	else if (n)
		ci = (long)n - 1;
	if (n == 0 && !cycle_arg && !session && !json &&
	    (strcmp(action, "list") == 0 || strcmp(action, "show") == 0)) {
		/* nothing saved yet is an answer, not an error (--json: the empty document) */
		fprintf(stderr, "fsjail: backups: no backup cycles yet (%s/sessions)\n",
			ctx.env.state_dir);
		status = FSJ_EXIT_OK;
	} else if (cycle_arg && ci < 0) {
		cmd_backups_put(stderr, "fsjail: backups: no cycle '", cycle_arg);
		fputs("'\n", stderr);
		status = FSJ_EXIT_ERROR;
	} else if (strcmp(action, "list") == 0) {
		status = cycle_arg ? cmd_backups_list(&v[ci], 1, json, NULL)
				   : cmd_backups_list(v, n, json, session ? NULL : ctx.workspace);
	} else if (ci < 0 && strcmp(action, "show") == 0 && !session && (ctx.workspace || n == 0)) {
		/* as list: nothing saved here yet is an answer, not an error */
		status = cmd_backups_show_none(json, ctx.workspace);
	} else if (ci < 0 && !session && npaths) {
		cmd_backups_none_touch(argc, argv, optind, paths, npaths);
		status = FSJ_EXIT_ERROR;
	} else if (ci < 0 && !session && ctx.workspace) {
		cmd_backups_put(stderr, "fsjail: backups: no backup cycle of workspace ",
				ctx.workspace);
		fputc('\n', stderr);
		status = FSJ_EXIT_ERROR;
	} else if (ci < 0) {
		fprintf(stderr, "fsjail: backups: no backup cycle%s\n",
			session ? " in that session" : " of this workspace");
		status = FSJ_EXIT_ERROR;
	} else if (strcmp(action, "show") == 0) {
		status = cmd_backups_show(&v[ci], json);
	} else {
		cmd_backups_note_later_run(&ctx, v, n, (size_t)ci, !npaths && !cycle_arg && !session);
		status = npaths ? cmd_backups_restore_paths(&ctx, v, n, (size_t)ci, cycle_arg, session,
							   scope, paths, npaths, dry, json)
				: cmd_backups_restore(&ctx, v, n, (size_t)ci, NULL, 0, dry, json, NULL);
	}
out:
	for (size_t k = 0; k < npaths; k++)
		free(paths[k]);
	free(paths);
	backup_store_free(v, n);
	fsj_ctx_release(&ctx);
	return status;
}
