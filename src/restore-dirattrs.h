/* restore-dirattrs.h - the attributes `fsjail backups restore` puts back
 * on a folder it makes again (restore-rmdir.c), and how it says what of a
 * file's or folder's attributes it could not (restore-xattr.c). Not for
 * other callers. */
#ifndef FSJAIL_RESTORE_DIRATTRS_H
#define FSJAIL_RESTORE_DIRATTRS_H

#include "restore-int.h"

/* Put r's folder attributes (r->attrs: user.* and ACLs, backup_dirattrs.h)
 * on fd, the folder made again for r after its mode, owner and times, in
 * place of the ACLs it inherited from its folder; then r's mode again (an
 * ACL sets the group bits). What is not put back is said (rs_attrs_lost()). */
void rs_put_dir_xattrs(struct rctx *x, int fd, const struct manifest_rec *r);

/* Say that r's path came back without some extended attributes: an
 * "attrs-lost" action with detail (copied), counted neither done nor
 * failed. */
void rs_attrs_lost(struct rctx *x, const struct manifest_rec *r, const char *detail);

#endif
