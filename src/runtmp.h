/* runtmp.h - the run's private folder in /tmp (Linux), named to the
 * command as TMUX_TMPDIR: tmux inside the run makes its server's socket
 * there, not at /tmp/tmux-UID, which the rendezvous guard refuses the
 * command (notify-rendezvous.c; fsjail(1) CAVEATS). */
#ifndef FSJAIL_RUNTMP_H
#define FSJAIL_RUNTMP_H

/* Make /tmp/fsjail-run-UID/PID.XXXXXX, or /tmp/fsjail-run.PID.XXXXXX
 * (runtmp-sweep.h says when, and which old ones are removed first), and
 * set TMUX_TMPDIR to it in our environment (the command inherits it; call
 * before the fork, while no other thread reads the environment). Returns
 * the path (caller frees, runtmp_remove()), or NULL after a warning on
 * stderr; NULL off Linux. */
char *runtmp_make(void);

/* Remove dir (from runtmp_make()) and what the run left in it, never
 * following a symlink; frees dir. NULL is accepted. */
void runtmp_remove(char *dir);

#endif
