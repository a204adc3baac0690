/* launch-ns.c - the command's own pid namespace and its init,
 * fsjail-init (Linux; see the comment below and launch.c). */
#include "launch.h"
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fdpass.h"
#include "launch-int.h"
#include "launch-left.h"
#include "launch-ns-csig.h"
#include "mask.h"


/*
 * ===================== the pid namespace (Linux) =====================
 * PR_SET_PDEATHSIG reaches the direct child only: a background process of
 * the command would outlive a supervisor killed with SIGKILL, and keep
 * running without its broker and create hook. So the child, C, makes a pid
 * namespace and forks its first process, I, which is pid 1 there. When I
 * ends, the kernel kills everything left in the namespace
 * (pid_namespaces(7)); I has PR_SET_PDEATHSIG for C, and C for the
 * supervisor, so a SIGKILL of the supervisor ends the whole tree.
 *
 *   supervisor -> C (mirror, unsandboxed) -> I (pid 1, sandboxed) -> command
 *
 * I applies the sandbox, forks the command, reaps orphans and tells C how
 * the command stopped or ended. C mirrors that: it stops with the same job
 * control signal, or ends with the same status, so the supervisor's view
 * is the command's (a pid 1 cannot do this itself: it ignores every signal
 * it has no handler for, even from itself). A fresh /proc is mounted so
 * that pids read there are the namespace's. The command leads a process
 * group of its own and tells the supervisor its pid (launch_ns_hello), so that
 * forwarded signals and the terminal go to that group, as they went to the
 * child without the namespace. FSJAIL_NO_PID_NAMESPACE=1 runs without it
 * (then the gap above is back).
 */

/* What I tells C, one write each. */
struct ns_msg {
	int kind;  /* NS_MSG_STOP or NS_MSG_END */
	int value; /* the stop signal, or the command's wait status */
};
enum { NS_MSG_STOP = 1, NS_MSG_END };

/* In C: stop with job control signal sig, as the command did, so that the
 * supervisor sees the stop and passes it on; return once continued. */
static void mirror_stop(int sig)
{
	struct sigaction sa, old;

	if (sig == SIGSTOP) { /* no disposition to set: it always stops */
		(void)kill(getpid(), SIGSTOP);
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, &old) < 0)
		return;
	(void)kill(getpid(), sig);
	(void)sigaction(sig, &old, NULL);
}

/* In C: end the way the command ended (wait status wstatus), a signal
 * death repeated. */
FSJ_NORETURN static void mirror_end(int wstatus)
{
	if (WIFEXITED(wstatus))
		_exit(WEXITSTATUS(wstatus));
	if (!WIFSIGNALED(wstatus))
		_exit(FSJ_EXIT_ERROR);
	launch_kill_with_default(getpid(), WTERMSIG(wstatus));
	_exit(128 + WTERMSIG(wstatus));
}

/* C's life after the fork of I: take no signal the supervisor forwards
 * to the group (the command does; launch-ns-csig.c), mirror what I reports, and end as the
 * command ended; when I ends without a report, end as I did. */
