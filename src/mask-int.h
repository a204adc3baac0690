/* mask-int.h - mask.c's helpers shared with mask-probe.c. */
#ifndef FSJAIL_MASK_INT_H
#define FSJAIL_MASK_INT_H

#include <stdbool.h>

/* A detached tmpfs (fsopen(2), fsmount(2)): empty, mode 0555, 16 KiB,
 * nosuid, nodev, noexec, and read-only unless writable is set. Returns
 * the mount's descriptor (close-on-exec, the caller's), or -1 with errno
 * set. Linux only. */
int mask_tmpfs_make(bool writable);

#endif
