/* toolcache-mount.h - the run's own copy of a tool cache (toolcache.h),
 * mounted in the child (toolcache-mount.c). Linux only; elsewhere
 * toolcache_mount() fails with ENOSYS. */
#ifndef FSJAIL_TOOLCACHE_MOUNT_H
#define FSJAIL_TOOLCACHE_MOUNT_H

#include <stdbool.h>

/* How a private cache is (or would be) made. */
enum toolcache_how {
	TOOLCACHE_NONE = 0, /* not made: refused as without this feature */
	TOOLCACHE_OVERLAY,  /* overlay: the host's folder below, a tmpfs above */
	TOOLCACHE_TMPFS,    /* an empty tmpfs: overlay refused here */
	TOOLCACHE_READONLY, /* a file: a read-only bind of the host's file */
};

/* In the child, in its private mount namespace (mask_ns_enter()), before
 * landlock_restrict_self(): lay the private cache over path (absolute,
 * compiled as free of symlinks). The target is opened with
 * RESOLVE_NO_SYMLINKS (mask_open_exact()) and must be a directory (a
 * regular file for a toolcache_def.file entry: a read-only bind of it
 * onto itself, TOOLCACHE_READONLY, overlay ignored); a fresh
 * tmpfs (nosuid, nodev, mode and owner of the folder) is mounted on that
 * descriptor, then, when overlay is true, an overlay (lower: the host's
 * folder through the same descriptor; upper and work: on that tmpfs,
 * hidden beneath it) on top. When the overlay is not wanted or refused
 * the tmpfs alone stays. Returns the
 * enum toolcache_how made; TOOLCACHE_NONE with errno set when nothing was
 * mounted (ENOENT or ENOTDIR: the folder is gone; ELOOP: a symlink).
 * Async-signal-safe apart from nothing: no allocation, no stdio. */
enum toolcache_how toolcache_mount(const char *path, bool overlay);

/* What toolcache_mount(path, overlay) would make, tried in a forked
 * child in a fresh mount namespace (for status). TOOLCACHE_NONE when not
 * even the namespace or the tmpfs can be made. */
enum toolcache_how toolcache_probe(const char *path, bool overlay);

#endif
