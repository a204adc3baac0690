/* broker.c - the broker thread: socket, peers, line framing and the
 * per-client reply queue (DESIGN.md section 8; openssh's monitor.c for
 * the framing). Token requests are in broker-token.c, host operations in
 * broker-hostop.c, paths in the command's view in broker-resolve.c.
 *
 * One thread serves every client with a poll() loop; requests are handled
 * one at a time, in the order their lines arrive, and every reply is
 * queued and sent in that order. A client that does not read its replies
 * is not read either once BROKER_QUEUE_MAX bytes (or BROKER_QUEUE_FDS
 * descriptors) wait for it: its requests wait in its socket, none is
 * dropped, and the broker's memory stays bounded. */
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
#include "broker-admit.h"
#include "broker-int.h"
#include "broker-dir.h"
#include "hostlock.h"
#include "caps.h"
#include "peerq.h"
#include "fdpass.h"
#include "path.h"
#include "platform.h"

int (*broker_backup_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			  struct fsj_error *err);
int (*broker_rename_hook)(struct broker *b, int from_dir, const char *from_name, const char *from,
			  const struct stat *st, int to_dir, const char *to_name, const char *to,
			  const struct stat *over, bool done, struct fsj_error *err);
int (*broker_remove_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			  struct fsj_error *err);
int (*broker_trash_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			 struct fsj_error *err);
void (*broker_made_hook)(struct broker *b, enum broker_made what, int dirfd, const char *name,
			 const char *path);
int (*broker_creating_hook)(struct broker *b, int dirfd, const char *path, const struct stat *of,
			    bool failed, struct fsj_error *err);
int (*broker_meta_hook)(struct broker *b, int dirfd, const char *name, const char *path,
			struct fsj_error *err);

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

unsigned long broker_clients(const struct broker *b)
{
	return b ? __atomic_load_n(&b->accepted, __ATOMIC_RELAXED) : 0;
}

const char *broker_session(const struct broker *b)
{
	return b->session;
}

const char *broker_call(const struct broker *b)
{
	return b->call;
}

