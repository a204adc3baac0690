/* ctx-scan.h - the repository scan of fsj_ctx_load() (repometa.h) on a
 * second thread, beside the baseline's load, the resolution of the rule
 * paths and the rules (issue 12: ~0.4-1.3 ms of the supervisor's planning
 * on the other CPU). The thread only reads (repometa_scan_read(): no file
 * written, no path memo, no message, no error); what it finds is used only
 * when its inputs are the ones the serial scan would have had, and it is
 * always joined before fsj_ctx_load() returns, so before any fork. */
#ifndef FSJAIL_CTX_SCAN_H
#define FSJAIL_CTX_SCAN_H

#include "repometa.h"

struct ctx_scan;

/* Start repometa_scan_read(workspace, home, state_dir) on a new thread
 * with every signal blocked (the strings are copied; home and state_dir
 * may be NULL). Returns the scan to join, or NULL when no thread could be
 * made (ctx_scan_join() then scans itself). */
struct ctx_scan *ctx_scan_start(const char *workspace, const char *home,
				const char *state_dir);

/* Wait for s (may be NULL) and free it. Returns a new struct repometa
 * (caller releases it with repometa_release() and frees it) for these
 * inputs: the thread's when it scanned exactly these, else scanned now on
 * this thread; its walk record is then kept (repometa_scan_keep()). With
 * want false nothing is scanned or kept and NULL is returned (an error
 * path: the thread's work is dropped). Never fails but out of memory. */
struct repometa *ctx_scan_join(struct ctx_scan *s, bool want, const char *workspace,
			       const char *home, const char *state_dir);

#endif
