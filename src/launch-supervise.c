/* launch-supervise.c - the supervisor's loop while the command runs: the
 * report pipe, the command's hello, forwarded signals, stops and the end
 * (out of launch.c). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fdpass.h"
#include "launch-int.h"

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
			launch_child_stopped(s, WSTOPSIG(st));
			continue;
		}
		*wstatus = st;
		return 1;
	}
}

/* The command's pid, as launch_ns_hello() sends it: from now on its process
 * group is the one signals go to and the terminal follows. Answers (the
 * command waits for that) and closes the socket either way. */
static void hello_read(struct supervisor *s)
{
#ifdef __linux__
	pid_t pid;
	ssize_t n;

	/* the command's group now, if it still exists */
	if (fdpass_recv_cred(s->hello[0], &pid, NULL) == 1) {
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

/* C's last word (launch-ns.c ns_mirror): the wait status it is about to
 * end with, every process of the namespace having ended. Returns 1 with
 * *wstatus set; 0 (and closes ended[0]) at EOF: C ended otherwise, and
 * its own wait status (reap()) is the one to take. */
static int ended_read(struct supervisor *s, int *wstatus)
{
	ssize_t n;
	int st;

	while ((n = read(s->ended[0], &st, sizeof(st))) < 0 && errno == EINTR)
		;
	if (n == (ssize_t)sizeof(st)) {
		*wstatus = WIFEXITED(st) || WIFSIGNALED(st) ? st : FSJ_EXIT_ERROR << 8;
		return 1;
	}
	close(s->ended[0]);
	s->ended[0] = -1;
	return 0;
}

/* See launch-int.h. */
int launch_supervise(struct supervisor *s, struct launch_report *rep, size_t *rep_len,
		     int *wstatus)
{
	struct pollfd pfd[4];
	char drain[64];
	nfds_t n;
	size_t i;
	int r, at_report, at_hello, at_ended, told = 0;

	for (;;) {
		pfd[0].fd = s->wake[0];
		pfd[0].events = POLLIN;
		n = 1;
		at_report = at_hello = at_ended = -1;
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
		if (s->ended[0] >= 0) {
			pfd[n].fd = s->ended[0];
			pfd[n].events = POLLIN;
			at_ended = (int)n++;
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
		if (r > 0 && at_ended >= 0 && pfd[at_ended].revents)
			told = ended_read(s, wstatus);
		for (i = 0; i < N_CAUGHT; i++) {
			int sig = caught_signals[i];

			if (!launch_sig_pending[i])
				continue;
			launch_sig_pending[i] = 0;
			if (i < N_FORWARDED)
				launch_forward(s, sig);
			else if (sig == SIGCONT)
				launch_resume(s);
			/* SIGCHLD: reaped below, on every wake-up */
		}
		r = told ? 1 : reap(s, wstatus);
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
	return told ? 2 : 0;
}
