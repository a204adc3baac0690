/* launch.c - the supervisor: fork, apply the sandbox in the child, exec,
 * pass signals and the terminal on, and turn the child's end into fsjail's
 * exit status (DESIGN.md section 1; bubblewrap's main, openssh's
 * sandbox-*.c).
 *
 * The parent learns whether the child reached exec through a close-on-exec
 * pipe: an exec that succeeds closes it with nothing written; a child that
 * stops short writes one struct launch_report and exits 125, 126 or 127.
 * Signals reach the parent's poll() loop through a self-pipe, so the loop
 * never races a signal against a blocking call. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
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

#include "fdpass.h"
#include "launch.h"
#include "mask.h"
#include "notify.h"

/* Where the child stopped short of running the command. */
enum launch_stage {
	LAUNCH_STAGE_SETUP = 1,    /* process group, parent-death signal */
	LAUNCH_STAGE_APPLY,        /* sandbox_apply() refused */
	LAUNCH_STAGE_EXEC,         /* the command could not be executed */
	LAUNCH_STAGE_EXEC_WRAPPER, /* the backend's wrapper (sandbox-exec) could not */
};

/* What the child writes to the report pipe instead of exec'ing. */
struct launch_report {
	int stage;  /* enum launch_stage */
	int errnum; /* errno of the failed call, 0 when text says it all */
	char text[sizeof(((struct fsj_error *)0)->text)];
};

/* Signals the parent catches. The first four are passed on to the
 * command's process group; SIGCHLD and SIGCONT drive the loop. */
static const int caught_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGCONT };
#define N_CAUGHT (sizeof(caught_signals) / sizeof(caught_signals[0]))
#define N_FORWARDED 4
/* The supervisor's bit for a terminal signal C reports as typed
 * (typed_handler, typed_take). */
#define TYPED_BIT(sig) ((sig) == SIGINT ? 1u : (sig) == SIGQUIT ? 2u : (sig) == SIGTSTP ? 4u : 0u)

/* Set by the handler, cleared by the loop; one per caught_signals entry. */
static volatile sig_atomic_t sig_pending[N_CAUGHT];
/* Write end of the self-pipe; -1 outside launch_run(). */
static volatile sig_atomic_t sig_wake_fd = -1;
/* SIGCONTs fsjail received: tells whether a stop of fsjail took. */
static volatile sig_atomic_t cont_count;
/* The terminal signal the last run's command died of, for
 * launch_pass_terminal_signal(); 0 when none. */
static int terminal_sig;

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
};

static void on_signal(int sig)
{
	int saved_errno = errno;
	size_t i;
	ssize_t r;

	for (i = 0; i < N_CAUGHT; i++)
		if (caught_signals[i] == sig)
			sig_pending[i] = 1;
	if (sig == SIGCONT)
		cont_count++;
	if (sig_wake_fd >= 0) {
		r = write(sig_wake_fd, "", 1); /* a full pipe already wakes the loop */
		(void)r;
	}
	errno = saved_errno;
}

/* pipe() with both ends close-on-exec (and non-blocking when nonblock):
 * no fd fsjail opens may reach the command (STYLE.md point 15). */
static int cloexec_pipe(int fds[2], bool nonblock)
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

/* Find the controlling terminal: one of the standard streams when it is
 * the controlling terminal (tcgetpgrp() fails on any other), else
 * /dev/tty, so that `cmd < file > log` still hands the terminal on to a
 * command that opens /dev/tty (ssh asking for a password). */
static void find_tty(struct supervisor *s)
{
	int fd;

	s->tty = -1;
	for (fd = 0; fd <= 2; fd++) {
		if (isatty(fd) && tcgetpgrp(fd) >= 0) {
			s->tty = fd;
			break;
		}
	}
	if (s->tty < 0) {
		fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			return;
		if (tcgetpgrp(fd) < 0) {
			close(fd);
			return;
		}
		s->tty = fd;
		s->tty_opened = true;
	}
	s->give_tty = tcgetpgrp(s->tty) == getpgrp();
}

/* Give the terminal to the command's group when fsjail holds it. SIGTTOU
 * is ignored in the parent for the whole run: tcsetpgrp() from a
 * background group would otherwise stop fsjail. */
static void tty_give(const struct supervisor *s)
{
	pid_t fg;

	/* with a pid namespace the terminal waits for the command's own
	 * group (hello_read) */
	if (s->tty < 0 || s->hello[0] >= 0)
		return;
	fg = tcgetpgrp(s->tty);
	if (fg == getpgrp() || (fg == s->pid && s->pgrp != s->pid))
		(void)tcsetpgrp(s->tty, s->pgrp);
}

/* Whether the command's group (or, before it is known, the child's) is
 * the terminal's foreground group. */
static bool tty_with_command(const struct supervisor *s)
{
	pid_t fg;

	if (s->tty < 0)
		return false;
	fg = tcgetpgrp(s->tty);
	return fg > 0 && (fg == s->pid || fg == s->pgrp);
}

