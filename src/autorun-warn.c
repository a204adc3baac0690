/* autorun-warn.c - the look after the run at the files autorun.c's
 * snapshot holds, and at those of the work trees the run made
 * (autorun-warn.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "autorun-int.h"
#include "autorun-look.h"
#include "autorun-warn.h"
#include "escape.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

/* Say p's file on out and hand it to rec (may be NULL). */
static void say(const struct planted *p, FILE *out, planted_fn *rec)
{
	cleanup_free char *shown = fsj_escape_term(p->path);
	cleanup_free char *wt = p->new_work_tree ? fsj_escape_term(p->work_tree) : NULL;

	fprintf(out, "fsjail: note: the command %s %s%s%s%s (%s, outside any sandbox): review it, "
		     "or undo the run with 'fsjail backups restore'\n",
		p->change, shown, wt ? " in the work tree " : "", wt ? wt : "", wt ? " it made" : "",
		p->runs);
	if (rec)
		rec(p);
}

/* Whether root is one of a's roots (sorted by autorun_snap()). */
static bool had_root(const struct autorun *a, const char *root)
{
	return a->n_roots &&
	       bsearch(&root, a->roots, a->n_roots, sizeof(*a->roots), autorun_cmp_str);
}

/* The files at root, a work tree the run made: each one whose change time
 * is not older than the run (a second's slack for the clocks) was made
 * or changed by it; an older one was left alone and is not said. */
static size_t warn_new_root(const struct autorun *before, const char *root, FILE *out,
			    planted_fn *rec)
{
	size_t said = 0;

	for (size_t f = 0; f < autorun_n_files; f++) {
		cleanup_free char *path = path_join(root, autorun_files[f].rel);
		struct stat st;
		struct timespec ct;

		if (lstat(path, &st) < 0)
			continue;
		ct = FSJ_STAT_CTIM(&st);
		if (ct.tv_sec < before->t0.tv_sec - 1)
			continue;
		say(&(struct planted){ .kind = "autorun-file", .change = "made", .path = path,
				       .work_tree = root, .new_work_tree = true,
				       .tool = autorun_files[f].tool,
				       .runs = autorun_files[f].why },
		    out, rec);
		said++;
	}
	return said;
}

size_t autorun_warn(const struct autorun *before, const struct repometa *after, FILE *out,
		    planted_fn *rec)
{
	size_t said = 0;

	for (size_t i = 0; before && i < before->n; i++) {
		struct seen now = before->v[i];
		size_t budget = CONTENT_MAX;
		bool unchanged;

		autorun_look(&now, &budget);
		unchanged = autorun_same(&before->v[i], &now);
		free(now.data);
		if (unchanged)
			continue;
		say(&(struct planted){ .kind = "autorun-file",
				       .change = !before->v[i].exists ? "made"
						 : !now.exists	      ? "removed"
									: "changed",
				       .path = now.path, .work_tree = now.root,
				       .tool = autorun_files[now.kind].tool,
				       .runs = now.why ? now.why : autorun_files[now.kind].why },
		    out, rec);
		said++;
	}
	/* work trees the run made in the workspace (git worktree add, a
	 * nested git init or clone): their files were not looked at before;
	 * each once (sorted: a run may make thousands) */
	if (!before || !before->workspace || !after || !after->n)
		return said;
	const char **fresh = xcalloc(after->n, sizeof(*fresh));
	size_t n = 0;

	for (size_t i = 0; i < after->n; i++) {
		const char *root = after->v[i].repo;

		if (root && root[0] == '/' && path_covers(before->workspace, root) &&
		    !had_root(before, root))
			fresh[n++] = root;
	}
	if (n > 1)
		qsort(fresh, n, sizeof(*fresh), autorun_cmp_str);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || strcmp(fresh[i - 1], fresh[i]) != 0)
			said += warn_new_root(before, fresh[i], out, rec);
	free(fresh);
	return said;
}
