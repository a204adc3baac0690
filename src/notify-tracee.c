/* notify-tracee.c - the caller of one notification: its /proc folder,
 * memory, root, status and name (notify-int.h; proc(5) /proc/PID/status,
 * mem, root, comm; seccomp_unotify(2) NOTES on SECCOMP_IOCTL_NOTIF_ID_VALID).
 *
 * What is kept from one call to the next (issue 14 item 4: every call of
 * a loop of writes or deletes paid for opening /proc/PID and its root
 * again). A small table holds, per caller thread id, the O_PATH
 * descriptor of /proc/TID and of its root when that root is the run's.
 * Why a kept /proc/TID is still the caller's: the descriptor names the
 * thread's struct pid, not the number; once that thread is reaped every
 * lookup under it fails (ENOENT, ESRCH), and the number can be reused only
 * after the reap. So when "mem" opens through the kept descriptor, the
 * thread it names held TID from before the kept descriptor was made until
 * now, and the notification (made by TID before we read it) is its own;
 * SECCOMP_IOCTL_NOTIF_ID_VALID afterwards, as for a fresh open, says it
 * is still waiting. Why a kept root is still the caller's: its identity
 * (st_dev, st_ino) is checked on every call against the caller's current
 * root (fstatat of /proc/TID/root) and the run's "/"; a process under
 * Landlock cannot mount, unmount or pivot_root (Landlock's filesystem
 * topology restriction), so the same root folder in a copy of its mount
 * namespace (unshare) resolves every path as the kept one does; a chroot
 * changes the identity and is refused, as before. The memory descriptor is
 * opened on every call: an exec gives the thread a new address space that
 * an older /proc/TID/mem would not read. A pidfd of the thread
 * (PIDFD_THREAD) is kept beside them once asked for, by the same
 * argument (it names the struct pid; PIDFD_GET_INFO of a reaped thread
 * fails with ESRCH); it says the identity as it is at each call, nothing
 * of what it said is kept (notify_read_creds(); t0248; the act: notify-caps.c). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

#include "notify-int.h"
#include "util.h"

/* PIDFD_GET_INFO's first version (linux/pidfd.h of Linux 6.13; this
 * machine's headers may be older). The kernel fills what fits the size in
 * the request number and reports the rest as absent. */
struct pidfd_info_v0 {
	uint64_t mask, cgroupid;
	uint32_t pid, tgid, ppid, ruid, euid, suid, fsuid, rgid, egid, sgid, fsgid;
	int32_t exit_code;
};
#define NOTIFY_PIDFD_GET_INFO _IOWR(0xFF, 11, struct pidfd_info_v0)
#define NOTIFY_PIDFD_INFO_CREDS (1ULL << 1)
#define NOTIFY_PIDFD_THREAD O_EXCL /* linux/pidfd.h PIDFD_THREAD, Linux 6.9 */

/* Parse "Name:<ws>value..." lines: only the four lines wanted are
 * looked at (a status text is ~60 lines; sscanf of each with four
 * patterns was a tenth of the supervisor's time per call). */
static const char *field(const char *line, const char *name, size_t len)
{
	if (strncmp(line, name, len) != 0)
		return NULL;
	line += len;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/* The fourth of the whitespace-separated numbers at p (real, effective,
 * saved, filesystem id). Returns true with *out. */
static bool fourth(const char *p, unsigned long *out)
{
	char *end;
	unsigned long v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			return false;
		errno = 0;
		v = strtoul(p, &end, 10);
		if (errno)
			return false;
		p = end;
	}
	*out = v;
	return true;
}