FSJ_NORETURN static void ns_mirror(const struct supervisor *s, pid_t init, int rd, int ack,
				   int report_fd, const sigset_t *blocked)
{
	static const int jobctl[] = { SIGTTIN, SIGTTOU };
	struct sigaction ign;
	struct ns_msg m;
	int wstatus = 0, st;
	bool ended = false;
	size_t i;
	ssize_t n;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	launch_ns_csig_install(s);
	for (i = 0; i < sizeof(jobctl) / sizeof(jobctl[0]); i++)
		(void)sigaction(jobctl[i], &ign, NULL);
	(void)sigprocmask(SIG_UNBLOCK, blocked, NULL);

	for (;;) {
		n = read(rd, &m, sizeof(m));
		if (n < 0 && errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof(m))
			break; /* EOF: I has ended */
		/* I runs under the sandbox: take from it only a stop signal
		 * (launch_child_stopped() decides what to pass on; it continues C
		 * when it passes on nothing). */
		if (m.kind == NS_MSG_STOP && (m.value == SIGTSTP || m.value == SIGTTIN ||
					      m.value == SIGTTOU || m.value == SIGSTOP)) {
			mirror_stop(m.value);
		} else if (m.kind == NS_MSG_END) {
			wstatus = m.value;
			ended = true;
			/* what I's end stops: counted here, unsandboxed and with
			 * no seccomp filter, while I waits for ack's EOF */
			launch_left_send(report_fd);
			close(ack); /* I's read of it ends */
		}
	}
	/* Leave the command's group (hello_read put C there): a group id
	 * in use keeps its pid allocated in the namespace, and I, ending,
	 * waits until every pid of its namespace is gone (zap_pid_ns_processes
	 * in kernel/pid_namespace.c): C would wait for I, and I for C. */
	(void)setpgid(0, 0);
	/* Returns once the kernel has ended every process of the namespace. */
	while (waitpid(init, &st, 0) < 0) {
		if (errno != EINTR)
			_exit(FSJ_EXIT_ERROR);
	}
	/* Every process of the namespace has ended: the supervisor may go on
	 * while C's exit takes the namespaces down (launch-supervise.c). */
	st = ended ? wstatus : st;
	if (s->ended[1] >= 0)
		(void)write_all(s->ended[1], &st, sizeof(st));
	mirror_end(st);
}

/* The signals I relays to the command's process group, and SIGCHLD. */
static void ns_init_sigset(sigset_t *set)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCONT, SIGCHLD };

	sigemptyset(set);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(set, sigs[i]);
}

/* In I, pid 1, with ns_init_sigset() blocked: wait for the command (cmd)
 * and reap every orphan the namespace hands to its init; tell C of the
 * command's job control stops and of its end, wait for C to have counted
 * the processes still running (EOF on ack), then end, which ends the
 * namespace. A signal the supervisor forwards to fsjail's process group
 * reaches I too; when relay (the command could not tell the supervisor
 * its group: launch_ns_hello) I passes it on to the command's group if the
 * command has made one of its own (setpgid(2): timeout(1) does), which
 * the signal would miss. fsjail's group lies outside the namespace, so
 * there getpgid() and getpgrp() give 0. */
FSJ_NORETURN void launch_ns_init(pid_t cmd, int wr, int ack, bool relay)
{
	struct ns_msg m;
	sigset_t set;
	int sig, st;
	pid_t r, pg;
	char eof;

	ns_init_sigset(&set);
	for (;;) {
		sig = sigwaitinfo(&set, NULL);
		if (sig < 0)
			continue; /* EINTR */
		if (sig != SIGCHLD) {
			pg = getpgid(cmd);
			if (relay && pg > 0 && pg != getpgrp())
				(void)kill(-pg, sig);
			continue;
		}
		while ((r = waitpid(-1, &st, WNOHANG | WUNTRACED | __WALL)) > 0) {
			if (r != cmd)
				continue;
			memset(&m, 0, sizeof(m));
			if (WIFSTOPPED(st)) {
				sig = WSTOPSIG(st);
				/* The stops the supervisor may pass on
				 * (launch_child_stopped) */
				if (sig != SIGTSTP && sig != SIGTTIN && sig != SIGTTOU &&
				    sig != SIGSTOP)
					continue;
				m.kind = NS_MSG_STOP;
				m.value = sig;
				(void)write_all(wr, &m, sizeof(m));
				continue;
			}
			m.kind = NS_MSG_END;
			m.value = st;
			(void)write_all(wr, &m, sizeof(m));
			/* C counts what is left (launch_left_send()) before this
			 * _exit() stops it, then closes ack (EOF, as when C has gone) */
			while (read(ack, &eof, 1) < 0 && errno == EINTR)
				;
			_exit(0);
		}
	}
}

/* In the command's process, before exec: lead a process group of its own,
 * as a command without the namespace does (so that setpgid(0, 0) in it,
 * as in timeout(1), changes nothing), and tell the supervisor its pid with
 * SCM_CREDENTIALS, which the kernel translates into the supervisor's pid
 * namespace (unix(7)); wait until the supervisor has made that group the
 * one it signals and, when fsjail has the terminal, the foreground group.
 * Any failure only leaves the command in fsjail's group, where the
 * supervisor's signals still reach it (through I). */
