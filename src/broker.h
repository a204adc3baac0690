/* broker.h - the broker: a thread of the supervisor that serves the
 * sandboxed command tree over a Unix socket (DESIGN.md section 8).
 *
 * Socket: $STATE/run/<session>/broker.sock (folder 0700, socket 0600,
 * both removed when the broker stops). The child finds it through
 * FSJAIL_BROKER_SOCKET, FSJAIL_SESSION_ID and FSJAIL_CALL_ID.
 *
 * Two line protocols share the socket; a line is at most BROKER_LINE_MAX
 * bytes including its '\n':
 *   - token request  "<class>\t<absolute path>\t<session>\t<call>\n",
 *     class fsjail.read or fsjail.read-write; reply "FD\n" with the opened
 *     descriptor (SCM_RIGHTS, fdpass.h), "SANDBOX\n" or "DENY\n".
 *   - host operation, one JSON object per line (cJSON):
 *     {"id","command":"HostFileOperation","operation","path"|"from","to",
 *      "sessionId","callId", ...}; reply one JSON object per line
 *     {"id","ok","operation","path","normalisedPath","decision","to",
 *      "normalisedTo","error"}.
 *
 * Token replies on Linux: FD when the policy allows every capability of
 * the class on both spellings of the path, the path is not fsjail's own
 * state, and the tier makes the kernel enforce one of those capabilities
 * (the descriptor is the only way in that is not a second path lookup);
 * SANDBOX when the policy allows it and the tier does not fence those
 * capabilities at all (the command opens it itself: nothing to hand out);
 * DENY otherwise. A read-write FD is a regular file with one link, handed
 * out after its ModifyBackup.
 *
 * Requests may be pipelined: every request gets exactly one reply, in
 * the order the requests were sent.
 *
 * ============ why the broker never does what the command's fence refuses ====
 * The broker runs unconfined in the supervisor, in the host's mount and
 * pid namespaces. It is made to act only inside the command's view, by
 * construction rather than by listing what to refuse:
 *  - the view: at accept, the peer's pid (SO_PEERCRED, pinned by
 *    SO_PEERPIDFD) gives /proc/PID/root, the root of the command's mount
 *    namespace; every path of every request is resolved from it with
 *    openat2(RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS), so the walk meets
 *    the command's mount masks, its own /proc (its pid namespace), and
 *    never a magic link; the resolved spelling is the kernel's own name
 *    for the descriptor, proven by walking it again without symlinks;
 *  - the decision is the policy's (the same policy the Landlock ruleset
 *    was compiled from) on that resolved spelling and on the written one;
 *  - the action is an *at() call on the resolved folder descriptor with
 *    O_NOFOLLOW, never a second lookup of a path;
 *  - pseudo-filesystems (proc, sysfs, devpts, debugfs, tracefs,
 *    securityfs, cgroup, bpf, ... by statfs f_type) and device nodes are
 *    never served, whatever the policy says;
 *  - what an operation makes appear is re-checked: a rename or link onto
 *    a target is refused when any denied or protected path (or fsjail's
 *    state) lies at or below the target, existing or not; a symlink's
 *    target is checked as a read through it; a file with more than one
 *    link is never written in place.
 * The only extras are the documented ones: a delete moved to the trash
 * and the ModifyBackup copies. Off Linux (Seatbelt, no mount namespace)
 * the host's view is the command's.
 * ============================================================================= */
#ifndef FSJAIL_BROKER_H
#define FSJAIL_BROKER_H

#include <stdbool.h>
#include <sys/stat.h>

#include "config.h"
#include "policy.h"
#include "util.h"

/* Longest request line, '\n' included (64 KiB): a JSON request carries two
 * paths of FSJ_PATH_MAX bytes, each up to six times longer when every byte
 * is escaped (\u00XX), plus ids — about 50 KiB at worst. A fixed cap keeps
 * a client from growing the broker's memory (STYLE.md point 6); a longer
 * line is refused and the client disconnected. */
#define BROKER_LINE_MAX (64u * 1024u)

/* Most clients served at once; one more is accepted, answered with an
 * error and closed. Each holds one BROKER_LINE_MAX buffer at most. */
#define BROKER_MAX_CLIENTS 256

/* Most reply bytes (256 KiB) and descriptors (4) queued for one client
 * that does not read its replies: past either, the broker stops reading
 * that client until it reads, so a pipelining client is slowed, never
 * answered out of order or not at all, and 256 clients cost at most
 * 64 MiB and 1,024 descriptors. */
#define BROKER_QUEUE_MAX (256u * 1024u)
#define BROKER_QUEUE_FDS 4u

struct broker;

/* The ModifyBackup hook (DESIGN.md section 9), called before an existing
 * regular file is changed or removed by a host operation: name in the
 * folder dirfd (no symlink followed), path its normalised absolute path.
 * Returns 0 to go on, or -1 with err set to refuse the operation. NULL (the
 * default) takes no backup. Set before broker_start(); owned by the
 * ModifyBackup engineer (issue 4). */
extern int (*broker_backup_hook)(struct broker *b, int dirfd, const char *name, const char *path,
				 struct fsj_error *err);

/* The identity-keyed ModifyBackup hook for a read-write token: the
 * regular file fd (name in dirfd, path its resolved spelling) is about to
 * be handed out for writing; call is the request's call id (may be NULL).
 * Meant to call backup_before_change(bc, dirfd, name, fd, path,
 * BACKUP_CHANGE_CONTENT, call, err) (backup.h). Returns 0, or -1 with err
 * set to refuse the token. NULL: broker_backup_hook is called instead,
 * and the name must still be fd's file afterwards. */
