/* broker-mountop.h - which broker host operations a mount point in the
 * command's view refuses (broker-mountop.c), for broker-hostop.c. Not a
 * public interface. */
#ifndef FSJAIL_BROKER_MOUNTOP_H
#define FSJAIL_BROKER_MOUNTOP_H

#include "broker-hostop-int.h"

/* Why operation o, its targets resolved in the command's view, is refused
 * at a mount point there, or NULL. A name the operation removes or
 * replaces (delete, rename's two, link's new one, mkdir) is refused at
 * any mount point, as the kernel's EBUSY in the command's namespace: the
 * broker acts from its own, where fsjail's masks and pins are no mount
 * points. An object it changes (touch, chmod, link's old one, copy's
 * target written in place) only where the command's view shows another
 * object than the host's at that name: a read deny's HIDE mask, a tool
 * cache's overlay (a copy or touch saved the empty mask as .env's backup,
 * and a restore emptied .env). A bind of the host's own object there (a
 * pin, a READONLY bind, a mount the host already had in the workspace)
 * is the same file: the policy decides (att29: chmod of a volume the host
 * mounted in the workspace was refused). A copy's source is only read.
 * Static text; NULL on any other system, where no mount is made. A
 * failed look refuses. */
const char *broker_mount_refused(const struct op *o);

#endif
