/* notify-calls.h - the lists of system calls the create hook's seccomp
 * filter traps or refuses, by name, kept in one place so that the filter
 * libseccomp builds (notify-filter.c) and the check that runs a program
 * before it is loaded (notify-bpf-check.c) read the same lists. Linux
 * only; no state. */
#ifndef FSJAIL_NOTIFY_CALLS_H
#define FSJAIL_NOTIFY_CALLS_H

#include <stddef.h>

enum notify_list {
	NL_ALWAYS,  /* make a name: trapped in every run */
	NL_BACKUP,  /* truncate, unlink, rmdir: trapped with backups on */
	NL_TRACE,   /* openat, execve, execveat: trapped with tracing on */
	NL_SOCK,    /* can name a Unix socket: trapped in every run */
	NL_REFUSED, /* trapped, EPERM in every run (io_uring_*, open_by_handle_at, keyctl, ...) */
};

/* The i-th call name (libseccomp's spelling, static text) of list l, or
 * NULL past its end. A name may be unknown on an architecture (creat on
 * arm64): callers resolve it per architecture and skip it there. */
const char *notify_call_name(enum notify_list l, size_t i);

/* The i-th ioctl request trapped and refused whatever its descriptor
 * (terminal input injection, attribute flags, fs-verity, encryption
 * policy, btrfs subvolumes), or 0 past the end. The filter compares the
 * low 32 bits only: the kernel's ioctl(2) takes the request as unsigned
 * int (fs/ioctl.c), so a request with high bits set is the same request. */
unsigned long notify_refused_ioctl(size_t i);

/* Every ioctl whose request masked with NOTIFY_IOCTL_TYPE_MASK equals
 * NOTIFY_IOCTL_TYPE_REFUSED is refused too (bcachefs's type 0xbc). */
#define NOTIFY_IOCTL_TYPE_MASK 0xff00u
#define NOTIFY_IOCTL_TYPE_REFUSED 0xbc00u

/* The i-th sub-call of i386's socketcall(2) trapped whatever its
 * arguments (net.h SYS_BIND, SYS_CONNECT, SYS_GETSOCKNAME, SYS_SENDTO,
 * SYS_SENDMSG, SYS_SENDMMSG), or 0 past the end. */
unsigned notify_socketcall_sub(size_t i);

#endif
