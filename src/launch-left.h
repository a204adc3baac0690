/* launch-left.h - the processes of the command still running when the
 * command itself ended (msg32): the pid namespace's end stops them
 * (pid_namespaces(7)), and fsjail says so instead of ending a dev server
 * started with '&' silently. C, fsjail-init's parent (launch-ns.c), counts
 * them in the namespace's own /proc while I waits, and tells the supervisor
 * through its report pipe; runmsg-stopped.h says it. */
#ifndef FSJAIL_LAUNCH_LEFT_H
#define FSJAIL_LAUNCH_LEFT_H

#include <stddef.h>

/* Command names kept of the processes still running: the rest counted. */
#define LAUNCH_LEFT_NAMES 4
/* A command name's bytes (TASK_COMM_LEN), its NUL included. */
#define LAUNCH_LEFT_COMM 16

struct launch_left {
	long count;    /* processes still running; -1: not known (no pid namespace, its /proc
			* not the namespace's, or fsjail-init's report did not come) */
	size_t n_names; /* names[0..n_names-1]: the first ones found, at most LAUNCH_LEFT_NAMES */
	/* each NUL-terminated, any other bytes the process chose (prctl(2)
	 * PR_SET_NAME): escape before printing */
	char names[LAUNCH_LEFT_NAMES][LAUNCH_LEFT_COMM];
};

/* What the last launch_run() learnt (owned by launch-left.c, valid until
 * the next launch_run()). Never NULL. */
const struct launch_left *launch_last_left(void);

struct launch_report;

/* In C (outside the namespace, unsandboxed, under no seccomp filter: its
 * opens are not trapped), I having reported the command's end: list the
 * namespace's /proc for processes other than I (pid 1) that are not
 * zombies, and write one LAUNCH_STAGE_LEFT report to report_fd: errnum the
 * count (-1 when /proc is not the namespace's: C has a /proc/self), text the
 * first LAUNCH_LEFT_NAMES command names, LAUNCH_LEFT_COMM bytes each. A
 * report already in the pipe (the command's failed exec) wins: the
 * supervisor reads only the first. Errors leave the count unknown. */
void launch_left_send(int report_fd);

/* In the supervisor, the child ended: when rep (rep_len bytes read; NULL:
 * a new run) is a whole LAUNCH_STAGE_LEFT report, keep its count and names
 * for launch_last_left() and return 1; else forget the last (count -1) and
 * return 0. */
int launch_left_take(const struct launch_report *rep, size_t rep_len);

#endif
