/* runtmp-sweep.h - the folders runtmp_make() (runtmp.h) makes and
 * sweeps: /tmp/fsjail-run-UID/PID.XXXXXX (mode 0700, ours; the parent
 * made 0700 when absent), or /tmp/fsjail-run.PID.XXXXXX when the parent
 * is not a folder of ours alone. Linux only. */
#ifndef FSJAIL_RUNTMP_SWEEP_H
#define FSJAIL_RUNTMP_SWEEP_H

#include <stdbool.h>

/* Folders below a run's folder that are removed with it: tmux-UID/NAME
 * and more. */
#define RUNTMP_DEPTH_MAX 16

/* Remove the folders of runs that are gone from dir (a descriptor of
 * /tmp or of the parent folder): ours (owner), named prefix PID.XXXXXX
 * with a pid no process has. A pid reused since keeps its folder until a
 * later run. Folders of both forms left by runs no longer alive (fsjail
 * killed by SIGKILL) and ours are removed before a run's folder is made:
 * the parent's entries, and /tmp's only when the parent was just made or
 * is not ours (perf23: reading /tmp cost 0.1-0.4 ms a run). */
void runtmp_sweep(int dir, const char *prefix);

/* The parent folder name in tmp (/tmp/fsjail-run-UID) as a descriptor,
 * made when absent (*made true); -1 when it is not a folder of ours that
 * nobody else may enter (another user took the name first, or it was
 * changed). */
int runtmp_parent_open(int tmp, const char *name, bool *made);

/* Make prefix PID.XXXXXX (6 random hex digits) in dir, mode 0700: its
 * name (caller frees), or NULL with errno set. */
char *runtmp_make_in(int dir, const char *prefix);

#endif
