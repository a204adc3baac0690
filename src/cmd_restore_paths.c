/* cmd_restore_paths.c - the cycles `fsjail backups restore` undoes: one
 * (cmd_backups_pick()), or for PATH... every run cycle that changed one
 * of them, newest first (issue undo33 item 1: `restore A B` with A
 * changed by one run and B by another restored B alone and failed; with
 * A changed by both, A came back to its state between the runs). */
#include <cjson/cJSON.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

void cmd_backups_none_touch(int argc, char **argv, int first, char **paths, size_t npaths)
{
	fputs("fsjail: backups: no backup cycle touches", stderr);
	for (size_t k = 0; k < npaths; k++)
		cmd_backups_put(stderr, " ", paths[k]);
	fputc('\n', stderr);
	cmd_backups_id_hints(argc, argv, first, paths);
}

/* true when the restore command c ("fsjail backups restore --cycle NAME
 * [PATH...]", restore.c's own cycles) undid cycle name whole, or for one
 * of paths. */
static bool undid(const char *c, const char *name, char **paths, size_t npaths)
{
	static const char pre[] = "fsjail backups restore --cycle ";
	size_t len = strlen(name);

	if (!c || strncmp(c, pre, sizeof(pre) - 1) != 0)
		return false;
	c += sizeof(pre) - 1;
	if (strncmp(c, name, len) != 0 || (c[len] && c[len] != ' '))
		return false;
	if (!c[len])
		return true;
	for (size_t k = 0; k < npaths; k++) {
		size_t pl = strlen(paths[k]);

		for (const char *p = strstr(c + len, paths[k]); p; p = strstr(p + 1, paths[k]))
			if (p[-1] == ' ' && (!p[pl] || p[pl] == ' '))
				return true;
	}
	return false;
}

/* true when a restore (any cycle of the store, state_dir) undid one of
 * the gn cycles g (indexes into v: a cycle and those restored with it)
 * for one of paths: the user has undone (and maybe redone) that history
 * already; restore stops there. Reads every restore's manifest. */
static bool undone(const char *state_dir, const struct backup_store_cycle *v, const size_t *g,
		   size_t gn, char **paths, size_t npaths)
{
	size_t an = 0;
	struct backup_store_cycle *all = backup_store_list(state_dir, NULL, &an);
	bool hit = false;

	for (size_t a = 0; a < an && !hit; a++) {
		struct manifest m = { 0 };
		int fd = backup_store_open(&all[a]);

		if (fd >= 0 && manifest_read(fd, all[a].dir, &m, &(struct fsj_error){ { 0 } }) == 0 &&
		    m.kind && strcmp(m.kind, "restore") == 0)
			for (size_t j = 0; j < gn && !hit; j++)
				hit = undid(m.command, v[g[j]].name, paths, npaths);
		manifest_release(&m);
		if (fd >= 0)
			close(fd);
	}
	backup_store_free(all, an);
	return hit;
}

/* A step's run: its records and when it ran (the manifest's start, the
 * commit's time; a killed run: now). */
struct span {
	struct manifest m;
	double start, end;
};

static void span_load(const struct backup_store_cycle *c, struct span *sp)
{
	int fd = backup_store_open(c);
	struct tm tm = { 0 };
	struct stat sb;
	long us = 0;

	memset(sp, 0, sizeof(*sp));
	sp->end = (double)time(NULL);
	if (fd < 0)
		return;
	if (manifest_read(fd, c->dir, &sp->m, &(struct fsj_error){ { 0 } }) < 0)
		memset(&sp->m, 0, sizeof(sp->m));
	sp->start = sp->m.time; /* whole seconds: the name has microseconds */
	if (sscanf(c->name, "%4d%2d%2dT%2d%2d%2d.%6ld", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &us) == 7) {
		tm.tm_year -= 1900;
		tm.tm_mon -= 1;
		sp->start = (double)timegm(&tm) + (double)us / 1e6;
	}
	if (fstatat(fd, "commit.json", &sb, AT_SYMLINK_NOFOLLOW) == 0)
		sp->end = (double)FSJ_STAT_MTIM(&sb).tv_sec + (double)FSJ_STAT_MTIM(&sb).tv_nsec / 1e9;
	close(fd);
}

/* true when t falls within one of the ns runs of sp. */
static bool in_runs(const struct span *sp, size_t ns, double t)
{
	for (size_t k = 0; k < ns; k++)
		if (t >= sp[k].start && t <= sp[k].end)
			return true;
	return false;
}

