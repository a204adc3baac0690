/* restore-sim-dir.h - a dry run of `fsjail backups restore` around a
 * planted symlink (issue undo33 item 2): a run that replaced a file or
 * folder by a symlink to elsewhere. The real restore trashes the link and
 * makes the folder again before the older records; the dry run, which
 * changes nothing, found the link on disk in their place (never followed:
 * O_NOFOLLOW) and said "not a regular file now", "cannot open its old
 * folder" or nothing where the real restore acts. Where restore-sim.h
 * says an earlier action took the object away or made it again, the dry
 * run does not look at the disk. For restore*.c only. */
#ifndef FSJAIL_RESTORE_SIM_DIR_H
#define FSJAIL_RESTORE_SIM_DIR_H

#include <stdbool.h>

#include "restore-int.h"

/* Dry run: true when the folder holding path was trashed, moved away or
 * made again (empty) by an earlier action of this dry run: what is on
 * disk there is not what the real restore would find. */
bool rs_sim_dir_new(const struct rctx *x, const char *path);

/* Dry run: r, a mode, owner and times record of a folder this dry run
 * made again (empty, new times): said as the real restore does it (a
 * "restore-meta" action), true; else false (not a dry run, or no such
 * folder: look at the disk). */
bool rs_sim_meta(struct rctx *x, const struct manifest_rec *r);

#endif
