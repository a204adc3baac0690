/* notify.c - the interception hook's lifecycle and supervisor thread
 * (notify.h; seccomp_unotify(2), SECCOMP_GET_NOTIF_SIZES,
 * SECCOMP_IOCTL_NOTIF_RECV). The filter is in notify-filter.c, the
 * lookup in the caller's view in notify-path.c, each trapped call in
 * notify-ops.c. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "backup.h"
#include "backup_open.h"
#include "devshm.h"
#include "fdpass.h"
#include "caps.h"
#include "landlock.h"
#include "notify.h"
#include "path.h"
#include "tmpdir.h"
#include "util.h"

/* Set by the setters, read by notify_new(). */
static struct backup_cycle *hook_bc;
static char *hook_trash_home;
static bool hook_allow_hardlink_writes;
static char *hook_no_trash[8];
static size_t hook_n_no_trash;
static bool hook_no_trash_set;
static bool hook_trace;

void notify_set_trace(bool on)
{
	hook_trace = on;
}

static struct stat hook_own_socket;
static bool hook_have_own_socket;
static bool hook_tcp_denied;
static bool hook_repository_off;
static bool hook_own_pts;

void notify_set_repository(bool protect)
{
	hook_repository_off = !protect;
}

static char *hook_template_hooks;

void notify_take_git_template(char *dir)
{
	free(hook_template_hooks);
	hook_template_hooks = dir && dir[0] == '/' ? path_join(dir, "hooks") : NULL;
	free(dir);
}

void notify_set_landlock(const struct ll_plan *plan)
{
	hook_tcp_denied = plan && plan->handled_net != 0;
	hook_own_pts = plan && plan->own_pts_access != 0;
}

void notify_set_own_socket(const char *path)
{
	hook_have_own_socket = path && stat(path, &hook_own_socket) == 0;
}

bool notify_is_own_socket(const struct notify *nt, const struct stat *st)
{
	(void)nt;
	return hook_have_own_socket && st->st_dev == hook_own_socket.st_dev &&
	       st->st_ino == hook_own_socket.st_ino;
}

void notify_set_backup(struct backup_cycle *bc, const char *trash_home)
{
	free(hook_trash_home);
	hook_bc = bc;
	hook_trash_home = bc && trash_home ? xstrdup(trash_home) : NULL;
}

void notify_set_allow_hardlink_writes(bool allow)
{
	hook_allow_hardlink_writes = allow;
}

void notify_set_no_trash_areas(const char *const *paths, size_t n)
{
	size_t i;

	for (i = 0; i < hook_n_no_trash; i++)
		free(hook_no_trash[i]);
	hook_n_no_trash = 0;
	hook_no_trash_set = paths != NULL;
	for (i = 0; paths && i < n && hook_n_no_trash < 8; i++)
		if (paths[i] && paths[i][0] == '/')
			hook_no_trash[hook_n_no_trash++] = xstrdup(paths[i]);
}

#ifdef __linux__
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/capability.h>

#include "notify-caps.h"
#include "notify-int.h"

bool notify_wanted(void)
{
	return !env_flag("FSJAIL_NO_NOTIFY");
}

/* The default areas without trash: /tmp, /var/tmp, $TMPDIR (tmpdir.h) and the run's
 * own /dev/shm (devshm.h: a trash on the host would keep what the run
 * meant to vanish with it), each also as resolved. */
static void default_no_trash(struct notify *nt)
{
	const char *dirs[4] = { "/tmp", "/var/tmp", tmpdir_get(), DEVSHM_PATH };
	size_t i;

	for (i = 0; i < 4 && nt->n_no_trash + 2 <= NOTIFY_MAX_NO_TRASH; i++) {
		char *r;

		if (!dirs[i] || dirs[i][0] != '/')
			continue;
		nt->no_trash[nt->n_no_trash++] = xstrdup(dirs[i]);
		r = path_resolve(dirs[i]);
		if (r && strcmp(r, dirs[i]) != 0)
			nt->no_trash[nt->n_no_trash++] = r;
		else
			free(r);
	}
}

struct notify *notify_new(const struct fsj_policy *pol, struct fsj_error *err)
{
	struct notify *nt;
	size_t i;

