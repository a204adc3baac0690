/* launch-signals.c - the supervisor's side of the terminal and of
 * signals: which signals fsjail catches and passes on to the command's
 * process group, who holds the terminal, and how a stop of the command
 * becomes a stop of fsjail (DESIGN.md section 1; see launch.c). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <termios.h>
#include <unistd.h>

#include "launch-int.h"

volatile sig_atomic_t launch_sig_pending[N_CAUGHT];
volatile sig_atomic_t launch_sig_wake_fd = -1;
volatile sig_atomic_t launch_cont_count;


/* A disposition: handler h, nothing masked, no flags. */
static void sa_set(struct sigaction *sa, void (*h)(int))
{
	memset(sa, 0, sizeof(*sa));
	sa->sa_handler = h;
	sigemptyset(&sa->sa_mask);
}

static void on_signal(int sig)
{
	int saved_errno = errno;
	size_t i;
	ssize_t r;

	for (i = 0; i < N_CAUGHT; i++)
		if (caught_signals[i] == sig)
			launch_sig_pending[i] = 1;
	if (sig == SIGCONT)
		launch_cont_count++;
	if (launch_sig_wake_fd >= 0) {
		r = write(launch_sig_wake_fd, "", 1); /* a full pipe already wakes the loop */
		(void)r;
	}
	errno = saved_errno;
}

/* Catch the signals of caught_signals (SIGTTOU ignored); a signal fsjail
 * inherited as ignored (nohup, a background job of a shell without job
 * control) stays ignored and is not forwarded. sigaction() without
 * SA_RESTART: poll() returns early, and every other call is restarted by
 * hand. Returns 0, or -1 with errno set. */
