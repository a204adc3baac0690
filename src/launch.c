/* launch.c - the supervisor: fork, apply the sandbox in the child, exec,
 * pass signals and the terminal on, and turn the child's end into fsjail's
 * exit status (DESIGN.md section 1; bubblewrap's main, openssh's
 * sandbox-*.c).
 *
 * The parent learns whether the child reached exec through a close-on-exec
 * pipe: an exec that succeeds writes nothing (the count of processes left
 * at the end aside, launch-left.h); a child that stops short writes one
 * struct launch_report and exits 125, 126 or 127.
 * Signals reach the parent's poll() loop through a self-pipe, so the loop
 * never races a signal against a blocking call. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#endif

#include "landlock-early.h"
#include "launch-int.h"
#include "launch-left.h"
#include "launch-lookup.h"
#include "prefault.h"
#include "timing.h"

/* pipe() with both ends close-on-exec (and non-blocking when nonblock):
 * no fd fsjail opens may reach the command (STYLE.md point 15). */
int launch_cloexec_pipe(int fds[2], bool nonblock)
{
#ifdef __linux__
	return pipe2(fds, O_CLOEXEC | (nonblock ? O_NONBLOCK : 0));
#else
	int p[2], i;

	if (pipe(p) < 0)
		return -1;
	for (i = 0; i < 2; i++) {
		if (fcntl(p[i], F_SETFD, FD_CLOEXEC) < 0 ||
		    (nonblock && fcntl(p[i], F_SETFL, O_NONBLOCK) < 0)) {
			i = errno;
			close(p[0]);
			close(p[1]);
			errno = i;
			return -1;
		}
	}
	fds[0] = p[0];
	fds[1] = p[1];
	return 0;
#endif
}

/* Write the report and end the child without running atexit handlers or
 * flushing stdio buffers that belong to the parent. */
FSJ_NORETURN void launch_child_fail(int fd, enum launch_stage stage, int errnum,
				    const char *text, int code)
{
	struct launch_report r;

	memset(&r, 0, sizeof(r));
	r.stage = (int)stage;
	r.errnum = errnum;
	snprintf(r.text, sizeof(r.text), "%s", text ? text : "");
	(void)write_all(fd, &r, sizeof(r));
	_exit(code);
}

/* See launch-int.h. */
FSJ_NORETURN void launch_child_exec(int report_fd, char **args, char **cmd)
{
	int e;

	if (args != cmd) {
		/* A wrapper (sandbox-exec) applies the sandbox and execs the
		 * command itself. */
		e = launch_command_lookup(cmd[0], NULL);
		if (e)
			launch_child_fail(report_fd, LAUNCH_STAGE_EXEC, e, NULL,
				   e == ENOENT ? FSJ_EXIT_NOTFOUND : FSJ_EXIT_NOEXEC);
		execv(args[0], args);
		launch_child_fail(report_fd, LAUNCH_STAGE_EXEC_WRAPPER, errno, args[0], FSJ_EXIT_ERROR);
	}
	execvp(args[0], args);
	e = errno;
	launch_child_fail(report_fd, LAUNCH_STAGE_EXEC, e, NULL,
		   e == ENOENT ? FSJ_EXIT_NOTFOUND : FSJ_EXIT_NOEXEC);
}

/*
 * ===================== trust boundary: the forked child =====================
 * Runs with all of fsjail's rights until sandbox_apply() returns, and with
 * only the sandbox's afterwards; then it becomes the command. Nothing here
 * may return to fsjail's code: every way out is exec or _exit(). No fd
 * other than stdin, stdout and stderr survives the exec (all CLOEXEC).
 * =============================================================================
 */
