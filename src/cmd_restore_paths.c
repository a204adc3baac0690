/* cmd_restore_paths.c - the cycles `fsjail backups restore` undoes: one
 * (cmd_backups_pick()), or for PATH... every run cycle that changed one
 * of them, newest first (issue undo33 item 1: `restore A B` with A
 * changed by one run and B by another restored B alone and failed; with
 * A changed by both, A came back to its state between the runs). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json-out.h"
#include "cmd.h"
#include "cmd_backups.h"
#include "cmd_backups_id.h"
#include "cmd_restore_paths.h"
#include "manifest.h"
#include "restore-group.h"
#include "restore.h"
#include "util.h"

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

void cmd_backups_none_touch(int argc, char **argv, int optind, char **paths, size_t npaths)
{
	fputs("fsjail: backups: no backup cycle touches", stderr);
	for (size_t k = 0; k < npaths; k++)
		cmd_backups_put(stderr, " ", paths[k]);
	fputc('\n', stderr);
	cmd_backups_id_hints(argc, argv, optind, paths);
}

/* The steps: indexes into v, newest first, *nout of them (caller frees):
 * ci and every later cycle of the scope that touches one of paths,
 * unless it is restored with a newer step (its group). NULL when a group
 * is refused (restore-group.h: cmd_backups_restore() says it). */
static size_t *find_steps(const struct backup_store_cycle *v, size_t n, size_t ci, bool named,
			  const char *session, const char *ws, char **paths, size_t npaths,
			  size_t *nout)
{
	size_t *out = xcalloc(n + 1, sizeof(*out));
	size_t k = n;
	long i;

	*nout = 0;
	/* named: the later cycles, then ci; else ci (the newest), then the
	 * older ones */
	while ((i = cmd_backups_pick(v, k, NULL, session, ws, paths, npaths)) >= 0 &&
	       (!named || (size_t)i > ci)) {
		k = (size_t)i;
		out[(*nout)++] = (size_t)i;
	}
	if (named || *nout == 0)
		out[(*nout)++] = ci;
	for (size_t s = 0; s < *nout; s++) {
		size_t gn = 0;
		cleanup_free size_t *g = restore_group_find(v, n, out[s], &gn);

		if (!g) {
			*nout = s + 1; /* this step says why it is refused */
			break;
		}
		/* a cycle restored with this one is no step of its own */
		for (size_t j = 0; j < gn; j++)
			for (size_t t = s + 1; t < *nout; t++)
				if (out[t] == g[j]) {
					memmove(&out[t], &out[t + 1], (*nout - t - 1) * sizeof(*out));
					(*nout)--;
					t--;
				}
	}
	return out;
}

/* The steps' objects (objs) as one fsjail-restore/1 object on stdout:
 * "cycle" the oldest step's, "cycles" every cycle restored, newest
 * first, "actions" all (each with its "cycle"), "changed", "failed"
 * summed, and "steps". */
static void put_json(cJSON *objs, bool dry)
{
	cJSON *out = cJSON_CreateObject(), *cycles, *actions, *o, *a;
	double changed = 0, failed = 0;
	const cJSON *last = NULL;

	cJSON_AddStringToObject(out, "schema", "fsjail-restore/1");
	cycles = cJSON_AddArrayToObject(out, "cycles");
	cJSON_AddBoolToObject(out, "dry_run", dry);
	actions = cJSON_AddArrayToObject(out, "actions");
	cJSON_ArrayForEach(o, objs) {
		const cJSON *c = cJSON_GetObjectItem(o, "cycle");

		last = o;
		cJSON_ArrayForEach(a, cJSON_GetObjectItem(o, "cycles"))
			cJSON_AddItemToArray(cycles, cJSON_Duplicate(a, true));
		cJSON_ArrayForEach(a, cJSON_GetObjectItem(o, "actions")) {
			cJSON *d = cJSON_Duplicate(a, true);

			if (!cJSON_GetObjectItem(d, "cycle") && cJSON_IsString(c))
				cJSON_AddStringToObject(d, "cycle", c->valuestring);
			cJSON_AddItemToArray(actions, d);
		}
		changed += cJSON_GetNumberValue(cJSON_GetObjectItem(o, "changed"));
		failed += cJSON_GetNumberValue(cJSON_GetObjectItem(o, "failed"));
	}
	if (last) {
		cJSON_AddItemToObject(out, "session",
				      cJSON_Duplicate(cJSON_GetObjectItem(last, "session"), true));
		cJSON_AddItemToObject(out, "cycle",
				      cJSON_Duplicate(cJSON_GetObjectItem(last, "cycle"), true));
	}
	cJSON_AddNumberToObject(out, "changed", changed);
	cJSON_AddNumberToObject(out, "failed", failed);
	cJSON_AddItemReferenceToObject(out, "steps", objs);
	fsj_json_put(out);
	cJSON_Delete(out);
}

int cmd_backups_restore_paths(const struct fsj_ctx *ctx, const struct backup_store_cycle *v,
			      size_t n, size_t ci, bool named, const char *session, const char *ws,
			      char **paths, size_t npaths, bool dry, bool json)
{
	cleanup_free bool *hit = xcalloc(npaths, sizeof(*hit));
	cleanup_free size_t *steps = NULL;
	struct cmd_restore_step st = { hit, cJSON_CreateArray() };
	size_t ns = 0, s;
	int status = FSJ_EXIT_OK;

	steps = find_steps(v, n, ci, named, session, ws, paths, npaths, &ns);
	if (ns <= 1) {
		cJSON_Delete(st.objs);
		return cmd_backups_restore(ctx, v, n, ci, paths, npaths, dry, json, NULL);
	}
	if (!json) {
		fputs(dry ? "would restore " : "restoring ", stdout);
		for (size_t k = 0; k < npaths; k++)
			cmd_backups_put(stdout, k == 0 ? "" : k + 1 < npaths ? ", " : " and ",
					paths[k]);
		cmd_backups_put(stdout, " to before cycle ", v[steps[ns - 1]].name);
		fprintf(stdout, ": %zu cycles changed them, undone newest first:", ns);
		for (s = 0; s < ns; s++)
			cmd_backups_put(stdout, " ", v[steps[s]].name);
		fputc('\n', stdout);
	}
	for (s = 0; s < ns && status == FSJ_EXIT_OK; s++)
		status = cmd_backups_restore(ctx, v, n, steps[s], paths, npaths, dry, json, &st);
	if (s < ns) {
		fputs("fsjail: backups: stopped: not restored from", stderr);
		for (; s < ns; s++)
			cmd_backups_put(stderr, " cycle ", v[steps[s]].name);
		fputc('\n', stderr);
	} else {
		for (size_t k = 0; k < npaths; k++)
			if (!hit[k]) {
				cmd_backups_put(stderr, "fsjail: backups: no backup of '", paths[k]);
				fputs("' in any of those cycles\n", stderr);
				status = FSJ_EXIT_ERROR;
			}
	}
	if (json)
		put_json(st.objs, dry);
	cJSON_Delete(st.objs);
	return status;
}
