/* notify-sock.c - the socket calls of the `connect` capability, performed
 * by the supervisor (notify.h states the guarantee; DESIGN.md section 2;
 * connect(2), bind(2), sendmsg(2), sendmmsg(2), unix(7), pidfd_getfd(2),
 * seccomp_unotify(2)).
 *
 * ============ trust boundary: the supervisor acting for the command ============
 * Runs in fsjail, outside the command's Landlock domain and mount
 * namespace, for a caller already checked (identity, root) by
 * notify_handle(). It takes its own copy of the caller's socket
 * (pidfd_getfd), reads the address and data once, decides, and performs
 * the call on that copy; the caller gets the call's result.
 * ===================================================================================
 *
 * Why nothing here is answered CONTINUE, not even a TCP connect: the
 * kernel would look the descriptor number up again, and read the address
 * again, after the check. A socket's family and type never change, but
 * another thread of the caller can dup2() an AF_UNIX socket onto the
 * number in between, and rewrite the address: only the copy we hold and
 * the bytes we read are sure. Performing a TCP or UDP call from here is
 * the caller's own act: the socket's network namespace is fixed when it
 * is made (netdeny.h: a denied run's sockets live in its own namespace or
 * cannot be made), and a performed call uses fsjail's credentials only
 * where a peer asks for them (below).
 *
 * What is decided (net/unix/af_unix.c semantics): every AF_UNIX connect
 * (stream, seqpacket, datagram) and every datagram send that names a
 * peer. A name on a stream sendmsg is refused by the kernel (EOPNOTSUPP,
 * or EISCONN when connected) and on a seqpacket one ignored (ENOTCONN
 * when not connected), connected or not, so there the name is passed on
 * as given: it never reaches a socket. A pathname is resolved in the
 * caller's view as connect(2) does (following symlinks, notify_lookup()),
 * must be a socket, and needs `connect` on the resolved path (and on the
 * symlink's own path when one was followed), unless the socket was bound
 * by the command in this run (notify_made_here()); the call is then made
 * to "/proc/self/fd/N" of our O_PATH descriptor of that very inode, so no
 * name is looked up twice. An abstract name is reached only when the
 * command bound it in this run (Landlock ABI 6 scopes the others away
 * from the command, and fsjail is outside that scope): else EPERM, as
 * Landlock. A pathname bind is a create decision on the new name, made in
 * the folder we hold; its (dev, ino) is recorded, and the name asked for
 * is what getsockname(2) reports (notify-sockname.c).
 *
 * Limits, all refused (EACCES, recorded) or as the kernel says: i386
 * socketcall sub-calls (their arguments are in memory); 32-bit sendmsg
 * and sendmmsg; ancillary data on a Unix socket other than SCM_RIGHTS
 * (the descriptors are copied from the caller and passed on: what it
 * could pass itself); a datagram over 256 KiB (EMSGSIZE); a stream send
 * is cut at 256 KiB (a short write). The peer of a performed Unix send is
 * told the caller's pid, uid and gid (notify-sockctl.c), else a datagram
 * to a named peer outside is refused; the peer of a performed connect,
 * and of a send fsjail cannot name the caller in on a connected socket,
 * sees fsjail's pid (SO_PEERCRED, SCM_CREDENTIALS). EPIPE
 * reaches the caller without SIGPIPE. A call that can wait (a blocking
 * stream connect, a blocking send) is performed in a thread of its own,
 * which answers, as the FIFO open in notify-answer.c. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>
#include <linux/seccomp.h>

#include "notify-gitlink.h"
#include "notify-int.h"
#include "notify-sockctl.h"
#include "notify-sockname.h"
#include "peerq.h"
#include "util.h"

#define SOCK_DATA_MAX (256 * 1024) /* bytes of one message read from the caller */
#define SOCK_BATCH_MAX (1024 * 1024) /* bytes of one sendmmsg read */
#define SOCK_MMSG_MAX 64      /* sendmmsg messages per call: a partial count is allowed */
#define SOCK_IOV_MAX 1024     /* UIO_MAXIOV */
#define SUN_OFF offsetof(struct sockaddr_un, sun_path)

