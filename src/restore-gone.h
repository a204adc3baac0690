/* restore-gone.h - a path the restore finds missing or holding a folder
 * because a folder renamed in the cycle went back, or was made again
 * (restore.c's records, moved out of restore.c). For restore*.c only. */
#ifndef FSJAIL_RESTORE_GONE_H
#define FSJAIL_RESTORE_GONE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "restore-int.h"

/* true when the cycle removed the folder at path (an "rmdir" record)
 * after its record number after (mv a b; rm -rf b): a folder there now
 * may be one a restore made again. */
bool rs_remade_after(const struct rctx *x, const char *path, size_t after);

/* true when sb, a folder found for f's object (f: a "renamed" record;
 * name in the folder pfd, at its old name or at "to"), is one a restore
 * made again for the folder the cycle removed at "to" after record
 * number after (rs_remade_after()): no record of the cycle names it by
 * identity and birth (rs_born_after(): an inode number given again is
 * not it), and this restore did not make it for another object
 * (x->made). The run's own folder (made, or moved there by the run:
 * att22, a new folder renamed over the one the run had moved away, the
 * other half of an exchange) is not that folder, whatever its name. */
bool rs_remade_folder(const struct rctx *x, const struct manifest_rec *f, size_t after, int pfd,
		      const char *name, const struct stat *sb);

#endif