/* The first path of the ns spans' records the paths reach (named, or a
 * name a run renamed one of them to) whose file had last been written
 * (its saved mtime) after older's run ended and in none of those runs:
 * changed outside fsjail between the runs, so undoing older as well would
 * take that change back. NULL when none. */
static const char *gap_change(const struct span *older, const struct span *sp, size_t ns,
			      char **paths, size_t npaths)
{
	for (size_t k = 0; k < ns; k++) {
		char **want = xcalloc(npaths + sp[k].m.n + 1, sizeof(*want));
		size_t nw = npaths;
		const char *hit = NULL;

		memcpy(want, paths, npaths * sizeof(*want));
		for (size_t i = 0; i < sp[k].m.n && !hit; i++) {
			const struct manifest_rec *r = &sp[k].m.v[i];
			double t = (double)r->mtime.tv_sec + (double)r->mtime.tv_nsec / 1e9;

			if (!restore_wanted(r, want, nw))
				continue;
			if (r->op == MANIFEST_RENAMED && r->to)
				want[nw++] = r->to;
			if (r->has_meta && (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE) &&
			    t > older->end && !in_runs(sp, ns, t))
				hit = r->path;
		}
		free(want);
		if (hit)
			return hit;
	}
	return NULL;
}

/* The steps: indexes into v, newest first, *nout of them (caller frees):
 * ci and every later cycle of the scope that touches one of paths,
 * (named; a later one a restore undid is left out), or ci and the older
 * ones down to the first a restore undid (undone(); none when ci); a cycle
 * restored with a newer step (its group) is no step of its own. When a
 * group is refused (restore-group.h) that step is the last:
 * cmd_backups_restore() says why. */
static size_t *find_steps(const char *state_dir, const struct backup_store_cycle *v, size_t n,
			  size_t ci, bool named, const char *session, const char *ws,
			  char **paths, size_t npaths, size_t *nout)
{
	size_t *out = xcalloc(n + 1, sizeof(*out));
	struct span *sp = xcalloc(n + 1, sizeof(*sp));
	size_t k = n, nsp = 0;
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
		const char *gap = NULL;

		if (!g) {
			*nout = s + 1;
			break;
		}
		if (!named) { /* unnamed: the steps' runs, for gap_change() */
			span_load(&v[out[s]], &sp[s]);
			nsp = s + 1;
			gap = s ? gap_change(&sp[s], sp, s, paths, npaths) : NULL;
		}
		if (gap) {
			cmd_backups_put(stderr, "fsjail: backups: not undoing cycle ", v[out[s]].name);
			cmd_backups_put(stderr, " nor older ones: ", gap);
			fputs(" was changed after its run, outside fsjail (--cycle NAME PATH undoes "
			      "it all the same)\n", stderr);
			*nout = s;
			break;
		}
		if ((!named || out[s] != ci) && undone(state_dir, v, g, gn, paths, npaths)) {
			if (!named) {
				*nout = s;
				break;
			}
			memmove(&out[s], &out[s + 1], (*nout - s - 1) * sizeof(*out));
			(*nout)--;
			s--;
			continue;
		}
		for (size_t j = 0; j < gn; j++)
			for (size_t t = s + 1; t < *nout; t++)
				if (out[t] == g[j]) {
					memmove(&out[t], &out[t + 1], (*nout - t - 1) * sizeof(*out));
					(*nout)--;
					t--;
				}
	}
	for (size_t s = 0; s < nsp; s++)
		manifest_release(&sp[s].m);
	free(sp);
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

	steps = find_steps(ctx->env.state_dir, v, n, ci, named, session, ws, paths, npaths, &ns);
	if (ns == 1) {
		cJSON_Delete(st.objs);
		return cmd_backups_restore(ctx, v, n, steps[0], paths, npaths, dry, json, NULL);
	}
	if (ns == 0) { /* a second restore of them: as of a cycle, nothing */
		if (json)
			put_json(st.objs, dry);
		else
			cmd_backups_put(stdout, "nothing to restore: a restore already undid cycle ",
					v[ci].name);
		if (!json)
			cmd_backups_put(stdout, ", the newest that changed them (--cycle ", v[ci].name);
		if (!json)
			fputs(" PATH... undoes it again)\n", stdout);
		cJSON_Delete(st.objs);
		return FSJ_EXIT_OK;
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
