/* snapshot-run.c - the snapshot method in one `fsjail run` (backup.method:
 * snapshot; snapshot.h): which areas it backs up, the snapshot before the
 * command and the comparison after it, called by the run glue
 * (backup_run.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "runevent.h"
#include "snapshot-run.h"
#include "snapshot.h"

static struct snapshot *snap;

/* Add the folder p (absolute, resolved) to the areas unless an area
 * covers it already; an area it covers goes. */
static void add_area(char ***v, size_t *n, const char *p)
{
	struct stat sb;
	size_t i, k;

	if (!p || stat(p, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return; /* nothing there to keep (a file grant: its folder is not ours) */
	for (i = 0; i < *n; i++)
		if (path_covers((*v)[i], p))
			return;
	for (i = k = 0; i < *n; i++) {
		if (path_covers(p, (*v)[i]))
			free((*v)[i]);
		else
			(*v)[k++] = (*v)[i];
	}
	*v = xreallocarray(*v, k + 1, sizeof(char *));
	(*v)[k] = xstrdup(p);
	*n = k + 1;
}

/* Folder grants of write, create or delete in rs, outside the temporary
 * directories (never backed up: backup_path_is_temp()). */
static void add_grants(char ***v, size_t *n, const struct fsj_ruleset *rs,
		       const struct backup_cycle *bc)
{
	for (size_t i = 0; i < rs->n; i++) {
		const struct fsj_rule *r = &rs->rules[i];
		const char *p = r->resolved ? r->resolved : r->path;

		if (r->recursive && (r->allow & FSJ_CAPS_MODIFY) && p &&
		    !backup_path_is_temp(bc, p))
			add_area(v, n, p);
	}
}

int snapshot_run_begin(const struct fsj_ctx *ctx, struct backup_cycle *bc, struct fsj_error *err)
{
	struct snapshot_opts o = { 0 };
	struct snapshot_cost cost;
	char **areas = NULL, *text;
	size_t n = 0;

	if (ctx->mode != FSJ_MODE_READ_ONLY) {
		add_area(&areas, &n, ctx->workspace);
		add_grants(&areas, &n, &ctx->rules, bc);
		add_grants(&areas, &n, &ctx->session, bc);
		add_grants(&areas, &n, &ctx->config.grants, bc);
	}
	o.state_dir = ctx->env.state_dir;
	o.session = backup_cycle_session(bc);
	o.cycle = backup_cycle_name(bc);
	o.max_size = (unsigned long long)ctx->config.backup_max_size_mb << 20;
	o.areas = areas;
	o.n_areas = n;
	snap = snapshot_take(&o, &cost, err);
	for (size_t i = 0; i < n; i++)
		free(areas[i]);
	free(areas);
	if (!snap)
		return -1;
	/* the cost is said where it is real: copies, or files not kept */
	text = snapshot_cost_text(&cost);
	if (cost.copied || cost.not_kept || getenv("FSJAIL_TIMING"))
		fprintf(stderr, "fsjail: %s\n", text);
	run_event("snapshot", ctx->workspace, text);
	free(text);
	return 0;
}

void snapshot_run_end(struct backup_cycle *bc)
{
	struct fsj_error err = { { 0 } };

	if (!snap)
		return;
	if (snapshot_finish(snap, bc, &err) < 0)
		warn("%s", err.text);
	snapshot_free(snap);
	snap = NULL;
}

bool snapshot_run_active(void)
{
	return snap != NULL;
}