FSJ_NORETURN static void child_run(const struct supervisor *s, struct sandbox *sb,
				   char **args, int report_fd, pid_t parent)
{
	struct fsj_error err = { { 0 } };
	char **cmd = args;
#ifdef __linux__
	int status_wr = -1, ack_rd = -1;
#endif

	ll_early_child(); /* only the supervisor's copy may say anything */
	/* Own process group, so that signals reach the whole command tree
	 * and the terminal can be handed to it; the parent does the same, as
	 * either may run first. */
	if (setpgid(0, 0) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno, "cannot create a process group",
			   FSJ_EXIT_ERROR);
	if (s->give_tty && s->hello[1] < 0)
		(void)tcsetpgrp(s->tty, getpid()); /* SIGTTOU is still ignored */
#ifdef __linux__
	/* The command must not outlive a killed supervisor. The parent may
	 * have died before prctl() ran: then nobody would deliver the signal. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot set the parent-death signal", FSJ_EXIT_ERROR);
	if (getppid() != parent)
		_exit(FSJ_EXIT_ERROR);
#else
	(void)parent;
#endif
	launch_child_reset_signals(s);
#ifdef __linux__
	/* with a pid namespace I sweeps, once, before anything it mounts */
	if (!s->pidns && launch_sweep_fds(NULL, 0, false) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot list inherited descriptors in /proc/self/fd", FSJ_EXIT_ERROR);
#endif
	timing_mark("child: fork, setup");

#ifdef __linux__
	if (s->pidns) {
		int keep[7];

		if (s->hello[0] >= 0)
			close(s->hello[0]);
		launch_ns_split(s, report_fd, &status_wr, &ack_rd); /* returns in I, pid 1 */
		keep[0] = report_fd;
		keep[1] = status_wr;
		keep[2] = notify_child_fd(s->notify);
		keep[3] = s->hello[1];
		keep[4] = ack_rd;
		keep[5] = ll_early_keep(0); /* the supervisor's ruleset (landlock-early.h) */
		keep[6] = ll_early_keep(1);
		if (launch_sweep_fds(keep, 7, true) < 0)
			launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
				   "cannot close the supervisor's descriptors", FSJ_EXIT_ERROR);
		timing_mark("init: pid ns, fork, fds");
	}
#endif

	if (sandbox_apply(sb, &args, &err) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_APPLY, 0, err.text, FSJ_EXIT_ERROR);
	timing_mark("init: sandbox_apply");
	/* The create hook's filter comes last: nothing of fsjail's own runs
	 * under it (notify.h). */
	if (notify_child_install(s->notify, &err) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_APPLY, 0, err.text, FSJ_EXIT_ERROR);
	timing_mark("init: seccomp filter");

#ifdef __linux__
	if (status_wr >= 0) {
		/* I stays pid 1; the command is its child, with I's sandbox,
		 * started without a copy of I's memory (launch-spawn.c). */
		bool relay = s->hello[1] < 0;
		pid_t pid;

		/* Not dumpable: the command (same user, same sandbox) cannot
		 * ptrace I or take its pipe to C with pidfd_getfd(2) and say
		 * it ended otherwise (att9); its exec makes the command's
		 * own memory dumpable again. */
		if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) < 0)
			launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
					  "cannot make fsjail-init not dumpable", FSJ_EXIT_ERROR);
		pid = launch_spawn_command(s, args, cmd, report_fd, status_wr);

		if (pid < 0)
			launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
				   "cannot start the command in the pid namespace", FSJ_EXIT_ERROR);
		close(report_fd);
		if (!relay)
			close(s->hello[1]);
		launch_ns_init(pid, status_wr, ack_rd, relay);
	}
#endif
	launch_child_exec(report_fd, args, cmd);
}

/* C, when the last launch_run() returned on its word (launch_supervise()
 * returned 2) before its end; -1 when none. */
static pid_t unreaped = -1;

/* Wait for C's end, if launch_run() left it (its exit takes the pid,
 * mount and IPC namespaces down meanwhile). */
static void reap_unreaped(void)
{
	while (unreaped > 0 && waitpid(unreaped, NULL, 0) < 0 && errno == EINTR)
		;
	unreaped = -1;
}

