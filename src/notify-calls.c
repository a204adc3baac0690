/* notify-calls.c - the lists of calls the create hook traps or refuses
 * (notify-calls.h; what each list means: notify-filter.c's head). */
#ifdef __linux__
#include <linux/btrfs.h>
#include <linux/fs.h>
#include <linux/fsverity.h>
#include <sys/ioctl.h>

#include "notify-calls.h"

static const char *const always_calls[] = { "creat",   "openat2",   "mkdir",     "mkdirat",
					    "mknod",   "mknodat",   "symlink",   "symlinkat",
					    "link",    "linkat",    "rename",    "renameat",
					    "renameat2", "unlink",  "unlinkat",  "rmdir",
					    NULL };
static const char *const backup_calls[] = { "truncate", "truncate64", NULL };
static const char *const trace_calls[] = { "openat", "execve", "execveat", NULL };
/* Socket calls naming a Unix socket (notify-sock.c; sendto: notify-filter.c),
 * and getsockname, which reports one (notify-sockname.c). */
static const char *const sock_calls[] = { "connect", "bind", "sendmsg", "sendmmsg",
					  "getsockname", NULL };
/* io_uring's kernel workers go around the filter; memfd_secret; an open
 * by handle has no path to check; the kernel keyring has no namespace:
 * every process of the uid reads the user keyring's keys by id (Kerberos
 * tickets, stored secrets) and adds its own (flatpak PR 299, Docker's
 * default seccomp profile). */
static const char *const refused_calls[] = { "io_uring_setup", "io_uring_enter",
					     "io_uring_register", "memfd_secret",
					     "open_by_handle_at", "keyctl", "add_key",
					     "request_key", NULL };
static const char *const *const lists[] = { always_calls, backup_calls, trace_calls, sock_calls,
					    refused_calls };

/* TIOCSTI and TIOCLINUX push input into fsjail's caller's terminal, which
 * its shell runs after fsjail exits (bubblewrap's seccomp rule).
 * FS_IOC_SETFLAGS (64- and 32-bit sizes) and FS_IOC_FSSETXATTR change a
 * file's attribute flags (chattr(1): append-only, immutable, no-dump, ...)
 * through any descriptor, a read-only one too, with no path to check;
 * fs-verity and an encryption policy (a file read-only for good, a folder
 * unusable without its key) likewise. btrfs makes, snapshots, removes and
 * freezes subvolumes by ioctl on a folder's descriptor: names no path
 * hook of Landlock and no trapped call sees (att5: a snapshot filled
 * ~/.pyenv/plugins and an absent .git/hooks). */
static const unsigned long refused_ioctls[] = {
	TIOCSTI, TIOCLINUX, FS_IOC_SETFLAGS, FS_IOC32_SETFLAGS, FS_IOC_FSSETXATTR,
	FS_IOC_ENABLE_VERITY, FS_IOC_SET_ENCRYPTION_POLICY, BTRFS_IOC_SNAP_CREATE,
	BTRFS_IOC_SNAP_CREATE_V2, BTRFS_IOC_SUBVOL_CREATE, BTRFS_IOC_SUBVOL_CREATE_V2,
	BTRFS_IOC_SNAP_DESTROY, BTRFS_IOC_SNAP_DESTROY_V2, BTRFS_IOC_SUBVOL_SETFLAGS
};

static const unsigned socketcall_subs[] = { 2, 3, 6, 11, 16, 20 };
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const char *notify_call_name(enum notify_list l, size_t i)
{
	const char *const *names;
	size_t k;

	if ((size_t)l >= COUNT(lists))
		return NULL;
	names = lists[l];
	for (k = 0; k < i && names[k]; k++)
		;
	return names[k];
}

unsigned long notify_refused_ioctl(size_t i)
{
	return i < COUNT(refused_ioctls) ? refused_ioctls[i] : 0;
}

unsigned notify_socketcall_sub(size_t i)
{
	return i < COUNT(socketcall_subs) ? socketcall_subs[i] : 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_calls_not_this_system;
#endif /* __linux__ */
