/* notify.h - the interception hook: a seccomp user-notification filter
 * whose trapped file calls the supervisor thread performs itself (DESIGN.md
 * sections 2, 8; seccomp_unotify(2); design notes in notify-int.h). It
 * reads each call's arguments once, resolves the path in the caller's view
 * on descriptors it holds, decides with the policy on the resolved path,
 * takes the backup, performs the call with its own *at() calls and
 * answers with the result (opens: ADDFD + SEND). No call the hook decides
 * is answered CONTINUE: nothing the caller changes after the check is read
 * (reads and executes traced for the report, notify_set_trace(), continue:
 * the hook decides nothing for them).
 *
 * THE GUARANTEE (landlock.c may rely on it while the hook is installed):
 * no name is made by the command tree except by the supervisor, after
 * policy_decide() allowed FSJ_CAP_CREATE on the resolved path of the new
 * name (the kernel's path of the directory the supervisor holds, plus the
 * final name). Calls: open, openat, creat, openat2 with O_CREAT (openat2
 * always; O_TMPFILE: EOPNOTSUPP; a linkat of a nameless file: EACCES),
 * mkdir(at), mknod(at) (no device nodes: EPERM), symlink(at), link(at),
 * rename, renameat, renameat2 (the target; RENAME_WHITEOUT refused), native
 * and i386 (x32 is killed by the filter); io_uring, memfd_secret,
 * open_by_handle_at, the keyring calls (keyctl, add_key, request_key),
 * refused ioctls: EPERM, said (refusal.h). A folder or symlink is not renamed when a
 * protected path or a rule denying create lies below its new name (or one
 * denying delete below its old name; with RENAME_EXCHANGE both names are
 * new ones): the moved tree could carry the name in, also into missing
 * folders above it, the guarded names of notify-guard.c. A
 * new name for an existing object (link, rename) may grant no more than
 * the old one (Landlock's REFER rule); bind() of a pathname AF_UNIX socket
 * (the supervisor binds the caller's socket in the folder it holds).
 *
 * And for `connect` (notify-sock.c): no Unix socket outside the command's
 * own is reached by connect(2) or an addressed send except by the
 * supervisor, on its copy of the caller's socket, with the address it read
 * once, after policy_decide() allowed FSJ_CAP_CONNECT on the path the name
 * resolves to in the caller's view (or the socket was bound by the command
 * in this run, or is the run's broker socket). Every trapped socket call
 * is performed, none answered CONTINUE: the descriptor number and the
 * address are both the caller's to change after a check.
 *
 * Not covered: a run without the hook (FSJAIL_NO_NOTIFY; EBUSY, a
 * listener up the chain, which the child only learns after Landlock is
 * applied). It trusts that the command cannot mount (Landlock forbids
 * mount(2) to a sandboxed process).
 *
 * Lifecycle (launch.c): notify_new() before fork, notify_child_install()
 * in the child, notify_start() after fork, notify_stop() once the child
 * has ended, notify_free(). Elsewhere than Linux notify_wanted() is false. */
#ifndef FSJAIL_NOTIFY_H
#define FSJAIL_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "notify-set.h"
#include "policy.h"
#include "util.h"

struct notify;

/* What the supervisor did, for tests and diagnostics. */
struct notify_stats {
	unsigned long received;  /* notifications read from the listener */
	unsigned long continued; /* answered CONTINUE: traced reads and executes only */
	unsigned long performed; /* calls performed and answered with success */
	unsigned long created;   /* files created by the supervisor and handed in */
	unsigned long refused;   /* answered with an error (refusal or the call's) */
	unsigned long vanished;  /* the caller went away before the answer */
	unsigned long trashed;   /* unlinks done by the supervisor as a move to the trash */
	unsigned long shape;     /* calls that may have changed where a git repository is
				  * (notify-repo.c nj_shape_note()): any rename, a create of
				  * anything but a regular file, a create or write of a name a
				  * repository walk looks at, any socket call trapped */
	bool installed;          /* the child sent its listener */
	bool wide;               /* write-capable opens, truncates and deletes trapped too
				  * (backups on: notify_set_backup()) */
};

/* false without a hook here, or with the test-only FSJAIL_NO_NOTIFY=1. */
bool notify_wanted(void);

/* In the parent, before fork: a hook deciding with pol (borrowed until
 * notify_free()). Returns a new hook, or NULL with err set. */
struct notify *notify_new(const struct fsj_policy *pol, struct fsj_error *err);

/* In the child, after the sandbox, last before exec: set no_new_privs,
 * load the filter, send the listener to the parent and close it here. On
 * EBUSY (fsjail inside fsjail) the hook is skipped with a warning. Returns
 * 0, or -1 with err set: the caller must not exec. */
int notify_child_install(struct notify *nt, struct fsj_error *err);

/* The descriptor the listener is sent over (a child closing descriptors
 * must keep it); -1 when none. */
int notify_child_fd(const struct notify *nt);

/* In the parent, after fork: start the supervisor thread (all signals
 * blocked), answering until notify_stop() or until no process holds the
 * filter. Returns 0, or -1 with err set. */
int notify_start(struct notify *nt, struct fsj_error *err);

/* Once the child has ended: stop the thread, close the listener (trapped
 * calls of descendants then get ENOSYS). Safe to repeat, or unstarted. */
void notify_stop(struct notify *nt);

/* true when st (stat(2) of a socket) is the run's own broker socket as
 * given to notify_set_own_socket(); nt is not used yet. */
struct stat;
bool notify_is_own_socket(const struct notify *nt, const struct stat *st);

/* After notify_new(), before fork: the policy leaves a denied path that
 * does not exist yet to this hook (sandbox_relies_on_listener()), so a
 * child that cannot install it (EBUSY: fsjail inside fsjail) must not
 * run. */
void notify_require(struct notify *nt);

/* Counters so far; exact after notify_stop(). */
void notify_get_stats(const struct notify *nt, struct notify_stats *out);
/* Stop (if needed) and free; NULL is accepted. */
void notify_free(struct notify *nt);

#endif