	if (!pol) {
		fsj_error_set(err, NULL, 0, 0, "create hook: no policy to decide with");
		return NULL;
	}
	nt = xcalloc(1, sizeof(*nt));
	nt->pol = pol;
	nt->bc = hook_bc;
	nt->trash_home = hook_trash_home ? xstrdup(hook_trash_home) : NULL;
	nt->allow_hardlink_writes = hook_allow_hardlink_writes;
	nt->trace = hook_trace;
	if (hook_no_trash_set)
		for (i = 0; i < hook_n_no_trash; i++)
			nt->no_trash[nt->n_no_trash++] = xstrdup(hook_no_trash[i]);
	else
		default_no_trash(nt);
	nt->sock[0] = nt->sock[1] = nt->stop[0] = nt->stop[1] = nt->listener = -1;
	/* The run's own broker socket is the command's to reach, like a
	 * socket it bound itself (notify-sock.c). */
	if (hook_have_own_socket)
		(void)notify_note_made(nt, &hook_own_socket);
	nt->tcp_denied = hook_tcp_denied;
	if (hook_own_pts)
		nj_pty_note(nt);
	nt->repository_off = hook_repository_off;
	nt->template_hooks = hook_template_hooks ? xstrdup(hook_template_hooks) : NULL;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, nt->sock) < 0 ||
	    setsockopt(nt->sock[0], SOL_SOCKET, SO_PASSCRED, &(int){ 1 }, sizeof(int)) < 0 ||
	    pipe2(nt->stop, O_CLOEXEC) < 0) {
		fsj_error_set(err, NULL, 0, 0, "create hook: cannot make a socket pair: %s",
			      strerror(errno));
		notify_free(nt);
		return NULL;
	}
	if (notify_filter_build(nt, err) < 0) {
		notify_free(nt);
		return NULL;
	}
	return nt;
}

/* ---- the supervisor thread -------------------------------------------------- */

/* The architectures, the kernel's struct sizes, and who we are. */
static void thread_setup(struct notify *nt)
{
	struct seccomp_notif_sizes sizes;
	struct stat root;

	notify_filter_arches(nt->arch, &nt->n_arch);
	/* This thread, and those it starts, perform the command's calls with
	 * their own credentials (socket calls, creating opens): the kernel's
	 * capability checks (netlink's CAP_NET_ADMIN, say) then see this
	 * thread's, so it gives up what the command gave up (caps.h; per
	 * thread: capset(2) and PR_CAPBSET_DROP change the caller only). */
	if (caps_drop_host_thread() < 0)
		warn("listener: cannot drop the capabilities that act on the host: %s",
		     strerror(errno));
	memset(&sizes, 0, sizeof(sizes));
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) == 0) {
		nt->notif_size = sizes.seccomp_notif;
		nt->resp_size = sizes.seccomp_notif_resp;
	}
	if (nt->notif_size < sizeof(struct seccomp_notif))
		nt->notif_size = sizeof(struct seccomp_notif);
	nt->page_size = sysconf(_SC_PAGESIZE);
	if (nt->page_size <= 0)
		nt->page_size = 4096;
	/* A private fs_struct: umask() here then changes this thread only. */
	nt->own_umask = unshare(CLONE_FS) == 0;
	if (nt->own_umask)
		umask(077);
	nt->uid = geteuid();
	nt->gid = getegid();
	if (stat("/", &root) == 0) {
		nt->root_dev = root.st_dev;
		nt->root_ino = root.st_ino;
		nt->have_root = true;
	}
	/* capget(2), not the status text (issue 12: a /proc file rendered
	 * and parsed per run); unknown (-1): assume the check is needed */
	nt->dac_override = caps_effective_has(CAP_DAC_OVERRIDE) != 0;
	notify_caps_setup(nt); /* att20 */
}

/* Wait until fd is readable or notify_stop() is called. Returns the
 * revents of fd, or 0 when asked to stop. */
static short wait_for(const struct notify *nt, int fd)
{
	struct pollfd p[2];

	for (;;) {
		p[0].fd = fd;
		p[0].events = POLLIN;
		p[0].revents = 0;
		p[1].fd = nt->stop[0];
		p[1].events = POLLIN;
		p[1].revents = 0;
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return POLLERR;
		}
		if (p[1].revents)
			return 0;
		if (p[0].revents)
			return p[0].revents;
	}
}

/* The child's listener, number num in process pid (notify_child_install()
 * tells both and waits meanwhile): our copy, or -1. */
static int take_listener(pid_t pid, uint32_t num)
{
	cleanup_fd int pidfd = pid > 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;

	return pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, (int)num, 0);
}