/* Take the terminal back from the command's group, and only from it: when
 * the shell has it (fsjail was put in the background) it stays there.
 * Returns true when the command's group had it. */
static bool tty_take(const struct supervisor *s)
{
	if (!tty_with_command(s))
		return false;
	(void)tcsetpgrp(s->tty, getpgrp());
	return true;
}

/* Catch the signals of caught_signals (SIGTTOU ignored); a signal fsjail
 * inherited as ignored (nohup, a background job of a shell without job
 * control) stays ignored and is not forwarded. sigaction() without
 * SA_RESTART: poll() returns early, and every other call is restarted by
 * hand. Returns 0, or -1 with errno set. */
static int signals_install(struct supervisor *s)
{
	struct sigaction sa, ign;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	for (i = 0; i < N_CAUGHT; i++) {
		sig_pending[i] = 0;
		if (sigaction(caught_signals[i], NULL, &s->saved[i]) < 0)
			return -1;
		if (i < N_FORWARDED && s->saved[i].sa_handler == SIG_IGN)
			continue;
		if (sigaction(caught_signals[i], &sa, NULL) < 0)
			return -1;
		s->catching[i] = true;
	}
	return sigaction(SIGTTOU, &ign, &s->saved_ttou);
}

static void signals_restore(struct supervisor *s)
{
	size_t i;

	for (i = 0; i < N_CAUGHT; i++) {
		if (s->catching[i])
			(void)sigaction(caught_signals[i], &s->saved[i], NULL);
		s->catching[i] = false;
	}
	(void)sigaction(SIGTTOU, &s->saved_ttou, NULL);
}

/* Record in s->inherited_ign every signal fsjail inherited as ignored
 * (before any of its own dispositions are set). */
static void signals_note_ignored(struct supervisor *s)
{
	struct sigaction cur;
	int sig;

	sigemptyset(&s->inherited_ign);
	for (sig = 1; sig < NSIG; sig++)
		if (sigaction(sig, NULL, &cur) == 0 && cur.sa_handler == SIG_IGN)
			(void)sigaddset(&s->inherited_ign, sig);
}

/* In the child: the signal state fsjail itself was given, as a plain exec
 * would pass it on (execve(2): ignored signals stay ignored, the mask is
 * kept): every disposition back to default except the signals fsjail
 * inherited as ignored (nohup, `trap '' PIPE`), and fsjail's original
 * mask. */
static void child_reset_signals(const struct supervisor *s)
{
	struct sigaction dfl, ign;
	int sig;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	for (sig = 1; sig < NSIG; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP)
			continue;
		/* EINVAL for libc-reserved ones */
		(void)sigaction(sig, sigismember(&s->inherited_ign, sig) == 1 ? &ign : &dfl, NULL);
	}
	(void)sigprocmask(SIG_SETMASK, &s->saved_mask, NULL);
}

/* Write the report and end the child without running atexit handlers or
 * flushing stdio buffers that belong to the parent. */
