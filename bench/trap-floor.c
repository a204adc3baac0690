/* bench/trap-floor.c - the cheapest supervisor that still keeps a backup
 * of what a trapped call changes: the floor under any design that traps
 * every unlink or write-open with a seccomp listener (issues 14 and 18,
 * item "rm -rf <= 2x bare", "small writes <= 1.5x Landlock alone").
 *
 * It does per trapped call only what no such design can skip: receive the
 * notification, read the path from the caller's memory, take the caller's
 * folder descriptor, check the notification is still live, act (unlink:
 * one renameat2 of the name into STORE, which is the backup and the
 * removal at once; write-open: open without O_TRUNC, copy the content
 * into STORE with copy_file_range, truncate, hand the descriptor over
 * with SECCOMP_ADDFD_FLAG_SEND) and answer. No manifest, no audit, no
 * policy, no identity checks, no /proc/PID/status: everything fsjail adds
 * for safety is absent, so fsjail can only be slower than this.
 * x86-64 only; a bench tool, not a sandbox (it lets everything else run).
 *
 * Usage: trap-floor STORE CMD [ARG...]   (STORE: an empty folder on the
 * same filesystem as the files the command removes)
 * Exit: the command's status; 125 on a setup error. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define WFLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)
#define ARG(n) (offsetof(struct seccomp_data, args) + 8 * (n))

static int install(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_unlinkat, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 2),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG(2)),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, WFLAGS, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			    SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

/* The caller's folder for DIRFD: its cwd or a copy of its descriptor. */
static int caller_dir(int pidfd, pid_t pid, int dirfd)
{
	char p[64];

	if ((int)dirfd != AT_FDCWD)
		return (int)syscall(SYS_pidfd_getfd, pidfd, dirfd, 0);
	snprintf(p, sizeof(p), "/proc/%d/cwd", (int)pid);
	return open(p, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

static void serve(int lfd, int pidfd, int store)
{
	struct seccomp_notif req;
	struct seccomp_notif_resp resp;
	char path[4096], nm[32];
	unsigned long n = 0;

	for (;;) {
		struct iovec local = { path, sizeof(path) - 1 }, remote;
		int dir, fd = -1, err = 0;
		ssize_t got;

		struct pollfd pf = { .fd = lfd, .events = POLLIN };

		if (poll(&pf, 1, -1) < 0 || (pf.revents & (POLLHUP | POLLERR)))
			return;
		memset(&req, 0, sizeof(req));
		if (ioctl(lfd, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		remote.iov_base = (void *)req.data.args[1];
		remote.iov_len = sizeof(path) - 1;
		got = process_vm_readv((pid_t)req.pid, &local, 1, &remote, 1, 0);
		path[got > 0 ? got : 0] = '\0';
		dir = caller_dir(pidfd, (pid_t)req.pid, (int)req.data.args[0]);
		if (got <= 0 || dir < 0 ||
		    ioctl(lfd, SECCOMP_IOCTL_NOTIF_ID_VALID, &req.id) < 0) {
			err = EACCES;
		} else if (req.data.nr == SYS_unlinkat) {
			snprintf(nm, sizeof(nm), "%lu", n++);
			if (req.data.args[2] & AT_REMOVEDIR)
				err = unlinkat(dir, path, AT_REMOVEDIR) < 0 ? errno : 0;
			else
				err = renameat2(dir, path, store, nm, RENAME_NOREPLACE) < 0 ? errno : 0;
		} else {
			int fl = (int)req.data.args[2];
			struct stat st;

			fd = openat(dir, path, (fl & ~O_TRUNC) | O_CLOEXEC, (mode_t)req.data.args[3]);
			if (fd < 0)
				err = errno;
			else if ((fl & O_TRUNC) && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
				 st.st_size > 0) {
				int b, r;

				snprintf(nm, sizeof(nm), "%lu", n++);
				snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
				r = open(path, O_RDONLY | O_CLOEXEC);
				b = openat(store, nm, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
				if (r < 0 || b < 0 ||
				    copy_file_range(r, NULL, b, NULL, (size_t)st.st_size, 0) < 0 ||
				    ftruncate(fd, 0) < 0)
					err = errno;
				if (b >= 0)
					close(b);
				if (r >= 0)
					close(r);
			}
		}
		if (dir >= 0)
			close(dir);
		if (fd >= 0 && !err) {
			struct seccomp_notif_addfd a = {
				.id = req.id, .srcfd = (__u32)fd,
				.flags = SECCOMP_ADDFD_FLAG_SEND,
				.newfd_flags = (__u32)(req.data.args[2] & O_CLOEXEC),
			};
			int rc = ioctl(lfd, SECCOMP_IOCTL_NOTIF_ADDFD, &a);

			close(fd);
			if (rc >= 0)
				continue;
			err = errno;
		} else if (fd >= 0) {
			close(fd);
		}
		memset(&resp, 0, sizeof(resp));
		resp.id = req.id;
		resp.error = -err;
		ioctl(lfd, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	}
}

int main(int argc, char **argv)
{
	int go[2], back[2], st = 0, store, lfd, pidfd;
	pid_t pid;

	if (argc < 3 || pipe2(go, O_CLOEXEC) < 0 || pipe2(back, O_CLOEXEC) < 0) {
		fprintf(stderr, "usage: trap-floor STORE CMD [ARG...]\n");
		return 125;
	}
	store = open(argv[1], O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (store < 0) {
		perror(argv[1]);
		return 125;
	}
	pid = fork();
	if (pid == 0) {
		char c;
		int l = install();

		if (l < 0) {
			perror("seccomp");
			_exit(125);
		}
		/* the listener's number, then wait until the parent holds it */
		close(go[1]);
		if (write(back[1], &l, sizeof(l)) != sizeof(l) || read(go[0], &c, 1) != 0)
			_exit(125);
		close(l);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	if (pid < 0 || read(back[0], &lfd, sizeof(lfd)) != sizeof(lfd))
		return 125;
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	lfd = (int)syscall(SYS_pidfd_getfd, pidfd, lfd, 0);
	if (lfd < 0) {
		perror("pidfd_getfd");
		return 125;
	}
#ifdef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
	ioctl(lfd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP, 0);
#endif
	close(go[1]);
	close(go[0]);
	serve(lfd, pidfd, store);
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
