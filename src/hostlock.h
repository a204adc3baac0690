/* hostlock.h - one lock for the threads that change the host's files on
 * the command's behalf: the seccomp listener (notify_handle(), every
 * call but the socket ones that can wait on a peer) and the broker (each
 * request line). Each of them looks at a name and then acts on it or
 * records what it found there; with both at work at once, a broker rename
 * could land on a name between the listener's look and its unlink (the
 * user's file removed with no backup) or its record (an older file taken
 * for one the run made), att4's race. Neither holder waits on the command
 * while it holds the lock (the broker queues its replies, the listener
 * opens FIFOs in a thread of their own), so holding it cannot deadlock.
 *
 * Two runs on one workspace at once (issue 14, att5): once
 * hostlock_open() named the workspace, the lock also holds flock(2) on a
 * file of that workspace in the state folder, so the acts and records of
 * every run there are in one total order, and hostlock_seq() stamps each
 * record with its place in it (restore undoes the records of runs that
 * overlapped together, newest first: restore-group.h). */
#ifndef FSJAIL_HOSTLOCK_H
#define FSJAIL_HOSTLOCK_H

#include <stdint.h>

/* Take and give back the lock; not recursive. No errors (pthread mutex
 * failures on a default mutex, and flock(2) failures on a descriptor
 * hostlock_open() checked, are programming errors: abort). */
void hostlock_take(void);
void hostlock_give(void);

/* From now on the lock also holds the workspace lock of workspace (NULL:
 * runs without one share a lock): STATE/hostlock/ws-<FNV-1a 64 of the
 * path, hex>, a regular file of the caller's made 0600 in a 0700 folder,
 * opened O_NOFOLLOW|O_CLOEXEC (the state folder is protected: the command
 * reaches neither). Call before the listener and broker start. Returns
 * 0, or -1 with errno set (the file cannot be made or is not ours).
 * hostlock_close(): after they stopped; the workspace lock is let go. */
int hostlock_open(const char *state_dir, const char *workspace);
void hostlock_close(void);

/* The place of the record about to be written in the workspace's order:
 * strictly greater than every value given before under this workspace
 * lock (by any run), and at least CLOCK_REALTIME in nanoseconds (so a
 * counter lost in a crash still moves on). 0 when the calling thread
 * does not hold the lock or no workspace lock is open (the record then
 * takes its place after the one before it in its own manifest). */
uint64_t hostlock_seq(void);

#endif
