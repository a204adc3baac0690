/* mask-alias.h - the other mounts through which a masked object is in
 * view (mask-alias.c). A mount mask covers one (mount, path) pair: the
 * same file or folder reached through a second mount of its filesystem
 * (a bind mount of the workspace or of a folder above it, a second mount
 * of the device) shows the host's object, and Landlock, whose rules sit
 * on inodes, grants it there as at the masked path (att30: a
 * `deny: [read]` .env read through a bind of the workspace). Linux only. */
#ifndef FSJAIL_MASK_ALIAS_H
#define FSJAIL_MASK_ALIAS_H

#include <stddef.h>

#include "mask-def.h"
#include "util.h"

/* Into *out (n_out entries; the caller frees each path and the array)
 * the masks to mount: each of masks[0..n) in its order, each followed
 * by the same mask at every other path where the current mount namespace
 * (/proc/self/mountinfo, read before any mask is mounted) shows the object
 * it covers, that object checked by identity (lstat: its dev and ino);
 * and, for a folder's mask, over each mount whose root lies inside that
 * folder (a pin excepted: such a mount is not the folder's ancestor).
 * A mountinfo that cannot be read or parsed fails the whole (fail
 * closed). Returns 0, or -1 with errno and err set. */
int mask_alias_list(const struct ll_mask *masks, size_t n, struct ll_mask **out, size_t *n_out,
		    struct fsj_error *err);

/* Free what mask_alias_list() gave (n entries). */
void mask_alias_free(struct ll_mask *list, size_t n);

#endif
