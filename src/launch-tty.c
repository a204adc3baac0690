/* launch-tty.c - who holds the terminal during a run: found before the
 * fork, given to the command's group, taken back (DESIGN.md section 1; see
 * launch.c and launch-signals.c). */
#include <fcntl.h>
#include <unistd.h>

#include "launch-int.h"

/* Find the controlling terminal: one of the standard streams when it is
 * the controlling terminal (tcgetpgrp() fails on any other), else
 * /dev/tty, so that `cmd < file > log` still hands the terminal on to a
 * command that opens /dev/tty (ssh asking for a password). */
void launch_find_tty(struct supervisor *s)
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
void launch_tty_give(const struct supervisor *s)
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
bool launch_tty_with_command(const struct supervisor *s)
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
bool launch_tty_take(const struct supervisor *s)
{
	if (!launch_tty_with_command(s))
		return false;
	(void)tcsetpgrp(s->tty, getpgrp());
	return true;
}
