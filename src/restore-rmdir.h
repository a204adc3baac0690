/* restore-rmdir.h - the "rmdir" record of `fsjail backups restore`
 * (restore.h): a folder the run removed is made again. Not for other
 * callers. */
#ifndef FSJAIL_RESTORE_RMDIR_H
#define FSJAIL_RESTORE_RMDIR_H

#include "restore-int.h"

/* "rmdir": the folder at r's path is made again with r's mode, owner (as
 * root) and times, and its folders above it, unless something is there
 * already or it went back with a folder renamed before
 * (rs_gone_with_folder()); a dry run says so and notes it for the
 * actions after (rs_sim_add()). */
void rs_undo_rmdir(struct rctx *x, const struct manifest_rec *r);

#endif
