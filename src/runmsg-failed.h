/* runmsg-failed.h - the note after a command that failed while fsjail
 * refused something (fsjail(1) REFUSALS). */
#ifndef FSJAIL_RUNMSG_FAILED_H
#define FSJAIL_RUNMSG_FAILED_H

#include <stdbool.h>

#include "runmsg.h"

/* After the command failed by itself with status (not 0, not 127 "not
 * found", no signal, no fsjail error; the caller checks): a non-zero exit
 * is normal (grep, test, diff), so nothing is said unless fsjail refused
 * something during the run (refusal_count()), or, untraced, the status is
 * not 1 (their "no") and refused reads or executes would go unseen. One
 * line on stderr names the status and the last refusal kept
 * (refusal_last_text(), escaped), and, unless traced (reads and executes
 * are listed: --report, 'report: reads'), that refused reads and executes
 * are not listed and how to list them, naming only the kinds fenced
 * (FSJ_CAPBIT mask: what the kernel fence enforces this run,
 * fsj_policy.enforced) holds. Nothing when m is quiet. */
void runmsg_note_failed(const struct runmsg *m, int status, unsigned fenced, bool traced);

#endif
