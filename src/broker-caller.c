/* broker-caller.c - who sent each request to the broker (broker-caller.h;
 * unix(7), pidfd_open(2), pidfd_send_signal(2), proc_pid_status(5)).
 *
 * ============ trust boundary: the sender of one request ============
 * Runs in the broker thread, with fsjail's rights, for bytes any process
 * holding a descriptor of an accepted connection may have written. The
 * connection's peer (SO_PEERCRED at accept) says only who connected; the
 * kernel attaches to every chunk the sender's pid, euid and egid
 * (SCM_CREDENTIALS, which only CAP_SYS_ADMIN / CAP_SETUID can choose) and
 * a pidfd (SCM_PIDFD, Linux 6.5), and never joins two senders' chunks in
 * one read. A request is served only when every chunk of it is one live
 * process of this run's tree with the session's uid, whose fsuid is the
 * uid the kernel attached; the file capabilities the broker acts with are
 * then lowered to that process's (caps-caller.c), as the listener does.
 * Where the kernel has no SCM_PIDFD the pid is opened (pidfd_open) when
 * the chunk is read and every check is followed by a liveness check of
 * that pidfd, so a reused pid cannot lend its parentage or identity.
 * That fallback opens the pid when the chunk is read, not when it was
 * sent: a sender that exited and was reaped in between, its pid given to
 * a process of the tree, would be taken for that process (pid reuse
 * within one socket read: a weakness of kernels before 6.5 only).
 * What may change between two requests of one process (its uid, fsuid,
 * capabilities, user namespace, whether it lives) is read for each; only
 * the walk up its parents is kept, per pidfs inode (in_tree_known()).
 * ===================================================================== */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "broker-caller.h"
#include "proc-status.h"
#include "procstat.h"

#ifdef __linux__
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#ifndef SO_PASSPIDFD
#define SO_PASSPIDFD 76 /* asm-generic/socket.h, Linux 6.5 */
#endif
#ifndef SCM_PIDFD
#define SCM_PIDFD 0x04
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

/* The kernel attaches a pidfd to each chunk: a chunk without one came
 * from a process that was gone when it was read. */
static bool have_scm_pidfd;

int broker_caller_passcred(int fd)
{
	int one = 1;

	if (setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)) < 0)
		return -1;
	if (setsockopt(fd, SOL_SOCKET, SO_PASSPIDFD, &one, sizeof(one)) == 0)
		__atomic_store_n(&have_scm_pidfd, true, __ATOMIC_RELAXED);
	return 0;
}

ssize_t broker_caller_recv(int fd, void *buf, size_t len, struct broker_sender *chunk)
{
	/* credentials, a pidfd, and room for descriptors a client sent
	 * (closed: a request carries none; what does not fit is dropped by
	 * the kernel, MSG_CTRUNC) */
	union {
		struct cmsghdr align;
		unsigned char b[CMSG_SPACE(sizeof(struct ucred)) + CMSG_SPACE(sizeof(int)) +
				CMSG_SPACE(sizeof(int) * 16)];
	} ctl;
	struct iovec iov = { buf, len };
	struct msghdr mh = { .msg_iov = &iov,
			     .msg_iovlen = 1,
			     .msg_control = ctl.b,
			     .msg_controllen = sizeof(ctl.b) };
	struct cmsghdr *cm;
	ssize_t n;

	broker_sender_init(chunk);
	n = recvmsg(fd, &mh, MSG_CMSG_CLOEXEC);
	if (n <= 0)
		return n;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		size_t data = cm->cmsg_len - CMSG_LEN(0);
		int got;

		if (cm->cmsg_level != SOL_SOCKET)
			continue;
		if (cm->cmsg_type == SCM_CREDENTIALS && data >= sizeof(struct ucred)) {
			struct ucred uc;

			memcpy(&uc, CMSG_DATA(cm), sizeof(uc));
			/* pid 0: not visible in our pid namespace */
			chunk->named = uc.pid > 0;
			chunk->pid = uc.pid;
			chunk->uid = uc.uid;
			chunk->gid = uc.gid;
		} else if (cm->cmsg_type == SCM_PIDFD && data >= sizeof(int)) {
			memcpy(&got, CMSG_DATA(cm), sizeof(got));
			if (chunk->pidfd < 0)
				chunk->pidfd = got;
			else
				close(got);
		} else if (cm->cmsg_type == SCM_RIGHTS) {
			for (size_t i = 0; i + sizeof(int) <= data; i += sizeof(int)) {
				memcpy(&got, CMSG_DATA(cm) + i, sizeof(got));
				close(got);
			}
		}
	}
	/* Without SCM_PIDFD: the pid now, checked alive after every use. */
	if (chunk->named && chunk->pidfd < 0 && !__atomic_load_n(&have_scm_pidfd, __ATOMIC_RELAXED))
		chunk->pidfd = (int)syscall(SYS_pidfd_open, chunk->pid, 0);
	broker_sender_identify(chunk);
	return n;
}

