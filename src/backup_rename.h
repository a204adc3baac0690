/* backup_rename.h - the records of a rename before it is done, shared by
 * the listener (notify_op_rename()) and the broker's host rename
 * (backup_run.c), apart so backup.h stays small. */
#ifndef FSJAIL_BACKUP_RENAME_H
#define FSJAIL_BACKUP_RENAME_H

#include <stdbool.h>
#include <sys/stat.h>

#include "util.h"

struct backup_cycle;

/* The object st (at from, an entry of folder fdir) is about to be renamed
 * to "to" (the entry tname of folder tdir); over: what is at "to" now
 * (stat, not followed), or NULL; exchange: RENAME_EXCHANGE. Records, in
 * this order: a folder renamed over that the run did not make, like its
 * rmdir (backup_before_rmdir(): rename(2) removes an empty folder it
 * replaces; restore makes it again after moving the renamed one back),
 * both folders' times (backup_dir_times()), the rename, and for an
 * exchange its second half (backup_note_renamed()). A file renamed over
 * is saved by the caller before (backup_before_change()); call the name
 * of the call for the audit log (NULL: "notify"). Nothing without a
 * cycle. Returns 0, or -1 with err and errno set: refuse the rename. */
int backup_before_rename(struct backup_cycle *bc, int fdir, const char *from, const struct stat *st,
			 int tdir, const char *tname, const char *to, const struct stat *over,
			 bool exchange, const char *call, struct fsj_error *err);

#endif