int launch_signals_install(struct supervisor *s)
{
	struct sigaction sa, ign;
	size_t i;

	sa_set(&sa, on_signal);
	sa_set(&ign, SIG_IGN);
	for (i = 0; i < N_CAUGHT; i++) {
		launch_sig_pending[i] = 0;
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

void launch_signals_restore(struct supervisor *s)
{
	size_t i;

	for (i = 0; i < N_CAUGHT; i++) {
		if (s->catching[i])
			(void)sigaction(caught_signals[i], &s->saved[i], NULL);
		s->catching[i] = false;
	}
	(void)sigaction(SIGTTOU, &s->saved_ttou, NULL);
}

/* SIGPIPE as fsjail inherited it: 1 ignored, 0 not, -1 not yet looked
 * at (launch_signals_early() not called). */
static int sigpipe_inherited_ign = -1;

void launch_signals_early(void)
{
	struct sigaction cur, ign;

	if (sigaction(SIGPIPE, NULL, &cur) == 0)
		sigpipe_inherited_ign = cur.sa_handler == SIG_IGN;
	sa_set(&ign, SIG_IGN);
	(void)sigaction(SIGPIPE, &ign, NULL);
}

/* Signals whose disposition at the fork may not be what the child wants:
 * not SIG_DFL when launch_signals_note_ignored() looked, or set by fsjail
 * (the caught ones, SIGTTOU, SIGPIPE). Nothing else sets one before the
 * fork, so the child's resets (C's, the command's) skip the other ~50. */
static sigset_t not_default;

/* Record in s->inherited_ign every signal fsjail inherited as ignored
 * (before any of its own dispositions are set; SIGPIPE as
 * launch_signals_early() found it), and not_default. */
void launch_signals_note_ignored(struct supervisor *s)
{
	struct sigaction cur;
	int sig;

	sigemptyset(&s->inherited_ign);
	sigemptyset(&not_default);
	(void)sigaddset(&not_default, SIGTTOU); /* launch_signals_install() */
	(void)sigaddset(&not_default, SIGPIPE); /* launch_signals_early() */
	for (size_t i = 0; i < N_CAUGHT; i++)
		(void)sigaddset(&not_default, caught_signals[i]);
	for (sig = 1; sig < NSIG; sig++) {
		bool got = sigaction(sig, NULL, &cur) == 0;
		bool ign = sig == SIGPIPE && sigpipe_inherited_ign >= 0
				   ? sigpipe_inherited_ign == 1
				   : got && cur.sa_handler == SIG_IGN;

		if (ign)
			(void)sigaddset(&s->inherited_ign, sig);
		if (got && cur.sa_handler != SIG_DFL)
			(void)sigaddset(&not_default, sig);
	}
}

/* In the child: the signal state fsjail itself was given, as a plain exec
 * would pass it on (execve(2): ignored signals stay ignored, the mask is
 * kept): every disposition back to default except the signals fsjail
 * inherited as ignored (nohup, `trap '' PIPE`), and fsjail's original
 * mask. A fatal signal dumps no core: the kernel writes the core file
 * ("core" in the caller's folder, core(5)) by no call the listener traps,
 * truncating a file of that name in place with no backup (t0226), so the
 * hard RLIMIT_CORE is 0, which the command cannot raise again without
 * CAP_SYS_RESOURCE (setrlimit(2); fsjail drops it: t0175). */
void launch_child_reset_signals(const struct supervisor *s)
{
	const struct rlimit no_core = { 0, 0 };
	struct sigaction dfl, ign;
	int sig;

	(void)setrlimit(RLIMIT_CORE, &no_core); /* lowering cannot fail */

	sa_set(&dfl, SIG_DFL);
	sa_set(&ign, SIG_IGN);
	for (sig = 1; sig < NSIG; sig++) {
		/* the rest is as the child wants it; EINVAL for libc's own */
		if (sig == SIGKILL || sig == SIGSTOP || sigismember(&not_default, sig) != 1)
			continue;
		(void)sigaction(sig, sigismember(&s->inherited_ign, sig) == 1 ? &ign : &dfl, NULL);
	}
	(void)sigprocmask(SIG_SETMASK, &s->saved_mask, NULL);
}

/* Send sig to to (a pid, or 0: this process group) with this process's
 * disposition of sig set to default and sig unblocked, so that it dies of
 * sig too if it is a target: without a core dump, whose memory would be
 * fsjail's. Returns when the signal does not end this process. */
void launch_kill_with_default(pid_t to, int sig)
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

/* Pass a signal sent to fsjail on to the command's process group. A
 * stopped group would hold SIGTERM and SIGHUP until continued, so SIGCONT
 * follows them (timeout(1) does the same). */
void launch_forward(struct supervisor *s, int sig)
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
void launch_resume(struct supervisor *s)
{
	launch_tty_give(s);
	(void)kill(-s->pgrp, SIGCONT);
	if (s->pgrp != s->pid)
		(void)kill(s->pid, SIGCONT); /* C, stopped as the command was */
	s->child_stopped = false;
}

/* Whether C reported sig as typed at the terminal (typed_handler); the
 * report is used up. C writes it before it stops or ends as the command
 * did, so it is in the pipe when the supervisor learns of that. */
bool launch_typed_take(struct supervisor *s, int sig)
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
void launch_child_stopped(struct supervisor *s, int sig)
{
	sig_atomic_t conts = launch_cont_count;
	bool held = launch_tty_with_command(s);

	s->child_stopped = true;
	if (sig == SIGSTOP && !held) {
		if (s->pgrp != s->pid)
			(void)kill(s->pid, SIGCONT); /* C only */
		return;
	}
	if (sig != SIGTSTP && sig != SIGTTIN && sig != SIGTTOU && sig != SIGSTOP)
		return;
	launch_tty_take(s);
	/* SIGTTOU is ignored here; SIGTSTP has its inherited disposition. */
	if (sig == SIGSTOP)
		(void)raise(SIGSTOP);
	else if (sig == SIGTSTP && held && s->give_tty && launch_typed_take(s, SIGTSTP))
		(void)kill(0, SIGTSTP);
	else
		(void)raise(sig == SIGTTIN ? SIGTTIN : SIGTSTP);
	if (launch_cont_count == conts && sig != SIGTSTP && sig != SIGSTOP) {
		fprintf(stderr, "fsjail: the command used the terminal from an orphaned "
				"background job; it is sent SIGHUP\n");
		(void)kill(-s->pgrp, SIGHUP);
		if (s->pgrp != s->pid)
			(void)kill(s->pid, SIGCONT);
	}
	launch_resume(s);
}
