/* broker-int.h - what the broker's files share (not for the rest of
 * fsjail): the broker and client structs, one resolved path of a request,
 * and the functions broker.c (socket, framing, reply queue),
 * broker-resolve.c (paths in the command's view, the policy checks),
 * broker-token.c (token requests) and broker-hostop.c (JSON host
 * operations) call in one another. */
#ifndef FSJAIL_BROKER_INT_H
#define FSJAIL_BROKER_INT_H

#include <stdbool.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "audit.h"
#include "broker.h"
#include "broker-caller.h"
#include "broker-fence.h"

/* One queued piece of a reply: bytes, or (data NULL) a descriptor sent
 * with SCM_RIGHTS after the bytes queued before it. */
struct broker_out {
	char *data;
	size_t len, off;
	int fd;
	struct broker_out *next;
};

struct client {
	int fd;
	char *buf;   /* BROKER_LINE_MAX bytes, allocated on first read */
	size_t len;  /* bytes received and not yet handled */
	int root_fd; /* the peer's "/" (/proc/PID/root, O_PATH); -1 off Linux */
	bool eof;    /* the peer sent everything it will send */
	bool closing; /* answered a framing error: close once flushed */
	struct broker_out *out_head, *out_tail;
	size_t out_bytes; /* queued reply bytes */
	unsigned out_fds; /* queued descriptors */
	struct broker_sender line; /* the sender(s) of the first line in buf */
	struct broker_sender last; /* the sender of the last chunk read */
	bool line_done; /* that first line was handled: the rest is last's */
};

struct broker {
	const struct fsj_ctx *ctx;
	const struct fsj_policy *pol;
	char *session;
	char *call;
	char *command;
	char *sock_path;
	int run_fd; /* $STATE/run */
	int dir_fd; /* $STATE/run/<session> */
	int listen_fd;
	int wake[2]; /* broker_free() writes to wake[1] */
	bool started;
	pthread_t thread;
	struct audit_log log;
	struct caps_self self_caps; /* the broker thread's (broker-caller.c) */
	struct broker_fence *fence; /* the command's compiled fence, or NULL */
	bool fence_set; /* broker_use_plan() ran: fence is final */
	unsigned delay_ms; /* test-only: FSJAIL_BROKER_TEST_DELAY_MS */
	struct client clients[BROKER_MAX_CLIENTS];
	size_t n_clients;
	int last_root; /* the view of the last client the supervisor connected, or -1 */
	unsigned long accepted; /* connections accepted (__atomic: broker_clients()) */
};

/* Host spellings of one target's folder the broker decides on too. */
#define BROKER_SPELL_MAX 4

/* One path of a request, resolved inside the command's view
 * (broker-resolve.c): the spelling the client wrote (normalised), the one
 * the kernel resolved in the command's mount namespace, and the folder
 * holding its last component, open (O_PATH) so that every action is an
 * *at() call on it. */
struct target {
	char *path;     /* normalised, as written */
	char *resolved; /* parent resolved + name, or all resolved */
	char *parent;   /* resolved folder */
	char *name;     /* last component; "" for "/" */
	int dirfd;      /* the folder parent, or -1 when it does not exist */
	bool exists;    /* name exists in dirfd (not followed) */
	struct stat st; /* its lstat when it exists */
	/* resolved under the other host spellings of its folder, found by
	 * identity (absentid.h): decided too (broker_check()) */
	char *spell[BROKER_SPELL_MAX];
	size_t n_spell;
};

/* What decided a refusal, for the audit line. */
struct verdict {
	bool allowed;
	const char *source; /* rule, baseline, policy */
	const char *rule_id;
	const char *why;  /* static text for a refusal */
	enum fsj_cap cap; /* the capability refused */
	bool by_policy;   /* cap was refused by a rule or the default */
};

/* --- broker-resolve.c --- */

