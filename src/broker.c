/* broker.c - the broker thread: socket, line framing, token requests,
 * host file operations and their audit lines (DESIGN.md section 8;
 * openssh's monitor.c for the framing and re-checking, firejail's
 * safer_openat() for the path walk).
 *
 * One thread serves every client with a poll() loop; requests are handled
 * one at a time, in the order their lines complete. Each request is
 * decided in the same order: session -> policy on the written spelling ->
 * policy on the resolved spelling -> ModifyBackup hook -> act -> audit. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "audit.h"
#include "broker.h"
#include "fdpass.h"
#include "path.h"
#include "platform.h"

int (*broker_backup_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			  struct fsj_error *err);
int (*broker_trash_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			 struct fsj_error *err);

struct client {
	int fd;
	char *buf;  /* BROKER_LINE_MAX bytes, allocated on first read */
	size_t len; /* bytes of an incomplete line in buf */
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
	unsigned delay_ms; /* test-only: FSJAIL_BROKER_TEST_DELAY_MS */
	struct client clients[BROKER_MAX_CLIENTS];
	size_t n_clients;
};

bool broker_session_valid(const char *s)
{
	size_t n;

	if (!s)
		return false;
	n = strlen(s);
	if (n < 1 || n > 64 || strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
		return false;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

const char *broker_socket_path(const struct broker *b)
{
	return b->sock_path;
}

const char *broker_session(const struct broker *b)
{
	return b->session;
}

const char *broker_call(const struct broker *b)
{
	return b->call;
}

/* --- paths --------------------------------------------------------------- */

/* One path of a request: the spelling the client wrote (normalised) and
 * the one the broker acts on, with its folder resolved and, unless
 * follow_last, its last component kept as written (delete, rename and
 * chmod work on a symlink itself, never on what it points to). */
struct target {
	char *path;     /* normalised, as written */
	char *resolved; /* parent resolved + name, or all resolved */
	char *parent;   /* resolved folder */
	char *name;     /* last component; "" for "/" */
};

static void target_release(struct target *t)
{
	free(t->path);
	free(t->resolved);
	free(t->parent);
	free(t->name);
	memset(t, 0, sizeof(*t));
}

/* Fill t from the client's string in (must be absolute). Returns 0, or -1
 * with *why set to a static message. */
static int target_init(struct target *t, const char *in, bool follow_last, const char **why)
{
	const char *slash;
	int rc;

	memset(t, 0, sizeof(*t));
	if (!in || in[0] != '/') {
		*why = "path is not absolute";
		return -1;
	}
	rc = path_normalize(in, strlen(in), NULL, NULL, &t->path);
	if (rc != PATH_OK) {
		*why = path_strerror(rc);
		return -1;
	}
	if (follow_last) {
		t->resolved = path_resolve(t->path);
	} else if (strcmp(t->path, "/") == 0) {
		t->resolved = xstrdup("/");
	} else {
		char *dir = path_dirname(t->path);
		char *rdir = path_resolve(dir);

		slash = strrchr(t->path, '/');
		t->resolved = path_join(rdir, slash + 1);
		free(dir);
		free(rdir);
	}
	if (strcmp(t->resolved, "/") == 0) {
		t->parent = xstrdup("/");
		t->name = xstrdup("");
	} else {
		slash = strrchr(t->resolved, '/');
		t->parent = path_dirname(t->resolved);
		t->name = xstrdup(slash + 1);
	}
	return 0;
}

/* --- decisions ----------------------------------------------------------- */

/* What decided a refusal, for the audit line. */
struct verdict {
	bool allowed;
	const char *source; /* rule, baseline, policy */
	const char *rule_id;
	const char *why;  /* static text for a refusal */
	enum fsj_cap cap; /* the capability refused */
	bool by_policy;   /* cap was refused by a rule or the default */
};

static const char *level_source(enum fsj_level l)
{
	switch (l) {
	case FSJ_LEVEL_EXPLICIT:
		return "rule";
	case FSJ_LEVEL_BASELINE:
		return "baseline";
	case FSJ_LEVEL_PROTECTED:
	case FSJ_LEVEL_DEFAULT:
	case FSJ_LEVEL_COUNT:
		break;
	}
	return "policy";
}

/* Check every capability of caps on t (both spellings: policy_decide()
 * refuses when either is denied). fsjail's own state directory is never
 * reachable through the broker. Fills *v; returns v->allowed. */
static bool check(const struct broker *b, const struct target *t, unsigned caps, struct verdict *v)
{
	struct fsj_decision d;
	int c;

	memset(v, 0, sizeof(*v));
	v->source = "policy";
	if (path_covers(b->ctx->env.state_dir, t->path) ||
	    path_covers(b->ctx->env.state_dir, t->resolved)) {
		v->why = "fsjail's own state is a protected path";
		return false;
	}
	for (c = 0; c < FSJ_CAP_COUNT; c++) {
		if (!(caps & FSJ_CAPBIT(c)))
			continue;
		policy_decide(b->pol, t->path, t->resolved, (enum fsj_cap)c, &d);
		if (d.allowed) {
			/* the audit line names what allowed the last capability */
			v->source = level_source(d.level);
			v->rule_id = d.rule ? d.rule->id : NULL;
			continue;
		}
		v->cap = (enum fsj_cap)c;
		v->by_policy = true;
		v->source = level_source(d.level);
		v->rule_id = d.rule ? d.rule->id : NULL;
		v->why = d.level == FSJ_LEVEL_PROTECTED ? "protected path" : "not granted";
		return false;
	}
	v->allowed = true;
	return true;
}

static void audit(struct broker *b, const char *call, const char *what, const char *path,
		  const char *resolved, const char *decision, const struct verdict *v,
		  const char *detail)
{
	struct audit_event ev = {
		.session = b->session,
		.call = call ? call : b->call,
		.command = b->command,
		.capability = what,
		.path = path,
		.resolved = resolved ? resolved : path,
		.decision = decision,
		.source = v ? v->source : "policy",
		.rule_id = v ? v->rule_id : NULL,
		.detail = detail,
	};

	if (audit_record(&b->log, &ev) < 0)
		fprintf(stderr, "fsjail: warning: cannot write the audit log '%s': %s\n",
			b->log.path ? b->log.path : "?", strerror(errno));
}

/* Write s to the client (a reply is small: it fits the socket buffer; a
 * client that does not read its replies is dropped). */
static int reply(struct client *c, const char *s)
{
	return write_all(c->fd, s, strlen(s));
}

static void test_delay(const struct broker *b)
{
	if (b->delay_ms) {
		struct timespec ts = { b->delay_ms / 1000, (long)(b->delay_ms % 1000) * 1000000L };

		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
	}
}

/* --- token requests -------------------------------------------------------- */

/* "<class>\t<path>\t<session>\t<call>" (line without its '\n'). */
static void handle_token(struct broker *b, struct client *c, char *line)
{
	char *field[4], *p = line;
	struct target t = { 0 };
	struct verdict v = { 0 };
	static const char *const decision_names[] = { "deny", "sandbox", "grant-token" };
	enum {
		TOKEN_DENY,
		TOKEN_SANDBOX,
		TOKEN_GRANT
	} decision = TOKEN_DENY;
	const char *why = NULL;
	char *token = NULL;
	unsigned caps;
	bool rw;
	int i, fd = -1, e;

	for (i = 0; i < 4; i++) {
		field[i] = p;
		p = strchr(p, '\t');
		if (i < 3) {
			if (!p)
				break;
			*p++ = '\0';
		}
	}
	if (i < 4 || p) {
		audit(b, NULL, "token", NULL, NULL, "deny", NULL, "malformed request line");
		(void)reply(c, "DENY\n");
		return;
	}
	if (strcmp(field[0], "fsjail.read") == 0) {
		rw = false;
	} else if (strcmp(field[0], "fsjail.read-write") == 0) {
		rw = true;
	} else {
		audit(b, field[3], "token", field[1], NULL, "deny", NULL, "unknown token class");
		(void)reply(c, "DENY\n");
		return;
	}
	caps = FSJ_CAPBIT(FSJ_CAP_READ) | (rw ? FSJ_CAPBIT(FSJ_CAP_WRITE) : 0);
	if (strcmp(field[2], b->session) != 0) {
		why = "wrong session";
	} else if (target_init(&t, field[1], true, &why) == 0 && check(b, &t, caps, &v)) {
		if (!(b->pol->enforced & caps)) {
			decision = TOKEN_SANDBOX;
		} else {
			int dfd = open_dir_nosymlinks(t.parent);

			e = errno;
			if (dfd >= 0) {
				fd = openat(dfd, t.name[0] ? t.name : ".",
					    (rw ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC |
						    O_NOCTTY | O_NONBLOCK);
				e = errno;
				close(dfd);
			}
			/* Only regular files: a directory descriptor opened here,
			 * in the supervisor's unmasked mount namespace, would let
			 * openat() look paths up past every mount mask. */
			struct stat st;
			if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
				close(fd);
				fd = -1;
				e = EISDIR;
			}
			if (fd >= 0) {
				/* O_NONBLOCK only kept a FIFO from hanging the broker */
				(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
				decision = TOKEN_GRANT;
			} else {
				why = strerror(e);
			}
			/* macOS: the token is a Seatbelt extension for the path the
			 * descriptor proved (SBPL-NOTES.md section 8), not the fd. */
			if (fd >= 0 && platform_token_is_extension()) {
				close(fd);
				fd = -1;
				token = platform_extension_issue(field[0], t.resolved);
				if (!token) {
					decision = TOKEN_DENY;
					why = strerror(errno);
				}
			}
		}
	} else if (!why) {
		why = v.why;
	}
	audit(b, field[3], field[0], t.path ? t.path : field[1], t.resolved,
	      decision_names[decision], &v, why);
	if (token) {
		char *text = xasprintf("%s\n", token);

		(void)reply(c, text);
		free(text);
		free(token);
	} else if (decision == TOKEN_GRANT) {
		if (reply(c, "FD\n") == 0)
			(void)fdpass_send(c->fd, fd);
		close(fd);
	} else {
		(void)reply(c, decision == TOKEN_SANDBOX ? "SANDBOX\n" : "DENY\n");
	}
	target_release(&t);
}

/* --- host operations ------------------------------------------------------- */

enum hostop {
	HOSTOP_DELETE,
	HOSTOP_MKDIR,
	HOSTOP_RENAME,
	HOSTOP_COPY,
	HOSTOP_CHMOD,
	HOSTOP_LINK,
	HOSTOP_TOUCH,
};

static const char *const hostop_names[] = {
	[HOSTOP_DELETE] = "delete", [HOSTOP_MKDIR] = "mkdir", [HOSTOP_RENAME] = "rename",
	[HOSTOP_COPY] = "copy",     [HOSTOP_CHMOD] = "chmod", [HOSTOP_LINK] = "link",
	[HOSTOP_TOUCH] = "touch",
};

/* One host operation being decided. */
struct op {
	struct broker *b;
	const cJSON *req;
	enum hostop kind;
	const char *call;
	struct target from; /* "path" or "from" */
	struct target to;   /* "to" (rename, copy, link) */
	bool has_to;
	const char *miss_path; /* a refusal by the policy: what is missing */
	const char *miss_cap;
	struct fsj_error err;
};

static bool json_bool(const cJSON *req, const char *key, bool dflt)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(req, key);

	if (cJSON_IsBool(x))
		return cJSON_IsTrue(x);
	return dflt;
}

static const char *json_str(const cJSON *req, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(req, key);

	return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* Call the ModifyBackup hook for name in dirfd when it is an existing
 * regular file. Returns 0 or -1 (op->err set). */
static int backup(struct op *o, int dirfd, const char *name, const char *path)
{
	struct stat st;

	if (!broker_backup_hook)
		return 0;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode))
		return 0;
	return broker_backup_hook(o->b, dirfd, name, path, &o->err);
}

static int fail_errno(struct op *o, const char *what, const char *path)
{
	return fsj_error_set(&o->err, NULL, 0, 0, "cannot %s '%s': %s", what, path,
			     strerror(errno));
}

/* Remove the tree name in dirfd (path: its resolved spelling), checking
 * delete on every entry; unlink mode only. */
static int remove_tree(struct op *o, int parent_fd, const char *name, const char *path, int depth)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	int fd;

	if (depth > 256) {
		errno = ELOOP;
		return fail_errno(o, "delete", path);
	}
	if (fstatat(parent_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return fail_errno(o, "delete", path);
	if (!S_ISDIR(st.st_mode)) {
		if (backup(o, parent_fd, name, path) < 0)
			return -1;
		if (unlinkat(parent_fd, name, 0) < 0)
			return fail_errno(o, "delete", path);
		return 0;
	}
	fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fail_errno(o, "open", path);
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return fail_errno(o, "open", path);
	}
	while ((de = readdir(d)) != NULL) {
		struct target t = { 0 };
		struct verdict v;
		int rc;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		t.path = path_join(path, de->d_name);
		t.resolved = xstrdup(t.path);
		if (!check(o->b, &t, FSJ_CAPBIT(FSJ_CAP_DELETE), &v)) {
			fsj_error_set(&o->err, NULL, 0, 0, "delete of '%s' refused: %s", t.path,
				      v.why);
			target_release(&t);
			closedir(d);
			return -1;
		}
		rc = remove_tree(o, dirfd(d), de->d_name, t.path, depth + 1);
		target_release(&t);
		if (rc < 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (unlinkat(parent_fd, name, AT_REMOVEDIR) < 0)
		return fail_errno(o, "delete", path);
	return 0;
}

/* Copy the regular file sfd to dfd (copy_file_range(2), read/write where
 * the kernel cannot). Returns 0 or -1 with errno set. */
static int copy_fd(int sfd, int dfd)
{
	char buf[65536];
	ssize_t n;

#ifdef __linux__
	for (;;) {
		n = copy_file_range(sfd, NULL, dfd, NULL, 1 << 30, 0);
		if (n == 0)
			return 0;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EXDEV || errno == EINVAL || errno == ENOSYS ||
			    errno == EOPNOTSUPP)
				break;
			return -1;
		}
	}
#endif
	for (;;) {
		n = read(sfd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		if (write_all(dfd, buf, (size_t)n) < 0)
			return -1;
	}
}

/* "mode": a JSON number (420) or an octal string ("0644"). -1 if bad. */
static long json_mode(const cJSON *req, long dflt)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(req, "mode");
	char *end;
	long m;

	if (!x)
		return dflt;
	if (cJSON_IsNumber(x))
		m = (long)x->valuedouble;
	else if (cJSON_IsString(x) && x->valuestring[0])
		m = strtol(x->valuestring, &end, 8), m = *end ? -1 : m;
	else
		return -1;
	return m >= 0 && m <= 07777 ? m : -1;
}

/* Perform o once every check passed: on folders opened without following
 * a symlink, with *at() calls on the last component. Returns 0, or -1 with
 * o->err set. */
static int act(struct op *o, bool to_exists)
{
	const cJSON *req = o->req;
	int fdir = -1, tdir = -1, sfd = -1, dfd = -1, rc = -1;
	struct stat st;
	long mode;

	fdir = open_dir_nosymlinks(o->from.parent);
	if (fdir < 0) {
		fail_errno(o, "open the folder of", o->from.path);
		goto out;
	}
	if (!o->from.name[0] && !(o->kind == HOSTOP_LINK && json_bool(req, "symbolic", false))) {
		fsj_error_set(&o->err, NULL, 0, 0, "cannot %s '/'", hostop_names[o->kind]);
		goto out;
	}
	if (o->has_to) {
		tdir = open_dir_nosymlinks(o->to.parent);
		if (tdir < 0) {
			fail_errno(o, "open the folder of", o->to.path);
			goto out;
		}
		if (!o->to.name[0]) {
			fsj_error_set(&o->err, NULL, 0, 0, "cannot %s onto '/'",
				      hostop_names[o->kind]);
			goto out;
		}
	}
	switch (o->kind) {
	case HOSTOP_DELETE: {
		const char *m = json_str(req, "deleteMode");
		bool trash = m ? strcmp(m, "trash") == 0
			       : o->b->ctx->config.delete_mode == FSJ_DELETE_TRASH;

		if (m && !trash && strcmp(m, "unlink") != 0) {
			fsj_error_set(&o->err, NULL, 0, 0, "unknown deleteMode '%s'", m);
			goto out;
		}
		if (fstatat(fdir, o->from.name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			fail_errno(o, "delete", o->from.path);
			goto out;
		}
		if (trash) {
			if (!broker_trash_hook) {
				fsj_error_set(&o->err, NULL, 0, 0, "trash not available");
				goto out;
			}
			rc = broker_trash_hook(o->b, fdir, o->from.name, o->from.resolved, &o->err);
			goto out;
		}
		if (S_ISDIR(st.st_mode) && !json_bool(req, "recursive", false)) {
			if (unlinkat(fdir, o->from.name, AT_REMOVEDIR) < 0)
				fail_errno(o, "delete", o->from.path);
			else
				rc = 0;
			goto out;
		}
		rc = remove_tree(o, fdir, o->from.name, o->from.resolved, 0);
		goto out;
	}
	case HOSTOP_MKDIR:
		mode = json_mode(req, 0777);
		if (mode < 0) {
			fsj_error_set(&o->err, NULL, 0, 0, "bad mode");
			goto out;
		}
		if (mkdirat(fdir, o->from.name, (mode_t)mode) < 0)
			fail_errno(o, "create folder", o->from.path);
		else
			rc = 0;
		goto out;
	case HOSTOP_RENAME:
		if (to_exists) {
			if (backup(o, tdir, o->to.name, o->to.resolved) < 0)
				goto out;
			rc = renameat(fdir, o->from.name, tdir, o->to.name);
		} else {
			/* checked as a create: it must still be one */
			rc = platform_rename_noreplace(fdir, o->from.name, tdir, o->to.name);
		}
		if (rc < 0)
			fail_errno(o, "rename", o->from.path);
		goto out;
	case HOSTOP_COPY:
		sfd = openat(fdir, o->from.name,
			     O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
		if (sfd < 0 || fstat(sfd, &st) < 0) {
			fail_errno(o, "open", o->from.path);
			goto out;
		}
		if (!S_ISREG(st.st_mode)) {
			fsj_error_set(&o->err, NULL, 0, 0, "'%s' is not a regular file",
				      o->from.path);
			goto out;
		}
		if (to_exists) {
			struct stat dst;

			if (backup(o, tdir, o->to.name, o->to.resolved) < 0)
				goto out;
			dfd = openat(tdir, o->to.name,
				     O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
			if (dfd >= 0 && (fstat(dfd, &dst) < 0 || !S_ISREG(dst.st_mode))) {
				close(dfd);
				dfd = -1;
				errno = EINVAL;
			}
			if (dfd >= 0 && ftruncate(dfd, 0) < 0) {
				close(dfd);
				dfd = -1;
			}
		} else {
			dfd = openat(tdir, o->to.name,
				     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				     st.st_mode & 0777);
		}
		if (dfd < 0) {
			fail_errno(o, "write", o->to.path);
			goto out;
		}
		if (copy_fd(sfd, dfd) < 0)
			fail_errno(o, "copy to", o->to.path);
		else
			rc = 0;
		goto out;
	case HOSTOP_CHMOD:
		mode = json_mode(req, -1);
		if (mode < 0) {
			fsj_error_set(&o->err, NULL, 0, 0, "chmod needs a mode (0 to 07777)");
			goto out;
		}
		if (fchmodat(fdir, o->from.name, (mode_t)mode, AT_SYMLINK_NOFOLLOW) < 0)
			fail_errno(o, "chmod", o->from.path);
		else
			rc = 0;
		goto out;
	case HOSTOP_LINK:
		if (json_bool(req, "symbolic", false)) {
			const char *text = json_str(req, "from");

			rc = symlinkat(text ? text : json_str(req, "path"), tdir, o->to.name);
		} else {
			rc = linkat(fdir, o->from.name, tdir, o->to.name, 0);
		}
		if (rc < 0)
			fail_errno(o, "link", o->to.path);
		goto out;
	case HOSTOP_TOUCH:
		if (!to_exists) {
			dfd = openat(fdir, o->from.name,
				     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
			if (dfd < 0)
				fail_errno(o, "create", o->from.path);
			else
				rc = 0;
		} else if (utimensat(fdir, o->from.name, NULL, AT_SYMLINK_NOFOLLOW) < 0) {
			fail_errno(o, "touch", o->from.path);
		} else {
			rc = 0;
		}
		goto out;
	}
out:
	if (sfd >= 0)
		close(sfd);
	if (dfd >= 0)
		close(dfd);
	if (tdir >= 0)
		close(tdir);
	if (fdir >= 0)
		close(fdir);
	return rc;
}

/* Does the resolved spelling exist (not followed)? */
static bool exists(const struct target *t)
{
	struct stat st;

	return fstatat(AT_FDCWD, t->resolved, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

static void json_reply(struct client *c, const cJSON *id, bool ok, const char *opname,
		       const struct op *o, const char *decision, const char *error)
{
	cJSON *r = cJSON_CreateObject();
	char *text;

	if (id)
		cJSON_AddItemToObject(r, "id", cJSON_Duplicate(id, true));
	else
		cJSON_AddNullToObject(r, "id");
	cJSON_AddBoolToObject(r, "ok", ok);
	if (opname)
		cJSON_AddStringToObject(r, "operation", opname);
	else
		cJSON_AddNullToObject(r, "operation");
#define ADD_STR(key, val)                                     \
	do {                                                  \
		if (val)                                      \
			cJSON_AddStringToObject(r, key, val); \
		else                                          \
			cJSON_AddNullToObject(r, key);        \
	} while (0)
	ADD_STR("path", o ? o->from.path : NULL);
	ADD_STR("normalisedPath", o ? o->from.resolved : NULL);
	cJSON_AddStringToObject(r, "decision", decision);
	ADD_STR("to", o && o->has_to ? o->to.path : NULL);
	ADD_STR("normalisedTo", o && o->has_to ? o->to.resolved : NULL);
	ADD_STR("error", error);
	if (o && o->miss_path) {
		cJSON *m = cJSON_AddObjectToObject(r, "missing");

		cJSON_AddStringToObject(m, "path", o->miss_path);
		cJSON_AddStringToObject(m, "capability", o->miss_cap);
	}
#undef ADD_STR
	text = cJSON_PrintUnformatted(r);
	if (text) {
		struct strbuf sb = STRBUF_INIT;

		sb_adds(&sb, text);
		sb_adds(&sb, "\n");
		(void)write_all(c->fd, sb.buf, sb.len);
		sb_release(&sb);
		free(text);
	}
	cJSON_Delete(r);
}

/* true when a rule that denies something lies strictly inside the folder
 * t: rules are paths, so moving the folder would leave the deny behind
 * (a rename carries the subtree; DESIGN.md section 3). */
static bool nested_deny(const struct broker *b, const struct target *t)
{
	const struct fsj_policy *pol = b->pol;
	struct stat st;
	size_t i;

	if (fstatat(AT_FDCWD, t->resolved, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode))
		return false;
	for (i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *rp = r->resolved ? r->resolved : r->path;

		if (!r->deny || strcmp(rp, t->resolved) == 0 || strcmp(r->path, t->path) == 0)
			continue;
		if (path_covers(t->resolved, rp) || path_covers(t->path, r->path))
			return true;
	}
	return false;
}

/* The capabilities an operation needs (DESIGN.md section 2). */
static void op_caps(const struct op *o, bool from_exists, bool to_exists, unsigned *from_caps,
		    unsigned *to_caps)
{
	unsigned create = FSJ_CAPBIT(FSJ_CAP_CREATE), write = FSJ_CAPBIT(FSJ_CAP_WRITE);

	*from_caps = *to_caps = 0;
	switch (o->kind) {
	case HOSTOP_DELETE:
		*from_caps = FSJ_CAPBIT(FSJ_CAP_DELETE);
		break;
	case HOSTOP_MKDIR:
		*from_caps = create;
		break;
	case HOSTOP_RENAME:
		*from_caps = FSJ_CAPBIT(FSJ_CAP_DELETE);
		*to_caps = create | (to_exists ? write : 0);
		break;
	case HOSTOP_COPY:
		*from_caps = FSJ_CAPBIT(FSJ_CAP_READ);
		*to_caps = to_exists ? write : create;
		break;
	case HOSTOP_CHMOD:
		*from_caps = write;
		break;
	case HOSTOP_LINK:
		/* A hard link is a second name for the same file: read and write
		 * on the file itself, so that a link made in a writable folder
		 * cannot open a file the policy keeps read-only (stricter than
		 * DESIGN.md's "read", on purpose). A symlink grants nothing by
		 * itself: what it points to is checked when it is used. */
		if (!json_bool(o->req, "symbolic", false))
			*from_caps = FSJ_CAPBIT(FSJ_CAP_READ) | write;
		*to_caps = create;
		break;
	case HOSTOP_TOUCH:
		*from_caps = from_exists ? write : create;
		break;
	}
}

/*
 * ===================== trust boundary: a broker request =====================
 * The line comes from a process inside the sandbox, or from any process of
 * the same uid that reached the socket. The broker runs with all of
 * fsjail's rights, outside the sandbox: it believes nothing in the request
 * but what it checks itself (the session id, the policy on both spellings
 * of every path), opens folders without following symlinks and acts on the
 * last component with *at() calls.
 * =============================================================================
 */
static void handle_json(struct broker *b, struct client *c, const char *line)
{
	cJSON *req = cJSON_Parse(line);
	const cJSON *id = NULL;
	const char *command, *opname, *session, *from, *to, *why = NULL;
	struct op o;
	struct verdict v = { 0 };
	bool from_exists, to_exists = false, allowed = false;
	unsigned from_caps, to_caps;
	size_t k;
	char *detail = NULL;
	char whybuf[FSJ_PATH_MAX + 128];
	const struct target *missing = NULL;

	memset(&o, 0, sizeof(o));
	o.b = b;
	o.req = req;
	if (!cJSON_IsObject(req)) {
		audit(b, NULL, "HostFileOperation", NULL, NULL, "deny", NULL, "malformed JSON");
		json_reply(c, NULL, false, NULL, NULL, "deny", "malformed JSON");
		cJSON_Delete(req);
		return;
	}
	id = cJSON_GetObjectItemCaseSensitive(req, "id");
	command = json_str(req, "command");
	opname = json_str(req, "operation");
	session = json_str(req, "sessionId");
	o.call = json_str(req, "callId");
	from = json_str(req, "from");
	if (!from)
		from = json_str(req, "path");
	to = json_str(req, "to");

	if (!command || strcmp(command, "HostFileOperation") != 0) {
		why = "unknown command";
		goto refuse;
	}
	for (k = 0; k < sizeof(hostop_names) / sizeof(hostop_names[0]); k++)
		if (opname && strcmp(opname, hostop_names[k]) == 0)
			break;
	if (k == sizeof(hostop_names) / sizeof(hostop_names[0])) {
		why = "unknown operation";
		goto refuse;
	}
	o.kind = (enum hostop)k;
	if (!session || strcmp(session, b->session) != 0) {
		why = "wrong session";
		goto refuse;
	}
	o.has_to = o.kind == HOSTOP_RENAME || o.kind == HOSTOP_COPY || o.kind == HOSTOP_LINK;
	if (o.kind == HOSTOP_LINK && json_bool(req, "symbolic", false)) {
		/* the link text is stored as given; only the link is a path */
		if (!from || !from[0] || strlen(from) > FSJ_PATH_MAX) {
			why = "a symbolic link needs 'from', its text";
			goto refuse;
		}
		if (target_init(&o.from, "/", false, &why) < 0)
			goto refuse;
		free(o.from.path);
		o.from.path = xstrdup(from);
	} else if (target_init(&o.from, from, false, &why) < 0) {
		goto refuse;
	}
	if (o.has_to && target_init(&o.to, to, false, &why) < 0) {
		why = to ? why : "'to' is missing";
		goto refuse;
	}

	from_exists = exists(&o.from);
	if (o.has_to)
		to_exists = exists(&o.to);
	if (o.kind == HOSTOP_TOUCH)
		to_exists = from_exists;
	op_caps(&o, from_exists, to_exists, &from_caps, &to_caps);
	if (from_caps && !check(b, &o.from, from_caps, &v))
		missing = &o.from;
	else if (to_caps && !check(b, &o.to, to_caps, &v))
		missing = &o.to;
	if (missing) {
		why = v.why;
		/* never awaited here: the caller learns what is missing
		 * (DESIGN.md section 8) */
		if (v.by_policy) {
			o.miss_path = missing->resolved;
			o.miss_cap = fsj_cap_name(v.cap);
			snprintf(whybuf, sizeof(whybuf), "%s: %s on '%s'", v.why, o.miss_cap,
				 o.miss_path);
			why = whybuf;
		}
		goto refuse;
	}
	/* A rename, or a delete to the trash (a rename too), would carry the
	 * folder away from a deny rule written for a path inside it; the
	 * path could then be made again without the deny's protection. */
	if ((o.kind == HOSTOP_RENAME || o.kind == HOSTOP_DELETE) && nested_deny(b, &o.from)) {
		why = "a deny rule inside the folder would not move with it";
		goto refuse;
	}
	allowed = true;
	test_delay(b);
	if (act(&o, to_exists) < 0)
		why = o.err.text;

refuse:
	if (o.has_to && o.to.path)
		detail = xasprintf("%s%sto '%s'", why ? why : "", why ? "; " : "", o.to.path);
	audit(b, o.call, opname ? opname : "HostFileOperation", o.from.path ? o.from.path : from,
	      o.from.resolved, allowed ? "host-op" : "deny", &v, detail ? detail : why);
	json_reply(c, id, allowed && !why, opname, &o, allowed ? "host-op" : "deny", why);
	free(detail);
	target_release(&o.from);
	target_release(&o.to);
	cJSON_Delete(req);
}

/* One complete line (its '\n' replaced by NUL, len bytes before it). */
static void handle_line(struct broker *b, struct client *c, char *line, size_t len)
{
	if (memchr(line, '\0', len)) {
		audit(b, NULL, "request", NULL, NULL, "deny", NULL, "NUL byte in request");
		(void)reply(c, "DENY\n");
		return;
	}
	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	if (line[0] == '{')
		handle_json(b, c, line);
	else
		handle_token(b, c, line);
}

/* Close-on-exec (and non-blocking when nonblock) on fd: done with fcntl so
 * that macOS, without accept4(), SOCK_CLOEXEC or pipe2(), builds the same
 * code. The broker's descriptors exist before the fork, so each must be
 * close-on-exec before launch_run() forks (STYLE.md point 15). Returns 0,
 * or -1 with errno set. */
static int set_fd_flags(int fd, bool nonblock)
{
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	if (nonblock && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0)
		return -1;
	return 0;
}

/* --- the loop ---------------------------------------------------------------- */

static void client_close(struct client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	free(c->buf);
	c->fd = -1;
	c->buf = NULL;
	c->len = 0;
}

/* true when pid is a descendant of this process (the supervisor): a peer
 * from another fsjail run, or from outside any, is not, whatever session
 * id it presents (ids can be read from /proc/PID/environ by same-uid
 * processes). A process the command left behind that was reparented to
 * init is not either: it is refused, failing closed. Linux reads the
 * parent chain from /proc/PID/stat; elsewhere only the uid is checked. */
static bool peer_is_descendant(pid_t pid)
{
#ifdef __linux__
	pid_t self = getpid();

	if (pid == self) /* the supervisor itself (tests, fsjail's own calls) */
		return true;
	for (int hops = 0; pid > 1 && hops < 4096; hops++) {
		char path[64], buf[512];
		const char *close_paren;
		int ppid, fd;
		ssize_t n;

		snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return false;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			return false;
		buf[n] = '\0';
		/* "pid (comm) state ppid ...": comm may hold spaces and ')' */
		close_paren = strrchr(buf, ')');
		if (!close_paren || sscanf(close_paren + 1, " %*c %d", &ppid) != 1)
			return false;
		if (ppid == self)
			return true;
		pid = ppid;
	}
	return false;
#else
	(void)pid;
	return true;
#endif
}

/* Accept one client; a foreign uid or one client too many is answered
 * and closed at once. */
static void accept_client(struct broker *b)
{
	struct platform_peer peer;
	struct client *c;
	int fd;
	char detail[96];

#ifdef __linux__
	/* accept4: a descriptor accepted while launch_run() forks must not
	 * reach the child without its close-on-exec flag. */
	fd = accept4(b->listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
#else
	fd = accept(b->listen_fd, NULL, NULL);
#endif
	if (fd < 0)
		return;
	if (set_fd_flags(fd, true) < 0) {
		close(fd);
		return;
	}
	if (platform_peer_cred(fd, &peer) < 0 || peer.uid != geteuid()) {
		snprintf(detail, sizeof(detail), "peer uid %ld is not the session's",
			 platform_peer_cred(fd, &peer) < 0 ? -1L : (long)peer.uid);
		audit(b, NULL, "connect", NULL, NULL, "deny", NULL, detail);
		(void)write_all(fd, "DENY\n", 5);
		close(fd);
		return;
	}
	if (!peer_is_descendant(peer.pid)) {
		snprintf(detail, sizeof(detail), "peer pid %ld is not in this run's process tree",
			 (long)peer.pid);
		audit(b, NULL, "connect", NULL, NULL, "deny", NULL, detail);
		(void)write_all(fd, "DENY\n", 5);
		close(fd);
		return;
	}
	if (b->n_clients >= BROKER_MAX_CLIENTS) {
		audit(b, NULL, "connect", NULL, NULL, "deny", NULL, "too many clients");
		(void)write_all(fd, "DENY\n", 5);
		close(fd);
		return;
	}
	c = &b->clients[b->n_clients++];
	c->fd = fd;
	c->buf = NULL;
	c->len = 0;
}

/* Read what c sent and handle each complete line. Returns false when the
 * client is done (end of file, error, or a line over BROKER_LINE_MAX). */
static bool client_read(struct broker *b, struct client *c)
{
	ssize_t n;
	char *nl;

	if (!c->buf)
		c->buf = xmalloc(BROKER_LINE_MAX);
	n = read(c->fd, c->buf + c->len, BROKER_LINE_MAX - c->len);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN;
	if (n == 0)
		return false;
	c->len += (size_t)n;
	while ((nl = memchr(c->buf, '\n', c->len)) != NULL) {
		size_t len = (size_t)(nl - c->buf);

		*nl = '\0';
		handle_line(b, c, c->buf, len);
		memmove(c->buf, nl + 1, c->len - len - 1);
		c->len -= len + 1;
	}
	if (c->len == BROKER_LINE_MAX) {
		audit(b, NULL, "request", NULL, NULL, "deny", NULL,
		      "request line longer than 65536 bytes");
		(void)reply(c, "DENY\n");
		return false;
	}
	return true;
}

static void *broker_main(void *arg)
{
	struct broker *b = arg;
	struct pollfd pfd[BROKER_MAX_CLIENTS + 2];
	size_t i, j;

	for (;;) {
		pfd[0].fd = b->wake[0];
		pfd[0].events = POLLIN;
		pfd[1].fd = b->listen_fd;
		pfd[1].events = POLLIN;
		for (i = 0; i < b->n_clients; i++) {
			pfd[i + 2].fd = b->clients[i].fd;
			pfd[i + 2].events = POLLIN;
		}
		if (poll(pfd, b->n_clients + 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[0].revents)
			break;
		for (i = 0; i < b->n_clients; i++) {
			if (pfd[i + 2].revents && !client_read(b, &b->clients[i]))
				client_close(&b->clients[i]);
		}
		for (i = j = 0; i < b->n_clients; i++)
			if (b->clients[i].fd >= 0)
				b->clients[j++] = b->clients[i];
		b->n_clients = j;
		if (pfd[1].revents & POLLIN)
			accept_client(b);
	}
	return NULL;
}

/* --- start and stop -------------------------------------------------------- */

/* Open (creating it 0700 when missing) the folder name in dirfd, refusing
 * a symlink, another owner, or access for group or others. Returns a
 * descriptor or -1 with err set. */
static int private_dir(int dirfd, const char *name, const char *shown, struct fsj_error *err)
{
	struct stat st;
	int fd;

	if (mkdirat(dirfd, name, 0700) < 0 && errno != EEXIST)
		return fsj_error_set(err, NULL, 0, 0, "cannot create '%s': %s", shown,
				     strerror(errno));
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot open '%s': %s", shown,
				     strerror(errno));
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid()) {
		close(fd);
		return fsj_error_set(err, NULL, 0, 0, "'%s' belongs to another user", shown);
	}
	if ((st.st_mode & 077) && fchmod(fd, 0700) < 0) {
		close(fd);
		return fsj_error_set(err, NULL, 0, 0, "cannot make '%s' private: %s", shown,
				     strerror(errno));
	}
	return fd;
}

/* bind() and listen() on broker.sock in b->dir_fd. An existing socket
 * whose broker is gone (a killed run) is replaced; a live one means the
 * session is in use. */
static int make_socket(struct broker *b, struct fsj_error *err)
{
	struct sockaddr_un sa;
	struct stat st;
	int fd;

	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	/* Through the folder's descriptor: the path cannot be swapped under
	 * us, and a long state path still fits sun_path. */
#ifdef __linux__
	snprintf(sa.sun_path, sizeof(sa.sun_path), "/proc/self/fd/%d/broker.sock", b->dir_fd);
#else
	if (strlen(b->sock_path) >= sizeof(sa.sun_path))
		return fsj_error_set(err, NULL, 0, 0, "broker socket path '%s' is too long",
				     b->sock_path);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", b->sock_path);
#endif
	if (fstatat(b->dir_fd, "broker.sock", &st, AT_SYMLINK_NOFOLLOW) == 0) {
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd >= 0)
			(void)set_fd_flags(fd, false);
		if (fd >= 0 && S_ISSOCK(st.st_mode) &&
		    connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0) {
			close(fd);
			return fsj_error_set(err, NULL, 0, 0,
					     "session '%s' is in use by another run", b->session);
		}
		if (fd >= 0)
			close(fd);
		if (unlinkat(b->dir_fd, "broker.sock", 0) < 0)
			return fsj_error_set(err, NULL, 0, 0, "cannot remove stale '%s': %s",
					     b->sock_path, strerror(errno));
	}
	b->listen_fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (b->listen_fd < 0 || set_fd_flags(b->listen_fd, true) < 0 ||
	    bind(b->listen_fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    fchmodat(b->dir_fd, "broker.sock", 0600, 0) < 0 || listen(b->listen_fd, 128) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot listen on '%s': %s", b->sock_path,
				     strerror(errno));
	return 0;
}

struct broker *broker_start(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
			    const char *session, const char *command, struct fsj_error *err)
{
	struct broker *b = xcalloc(1, sizeof(*b));
	char *run_path, *dir_path;
	const char *delay = getenv("FSJAIL_BROKER_TEST_DELAY_MS");
	int state_fd;

	b->ctx = ctx;
	b->pol = pol;
	b->run_fd = b->dir_fd = b->listen_fd = b->wake[0] = b->wake[1] = -1;
	b->log.fd = -1;
	if (session && !broker_session_valid(session)) {
		fsj_error_set(err, NULL, 0, 0,
			      "invalid session id '%s' (1 to 64 of A-Z a-z 0-9 . _ -)", session);
		goto fail;
	}
	b->session = session ? xstrdup(session) : random_hex(16);
	b->call = random_hex(8);
	b->command = xstrdup(command ? command : "");
	if (delay)
		b->delay_ms = (unsigned)strtoul(delay, NULL, 10);

	run_path = path_join(ctx->env.state_dir, "run");
	dir_path = path_join(run_path, b->session);
	b->sock_path = path_join(dir_path, "broker.sock");
	state_fd = open(ctx->env.state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (state_fd < 0) {
		fsj_error_set(err, NULL, 0, 0, "cannot open state directory '%s': %s",
			      ctx->env.state_dir, strerror(errno));
	} else {
		b->run_fd = private_dir(state_fd, "run", run_path, err);
		if (b->run_fd >= 0)
			b->dir_fd = private_dir(b->run_fd, b->session, dir_path, err);
		close(state_fd);
	}
	free(run_path);
	free(dir_path);
	if (b->dir_fd < 0 || make_socket(b, err) < 0)
		goto fail;
	if (strlen(b->sock_path) >= sizeof(((struct sockaddr_un *)0)->sun_path))
		fprintf(stderr,
			"fsjail: warning: broker socket path '%s' is longer than a Unix "
			"socket address: clients cannot connect to it\n",
			b->sock_path);
	if (audit_open(&b->log, ctx, err) < 0)
		goto fail;
	if (pipe(b->wake) < 0 || set_fd_flags(b->wake[0], false) < 0 ||
	    set_fd_flags(b->wake[1], false) < 0) {
		fsj_error_set(err, NULL, 0, 0, "cannot create a pipe: %s", strerror(errno));
		goto fail;
	}
	/* Before the thread exists: setenv() must not race a getenv(). */
	if (setenv("FSJAIL_BROKER_SOCKET", b->sock_path, 1) < 0 ||
	    setenv("FSJAIL_SESSION_ID", b->session, 1) < 0 ||
	    setenv("FSJAIL_CALL_ID", b->call, 1) < 0) {
		fsj_error_set(err, NULL, 0, 0, "cannot set the broker's environment: %s",
			      strerror(errno));
		goto fail;
	}
	return b;
fail:
	broker_free(b);
	return NULL;
}

int broker_serve(struct broker *b, struct fsj_error *err)
{
	sigset_t all, saved;
	int rc;

	if (b->started)
		return 0;
	/* Signals belong to the supervisor's loop, never to this thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &saved);
	rc = pthread_create(&b->thread, NULL, broker_main, b);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (rc != 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot start the broker thread: %s",
				     strerror(rc));
	b->started = true;
	return 0;
}

void broker_free(struct broker *b)
{
	size_t i;

	if (!b)
		return;
	if (b->started) {
		(void)write_all(b->wake[1], "", 1);
		pthread_join(b->thread, NULL);
	}
	for (i = 0; i < b->n_clients; i++)
		client_close(&b->clients[i]);
	if (b->listen_fd >= 0) {
		close(b->listen_fd);
		(void)unlinkat(b->dir_fd, "broker.sock", 0);
	}
	if (b->dir_fd >= 0)
		close(b->dir_fd);
	if (b->run_fd >= 0) {
		if (b->session)
			(void)unlinkat(b->run_fd, b->session, AT_REMOVEDIR);
		close(b->run_fd);
	}
	if (b->wake[0] >= 0) {
		close(b->wake[0]);
		close(b->wake[1]);
	}
	audit_close(&b->log);
	free(b->session);
	free(b->call);
	free(b->command);
	free(b->sock_path);
	free(b);
}