bool broker_caller_in_tree(pid_t pid)
{
	pid_t self = getpid();

	if (pid == self) /* the supervisor itself (tests, fsjail's own calls) */
		return true;
	for (int hops = 0; pid > 1 && hops < 4096; hops++) {
		char buf[512];
		/* "pid (comm) state ppid ...": comm may hold spaces and ')' */
		const char *close_paren = procstat_read(pid, buf, sizeof(buf));
		int ppid;

		if (!close_paren || sscanf(close_paren + 1, " %*c %d", &ppid) != 1)
			return false;
		if (ppid == self)
			return true;
		pid = ppid;
	}
	return false;
}

/* true while the process of pidfd has not exited. */
static bool alive(int pidfd)
{
	return pidfd >= 0 && syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) == 0;
}

/* Senders found in the run's tree, by pidfs inode (one per process, not
 * given again): a later request of the same process whose parent is
 * still the one it had then is not walked up again (broker_caller_in_tree()
 * reads one /proc/PID/stat per ancestor). A parent that exited (the
 * sender reparented) makes it walk again. This thread's only. */
static _Thread_local struct {
	uint64_t ino;
	pid_t pid;
	long ppid;
} known[32];
static _Thread_local unsigned known_next;

/* In the run's tree: s as known (same process, same parent), or walked
 * now and then known. */
static bool in_tree_known(const struct broker_sender *s, long ppid)
{
	size_t i;

	for (i = 0; s->ino && i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].ino == s->ino && known[i].pid == s->pid && known[i].ppid == ppid)
			return true;
	if (!broker_caller_in_tree(s->pid))
		return false;
	if (s->ino) {
		i = known_next++ % (sizeof(known) / sizeof(known[0]));
		known[i].ino = s->ino;
		known[i].pid = s->pid;
		known[i].ppid = ppid;
	}
	return true;
}

int broker_caller_enter(const struct caps_self *self, const struct broker_sender *s,
			uint64_t *saved, char *why, size_t n)
{
	struct proc_status st;
	char path[64];
	int procfd, rc;

	if (!s->named) {
		snprintf(why, n,
			 "the request came without its sender's credentials (unnamed sender)");
		return -1;
	}
	if (s->mixed) {
		snprintf(why, n,
			 "the request was written by more than one process (mixed writers, "
			 "pid %ld first)",
			 (long)s->pid);
		return -1;
	}
	if (s->pid == getpid())
		return 0;
	snprintf(path, sizeof(path), "/proc/%ld", (long)s->pid);
	procfd = alive(s->pidfd) ? open(path, O_PATH | O_DIRECTORY | O_CLOEXEC) : -1;
	rc = procfd >= 0 ? proc_status_read(procfd, &st) : -1;
	/* the walk and the status are of this very process while its pidfd
	 * says it is alive after them (its pid is not given again before) */
	if (rc == 0 && !in_tree_known(s, st.ppid) && alive(s->pidfd)) {
		snprintf(why, n, "the sender pid %ld is not in this run's process tree",
			 (long)s->pid);
		rc = -1;
	} else if (rc < 0 || !alive(s->pidfd) || st.state == 'Z' || st.state == 'X') {
		snprintf(why, n,
			 "the sender pid %ld is gone: it exited before its request was read",
			 (long)s->pid);
		rc = -1;
	} else if (s->uid != geteuid()) {
		snprintf(why, n, "the sender pid %ld has uid %ld, not the session's", (long)s->pid,
			 (long)s->uid);
		rc = -1;
	} else if (st.uid[1] != s->uid || st.uid[3] != s->uid || st.gid[3] != s->gid) {
		snprintf(why, n,
			 "the sender pid %ld acts as fsuid %lu fsgid %lu, not as the uid %ld "
			 "gid %ld its request carries",
			 (long)s->pid, st.uid[3], st.gid[3], (long)s->uid, (long)s->gid);
		rc = -1;
	} else {
		rc = caps_caller_lower(self, procfd, st.cap_eff, saved);
		if (rc < 0)
			snprintf(why, n,
				 "cannot lower the broker's capabilities to the sender's: %s",
				 strerror(errno));
	}
	if (procfd >= 0)
		close(procfd);
	return rc;
}

#else

int broker_caller_passcred(int fd)
{
	(void)fd;
	return 0;
}

ssize_t broker_caller_recv(int fd, void *buf, size_t len, struct broker_sender *chunk)
{
	broker_sender_init(chunk);
	chunk->named = true; /* no per-message credentials here: the connector */
	return read(fd, buf, len);
}

bool broker_caller_in_tree(pid_t pid)
{
	(void)pid;
	return true;
}

int broker_caller_enter(const struct caps_self *self, const struct broker_sender *s,
			uint64_t *saved, char *why, size_t n)
{
	(void)self;
	(void)s;
	(void)saved;
	(void)why;
	(void)n;
	return 0;
}
#endif /* __linux__ */
