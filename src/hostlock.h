/* hostlock.h - one lock for the threads that change the host's files on
 * the command's behalf: the seccomp listener (notify_handle(), every
 * call but the socket ones that can wait on a peer) and the broker (each
 * request line). Each of them looks at a name and then acts on it or
 * records what it found there; with both at work at once, a broker rename
 * could land on a name between the listener's look and its unlink (the
 * user's file removed with no backup) or its record (an older file taken
 * for one the run made), att4's race. Neither holder waits on the command
 * while it holds the lock (the broker queues its replies, the listener
 * opens FIFOs in a thread of their own), so holding it cannot deadlock. */
#ifndef FSJAIL_HOSTLOCK_H
#define FSJAIL_HOSTLOCK_H

/* Take and give back the lock; not recursive. No errors (pthread mutex
 * failures on a default mutex are programming errors: abort). */
void hostlock_take(void);
void hostlock_give(void);

#endif
