/* mask.h - mount masks: the mount-namespace half of the Landlock backend
 * (DESIGN.md section 7). Landlock rules only add rights, so a deny nested
 * inside a grant is carried by a mount instead: a read-only bind of the
 * path onto itself, an empty read-only tmpfs or file over it, or a plain
 * bind ("pin") that makes an ancestor a mount point so it cannot be renamed
 * away. All of it happens in the child, between fork and exec, before
 * landlock_restrict_self(): a Landlock-restricted process cannot mount.
 * Linux only; elsewhere every function fails with ENOSYS. */
#ifndef FSJAIL_MASK_H
#define FSJAIL_MASK_H

#include <stdbool.h>

#include "mask-def.h"
#include "util.h"

/* unshare(CLONE_NEWUSER | flags) (flags: further CLONE_NEW* namespaces,
 * which the new user namespace then owns), then map the caller's uid and
 * gid to themselves with setgroups(2) denied: the one mapping an
 * unprivileged process may write (user_namespaces(7)). The caller has every
 * capability inside the new namespace and none outside it. Must be called
 * single-threaded (unshare(2)). err may be NULL. Returns 0, or -1 with
 * errno and err set (EPERM, EINVAL, ENOSPC: user namespaces unavailable). */
int mask_userns_enter(int flags, struct fsj_error *err);

/* Move the calling process into a new mount namespace it may change: as
 * root (with CAP_SYS_ADMIN) a mount namespace alone; otherwise, or when
 * that is refused, a new user namespace with the caller's uid and gid
 * mapped to themselves (setgroups denied) plus a mount namespace. Then
 * make every mount private (mount --make-rprivate /) so that nothing done
 * here propagates back to the host. Nothing when mask_ns_own is set: in
 * the namespace launch_ns_split() or lay_noexec() made private for this
 * run, where the masks go too (issue 18). err may be NULL (nothing is
 * formatted: the probe child uses that). Returns 0, or -1 with err set. */
int mask_ns_enter(struct fsj_error *err);
extern bool mask_ns_own;

/* Mount one mask or pin m in the current (private) mount namespace. The
 * target is opened without following any symlink and must still be the
 * object compiled (m->dev, m->ino, m->is_dir); the mount is made from that
 * descriptor, so a path swapped after the check cannot redirect it.
 * Returns 0, or -1 with err naming the path and errno. */
int mask_mount(const struct ll_mask *m, struct fsj_error *err);

/* After the last mount: make the masks permanent for the command. Drops
 * CAP_SYS_ADMIN (mount_setattr(2) and open_tree(2) are not Landlock-
 * mediated: a root command could otherwise clear MOUNT_ATTR_RDONLY or
 * clone the tree beneath a mask) and CAP_DAC_READ_SEARCH
 * (open_by_handle_at(2) on the unmasked parent mount) from the bounding,
 * ambient, inheritable, permitted and effective sets; then re-enters the
 * working directory by name so that it is looked up through the masks.
 * A working directory hidden by a mask is an error. Returns 0 or -1. */
int mask_seal(struct fsj_error *err);

/* Open path (absolute, compiled as free of symlinks) with O_PATH |
 * O_CLOEXEC, refusing a symlink in any component (openat2 RESOLVE_NO_SYMLINKS;
 * before Linux 5.6, O_NOFOLLOW on the last component only). Returns the
 * descriptor (caller closes), or -1 with errno set (ELOOP: a symlink). */
int mask_open_exact(const char *path);

#include "mask-probe.h" /* the probe (mask.c) and its cache */

#endif
