/* autorun-runners.c - the task runners' files the workspace's hooks run
 * through (autorun-runners.h). The hooks files are hostile
 * (autorun-hookwalk.c reads them): a file the runner is given is kept
 * only in the workspace, a label printed escaped, AUTORUN_RUNNERS_MAX a
 * file. */
#include <stdbool.h>
#include <string.h>

#include "autorun-hookwalk.h"
#include "autorun-runners.h"
#include "escape.h"
#include "path.h"
#include "util.h"

struct each {
	autorun_runner_fn *fn;
	void *arg;
};

/* The words of the hook: no rule here. */
static void ignore(void *w, const char *word, bool named, bool glob)
{
	(void)w, (void)word, (void)named, (void)glob;
}

/* file (from the hook's base folder, the workspace) to the caller. */
static void runner(void *arg, const char *file)
{
	struct ah_walk *w = arg;
	const struct each *e = w->user;
	cleanup_free char *norm = NULL, *label = NULL, *why = NULL;

	if (w->n >= AUTORUN_RUNNERS_MAX ||
	    path_normalize(file, strlen(file), NULL, w->ws, &norm) != PATH_OK ||
	    !path_covers(w->ws, norm) || strcmp(norm, w->ws) == 0)
		return;
	label = fsj_escape_term(w->label[0] ? w->label : "(top level)");
	why = xasprintf("the hook '%.64s' of %s runs what it says", label, w->rel);
	e->fn(e->arg, norm, why, w->rel);
	w->n++;
}

void autorun_hook_runners(const char *workspace, autorun_runner_fn *each, void *arg)
{
	struct each e = { .fn = each, .arg = arg };
	struct ah_walk w = { .ws = workspace, .take = ignore, .runner = runner, .user = &e };

	ah_walk_files(&w);
}
