/* runrepos.c - what `fsjail run` does with the start-of-run repository
 * scan (repometa.h) around the command: the .git pointers the listener
 * keeps, and whether the walk after the run can be skipped. */
#include "config.h"

#include <string.h>

#include "backup_inherited.h"
#include "broker.h"
#include "launch.h"
#include "notify-gitfile.h"
#include "repometa.h"
#include "runrepos.h"

void runrepos_keep_gitfiles(const struct repometa *repos)
{
	const unsigned linked = FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_CREATE);

	notify_forget_gitfiles();
	for (size_t i = 0; repos && i < repos->n; i++) {
		const struct repometa_path *p = &repos->v[i];
		const char *base = strrchr(p->path, '/');

		if (!p->recursive && p->deny == linked && base && strcmp(base, "/.git") == 0)
			(void)notify_keep_gitfile(p->path);
	}
}

bool runrepos_unchanged(const struct fsj_ctx *ctx, const struct broker *broker, bool shared)
{
	return !shared && broker && broker_clients(broker) == 0 && launch_last_left_repos() &&
	       !backup_inherited_repo_writer() && repometa_searched_all(ctx->repos);
}
