/* broker-admit.h - whether the broker serves a connection it accepted
 * (broker-admit.c; DESIGN.md sections 8 and 10). Every connection it
 * does not serve is a refusal: an audit line with the reason, "DENY" to
 * the peer where it can be written, and the connection closed. */
#ifndef FSJAIL_BROKER_ADMIT_H
#define FSJAIL_BROKER_ADMIT_H

#include "broker-int.h"

/* Refuse the connection fd (owned: closed here) for detail (the reason,
 * borrowed): a "connect" "deny" audit line of b with detail, then "DENY"
 * written to fd (a failed write is ignored: the peer may be gone). */
void broker_admit_refuse(struct broker *b, int fd, const char *detail);

/* Decide whether b serves fd, a connection just accepted on its socket
 * (owned: kept on success, closed on a refusal): the kernel must attach
 * each sender's credentials to what fd receives (broker_caller_passcred()),
 * the peer must have this process's euid and be in the run's process tree
 * (or be this process, connecting for a caller it queued, peerq.h), a
 * client place must be free, and the peer's view (broker_view_open())
 * must open. Returns that view's root descriptor (caller owns it), or -1
 * after broker_admit_refuse() with the reason naming what failed (errno
 * text included where a system call failed). */
int broker_admit(struct broker *b, int fd);

#endif
