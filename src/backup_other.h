/* backup_other.h - the record of a change that saves no content
 * (backup_before_change(): META, REMOVE of a symlink or FIFO), moved out
 * of backup.c. For backup*.c only (it takes the cycle's lock held). */
#ifndef FSJAIL_BACKUP_OTHER_H
#define FSJAIL_BACKUP_OTHER_H

#include <sys/stat.h>

#include "backup.h"

struct backup_cycle;

/* One record of the object sb (open as fd, at path), the first per file
 * per cycle. A folder whose only record so far is of its times before
 * the run changed its entries (backup_dir_times(), "entries": restore
 * sets those back only where it changed an entry, and a cycle of names
 * the run made and removed is dropped with it) still gets one record of
 * its mode, owner and times at its first chmod, chown or utimes: without
 * it that change would not be undone. The cycle's lock held. Returns 0,
 * or -1 with errno set (refuse the change). */
int backup_other_locked(struct backup_cycle *bc, int fd, const char *path, const struct stat *sb,
			enum backup_change what);

#endif
