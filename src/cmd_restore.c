/* cmd_restore.c - `fsjail backups restore` (cmd_backups.c parses the
 * command line): which cycle, the restore itself (restore.h), and what is
 * printed: text with every path escaped (fsj_escape_term()), or one JSON
 * object with "schema": "fsjail-restore/1"; progress on a terminal when
 * it takes more than a second. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "json-out.h"
#include "backup.h"
#include "cmd.h"
#include "cmd_backups.h"
#include "cmd_restore_paths.h"
#include "manifest.h"
#include "path.h"
#include "restore-group.h"
#include "restore-remade.h"
#include "restore.h"
#include "restore-text.h"
#include "util.h"

struct progress {
	struct timespec start;
	bool shown;
};

static void progress(size_t done, size_t total, void *arg)
{
	struct progress *p = arg;
	struct timespec now;
	double secs;

	if (done % 64 && done != total)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	/* more than a second since the start, not a second boundary crossed */
	secs = (double)(now.tv_sec - p->start.tv_sec) +
	       (double)(now.tv_nsec - p->start.tv_nsec) / 1e9;
	if (secs < 1.0)
		return;
	fprintf(stderr, "\rfsjail: restoring %zu/%zu", done, total);
	p->shown = true;
}

/* The cycles of g (indexes into v) loaded into m and fd (each -1 or open),
 * each checked: not still being written, not being restored (locked
 * unless dry), no invalid record. 0, or -1 (said on stderr). */
static int load_group(const struct backup_store_cycle *v, const size_t *g, size_t gn, bool dry,
		      struct manifest *m, int *fd)
{
	double when;

	for (size_t k = 0; k < gn; k++) {
		const struct backup_store_cycle *c = &v[g[k]];

		if (backup_store_in_use(c, &when)) {
			cmd_backups_put(stderr, "fsjail: backups: the run of cycle ", c->name);
			fputs(" is still going (or its cycle cannot be read): not restoring\n",
			      stderr);
			return -1;
		}
		if (cmd_backups_load(c, &m[k], &fd[k]) < 0)
			return -1;
		/* Two restores of one cycle at once would race each other's
		 * checks; the lock goes with the descriptor. */
		if (!dry && flock(fd[k], LOCK_EX | LOCK_NB) < 0) {
			cmd_backups_put(stderr, "fsjail: backups: cycle ", c->name);
			fputs(" is being restored by another fsjail\n", stderr);
			return -1;
		}
		if (m[k].refused) {
			fprintf(stderr,
				"fsjail: backups: cycle %s has %lu invalid record(s): not restoring "
				"from it\n",
				c->name, m[k].refused);
			return -1;
		}
	}
	return 0;
}

/* Print the names of the n cycles of names on f, "A, B and C". */
static void put_names(FILE *f, const char *const *names, size_t n)
{
	for (size_t k = 0; k < n; k++)
		cmd_backups_put(f, k == 0 ? "" : k + 1 < n ? ", " : " and ", names[k]);
}

int cmd_backups_restore(const struct fsj_ctx *ctx, const struct backup_store_cycle *v, size_t n,
			size_t ci, char **paths, size_t npaths, bool dry, bool json,
			struct cmd_restore_step *step)
{
	struct restore_opts o = { 0 };
	struct restore_counts k;
	struct fsj_error err = { { 0 } };
	struct progress pg = { { 0, 0 }, false };
	cleanup_free char *cmdline = NULL;
	cleanup_free size_t *g = NULL;
	cleanup_free struct manifest *ms = NULL;
	cleanup_free int *fds = NULL;
	cleanup_free const char **names = NULL;
	struct manifest all = { 0 }, *remade = NULL;
	char **settled = NULL;
	struct backup_store_cycle *all_v = NULL;
	cJSON *out, *actions, *list;
	size_t gn = 0, all_n = 0, nremade = 0, nsettled = 0;
	int status = FSJ_EXIT_ERROR;