FSJ_NORETURN static void child_fail(int fd, enum launch_stage stage, int errnum,
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

/* execvp()'s PATH search without the exec: 0 when name resolves to an
 * executable regular file, else ENOENT or EACCES as execvp() would fail. Used
 * when a wrapper execs the command for us, so that a missing command is
 * still "not found" (127) rather than a wrapper failure. */
static int command_lookup(const char *name)
{
	const char *path, *p, *end;
	char buf[PATH_MAX];
	struct stat st;
	bool denied = false;
	int n;

	if (!*name)
		return ENOENT;
	if (strchr(name, '/'))
		return access(name, X_OK) == 0 ? 0 : errno;
	path = getenv("PATH");
	if (!path)
		path = "/bin:/usr/bin"; /* glibc's and macOS's default */
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		/* An empty entry is the current directory (POSIX XBD 8.3). */
		if (end == p)
			n = snprintf(buf, sizeof(buf), "./%s", name);
		else
			n = snprintf(buf, sizeof(buf), "%.*s/%s", (int)(end - p), p, name);
		if (n > 0 && (size_t)n < sizeof(buf) && stat(buf, &st) == 0) {
			if (S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
				return 0;
			denied = true;
		}
		if (!*end)
			break;
	}
	return denied ? EACCES : ENOENT;
}

#ifdef __linux__
/* Close every directory descriptor that fsjail inherited. A
 * directory descriptor opened before the mount masks were put in place
 * looks paths up in the unmasked mount, so `openat(fd, ".ssh/id_ed25519")`
 * would read past a mask that hides ~/.ssh (Landlock, which the masks
 * complement, still applies). Files stay open: they were opened with the
 * caller's rights on purpose, as with any inherited descriptor. A standard
 * descriptor (0-2) that is a directory is put on /dev/null. Returns 0,
 * or -1 with errno set when /proc/self/fd cannot be listed. */
static int close_inherited_dirs(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int self;

	if (!d)
		return -1;
	self = dirfd(d);
	while ((de = readdir(d)) != NULL) {
		struct stat st;
		char *end;
		long fd = strtol(de->d_name, &end, 10);

		if (*end != '\0' || fd == self || fd > INT_MAX)
			continue;
		if (fstat((int)fd, &st) < 0 || !S_ISDIR(st.st_mode))
			continue;
		if (fd <= STDERR_FILENO) {
			/* `cmd < $HOME`: the standard descriptors keep their
			 * numbers, on /dev/null instead of the directory */
			int null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
			if (null < 0)
				return -1;
			if (dup2(null, (int)fd) < 0) {
				close(null);
				return -1;
			}
			close(null);
		} else {
			close((int)fd);
		}
	}
	closedir(d);
	return 0;
}
#endif

/* Send sig to to (a pid, or 0: this process group) with this process's
 * disposition of sig set to default and sig unblocked, so that it dies of
 * sig too if it is a target: without a core dump, whose memory would be
 * fsjail's. Returns when the signal does not end this process. */
static void kill_with_default(pid_t to, int sig)
{
	struct rlimit none = { 0, 0 };
	struct sigaction sa;
	sigset_t set;

	(void)setrlimit(RLIMIT_CORE, &none);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	(void)sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	(void)sigprocmask(SIG_UNBLOCK, &set, NULL);
	(void)kill(to, sig);
}

#ifdef __linux__
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
 * group of its own and tells the supervisor its pid (ns_hello), so that
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

/* In C, which is in the command's process group: tell the supervisor of
 * a terminal signal the kernel's terminal driver sent that group (si_code
 * SI_KERNEL: n_tty's isig() in drivers/tty), a key typed at the terminal,
 * and not one a process sent (SI_USER, SI_QUEUE: kill(2) can make no
 * other). One byte per signal, written to typed_wr (the supervisor's
 * s->typed). */
static volatile sig_atomic_t typed_wr = -1;

static void typed_handler(int sig, siginfo_t *si, void *uc)
{
	int saved_errno = errno;
	char b = (char)sig;
	ssize_t r;

	(void)uc;
	if (si->si_code == SI_KERNEL && typed_wr >= 0) {
		r = write(typed_wr, &b, 1);
		(void)r;
	}
	errno = saved_errno;
}

static void noop_handler(int sig)
{
	(void)sig;
}

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
	kill_with_default(getpid(), WTERMSIG(wstatus));
	_exit(128 + WTERMSIG(wstatus));
}

/* C's life after the fork of I: take no signal the supervisor forwards
 * to the group (the command does), mirror what I reports, and end as the
 * command ended; when I ends without a report, end as I did. */
FSJ_NORETURN static void ns_mirror(const struct supervisor *s, pid_t init, int rd,
				   const sigset_t *blocked)
{
	static const int jobctl[] = { SIGTTIN, SIGTTOU };
	struct sigaction sa, ign, typed;
	struct ns_msg m;
	int wstatus = 0, st;
	bool ended = false;
	size_t i;
	ssize_t n;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = noop_handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	typed_wr = s->typed[1];
	memset(&typed, 0, sizeof(typed));
	typed.sa_sigaction = typed_handler;
	typed.sa_flags = SA_RESTART | SA_SIGINFO;
	sigemptyset(&typed.sa_mask);
	for (i = 0; i < N_FORWARDED; i++) {
		int sig = caught_signals[i];

		if (sigismember(&s->inherited_ign, sig) != 1)
			(void)sigaction(sig, sig == SIGINT || sig == SIGQUIT ? &typed : &sa, NULL);
	}
	(void)sigaction(SIGTSTP, &typed, NULL); /* C itself never stops on it */
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
		 * (child_stopped() decides what to pass on; it continues C
		 * when it passes on nothing). */
		if (m.kind == NS_MSG_STOP && (m.value == SIGTSTP || m.value == SIGTTIN ||
					      m.value == SIGTTOU || m.value == SIGSTOP)) {
			mirror_stop(m.value);
		} else if (m.kind == NS_MSG_END) {
			wstatus = m.value;
			ended = true;
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
	mirror_end(ended ? wstatus : st);
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
 * command's job control stops and of its end, then end, which ends the
 * namespace. A signal the supervisor forwards to fsjail's process group
 * reaches I too; when relay (the command could not tell the supervisor
 * its group: ns_hello) I passes it on to the command's group if the
 * command has made one of its own (setpgid(2): timeout(1) does), which
 * the signal would miss. fsjail's group lies outside the namespace, so
 * there getpgid() and getpgrp() give 0. */
FSJ_NORETURN static void ns_init(pid_t cmd, int wr, bool relay)
{
	struct ns_msg m;
	sigset_t set;
	int sig, st;
	pid_t r, pg;

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
				 * (child_stopped) */
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
			_exit(0);
		}
	}
}

