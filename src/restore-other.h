/* restore-other.h - the records of `fsjail backups restore` that save no
 * content (restore.h): "meta" and "special". Not for other callers. */
#ifndef FSJAIL_RESTORE_OTHER_H
#define FSJAIL_RESTORE_OTHER_H

#include "restore-int.h"

/* "meta": the mode, owner (as root) and times r recorded go back on the
 * object of r's type now at r's path (older records put it back there);
 * nothing for another kind of object, or none. */
void rs_undo_meta(struct rctx *x, const struct manifest_rec *r);

/* "special": a removed symlink (its target) or FIFO (its mode) is made
 * again with owner (as root) and times, never over anything. */
void rs_undo_special(struct rctx *x, const struct manifest_rec *r);

#endif
