/* snapshot-run.h - the snapshot method wired into one `fsjail run`
 * (snapshot-run.c), for the run glue (backup_run.c). */
#ifndef FSJAIL_SNAPSHOT_RUN_H
#define FSJAIL_SNAPSHOT_RUN_H

#include <stdbool.h>

#include "backup.h"
#include "config.h"

/* Snapshot the areas the run backs up (the workspace unless read-only,
 * and every folder granted write, create or delete by the rules file,
 * the session or the config, outside the temporary directories) into the
 * cycle bc's session. The cost goes to stderr when files were copied or
 * not kept (always with FSJAIL_TIMING) and to the status stream's detail
 * records ("snapshot"). Returns 0, or -1 with err set: nothing may run. */
int snapshot_run_begin(const struct fsj_ctx *ctx, struct backup_cycle *bc, struct fsj_error *err);

/* After the command: record what changed into bc and drop the snapshot.
 * Problems are printed as warnings. Call before the cycle is committed. */
void snapshot_run_end(struct backup_cycle *bc);

/* true between a successful begin and the end. */
bool snapshot_run_active(void);

#endif