void notify_parse_status(const char *text, struct tracee_status *st)
{
	const char *line = text, *v;
	unsigned long n;
	char *end;

	memset(st, 0, sizeof(*st));
	while (line && *line && st->have != STATUS_HAVE_ALL) {
		if ((v = field(line, "Umask:", 6))) {
			n = strtoul(v, &end, 8);
			if (end != v) {
				st->umask = (unsigned)n & 0777;
				st->have |= STATUS_HAVE_UMASK;
			}
		} else if ((v = field(line, "Uid:", 4)) && fourth(v, &n)) {
			st->fsuid = (uid_t)n;
			st->have |= STATUS_HAVE_UID;
		} else if ((v = field(line, "Gid:", 4)) && fourth(v, &n)) {
			st->fsgid = (gid_t)n;
			st->have |= STATUS_HAVE_GID;
		} else if ((v = field(line, "CapEff:", 7))) {
			unsigned long long c = strtoull(v, &end, 16);

			if (end != v) {
				st->cap_eff = c;
				st->have |= STATUS_HAVE_CAPS;
			}
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
}

int notify_read_status(int dirfd, const char *name, struct tracee_status *st)
{
	/* A status text is a few KiB; a long Groups: line can make it more. */
	char buf[65536];
	cleanup_fd int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while (len < sizeof(buf) - 1) {
		n = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		len += (size_t)n;
		buf[len] = '\0';
		/* seq_file gives the whole text in one read when it fits:
		 * no second read for the end once every field is in. */
		notify_parse_status(buf, st);
		if (st->have == STATUS_HAVE_ALL)
			return 0;
	}
	buf[len] = '\0';
	notify_parse_status(buf, st);
	return st->have == STATUS_HAVE_ALL ? 0 : -1;
}

/* The table entry of tid, or NULL. */
static struct notify_proc *find(struct notify *nt, pid_t tid)
{
	for (size_t i = 0; i < NOTIFY_PROC_CACHE; i++)
		if (nt->procs[i].procfd > 0 && nt->procs[i].tid == tid)
			return &nt->procs[i];
	return NULL;
}

static void drop(struct notify_proc *p)
{
	if (p->procfd > 0)
		close(p->procfd);
	if (p->rootfd > 0)
		close(p->rootfd);
	if (p->pidfd > 0)
		close(p->pidfd);
	memset(p, 0, sizeof(*p));
	p->pidfd = -1;
}

/* Keep procfd and rootfd (the caller's, checked to be the run's root) for
 * tid; the table takes both. false: not kept (the caller still owns them). */
static bool keep(struct notify *nt, pid_t tid, int procfd, int rootfd)
{
	struct notify_proc *p = &nt->procs[nt->next_proc];
	struct stat sb;

	if (procfd <= 0 || rootfd <= 0 || !nt->have_root || fstat(rootfd, &sb) < 0 ||
	    sb.st_dev != nt->root_dev || sb.st_ino != nt->root_ino)
		return false;
	nt->next_proc = (nt->next_proc + 1) % NOTIFY_PROC_CACHE;
	drop(p);
	p->tid = tid;
	p->procfd = procfd;
	p->rootfd = rootfd;
	return true;
}

int notify_read_creds(struct notify *nt, struct tracee *tr, struct tracee_status *st)
{
	struct pidfd_info_v0 info;
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	memset(st, 0, sizeof(*st));
	if (nt->no_pidfd_info || tr->pid <= 0)
		return -1;
	if (tr->pidfd < 0) {
		/* by number: right as long as ID_VALID follows (above) */
		tr->pidfd = (int)syscall(SYS_pidfd_open, tr->pid, NOTIFY_PIDFD_THREAD);
		if (tr->pidfd < 0) {
			nt->no_pidfd_info = errno == ENOSYS || errno == EINVAL;
			return -1;
		}
		if (tr->kept)
			tr->kept->pidfd = tr->pidfd; /* the table owns it from now */
	}
	memset(&info, 0, sizeof(info));
	info.mask = NOTIFY_PIDFD_INFO_CREDS;
	if (ioctl(tr->pidfd, NOTIFY_PIDFD_GET_INFO, &info) < 0) {
		nt->no_pidfd_info = errno == ENOTTY || errno == EINVAL;
		return -1;
	}
	if (!(info.mask & NOTIFY_PIDFD_INFO_CREDS))
		return -1;
	hdr.pid = tr->pid;
	if (syscall(SYS_capget, &hdr, data) < 0)
		return -1;
	st->umask = 0777; /* not read: nothing is made with it */
	st->fsuid = (uid_t)info.fsuid;
	st->fsgid = (gid_t)info.fsgid;
	st->cap_eff = (uint64_t)data[0].effective | (uint64_t)data[1].effective << 32;
	st->have = STATUS_HAVE_UID | STATUS_HAVE_GID | STATUS_HAVE_CAPS;
	return 0;
}

void notify_tracee_begin(struct notify *nt, const struct seccomp_notif *req, struct tracee *tr,
			 bool light)
{
	struct notify_proc *p;
	char proc[32];

	memset(tr, 0, sizeof(*tr));
	tr->id = req->id;
	tr->pid = (pid_t)req->pid;
	tr->procfd = tr->memfd = tr->rootfd = tr->pidfd = -1;
	if (!req->pid)
		return;
	p = find(nt, tr->pid);
	if (p) {
		/* Its pidfd answers: the thread it names is alive, so it
		 * still holds the number (as a mem open would show). */
		if (light && p->pidfd > 0) {
			tr->pidfd = p->pidfd;
			tr->kept = p;
			if (notify_read_creds(nt, tr, &tr->st) == 0) {
				tr->procfd = p->procfd;
				tr->rootfd = p->rootfd;
				tr->light = true;
				return;
			}
			tr->pidfd = -1;
			tr->kept = NULL;
		}
		tr->memfd = openat(p->procfd, "mem", O_RDONLY | O_CLOEXEC);
		if (tr->memfd >= 0) {
			tr->procfd = p->procfd;
			tr->rootfd = p->rootfd;
			tr->pidfd = p->pidfd;
			tr->kept = p;
			tr->light = light && notify_read_creds(nt, tr, &tr->st) == 0;
			return;
		}
		drop(p); /* reaped (the number may be another's now): afresh */
	}
	snprintf(proc, sizeof(proc), "/proc/%" PRIu32, req->pid);
	tr->procfd = open(proc, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (tr->procfd < 0)
		return;
	tr->memfd = openat(tr->procfd, "mem", O_RDONLY | O_CLOEXEC);
	tr->rootfd = openat(tr->procfd, "root", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (tr->memfd >= 0 && keep(nt, tr->pid, tr->procfd, tr->rootfd))
		tr->kept = find(nt, tr->pid);
	else
		tr->own = true;
	tr->light = light && notify_read_creds(nt, tr, &tr->st) == 0;
}

bool notify_tracee_root_ok(const struct notify *nt, const struct tracee *tr)
{
	struct stat sb;

	if (!nt->have_root || tr->rootfd < 0)
		return false;
	/* A fresh root descriptor is the caller's root now; a kept one is
	 * checked against the root the caller has now. */
	if (tr->own ? fstat(tr->rootfd, &sb) < 0 : fstatat(tr->procfd, "root", &sb, 0) < 0)
		return false;
	return sb.st_dev == nt->root_dev && sb.st_ino == nt->root_ino;
}

const char *notify_tracee_comm(struct tracee *tr)
{
	cleanup_fd int fd = -1;
	ssize_t n;

	if (!tr->comm_read && tr->procfd >= 0) {
		tr->comm_read = true;
		fd = openat(tr->procfd, "comm", O_RDONLY | O_CLOEXEC);
		n = fd >= 0 ? read(fd, tr->comm, sizeof(tr->comm) - 1) : -1;
		/* the kernel's own '\n' ends it; a name may hold more */
		tr->comm[n > 0 ? n - (tr->comm[n - 1] == '\n') : 0] = '\0';
	}
	return tr->comm[0] ? tr->comm : NULL;
}

void notify_tracee_end(struct tracee *tr)
{
	if (tr->memfd >= 0)
		close(tr->memfd);
	if (tr->own && tr->procfd >= 0)
		close(tr->procfd);
	if (tr->own && tr->rootfd >= 0)
		close(tr->rootfd);
	if (!tr->kept && tr->pidfd >= 0)
		close(tr->pidfd);
	tr->memfd = tr->procfd = tr->rootfd = tr->pidfd = -1;
	tr->kept = NULL;
}

void notify_tracee_forget(struct notify *nt)
{
	for (size_t i = 0; i < NOTIFY_PROC_CACHE; i++)
		drop(&nt->procs[i]);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_tracee_not_this_system;
#endif /* __linux__ */