/* One message to send (or the address to connect to), read once. */
struct sock_msg {
	struct sockaddr_storage addr;
	socklen_t alen;        /* 0: no name */
	unsigned char *data;   /* owned */
	size_t len;
	unsigned char *ctl;    /* owned; SCM_RIGHTS rewritten to our descriptors */
	size_t ctl_len;
	int fds[NOTIFY_SOCK_FDS_MAX]; /* ours, closed after */
	size_t n_fds;
	int keep;              /* O_PATH the rewritten name refers to, or -1 */
	uint64_t len_addr;     /* sendmmsg: the caller's msg_len, 0: none */
};

/* A call to perform, inline or in a thread. Owns everything. */
struct sock_work {
	int listener; /* thread: a duplicate */
	uint64_t id;
	int sock;     /* our copy of the caller's socket */
	int mem;      /* sendmmsg: the caller's memory, read-write; -1 */
	bool connect;
	int flags;
	size_t n_msg;       /* to send */
	size_t cap_msg;     /* allocated, each released */
	struct sock_msg *msg;
};

static void msg_release(struct sock_msg *m)
{
	free(m->data);
	free(m->ctl);
	for (size_t i = 0; i < m->n_fds; i++)
		close(m->fds[i]);
	if (m->keep >= 0)
		close(m->keep);
}

static void work_free(struct sock_work *w)
{
	for (size_t i = 0; i < w->cap_msg; i++)
		msg_release(&w->msg[i]);
	free(w->msg);
	if (w->sock >= 0)
		close(w->sock);
	if (w->mem >= 0)
		close(w->mem);
	if (w->listener >= 0)
		close(w->listener);
	free(w);
}

/* The call itself. Returns its value, or -errno. */
static int64_t perform(struct sock_work *w)
{
	int64_t done = 0;

	if (w->connect)
		return connect(w->sock, (struct sockaddr *)&w->msg[0].addr, w->msg[0].alen) < 0
			       ? -errno
			       : 0;
	for (size_t i = 0; i < w->n_msg; i++) {
		struct sock_msg *m = &w->msg[i];
		struct iovec iov = { m->data, m->len };
		struct msghdr mh = { m->alen ? &m->addr : NULL, m->alen, &iov, 1,
				     m->ctl, m->ctl_len, 0 };
		/* MSG_NOSIGNAL: a SIGPIPE would hit fsjail, not the caller. */
		ssize_t n = sendmsg(w->sock, &mh, w->flags | MSG_NOSIGNAL);
		unsigned len = n > 0 ? (unsigned)n : 0;

		if (n < 0)
			return done ? done : -errno;
		if (m->len_addr && pwrite(w->mem, &len, sizeof(len), (off_t)m->len_addr) !=
					   (ssize_t)sizeof(len))
			return done ? done : -EFAULT;
		done = m->len_addr ? done + 1 : n;
	}
	return done;
}

