/* sender-walk.c - how often the broker's judging of one sender reads the
 * /proc/PID/stat of the sender's ancestors (tests/integration/t0417).
 *
 * usage: sender-walk N [reparent]
 * This process plays the supervisor: a chain child -> grandchild ->
 * sender is made below it, the sender writes one byte on a socket pair
 * whose other end is read with broker_caller_recv() (the kernel attaches
 * its credentials and pidfd), and broker_caller_enter() judges that
 * sender N times, as for N requests. Prints "walks=W served=S pidfs=P"
 * (W: the opens of a /proc/PID/stat: this program defines open(); P: 1
 * when a pidfd is on pidfs, Linux 6.9, where each process has its own
 * inode, else 0). With
 * "reparent", the sender's parent exits after the first request (the
 * sender goes to init): the later ones must be refused. */
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "broker-caller.h"

static unsigned walks; /* one thread: no lock */

/* The library's open() and open64() (fortified or not) resolve to these
 * in this program, before libc's: each counts, then opens. */
int open(const char *path, int flags, ...);

static int counted(const char *path, int flags, va_list ap)
{
	size_t n = strlen(path);
	int mode = flags & (O_CREAT | O_TMPFILE) ? va_arg(ap, int) : 0;

	if (strncmp(path, "/proc/", 6) == 0 && n > 5 && strcmp(path + n - 5, "/stat") == 0)
		walks++;
	return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	int fd;

	va_start(ap, flags);
	fd = counted(path, flags, ap);
	va_end(ap);
	return fd;
}

/* the same function under glibc's large-file name */
int open64(const char *path, int flags, ...) __attribute__((alias("open")));

/* The parent of pid, read without counting, or -1. */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512];
	const char *p;
	ssize_t len;
	int fd, ppid = -1;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[len > 0 ? len : 0] = '\0';
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100, sv[2], go[2], served = 0;
	bool reparent = argc > 2 && strcmp(argv[2], "reparent") == 0;
	struct broker_sender s;
	struct caps_self self;
	pid_t top, mid = -1;
	struct statfs fs;
	char c;
	int fd;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0 || pipe(go) < 0 ||
	    broker_caller_passcred(sv[0]) < 0)
		return 2;
	top = fork();
	if (top == 0) { /* child: makes the parent of the sender, waits */
		if ((mid = fork()) == 0) {
			if (fork() == 0) { /* the sender */
				if (write(sv[1], "x", 1) != 1)
					_exit(1);
				pause();
				_exit(0);
			}
			pause(); /* the sender's parent: killed for "reparent" */
			_exit(0);
		}
		if (write(go[1], &mid, sizeof(mid)) != sizeof(mid))
			_exit(1);
		pause();
		_exit(0);
	}
	if (read(go[0], &mid, sizeof(mid)) != sizeof(mid) ||
	    broker_caller_recv(sv[0], &c, 1, &s) != 1)
		return 2;
	caps_self_setup(&self);
	walks = 0;
	for (int i = 0; i < n; i++) {
		uint64_t saved;
		char why[200];
		int rc = broker_caller_enter(&self, &s, &saved, why, sizeof(why));

		if (rc > 0)
			caps_caller_restore(saved);
		served += rc >= 0;
		if (i == 0 && reparent) {
			kill(mid, SIGKILL); /* the sender goes to init when mid exits */
			for (int t = 0; t < 200 && parent_of(s.pid) == mid; t++)
				usleep(10000);
		}
	}
	fd = (int)syscall(SYS_pidfd_open, getpid(), 0);
	printf("walks=%u served=%d pidfs=%d\n", walks, served,
	       fd >= 0 && fstatfs(fd, &fs) == 0 && fs.f_type == 0x50494446 /* PIDFS_MAGIC */);
	kill(top, SIGKILL);
	waitpid(top, NULL, 0);
	kill(s.pid, SIGKILL);
	return 0;
}
