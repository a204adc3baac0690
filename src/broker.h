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
 * DENY otherwise. */
#ifndef FSJAIL_BROKER_H
#define FSJAIL_BROKER_H

#include <stdbool.h>

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

struct broker;

/* The ModifyBackup hook (DESIGN.md section 9), called before an existing
 * regular file is changed or removed by a host operation: name in the
 * folder dirfd (no symlink followed), path its normalised absolute path.
 * Returns 0 to go on, or -1 with err set to refuse the operation. NULL (the
 * default) takes no backup. Set before broker_start(); owned by the
 * ModifyBackup engineer (issue 4). */
extern int (*broker_backup_hook)(struct broker *b, int dirfd, const char *name, const char *path,
				 struct fsj_error *err);

/* The trash hook: move name (in dirfd, not followed) to the user's trash;
 * returns 0, or -1 with err set. NULL (the default): a delete in trash mode
 * is refused with "trash not available" (fail closed). */
extern int (*broker_trash_hook)(struct broker *b, int dirfd, const char *name, const char *path,
				struct fsj_error *err);

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

/* Start serving: the broker thread. Call it after the fork that starts
 * the command (launch_after_fork()): a thread alive across fork() could
 * hold a lock (malloc's, stdio's) that the child then waits on forever.
 * Clients that connect before are queued by listen(2). Returns 0, or -1
 * with err set. */
int broker_serve(struct broker *b, struct fsj_error *err);

/* The socket path, session id and call id; owned by b. */
const char *broker_socket_path(const struct broker *b);
const char *broker_session(const struct broker *b);
const char *broker_call(const struct broker *b);

/* Stop the thread, close every client, remove the socket and its folder,
 * and free b. NULL is accepted. */
void broker_free(struct broker *b);

#endif
