/* notify-sockctl.c - the ancillary data of a Unix message the listener
 * sends for its caller (notify-sockctl.h; unix(7), cmsg(3)).
 *
 * A message the listener sends leaves from fsjail: a receiver that asked
 * for SO_PASSCRED (or SO_PASSPIDFD) would see fsjail's pid, a host
 * process outside every sandbox, and may trust it for that (att21,
 * t0405: a daemon that authorises by peer pid, as polkit or journald's
 * _PID do). So the listener names its caller in every Unix send it
 * performs, which the kernel allows with CAP_SYS_ADMIN; a datagram to a
 * named peer outside that it cannot so name is refused (notify-sock.c).
 * A performed connect cannot name anyone: SO_PEERCRED is taken from the
 * connecting task. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/capability.h>

#include "caps.h"
#include "notify-int.h"
#include "notify-sockctl.h"
#include "util.h"

int notify_sockctl_read(struct job *j, uint64_t addr, uint64_t len, bool unix_sock,
			unsigned char **ctl, size_t *ctl_len, int *fds, size_t *n_fds)
{
	struct msghdr mh;
	struct cmsghdr *cm;

	if (!addr || !len)
		return 0;
	if (len > NOTIFY_SOCK_CTL_MAX)
		return ENOBUFS;
	*ctl = xmalloc((size_t)len);
	*ctl_len = (size_t)len;
	if (notify_mem_read(j->tr, addr, *ctl, *ctl_len) < 0)
		return EFAULT;
	if (!unix_sock)
		return 0; /* no descriptor travels on other families */
	memset(&mh, 0, sizeof(mh));
	mh.msg_control = *ctl;
	mh.msg_controllen = *ctl_len;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		size_t n = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		int *cfds = (int *)CMSG_DATA(cm);

		if (cm->cmsg_len < CMSG_LEN(0) ||
		    cm->cmsg_len > *ctl_len - (size_t)((unsigned char *)cm - *ctl))
			return EINVAL; /* as the kernel: a header past the buffer */
		if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS)
			return nj_refuse(j, FSJ_CAP_CONNECT, NULL,
					 "ancillary data other than SCM_RIGHTS on a Unix socket is "
					 "not mediated",
					 EACCES, NULL),
			       -1;
		for (size_t i = 0; i < n; i++) {
			int fd;

			if (*n_fds == NOTIFY_SOCK_FDS_MAX)
				return EINVAL;
			fd = nj_caller_fd(j, cfds[i]);
			if (fd < 0)
				return errno == ENOENT ? ENOENT : EBADF;
			fds[(*n_fds)++] = fd;
			cfds[i] = fd;
		}
	}
	return 0;
}

/* The caller's process id (Tgid), effective uid and gid from its status
 * text (j->tr->procfd, after ID_VALID). Returns 0, or -1. */
static int caller_ucred(struct job *j, struct ucred *uc)
{
	char buf[8192];
	int fd = openat(j->tr->procfd, "status", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	unsigned long v[2];
	const char *p;
	int have = 0;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if ((p = strstr(buf, "\nTgid:")) && sscanf(p + 6, "%lu", &v[0]) == 1 && v[0] > 0) {
		uc->pid = (pid_t)v[0];
		have++;
	}
	if ((p = strstr(buf, "\nUid:")) && sscanf(p + 5, "%lu %lu", &v[0], &v[1]) == 2) {
		uc->uid = (uid_t)v[1];
		have++;
	}
	if ((p = strstr(buf, "\nGid:")) && sscanf(p + 5, "%lu %lu", &v[0], &v[1]) == 2) {
		uc->gid = (gid_t)v[1];
		have++;
	}
	return have == 3 ? 0 : -1;
}

int notify_sockctl_name_caller(struct job *j, unsigned char **ctl, size_t *ctl_len,
			       const char **why)
{
	size_t at = CMSG_ALIGN(*ctl_len);
	struct cmsghdr *cm;
	struct ucred uc;

	if (caps_effective_has(CAP_SYS_ADMIN) != 1) {
		*why = "the receiver would see fsjail's pid, not the caller's: without "
		       "CAP_SYS_ADMIN fsjail can name only itself in SCM_CREDENTIALS";
		return -1;
	}
	if (caller_ucred(j, &uc) < 0) {
		*why = "the caller's pid, uid and gid cannot be read to name it to the receiver";
		return -1;
	}
	*ctl = xreallocarray(*ctl, 1, at + CMSG_SPACE(sizeof(uc)));
	memset(*ctl + *ctl_len, 0, at + CMSG_SPACE(sizeof(uc)) - *ctl_len);
	cm = (struct cmsghdr *)(void *)(*ctl + at);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_CREDENTIALS;
	cm->cmsg_len = CMSG_LEN(sizeof(uc));
	memcpy(CMSG_DATA(cm), &uc, sizeof(uc));
	*ctl_len = at + CMSG_SPACE(sizeof(uc));
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_sockctl_not_this_system;
#endif /* __linux__ */
