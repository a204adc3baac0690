/* notify-pty.h - a trapped open of a pseudo-terminal where the run has no
 * devpts instance of its own (notify-pty.c, att18), which op_open_existing()
 * (notify-ops.c) hands over. Linux only; internal to the notify-*.c
 * files. */
#ifndef FSJAIL_NOTIFY_PTY_H
#define FSJAIL_NOTIFY_PTY_H

#include <stdbool.h>
#include <stdint.h>

struct job;
struct loc;
struct notify;

/* Where the run has no devpts instance of its own (notify_set_landlock()):
 * set nt->own_pts and note in nt->own_tty the command's own terminals
 * (devpts_own_ttys(), by device and inode). */
void nj_pty_note(struct notify *nt);

/* Where the hook notes the command's own terminals (nj_pty_note():
 * Landlock grants nothing else in the host's /dev/pts) and l (an existing
 * object in the caller's view) is a pty slave (UNIX98 majors 136-143)
 * other than those: the open, with the caller's flags (its O_ACCMODE and
 * O_NONBLOCK; O_NOCTTY always: the supervisor opens it), is performed
 * only for a pty the caller made itself (none of those noted by
 * nj_pty_note_host()), through TIOCGPTPEER on the master of it that the
 * caller holds (a /dev/ptmx descriptor whose fdinfo names
 * that index, and whose peer is the very node l names: device, inode),
 * and handed in; any other, another terminal of the host, is refused
 * (EACCES) and recorded. writes: the open writes (the refusal's
 * capability). Returns true when the call was answered, false when l is
 * no such pty (the caller goes on). */
bool nj_pty_open(struct job *j, const struct loc *l, uint64_t flags, bool writes);

struct notify;

/* Before the command starts (notify_new()): note in nt->host_pty the ptys
 * the host's /dev/pts holds now, the index of each name there. A master of
 * one of them that the command holds (inherited, received) is no pty the
 * command made: nj_pty_open() refuses its slave. Where the folder cannot
 * be read, or an index is NJ_HOST_PTY_MAX or more, every pty counts as
 * one (nt->host_pty_all: fail closed). No error. */
void nj_pty_note_host(struct notify *nt);

#endif
