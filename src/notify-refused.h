/* notify-refused.h - refusals the hook says although no trapped call it
 * performs gives them (issue 12 item 4): the calls refused in every run
 * (notify-refused.c) and the silent EBADF of a made repository's empty
 * config (notify-newrepo-ro.c). Included by notify-int.h only. Linux. */
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

/* notify-newrepo-ro.c: note that l's empty config was handed in as fd
 * (read-only) to an open with flags: one that asked to write is said as a
 * refusal of write (EBADF) when the run ends and the name still holds
 * that empty file. Call before the answer. */
void nj_newrepo_ro_note(struct job *j, const struct loc *l, int fd, uint64_t flags);

/* notify-newrepo-ro.c: say the notes whose config is still that empty
 * file, and forget every note; from notify_stop() once the supervisor
 * thread has ended, while the refusal sinks are set. */
void notify_newrepo_ro_said(void);

#endif
