/* backup_large.h - a change of a pre-existing file over
 * backup.max_size_mb (DESIGN.md section 9; undo33 item 4). Where the
 * store's filesystem clones (FICLONE: the extents shared, nothing
 * copied), the file is kept by a clone whatever its size, as the
 * snapshot method does: the size cap is on copies, which cost time and
 * disk. Else the change is refused (backup.on_too_large: refuse) or goes
 * on unsaved and is said (allow, the default). Part of backup.c (locked
 * by the cycle's lock). */
#ifndef FSJAIL_BACKUP_LARGE_H
#define FSJAIL_BACKUP_LARGE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#include "backup-int.h"

/* Keep the regular file fd (sb: its stat; dirfd and name reach it when
 * fd cannot be read: backup_copy_readable()) by a clone in a new file of
 * the folder filesfd, named by the first free number from *next on
 * (written to num, n bytes). Never a copy: returns 0, or -1 with errno
 * set (EOPNOTSUPP, EXDEV, EINVAL: no clone here; ENOTSUP off Linux) and
 * nothing left in filesfd. */
int backup_large_clone(int filesfd, unsigned long *next, int fd, int dirfd, const char *name,
		       const struct stat *sb, char *num, size_t n);

/* A change of path (sb: its stat) that goes on unsaved: said at the time,
 * in the audit log (call, cap), the status stream and one line on stderr,
 * "fsjail: not kept: PATH (N MB, over backup.max_size_mb: M MB)", and
 * kept for backup_large_said(). */
void backup_large_skipped(const struct backup_cycle *bc, const char *call, const char *path,
			  const struct stat *sb, enum fsj_cap cap);

/* After the run (backup_cycle_free(): its cycle is done with): the
 * changes backup_large_skipped() said, again on out, under one line that
 * says restore cannot bring them back; then forgotten. Nothing when none. */
void backup_large_said(FILE *out);

#endif
