/* runmsg-planted-notes.c - the notes after the run on what the command
 * planted (runmsg-planted.h runmsg_planted_notes()), out of
 * runmsg-planted.c. */
#include <stdio.h>

#include "autorun-nested.h"
#include "repometa-warn.h"
#include "repometa.h"
#include "runmsg-planted.h"
#include "runrepos.h"

void runmsg_planted_notes(const struct fsj_ctx *ctx, unsigned changed, const struct autorun *before)
{
	struct repometa after = { 0 };
	bool rescanned = ctx->repos && (changed & RUNREPOS_REPOS);

	if (rescanned) {
		repometa_rescan(ctx->repos, ctx->workspace, ctx->env.home, &after);
		(void)repometa_warn_new(ctx->repos, &after, stderr, runmsg_planted);
	}
	(void)autorun_nested_warn(before, rescanned ? &after : NULL, changed & RUNREPOS_AUTORUN,
				  stderr, runmsg_planted);
	repometa_release(&after);
}
