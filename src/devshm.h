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

/* The pseudo-terminals (att15): a rule granting write in /dev/pts would
 * hand the command every terminal of its user on the host (the slave
 * /dev/pts/N of another window, mode 0620, its owner's): it read what was
 * typed there (a password) and wrote there, as bubblewrap's and firejail's
 * own /dev/pts instance prevent. The run gets a devpts instance of its own
 * at /dev/pts instead (Linux 4.7: each mount is a new instance, and
 * /dev/ptmx opens in the instance at its sibling "pts"), so ptys the command
 * makes work and the host's are not there. Descriptors it inherits (its
 * own terminal on 0, 1, 2) and /dev/tty keep working. */
#define DEVPTS_PATH "/dev/pts"

/* true when path (absolute, normalised) is /dev/pts or lies beneath it. */
bool devpts_covers(const char *path);

/* In the child, as devshm_mount(): mount a new devpts instance over
 * /dev/pts (ptmxmode 0666, mode 0620, nosuid, noexec). The caller's own
 * terminal (the first of descriptors 0-2 that is a pty of the host's
 * /dev/pts, index at most 1023) keeps its name: the host's node of it is
 * mounted over the node of the instance's pty of the same index, made for
 * that and whose master this process keeps open (CLOEXEC: the name lasts
 * while fsjail-init does, and goes at exec where there is none); that is
 * best effort, the terminal then has no name there. Returns 0, or -1 with
 * err naming the step and errno. */
int devpts_mount(struct fsj_error *err);

#endif