/* The terminal signal the last run's command died of, for
 * launch_pass_terminal_signal(); 0 when none. */
static int terminal_sig;

/* launch_after_fork(): what the parent starts right after the fork. */
static int (*after_fork_fn)(void *arg, struct fsj_error *err);
static void *after_fork_arg;

void launch_after_fork(int (*fn)(void *arg, struct fsj_error *err), void *arg)
{
	after_fork_fn = fn;
	after_fork_arg = arg;
}

/* launch_last_exec_denied(): the command's path, its exec refused. */
static char *exec_denied;

/* Map the child's end to fsjail's exit status (DESIGN.md section 1). */
static int launch_status(const struct sandbox *sb, char *const argv[],
			 const struct launch_report *rep, size_t rep_len, int wstatus,
			 struct fsj_error *err)
{
	int code;

	if (!launch_left_take(rep, rep_len) && rep_len == sizeof(*rep)) {
		switch ((enum launch_stage)rep->stage) {
		case LAUNCH_STAGE_SETUP:
			if (rep->errnum)
				fsj_error_set(err, NULL, 0, 0, "cannot start '%s': %s: %s", argv[0],
					      rep->text, strerror(rep->errnum));
			else
				fsj_error_set(err, NULL, 0, 0, "cannot start '%s': %s", argv[0],
					      rep->text);
			return FSJ_EXIT_ERROR;
		case LAUNCH_STAGE_APPLY:
			fsj_error_set(err, NULL, 0, 0, "%s",
				      rep->text[0] ? rep->text : "the sandbox could not be applied");
			return FSJ_EXIT_ERROR;
		case LAUNCH_STAGE_EXEC_WRAPPER:
			fsj_error_set(err, NULL, 0, 0, "cannot execute sandbox wrapper '%s': %s",
				      rep->text, strerror(rep->errnum));
			return FSJ_EXIT_ERROR;
		case LAUNCH_STAGE_EXEC:
			/* Printed here, once: the caller prints err only for 125. */
			if (rep->errnum == ENOENT && !strchr(argv[0], '/')) {
				fprintf(stderr, "fsjail: '%s': command not found\n", argv[0]);
				return FSJ_EXIT_NOTFOUND;
			}
			fprintf(stderr, "fsjail: cannot execute '%s': %s\n", argv[0],
				strerror(rep->errnum));
			if (rep->errnum == EACCES && launch_command_lookup(argv[0], &exec_denied) != 0)
				exec_denied = NULL;
			return rep->errnum == ENOENT ? FSJ_EXIT_NOTFOUND : FSJ_EXIT_NOEXEC;
		case LAUNCH_STAGE_LEFT: /* taken above */
			break;
		}
	}
	/* No report: the exec happened (or the child died before writing one,
	 * and its wait status tells how). */
	{
		/* where execvp() found the command: sandbox-exec may have been
		 * refused its execution (sandbox_check_exit()); asked only then */
		cleanup_free char *cmd = NULL;

		if (sandbox_check_exit_wants_cmd(sb, wstatus) && launch_command_lookup(argv[0], &cmd) != 0)
			cmd = NULL;
		code = sandbox_check_exit(sb, cmd, wstatus, err);
	}
	if (code >= 0)
		return code;
	if (WIFEXITED(wstatus))
		return WEXITSTATUS(wstatus);
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return FSJ_EXIT_ERROR;
}

const char *launch_last_exec_denied(void)
{
	return exec_denied;
}

/* launch_last_signal(): the signal the last command died of, or 0. */
static int last_signal;

int launch_last_signal(void)
{
	return last_signal;
}

/* launch_last_left_repos(): the listener's counts of the last run. */
static struct notify_stats last_notify;

bool launch_last_left_repos(bool any_shape)
{
	return last_notify.installed && last_notify.wide && (any_shape || last_notify.shape == 0);
}