void broker_audit(struct broker *b, const char *call, const char *what, const char *path,
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

void broker_test_delay(const struct broker *b)
{
	if (b->delay_ms) {
		struct timespec ts = { b->delay_ms / 1000, (long)(b->delay_ms % 1000) * 1000000L };

		/* The lock goes back for the delay: the test changes names in
		 * the window, as a process outside the run can (hostlock.h). */
		hostlock_give();
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
		hostlock_take();
	}
}

/* --- replies --------------------------------------------------------------- */

static void queue_push(struct client *c, char *data, size_t len, int fd)
{
	struct broker_out *o = xcalloc(1, sizeof(*o));

	o->data = data;
	o->len = len;
	o->fd = fd;
	if (c->out_tail)
		c->out_tail->next = o;
	else
		c->out_head = o;
	c->out_tail = o;
	c->out_bytes += len;
	c->out_fds += fd >= 0;
}

void broker_reply(struct client *c, const char *s)
{
	queue_push(c, xstrdup(s), strlen(s), -1);
}

void broker_reply_fd(struct client *c, const char *s, int fd)
{
	broker_reply(c, s);
	queue_push(c, NULL, 0, fd);
}

static void queue_pop(struct client *c)
{
	struct broker_out *o = c->out_head;

	c->out_head = o->next;
	if (!c->out_head)
		c->out_tail = NULL;
	c->out_bytes -= o->len;
	if (o->fd >= 0) {
		c->out_fds--;
		close(o->fd);
	}
	free(o->data);
	free(o);
}

/* Send what the socket takes now, in order. Returns false when the
 * client is gone (EPIPE, ECONNRESET, ...). */
static bool client_flush(struct client *c)
{
	while (c->out_head) {
		struct broker_out *o = c->out_head;

		if (o->data) {
			ssize_t n = send(c->fd, o->data + o->off, o->len - o->off, MSG_NOSIGNAL);

			if (n < 0)
				return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK;
			o->off += (size_t)n;
			if (o->off < o->len)
				return true;
		} else if (fdpass_send(c->fd, o->fd) < 0) {
			return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK;
		}
		queue_pop(c);
	}
	return true;
}

/* true when c's queue is full: it is not read until it drains. */
static bool queue_full(const struct client *c)
{
	return c->out_bytes >= BROKER_QUEUE_MAX || c->out_fds >= BROKER_QUEUE_FDS;
}

/* One complete line (its '\n' replaced by NUL, len bytes before it). */
static void handle_line(struct broker *b, struct client *c, const struct broker_sender *s,
			char *line, size_t len)
{
	uint64_t saved = 0;
	char why[200];
	int lowered;

	if (memchr(line, '\0', len)) {
		broker_audit(b, NULL, "request", NULL, NULL, "deny", NULL, "NUL byte in request");
		broker_reply(c, "DENY\n");
		return;
	}
	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	/* judged by who sent it, not who connected (broker-caller.h) */
	lowered = broker_caller_enter(&b->self_caps, s, &saved, why, sizeof(why));
	if (lowered < 0) {
		broker_audit(b, NULL, "request", NULL, NULL, "deny", NULL, why);
		broker_reply(c, "DENY\n");
		return;
	}
	hostlock_take(); /* one actor on the host's names at a time: hostlock.h */
	if (line[0] == '{')
		broker_handle_json(b, c, line);
	else
		broker_handle_token(b, c, line);
	hostlock_give();
	if (lowered)
		caps_caller_restore(saved);
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
	while (c->out_head)
		queue_pop(c);
	if (c->fd >= 0)
		close(c->fd);
	if (c->root_fd >= 0)
		close(c->root_fd);
	free(c->buf);
	broker_sender_release(&c->line);
	broker_sender_release(&c->last);
	memset(c, 0, sizeof(*c));
	c->fd = c->root_fd = -1;
	c->line.pidfd = c->last.pidfd = -1;
}

/* Accept one client; one the broker does not serve is refused, audited
 * and closed at once (broker-admit.c). */
static void accept_client(struct broker *b)
{
	struct client *c;
	int fd, root_fd;
	char detail[160];

#ifdef __linux__
	/* accept4: a descriptor accepted while launch_run() forks must not
	 * reach the child without its close-on-exec flag. */
	fd = accept4(b->listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
#else
	fd = accept(b->listen_fd, NULL, NULL);
#endif
	if (fd < 0)
		return;
	__atomic_fetch_add(&b->accepted, 1, __ATOMIC_RELAXED);
	if (set_fd_flags(fd, true) < 0) {
		snprintf(detail, sizeof(detail),
			 "cannot make the connection close-on-exec and non-blocking: %s",
			 strerror(errno));
		broker_admit_refuse(b, fd, detail);
		return;
	}
	root_fd = broker_admit(b, fd);
	if (root_fd < 0)
		return;
	c = &b->clients[b->n_clients++];
	memset(c, 0, sizeof(*c));
	c->fd = fd;
	c->root_fd = root_fd;
	broker_sender_init(&c->line);
	broker_sender_init(&c->last);
}

/* Handle the complete lines c sent, in order, while its reply queue has
 * room; what is left waits in c->buf. */
static void client_process(struct broker *b, struct client *c)
{
	size_t off = 0;
	char *nl;

	if (!c->buf)
		return;
	while (!c->closing && !queue_full(c) &&
	       (nl = memchr(c->buf + off, '\n', c->len - off)) != NULL) {
		size_t len = (size_t)(nl - (c->buf + off));

		*nl = '\0';
		/* the first line's chunks may be several; all after it are
		 * of the last chunk read (nothing is read while lines wait) */
		handle_line(b, c, c->line_done ? &c->last : &c->line, c->buf + off, len);
		c->line_done = true;
		off += len + 1;
	}
	if (c->line_done) {
		broker_sender_copy(&c->line, &c->last);
		c->line_done = false;
	}
	if (off) {
		memmove(c->buf, c->buf + off, c->len - off);
		c->len -= off;
	}
	if (c->len == BROKER_LINE_MAX && !c->closing) {
		broker_audit(b, NULL, "request", NULL, NULL, "deny", NULL,
			     "request line longer than 65536 bytes");
		broker_reply(c, "DENY\n");
		c->closing = true;
	}
}

/* Read what c sent. Returns false when the connection failed. */
static bool client_read(struct client *c)
{
	struct broker_sender chunk;
	ssize_t n;

	if (!c->buf)
		c->buf = xmalloc(BROKER_LINE_MAX);
	n = broker_caller_recv(c->fd, c->buf + c->len, BROKER_LINE_MAX - c->len, &chunk);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK;
	if (n == 0)
		c->eof = true;
	else if (c->len == 0)
		broker_sender_copy(&c->line, &chunk);
	else
		broker_sender_add(&c->line, &chunk);
	broker_sender_release(&c->last);
	c->last = chunk; /* owns chunk's pidfd now */
	c->len += (size_t)n > 0 ? (size_t)n : 0;
	return true;
}

/* true when c has nothing more to do: its replies are sent and nothing
 * it sent will be handled any more. */
static bool client_done(const struct client *c)
{
	if (c->out_head)
		return false;
	return c->closing || (c->eof && (!c->buf || !memchr(c->buf, '\n', c->len)));
}

/* Whether to read c now: not at its end, not while its queue is full,
 * not with a full buffer waiting to be handled. */
static bool client_wants_input(const struct client *c)
{
	return !c->eof && !c->closing && !queue_full(c) && c->len < BROKER_LINE_MAX;
}

static void *broker_main(void *arg)
{
	struct broker *b = arg;
	struct pollfd pfd[BROKER_MAX_CLIENTS + 2];
	size_t i, j;

	/* the broker acts for the command: none of the capabilities it gave
	 * up (caps.h; this thread only) */
	if (caps_drop_host_thread() < 0)
		warn("broker: cannot drop the capabilities that act on the host: %s",
		     strerror(errno));
	caps_self_setup(&b->self_caps); /* lowered to each sender's: broker-caller.c */
	for (;;) {
		pfd[0].fd = b->wake[0];
		pfd[0].events = POLLIN;
		pfd[1].fd = b->listen_fd;
		pfd[1].events = POLLIN;
		for (i = 0; i < b->n_clients; i++) {
			const struct client *c = &b->clients[i];

			pfd[i + 2].fd = c->fd;
			pfd[i + 2].events = (short)((client_wants_input(c) ? POLLIN : 0) |
						    (c->out_head ? POLLOUT : 0));
		}
		if (poll(pfd, b->n_clients + 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[0].revents)
			break;
		for (i = 0; i < b->n_clients; i++) {
			struct client *c = &b->clients[i];
			short re = pfd[i + 2].revents;
			bool alive = true;

			if (!re)
				continue;
			if ((re & (POLLIN | POLLHUP | POLLERR)) && client_wants_input(c))
				alive = client_read(c);
			/* send, then handle what the sent replies made room
			 * for, until no line is handled: a full queue that one
			 * flush empties must not end the round with lines
			 * still waiting, for after EOF nothing else would
			 * wake this client (issue 19) */
			while (alive && (alive = client_flush(c))) {
				size_t before = c->len;

				client_process(b, c);
				if (c->len == before)
					break;
			}
			if ((re & (POLLERR | POLLHUP | POLLNVAL)) && !(re & POLLIN) && c->out_head)
				alive = false; /* cannot take its replies any more */
			if (!alive || client_done(c))
				client_close(c);
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
	    broker_caller_passcred(b->listen_fd) < 0 ||
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
	b->run_fd = b->dir_fd = b->listen_fd = b->wake[0] = b->wake[1] = b->last_root = -1;
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
		b->run_fd = broker_private_dir(state_fd, "run", run_path, err);
		if (b->run_fd >= 0)
			b->dir_fd = broker_session_dir(b->run_fd, b->session, dir_path, err);
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
	if (!b->fence_set && broker_fence_wanted(b->ctx))
		return fsj_error_set(err, NULL, 0, 0, "the broker has no fence to check against");
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
	if (b->last_root >= 0)
		close(b->last_root);
	if (b->run_fd >= 0) {
		if (b->session)
			broker_session_dir_end(b->run_fd, b->session);
		close(b->run_fd);
	}
	if (b->wake[0] >= 0) {
		close(b->wake[0]);
		close(b->wake[1]);
	}
	audit_close(&b->log);
	broker_fence_free(b->fence);
	free(b->session);
	free(b->call);
	free(b->command);
	free(b->sock_path);
	free(b);
}
