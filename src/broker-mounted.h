/* broker-mounted.h - a broker host operation's path that is a mount point
 * in the command's view (broker-mounted.c), for broker-hostop.c. Not a
 * public interface. */
#ifndef FSJAIL_BROKER_MOUNTED_H
#define FSJAIL_BROKER_MOUNTED_H

#include <stdbool.h>

#include "broker-int.h"

/* true when target t exists and is the root of a mount in the command's
 * view (t->dirfd, t->name): a read deny's HIDE mask, a READONLY bind, a
 * pin. What the command sees there is not the host's file at that name:
 * a copy or touch saved the empty mask as .env's backup (a restore then
 * emptied .env), a rename moved the host's file from under the mask.
 * false on any other system, where no mount is made. No errors (a failed
 * look is false: the operation then meets the file as before). */
bool broker_target_mounted(const struct target *t);

#endif
