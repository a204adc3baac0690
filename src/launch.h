/* launch.h - the supervisor: fork, apply the sandbox in the child, exec,
 * forward signals, and map the child's end to fsjail's exit status
 * (DESIGN.md section 1). */
#ifndef FSJAIL_LAUNCH_H
#define FSJAIL_LAUNCH_H

#include "sandbox.h"
#include "util.h"

/* Run argv (argv[0] looked up in PATH as execvp does) under sb.
 * stdin, stdout, stderr and the terminal pass through; the child gets its
 * own process group, and SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to fsjail
 * are forwarded to that group. On Linux the command runs in its own pid
 * namespace under a small init (launch.c), so that no process of it
 * outlives fsjail, even one killed with SIGKILL; FSJAIL_NO_PID_NAMESPACE=1
 * turns that off, and a pid namespace that cannot be made is a 125 with
 * the reason. Returns fsjail's exit status: the child's
 * exit status, 128+N when it died of signal N, 126 when the command could
 * not be executed, 127 when it was not found, or 125 when the sandbox could
 * not be applied (err set; the command never ran). */
int launch_run(struct sandbox *sb, char *const argv[], struct fsj_error *err);

/* The signal number the command of the last launch_run() died of (its
 * wait status), or 0: it exited, or was never waited for. Tells a death
 * by signal N from a command that exits with 128+N itself. */
int launch_last_signal(void);

/* When the last launch_run() could not execute its command with EACCES
 * (126): where fsjail's own PATH search (execvp's, outside the sandbox)
 * finds argv[0], as found (relative when argv[0] is); else NULL. Owned by
 * launch.c, valid until the next launch_run(). */
const char *launch_last_exec_denied(void);

/* Whether the listener of the last launch_run() watched every call of the
 * command that could change where a git repository is (installed, wide:
 * every name made, moved or linked, and every write-capable open, trapped
 * and performed by the supervisor when backups are on) and, unless
 * any_shape, saw none (notify.h struct notify_stats: shape == 0). false
 * when there was no listener or backups were off. The broker's host
 * operations are not the listener's: see broker_clients(). */
bool launch_last_left_repos(bool any_shape);

/* Whether launch_run() puts the command in a pid namespace of its own
 * (Linux, unless FSJAIL_NO_PID_NAMESPACE=1), whose end ends every process
 * of the command before launch_run() returns; a namespace that cannot be
 * made fails the run. */
bool launch_pidns_wanted(void);

/* After launch_run(), once every clean-up is done, as the last step before
 * exiting: wait for the end of the mirror process C, which launch_run()
 * leaves ending (its exit takes the namespaces down while the caller
 * finishes the run). Then, when the command died of SIGINT or SIGQUIT
 * typed at the terminal it held while fsjail was in the terminal's
 * foreground (known only with the pid namespace: C, in the command's
 * group, saw the kernel's terminal driver send it, si_code SI_KERNEL; a
 * signal from a process never counts), send that signal to fsjail's own
 * process group, fsjail included, with its default action. The terminal gave the key to the command's group alone;
 * without fsjail it would have reached the caller too, and a shell breaks
 * its loop only when it gets SIGINT itself and its child died of it (bash;
 * "Proper handling of SIGINT/SIGQUIT", https://www.cons.org/cracauer/sigint.html).
 * Does not return when the signal ends fsjail; returns at once otherwise
 * (no such signal, or fsjail inherited it as ignored). */
void launch_pass_terminal_signal(void);

/* Ignore SIGPIPE in fsjail for its whole life, first noting how it was
 * inherited, so that the command gets it as fsjail got it. A reader of
 * --status-fd, --report's pipe or stderr that goes away makes fsjail's
 * write fail with EPIPE, which it handles; SIGPIPE killed fsjail (exit
 * 141) while the command ran on without its listener and its backups.
 * Call first thing in `fsjail run` (the other commands are filters: a
 * reader gone ends them as it ends cat). */
void launch_signals_early(void);

/* Run fn(arg) in the parent right after the fork of the next launch_run(),
 * before the command is let go: the place to start threads (the broker),
 * which must not exist across fork(). A failure (-1 with err set) ends
 * the command before it runs and launch_run() returns 125. fn NULL
 * clears it. */
void launch_after_fork(int (*fn)(void *arg, struct fsj_error *err), void *arg);

#endif
