/* notify-refused.h - refusals the hook says although no trapped call it
 * performs gives them (issue 12 item 4): the calls refused in every run
 * (notify-refused.c) and what is said when the run ends (notify-said.h).
 * Included by notify-int.h only. Linux. */
#ifndef FSJAIL_NOTIFY_REFUSED_H
#define FSJAIL_NOTIFY_REFUSED_H

#include <stdint.h>

struct job;
struct loc;
struct tracee;

/* notify-refused.c: answer EPERM to a call refused in every run
 * (NOTIFY_OP_REFUSED) and record it: the nearest capability, the path of
 * the descriptor an ioctl or open_by_handle_at names (read from
 * /proc/PID/fd, never acted on), the call and, for an ioctl, its request.
 * Answers whatever it can or cannot read. */
void notify_op_refused(struct job *j);

/* notify-refused.c: the caller's executable as /proc/PID/exe names it
 * now, into buf (PATH_MAX bytes), or NULL when it cannot be read (read it
 * while the caller waits in its call: once answered it may be gone). */
const char *notify_tracee_exe(const struct tracee *tr, char *buf);

/* The notes said once the run has ended: notify-said.h. */
#include "notify-said.h"

#endif
