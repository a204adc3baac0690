/* notify-tracee.h - the caller of one notification: its /proc folder,
 * memory, root, identity and name (notify-tracee.c; included by
 * notify-int.h, which defines struct notify and struct tracee). */
#ifndef FSJAIL_NOTIFY_TRACEE_H
#define FSJAIL_NOTIFY_TRACEE_H

#ifdef __linux__
#include <stdbool.h>

struct notify;
struct tracee;
struct tracee_status;
struct seccomp_notif;

void notify_parse_status(const char *text, struct tracee_status *st);
int notify_read_status(int dirfd, const char *name, struct tracee_status *st);
/* Open the caller of req: procfd and rootfd (kept from an earlier call
 * of the same thread where they still name it: see notify-tracee.c) and
 * memfd; a descriptor that cannot be had is -1 (the caller refuses). Then
 * SECCOMP_IOCTL_NOTIF_ID_VALID must be asked before anything is read.
 * With light (a call that makes nothing), the identity is read as by
 * notify_read_creds() and, where that works, tr->light is set: a kept
 * entry is then known to be the caller's by its pidfd's answer instead of
 * by opening mem through it, and memfd stays -1 until a read needs it.
 * Release with notify_tracee_end(). */
void notify_tracee_begin(struct notify *nt, const struct seccomp_notif *req, struct tracee *tr,
			 bool light);
void notify_tracee_end(struct tracee *tr);
/* The caller's identity without its status text (issue 14 item 4: the
 * status text was a fifth of the supervisor's time per unlink): fsuid and
 * fsgid from PIDFD_GET_INFO on a pidfd of the caller thread (Linux 6.13,
 * kept with its /proc folder), all effective capabilities from capget(2)
 * by thread id. Must be called after notify_tracee_begin() and BEFORE
 * SECCOMP_IOCTL_NOTIF_ID_VALID: a notification still waiting after the
 * reads means the thread that made it held its id, and was blocked in the
 * call (its credentials fixed: only a thread changes its own), throughout.
 * Fills st without the umask (set to 0777: a create must read the status
 * text); returns 0, or -1 where the kernel has no such reads (then the
 * caller reads the status text as before). */
int notify_read_creds(struct notify *nt, struct tracee *tr, struct tracee_status *st);
/* The caller's root is the run's "/" (not chrooted). */
bool notify_tracee_root_ok(const struct notify *nt, const struct tracee *tr);
/* The caller's name (/proc/PID/comm, read on first use; for refusal
 * records), or NULL. */
const char *notify_tracee_comm(struct tracee *tr);
/* Close every kept descriptor (notify_free()). */
void notify_tracee_forget(struct notify *nt);
#endif

#endif
