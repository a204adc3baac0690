/* cmd_backups.c - `fsjail backups [list|show|restore|prune]`: the
 * ModifyBackup store (backup.h, backup_store.h, DESIGN.md section 9):
 * list cycles with counts, show a cycle's records, restore a cycle
 * (restore.h), prune old cycles. Every path or command line printed in
 * text mode goes through fsj_escape_term(); JSON stays exact. */
#include "config.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup.h"
#include "backup_store.h"
#include "cmd.h"
#include "cmd_backups.h"
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

static int do_list(const struct backup_store_cycle *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned long k[MANIFEST_SPECIAL + 1] = { 0 };
		unsigned long long bytes = 0;
		cleanup_free char *commit = NULL;
		struct manifest m;
		size_t len;
		int fd;

		if (cmd_backups_load(&v[i], &m, &fd) < 0)
			continue;
		for (size_t j = 0; j < m.n; j++) {
			k[m.v[j].op]++;
			if (m.v[j].backup)
				bytes += (unsigned long long)m.v[j].size;
		}
		cmd_backups_put(stdout, "", v[i].session);
		cmd_backups_put(stdout, "  ", v[i].name);
		printf("  %lu saved, %lu removed, %lu created, %lu renamed, %llu bytes  %s%s  ",
		       k[MANIFEST_CONTENT], k[MANIFEST_REMOVE], k[MANIFEST_CREATED],
		       k[MANIFEST_RENAMED], bytes,
		       manifest_slurp(fd, "commit.json", 1u << 20, &commit, &len) == 0
			       ? "committed"
			       : "uncommitted",
		       m.kind && strcmp(m.kind, "restore") == 0 ? " restore" : "");
		cmd_backups_put(stdout, "", m.command ? m.command : "");
		putchar('\n');
		manifest_release(&m);
		close(fd);
	}
	return FSJ_EXIT_OK;
}

static int do_show(const struct backup_store_cycle *c)
{
	struct manifest m;
	int fd;

	if (cmd_backups_load(c, &m, &fd) < 0)
		return FSJ_EXIT_ERROR;
	cmd_backups_put(stdout, "cycle ", c->name);
	cmd_backups_put(stdout, " (session ", c->session);
	fputs(")\n", stdout);
	for (size_t i = 0; i < m.n; i++) {
		const struct manifest_rec *r = &m.v[i];

		cmd_backups_put(stdout, "", r->path);
		switch (r->op) {
		case MANIFEST_CONTENT:
		case MANIFEST_REMOVE:
			printf("  %ssize %lld  mode %04o  ",
			       r->op == MANIFEST_REMOVE ? "removed  " : "", r->size, r->mode);
			if (r->backup)
				printf("backup files/%s%s\n", r->backup,
				       r->linked ? " (link)" : "");
			else
				cmd_backups_put(stdout,
						"skipped: ", r->skipped ? r->skipped : "?\n");
			if (!r->backup && r->skipped)
				putchar('\n');
			break;
		case MANIFEST_CREATED:
			printf("  created by the run\n");
			break;
		case MANIFEST_RENAMED:
			cmd_backups_put(stdout, "  renamed to ", r->to);
			putchar('\n');
			break;
		case MANIFEST_NAME:
			printf("  another name of a saved file\n");
			break;
		case MANIFEST_RMDIR:
			printf("  folder removed  mode %04o\n", r->mode);
			break;
		case MANIFEST_META:
			printf("  mode, owner or times changed (was mode %04o)\n", r->mode);
			break;
		case MANIFEST_SPECIAL:
			if (r->target)
				cmd_backups_put(stdout, "  symlink removed, to ", r->target);
			else
				printf("  FIFO removed  mode %04o", r->mode);
			putchar('\n');
			break;
		case MANIFEST_CYCLE:
			putchar('\n');
			break;
		}
	}
	manifest_release(&m);
	close(fd);
	return FSJ_EXIT_OK;
}

static int do_prune(const struct fsj_ctx *ctx, const struct backup_store_cycle *v, size_t n,
		    long days, long max_mb, bool dry)
{
	unsigned long ddays, dmb;

	backup_store_limits(&ctx->config, &ddays, &dmb);
	if (days < 0)
		days = (long)ddays;
	if (max_mb < 0)
		max_mb = (long)dmb;
	return backup_store_prune(v, n, (unsigned long)days, (unsigned long)max_mb, n, dry, stdout)
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
	struct fsj_ctx_opts opts = { 0 };
	struct fsj_error err = { { 0 } };
	const char *session = NULL, *cycle_arg = NULL, *action = "list";
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
			argv++;
			argc--;
			break;
		}
	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
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
		case OPT_MAX_SIZE:
			*(opt == OPT_OLDER ? &days : &max_mb) = strtol(optarg, NULL, 10);
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "backups");
			return FSJ_EXIT_OK;
		default:
			cmd_usage(stderr, "backups");
			return FSJ_EXIT_ERROR;
		}
	}
	if (fsj_ctx_load(&opts, &ctx, &err) < 0) {
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
	if (cycle_arg || strcmp(action, "restore") == 0)
		ci = cmd_backups_pick(v, n, cycle_arg, session, ctx.workspace, paths, npaths);
	else if (n)
		ci = (long)n - 1;
	if (cycle_arg && ci < 0) {
		cmd_backups_put(stderr, "fsjail: backups: no cycle '", cycle_arg);
		fputs("'\n", stderr);
		status = FSJ_EXIT_ERROR;
	} else if (strcmp(action, "list") == 0) {
		status = cycle_arg ? do_list(&v[ci], 1) : do_list(v, n);
	} else if (ci < 0) {
		fprintf(stderr, "fsjail: backups: no backup cycle%s\n",
			session ? " in that session" : " of this workspace");
		status = FSJ_EXIT_ERROR;
	} else if (strcmp(action, "show") == 0) {
		status = do_show(&v[ci]);
	} else {
		status = cmd_backups_restore(&ctx, &v[ci], paths, npaths, dry, json);
	}
out:
	for (size_t k = 0; k < npaths; k++)
		free(paths[k]);
	free(paths);
	backup_store_free(v, n);
	fsj_ctx_release(&ctx);
	return status;
}
