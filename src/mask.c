/* mask.c - mount masks for the Landlock backend (DESIGN.md section 7).
 *
 * Trust boundary: everything here runs in the forked child, before exec and
 * before landlock_restrict_self(), with whatever privilege the child has
 * (root, or full capabilities inside a user namespace it just made). Every
 * mount is made with the new mount API from a descriptor that was opened
 * without following symlinks and checked against the compiled identity, so
 * a path swapped between compile and apply cannot redirect a mount. The
 * mounts live in a private mount namespace: nothing propagates to the host.
 * Mount API semantics: open_tree(2), move_mount(2), mount_setattr(2),
 * fsopen(2) (Linux 5.2 / 5.12); user namespaces: user_namespaces(7). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "caps.h"
#include "mask.h"
#include "mask-int.h"
#include "util.h"

#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <linux/capability.h>
#ifdef SYS_openat2
#include <linux/openat2.h>
#endif

/* Format into err only when the caller wants a message (the probe child
 * passes NULL and formats nothing after fork). errno is kept. */
#define MASK_FAIL(err, ...)                                            \
	({                                                             \
		int saved_ = errno;                                    \
		if (err)                                               \
			fsj_error_set((err), NULL, 0, 0, __VA_ARGS__); \
		errno = saved_;                                        \
		-1;                                                    \
	})

int mask_open_exact(const char *path)
{
#ifdef SYS_openat2
	struct open_how how = {
		.flags = O_PATH | O_CLOEXEC | O_NOFOLLOW,
		.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
	};
	long fd = syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));

	if (fd >= 0 || errno != ENOSYS)
		return (int)fd;
#endif
	return open(path, O_PATH | O_CLOEXEC | O_NOFOLLOW);
}

bool mask_ns_own; /* mask.h */

