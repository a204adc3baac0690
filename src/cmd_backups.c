/* cmd_backups.c - `fsjail backups [list|show|restore|prune]`: the
 * ModifyBackup store (backup.h, backup_store.h, DESIGN.md section 9):
 * list cycles with counts, show a cycle's records, restore a cycle
 * (restore.h), prune old cycles. Every path or command line printed in
 * text mode goes through fsj_escape_term(); JSON stays exact. */
#include "json-out.h"
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
#include "backup_spare.h"
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

/* Print a JSON document on stdout and free it. */
static void put_json(cJSON *doc)
{
	fsj_json_put(doc);
	cJSON_Delete(doc);
}

/* `backups list`: one line per cycle, or with json the document
 * "fsjail-backups/1" (fsjail-json(7)). */
/* List the cycles of v; ws (not NULL): only those of that workspace. */
static int do_list(const struct backup_store_cycle *v, size_t n, bool json, const char *ws)
{
	cJSON *doc = json ? cJSON_CreateObject() : NULL, *arr = NULL;

	if (json) {
		cJSON_AddStringToObject(doc, "schema", "fsjail-backups/1");
		arr = cJSON_AddArrayToObject(doc, "cycles");
	}
	for (size_t i = 0; i < n; i++) {
		unsigned long k[MANIFEST_N_OPS] = { 0 };
		unsigned long long bytes = 0;
		cleanup_free char *commit = NULL;
		struct manifest m;
		size_t len;
		bool committed;
		int fd;

		if (cmd_backups_load(&v[i], &m, &fd) < 0)
			continue;
		if (ws && !(m.workspace && strcmp(m.workspace, ws) == 0)) {
			manifest_release(&m);
			close(fd);
			continue;
		}
		for (size_t j = 0; j < m.n; j++) {
			k[m.v[j].op]++;
			if (m.v[j].backup)
				bytes += (unsigned long long)m.v[j].size;
		}
		committed = manifest_slurp(fd, "commit.json", 1u << 20, &commit, &len) == 0;
		if (json) {
			cJSON *o = cJSON_CreateObject();

			cJSON_AddStringToObject(o, "session", v[i].session);
			cJSON_AddStringToObject(o, "cycle", v[i].name);
			cJSON_AddStringToObject(o, "kind", m.kind ? m.kind : "run");
			if (m.workspace)
				cJSON_AddStringToObject(o, "workspace", m.workspace);
			else
				cJSON_AddNullToObject(o, "workspace");
			if (m.command)
				cJSON_AddStringToObject(o, "command", m.command);
			else
				cJSON_AddNullToObject(o, "command");
			cJSON_AddNumberToObject(o, "saved", (double)k[MANIFEST_CONTENT]);
			cJSON_AddNumberToObject(o, "removed", (double)k[MANIFEST_REMOVE]);
			cJSON_AddNumberToObject(o, "created", (double)k[MANIFEST_CREATED]);
			cJSON_AddNumberToObject(o, "renamed", (double)k[MANIFEST_RENAMED]);
			cJSON_AddNumberToObject(o, "bytes", (double)bytes);
			cJSON_AddBoolToObject(o, "committed", committed);
			cJSON_AddItemToArray(arr, o);
		} else {
			cmd_backups_put(stdout, "", v[i].session);
			cmd_backups_put(stdout, "  ", v[i].name);
			printf("  %lu saved, %lu removed, %lu created, %lu renamed, %llu bytes  %s%s  ",
			       k[MANIFEST_CONTENT], k[MANIFEST_REMOVE], k[MANIFEST_CREATED],
			       k[MANIFEST_RENAMED], bytes, committed ? "committed" : "uncommitted",
			       m.kind && strcmp(m.kind, "restore") == 0 ? " restore" : "");
			cmd_backups_put(stdout, "", m.command ? m.command : "");
			putchar('\n');
		}
		manifest_release(&m);
		close(fd);
	}
	if (json)
		put_json(doc);
	return FSJ_EXIT_OK;
}

/* One manifest record as JSON (`backups show --json`). */
static cJSON *rec_json(const struct manifest_rec *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "op", manifest_op_name(r->op));
	cJSON_AddStringToObject(o, "path", r->path ? r->path : "");
	if (r->op == MANIFEST_RENAMED || r->op == MANIFEST_TRASHED)
		cJSON_AddStringToObject(o, "to", r->to ? r->to : "");
	if (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE) {
		cJSON_AddNumberToObject(o, "size", (double)r->size);
		cJSON_AddNumberToObject(o, "mode", r->mode);
		if (r->backup)
			cJSON_AddStringToObject(o, "backup", r->backup);
		else
			cJSON_AddNullToObject(o, "backup");
		cJSON_AddBoolToObject(o, "linked", r->linked);
		if (r->skipped)
			cJSON_AddStringToObject(o, "skipped", r->skipped);
		else
			cJSON_AddNullToObject(o, "skipped");
	}
	if (r->op == MANIFEST_RMDIR)
		cJSON_AddNumberToObject(o, "mode", r->mode);
	return o;
}

/* `backups show` without --cycle or --session: the newest cycle of
 * workspace ws, as list and restore take it (not the newest of every
 * workspace); -1 when it has none. */
