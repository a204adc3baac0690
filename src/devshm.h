/* devshm.h - a private /dev/shm for the command (issue 12): a fresh tmpfs
 * mounted over /dev/shm in the sandbox's own mount namespace, as
 * `bwrap --dev /dev` gives, so that POSIX shared memory and semaphores
 * (shm_open(3), sem_open(3): python's multiprocessing, Chromium) work
 * while the host's /dev/shm, where other processes keep their live
 * segments, stays out of reach. The policy grants read, write, create and
 * delete there through the baseline's ${PRIVATE_SHM} entries (set only
 * when the mount will be made: ll_devshm_available()); the Landlock rule
 * is opened after the mount, so it lies on the new tmpfs's root. Where no
 * mount namespace can be made the baseline leaves /dev/shm protected, as
 * before. The listener and the backups treat it as a temporary folder.
 *
 * Linux only; elsewhere devshm_mount() fails with ENOSYS and
 * devshm_target_ok() is false. */
#ifndef FSJAIL_DEVSHM_H
#define FSJAIL_DEVSHM_H

#include <stdbool.h>

#include "util.h"

#define DEVSHM_PATH "/dev/shm"

/* true when path (absolute, normalised) is /dev/shm or lies beneath it. */
bool devshm_covers(const char *path);

/* true when the host's /dev/shm is a directory (not a symlink: some
 * systems link it to /run/shm) that a tmpfs can be laid over. */
bool devshm_target_ok(void);

/* In the child, in a private mount namespace it may mount in (mask.c
 * mask_ns_enter()), before landlock_restrict_self(): mount a fresh tmpfs
 * over /dev/shm, mode 1777, nosuid and nodev, its size that of the host's
 * /dev/shm (statvfs(3); the kernel's default, half of RAM, when that
 * cannot be read). The target is opened without following symlinks and
 * the mount made from that descriptor (fsopen(2), fsmount(2),
 * move_mount(2)). Returns 0, or -1 with err naming the step and errno. */
int devshm_mount(struct fsj_error *err);

#endif