/* In I, before the sandbox: close every close-on-exec descriptor above 2
 * except those in keep (n of them). I never execs, so close-on-exec does
 * not protect what the supervisor had open (the audit log, the broker's
 * socket, its pipes) and a command as root could take them from pid 1 with
 * pidfd_getfd(2). Descriptors fsjail inherited without close-on-exec are
 * the caller's, meant for the command (`3<file`, a make jobserver), and
 * stay. Returns 0, or -1 with errno set when /proc/self/fd cannot be read. */
static int ns_close_own_fds(const int *keep, size_t n)
{
	bool again = true;

	while (again) { /* closing while reading the directory may skip one */
		DIR *d = opendir("/proc/self/fd");
		struct dirent *de;

		if (!d)
			return -1;
		again = false;
		while ((de = readdir(d)) != NULL) {
			char *end;
			long fd = strtol(de->d_name, &end, 10);
			size_t i;
			int fl;

			if (*end != '\0' || fd <= STDERR_FILENO || fd > INT_MAX || fd == dirfd(d))
				continue;
			for (i = 0; i < n && keep[i] != (int)fd; i++)
				;
			fl = fcntl((int)fd, F_GETFD);
			if (i < n || fl < 0 || !(fl & FD_CLOEXEC))
				continue;
			close((int)fd);
			again = true;
		}
		closedir(d);
	}
	return 0;
}

/* In the command's process, before exec: lead a process group of its own,
 * as a command without the namespace does (so that setpgid(0, 0) in it,
 * as in timeout(1), changes nothing), and tell the supervisor its pid with
 * SCM_CREDENTIALS, which the kernel translates into the supervisor's pid
 * namespace (unix(7)); wait until the supervisor has made that group the
 * one it signals and, when fsjail has the terminal, the foreground group.
 * Any failure only leaves the command in fsjail's group, where the
 * supervisor's signals still reach it (through I). */
static void ns_hello(int fd)
{
	char ack;

	if (fd < 0 || setpgid(0, 0) < 0)
		return;
	if (fdpass_send_cred(fd) == 0) {
		while (read(fd, &ack, 1) < 0 && errno == EINTR)
			;
	}
	close(fd);
}

/* In C: enter a new pid namespace (and a mount namespace for its /proc) and
 * fork I. Root makes them directly; anyone else, or root without
 * CAP_SYS_ADMIN, in a new user namespace that maps only the caller's ids
 * (mask_userns_enter). Returns in I only, with *status_wr the write end of
 * I's report to C; C never returns. Any failure ends C with a report. */
static void ns_split(const struct supervisor *s, int report_fd, int *status_wr)
{
	struct fsj_error err = { { 0 } };
	const int flags = CLONE_NEWPID | CLONE_NEWNS;
	sigset_t block;
	struct pollfd pfd;
	bool private;
	int p[2];
	size_t i;
	pid_t init;

	if (!(geteuid() == 0 && unshare(flags) == 0) && mask_userns_enter(flags, &err) < 0) {
		char why[sizeof(((struct launch_report *)0)->text)];

		snprintf(why, sizeof(why),
			 "cannot make a pid namespace (needed so that no process of the command "
			 "outlives fsjail): %.900s; hint: FSJAIL_NO_PID_NAMESPACE=1 runs without one",
			 err.text[0] ? err.text : "unshare refused");
		child_fail(report_fd, LAUNCH_STAGE_SETUP, 0, why, FSJ_EXIT_ERROR);
	}
	/* Nothing mounted here may reach the host: /proc is mounted only over
	 * private mounts. Landlock refuses a restricted process both (fsjail
	 * inside fsjail); the host's /proc then stays. */
	private = mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
	if (cloexec_pipe(p, false) < 0)
		child_fail(report_fd, LAUNCH_STAGE_SETUP, errno, "cannot create a pipe",
			   FSJ_EXIT_ERROR);
	/* A forwarded signal must not end C before its handlers are in. */
	sigemptyset(&block);
	for (i = 0; i < N_FORWARDED; i++)
		sigaddset(&block, caught_signals[i]);
	(void)sigprocmask(SIG_BLOCK, &block, NULL);
	init = fork();
	if (init < 0)
		child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot fork the first process of the pid namespace", FSJ_EXIT_ERROR);
	if (init > 0) {
		close(p[1]);
		close(report_fd);
		if (s->hello[1] >= 0)
			close(s->hello[1]);
		ns_mirror(s, init, p[0], &block);
	}

	close(p[0]);
	/* I takes its signals with sigwaitinfo() (ns_init); the command
	 * unblocks them again before exec. */
	ns_init_sigset(&block);
	(void)sigprocmask(SIG_SETMASK, &block, NULL);
	/* I must not outlive C; C may already be gone (the read end closed:
	 * POLLERR on the write end). */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot set the parent-death signal", FSJ_EXIT_ERROR);
	pfd.fd = p[1];
	pfd.events = POLLOUT;
	if (poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLERR | POLLHUP)))
		_exit(FSJ_EXIT_ERROR);
	(void)prctl(PR_SET_NAME, "fsjail-init", 0, 0, 0);
	/* The namespace's own /proc. Where that is refused the host's stays,
	 * whose pids are not the namespace's: a view problem, not a weaker
	 * sandbox. */
	if (private)
		(void)mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
	*status_wr = p[1];
}
#endif