void launch_ns_hello(int fd)
{
	char ack;

	if (fd < 0 || setpgid(0, 0) < 0)
		return;
	if (fdpass_send_cred(fd, 0) == 0) {
		while (read(fd, &ack, 1) < 0 && errno == EINTR)
			;
	}
	close(fd);
}

/* In C: enter a new pid namespace (and a mount namespace for its /proc, and
 * an IPC namespace: the host's System V shared memory, semaphores and
 * message queues, which no path names, stay out of reach; att5) and
 * fork I. Root makes them directly; anyone else, or root without
 * CAP_SYS_ADMIN, in a new user namespace that maps only the caller's ids
 * (mask_userns_enter). Returns in I only, with *status_wr the write end of
 * I's report to C and *ack_rd the read end C closes once it has counted what
 * is left (launch_ns_init()); C never returns. Any failure ends C with a report. */
void launch_ns_split(const struct supervisor *s, int report_fd, int *status_wr, int *ack_rd)
{
	struct fsj_error err = { { 0 } };
	const int flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC;
	sigset_t block;
	struct pollfd pfd;
	bool private;
	int p[2], q[2];
	size_t i;
	pid_t init;

	if (!(geteuid() == 0 && unshare(flags) == 0) && mask_userns_enter(flags, &err) < 0) {
		char why[sizeof(((struct launch_report *)0)->text)];

		snprintf(why, sizeof(why),
			 "cannot make a pid namespace (needed so that no process of the command "
			 "outlives fsjail): %.900s; hint: FSJAIL_NO_PID_NAMESPACE=1 runs without one",
			 err.text[0] ? err.text : "unshare refused");
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, 0, why, FSJ_EXIT_ERROR);
	}
	/* Nothing mounted here may reach the host: /proc is mounted only over
	 * private mounts. Landlock refuses a restricted process both (fsjail
	 * inside fsjail); the host's /proc then stays. */
	private = mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
	/* p: I's reports to C; q: C's EOF to I, once it has counted */
	if (launch_cloexec_pipe(p, false) < 0 || launch_cloexec_pipe(q, false) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno, "cannot create a pipe",
			   FSJ_EXIT_ERROR);
	/* A forwarded signal must not end C before its handlers are in. */
	sigemptyset(&block);
	for (i = 0; i < N_FORWARDED; i++)
		sigaddset(&block, caught_signals[i]);
	(void)sigprocmask(SIG_BLOCK, &block, NULL);
	init = fork();
	if (init < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot fork the first process of the pid namespace", FSJ_EXIT_ERROR);
	if (init > 0) {
		close(p[1]);
		close(q[0]);
		if (s->hello[1] >= 0)
			close(s->hello[1]);
		ns_mirror(s, init, p[0], q[1], report_fd, &block);
	}

	close(p[0]);
	close(q[1]);
	/* I takes its signals with sigwaitinfo() (launch_ns_init); the command
	 * unblocks them again before exec. */
	ns_init_sigset(&block);
	(void)sigprocmask(SIG_SETMASK, &block, NULL);
	/* I must not outlive C; C may already be gone (the read end closed:
	 * POLLERR on the write end). */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		launch_child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot set the parent-death signal", FSJ_EXIT_ERROR);
	pfd.fd = p[1];
	pfd.events = POLLOUT;
	if (poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLERR | POLLHUP)))
		_exit(FSJ_EXIT_ERROR);
	(void)prctl(PR_SET_NAME, "fsjail-init", 0, 0, 0);
	/* The namespace's own /proc. Where that is refused the host's stays,
	 * whose pids are not the namespace's: a view problem, not a weaker
	 * sandbox. */
	if (private) {
		(void)mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
		mask_ns_own = true; /* the masks go here too: C looks up only /proc/N */
	}
	*status_wr = p[1];
	*ack_rd = q[0];
}
#endif /* __linux__ */

bool launch_pidns_wanted(void)
{
#ifdef __linux__
	return !env_flag("FSJAIL_NO_PID_NAMESPACE");
#else
	return false;
#endif
}
