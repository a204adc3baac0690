/* notify-sys.h - the kernel's names the files of the interception hook
 * use, where the C library's headers predate them (notify-int.h includes
 * this header). Linux only. */
#ifndef FSJAIL_NOTIFY_SYS_H
#define FSJAIL_NOTIFY_SYS_H

#ifdef __linux__
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/seccomp.h>

/* renameat2(2) flags (linux/fs.h), for a C library that lacks them */
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#define RENAME_EXCHANGE (1 << 1)
#define RENAME_WHITEOUT (1 << 2)
#endif

/* pidfd_open(2), pidfd_getfd(2) where the headers predate them. */
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

/* seccomp_unotify(2) SECCOMP_IOCTL_NOTIF_SET_FLAGS (Linux 6.6), where the
 * headers predate it. */
#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS
#define SECCOMP_IOCTL_NOTIF_SET_FLAGS _IOW('!', 4, uint64_t)
#endif
#ifndef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
#define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP 1
#endif

#endif

#endif
