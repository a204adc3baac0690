/* broker-caller.h - who sent each request to the broker, and whether the
 * broker may act for that sender (broker-caller.c; unix(7) SO_PASSCRED,
 * SO_PASSPIDFD, SCM_CREDENTIALS, SCM_PIDFD).
 *
 * A broker socket is just a descriptor: inherited over fork and exec,
 * passed with SCM_RIGHTS, kept by a child that changed its uid or dropped
 * capabilities, written to by two processes at once. So the broker judges
 * the process that sent each request, from the credentials the kernel
 * attaches to every chunk it reads, never the one that connected (att21,
 * t0402-t0404). */
#ifndef FSJAIL_BROKER_CALLER_H
#define FSJAIL_BROKER_CALLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "broker-sender.h"
#include "caps-caller.h"

/* Ask the kernel to attach the sender's credentials (SO_PASSCRED) and,
 * where it can (Linux 6.5), a pidfd (SO_PASSPIDFD) to everything fd (a
 * listening or accepted Unix stream socket) receives. Returns 0, or -1
 * with errno set (the broker then does not serve fd). Off Linux: 0. */
int broker_caller_passcred(int fd);

/* Read up to len bytes of one sender from fd into buf (the kernel never
 * joins two senders' bytes in one read when credentials are passed);
 * *chunk (initialised here; caller releases) is that sender: named only
 * when credentials came, its pidfd from SCM_PIDFD or else pidfd_open(2)
 * at once. Descriptors the client sent are closed. Returns the byte
 * count (0: end of stream), or -1 with errno set. Off Linux a plain
 * read(2), the sender named as the connector. */
ssize_t broker_caller_recv(int fd, void *buf, size_t len, struct broker_sender *chunk);

/* true when pid is a descendant of this process (the supervisor), or the
 * supervisor itself: a process from another fsjail run, or from outside
 * any, is not, whatever session id it presents (ids can be read from
 * /proc/PID/environ by same-uid processes). A process the command left
 * behind that was reparented to init is not either: refused, failing
 * closed. Linux reads the parent chain from /proc/PID/stat; elsewhere
 * every pid is (only the uid is checked). */
bool broker_caller_in_tree(pid_t pid);

/* Before one request of sender s is handled: refuse it (returns -1, the
 * reason in why, n bytes) when s is unnamed, mixed, gone (its pidfd says
 * it exited, or it is a zombie), outside the run's process tree (walked
 * once per process and parent: a sender known by its pidfs inode whose
 * parent is the one it had is not walked again), of another uid than
 * this process's euid, or when its fsuid or fsgid now is not the
 * identity the kernel attached to its request; else lower
 * this thread's file capabilities to the sender's (caps_caller_lower()
 * with self) and return 1 with *saved (give it to caps_caller_restore()
 * after the request), or 0 when nothing was lowered (the supervisor's
 * own requests). Off Linux: 0. */
int broker_caller_enter(const struct caps_self *self, const struct broker_sender *s,
			uint64_t *saved, char *why, size_t n);

#endif