	g = restore_group_find(v, n, ci, &gn);
	if (!g) {
		cmd_backups_put(stderr, "fsjail: backups: cycle ", v[ci].name);
		fprintf(stderr,
			" ran at the same time as more than %d others on its workspace: "
			"not restoring\n",
			RESTORE_GROUP_MAX);
		return FSJ_EXIT_ERROR;
	}
	ms = xcalloc(gn, sizeof(*ms));
	fds = xcalloc(gn, sizeof(*fds));
	names = xcalloc(gn, sizeof(*names));
	for (size_t j = 0; j < gn; j++) {
		fds[j] = -1;
		names[j] = v[g[j]].name;
	}
	if (load_group(v, g, gn, dry, ms, fds) < 0)
		goto out;
	/* what later restores made again (restore-remade.h): every cycle of
	 * the store, --session or not (a restore's cycle is a session of its
	 * own) */
	if ((all_v = backup_store_list(ctx->env.state_dir, NULL, &all_n)) != NULL)
		restore_remade_load(all_v, all_n, v[g[0]].name, &remade, &nremade);
	o.remade = remade;
	o.nremade = nremade;
	restore_remade_settled(all_v, all_n, v[g[0]].name, remade, nremade, &settled, &nsettled);
	o.settled = settled;
	o.nsettled = nsettled;
	status = FSJ_EXIT_OK;
	if (gn > 1)
		restore_group_merge(ms, gn, &all);
	o.dry_run = dry;
	o.home = ctx->env.home;
	o.paths = paths;
	o.npaths = npaths;
	clock_gettime(CLOCK_MONOTONIC, &pg.start);
	if (!json && isatty(STDERR_FILENO)) {
		o.progress = progress;
		o.arg = &pg;
	}
	if (!dry) {
		struct strbuf sb = STRBUF_INIT;

		/* with PATH...: not the whole cycle (restore-remade.h reads it) */
		sb_addf(&sb, "fsjail backups restore --cycle %s", v[ci].name);
		for (size_t j = 0; j < npaths; j++)
			sb_addf(&sb, " %s", paths[j]);
		cmdline = sb_detach(&sb);
		o.undo = backup_cycle_new(ctx->env.state_dir, NULL, cmdline, 0, NULL, &err);
		backup_cycle_set_info(o.undo, ctx->workspace, "restore");
	}
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "schema", "fsjail-restore/1");
	cJSON_AddStringToObject(out, "session", v[ci].session);
	cJSON_AddStringToObject(out, "cycle", v[ci].name);
	/* the runs that overlapped it: undone together (restore-group.h) */
	list = cJSON_AddArrayToObject(out, "cycles");
	for (size_t j = 0; j < gn; j++)
		cJSON_AddItemToArray(list, cJSON_CreateString(names[j]));
	cJSON_AddBoolToObject(out, "dry_run", dry);
	actions = cJSON_AddArrayToObject(out, "actions");
	if (!json && gn > 1) {
		fputs(dry ? "would restore together cycles " : "restoring together cycles ",
		      stdout);
		put_names(stdout, names, gn);
		fputs(": their runs changed this workspace at the same time, so their changes "
		      "are undone as one, newest first\n",
		      stdout);
	}
	if ((gn > 1 ? restore_cycles(fds, names, gn, &all, &o, actions, &k)
		    : restore_cycle(fds[0], &ms[0], &o, actions, &k)) < 0)
		status = FSJ_EXIT_ERROR;
	if (pg.shown)
		fputc('\n', stderr);
	if (o.undo && backup_cycle_commit(o.undo, status, &err) < 0)
		warn("%s", err.text);
	backup_cycle_free(o.undo);
	cJSON_AddNumberToObject(out, "changed", (double)k.changed);
	cJSON_AddNumberToObject(out, "failed", (double)k.failed);
	for (size_t i = 0; i < npaths; i++) {
		const struct manifest *m = gn > 1 ? &all : &ms[0];
		bool hit = false;

		for (size_t j = 0; j < m->n && !hit; j++)
			hit = restore_wanted(&m->v[j], &paths[i], 1);
		if (step)
			step->hit[i] = step->hit[i] || hit;
		else if (!hit) {
			cmd_backups_put(stderr, "fsjail: backups: no backup of '", paths[i]);
			fputs("' in cycle ", stderr);
			put_names(stderr, names, gn);
			fputc('\n', stderr);
			status = FSJ_EXIT_ERROR;
		}
	}
	if (json && step) {
		cJSON_AddItemToArray(step->objs, out);
		out = NULL;
	} else if (json) {
		fsj_json_put(out);
	} else {
		restore_text_print(actions, v[ci].name, dry);
		if (!k.changed && !k.failed && status == FSJ_EXIT_OK) {
			fputs("nothing to restore: cycle ", stdout);
			put_names(stdout, names, gn);
			fputs(gn > 1 ? " are already in place\n" : " is already in place\n",
			      stdout);
		}
	}
	cJSON_Delete(out);
out:
	restore_remade_free(remade, nremade);
	for (size_t j = 0; j < nsettled; j++)
		free(settled[j]);
	free(settled);
	backup_store_free(all_v, all_n);
	restore_group_merged_release(&all);
	for (size_t j = 0; j < gn; j++) {
		manifest_release(&ms[j]);
		if (fds[j] >= 0)
			close(fds[j]);
	}
	return status;
}
