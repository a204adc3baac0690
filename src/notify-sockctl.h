/* notify-sockctl.h - the ancillary data of a Unix message the listener
 * sends for its caller (notify-sockctl.c; unix(7), cmsg(3)): the
 * caller's descriptors, and who the receiver is told sent it. */
#ifndef FSJAIL_NOTIFY_SOCKCTL_H
#define FSJAIL_NOTIFY_SOCKCTL_H

#ifdef __linux__
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct job;

#define NOTIFY_SOCK_CTL_MAX 65536 /* control bytes (the kernel's optmem_max is about 20 KiB) */
#define NOTIFY_SOCK_FDS_MAX 253   /* SCM_MAX_FD */

/* The control bytes (len at addr in the caller j's memory) of a native
 * msghdr into *ctl (owned by the caller, freed even on error) and
 * *ctl_len: on a Unix socket only SCM_RIGHTS, with the caller's
 * descriptors replaced by our copies, each also put in fds (at *n_fds,
 * NOTIFY_SOCK_FDS_MAX at most; ours, the caller closes them). Returns 0,
 * an errno to answer, or -1 when refused (answered and recorded). */
int notify_sockctl_read(struct job *j, uint64_t addr, uint64_t len, bool unix_sock,
			unsigned char **ctl, size_t *ctl_len, int *fds, size_t *n_fds);

/* Append to *ctl (*ctl_len bytes; reallocated, owned by the caller) an
 * SCM_CREDENTIALS naming j's caller: its process id, effective uid and
 * gid, which the receiver then sees (in its own pid namespace) instead of
 * fsjail's. The kernel lets a sender name another process only with
 * CAP_SYS_ADMIN over its pid namespace (scm_check_creds(), net/core/
 * scm.c): root without it, or any other user, can name only itself.
 * Returns 0, or -1 with *why (static text) when the caller cannot be
 * named: nothing appended. */
int notify_sockctl_name_caller(struct job *j, unsigned char **ctl, size_t *ctl_len,
			       const char **why);
#endif

#endif
