/* autorun-warn.h - after a run: the files that tools on the host run by
 * themselves (autorun.h) that the command made, changed or removed, said
 * on stderr and handed to a recorder (planted.h). */
#ifndef FSJAIL_AUTORUN_WARN_H
#define FSJAIL_AUTORUN_WARN_H

#include <stddef.h>
#include <stdio.h>

#include "planted.h"

struct autorun;
struct repometa;

/* Look again at before's files and say on out, one line each, those that
 * were made, changed or removed since, with what runs them and how to
 * undo; the same of such files in each work tree of after (the scan
 * after the run, or NULL: none was needed, nothing can have made a work
 * tree) that lies in before's workspace (autorun_snap_workspace()) and
 * was not a root of before, when their change time is not older than
 * before (a second's slack; an older one was left alone), as "made".
 * Names are escaped for a terminal. Each is also handed to rec (may be
 * NULL; planted.h: kind "autorun-file"). Returns how many. */
size_t autorun_warn(const struct autorun *before, const struct repometa *after, FILE *out,
		    planted_fn *rec);

#endif
