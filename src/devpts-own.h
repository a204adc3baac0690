/* devpts-own.h - the command's own terminals in the host's /dev/pts, where
 * the run has no devpts instance of its own (devpts-own.c, att18).
 *
 * Linux only; elsewhere devpts_own_ttys() finds none. */
#ifndef FSJAIL_DEVPTS_OWN_H
#define FSJAIL_DEVPTS_OWN_H

#include <stddef.h>

/* UNIX98_PTY_SLAVE_MAJOR: a pty's slave is (136, index) (20-bit minors). */
#define PTS_SLAVE_MAJOR 136U

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