extern int (*broker_backup_fd_hook)(struct broker *b, int dirfd, const char *name, int fd,
				    const char *path, const char *call, struct fsj_error *err);

/* The rename hook (DESIGN.md section 9), called twice for a host rename
 * of from_name in from_dir (from: its resolved path, st: its stat) to
 * to_name in to_dir (to: resolved; over: the stat of the file renamed
 * over, or NULL): done false before it, to keep the file renamed over
 * (by link) and record the rename (restore moves it back), -1 with err
 * set refusing it; done true after it (st NULL when it failed: a
 * "cancel" of the rename is recorded; return ignored). NULL
 * (backups off): broker_backup_hook is called for the file renamed over. */
extern int (*broker_rename_hook)(struct broker *b, int from_dir, const char *from_name,
				 const char *from, const struct stat *st, int to_dir,
				 const char *to_name, const char *to, const struct stat *over,
				 bool done, struct fsj_error *err);

/* The remove hook (DESIGN.md section 9), called before a host delete
 * removes the existing name in dirfd (path its resolved spelling; a
 * folder once empty): unlink mode, trash mode's folders, the trash hook's
 * own use. It keeps the object as the listener keeps it (a regular file
 * by link, whatever its size; a symlink, FIFO or folder recorded). 0, or -1 with
 * err set to refuse the delete. NULL (backups off): broker_backup_hook is
 * called instead. */
extern int (*broker_remove_hook)(struct broker *b, int dirfd, const char *name, const char *path,
				 struct fsj_error *err);

/* The trash hook: move name (in dirfd, not followed) to the user's trash;
 * returns 0, or -1 with err set. NULL (the default): a delete in trash mode
 * is refused with "trash not available" (fail closed). */
extern int (*broker_trash_hook)(struct broker *b, int dirfd, const char *name, const char *path,
				struct fsj_error *err);

/* The undo hook for names a host operation makes (DESIGN.md section 9):
 * BROKER_MADE_FILE, the new file or folder name in dirfd (path: its
 * resolved spelling) was just made; BROKER_MADE_NAME, name was just made
 * as one more name of an existing file (a hard link: the file keeps its
 * backups). Renames go through broker_rename_hook. NULL (the default):
 * nothing is recorded. */
enum broker_made { BROKER_MADE_FILE, BROKER_MADE_NAME };
/* Its write-ahead half (issue 14): before a host operation makes name in
 * dirfd (path: resolved; of: for a hard link the linked file's stat, else
 * NULL), failed false: record the create, -1 with err set refusing the
 * operation; after a create that failed, failed true (return ignored). */
extern int (*broker_creating_hook)(struct broker *b, int dirfd, const char *path,
				   const struct stat *of, bool failed, struct fsj_error *err);

/* The metadata hook (DESIGN.md section 9): before a host chmod or touch
 * changes the mode or times of the existing name in dirfd (path: its
 * resolved spelling), record the old ones (a "meta" record restore puts
 * back); -1 with err set refuses the operation. NULL: nothing recorded. */
extern int (*broker_meta_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			       struct fsj_error *err);
extern void (*broker_made_hook)(struct broker *b, enum broker_made what, int dirfd,
				const char *name, const char *path);

/* true when s is a valid session id: 1 to 64 of [A-Za-z0-9._-], and not
 * "." or "..". */
bool broker_session_valid(const char *s);

/* Start the broker for one run: create the socket folder and socket,
 * open the audit log, start the thread, and export FSJAIL_BROKER_SOCKET,
 * FSJAIL_SESSION_ID and FSJAIL_CALL_ID into the environment (the child
 * inherits them). session may be NULL: a random one (128 bits, hex).
 * ctx and pol are borrowed and must outlive the broker; command (the
 * command line, for the audit log) is copied. Returns a new broker (stop
 * and free it with broker_free()), or NULL with err set. */
struct broker *broker_start(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
			    const char *session, const char *command, struct fsj_error *err);

/* Give b the command's own Landlock fence, before broker_serve(): plan is
 * the sandbox's compiled ruleset (sandbox_landlock_plan(); borrowed, it
 * must outlive b), so the broker never allows what the kernel refuses the
 * command and the policy is compiled once per run (issue 18); plan NULL:
 * b compiles the policy itself now, without the seccomp listener (the
 * stricter plan). Does nothing when the run has no Landlock fence, or
 * again. */
struct ll_plan;
void broker_use_plan(struct broker *b, const struct ll_plan *plan);

/* Start serving: the broker thread. Call it after the fork that starts
 * the command (launch_after_fork()): a thread alive across fork() could
 * hold a lock (malloc's, stdio's) that the child then waits on forever.
 * Clients that connect before are queued by listen(2). Returns 0, or -1
 * with err set (also when the run has a fence and broker_use_plan() was
 * not called: nothing is served unfenced). */
int broker_serve(struct broker *b, struct fsj_error *err);

/* How many connections the broker has accepted so far (any peer, also
 * one it then refused); 0 for NULL. Safe while its thread runs. */
unsigned long broker_clients(const struct broker *b);

/* The socket path, session id and call id; owned by b. */
const char *broker_socket_path(const struct broker *b);
const char *broker_session(const struct broker *b);
const char *broker_call(const struct broker *b);

/* Stop the thread, close every client, remove the socket and its folder,
 * and free b. NULL is accepted. */
void broker_free(struct broker *b);

#endif