static void *notify_thread(void *arg)
{
	struct notify *nt = arg;
	struct seccomp_notif *req;
	uint32_t num;
	pid_t pid;
	short ev;
	int fd, r;

	thread_setup(nt);
	backup_cycle_prepare(nt->bc); /* while C and fsjail-init set up */
	ev = wait_for(nt, nt->sock[0]);
	if (!(ev & (POLLIN | POLLHUP)))
		return NULL;
	r = fdpass_recv_cred(nt->sock[0], &pid, &num);
	if (r <= 0)
		return NULL; /* the child ended, or runs without the hook */
	/* The child waits for this byte before it closes its listener. */
	fd = take_listener(pid, num);
	/* MSG_NOSIGNAL: a child gone meanwhile must not end the supervisor */
	if (send(nt->sock[0], "", 1, MSG_NOSIGNAL) != 1 || fd < 0) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	nt->listener = fd;
	/* The caller waits for each answer: wake this thread on the
	 * caller's CPU and switch to it at once (Linux 6.6; older kernels
	 * say EINVAL and keep the ordinary wake-up). */
	(void)ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, (uint64_t)SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
	__atomic_store_n(&nt->stats.installed, true, __ATOMIC_RELAXED);
	req = xcalloc(1, nt->notif_size);
	for (;;) {
		ev = wait_for(nt, nt->listener);
		if (!ev)
			break;
		/* POLLHUP without POLLIN: no process holds the filter any more. */
		if (!(ev & POLLIN))
			break;
		memset(req, 0, nt->notif_size); /* the kernel wants it zeroed */
		if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_RECV, req) < 0) {
			/* ENOENT: the caller went away between poll and here. */
			if (errno == EINTR || errno == ENOENT)
				continue;
			break;
		}
		NOTIFY_STAT_INC(nt, received);
		notify_handle(nt, req);
	}
	free(req);
	(void)getrusage(RUSAGE_THREAD, &nt->usage);
	/* Closing the listener answers every pending and later trapped call
	 * with ENOSYS: nothing stays blocked on a thread that is gone. */
	close(nt->listener);
	nt->listener = -1;
	return NULL;
}

int notify_start(struct notify *nt, struct fsj_error *err)
{
	sigset_t all, old;
	int rc;

	if (!nt || nt->started)
		return 0;
	close(nt->sock[1]);
	nt->sock[1] = -1;
	/* Signals stay with the launcher's loop (launch.c's self-pipe). */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&nt->thread, NULL, notify_thread, nt);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot start its thread: %s",
				     strerror(rc));
	nt->started = true;
	return 0;
}

void notify_stop(struct notify *nt)
{
	ssize_t r;

	if (!nt || !nt->started || nt->joined)
		return;
	do
		r = write(nt->stop[1], "", 1);
	while (r < 0 && errno == EINTR);
	pthread_join(nt->thread, NULL);
	nt->joined = true;
	notify_said_at_end(); /* a made config's silent EBADF, a .git file put back */
	/* For tests: which calls reached the supervisor; for bench/README:
	 * what the supervisor thread cost (context switches, CPU ms). */
	if (env_flag("FSJAIL_DEBUG_NOTIFY_STATS"))
		fprintf(stderr, "fsjail: debug: hook received %lu, continued %lu, performed %lu, "
				"refused %lu; supervisor switches %ld voluntary %ld involuntary, "
				"cpu %ld user %ld system ms\n",
			nt->stats.received, nt->stats.continued, nt->stats.performed,
			nt->stats.refused, nt->usage.ru_nvcsw, nt->usage.ru_nivcsw,
			(long)(nt->usage.ru_utime.tv_sec * 1000 + nt->usage.ru_utime.tv_usec / 1000),
			(long)(nt->usage.ru_stime.tv_sec * 1000 + nt->usage.ru_stime.tv_usec / 1000));
}

void notify_free(struct notify *nt)
{
	int i;

	if (!nt)
		return;
	notify_stop(nt);
	free(nt->made);
	free(nt->prog);
	notify_tracee_forget(nt);
	if (nt->host_dir > 0)
		close(nt->host_dir);
	notify_sock_release(nt);
	for (i = 0; i < 2; i++) {
		if (nt->sock[i] >= 0)
			close(nt->sock[i]);
		if (nt->stop[i] >= 0)
			close(nt->stop[i]);
	}
	if (nt->listener >= 0)
		close(nt->listener);
	free(nt->trash_home);
	free(nt->template_hooks);
	for (i = 0; i < (int)nt->n_no_trash; i++)
		free(nt->no_trash[i]);
	free(nt);
}

#else /* !__linux__ */

struct notify {
	int unused;
	bool required;
};

bool notify_wanted(void)
{
	return false;
}

struct notify *notify_new(const struct fsj_policy *pol, struct fsj_error *err)
{
	(void)pol;
	fsj_error_set(err, NULL, 0, 0, "the create hook needs Linux");
	return NULL;
}

int notify_child_fd(const struct notify *nt)
{
	(void)nt;
	return -1;
}

int notify_child_install(struct notify *nt, struct fsj_error *err)
{
	if (!nt)
		return 0;
	return fsj_error_set(err, NULL, 0, 0, "the create hook needs Linux");
}

int notify_start(struct notify *nt, struct fsj_error *err)
{
	if (!nt)
		return 0;
	return fsj_error_set(err, NULL, 0, 0, "the create hook needs Linux");
}

void notify_stop(struct notify *nt)
{
	(void)nt;
}

void notify_free(struct notify *nt)
{
	free(nt);
}

#endif

void notify_require(struct notify *nt)
{
	if (nt)
		nt->required = true;
}
