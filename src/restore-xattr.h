/* restore-xattr.h - how `fsjail backups restore` gives a file its
 * extended attributes back (restore-int.h is the rest of the restore's
 * inside). Not for other callers. */
#ifndef FSJAIL_RESTORE_XATTR_H
#define FSJAIL_RESTORE_XATTR_H

#include <stdbool.h>

#include "restore-int.h"

/* The extended attributes of src (the cycle's file) onto fd, the file
 * made again for r (after its content, owner and mode: a chown drops
 * security.capability), in place of the ACLs it inherited from its
 * folder; then r's mode again (an ACL sets the group bits). What is not
 * kept, by the cycle's copy (r's xattrs_lost) or now, is said: an
 * "attrs-lost" action (path, detail), counted neither done nor failed. */
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
