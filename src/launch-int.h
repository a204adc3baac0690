/* launch-int.h - what launch.c (fork, exec, wait), launch-supervise.c
 * (its loop), launch-signals.c (the terminal and signal forwarding) and
 * launch-ns.c (the pid namespace and fsjail-init) share. launch.h is the
 * interface; nothing else includes this. */
#ifndef FSJAIL_LAUNCH_INT_H
#define FSJAIL_LAUNCH_INT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "launch.h"
#include "notify.h"
#include "util.h"

/* Where the child stopped short of running the command. */
enum launch_stage {
	LAUNCH_STAGE_SETUP = 1,    /* process group, parent-death signal */
	LAUNCH_STAGE_APPLY,        /* sandbox_apply() refused */
	LAUNCH_STAGE_EXEC,         /* the command could not be executed */
	LAUNCH_STAGE_EXEC_WRAPPER, /* the backend's wrapper (sandbox-exec) could not */
	LAUNCH_STAGE_LEFT,         /* none: fsjail-init's count at the end (launch-left.h) */
};

/* What the child writes to the report pipe instead of exec'ing. */
struct launch_report {
	int stage;  /* enum launch_stage */
	int errnum; /* errno of the failed call, 0 when text says it all */
	char text[sizeof(((struct fsj_error *)0)->text)];
};

/* Signals the parent catches. The first four are passed on to the
 * command's process group; SIGCHLD and SIGCONT drive the loop. */
/* In every file that includes this one (each uses it). */
static const int caught_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGCONT };
#define N_CAUGHT (sizeof(caught_signals) / sizeof(caught_signals[0]))
#define N_FORWARDED 4
/* The supervisor's bit for a terminal signal C reports as typed
 * (typed_handler, typed_take). */
#define TYPED_BIT(sig) ((sig) == SIGINT ? 1u : (sig) == SIGQUIT ? 2u : (sig) == SIGTSTP ? 4u : 0u)

/* Set by the handler, cleared by the loop; one per caught_signals entry. */
extern volatile sig_atomic_t launch_sig_pending[N_CAUGHT];
/* Write end of the self-pipe; -1 outside launch_run(). */
extern volatile sig_atomic_t launch_sig_wake_fd;
/* SIGCONTs fsjail received: tells whether a stop of fsjail took. */
extern volatile sig_atomic_t launch_cont_count;

struct supervisor {
	pid_t pid;               /* the child, also its process group id */
	pid_t pgrp;              /* the command's process group: pid, or (pid
				  * namespace) the command's own, once known */
	int hello[2];            /* pid namespace: the command tells its pid */
	sigset_t queued;         /* forwarded before the command's group was known */
	int tty;                 /* controlling terminal, -1 when none */
	bool tty_opened;         /* tty was opened here (/dev/tty): close it */
	bool give_tty;           /* fsjail was in the foreground at fork */
	bool child_stopped;
	bool catching[N_CAUGHT]; /* the handler is installed */
	struct sigaction saved[N_CAUGHT];
	struct sigaction saved_ttou;
	sigset_t saved_mask;     /* fsjail's signal mask before the run: the command's */
	sigset_t inherited_ign;  /* signals fsjail inherited as ignored: the command's too */
	int wake[2];             /* self-pipe: read end, write end */
	int typed[2];            /* C's reports of keys typed at the terminal (typed_handler) */
	unsigned typed_seen;     /* TYPED_BIT()s read from typed[0], not yet used */
	int report;              /* read end of the report pipe, -1 after EOF */
	struct notify *notify;   /* the create hook (notify.h), NULL when none */
	bool pidns;              /* run the command in its own pid namespace */
	int ended[2];            /* pid namespace: C's last word (ended_read) */
};

#include "launch-signals.h" /* launch-signals.c, launch-tty.c */

/* launch.c */
/* pipe() with both ends close-on-exec (and non-blocking when nonblock).
 * Returns 0, or -1 with errno set. */
int launch_cloexec_pipe(int fds[2], bool nonblock);
/* In a child: write the report to fd and _exit(code). */
FSJ_NORETURN void launch_child_fail(int fd, enum launch_stage stage, int errnum, const char *text,
				    int code);

/* launch.c: the last step of the child: exec the command (args; cmd is the
 * command line before a wrapper such as sandbox-exec was put in front of
 * it), or report why not on report_fd and end. */
FSJ_NORETURN void launch_child_exec(int report_fd, char **args, char **cmd);
/* launch-supervise.c: the parent's loop: wait for the report pipe, signals
 * and the child's end. Returns 0 with *wstatus set; 2 with *wstatus as C
 * told it before its own end (C not reaped yet); -1 with errno set. */
int launch_supervise(struct supervisor *s, struct launch_report *rep, size_t *rep_len,
		     int *wstatus);

#include "launch-ns.h" /* Linux: the pid namespace, its init */

#endif