/* Open the peer's root ("/" of its mount namespace) for the accepted
 * socket sock whose peer is pid: /proc/PID/root (O_PATH), checked to be
 * the very process that connected (SO_PEERPIDFD / pidfd_open, alive after
 * the open, so a reused pid cannot lend its view). Returns the descriptor,
 * or -1 with errno set; off Linux -2 (the host's view is the command's). */
int broker_view_open(int sock, pid_t pid);

/* Fill t from the client's string in (must be absolute), resolving it in
 * the view of root_fd (broker_view_open()): the folder holding the last
 * component always, the last component too when follow_last. A path on
 * a pseudo-filesystem (/proc, /sys, ...), or naming a device node, is
 * refused. Returns 0, or -1 with *why set to a static message (t is then
 * released by the caller all the same). */
int broker_target_init(struct target *t, int root_fd, const char *in, bool follow_last,
		       const char **why);
void broker_target_release(struct target *t);

/* true when t's folder is still where it was resolved (t->parent): a
 * folder the command renamed during the request would carry the action
 * to a path the policy never judged. */
bool broker_target_still(const struct target *t, int root_fd);

/* The folder of t opened in the host's view (O_RDONLY|O_DIRECTORY, no
 * symlink followed), accepted only when it is the very folder t->dirfd
 * is: for the extras that leave the command's view (the trash), since a
 * rename between two mount namespaces' mounts fails with EXDEV. Returns a
 * descriptor (caller closes) or -1 with errno set. */
int broker_host_dirfd(const struct target *t);

/* The resolved spelling of abs in root_fd's view, when it exists or not:
 * its deepest existing ancestor resolved, the rest appended. *pseudo is
 * set when that ancestor lies on a pseudo-filesystem. Returns a new string
 * (caller frees), or NULL with errno set. */
char *broker_view_resolve(int root_fd, const char *abs, bool *pseudo);

/* Check every capability of caps on t (both spellings: policy_decide()
 * refuses when either is denied). fsjail's own state directory is never
 * reachable through the broker. Fills *v; returns v->allowed. */
bool broker_check(const struct broker *b, const struct target *t, unsigned caps,
		  struct verdict *v);

/* true when a rule that denies any of caps, a protected path, or fsjail's
 * state directory lies at or below path or resolved (existing or not):
 * an operation that makes path appear as a tree (rename, link) would make
 * that denied path appear with content the policy never saw. */
bool broker_denied_below(const struct broker *b, const char *path, const char *resolved,
			 unsigned caps);

/* broker_denied_below() at t's path, resolved path and each of its host
 * spellings (t->spell): a tree arriving through another mount of a
 * folder arrives at the rules of its own path. */
bool broker_denied_below_target(const struct broker *b, const struct target *t, unsigned caps);

/* --- broker.c --- */

void broker_audit(struct broker *b, const char *call, const char *what, const char *path,
		  const char *resolved, const char *decision, const struct verdict *v,
		  const char *detail);

/* Queue the reply s (copied) for c; sent in order by the loop. */
void broker_reply(struct client *c, const char *s);

/* Queue the reply s and then the descriptor fd (owned by the queue from
 * now on: closed once sent or when the client goes). */
void broker_reply_fd(struct client *c, const char *s, int fd);

/* Sleep b->delay_ms (FSJAIL_BROKER_TEST_DELAY_MS, tests only; 0: return at
 * once) between a host operation's checks and its act, with the host lock
 * (hostlock.h) given back meanwhile, so a test can change names in that
 * window as a process outside the run could. */
void broker_test_delay(const struct broker *b);

/* --- broker-repo.c --- */

/* true when a change at path (absolute, normalised; NULL: false) could
 * touch git repository metadata the listener guards, judged by names only
 * (no system call): the broker then refuses it, read-write tokens and
 * host operations alike (t0229). */
bool broker_repo_guarded(const char *path);

/* --- broker-token.c, broker-hostop.c --- */

/* "<class>\t<path>\t<session>\t<call>" (line without its '\n'). */
void broker_handle_token(struct broker *b, struct client *c, char *line);

/* One JSON host operation (line without its '\n'). */
void broker_handle_json(struct broker *b, struct client *c, const char *line);

#endif
