/* bench/launch-floor.c - the cheapest launcher with the shape DESIGN
 * sections 8 and 9 give fsjail's run: a supervisor that holds a seccomp
 * listener, a pid namespace whose init reaps the command, a private
 * mount namespace with its own /proc, and the command under a Landlock
 * ruleset (the rights of landlock-min.c). Nothing else: no policy, no
 * broker, no masks, no backups, no audit. `fsjail run -- /bin/true` can
 * only be slower than this; bench/run-startup.sh sets the two side by
 * side with landlock-min (issue 18's target: <= 1.5x landlock-min).
 * A bench tool, not a sandbox: the listener lets every call through
 * (the filter traps nothing /bin/true makes).
 * Usage: launch-floor WORKSPACE CMD [ARG...]   (as root: the namespaces)
 * Exit: the command's status; 125 on a setup error. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int rule(int rs, const char *path, __u64 access)
{
	struct landlock_path_beneath_attr pb = { .allowed_access = access };
	int rc;

	pb.parent_fd = open(path, O_PATH | O_CLOEXEC);
	if (pb.parent_fd < 0)
		return -1;
	rc = (int)syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	close(pb.parent_fd);
	return rc;
}

/* The command's side: Landlock as landlock-min.c does it, then exec. */
static void command(char **argv)
{
	int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	/* the kernel's bit values, as landlock-min.c: REFER (2), TRUNCATE (3), IOCTL_DEV (5) */
	__u64 all = (1ull << (abi >= 5 ? 16 : abi >= 3 ? 15 : abi >= 2 ? 14 : 13)) - 1;
	__u64 rx = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE |
		   LANDLOCK_ACCESS_FS_READ_DIR;
	struct landlock_ruleset_attr attr = { .handled_access_fs = all };
	int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);

	if (rs < 0 || rule(rs, "/", rx) < 0 || rule(rs, argv[1], all) < 0 ||
	    rule(rs, "/tmp", all) < 0 || rule(rs, "/dev", rx | LANDLOCK_ACCESS_FS_WRITE_FILE) < 0 ||
	    syscall(SYS_landlock_restrict_self, rs, 0) < 0)
		_exit(125);
	close(rs);
	execvp(argv[2], argv + 2);
	_exit(127);
}

/* pid 1 of the new namespace: /proc, the listener, then the command. */
static int init(char **argv, int back)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_unlinkat, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 4, .filter = f };
	int l, st = 0;
	pid_t c;

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0 ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return 125;
	l = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	if (l < 0 || write(back, &l, sizeof(l)) != sizeof(l))
		return 125;
	close(l);
	c = fork();
	if (c == 0)
		command(argv);
	if (c < 0 || waitpid(c, &st, 0) < 0)
		return 125;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(int argc, char **argv)
{
	int back[2], st = 0, l, pidfd;
	pid_t pid;

	if (argc < 3 || pipe2(back, O_CLOEXEC) < 0 || unshare(CLONE_NEWNS | CLONE_NEWPID) < 0) {
		fprintf(stderr, "usage: launch-floor WORKSPACE CMD [ARG...] (root, Landlock)\n");
		return 125;
	}
	pid = fork();
	if (pid == 0)
		_exit(init(argv, back[1]));
	close(back[1]);
	if (pid < 0 || read(back[0], &l, sizeof(l)) != sizeof(l))
		return 125;
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	l = (int)syscall(SYS_pidfd_getfd, pidfd, l, 0);
	if (l >= 0) {
		struct pollfd pf = { .fd = l, .events = POLLIN };

		/* the listener's loop: nothing is trapped, so it only waits */
		while (poll(&pf, 1, -1) >= 0 && !(pf.revents & (POLLHUP | POLLERR)))
			;
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 125;
}
