/* autorun.c - the snapshot before the run (autorun.h); the look after
 * it is autorun-warn.c, the files looked at autorun-files.c. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "autorun-int.h"
#include "autorun-look.h"
#include "autorun-rule.h"
#include "autorun-runners.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

/* roots[i] is not an absolute path, or repeats an earlier one. */
static bool skipped(const char *const *roots, size_t i)
{
	if (!roots[i] || roots[i][0] != '/')
		return true;
	for (size_t j = 0; j < i; j++)
		if (roots[j] && strcmp(roots[j], roots[i]) == 0)
			return true;
	return false;
}

int autorun_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct autorun *autorun_snap(const char *const *roots, size_t n)
{
	struct autorun *a = xcalloc(1, sizeof(*a));

	/* the clock the kernel stamps change times with (a coarse tick
	 * behind CLOCK_REALTIME on Linux) */
#ifdef CLOCK_REALTIME_COARSE
	(void)clock_gettime(CLOCK_REALTIME_COARSE, &a->t0);
#else
	(void)clock_gettime(CLOCK_REALTIME, &a->t0);
#endif
	a->v = xcalloc(n ? n * autorun_n_files : 1, sizeof(*a->v));
	a->roots = xcalloc(n ? n : 1, sizeof(*a->roots));
	a->budget = CONTENT_ALL;
	for (size_t i = 0; i < n; i++) {
		if (skipped(roots, i))
			continue;
		a->roots[a->n_roots] = xstrdup(roots[i]);
		for (size_t f = 0; f < autorun_n_files; f++) {
			struct seen *s = &a->v[a->n++];

			s->path = path_join(roots[i], autorun_files[f].rel);
			s->root = a->roots[a->n_roots];
			s->kind = f;
			autorun_look(s, &a->budget);
		}
		a->n_roots++;
	}
	/* for had_root() (autorun-warn.c); each seen keeps its own pointer */
	if (a->n_roots > 1)
		qsort(a->roots, a->n_roots, sizeof(*a->roots), autorun_cmp_str);
	return a;
}

/* A task runner's file a hook names (autorun-runners.h): kept as the
 * files tools run by themselves are (once), its tool the hooks file's. */
static void add_runner(void *arg, const char *path, const char *why, const char *rel)
{
	struct autorun *a = arg;
	struct seen *s;
	size_t kind = 0;

	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].path, path) == 0)
			return;
	while (kind + 1 < autorun_n_files && strcmp(autorun_files[kind].rel, rel) != 0)
		kind++;
	a->v = xreallocarray(a->v, a->n + 1, sizeof(*a->v));
	s = memset(&a->v[a->n++], 0, sizeof(*s));
	s->path = xstrdup(path);
	s->root = a->workspace;
	s->kind = kind;
	s->why = xstrdup(why);
	autorun_look(s, &a->budget);
}

struct autorun *autorun_snap_workspace(const char *workspace, const struct repometa *repos)
{
	size_t k;
	const char **roots = autorun_roots(workspace, repos, &k);
	struct autorun *a = autorun_snap(roots, k);

	a->workspace = workspace ? xstrdup(workspace) : NULL;
	autorun_hook_runners(a->workspace, add_runner, a);
	free(roots);
	return a;
}

void autorun_free(struct autorun *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].path);
		free(a->v[i].data);
		free(a->v[i].why);
	}
	for (size_t i = 0; i < a->n_roots; i++)
		free(a->roots[i]);
	free(a->roots);
	free(a->workspace);
	free(a->v);
	free(a);
}
