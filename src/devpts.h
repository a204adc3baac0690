/* devpts.h - the command's own devpts instance at /dev/pts (att15), laid
 * in the sandbox's mount namespace as devshm.h's tmpfs is.
 *
 * Linux only; elsewhere devpts_mount() fails with ENOSYS. */
#ifndef FSJAIL_DEVPTS_H
#define FSJAIL_DEVPTS_H

#include <stdbool.h>
#include <stddef.h>

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

/* The most terminals devpts_own_ttys() finds: descriptors 0, 1, 2 and the
 * controlling terminal. */
#define DEVPTS_OWN_MAX 4

/* Where the run has no devpts instance of its own (no mount namespace,
 * att18), Landlock grants in /dev/pts only the caller's own terminals,
 * each a node of /dev/pts/N: the pty slave held on descriptor 0, 1 or 2
 * whose node is the very file the descriptor holds (device, inode, rdev,
 * as devpts_mount() checks), and the controlling terminal (the index
 * /dev/tty's TIOCGDEV gives; its node, opened O_NONBLOCK|O_NOCTTY, must
 * answer TIOCGSID, which only the caller's controlling terminal does).
 * Each found is in out (at most DEVPTS_OWN_MAX, no two the same file) as
 * an fd on its node (CLOEXEC, the caller's to close). Returns how many
 * (0 when there is none: not an error; a step that fails skips that
 * terminal: fail closed). */
size_t devpts_own_ttys(int out[DEVPTS_OWN_MAX]);

#endif