static void *work_thread(void *arg)
{
	struct sock_work *w = arg;
	struct seccomp_notif_resp resp;
	int64_t r = perform(w);

	memset(&resp, 0, sizeof(resp));
	resp.id = w->id;
	resp.error = r < 0 ? (int32_t)r : 0;
	resp.val = r < 0 ? 0 : r;
	(void)ioctl(w->listener, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	work_free(w);
	return NULL;
}

/* Perform w (consumed) and answer: inline when it cannot wait, else in a
 * thread of its own (all signals blocked there). A send that may wait is
 * tried inline without waiting first: most find room at once. */
static int run_work(struct job *j, struct sock_work *w, bool may_wait)
{
	int64_t r;

	if (may_wait && !w->connect) {
		w->flags |= MSG_DONTWAIT;
		r = perform(w);
		w->flags &= ~MSG_DONTWAIT;
		if (r != -EAGAIN && r != -EWOULDBLOCK) {
			work_free(w);
			return r < 0 ? nj_answer(j, (int)-r) : nj_answer_val(j, r);
		}
	}
	if (may_wait) {
		w->listener = fcntl(j->nt->listener, F_DUPFD_CLOEXEC, 0);
		w->id = j->tr->id;
		if (w->listener >= 0 && nj_detach(work_thread, w) == 0) {
			j->answered = true;
			NOTIFY_STAT_INC(j->nt, performed);
			return 0;
		}
	}
	r = perform(w);
	work_free(w);
	return r < 0 ? nj_answer(j, (int)-r) : nj_answer_val(j, r);
}

/* ---- deciding on a Unix address ---- */

/* The pathname of a (alen bytes, at most sizeof(*a)) as a string, as the
 * kernel reads it. */
static void sun_string(const struct sockaddr_un *a, socklen_t alen, char out[sizeof(a->sun_path) + 1])
{
	size_t n = alen - SUN_OFF;

	memcpy(out, a->sun_path, n);
	out[n] = '\0';
}

/* Decide on the peer address m names (connect, or a datagram send) and
 * rewrite a pathname to our descriptor of the socket. Returns true to go
 * on, false when answered. */
static bool unix_peer(struct job *j, struct sock_msg *m)
{
	struct sockaddr_un *a = (struct sockaddr_un *)&m->addr;
	char raw[sizeof(a->sun_path) + 1];
	struct loc l, f;
	bool ok = false;

	/* No name, or not AF_UNIX: the kernel's EINVAL, or an unnamed peer. */
	if (m->alen <= SUN_OFF || a->sun_family != AF_UNIX)
		return true;
	if (m->alen > sizeof(*a)) { /* unix_validate_addr() */
		nj_answer(j, EINVAL);
		return false;
	}
	if (a->sun_path[0] == '\0') {
		if (notify_abstract_known(j->nt, a->sun_path + 1, m->alen - SUN_OFF - 1))
			return true;
		nj_refuse(j, FSJ_CAP_CONNECT, NULL,
			  "an abstract Unix socket the command did not bind in this run", EPERM,
			  NULL);
		return false;
	}
	sun_string(a, m->alen, raw);
	if (!nj_find_cap(j, AT_FDCWD, raw, 0, FSJ_CAP_CONNECT, &l))
		return false;
	notify_loc_init(&f);
	if (l.obj < 0) {
		nj_answer(j, ENOENT);
		goto out;
	}
	/* connect(2) follows symlinks: where the link leads and the link's
	 * own path both need the grant (checked in that order). */
	if (S_ISLNK(l.st.st_mode) && !nj_find_cap(j, AT_FDCWD, raw, LK_FOLLOW, FSJ_CAP_CONNECT, &f))
		goto out;
	{
		struct loc *r = f.obj >= 0 ? &f : &l;

		if (!S_ISSOCK(r->st.st_mode)) {
			nj_answer(j, ECONNREFUSED);
			goto out;
		}
		if (!r->path) {
			nj_refuse(j, FSJ_CAP_CONNECT, NULL, "a socket without a path", EACCES, NULL);
			goto out;
		}
		/* A socket the command bound in this run is always reachable. */
		if (!notify_made_here(j->nt, &r->st) &&
		    (!nj_need(j, r->path, FSJ_CAPBIT(FSJ_CAP_CONNECT)) ||
		     (r != &l && !nj_need(j, l.path, FSJ_CAPBIT(FSJ_CAP_CONNECT)))))
			goto out;
		m->keep = fcntl(r->obj, F_DUPFD_CLOEXEC, 0);
		if (m->keep < 0) {
			nj_answer(j, errno);
			goto out;
		}
		memset(a->sun_path, 0, sizeof(a->sun_path));
		snprintf(a->sun_path, sizeof(a->sun_path), "/proc/self/fd/%d", m->keep);
		m->alen = (socklen_t)(SUN_OFF + strlen(a->sun_path) + 1);
		ok = true;
	}
out:
	notify_loc_release(&l);
	notify_loc_release(&f);
	return ok;
}

/* true when the O_PATH descriptor fd is the run's own broker socket. */
static bool own_broker(const struct notify *nt, int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && notify_is_own_socket(nt, &st);
}

/* true when m names, by path, a socket the command did not bind in this
 * run: a peer outside, which must not take fsjail for the sender. */
static bool names_outside_peer(const struct notify *nt, const struct sock_msg *m)
{
	struct stat st;

	return m->keep >= 0 && (fstat(m->keep, &st) < 0 || !notify_made_here(nt, &st));
}

/* ---- reading the caller's arguments ---- */

/* The address at addr (alen bytes, a register), read once into m.
 * Returns 0, or an errno to answer. */
static int read_addr(struct job *j, uint64_t addr, uint64_t alen, struct sock_msg *m)
{
	if (!addr)
		return 0;
	if ((int64_t)(int32_t)alen < 0 || (uint32_t)alen > sizeof(m->addr))
		return EINVAL;
	m->alen = (socklen_t)(uint32_t)alen;
	return m->alen && notify_mem_read(j->tr, addr, &m->addr, m->alen) < 0 ? EFAULT : 0;
}

/* len bytes of data at addr; a stream send is cut at SOCK_DATA_MAX (a
 * short write), a larger datagram refused (the caller's answer). */
static int read_data(struct job *j, uint64_t addr, uint64_t len, bool stream, struct sock_msg *m)
{
	if (len > SOCK_DATA_MAX && !stream)
		return EMSGSIZE;
	m->len = len > SOCK_DATA_MAX ? SOCK_DATA_MAX : (size_t)len;
	m->data = xmalloc(m->len ? m->len : 1);
	return m->len && notify_mem_read(j->tr, addr, m->data, m->len) < 0 ? EFAULT : 0;
}

/* A native struct msghdr at addr, read once into m. Returns 0, an errno,
 * or -1 when answered. */
static int read_msghdr(struct job *j, uint64_t addr, bool stream, bool unix_sock,
		       struct sock_msg *m)
{
	struct msghdr mh;
	struct iovec *iov = NULL;
	size_t total = 0, i;
	int e;

	if (notify_mem_read(j->tr, addr, &mh, sizeof(mh)) < 0)
		return EFAULT;
	/* copy_msghdr_from_user(): a longer name is cut to the storage. */
	if (mh.msg_name && (int)mh.msg_namelen < 0)
		return EINVAL;
	e = read_addr(j, (uint64_t)(uintptr_t)mh.msg_name,
		      mh.msg_namelen > sizeof(m->addr) ? sizeof(m->addr) : mh.msg_namelen, m);
	if (e)
		return e;
	if (mh.msg_iovlen > SOCK_IOV_MAX)
		return EMSGSIZE;
	if (mh.msg_iovlen) {
		iov = xcalloc(mh.msg_iovlen, sizeof(*iov));
		if (notify_mem_read(j->tr, (uint64_t)(uintptr_t)mh.msg_iov, iov,
				    mh.msg_iovlen * sizeof(*iov)) < 0) {
			free(iov);
			return EFAULT;
		}
	}
	for (i = 0; i < mh.msg_iovlen; i++)
		total += iov[i].iov_len > SOCK_DATA_MAX ? SOCK_DATA_MAX + 1 : iov[i].iov_len;
	if (total > SOCK_DATA_MAX && !stream) {
		free(iov);
		return EMSGSIZE;
	}
	m->data = xmalloc(total > SOCK_DATA_MAX ? SOCK_DATA_MAX : total ? total : 1);
	for (i = 0; i < mh.msg_iovlen && m->len < SOCK_DATA_MAX; i++) {
		size_t n = iov[i].iov_len;

		if (n > SOCK_DATA_MAX - m->len)
			n = SOCK_DATA_MAX - m->len;
		if (n && notify_mem_read(j->tr, (uint64_t)(uintptr_t)iov[i].iov_base,
					 m->data + m->len, n) < 0) {
			free(iov);
			return EFAULT;
		}
		m->len += n;
	}
	free(iov);
	return notify_sockctl_read(j, (uint64_t)(uintptr_t)mh.msg_control, mh.msg_controllen,
				   unix_sock, &m->ctl, &m->ctl_len, m->fds, &m->n_fds);
}

/* ---- the calls ---- */

/* bind: a pathname is made by us in the folder we hold, after a create
 * decision on the new name; an abstract or automatic name is recorded. */
static int op_bind(struct job *j, int s, int family, struct sock_msg *m)
{
	struct sockaddr_un *a = (struct sockaddr_un *)&m->addr;
	struct sockaddr_un got;
	socklen_t glen = sizeof(got);
	char raw[sizeof(a->sun_path) + 1];
	cleanup_fd int here = -1;
	struct loc l;
	int r, e;

	if (family != AF_UNIX || m->alen <= SUN_OFF || a->sun_family != AF_UNIX ||
	    (m->alen > SUN_OFF && a->sun_path[0] == '\0')) {
		r = bind(s, m->alen ? (struct sockaddr *)&m->addr : NULL, m->alen);
		if (r < 0)
			return nj_answer(j, errno);
		if (family == AF_UNIX && getsockname(s, (struct sockaddr *)&got, &glen) == 0 &&
		    glen > SUN_OFF + 1 && got.sun_path[0] == '\0')
			notify_abstract_note(j->nt, got.sun_path + 1, glen - SUN_OFF - 1);
		return nj_answer(j, 0);
	}
	if (m->alen > sizeof(*a)) /* unix_validate_addr() */
		return nj_answer(j, EINVAL);
	sun_string(a, m->alen, raw);
	if (!nj_find_cap(j, AT_FDCWD, raw, 0, FSJ_CAP_CREATE, &l))
		return 0;
	if (l.obj >= 0 || l.parent < 0 || !l.path || strlen(l.name) >= sizeof(a->sun_path)) {
		e = l.obj >= 0 ? EADDRINUSE : l.parent < 0 ? EACCES : ENAMETOOLONG;
		notify_loc_release(&l);
		return nj_answer(j, e);
	}
	if (!nj_need(j, l.path, FSJ_CAPBIT(FSJ_CAP_CREATE)) || !nj_rendezvous_ok(j, &l, S_IFSOCK) ||
	    !nj_gitlink_ok(j, &l, S_IFSOCK, -1) || !nj_creating(j, &l, NULL))
		goto out;
	here = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!j->nt->own_umask || here < 0 || fchdir(l.parent) < 0) {
		nj_made(j, &l, NULL, EACCES);
		nj_refuse(j, FSJ_CAP_CREATE, l.path, "the folder cannot be entered", EACCES, NULL);
		goto out;
	}
	memset(&got, 0, sizeof(got));
	got.sun_family = AF_UNIX;
	memcpy(got.sun_path, l.name, strlen(l.name));
	WITH_UMASK(j, r = bind(s, (struct sockaddr *)&got,
			       (socklen_t)(SUN_OFF + strlen(l.name) + 1));
		   e = errno);
	if (fchdir(here) < 0)
		die_errno("cannot return to the supervisor's folder");
	nj_made(j, &l, NULL, r < 0 ? e : 0);
	if (r == 0) /* the kernel stored l.name: getsockname gives raw */
		notify_sockname_note(j->nt, s, raw);
	nj_answer(j, r < 0 ? e : 0);
out:
	notify_loc_release(&l);
	return 0;
}

