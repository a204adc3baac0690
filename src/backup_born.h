/* backup_born.h - whether a file was made after a moment: what the
 * backup store (backup.c, backup_folder.c, backup_rename.c) and the
 * snapshot (snapshot.c) ask of a name before they keep it. */
#ifndef FSJAIL_BACKUP_BORN_H
#define FSJAIL_BACKUP_BORN_H

#include <stdbool.h>
#include <time.h>

/* true when the file name in dirfd (not followed if a symlink) was born
 * (statx STATX_BTIME; macOS st_birthtimespec) at or after t
 * (CLOCK_REALTIME). false when it is older, absent, or the filesystem
 * keeps no birth time (callers fail closed: one backup too many). */
bool backup_born_after(int dirfd, const char *name, const struct timespec *t);

#endif