/* The last step of the child: exec the command (args; cmd is the command
 * line before a wrapper such as sandbox-exec was put in front of it), or
 * report why not and end. */
FSJ_NORETURN static void child_exec(int report_fd, char **args, char **cmd)
{
	int e;

	if (args != cmd) {
		/* A wrapper (sandbox-exec) applies the sandbox and execs the
		 * command itself. */
		e = command_lookup(cmd[0]);
		if (e)
			child_fail(report_fd, LAUNCH_STAGE_EXEC, e, NULL,
				   e == ENOENT ? FSJ_EXIT_NOTFOUND : FSJ_EXIT_NOEXEC);
		execv(args[0], args);
		child_fail(report_fd, LAUNCH_STAGE_EXEC_WRAPPER, errno, args[0], FSJ_EXIT_ERROR);
	}
	execvp(args[0], args);
	e = errno;
	child_fail(report_fd, LAUNCH_STAGE_EXEC, e, NULL,
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
	int status_wr = -1;
#endif

	/* Own process group, so that signals reach the whole command tree
	 * and the terminal can be handed to it; the parent does the same, as
	 * either may run first. */
	if (setpgid(0, 0) < 0)
		child_fail(report_fd, LAUNCH_STAGE_SETUP, errno, "cannot create a process group",
			   FSJ_EXIT_ERROR);
	if (s->give_tty && s->hello[1] < 0)
		(void)tcsetpgrp(s->tty, getpid()); /* SIGTTOU is still ignored */
#ifdef __linux__
	/* The command must not outlive a killed supervisor. The parent may
	 * have died before prctl() ran: then nobody would deliver the signal. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot set the parent-death signal", FSJ_EXIT_ERROR);
	if (getppid() != parent)
		_exit(FSJ_EXIT_ERROR);
#else
	(void)parent;
#endif
	child_reset_signals(s);
#ifdef __linux__
	if (close_inherited_dirs() < 0)
		child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
			   "cannot list inherited descriptors in /proc/self/fd", FSJ_EXIT_ERROR);
#endif

#ifdef __linux__
	if (s->pidns) {
		int keep[4];

		if (s->hello[0] >= 0)
			close(s->hello[0]);
		ns_split(s, report_fd, &status_wr); /* returns in I, pid 1 */
		keep[0] = report_fd;
		keep[1] = status_wr;
		keep[2] = notify_child_fd(s->notify);
		keep[3] = s->hello[1];
		if (ns_close_own_fds(keep, 4) < 0)
			child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
				   "cannot close the supervisor's descriptors", FSJ_EXIT_ERROR);
	}
#endif

	if (sandbox_apply(sb, &args, &err) < 0)
		child_fail(report_fd, LAUNCH_STAGE_APPLY, 0, err.text, FSJ_EXIT_ERROR);
	/* The create hook's filter comes last: nothing of fsjail's own runs
	 * under it (notify.h). */
	if (notify_child_install(s->notify, &err) < 0)
		child_fail(report_fd, LAUNCH_STAGE_APPLY, 0, err.text, FSJ_EXIT_ERROR);

#ifdef __linux__
	if (status_wr >= 0) {
		/* I stays pid 1; the command is its child, with I's sandbox. */
		pid_t pid;

		pid = fork();
		if (pid < 0)
			child_fail(report_fd, LAUNCH_STAGE_SETUP, errno,
				   "cannot fork the command in the pid namespace", FSJ_EXIT_ERROR);
		if (pid > 0) {
			bool relay = s->hello[1] < 0;

			close(report_fd);
			if (!relay)
				close(s->hello[1]);
			ns_init(pid, status_wr, relay);
		}
		close(status_wr);
		child_reset_signals(s);
		ns_hello(s->hello[1]);
	}
#endif
	child_exec(report_fd, args, cmd);
}

/* Pass a signal sent to fsjail on to the command's process group. A
 * stopped group would hold SIGTERM and SIGHUP until continued, so SIGCONT
 * follows them (timeout(1) does the same). */
static void forward(struct supervisor *s, int sig)
{
	/* Before the command has its own group it is fsjail's own code (it
	 * dies of the signal there); the command gets it once its group is
	 * known (hello_read), exactly once. */
	if (s->hello[0] >= 0)
		(void)sigaddset(&s->queued, sig);
	(void)kill(-s->pgrp, sig);
	/* Always: with a pid namespace the supervisor does not see a command
	 * stopped by SIGSTOP (only job control stops are mirrored). */
	if (sig == SIGTERM || sig == SIGHUP) {
		(void)kill(-s->pgrp, SIGCONT);
		s->child_stopped = false;
	}
}

