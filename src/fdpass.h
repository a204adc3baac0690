/* fdpass.h - pass one file descriptor over a Unix socket with SCM_RIGHTS
 * (STYLE.md point 8, after openssh's monitor_fdpass.c; unix(7), cmsg(3)).
 * Used by the create hook (notify.c) to hand the seccomp listener from the
 * child to the supervisor; the broker will use it for its FD replies. */
#ifndef FSJAIL_FDPASS_H
#define FSJAIL_FDPASS_H

/* Send fd over the connected Unix socket sock, with one data byte (a
 * stream or seqpacket socket cannot carry a control message alone).
 * MSG_NOSIGNAL: a closed peer gives EPIPE, not SIGPIPE. fd stays open in
 * the caller. Returns 0, or -1 with errno set. */
int fdpass_send(int sock, int fd);

/* Receive one descriptor sent by fdpass_send() on sock. The descriptor
 * arrives close-on-exec (MSG_CMSG_CLOEXEC); the caller owns it. A message
 * without exactly one descriptor, or with a truncated control part, is
 * refused with EBADMSG and any descriptors it carried are closed.
 * Returns 1 with *fd set, 0 at end of file (the peer closed without
 * sending), or -1 with errno set. */
int fdpass_recv(int sock, int *fd);

#ifdef __linux__
#include <stdint.h>
#include <sys/types.h>

/* Send value (4 bytes: a descriptor number of any size) over sock with
 * write(2); the receiver's SO_PASSCRED shows the caller's pid, uid and
 * gid (set by the kernel). Returns 0, or -1 with errno set. */
int fdpass_send_cred(int sock, uint32_t value);

/* Receive what fdpass_send_cred() sent on sock, whose SO_PASSCRED must be
 * set: *pid is the sender's pid as the kernel translates it into the
 * receiver's pid namespace (unix(7)). Returns 1 with *pid set, 0 at end of
 * file, or -1 with errno set (EBADMSG: no credentials came). value (NULL:
 * not wanted) gets the value sent (0 if fewer bytes came). */
int fdpass_recv_cred(int sock, pid_t *pid, uint32_t *value);
#endif

#endif
