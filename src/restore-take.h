/* restore-take.h - how `fsjail backups restore` takes away what a run
 * made, and says what it leaves (issue 12 item 1; restore-int.h is the
 * rest of the restore's inside). Not for other callers. */
#ifndef FSJAIL_RESTORE_TAKE_H
#define FSJAIL_RESTORE_TAKE_H

#include <stdbool.h>
#include <sys/stat.h>

#include "restore-int.h"

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

/* true when sb (an object at r's path now) changed after the runs
 * restored ended (its ctime is later than the newest end of their cycles:
 * commit.json's mtime; a run killed before it wrote one: never said). */
bool rs_changed_after(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb);

/* Before the first record: when each of the n cycles (folders cyclefds)
 * ended, into x->ended (freed by the caller). */
void rs_ended_begin(struct rctx *x, const int *cyclefds, size_t n);

/* A "restore-content" action for path; later: the file changed after
 * the run, and the version overwritten is kept in the restore's own cycle
 * (named in the detail and in "kept_in"; a dry run says it would be). */
void rs_restored(struct rctx *x, const char *path, bool later);

/* The extended attributes of src (the cycle's file) onto fd, the file
 * made again for r (after its content, owner and mode: a chown drops
 * security.capability), then r's mode again (an ACL sets the group
 * bits). What is not kept, by the cycle's copy (r's xattrs_lost) or now,
 * is said: an "attrs-lost" action (path, detail), counted neither done
 * nor failed. */
void rs_put_xattrs(struct rctx *x, int src, int fd, const struct manifest_rec *r);

/* true when fd (a file now) carries the user.* extended attributes src
 * (the cycle's copy) does, with the same values, and no other (att15: the
 * command sets and removes them; security.*, trusted.* and ACLs it
 * cannot change on a file older than the run). Elsewhere than Linux: true. */
bool rs_same_user_xattrs(int fd, int src);

/* Give fd, whose content was just put back in place from src, src's
 * user.* extended attributes, removing those src lacks; nothing when r
 * says the cycle's copy lost some (its xattrs_lost). A failure is said
 * (rs_act_errno()). */
void rs_put_user_xattrs(struct rctx *x, int src, int fd, const struct manifest_rec *r);

#endif
