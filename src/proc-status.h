/* proc-status.h - what /proc/PID/status says of a process now: state,
 * parent, uids, gids and effective capabilities (proc-status.c;
 * proc_pid_status(5)). Read by the broker for each request's sender
 * (broker-caller.c). Linux only. */
#ifndef FSJAIL_PROC_STATUS_H
#define FSJAIL_PROC_STATUS_H

#include <stdbool.h>

struct proc_status {
	char state; /* 'R', 'S', ..., 'Z' (zombie), 'X' (dead) */
	long ppid;
	unsigned long uid[4], gid[4]; /* real, effective, saved, fs */
	unsigned long long cap_eff;
};

/* Read the status of the process whose /proc folder is procfd (a
 * descriptor, borrowed) into st. Returns 0, or -1 when it cannot be read
 * or lacks one of those lines (st is then partly filled). Not
 * thread-safe: one buffer (the broker thread's). */
int proc_status_read(int procfd, struct proc_status *st);

#endif
