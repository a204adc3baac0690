/* notify.h - the create hook: a seccomp user-notification filter that lets
 * "create" work without "write" under Landlock (DESIGN.md sections 2 and 8
 * "Linux interception", SBPL-NOTES.md section 10, seccomp_unotify(2)).
 *
 * Landlock cannot express "make a new file and fill it, but do not change
 * existing ones": open(O_CREAT|O_WRONLY) needs MAKE_REG on the directory and
 * WRITE_FILE, and WRITE_FILE would open every existing file too. So the
 * child traps creating opens; the supervisor, outside the sandbox, checks
 * the policy and, only where create is allowed, write is not and the file
 * does not exist yet, creates the file itself (O_EXCL, no symlink followed)
 * and hands the descriptor in with SECCOMP_IOCTL_NOTIF_ADDFD. Everything
 * else is answered CONTINUE: the kernel performs the call and Landlock
 * decides. Landlock stays the security boundary; the hook only ever adds
 * the one thing the policy allows and Landlock cannot say.
 *
 * Lifecycle (launch.c): notify_new() in the parent before fork;
 * notify_child_install() in the child as the last step before exec;
 * notify_start() in the parent after fork; notify_stop() once the child
 * has ended; notify_free(). Linux only: elsewhere notify_wanted() is false
 * and the other functions fail with a message. */
#ifndef FSJAIL_NOTIFY_H
#define FSJAIL_NOTIFY_H

#include <stdbool.h>

#include "policy.h"
#include "util.h"

struct notify;

/* What the supervisor did, for tests and diagnostics. */
struct notify_stats {
	unsigned long received;  /* notifications read from the listener */
	unsigned long continued; /* answered CONTINUE: the kernel decided */
	unsigned long created;   /* files created by the supervisor and handed in */
	unsigned long refused;   /* answered with an error (EACCES on an internal error,
				    or the error of the supervisor's own open) */
	unsigned long vanished;  /* the caller went away before the answer */
	unsigned long trashed;   /* unlinks done by the supervisor as a move to the trash */
	bool installed;          /* the child sent its listener */
};

/* false when this platform has no hook, or when the test-only variable
 * FSJAIL_NO_NOTIFY=1 disables it (tests show the difference it makes). */
bool notify_wanted(void);

/* In the parent, before fork: a hook that will decide with pol (borrowed:
 * pol must outlive the hook, up to notify_free()). Makes the socket pair
 * the child sends its listener over. Returns a new hook (caller frees with
 * notify_free()), or NULL with err set. */
struct notify *notify_new(const struct fsj_policy *pol, struct fsj_error *err);

/* In the child, after the sandbox is applied, as the last step before
 * exec: set no_new_privs, load the filter (creating opens trap; io_uring is
 * refused with EPERM because it would go around the hook), send the
 * listener to the parent and close it here. When a listener already exists
 * further up the filter chain (EBUSY: fsjail inside fsjail) the hook is
 * skipped with a warning on stderr: Landlock alone decides, as with
 * FSJAIL_NO_NOTIFY. Returns 0, or -1 with err set: the caller must not
 * exec. */
int notify_child_install(struct notify *nt, struct fsj_error *err);

/* The descriptor notify_child_install() sends the listener over, which a
 * child that closes descriptors before it must keep; -1 when nt is NULL or
 * has none. */
int notify_child_fd(const struct notify *nt);

/* In the parent, after fork: close the child's end of the socket and
 * start the supervisor thread (all signals blocked in it), which receives
 * the listener and answers notifications until notify_stop(), or until no
 * process holds the filter any more. Returns 0, or -1 with err set. */
int notify_start(struct notify *nt, struct fsj_error *err);

/* In the parent, once the child has ended: stop the thread and close the
 * listener. A descendant still running then gets ENOSYS from a trapped
 * call (seccomp_unotify(2)): the create hook ends with fsjail. Safe to call
 * when the thread was never started, and more than once. */
void notify_stop(struct notify *nt);

struct backup_cycle;

/* Before notify_new(): from then on hooks also save content (backup.h).
 * With bc set the filter traps every open that can write (O_WRONLY,
 * O_RDWR, O_TRUNC, O_CREAT), truncate, unlink, unlinkat, rename, renameat
 * and renameat2; the supervisor backs up an existing regular file the
 * policy lets the command change before answering CONTINUE (the target of
 * a rename too), and refuses the call (EACCES, or the backup's errno) when
 * the backup fails. trash_home (copied; NULL: deleteMode unlink): an
 * unlink of a regular file the policy allows deleting is done by the
 * supervisor as a move to that home's trash (trash.h) and answered as
 * success. bc is borrowed: it must outlive every hook made meanwhile.
 * notify_set_backup(NULL, NULL) turns it off for later hooks. */
void notify_set_backup(struct backup_cycle *bc, const char *trash_home);

/* Counters so far; exact after notify_stop(). */
void notify_get_stats(const struct notify *nt, struct notify_stats *out);

/* Stop (if needed) and free; NULL is accepted. */
void notify_free(struct notify *nt);

#endif
