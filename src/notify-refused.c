/* notify-refused.c - the calls the create hook refuses in every run, said
 * (notify-int.h notify_op_refused(); the lists: notify-calls.h NL_REFUSED
 * and notify_refused_ioctl(); why each is refused: notify-calls.c).
 *
 * The filter traps them (SECCOMP_RET_USER_NOTIF) rather than answering
 * EPERM itself, so that each reaches the supervisor and is recorded as a
 * refusal (issue 12 item 4: every refusal is said); the supervisor answers
 * EPERM whoever the caller is and whatever it can read about it, never
 * CONTINUE. Were the supervisor gone, the kernel answers a trapped call
 * ENOSYS: still refused. What is read here (the caller's executable, the
 * path of the descriptor an ioctl names, from /proc/PID) is only said,
 * never acted on; it may be stale or made up by the caller. */
#ifdef __linux__
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/btrfs.h>
#include <linux/fs.h>
#include <linux/fsverity.h>
#include <sys/ioctl.h>

#include "notify-calls.h"
#include "notify-int.h"

const char *notify_tracee_exe(const struct tracee *tr, char *buf)
{
	ssize_t n = tr->procfd >= 0 ? readlinkat(tr->procfd, "exe", buf, PATH_MAX - 1) : -1;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

/* What an ioctl request rq does, and the nearest capability (*cap). */
static const char *ioctl_what(unsigned rq, enum fsj_cap *cap)
{
	*cap = FSJ_CAP_WRITE;
	switch (rq) {
	case TIOCSTI:
		return "TIOCSTI: input pushed into a terminal, which its shell would run";
	case TIOCLINUX:
		return "TIOCLINUX: a console's selection pasted as input";
	case FS_IOC_SETFLAGS: case FS_IOC32_SETFLAGS: case FS_IOC_FSSETXATTR:
		return "chattr: a file's attribute flags (append-only, immutable, ...)";
	case FS_IOC_ENABLE_VERITY:
		return "fs-verity: a file made read-only for good";
	case FS_IOC_SET_ENCRYPTION_POLICY:
		return "an encryption policy: a folder unusable without its key";
	case BTRFS_IOC_SNAP_DESTROY: case BTRFS_IOC_SNAP_DESTROY_V2:
		*cap = FSJ_CAP_DELETE;
		return "a btrfs subvolume removed by ioctl, which no path hook sees";
	case BTRFS_IOC_SUBVOL_SETFLAGS:
		return "a btrfs subvolume's flags";
	}
	*cap = FSJ_CAP_CREATE; /* btrfs's creates and snapshots, bcachefs's type */
	return (rq & NOTIFY_IOCTL_TYPE_MASK) == NOTIFY_IOCTL_TYPE_REFUSED ||
		       (rq >> 8 & 0xffu) == BTRFS_IOCTL_MAGIC ?
		       "a subvolume made by ioctl, which no path hook sees" :
		       "an ioctl request refused in every run";
}

void notify_op_refused(struct job *j)
{
	const struct notify_call *c = j->c;
	char link[32], path[PATH_MAX], why[256];
	const char *what = "its kernel workers go around the hook";
	enum fsj_cap cap = FSJ_CAP_WRITE;
	bool io = strcmp(c->name, "ioctl") == 0, byh = strcmp(c->name, "open_by_handle_at") == 0;
	ssize_t n = -1;

	if (io)
		what = ioctl_what((unsigned)c->args[1], &cap);
	else if (byh)
		what = "opens by a handle, with no path to check", cap = FSJ_CAP_READ;
	else if (strcmp(c->name, "memfd_secret") == 0)
		what = "memory no one else can read";
	else if (strcmp(c->name, "keyctl") == 0 || strcmp(c->name, "request_key") == 0)
		what = "the kernel keyring, shared with the host: keys are read by id",
		cap = FSJ_CAP_READ;
	else if (strcmp(c->name, "add_key") == 0)
		what = "the kernel keyring, shared with the host: a key added outlives the run";
	/* the descriptor's path, to say which file or terminal: never opened */
	if ((io || byh) && j->tr->procfd >= 0) {
		snprintf(link, sizeof(link), "fd/%d", (int)(uint32_t)c->args[0]);
		n = readlinkat(j->tr->procfd, link, path, sizeof(path) - 1);
	}
	path[n > 0 ? n : 0] = '\0';
	if (io)
		snprintf(why, sizeof(why), "ioctl %#x refused in every run (%s)",
			 (unsigned)c->args[1], what);
	else
		snprintf(why, sizeof(why), "%s refused in every run (%s)", c->name, what);
	nj_refuse(j, cap, path[0] == '/' ? path : NULL, why, EPERM, NULL);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_refused_not_this_system;
#endif /* __linux__ */