/* fsjail was continued (fg or bg): hand the terminal back when fsjail is
 * in the foreground again, and continue the command's group. */
static void resume(struct supervisor *s)
{
	tty_give(s);
	(void)kill(-s->pgrp, SIGCONT);
	if (s->pgrp != s->pid)
		(void)kill(s->pid, SIGCONT); /* C, stopped as the command was */
	s->child_stopped = false;
}

/* Whether C reported sig as typed at the terminal (typed_handler); the
 * report is used up. C writes it before it stops or ends as the command
 * did, so it is in the pipe when the supervisor learns of that. */
static bool typed_take(struct supervisor *s, int sig)
{
	char b[32];
	ssize_t n;

	while (s->typed[0] >= 0 && (n = read(s->typed[0], b, sizeof(b))) > 0)
		for (ssize_t i = 0; i < n; i++)
			s->typed_seen |= TYPED_BIT((int)b[i]);
	if (!(s->typed_seen & TYPED_BIT(sig)))
		return false;
	s->typed_seen &= ~TYPED_BIT(sig);
	return true;
}

/* The command stopped with signal sig. Stop fsjail too, so that the shell
 * sees the job stop (and can fg/bg it); SIGCONT brings both back:
 * - SIGTSTP typed at the terminal the command held, fsjail having been in
 *   the foreground: the terminal would have stopped fsjail's whole group
 *   (the caller's script, the rest of a pipeline), so that group is
 *   stopped (kill(0)), not fsjail alone;
 * - SIGTTIN, SIGTTOU (a background command used the terminal): fsjail;
 * - SIGSTOP (bash's suspend) while the command held the terminal: fsjail,
 *   or the terminal would stay with a stopped group. Any other SIGSTOP (a
 *   debugger, kill -STOP) is not passed on: whoever stopped the command
 *   continues it; with a pid namespace C, which mirrored it, is continued.
 * When fsjail's stop does not take (SIGTSTP ignored, or an orphaned process
 * group, where the kernel discards job control stops: no SIGCONT came
 * back), a SIGTSTP is dropped (the command continues), and a SIGTTIN or
 * SIGTTOU ends the command's group as the kernel treats a stopped orphaned
 * group (SIGHUP, then SIGCONT): its terminal access would stop it again
 * and again (POSIX, "orphaned process group"). */
static void child_stopped(struct supervisor *s, int sig)
{
	sig_atomic_t conts = cont_count;
	bool held = tty_with_command(s);

	s->child_stopped = true;
	if (sig == SIGSTOP && !held) {
		if (s->pgrp != s->pid)
			(void)kill(s->pid, SIGCONT); /* C only */
		return;
	}
	if (sig != SIGTSTP && sig != SIGTTIN && sig != SIGTTOU && sig != SIGSTOP)
		return;
	tty_take(s);
	/* SIGTTOU is ignored here; SIGTSTP has its inherited disposition. */
	if (sig == SIGSTOP)
		(void)raise(SIGSTOP);
	else if (sig == SIGTSTP && held && s->give_tty && typed_take(s, SIGTSTP))
		(void)kill(0, SIGTSTP);
	else
		(void)raise(sig == SIGTTIN ? SIGTTIN : SIGTSTP);
	if (cont_count == conts && sig != SIGTSTP && sig != SIGSTOP) {
		fprintf(stderr, "fsjail: the command used the terminal from an orphaned "
				"background job; it is sent SIGHUP\n");
		(void)kill(-s->pgrp, SIGHUP);
		if (s->pgrp != s->pid)
			(void)kill(s->pid, SIGCONT);
	}
	resume(s);
}

/* Read the report pipe once; close it at EOF or on error. Returns true
 * when bytes were read. */
static bool report_read(struct supervisor *s, struct launch_report *rep, size_t *len)
{
	ssize_t n;

	if (s->report < 0)
		return false;
	if (*len >= sizeof(*rep)) {
		char discard[256];

		n = read(s->report, discard, sizeof(discard));
	} else {
		n = read(s->report, (char *)rep + *len, sizeof(*rep) - *len);
		if (n > 0)
			*len += (size_t)n;
	}
	if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
		close(s->report);
		s->report = -1;
	}
	return n > 0;
}

/* Reap or notice a stop. Returns 1 with *wstatus set when the child has
 * ended, 0 while it lives, -1 with errno set when it cannot be waited for. */
static int reap(struct supervisor *s, int *wstatus)
{
	pid_t r;
	int st;

	for (;;) {
		r = waitpid(s->pid, &st, WNOHANG | WUNTRACED);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return 0;
		if (WIFSTOPPED(st)) {
			child_stopped(s, WSTOPSIG(st));
			continue;
		}
		*wstatus = st;
		return 1;
	}
}

