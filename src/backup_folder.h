/* backup_folder.h - the records of folders in a backup cycle (backup.h;
 * backup_folder.c), apart so backup.h stays small. */
#ifndef FSJAIL_BACKUP_FOLDER_H
#define FSJAIL_BACKUP_FOLDER_H

#include "util.h"

struct backup_cycle;

/* A folder is about to be removed: record its mode, owner and times for
 * restore (its parent's times first, backup_dir_times()). Returns 0, or
 * -1 with err and errno set: refuse the rmdir. */
int backup_before_rmdir(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			const char *call, struct fsj_error *err);

/* An entry path (absolute, resolved) of the folder dirfd is about to be
 * made, removed or renamed in or out: before the first such change per
 * folder per cycle, a "meta" record of the folder (its mode, owner,
 * atime and mtime, "entries": true; manifest.h) so restore sets its
 * times back after its entries (the record is older than theirs: undone
 * after them, deepest folder first), where it changed any of them
 * (restore-other.c). Nothing without a cycle, for "/", a
 * temporary folder, one the run made (or born after the cycle began), or
 * one recorded already (nor for snapshot.h's calls, "snapshot": their
 * folder is a staged copy); the path set makes a repeat cost no system call
 * (the first costs an fstat and a statx). Returns 0, or -1 with errno
 * set when dirfd is no folder or the record cannot be written: the
 * caller refuses the change. */
int backup_dir_times(struct backup_cycle *bc, int dirfd, const char *path);

#endif
