/* restore-folder.h - a folder `fsjail backups restore` makes again on
 * the way to a path it puts back (rs_open_parent() with create): the
 * record it stands for and the mode it is made with. Moved out of
 * restore.c. Not for other callers. */
#ifndef FSJAIL_RESTORE_FOLDER_H
#define FSJAIL_RESTORE_FOLDER_H

#include "restore-int.h"

/* The record the folder dir, made again, stands for (its identity, when
 * it has one, is what the folder made again is recorded as: restore-
 * remade.h), or NULL: the first rmdir record of dir after the record
 * being undone (x->cur) with no rename onto or away from dir between
 * (the folder dir was when that record was made; att37); else, where the run
 * made dir and removed it again (a removal of what the run made is not
 * recorded), the newest "created" record of dir older than the record
 * being undone (x->cur), so that undoing it takes the folder again once
 * empty. Before, that folder was left in the workspace ("another file or
 * folder holds it now"): mkdir n && mv tree n/ && rm -rf n, restored,
 * left an empty n beside tree (att27, t0495). */
const struct manifest_rec *rs_folder_rec(const struct rctx *x, const char *dir);

/* The mode to make folder dir with: its rmdir record's, else the folder
 * mode r (may be NULL) recorded for its own parent, else 0755. */
unsigned rs_folder_mode(const struct rctx *x, const char *dir, const struct manifest_rec *r);

/* Dry run: the folders above path missing on disk that the run made
 * (rs_folder_rec() is their "created" record) are marked made again
 * (restore-sim.h SIM_MADE), as the real restore makes them on the way;
 * errno is kept. */
void rs_folder_sim_made(struct rctx *x, const char *path);

/* Dry run: what the run made at path, where this dry run's actions left
 * something (rs_sim_state() >= 0): the run's file a move-back put there
 * is said trashed, a folder rs_folder_sim_made() marked said removed
 * (the real restore takes it once empty: t0495); else nothing is said. */
void rs_folder_sim_take(struct rctx *x, const char *path);

#endif