/* The command's pid, as ns_hello() sends it: from now on its process
 * group is the one signals go to and the terminal follows. Answers (the
 * command waits for that) and closes the socket either way. */
static void hello_read(struct supervisor *s)
{
#ifdef __linux__
	pid_t pid;
	ssize_t n;

	/* the command's group now, if it still exists */
	if (fdpass_recv_cred(s->hello[0], &pid) == 1) {
		if (pid > 0 && getpgid(pid) == pid) {
			s->pgrp = pid;
			/* C joins the command's group: what the terminal sends
			 * that group reaches C too, which tells a key typed there
			 * (si_code SI_KERNEL) from a kill() (ns_mirror). */
			(void)setpgid(s->pid, s->pgrp);
			if (s->give_tty && s->tty >= 0 && tcgetpgrp(s->tty) == getpgrp())
				(void)tcsetpgrp(s->tty, s->pgrp);
			for (size_t i = 0; i < N_FORWARDED; i++) {
				int sig = caught_signals[i];

				if (!sigismember(&s->queued, sig))
					continue;
				(void)kill(-s->pgrp, sig);
				if (sig == SIGTERM || sig == SIGHUP)
					(void)kill(-s->pgrp, SIGCONT);
			}
		}
		n = write(s->hello[0], "a", 1); /* a dead command reads nothing */
		(void)n;
	}
#endif
	close(s->hello[0]);
	s->hello[0] = -1;
}

/* The parent's loop: wait for the report pipe, signals and the child's
 * end. Returns 0 with *wstatus set, or -1 with errno set. */
static int supervise(struct supervisor *s, struct launch_report *rep, size_t *rep_len,
		     int *wstatus)
{
	struct pollfd pfd[3];
	char drain[64];
	nfds_t n;
	size_t i;
	int r, at_report, at_hello;

	for (;;) {
		pfd[0].fd = s->wake[0];
		pfd[0].events = POLLIN;
		n = 1;
		at_report = at_hello = -1;
		if (s->report >= 0) {
			pfd[n].fd = s->report;
			pfd[n].events = POLLIN;
			at_report = (int)n++;
		}
		if (s->hello[0] >= 0) {
			pfd[n].fd = s->hello[0];
			pfd[n].events = POLLIN;
			at_hello = (int)n++;
		}
		r = poll(pfd, n, -1);
		if (r < 0 && errno != EINTR)
			return -1;
		while (read(s->wake[0], drain, sizeof(drain)) > 0)
			;
		if (r > 0 && at_report >= 0 && pfd[at_report].revents)
			report_read(s, rep, rep_len);
		if (r > 0 && at_hello >= 0 && pfd[at_hello].revents)
			hello_read(s);
		for (i = 0; i < N_CAUGHT; i++) {
			int sig = caught_signals[i];

			if (!sig_pending[i])
				continue;
			sig_pending[i] = 0;
			if (i < N_FORWARDED)
				forward(s, sig);
			else if (sig == SIGCONT)
				resume(s);
			/* SIGCHLD: reaped below, on every wake-up */
		}
		r = reap(s, wstatus);
		if (r < 0)
			return -1;
		if (r == 1)
			break;
	}
	/* Everything the child wrote is in the pipe now; a grandchild that
	 * kept the write end open must not keep fsjail waiting. */
	if (s->report >= 0 && fcntl(s->report, F_SETFL, O_NONBLOCK) == 0) {
		while (report_read(s, rep, rep_len))
			;
	}
	return 0;
}

/* launch_after_fork(): what the parent starts right after the fork. */
static int (*after_fork_fn)(void *arg, struct fsj_error *err);
static void *after_fork_arg;

void launch_after_fork(int (*fn)(void *arg, struct fsj_error *err), void *arg)
{
	after_fork_fn = fn;
	after_fork_arg = arg;
}

/* Map the child's end to fsjail's exit status (DESIGN.md section 1). */
static int launch_status(const struct sandbox *sb, char *const argv[],
			 const struct launch_report *rep, size_t rep_len, int wstatus,
			 struct fsj_error *err)
{
	int code;

	if (rep_len == sizeof(*rep)) {
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
			return rep->errnum == ENOENT ? FSJ_EXIT_NOTFOUND : FSJ_EXIT_NOEXEC;
		}
	}
	/* No report: the exec happened (or the child died before writing one,
	 * and its wait status tells how). */
	code = sandbox_check_exit(sb, wstatus, err);
	if (code >= 0)
		return code;
	if (WIFEXITED(wstatus))
		return WEXITSTATUS(wstatus);
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return FSJ_EXIT_ERROR;
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

	if (!sb || !argv || !argv[0]) {
		fsj_error_set(err, NULL, 0, 0, sb ? "no command to run" : "no sandbox to run in");
		return FSJ_EXIT_ERROR;
	}
	if (sandbox_stage(sb, err) < 0)
		return FSJ_EXIT_ERROR;

	memset(&s, 0, sizeof(s));
	sigemptyset(&s.queued);
	terminal_sig = 0;
	s.pid = s.pgrp = -1;
	s.wake[0] = s.wake[1] = s.report = s.hello[0] = s.hello[1] = -1;
	s.typed[0] = s.typed[1] = -1;
	memset(&rep, 0, sizeof(rep));

	/* A private copy of the pointer array: sandbox_apply() may replace it
	 * and wants it writable. */
	for (n = 0; argv[n]; n++)
		;
	args = xcalloc(n + 1, sizeof(*args));
	for (i = 0; i < n; i++)
		args[i] = argv[i];

	if (cloexec_pipe(s.wake, true) < 0 || cloexec_pipe(report, false) < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot create a pipe: %s", strerror(saved));
		status = FSJ_EXIT_ERROR;
		goto out_close_wake;
	}
	s.report = report[0];
	find_tty(&s);
