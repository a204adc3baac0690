/* runrepos.c - what `fsjail run` does with the start-of-run repository
 * scan (repometa.h) around the command: whether the walks after the run
 * can be skipped (the .git pointers the listener keeps:
 * runrepos-gitfiles.c). */
#include "backup_inherited.h"
#include "broker.h"
#include "launch.h"
#include "notify-shape.h"
#include "repometa.h"
#include "runrepos.h"

unsigned runrepos_changes(const struct fsj_ctx *ctx, const struct broker *broker, bool shared)
{
	/* every change the command made passed the listener */
	bool watched = !shared && broker && broker_clients(broker) == 0 &&
		       launch_last_left_repos(true) && !backup_inherited_repo_writer();
	unsigned m = 0;

	if (!watched || !launch_last_left_repos(false) || !repometa_searched_all(ctx->repos))
		m |= RUNREPOS_REPOS;
	if (!watched || notify_shape_nested_take())
		m |= RUNREPOS_AUTORUN;
	return m;
}