int notify_op_sock(struct job *j)
{
	const uint64_t *a = j->c->args;
	const char *name = j->c->name;
	bool is_connect = strcmp(name, "connect") == 0, mmsg = strcmp(name, "sendmmsg") == 0;
	struct sock_work *w;
	int family = 0, type = 0, e = 0, s, fl;
	socklen_t ol = sizeof(int);
	size_t i, n, batch = 0;
	bool unix_sock, stream, dgram, nonblock;
	const char *why;

	/* a peer outside the sandbox (a daemon) may act on the command's
	 * behalf: the walks after the run look again (nj_rename_note()) */
	nj_rename_note(j, NULL, NULL);

	if (strcmp(name, "socketcall") == 0 || (j->c->compat && (mmsg || !strcmp(name, "sendmsg"))))
		return nj_refuse(j, FSJ_CAP_CONNECT, NULL,
				 "a 32-bit socket call whose arguments are in memory is not mediated "
				 "(the direct calls bind, connect, sendto are)",
				 EACCES, NULL);
	s = nj_caller_fd(j, (int)(uint32_t)a[0]);
	if (s < 0 && (errno == ENOENT || errno == EBADF))
		return errno == ENOENT ? 0 : nj_answer(j, EBADF);
	if (s < 0)
		return nj_refuse(j, FSJ_CAP_CONNECT, NULL, "the caller's socket cannot be taken",
				 EACCES, NULL);
	if (getsockopt(s, SOL_SOCKET, SO_DOMAIN, &family, &ol) < 0 ||
	    getsockopt(s, SOL_SOCKET, SO_TYPE, &type, &ol) < 0) {
		e = errno;
		close(s);
		return nj_answer(j, e == ENOTSOCK ? ENOTSOCK : e);
	}
	unix_sock = family == AF_UNIX;
	stream = type == SOCK_STREAM;
	dgram = type == SOCK_DGRAM;
	/* What Landlock's network rules would refuse the command itself. */
	if (j->nt->tcp_denied && (family == AF_INET || family == AF_INET6) && stream &&
	    (is_connect || strcmp(name, "bind") == 0)) {
		close(s);
		return nj_answer(j, EACCES);
	}
	w = xcalloc(1, sizeof(*w));
	w->sock = s;
	w->mem = w->listener = -1;
	w->connect = is_connect;
	n = mmsg ? ((uint32_t)a[2] > SOCK_MMSG_MAX ? SOCK_MMSG_MAX : (uint32_t)a[2]) : 1;
	w->cap_msg = n ? n : 1;
	w->msg = xcalloc(w->cap_msg, sizeof(*w->msg));
	for (i = 0; i < w->cap_msg; i++)
		w->msg[i].keep = -1;
	if (strcmp(name, "bind") == 0) {
		e = read_addr(j, a[1], a[2], &w->msg[0]);
		if (!e)
			op_bind(j, s, family, &w->msg[0]);
		goto done;
	}
	if (is_connect || strcmp(name, "sendto") == 0) {
		w->n_msg = 1;
		w->flags = is_connect ? 0 : (int)(uint32_t)a[3];
		e = is_connect ? read_addr(j, a[1], a[2], &w->msg[0])
			       : read_addr(j, a[4], a[5], &w->msg[0]);
		if (!e && !is_connect)
			e = read_data(j, a[1], a[2], stream, &w->msg[0]);
	} else if (!mmsg) {
		w->n_msg = 1;
		w->flags = (int)(uint32_t)a[2];
		e = read_msghdr(j, a[1], stream, unix_sock, &w->msg[0]);
	} else {
		w->flags = (int)(uint32_t)a[3];
		w->mem = openat(j->tr->procfd, "mem", O_RDWR | O_CLOEXEC);
		if (w->mem < 0)
			e = EFAULT;
		/* struct mmsghdr: a msghdr, then the unsigned msg_len. */
		for (i = 0; !e && i < n && (i == 0 || batch < SOCK_BATCH_MAX); i++) {
			uint64_t at = a[1] + i * sizeof(struct mmsghdr);

			e = read_msghdr(j, at, stream, unix_sock, &w->msg[i]);
			w->msg[i].len_addr = at + offsetof(struct mmsghdr, msg_len);
			batch += w->msg[i].len;
			w->n_msg = i + 1;
		}
	}
	if (e)
		goto done;
	/* Only these reach a socket by name (see the top of this file). */
	for (i = 0; unix_sock && (is_connect || dgram) && i < w->n_msg; i++)
		if (!unix_peer(j, &w->msg[i]))
			goto done;
	/* The peer is told the caller sent it, not fsjail (notify-sockctl.h);
	 * where it cannot be, a datagram to a peer outside is refused. */
	for (i = 0; unix_sock && !is_connect && i < w->n_msg; i++)
		if (notify_sockctl_name_caller(j, &w->msg[i].ctl, &w->msg[i].ctl_len, &why) < 0 &&
		    dgram && names_outside_peer(j->nt, &w->msg[i])) {
			nj_refuse(j, FSJ_CAP_CONNECT, NULL, why, EACCES, NULL);
			goto done;
		}
	/* Connected by the supervisor, the broker would see itself as the
	 * peer: it learns the caller from peerq.h. */
	if (unix_sock && is_connect && w->msg[0].keep >= 0 && own_broker(j->nt, w->msg[0].keep))
		peerq_push(j->tr->pid);
	/* What can wait for a peer goes to a thread: a blocking stream
	 * connect (a full backlog), a blocking send. A UDP send and a
	 * datagram connect do not wait. */
	fl = fcntl(s, F_GETFL);
	nonblock = (fl & O_NONBLOCK) || (!is_connect && (w->flags & MSG_DONTWAIT));
	return run_work(j, w, !nonblock && (unix_sock ? !(dgram && is_connect)
						     : type != SOCK_DGRAM && type != SOCK_RAW));
done:
	if (!j->answered)
		nj_answer(j, e > 0 ? e : EACCES);
	work_free(w);
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_sock_not_this_system;
#endif /* __linux__ */