#ifdef __linux__
	s.pidns = !env_flag("FSJAIL_NO_PID_NAMESPACE");
	if (s.pidns) {
		int one = 1;

		/* Where this fails the command stays in fsjail's group (ns_hello). */
		if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, s.hello) < 0)
			s.hello[0] = s.hello[1] = -1;
		else
			(void)setsockopt(s.hello[0], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
		/* Without it no key counts as typed: nothing is passed on. */
		if (cloexec_pipe(s.typed, true) < 0)
			s.typed[0] = s.typed[1] = -1;
	}
#endif

	/* The create hook, for a backend that wants one (sandbox.h). */
	if (sandbox_notify_policy(sb) && notify_wanted()) {
		s.notify = notify_new(sandbox_notify_policy(sb), err);
		if (!s.notify) {
			status = FSJ_EXIT_ERROR;
			close(report[1]);
			goto out_close_report;
		}
	}

	/* Block what we catch until the child has reset its dispositions: a
	 * signal in between must not run fsjail's handler in the child. */
	signals_note_ignored(&s);
	sigemptyset(&block);
	for (i = 0; i < N_CAUGHT; i++)
		sigaddset(&block, caught_signals[i]);
	(void)sigprocmask(SIG_BLOCK, &block, &s.saved_mask);
	sig_wake_fd = s.wake[1];
	if (signals_install(&s) < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot install signal handlers: %s",
			      strerror(saved));
		status = FSJ_EXIT_ERROR;
		goto out_restore_signals;
	}

	fflush(NULL); /* the child must not inherit unwritten stdio buffers */
	parent = getpid();
	s.pid = fork();
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
	if (s.typed[1] >= 0) {
		close(s.typed[1]);
		s.typed[1] = -1;
	}
	s.pgrp = s.pid;
	if (s.hello[1] >= 0) {
		close(s.hello[1]);
		s.hello[1] = -1;
	}
	/* Either side may run first: both set the group and the terminal. An
	 * EACCES here means the child has already exec'd, after its own
	 * setpgid(). */
	(void)setpgid(s.pid, s.pid);
	if (notify_start(s.notify, err) < 0 ||
	    (after_fork_fn && after_fork_fn(after_fork_arg, err) < 0)) {
		/* Without its supervisor the hook would fail every creating
		 * open with ENOSYS: end the command before it runs. */
		(void)kill(-s.pid, SIGKILL);
		(void)kill(s.pid, SIGKILL);
		(void)waitpid(s.pid, NULL, 0);
		tty_take(&s);
		status = FSJ_EXIT_ERROR;
		goto out_restore_signals;
	}
	if (s.give_tty)
		tty_give(&s);
	(void)sigprocmask(SIG_UNBLOCK, &block, NULL);

	r = supervise(&s, &rep, &rep_len, &wstatus);
	saved = errno;
	notify_stop(s.notify);
	/* The command died of a key typed at the terminal it held (Ctrl-C,
	 * Ctrl-\), fsjail having been in the foreground: the key would have
	 * reached fsjail's whole group too (launch_pass_terminal_signal). */
	if (tty_take(&s) && r == 0 && s.give_tty && WIFSIGNALED(wstatus) &&
	    (WTERMSIG(wstatus) == SIGINT || WTERMSIG(wstatus) == SIGQUIT) &&
	    typed_take(&s, WTERMSIG(wstatus)))
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
	signals_restore(&s);
	sig_wake_fd = -1;
	(void)sigprocmask(SIG_SETMASK, &s.saved_mask, NULL);
	notify_free(s.notify);
out_close_report:
	if (s.report >= 0)
		close(s.report);
	if (s.tty_opened)
		close(s.tty);
out_close_wake:
	if (s.hello[0] >= 0)
		close(s.hello[0]);
	if (s.hello[1] >= 0)
		close(s.hello[1]);
	for (i = 0; i < 2; i++)
		if (s.typed[i] >= 0)
			close(s.typed[i]);
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

	terminal_sig = 0;
	if (!sig)
		return;
	fflush(NULL);
	kill_with_default(0, sig);
}
