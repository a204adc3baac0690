/* runtmp.h - the run's private folder in /tmp (Linux), named to the
 * command as TMUX_TMPDIR: tmux inside the run makes its server's socket
 * there, not at /tmp/tmux-UID, which the rendezvous guard refuses the
 * command (notify-rendezvous.c; fsjail(1) CAVEATS). */
#ifndef FSJAIL_RUNTMP_H
#define FSJAIL_RUNTMP_H

/* Make /tmp/fsjail-run-UID/PID.XXXXXX (mode 0700, ours; the parent made
 * 0700 when absent; /tmp/fsjail-run.PID.XXXXXX when the parent is not a
 * folder of ours alone) and set TMUX_TMPDIR to it in our environment (the
 * command inherits it; call before the fork, while no other thread reads
 * the environment). Folders of these forms left by runs no longer alive
 * (fsjail killed by SIGKILL) and ours are removed first: the parent's
 * entries, and /tmp's only when the parent was just made or is not ours
 * (perf23: reading /tmp cost 0.1-0.4 ms a run). Returns the path (caller frees, runtmp_remove()),
 * or NULL after a warning on stderr; NULL off Linux. */
char *runtmp_make(void);

/* Remove dir (from runtmp_make()) and what the run left in it, never
 * following a symlink; frees dir. NULL is accepted. */
void runtmp_remove(char *dir);

#endif
