/* fdpass.c - one descriptor over a Unix socket with SCM_RIGHTS
 * (STYLE.md point 8; unix(7) "Ancillary messages", cmsg(3)). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include "fdpass.h"

/* macOS has no MSG_CMSG_CLOEXEC: there the received descriptor is marked
 * close-on-exec right after recvmsg(), which leaves it open across an
 * exec only for a thread that forks in between. */
#ifdef MSG_CMSG_CLOEXEC
#define FDPASS_RECV_FLAGS MSG_CMSG_CLOEXEC
#else
#define FDPASS_RECV_FLAGS 0
#endif

/* msg for n data bytes at data and the control buffer ctl of len bytes. */
static void msg_init(struct msghdr *msg, struct iovec *iov, void *data, size_t n, void *ctl,
		     size_t len)
{
	memset(ctl, 0, len);
	memset(msg, 0, sizeof(*msg));
	iov->iov_base = data;
	iov->iov_len = n;
	msg->msg_iov = iov;
	msg->msg_iovlen = 1;
	msg->msg_control = ctl;
	msg->msg_controllen = len;
}

/* recvmsg() of one data byte into *byte with the control buffer ctl (len
 * bytes), EINTR retried. Returns what recvmsg() returns. */
static ssize_t recv_one(int sock, struct msghdr *msg, struct iovec *iov, void *data, size_t size,
			void *ctl, size_t len)
{
	ssize_t n;

	msg_init(msg, iov, data, size, ctl, len);
	do
		n = recvmsg(sock, msg, FDPASS_RECV_FLAGS);
	while (n < 0 && errno == EINTR);
	return n;
}

/* Send one byte with one SOL_SOCKET control message of type type holding
 * len bytes of data. Returns 0, or -1 with errno set. */
static int cmsg_send(int sock, int type, const void *data, size_t len)
{
	union {
		char buf[CMSG_SPACE(32)];
		struct cmsghdr align;
	} ctl;
	struct msghdr msg;
	struct cmsghdr *cm;
	struct iovec iov;
	char byte = 'F';
	ssize_t n;

	if (len > 32) {
		errno = EINVAL;
		return -1;
	}
	msg_init(&msg, &iov, &byte, 1, ctl.buf, CMSG_SPACE(len));
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = type;
	cm->cmsg_len = CMSG_LEN(len);
	memcpy(CMSG_DATA(cm), data, len);
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (n != 1) {
		errno = EIO;
		return -1;
	}
	return 0;
}

int fdpass_send(int sock, int fd)
{
	return cmsg_send(sock, SCM_RIGHTS, &fd, sizeof(fd));
}

/* Close every descriptor a control message carried. */
static void close_all_rights(struct msghdr *msg)
{
	struct cmsghdr *cm;

	for (cm = CMSG_FIRSTHDR(msg); cm; cm = CMSG_NXTHDR(msg, cm)) {
		size_t i, nfd;

		if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS ||
		    cm->cmsg_len < CMSG_LEN(0))
			continue;
		nfd = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < nfd; i++) {
			int fd;

			memcpy(&fd, CMSG_DATA(cm) + i * sizeof(int), sizeof(int));
			close(fd);
		}
	}
}

int fdpass_recv(int sock, int *fd)
{
	/* Room for a few more than one, so a peer that sends several is seen
	 * (and its descriptors closed) rather than silently truncated. */
	union {
		char buf[CMSG_SPACE(4 * sizeof(int))];
		struct cmsghdr align;
	} ctl;
	struct msghdr msg;
	struct cmsghdr *cm;
	struct iovec iov;
	char byte;
	ssize_t n;

	n = recv_one(sock, &msg, &iov, &byte, 1, ctl.buf, sizeof(ctl.buf));
	if (n < 0)
		return -1;
	if (n == 0 && msg.msg_controllen == 0)
		return 0;
	cm = CMSG_FIRSTHDR(&msg);
	if ((msg.msg_flags & MSG_CTRUNC) || !cm || cm->cmsg_level != SOL_SOCKET ||
	    cm->cmsg_type != SCM_RIGHTS || cm->cmsg_len != CMSG_LEN(sizeof(int)) ||
	    CMSG_NXTHDR(&msg, cm)) {
		close_all_rights(&msg);
		errno = EBADMSG;
		return -1;
	}
	memcpy(fd, CMSG_DATA(cm), sizeof(int));
#ifndef MSG_CMSG_CLOEXEC
	if (fcntl(*fd, F_SETFD, FD_CLOEXEC) < 0) {
		int saved = errno;
		close(*fd);
		errno = saved;
		return -1;
	}
#endif
	return 1;
}

#ifdef SCM_CREDENTIALS
/* A plain write(2): the kernel attaches the sender's credentials to every
 * Unix socket message, and the receiver's SO_PASSCRED shows them (unix(7)).
 * No sendmsg(2): the create hook traps it, and this is sent after the hook
 * is installed, sometimes to the very supervisor that would answer it. */
int fdpass_send_cred(int sock, uint32_t value)
{
	ssize_t n;

	do
		n = write(sock, &value, sizeof(value));
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof(value) ? 0 : -1;
}

int fdpass_recv_cred(int sock, pid_t *pid, uint32_t *value_out)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} ctl;
	struct ucred cred;
	struct msghdr msg;
	struct cmsghdr *cm;
	struct iovec iov;
	uint32_t value = 0;
	ssize_t n;

	n = recv_one(sock, &msg, &iov, &value, sizeof(value), ctl.buf, sizeof(ctl.buf));
	if (n <= 0)
		return (int)n;
	for (cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm)) {
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_CREDENTIALS &&
		    cm->cmsg_len >= CMSG_LEN(sizeof(cred))) {
			memcpy(&cred, CMSG_DATA(cm), sizeof(cred));
			*pid = cred.pid;
			if (value_out)
				*value_out = value;
			return 1;
		}
	}
	errno = EBADMSG;
	return -1;
}
#endif
