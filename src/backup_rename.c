/* backup_rename.c - see backup_rename.h. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "backup-int.h"
#include "backup_copy.h"
#include "backup_folder.h"
#include "backup_rename.h"

int backup_before_rename(struct backup_cycle *bc, int fdir, const char *from, const struct stat *st,
			 int tdir, const char *tname, const char *to, const struct stat *over,
			 bool exchange, const char *call, struct fsj_error *err)
{
	int saved;

	if (!bc)
		return 0;
	/* An empty folder renamed over is removed by the rename: recorded as
	 * its rmdir is. One the run made (born after the cycle began) is not
	 * (nor by backup_before_rmdir() one it made through the listener). */
	if (over && !exchange && S_ISDIR(over->st_mode) &&
	    !backup_born_after(tdir, tname, &bc->start) &&
	    backup_before_rmdir(bc, tdir, tname, to, call, err) < 0)
		return -1;
	if (backup_dir_times(bc, fdir, from) == 0 && backup_dir_times(bc, tdir, to) == 0 &&
	    backup_note_renamed(bc, from, to, st->st_dev, st->st_ino, false) == 0 &&
	    (!exchange || !over ||
	     backup_note_renamed(bc, to, from, over->st_dev, over->st_ino, true) == 0))
		return 0;
	saved = errno ? errno : EIO;
	fsj_error_set(err, NULL, 0, 0, "the rename cannot be recorded for undo: %s",
		      strerror(saved));
	errno = saved;
	return -1;
}
