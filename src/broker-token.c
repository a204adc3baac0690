/* broker-token.c - the text token protocol of the broker (broker.h):
 * "<class>\t<absolute path>\t<session>\t<call>\n", answered FD (with the
 * descriptor), SANDBOX or DENY, or on macOS a Seatbelt extension token.
 *
 * The file is opened on the folder descriptor resolved in the command's
 * view (broker-resolve.c), with O_NOFOLLOW: only a regular file outside
 * every pseudo-filesystem is handed out, a read-write one only with one
 * link (a second name would carry the write to a file the policy judged
 * under another path) and after its ModifyBackup. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker-int.h"
#include "platform.h"

int (*broker_backup_fd_hook)(struct broker *b, int dirfd, const char *name, int fd,
			     const char *path, const char *call, struct fsj_error *err);

/* The ModifyBackup of the file fd (name in dirfd) before it is handed out
 * for writing. Without the identity-keyed hook, the path hook saves what
 * the name holds, and the name must then still be fd's file. Returns 0, or
 * -1 with *why set (static, or err's text). */
static int backup_rw(struct broker *b, const struct target *t, int fd, const char *call,
		     struct fsj_error *err, const char **why)
{
	struct stat a, s;

	if (broker_backup_fd_hook) {
		if (broker_backup_fd_hook(b, t->dirfd, t->name, fd, t->resolved, call, err) < 0) {
			*why = err->text;
			return -1;
		}
		return 0;
	}
	if (!broker_backup_hook)
		return 0;
	if (broker_backup_hook(b, t->dirfd, t->name, t->resolved, err) < 0) {
		*why = err->text;
		return -1;
	}
	if (fstat(fd, &a) < 0 || fstatat(t->dirfd, t->name, &s, AT_SYMLINK_NOFOLLOW) < 0 ||
	    a.st_dev != s.st_dev || a.st_ino != s.st_ino) {
		*why = "the file changed during the request";
		return -1;
	}
	return 0;
}

/* Open t's file for the token; returns the descriptor or -1 (*why). */
static int open_token(struct broker *b, const struct target *t, bool rw, const char *call,
		      struct fsj_error *err, const char **why)
{
	struct stat st;
	int fd;

	if (t->dirfd < 0 || !t->name[0]) {
		*why = strerror(t->dirfd < 0 ? ENOENT : EISDIR);
		return -1;
	}
	fd = openat(t->dirfd, t->name,
		    (rw ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	/* Only regular files: a directory descriptor would let openat() look
	 * paths up past the policy, and special files are not data. */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		*why = "not a regular file";
		goto refuse;
	}
	if (rw && st.st_nlink > 1) {
		*why = "a file with more than one link is not handed out for writing";
		goto refuse;
	}
	if (rw && backup_rw(b, t, fd, call, err, why) < 0)
		goto refuse;
	/* O_NONBLOCK only kept a FIFO from hanging the broker */
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
refuse:
	close(fd);
	return -1;
}

void broker_handle_token(struct broker *b, struct client *c, char *line)
{
	char *field[4], *p = line;
	struct target t = { .dirfd = -1 };
	struct verdict v = { 0 };
	struct fsj_error err = { { 0 } };
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
	int i, fd = -1;

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
		broker_audit(b, NULL, "token", NULL, NULL, "deny", NULL, "malformed request line");
		broker_reply(c, "DENY\n");
		return;
	}
	if (strcmp(field[0], "fsjail.read") == 0) {
		rw = false;
	} else if (strcmp(field[0], "fsjail.read-write") == 0) {
		rw = true;
	} else {
		broker_audit(b, field[3], "token", field[1], NULL, "deny", NULL,
			     "unknown token class");
		broker_reply(c, "DENY\n");
		return;
	}
	caps = FSJ_CAPBIT(FSJ_CAP_READ) | (rw ? FSJ_CAPBIT(FSJ_CAP_WRITE) : 0);
	if (strcmp(field[2], b->session) != 0) {
		why = "wrong session";
	} else if (broker_target_init(&t, c->root_fd, field[1], true, &why) == 0 &&
		   broker_check(b, &t, caps, &v)) {
		if (!broker_fence_allows(b->fence, t.resolved,
					 BROKER_NEED(BROKER_NEED_READ) |
						 (rw ? BROKER_NEED(BROKER_NEED_WRITE) : 0))) {
			why = "the command's own fence refuses it";
		} else if (rw && (broker_repo_guarded(t.path) || broker_repo_guarded(t.resolved))) {
			why = "repository metadata is never changed through the broker "
			      "(repository-metadata)";
		} else if (!(b->pol->enforced & caps)) {
			decision = TOKEN_SANDBOX;
		} else {
			fd = open_token(b, &t, rw, field[3], &err, &why);
			if (fd >= 0)
				decision = TOKEN_GRANT;
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
	broker_audit(b, field[3], field[0], t.path ? t.path : field[1], t.resolved,
		     decision_names[decision], &v, why);
	if (token) {
		char *text = xasprintf("%s\n", token);

		broker_reply(c, text);
		free(text);
		free(token);
	} else if (decision == TOKEN_GRANT) {
		broker_reply_fd(c, "FD\n", fd);
	} else {
		broker_reply(c, decision == TOKEN_SANDBOX ? "SANDBOX\n" : "DENY\n");
	}
	broker_target_release(&t);
}