static long newest_of_workspace(const struct backup_store_cycle *v, size_t n, const char *ws)
{
	for (size_t i = n; i-- > 0;) {
		struct manifest m;
		bool ok;
		int fd;

		if (cmd_backups_load(&v[i], &m, &fd) < 0) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		ok = m.workspace && strcmp(m.workspace, ws) == 0;
		manifest_release(&m);
		close(fd);
		if (ok)
			return (long)i;
	}
	return -1;
}

/* `backups show`: the cycle's records, or with json the document
 * "fsjail-backups-show/1" (fsjail-json(7)). */
static int do_show(const struct backup_store_cycle *c, bool json)
{
	struct manifest m;
	int fd;

	if (cmd_backups_load(c, &m, &fd) < 0)
		return FSJ_EXIT_ERROR;
	if (json) {
		cJSON *doc = cJSON_CreateObject(), *arr;

		cJSON_AddStringToObject(doc, "schema", "fsjail-backups-show/1");
		cJSON_AddStringToObject(doc, "session", c->session);
		cJSON_AddStringToObject(doc, "cycle", c->name);
		arr = cJSON_AddArrayToObject(doc, "records");
		for (size_t i = 0; i < m.n; i++)
			if (m.v[i].op != MANIFEST_CYCLE)
				cJSON_AddItemToArray(arr, rec_json(&m.v[i]));
		put_json(doc);
		manifest_release(&m);
		close(fd);
		return FSJ_EXIT_OK;
	}
	cmd_backups_put(stdout, "cycle ", c->name);
	cmd_backups_put(stdout, " (session ", c->session);
	fputs(")\n", stdout);
	for (size_t i = 0; i < m.n; i++) {
		const struct manifest_rec *r = &m.v[i];

		if (r->op == MANIFEST_CREATING || r->op == MANIFEST_CANCEL)
			continue; /* a create's write-ahead half: "created" says it */
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
		case MANIFEST_TRASHED:
			cmd_backups_put(stdout, "  kept in the trash as ", r->to);
			putchar('\n');
			break;
		case MANIFEST_CYCLE:
		case MANIFEST_CREATING:
		case MANIFEST_CANCEL:
		case MANIFEST_N_OPS:
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
		fprintf(stderr, "fsjail: backups %s: unexpected argument '%s' (paths go with "
				"restore)\n", action, argv[optind]);
		return FSJ_EXIT_ERROR;
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
	if (!ctx.workspace && !cycle_arg && !session && !npaths && strcmp(action, "restore") == 0) {
		fputs("fsjail: backups: no workspace here to restore (the current directory is not "
		      "one)\nhint: run it inside the workspace, or give --workspace DIR, --session ID, "
		      "--cycle NAME or the paths to restore\n",
		      stderr);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (cycle_arg || strcmp(action, "restore") == 0) {
		ci = cmd_backups_pick(v, n, cycle_arg, session, ctx.workspace, paths, npaths);
		/* user12: the paths named decide when the folder restore runs
		 * in (a workspace of its own: /tmp, another project) has no
		 * cycle touching them, as from a folder that is no workspace */
		if (ci < 0 && !cycle_arg && !session && npaths && ctx.workspace)
			ci = cmd_backups_pick(v, n, NULL, NULL, NULL, paths, npaths);
	} else if (n && strcmp(action, "show") == 0 && !session && ctx.workspace)
		ci = newest_of_workspace(v, n, ctx.workspace);
	else if (n)
		ci = (long)n - 1;
	if (n == 0 && !cycle_arg && !session &&
	    (strcmp(action, "list") == 0 || strcmp(action, "show") == 0)) {
		/* nothing saved yet is an answer, not an error */
		fprintf(stderr, "fsjail: backups: no backup cycles yet (%s/sessions)\n",
			ctx.env.state_dir);
		status = FSJ_EXIT_OK;
	} else if (cycle_arg && ci < 0) {
		cmd_backups_put(stderr, "fsjail: backups: no cycle '", cycle_arg);
		fputs("'\n", stderr);
		status = FSJ_EXIT_ERROR;
	} else if (strcmp(action, "list") == 0) {
		status = cycle_arg ? do_list(&v[ci], 1, json, NULL)
				   : do_list(v, n, json, session ? NULL : ctx.workspace);
	} else if (ci < 0 && strcmp(action, "show") == 0 && !session && ctx.workspace) {
		/* as list: nothing saved here yet is an answer, not an error */
		cmd_backups_put(stderr, "fsjail: backups: no backup cycle of workspace ",
				ctx.workspace);
		fputc('\n', stderr);
		status = FSJ_EXIT_OK;
	} else if (ci < 0 && !session && npaths) {
		fputs("fsjail: backups: no backup cycle touches", stderr);
		for (size_t k = 0; k < npaths; k++)
			cmd_backups_put(stderr, " ", paths[k]);
		fputc('\n', stderr);
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
		status = do_show(&v[ci], json);
	} else {
		status = cmd_backups_restore(&ctx, v, n, (size_t)ci, paths, npaths, dry, json);
	}
out:
	for (size_t k = 0; k < npaths; k++)
		free(paths[k]);
	free(paths);
	backup_store_free(v, n);
	fsj_ctx_release(&ctx);
	return status;
}
