/* notify-bpf.h - what the create hook's seccomp program answers, found by
 * running it (a classic-BPF evaluator of the instructions seccomp accepts:
 * Documentation/networking/filter.rst, kernel/seccomp.c
 * seccomp_check_filter()), and the check that it traps every call the
 * hook must perform (notify-filter.c's list), on every architecture it
 * covers. Used on a program read back from the filter cache
 * (notify-filter-cache.c) and on every program libseccomp builds, and by
 * the unit tests (check_perf_filter). Linux only. */
#ifndef FSJAIL_NOTIFY_BPF_H
#define FSJAIL_NOTIFY_BPF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sock_filter;   /* <linux/filter.h> */
struct seccomp_data;  /* <linux/seccomp.h> */

/* The action prog (n instructions) returns for the call d (a
 * SECCOMP_RET_* value with its data), or 0 (SECCOMP_RET_KILL_THREAD) for a
 * program the kernel would refuse or that runs off its end or reads
 * outside struct seccomp_data. */
uint32_t notify_bpf_run(const struct sock_filter *prog, size_t n, const struct seccomp_data *d);

/* true when prog answers SECCOMP_RET_USER_NOTIF for every name-making
 * call on each architecture notify_filter_arches() names (with backups
 * on, wide, also for every write-capable open, truncate, unlink and
 * rmdir), for every metadata call (notify-meta.c) and every call that
 * can name a Unix socket, and the refused calls and ioctl requests
 * (notify-calls.h: the supervisor refuses them) but no other ioctl;
 * ENOSYS for setxattrat/removexattrat and the calls numbered past the
 * filter, and (trace false) lets a read-only openat and
 * the stat calls through; on x86-64 also that an x32 call is killed. On
 * failure *why names the first call that was not answered as it must be
 * (static text). Defined in notify-bpf-check.c. */
bool notify_filter_check(const struct sock_filter *prog, size_t n, bool wide, bool trace,
			 const char **why);

#endif
