/* notify-install.c - the create hook's seccomp filter loaded in the
 * child, fsjail-init, and its listener handed to the supervisor (notify.h;
 * the filter itself: notify-filter.c). */
#ifdef __linux__
#include <errno.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "fdpass.h"
#include "notify-int.h"
#include "util.h"

/* Load nt->prog with a listener, and return the listener (or -errno).
 * libseccomp built the BPF program; the load is done here, because
 * libseccomp 2.5.4's seccomp_load() reports a stale errno (EFAULT from its
 * feature probe) where the kernel said EBUSY, and cannot ask for
 * SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (Linux 5.19): once the supervisor
 * has read a notification, only a fatal signal ends the caller's wait, so
 * an ordinary signal cannot cancel a call the supervisor is performing. */
static int load_with_listener(const struct notify *nt)
{
	struct sock_fprog prog;
	int fd;

	if (!nt->prog)
		return -EINVAL;
	memset(&prog, 0, sizeof(prog));
	prog.len = nt->prog_len;
	prog.filter = nt->prog;
	fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			  SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV,
			  &prog);
	if (fd < 0 && errno == EINVAL)
		fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
				  SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	return fd < 0 ? -errno : fd;
}

/*
 * ============ trust boundary: the forked child, last step before exec ============
 * Runs inside the sandbox already applied (Landlock restricts this process).
 * It loads a filter that only ever adds a stop for the supervisor: nothing
 * here grants anything. On any failure the child must not exec (the caller
 * reports 125), except EBUSY (a listener already up the chain), where the
 * command runs with Landlock alone, as with FSJAIL_NO_NOTIFY=1.
 * ===================================================================================
 */
int notify_child_fd(const struct notify *nt)
{
	return nt ? nt->sock[1] : -1;
}

int notify_child_install(struct notify *nt, struct fsj_error *err)
{
	int rc, fd;

	if (!nt)
		return 0;
	close(nt->sock[0]);
	nt->sock[0] = -1;
	/* Set by ll_apply() already; a filter needs it (or CAP_SYS_ADMIN)
	 * and it must hold whatever backend ran before. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot set no_new_privs: %s",
				     strerror(errno));
	fd = load_with_listener(nt);
	if (fd == -EBUSY && nt->required)
		return fsj_error_set(err, NULL, 0, 0,
				     "a seccomp listener already exists for this process (fsjail "
				     "inside fsjail?), and this run's policy leaves a denied path that "
				     "does not exist yet to its own hook\nhint: FSJAIL_NO_NOTIFY=1 "
				     "compiles such paths by expansion instead");
	if (fd == -EBUSY) {
		close(nt->sock[1]);
		nt->sock[1] = -1;
		warn("this run's seccomp hook is skipped: a listener already exists for this "
		     "process (fsjail inside fsjail?); the outer run's hook still applies, but this "
		     "run takes no backups and sends nothing to its trash, and a path with create "
		     "but not write cannot be filled");
		return 0;
	}
	if (fd < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "create hook: cannot load the seccomp filter: %s",
				     strerror(-fd));
	/* Not by sendmsg(2) with SCM_RIGHTS: the filter just loaded traps
	 * it, and the supervisor that would answer is the receiver. The
	 * number goes by write(2) (SO_PASSCRED tells our pid), the
	 * supervisor takes its copy with pidfd_getfd(2) and says so. */
	rc = fdpass_send_cred(nt->sock[1], (uint32_t)fd) < 0 ? errno : 0;
	if (rc == 0) {
		char ack;
		ssize_t n;

		do
			n = read(nt->sock[1], &ack, 1);
		while (n < 0 && errno == EINTR);
		rc = n == 1 ? 0 : n == 0 ? EPIPE : errno;
	}
	/* The command must not hold its own listener: it could answer for
	 * itself. */
	close(fd);
	close(nt->sock[1]);
	nt->sock[1] = -1;
	if (rc)
		return fsj_error_set(err, NULL, 0, 0,
				     "create hook: cannot send the listener to the supervisor: %s",
				     strerror(rc));
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_install_not_this_system;
#endif /* __linux__ */
