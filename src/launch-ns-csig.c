/* launch-ns-csig.c - C's signal handlers (launch-ns-csig.h): a terminal
 * signal typed at the terminal, reported, and a kill(2) of C's pid by a
 * process outside the command, passed on to the supervisor. */
#include "launch.h"
#ifdef __linux__
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "launch-int.h"
#include "launch-ns-csig.h"

/* In C, which is in the command's process group: tell the supervisor of
 * a terminal signal the kernel's terminal driver sent that group (si_code
 * SI_KERNEL: n_tty's isig() in drivers/tty), a key typed at the terminal,
 * one byte per signal, written to typed_wr (the supervisor's s->typed).
 * A forwarded signal another process sent C itself (kill(2): SI_USER,
 * SI_QUEUE), not the supervisor's own, goes to the supervisor, as if sent
 * to fsjail: C's pid is the "started" record's, which a harness signals.
 * Not one a process of the command sent (kill(0, sig) reaches C, in its
 * group, where Landlock has no signal scope, ABI < 6): the supervisor
 * would send it the group again, a second SIGINT or SIGTERM, which many
 * tools take as "stop now, skip the cleanup" (att29). */
static volatile sig_atomic_t typed_wr = -1, sup_pid = -1;

/* Whether pid, a sender's, is a process of the command's pid namespace:
 * the kernel gives C the sender's pid as the sender's own namespace
 * numbers it (kernel/signal.c, send_signal_locked() does not translate
 * it), so a process of the command looks like pid N of C's namespace.
 * C's /proc is the command's namespace's, fsjail-init mounted it (C has
 * no /proc/self there); where it is not, nothing tells the two apart and
 * the answer is no. A harness whose pid a process of the command also has
 * there is not passed on: the command could ignore the signal anyway.
 * Async-signal-safe. */
static bool sent_by_command(pid_t pid)
{
	char path[32] = "/proc/", digits[24], self[2];
	size_t nd = 0, k = sizeof("/proc/") - 1;

	if (pid <= 0 || readlink("/proc/self", self, sizeof(self)) >= 0 || errno != ENOENT)
		return false;
	for (unsigned long v = (unsigned long)pid; v && nd < sizeof(digits); v /= 10)
		digits[nd++] = (char)('0' + v % 10);
	while (nd)
		path[k++] = digits[--nd];
	path[k] = '\0';
	return access(path, F_OK) == 0;
}

static void c_handler(int sig, siginfo_t *si, void *uc)
{
	int saved_errno = errno;
	char b = (char)sig;
	ssize_t r;

	(void)uc;
	if (si->si_code == SI_KERNEL && typed_wr >= 0 && sig != SIGHUP && sig != SIGTERM) {
		r = write(typed_wr, &b, 1);
		(void)r;
	} else if ((si->si_code == SI_USER || si->si_code == SI_QUEUE) && sig != SIGTSTP &&
		   si->si_pid != sup_pid && getppid() == sup_pid && !sent_by_command(si->si_pid))
		(void)kill(sup_pid, sig); /* never a parent that took over */
	errno = saved_errno;
}

/* See launch-ns-csig.h. */
void launch_ns_csig_install(const struct supervisor *s)
{
	struct sigaction typed;

	typed_wr = s->typed[1];
	sup_pid = getppid();
	memset(&typed, 0, sizeof(typed));
	typed.sa_sigaction = c_handler;
	typed.sa_flags = SA_RESTART | SA_SIGINFO;
	sigemptyset(&typed.sa_mask);
	for (size_t i = 0; i < N_FORWARDED; i++) {
		int sig = caught_signals[i];

		if (sigismember(&s->inherited_ign, sig) != 1)
			(void)sigaction(sig, &typed, NULL);
	}
	(void)sigaction(SIGTSTP, &typed, NULL); /* C itself never stops on it */
}
#endif /* __linux__ */
