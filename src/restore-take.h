/* restore-take.h - how `fsjail backups restore` takes away what a run
 * made, and says what it leaves (issue 12 item 1; restore-int.h is the
 * rest of the restore's inside). Not for other callers. */
#ifndef FSJAIL_RESTORE_TAKE_H
#define FSJAIL_RESTORE_TAKE_H

#include <stdbool.h>
#include <sys/stat.h>

#include "restore-int.h"
#include "restore-when.h" /* rs_changed_after(), which its callers need */

/* Take the object sb (its lstat, checked against the run's record) at
 * path, name rs_base_name(path) in the folder pfd, into the restore's own
 * cycle (backup_keep.h: never unlinked; a file also gets a trash entry):
 * a "trash" or, for a folder, "remove-folder" action naming the cycle,
 * with detail (may be NULL) added. A folder that holds anything the
 * restore left in it (each entry the run made was taken before it:
 * records are undone newest first) is left, and said with the first few
 * names; so is what another process renamed onto the name meanwhile (it
 * goes back), and everything where the cycle is on another filesystem.
 * A dry run says what would be done. */
void rs_take(struct rctx *x, int pfd, const char *path, const struct stat *sb, const char *detail);

/* An object left where a restore cannot tell the run made it, or must
 * not take it: a "leave" action (path, why), counted neither done nor
 * failed. */
void rs_leave(struct rctx *x, const char *path, const char *why);

/* A "restore-content" action for path; later: the file changed after
 * the run, and the version overwritten is kept in the restore's own cycle
 * (named in the detail and in "kept_in"; a dry run says it would be). */
void rs_restored(struct rctx *x, const char *path, bool later);

#endif
