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

#include "backup.h"
#include "cmd.h"
#include "cmd_backups.h"
#include "manifest.h"
#include "path.h"
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

/* The cycle restore acts on: --cycle; else the newest run cycle of
 * --session, or of the workspace ws (never another project's, never a
 * restore's own cycle), that touches one of paths; with no workspace
 * (ws NULL: the user is not in one) the newest that touches one of the
 * paths named, whatever its workspace. -1 when none. */
long cmd_backups_pick(const struct backup_store_cycle *v, size_t n, const char *cycle,
		      const char *session, const char *ws, char **paths, size_t npaths)
{
	for (size_t i = n; i-- > 0;) {
		struct manifest m;
		bool ok;
		int fd;

		if (cycle) {
			if (strcmp(v[i].name, cycle) == 0)
				return (long)i;
			continue;
		}
		memset(&m, 0, sizeof(m));
		fd = backup_store_open(&v[i]);
		ok = fd >= 0 &&
		     manifest_read(fd, v[i].dir, &m, &(struct fsj_error){ { 0 } }) == 0 &&
		     !(m.kind && strcmp(m.kind, "restore") == 0) &&
		     (session || (ws ? m.workspace && strcmp(m.workspace, ws) == 0 : npaths > 0));
		if (ok && npaths) {
			ok = false;
			for (size_t j = 0; j < m.n && !ok; j++)
				ok = restore_wanted(&m.v[j], paths, npaths);
		}
		manifest_release(&m);
		if (fd >= 0)
			close(fd);
		if (ok)
			return (long)i;
	}
	return -1;
}

int cmd_backups_restore(const struct fsj_ctx *ctx, const struct backup_store_cycle *c, char **paths,
			size_t npaths, bool dry, bool json)
{
	struct restore_opts o = { 0 };
	struct restore_counts k;
	struct fsj_error err = { { 0 } };
	struct progress pg = { { 0, 0 }, false };
	cleanup_free char *cmdline = NULL;
	cJSON *out, *actions;
	struct manifest m;
	int fd, status = FSJ_EXIT_OK;
	double when;

	if (backup_store_in_use(c, &when)) {
		cmd_backups_put(stderr, "fsjail: backups: the run of cycle ", c->name);
		fputs(" is still going (or its cycle cannot be read): not restoring\n", stderr);
		return FSJ_EXIT_ERROR;
	}
	if (cmd_backups_load(c, &m, &fd) < 0)
		return FSJ_EXIT_ERROR;
	/* Two restores of one cycle at once would race each other's checks;
	 * the lock goes with the descriptor. */
	if (!dry && flock(fd, LOCK_EX | LOCK_NB) < 0) {
		cmd_backups_put(stderr, "fsjail: backups: cycle ", c->name);
		fputs(" is being restored by another fsjail\n", stderr);
		manifest_release(&m);
		close(fd);
		return FSJ_EXIT_ERROR;
	}
	if (m.refused) {
		fprintf(stderr,
			"fsjail: backups: cycle %s has %lu invalid record(s): not restoring from it\n",
			c->name, m.refused);
		manifest_release(&m);
		close(fd);
		return FSJ_EXIT_ERROR;
	}
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
		cmdline = xasprintf("fsjail backups restore --cycle %s", c->name);
		o.undo = backup_cycle_new(ctx->env.state_dir, NULL, cmdline, 0, NULL, &err);
		backup_cycle_set_info(o.undo, ctx->workspace, "restore");
	}
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "schema", "fsjail-restore/1");
	cJSON_AddStringToObject(out, "session", c->session);
	cJSON_AddStringToObject(out, "cycle", c->name);
	cJSON_AddBoolToObject(out, "dry_run", dry);
	actions = cJSON_AddArrayToObject(out, "actions");
	if (restore_cycle(fd, &m, &o, actions, &k) < 0)
		status = FSJ_EXIT_ERROR;
	if (pg.shown)
		fputc('\n', stderr);
	if (o.undo && backup_cycle_commit(o.undo, status, &err) < 0)
		warn("%s", err.text);
	backup_cycle_free(o.undo);
	cJSON_AddNumberToObject(out, "changed", (double)k.changed);
	cJSON_AddNumberToObject(out, "failed", (double)k.failed);
	for (size_t i = 0; i < npaths; i++) {
		bool hit = false;

		for (size_t j = 0; j < m.n && !hit; j++)
			hit = restore_wanted(&m.v[j], &paths[i], 1);
		if (!hit) {
			cmd_backups_put(stderr, "fsjail: backups: no backup of '", paths[i]);
			fprintf(stderr, "' in cycle %s\n", c->name);
			status = FSJ_EXIT_ERROR;
		}
	}
	if (json) {
		char *text = cJSON_Print(out);

		printf("%s\n", text);
		cJSON_free(text);
	} else {
		restore_text_print(actions, c->name, dry);
		if (!k.changed && !k.failed && status == FSJ_EXIT_OK)
			cmd_backups_put(stdout, "nothing to restore: cycle ", c->name);
		if (!k.changed && !k.failed && status == FSJ_EXIT_OK)
			fputs(" is already in place\n", stdout);
	}
	cJSON_Delete(out);
	manifest_release(&m);
	close(fd);
	return status;
}
