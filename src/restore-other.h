/* restore-other.h - the records of `fsjail backups restore` that save no
 * content (restore.h): "meta" and "special". Not for other callers. */
#ifndef FSJAIL_RESTORE_OTHER_H
#define FSJAIL_RESTORE_OTHER_H

#include "restore-int.h"

/* "meta": the mode, owner (as root) and times r recorded go back on the
 * object of r's type now at r's path (older records put it back there);
 * nothing for another kind of object, or none. */
void rs_undo_meta(struct rctx *x, const struct manifest_rec *r);

/* After every record: a folder's "meta" r, undone in its turn before the
 * older records of its entries were (a file removed before the folder's
 * first change, made again after), gets r's times again where they moved
 * since (att38: else the next restore finds them changed, and does it).
 * Not in a dry run, nor where rs_undo_meta() left it (a record of the
 * folder's entries, and this restore did nothing in it); nothing for
 * another kind of object now. */
void rs_redo_dir_times(struct rctx *x, const struct manifest_rec *r);

/* "special": a removed symlink (its target) or FIFO (its mode) is made
 * again with owner (as root) and times, never over anything. */
void rs_undo_special(struct rctx *x, const struct manifest_rec *r);

#endif
