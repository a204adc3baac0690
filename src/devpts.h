/* devpts.h - the command's own devpts instance at /dev/pts (att15), laid
 * in the sandbox's mount namespace as devshm.h's tmpfs is.
 *
 * Linux only; elsewhere devpts_mount() fails with ENOSYS. */
#ifndef FSJAIL_DEVPTS_H
#define FSJAIL_DEVPTS_H

#include <stdbool.h>

#include "util.h"

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
