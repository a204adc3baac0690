/* notify-unlink-host.h - a name looked at again in the host's folder: the
 * unlink's second look (notify-unlink.c), and the file of the host's under
 * a mount mask (an unlink's, or a rename's: notify-refer.c). */
#ifndef FSJAIL_NOTIFY_UNLINK_HOST_H
#define FSJAIL_NOTIFY_UNLINK_HOST_H

#include <stdbool.h>

#include "notify-int.h"

/* Whether the name of l (l->parent, l->name) no longer names the object
 * l->st describes: gone, or another inode. Reads nothing else. */
bool nj_unlink_changed(const struct loc *l);

/* Where the regular file l found in the command's view is a mount mask
 * (an empty file no one may write, over a file whose read the policy
 * denies: landlock-plan.c) and the host's folder (nj_host_parent()) holds
 * another regular file by that name, switch l to the host's: l->parent
 * becomes a new descriptor of that folder, l->obj an O_PATH of that file,
 * l->st its stat; the old descriptors are closed (l still owns its
 * descriptors, released by notify_loc_release()). The removal acts on the
 * host's file, so the backup and the trash keep its bytes and mode, not
 * the mask's. Anything else, or an error opening the host's file, leaves
 * l as it was. */
void nj_unlink_unmask(struct job *j, struct loc *l);

/* Whether l, found in the command's view, is such a mount mask over
 * another regular file of the host's (as nj_unlink_unmask() tells it).
 * Changes nothing but the folder nj_host_parent() keeps open. */
bool nj_loc_masked(struct job *j, const struct loc *l);

#endif