int launch_run(struct sandbox *sb, char *const argv[], struct fsj_error *err)
{
	struct supervisor s;
	struct launch_report rep;
	size_t rep_len = 0, n, i;
	sigset_t block;
	char **args;
	int report[2];
	int wstatus = 0, status, saved, r;
	pid_t parent;

	memset(&last_notify, 0, sizeof(last_notify));
	reap_unreaped(); /* C of the run before (probe-batch.c runs several) */
	(void)launch_left_take(NULL, 0);
	if (!sb || !argv || !argv[0]) {
		fsj_error_set(err, NULL, 0, 0, sb ? "no command to run" : "no sandbox to run in");
		return FSJ_EXIT_ERROR;
	}
	if (sandbox_stage(sb, err) < 0)
		return FSJ_EXIT_ERROR;
	ll_early_stage(sandbox_landlock_plan(sb));

	memset(&s, 0, sizeof(s));
	sigemptyset(&s.queued);
	terminal_sig = 0;
	free(exec_denied);
	exec_denied = NULL;
	s.pid = s.pgrp = -1;
	s.wake[0] = s.wake[1] = s.report = s.hello[0] = s.hello[1] = -1;
	s.typed[0] = s.typed[1] = s.ended[0] = s.ended[1] = -1;
	memset(&rep, 0, sizeof(rep));

	/* A private copy of the pointer array: sandbox_apply() may replace it
	 * and wants it writable. */
	for (n = 0; argv[n]; n++)
		;
	args = xcalloc(n + 1, sizeof(*args));
	for (i = 0; i < n; i++)
		args[i] = argv[i];

	if (launch_cloexec_pipe(s.wake, true) < 0 || launch_cloexec_pipe(report, false) < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot create a pipe: %s", strerror(saved));
		status = FSJ_EXIT_ERROR;
		goto out_close_wake;
	}
	s.report = report[0];
	launch_find_tty(&s);
#ifdef __linux__
	s.pidns = launch_pidns_wanted();
	if (s.pidns) {
		int one = 1;

		/* Where this fails the command stays in fsjail's group (launch_ns_hello). */
		if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, s.hello) < 0)
			s.hello[0] = s.hello[1] = -1;
		else
			(void)setsockopt(s.hello[0], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
		/* Without it no key counts as typed: nothing is passed on. */
		if (launch_cloexec_pipe(s.typed, true) < 0)
			s.typed[0] = s.typed[1] = -1;
		/* Without it the supervisor waits for C's end (reap()). */
		if (launch_cloexec_pipe(s.ended, false) < 0)
			s.ended[0] = s.ended[1] = -1;
	}
