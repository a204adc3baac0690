/* runrepos-gitfiles.c - the .git pointers the listener keeps for `fsjail
 * run` (runrepos.h runrepos_keep_gitfiles()), out of runrepos.c. */
#include <string.h>

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
