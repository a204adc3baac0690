/* notify.h - the interception hook: a seccomp user-notification filter
 * whose trapped file calls the supervisor performs itself (DESIGN.md
 * sections 2 and 8 "Linux interception", SBPL-NOTES.md section 10,
 * seccomp_unotify(2)).
 *
 * Landlock cannot express "make a new file and fill it, but do not change
 * existing ones", nor save a file before it changes, nor refuse a name
 * that does not exist yet. So the child traps the calls below, and the
 * supervisor thread (outside the sandbox) reads each call's arguments
 * once, resolves the path in the caller's view on descriptors it holds,
 * decides with the policy on the resolved path, takes the backup and
 * performs the call with its own *at() calls, answering with the result
 * (an open: the descriptor, handed in with SECCOMP_IOCTL_NOTIF_ADDFD +
 * SEND). A trapped path call is never answered CONTINUE, so nothing the
 * caller changes after the check (its path memory, a symlink) is read by
 * the kernel afterwards. Files: notify.c (lifecycle, thread),
 * notify-filter.c (the filter), notify-path.c (the caller's view),
 * notify-ops.c (each call).
 *
 * THE GUARANTEE (which landlock.c may rely on while a hook is installed,
 * notify_get_stats().installed): no name is made in the file system by
 * the command tree except by the supervisor, after policy_decide() allowed
 * FSJ_CAP_CREATE on the resolved path of the new name (the path the
 * kernel gives for the directory the supervisor holds, plus the final
 * name). The calls: open, openat, creat, openat2 with O_CREAT (openat2
 * always), mkdir, mkdirat, mknod, mknodat (no device nodes: EPERM),
 * symlink, symlinkat, link, linkat, rename, renameat, renameat2 (the
 * target; RENAME_WHITEOUT is refused), on the native architecture and on
 * i386 (x32 is killed by the filter); io_uring, memfd_secret and
 * open_by_handle_at are refused with EPERM. A renamed folder is refused
 * when a protected path, or a rule denying create, lies below its new
 * name (or one denying delete below its old name): the moved tree could
 * carry the name in. A new name for an existing object (link, rename) may
 * not grant more than the old one (Landlock's REFER rule). So a denied or
 * protected path that does not exist yet cannot be created by any name or
 * call, and the Landlock ruleset needs no rule for it. Not covered: bind()
 * of an AF_UNIX socket (MAKE_SOCK stays Landlock's), and a run where the
 * hook is skipped (FSJAIL_NO_NOTIFY, a listener up the chain: EBUSY).
 *
 * With backups on (notify_set_backup()) the filter also traps every open
 * that can write (O_WRONLY, O_RDWR, O_TRUNC), truncate, truncate64,
 * unlink, unlinkat and rmdir: the supervisor opens the file without
 * O_TRUNC, checks it is the file it resolved (fstat), saves it
 * (backup_before_change()), then truncates and hands it in. A write to a
 * pre-existing file with another hard link is refused unless
 * notify_set_allow_hardlink_writes(true).
 *
 * When the supervisor cannot tell which file a call touches (unreadable
 * path memory, a magic link it does not translate, a path on procfs, a
 * chrooted caller, a caller whose identity differs from fsjail's, an
 * unknown open_how tail or call) it refuses (EACCES or EPERM, E2BIG for a
 * longer open_how, EINVAL for unknown flags, as the kernel) and records
 * the refusal (refusal.h). O_TMPFILE gets EOPNOTSUPP (callers fall back).
 * A FIFO opened for writing with no reader yet waits in a thread of its own.
 *
 * Lifecycle (launch.c): notify_new() in the parent before fork;
 * notify_child_install() in the child as the last step before exec;
 * notify_start() in the parent after fork; notify_stop() once the child
 * has ended; notify_free(). Linux only: elsewhere notify_wanted() is false
 * and the other functions fail with a message. */
#ifndef FSJAIL_NOTIFY_H
#define FSJAIL_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"
#include "util.h"

struct notify;

/* What the supervisor did, for tests and diagnostics. */
struct notify_stats {
	unsigned long received;  /* notifications read from the listener */
	unsigned long continued; /* answered CONTINUE: never, since the supervisor acts */
	unsigned long performed; /* calls the supervisor performed and answered (success) */
	unsigned long created;   /* files created by the supervisor and handed in */
	unsigned long refused;   /* answered with an error (a refusal, or the error of
				    the supervisor's own call) */
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

/* Before notify_new(): from then on hooks also save content (backup.h)
 * and trap the calls that change or remove an existing file (see above).
 * trash_home (copied; NULL: deleteMode unlink): an unlink of a
 * pre-existing regular file the policy allows deleting is a move to that
 * home's trash (trash.h), except in the no-trash areas; a file created in
 * this cycle is removed plainly. bc is borrowed: it must outlive every
 * hook made meanwhile. notify_set_backup(NULL, NULL) turns it off for
 * later hooks. */
void notify_set_backup(struct backup_cycle *bc, const char *trash_home);

/* Before notify_new(): whether a write or truncate of a pre-existing
 * regular file with st_nlink > 1 is allowed (default false: refused with
 * EACCES, reason "hard link: ..."). The config key is the lead's to wire. */
void notify_set_allow_hardlink_writes(bool allow);

/* Before notify_new(): the folders (absolute, up to 8, copied) whose
 * deleted files are not moved to the trash, only backed up. NULL restores
 * the default: /tmp, /var/tmp and $TMPDIR (also as resolved). */
void notify_set_no_trash_areas(const char *const *paths, size_t n);

/* Counters so far; exact after notify_stop(). */
void notify_get_stats(const struct notify *nt, struct notify_stats *out);

/* Stop (if needed) and free; NULL is accepted. */
void notify_free(struct notify *nt);

#endif