#endif

	/* The create hook, for a backend that wants one (sandbox.h). */
	if (sandbox_notify_policy(sb) && notify_wanted()) {
		s.notify = notify_new(sandbox_notify_policy(sb), err);
		if (s.notify && sandbox_relies_on_listener(sb))
			notify_require(s.notify);
		if (!s.notify) {
			status = FSJ_EXIT_ERROR;
			close(report[1]);
			goto out_close_report;
		}
	}

	/* Block what we catch until the child has reset its dispositions: a
	 * signal in between must not run fsjail's handler in the child. */
	launch_signals_note_ignored(&s);
	sigemptyset(&block);
	for (i = 0; i < N_CAUGHT; i++)
		sigaddset(&block, caught_signals[i]);
	(void)sigprocmask(SIG_BLOCK, &block, &s.saved_mask);
	launch_sig_wake_fd = s.wake[1];
	if (launch_signals_install(&s) < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot install signal handlers: %s",
			      strerror(saved));
		status = FSJ_EXIT_ERROR;
		goto out_restore_signals;
	}

	fflush(NULL); /* the child must not inherit unwritten stdio buffers */
	parent = getpid();
	prefault_before_fork();
	s.pid = fork();
	prefault_after_fork();
	if (s.pid < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot fork: %s", strerror(saved));
		status = FSJ_EXIT_ERROR;
		close(report[1]);
		goto out_restore_signals;
	}
	if (s.pid == 0)
		child_run(&s, sb, args, report[1], parent);

	close(report[1]);
	fsj_closep(&s.typed[1]);
	fsj_closep(&s.ended[1]);
	s.pgrp = s.pid;
	fsj_closep(&s.hello[1]);
	/* Either side may run first: both set the group and the terminal. An
	 * EACCES here means the child has already exec'd, after its own
	 * setpgid(). */
	(void)setpgid(s.pid, s.pid);
	timing_mark("fork");
	if (notify_start(s.notify, err) < 0 ||
	    (after_fork_fn && after_fork_fn(after_fork_arg, err) < 0)) {
		/* Without its supervisor the hook would fail every creating
		 * open with ENOSYS: end the command before it runs. */
		(void)kill(-s.pid, SIGKILL);
		(void)kill(s.pid, SIGKILL);
		(void)waitpid(s.pid, NULL, 0);
		launch_tty_take(&s);
		status = FSJ_EXIT_ERROR;
		goto out_restore_signals;
	}
	if (s.give_tty)
		launch_tty_give(&s);
	(void)sigprocmask(SIG_UNBLOCK, &block, NULL);
	timing_mark("listener, broker thread");
	ll_early_parent(sandbox_landlock_plan(sb)); /* while C and I make the namespaces */

	r = launch_supervise(&s, &rep, &rep_len, &wstatus);
	saved = errno;
	last_signal = r >= 0 && WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;
	unreaped = r == 2 ? s.pid : -1; /* reap_unreaped() */
	notify_stop(s.notify);
	notify_get_stats(s.notify, &last_notify); /* the thread has ended */
	/* The command died of a key typed at the terminal it held (Ctrl-C,
	 * Ctrl-\), fsjail having been in the foreground: the key would have
	 * reached fsjail's whole group too (launch_pass_terminal_signal). */
	if (launch_tty_take(&s) && r >= 0 && s.give_tty && WIFSIGNALED(wstatus) &&
	    (WTERMSIG(wstatus) == SIGINT || WTERMSIG(wstatus) == SIGQUIT) &&
	    launch_typed_take(&s, WTERMSIG(wstatus)))
		terminal_sig = WTERMSIG(wstatus);
	if (r < 0) {
		/* poll() or waitpid() failed: nothing left to supervise with;
		 * end the command rather than leave it unwatched. */
		(void)kill(-s.pid, SIGKILL);
		(void)kill(s.pid, SIGKILL); /* C may have joined the command's group */
		(void)waitpid(s.pid, NULL, 0);
		fsj_error_set(err, NULL, 0, 0, "cannot supervise '%s': %s", argv[0],
			      strerror(saved));
		status = FSJ_EXIT_ERROR;
	} else {
		status = launch_status(sb, argv, &rep, rep_len, wstatus, err);
	}

out_restore_signals:
	ll_early_parent(NULL); /* closed, when the fork failed */
	launch_signals_restore(&s);
	launch_sig_wake_fd = -1;
	(void)sigprocmask(SIG_SETMASK, &s.saved_mask, NULL);
	notify_free(s.notify);
out_close_report:
	if (s.report >= 0)
		close(s.report);
	if (s.tty_opened)
		close(s.tty);
out_close_wake:
	for (i = 0; i < 2; i++) {
		fsj_closep(&s.hello[i]);
		fsj_closep(&s.typed[i]);
		fsj_closep(&s.ended[i]);
	}
	if (s.wake[0] >= 0) {
		close(s.wake[0]);
		close(s.wake[1]);
	}
	free(args);
	return status;
}

void launch_pass_terminal_signal(void)
{
	int sig = terminal_sig;

	reap_unreaped();
	terminal_sig = 0;
	if (!sig)
		return;
	fflush(NULL);
	launch_kill_with_default(0, sig);
}