int mask_ns_enter(struct fsj_error *err)
{
	bool done = mask_ns_own;

	if (!done && geteuid() == 0) {
		if (unshare(CLONE_NEWNS) == 0)
			done = true;
		else if (errno != EPERM)
			return MASK_FAIL(err, "cannot make a mount namespace for mount masks: %s",
					 strerror(errno));
	}
	if (!done && mask_userns_enter(CLONE_NEWNS, err) < 0) {
		if (err)
			fsj_error_set(err, NULL, 0, 0,
				      "mount masks: %s\n"
				      "hint: FSJAIL_NO_MOUNT_MASKS=1 uses expansion instead",
				      err->text);
		return -1;
	}
	/* mount --make-rprivate /: our masks must not propagate to the host's
	 * shared mounts, and the host's later mounts need not reach us. */
	if (!mask_ns_own && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return MASK_FAIL(err, "cannot make the mounts of the sandbox private: %s",
				 strerror(errno));
	return 0;
}

/* Open m->path without symlinks and check it is still what was compiled. */
static int open_target(const struct ll_mask *m, struct fsj_error *err)
{
	struct stat st;
	int fd = mask_open_exact(m->path);

	if (fd < 0)
		return MASK_FAIL(err, "cannot open '%s' for a mount mask: %s", m->path,
				 strerror(errno));
	if (fstat(fd, &st) < 0) {
		MASK_FAIL(err, "cannot stat '%s': %s", m->path, strerror(errno));
		close(fd); /* errno stays fstat's: close of an open fd succeeds */
		return -1;
	}
	if ((uint64_t)st.st_dev != m->dev || (uint64_t)st.st_ino != m->ino ||
	    (S_ISDIR(st.st_mode) != 0) != m->is_dir) {
		close(fd);
		errno = ESTALE;
		return MASK_FAIL(err, "'%s' changed after the landlock plan was compiled", m->path);
	}
	return fd;
}

/* Every mask mount: nothing on it can be a device, setuid or executable. */
#define MASK_ATTRS (MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC)

static int set_attr(int mnt, unsigned flags, uint64_t set)
{
	struct mount_attr attr = { .attr_set = set };

	return mount_setattr(mnt, "", AT_EMPTY_PATH | flags, &attr, sizeof(attr));
}

static int attach(int mnt, int target)
{
	return move_mount(mnt, "", target, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH);
}

int mask_tmpfs_make(bool writable)
{
	cleanup_fd int fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	unsigned attrs = MASK_ATTRS;

	if (fs < 0)
		return -1;
	/* Tiny on purpose: the mask only has to exist. */
	if (fsconfig(fs, FSCONFIG_SET_STRING, "mode", "0555", 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "size", "16k", 0) < 0 ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return -1;
	if (!writable)
		attrs |= MOUNT_ATTR_RDONLY;
	return fsmount(fs, FSMOUNT_CLOEXEC, attrs);
}

/* Clone the file "empty" of the detached tmpfs tmp on kernels before 6.15,
 * which refuse to clone out of a detached mount (EINVAL): attach the tmpfs
 * for a moment over the target's parent directory, in our private
 * namespace, clone the file, and detach the tmpfs again. */
static int clone_via_parent(const struct ll_mask *m, int tmp)
{
	cleanup_free char *dir = xstrdup(m->path);
	cleanup_fd int parent = -1;
	char *slash = strrchr(dir, '/');
	int file, e;

	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	parent = mask_open_exact(dir);
	if (parent < 0 || attach(tmp, parent) < 0)
		return -1;
	file = open_tree(tmp, "empty", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_SYMLINK_NOFOLLOW);
	e = errno;
	if (umount2(dir, MNT_DETACH) < 0) {
		e = errno;
		if (file >= 0)
			close(file);
		file = -1;
	}
	errno = e;
	return file;
}

/* The tmpfs hidden files' empty file is cloned from, one per run: a detached
 * mount's close waits for RCU (issue 18). mask_seal() closes it. */
static int empty_tmp = -1;

/* An empty read-only 0444 file as a detached mount, for a hidden file.
 * Cloning a file out of a detached tmpfs works since Linux 6.15. */
static int make_empty_file(const struct ll_mask *m)
{
	int fd, file, e;

	if (empty_tmp < 0) {
		if ((empty_tmp = mask_tmpfs_make(true)) < 0)
			return -1;
		fd = openat(empty_tmp, "empty", O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW,
			    0444);
		if (fd < 0)
			return -1;
		close(fd);
	}
	file = open_tree(empty_tmp, "empty",
			 OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_SYMLINK_NOFOLLOW);
	if (file < 0 && errno == EINVAL) { /* attached for a moment: not for another */
		file = clone_via_parent(m, empty_tmp);
		e = errno;
		close(empty_tmp);
		empty_tmp = -1;
		errno = e;
	}
	if (file >= 0 && set_attr(file, 0, MASK_ATTRS | MOUNT_ATTR_RDONLY) < 0) {
		e = errno;
		close(file);
		return errno = e, -1;
	}
	return file;
}

/* The first hidden folder's read-only tmpfs, kept once attached: every
 * other hidden folder gets a clone of that mount (the same empty,
 * read-only superblock: nothing can be written to it), not a tmpfs of
 * its own to make here and to tear down at the namespace's end. Cloned
 * once attached, so that it works before Linux 6.15 too. mask_seal()
 * closes it. */
static int empty_dir = -1;

static int empty_dir_source(void)
{
	if (empty_dir < 0)
		return mask_tmpfs_make(false);
	return open_tree(empty_dir, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
}

/* The detached mount to lay over the target, or -1 with *what naming the
 * step that failed. */
static int mask_source(const struct ll_mask *m, int target, const char **what)
{
	int src;

	switch (m->kind) {
	case LL_MASK_PIN:
	case LL_MASK_READONLY:
		/* A recursive clone: a plain one is refused (EINVAL) when
		 * locked mounts lie beneath, and would uncover them. */
		*what = "clone";
		src = open_tree(target, "",
				OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE | AT_EMPTY_PATH);
		if (src < 0 || m->kind == LL_MASK_PIN)
			return src;
		*what = "make read-only";
		if (set_attr(src, AT_RECURSIVE, MOUNT_ATTR_RDONLY) < 0) {
			int e = errno;
			close(src);
			return errno = e, -1;
		}
		return src;
	case LL_MASK_HIDE:
		*what = "make the empty mount for";
		return m->is_dir ? empty_dir_source() : make_empty_file(m);
	}
	errno = EINVAL;
	return -1;
}

int mask_mount(const struct ll_mask *m, struct fsj_error *err)
{
	cleanup_fd int target = open_target(m, err);
	cleanup_fd int src = -1;
	const char *what = "mount";

	if (target < 0)
		return -1;
	src = mask_source(m, target, &what);
	if (src < 0)
		return MASK_FAIL(err, "mount mask: cannot %s '%s': %s", what, m->path,
				 strerror(errno));
	if (attach(src, target) < 0)
		return MASK_FAIL(err, "mount mask: cannot mount over '%s': %s", m->path,
				 strerror(errno));
	if (m->kind == LL_MASK_HIDE && m->is_dir && empty_dir < 0)
		empty_dir = src, src = -1;
	return 0;
}

int mask_seal(struct fsj_error *err)
{
	static const int caps[] = { CAP_SYS_ADMIN, CAP_DAC_READ_SEARCH };
	char cwd[PATH_MAX];

	if (empty_tmp >= 0 && close(empty_tmp) == 0)
		empty_tmp = -1;
	if (empty_dir >= 0 && close(empty_dir) == 0)
		empty_dir = -1;
	if (caps_drop(caps, sizeof(caps) / sizeof(caps[0])) < 0)
		return MASK_FAIL(err, "cannot drop CAP_SYS_ADMIN after the mount masks: %s",
				 strerror(errno));
	/* The working directory still names the object under any mask laid
	 * over it; look it up again through the masks. A deleted one
	 * (ENOENT) cannot gain entries, so it is left as it is. */
	if (!getcwd(cwd, sizeof(cwd))) {
		if (errno == ENOENT)
			return 0;
		return MASK_FAIL(err, "cannot read the working directory: %s", strerror(errno));
	}
	if (chdir(cwd) < 0)
		return MASK_FAIL(err, "working directory '%s' is hidden by a mount mask: %s", cwd,
				 strerror(errno));
	return 0;
}

#else /* !__linux__ */

int mask_open_exact(const char *path)
{
	return open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
}

int mask_ns_enter(struct fsj_error *err)
{
	errno = ENOSYS;
	if (err)
		fsj_error_set(err, NULL, 0, 0, "mount masks need Linux");
	return -1;
}

int mask_mount(const struct ll_mask *m, struct fsj_error *err)
{
	(void)m;
	return mask_ns_enter(err);
}

int mask_seal(struct fsj_error *err)
{
	return mask_ns_enter(err);
}
#endif
