/* backup_keep.h - what `fsjail backups restore` takes away is never
 * unlinked (issue 12 item 1, att6/rm14): a name a run made goes into the
 * restore's own cycle (backup.h), by a rename between folder descriptors
 * the caller holds, and is checked there; `backups restore --cycle` of
 * that cycle brings it back. */
#ifndef FSJAIL_BACKUP_KEEP_H
#define FSJAIL_BACKUP_KEEP_H

#include <sys/stat.h>

#include "backup.h"

/* Move name in the folder dirfd (opened by the caller O_DIRECTORY|
 * O_NOFOLLOW; path: its absolute spelling) into bc's files/ as the object
 * want (its lstat, checked by the caller against the run's record): first
 * its record in bc's manifest (a regular file "remove" method "move"; a
 * folder "rmdir"; a symlink or FIFO "special"; a socket none), then renameat2(2)
 * RENAME_NOREPLACE into files/<n>, then the object that arrived is checked
 * by fstatat(2) there: want's st_dev, st_ino and type, and a folder still
 * empty. What another process renamed onto the name in between is not
 * want: it is renamed back (RENAME_NOREPLACE). home (may be NULL): a
 * non-folder kept also gets an entry in home's trash,
 * a hard link of files/<n> (trash.h trash_batch_put(); none across
 * filesystems, said in *note).
 * Returns 1: taken, kept as files/<n> of cycle backup_cycle_name(bc);
 * 0: what came to the name was not want and went back (*note says so; if
 * it could not go back it stays in files/, said too); -1 with errno:
 * nothing moved (EXDEV: the cycle is on another filesystem; EINVAL:
 * a device; ENOTEMPTY: a folder not empty;
 * a record that could not be written). *note (may be NULL): a new string
 * or NULL, the caller frees. Thread-safe (bc's lock). */
int backup_keep_take(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
		     const struct stat *want, const char *home, char **note);

/* Record in bc's manifest that the restore made the object sb (its
 * lstat, just made) at path again: a "created" record (manifest.h; a
 * restore of bc takes it away again), with, when for is not NULL, the
 * identity of the object it stands for (for->st_dev, st_ino: what the
 * run's record named), and "seq", CLOCK_REALTIME ns now (an object at
 * path born later is not this one). A later restore of an older run reads
 * it (restore-remade.h). 0, or -1 with errno set (nothing written: that
 * restore then leaves the object, and says so). Thread-safe. */
int backup_keep_made(struct backup_cycle *bc, const char *path, const struct stat *sb,
		     const struct stat *was);

#endif
