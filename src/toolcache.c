/* toolcache.c - private tool caches for the run (toolcache.h).
 *
 * Trust boundary: toolcache_decide() runs in the supervisor and only
 * looks (openat2 RESOLVE_NO_SYMLINKS, fstat); nothing is made on the
 * host. toolcache_mount() runs in the forked child, in its own mount
 * namespace, before exec and before landlock_restrict_self(): the tmpfs
 * and the overlay live in that namespace only and end with it; the host's
 * folder is the overlay's lower layer, which overlayfs never writes.
 * Mount API: fsopen(2), fsconfig(2), fsmount(2), move_mount(2); overlay
 * options: Documentation/filesystems/overlayfs.rst (userxattr: an overlay
 * mounted in a user namespace keeps its metadata in user.* xattrs). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "escape.h"
#include "landlock.h"
#include "mask.h"
#include "path.h"
#include "toolcache.h"

/* Folders tools fill on their own. ~/.npm/_npx is one although npx runs
 * the packages it keeps there: the run's copy is its own, so what the
 * command installs there runs in the run only, never at the host's next
 * npx. Not ~/.cargo/bin or ~/go/pkg/mod: what a user installs there on
 * purpose (cargo install, go install) is meant to outlive the run, and a
 * private copy would lose it silently. cargo's lock files and last-use
 * database are files the run sees read-only (toolcache.h). */
const struct toolcache_def toolcache_defs[TOOLCACHE_N] = {
	{ .rel = ".cache/go-build", .var = "PRIVATE_GO_BUILD", .tool = "go" },
	{ .rel = ".cache/pip", .var = "PRIVATE_PIP_CACHE", .tool = "pip" },
	{ .rel = ".cargo/.global-cache", .var = "PRIVATE_CARGO_LAST_USE", .tool = "cargo",
	  .file = true },
	{ .rel = ".cargo/.package-cache", .var = "PRIVATE_CARGO_LOCK", .tool = "cargo", .file = true },
	{ .rel = ".cargo/.package-cache-mutate", .var = "PRIVATE_CARGO_LOCK_MUTATE", .tool = "cargo",
	  .file = true },
	{ .rel = ".cargo/git", .var = "PRIVATE_CARGO_GIT", .tool = "cargo" },
	{ .rel = ".cargo/registry", .var = "PRIVATE_CARGO_REGISTRY", .tool = "cargo" },
	{ .rel = ".npm/_cacache", .var = "PRIVATE_NPM_CACHE", .tool = "npm" },
	{ .rel = ".npm/_logs", .var = "PRIVATE_NPM_LOGS", .tool = "npm" },
	{ .rel = ".npm/_npx", .var = "PRIVATE_NPM_NPX", .tool = "npm", .runs = true },
};

_Static_assert(TOOLCACHE_N == FSJ_PRIVATE_CACHES, "config.h and toolcache.h disagree");

static char *eligible[TOOLCACHE_N];
static char *claimed[TOOLCACHE_N]; /* dropped by toolcache_drop() */
static char *absent[TOOLCACHE_N];  /* absent on the host, when mounts were possible */
static char *decided_home;         /* home of the last toolcache_decide() */

/* path is a directory (a regular file when file is set), reached without
 * a symlink. */
static bool kind_exact(const char *path, bool file)
{
	cleanup_fd int fd = mask_open_exact(path);
	struct stat st;

	return fd >= 0 && fstat(fd, &st) == 0 && (file ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode));
}

size_t toolcache_decide(const char *home, const char *const *keep, size_t n_keep,
			bool mount_ok, char *out[TOOLCACHE_N])
{
	size_t n = 0;

	free(decided_home);
	decided_home = home && home[0] == '/' ? xstrdup(home) : NULL;
	for (size_t i = 0; i < TOOLCACHE_N; i++) {
		char *p = NULL;
		bool ok = mount_ok && home && home[0] == '/';

		if (ok)
			p = path_join(home, toolcache_defs[i].rel);
		for (size_t k = 0; ok && k < n_keep; k++)
			if (keep[k] && (path_covers(p, keep[k]) || path_covers(keep[k], p)))
				ok = false;
		free(absent[i]);
		absent[i] = NULL;
		if (ok && !kind_exact(p, toolcache_defs[i].file)) {
			struct stat st;

			/* a file is never suggested for making (mkdir -p) */
			if (!toolcache_defs[i].file && lstat(p, &st) < 0 && errno == ENOENT)
				absent[i] = xstrdup(p);
			ok = false;
		}
		if (!ok) {
			free(p);
			p = NULL;
		}
		out[i] = p;
		free(eligible[i]);
		eligible[i] = p ? xstrdup(p) : NULL;
		free(claimed[i]);
		claimed[i] = NULL;
		n += p != NULL;
	}
	return n;
}

char *toolcache_absent_mkdir(const char *path, const char **tool)
{
	struct strbuf mk = STRBUF_INIT;

	*tool = NULL;
	if (!path || !decided_home || !path_covers(decided_home, path) ||
	    strcmp(decided_home, path) == 0)
		return NULL;
	for (size_t i = 0; i < TOOLCACHE_N; i++) {
		const char *p = absent[i] ? absent[i] : eligible[i] ? eligible[i] : claimed[i];

		if (!p || !(path_covers(path, p) || path_covers(p, path)))
			continue;
		if (!absent[i] || (*tool && strcmp(*tool, toolcache_defs[i].tool) != 0)) {
			sb_release(&mk);
			*tool = NULL;
			return NULL;
		}
		*tool = toolcache_defs[i].tool;
		sb_adds(&mk, mk.len ? " " : "mkdir -p ");
		fsj_quote_shell_sb(&mk, absent[i]);
	}
	if (mk.len == 0) {
		sb_release(&mk);
		return NULL;
	}
	return sb_detach(&mk);
}

void toolcache_drop(size_t i)
{
	if (i < TOOLCACHE_N) {
		free(claimed[i]);
		claimed[i] = eligible[i];
		eligible[i] = NULL;
	}
}

const char *toolcache_path(size_t i)
{
	return i < TOOLCACHE_N ? eligible[i] : NULL;
}

bool toolcache_covers(const char *path)
{
	for (size_t i = 0; path && i < TOOLCACHE_N; i++)
		if (eligible[i] && path_covers(eligible[i], path))
			return true;
	return false;
}

bool toolcache_user_claimed(const char *path)
{
	for (size_t i = 0; i < TOOLCACHE_N; i++)
		if (claimed[i] && strcmp(claimed[i], path) == 0)
			return true;
	return false;
}

const char *toolcache_why_refused(const char *path, bool chosen)
{
	cleanup_fd int fd = -1;
	struct stat st;

	if (chosen)
		return "the mount failed here";
	if (toolcache_user_claimed(path))
		return "a rule of yours grants changes there";
	if (!ll_masks_available())
		return "no mount namespace for the sandbox here";
	if (lstat(path, &st) < 0)
		return "absent on the host (never made there: mkdir -p it and each run gets its own copy)";
	fd = mask_open_exact(path);
	if ((fd < 0 && errno == ELOOP) || S_ISLNK(st.st_mode))
		return "a symlink in its path";
	if (fd < 0 || (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)))
		return "neither a folder nor a file";
	return "it would hide the workspace, the temporary folder or fsjail's own files";
}

const char *toolcache_how_name(enum toolcache_how how)
{
	switch (how) {
	case TOOLCACHE_OVERLAY:
		return "overlay";
	case TOOLCACHE_TMPFS:
		return "tmpfs";
	case TOOLCACHE_READONLY:
		return "read-only";
	case TOOLCACHE_NONE:
		break;
	}
	return "refused";
}

#ifdef __linux__
#include <sys/mount.h>

/* "/proc/self/fd/N" or "/proc/self/fd/N/name" into buf (64 bytes). */
static const char *fd_path(char *buf, int fd, const char *name)
{
	snprintf(buf, 64, "/proc/self/fd/%d%s%s", fd, name ? "/" : "", name ? name : "");
	return buf;
}

/* A detached tmpfs, its root owned by st's owner with st's mode; -1 with
 * errno set. */
static int cache_tmpfs(const struct stat *st)
{
	cleanup_fd int fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	char mode[16], uid[16], gid[16];

	if (fs < 0)
		return -1;
	snprintf(mode, sizeof(mode), "%o", (unsigned)(st->st_mode & 07777));
	snprintf(uid, sizeof(uid), "%u", (unsigned)st->st_uid);
	snprintf(gid, sizeof(gid), "%u", (unsigned)st->st_gid);
	if (fsconfig(fs, FSCONFIG_SET_STRING, "mode", mode, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "uid", uid, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "gid", gid, 0) < 0 ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return -1;
	return fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
}

/* A detached overlay of lower (a descriptor on the host's folder) with
 * upper/ and work/ on the tmpfs tmp; -1 with errno set. */
static int cache_overlay(int lower, int tmp, bool userxattr)
{
	cleanup_fd int fs = fsopen("overlay", FSOPEN_CLOEXEC);
	char l[64], u[64], w[64];

	if (fs < 0)
		return -1;
	if (fsconfig(fs, FSCONFIG_SET_STRING, "lowerdir", fd_path(l, lower, NULL), 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "upperdir", fd_path(u, tmp, "upper"), 0) < 0 ||
	    fsconfig(fs, FSCONFIG_SET_STRING, "workdir", fd_path(w, tmp, "work"), 0) < 0 ||
	    (userxattr && fsconfig(fs, FSCONFIG_SET_FLAG, "userxattr", NULL, 0) < 0) ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return -1;
	return fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
}

static int attach(int mnt, int target)
{
	return move_mount(mnt, "", target, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH);
}

/* The host's file behind target, read-only (nosuid, nodev) over itself:
 * a write-open fails with EROFS, a rename or unlink of it with EBUSY. */
static enum toolcache_how file_readonly(int target)
{
	struct mount_attr attr = {
		.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
	};
	cleanup_fd int src = open_tree(target, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC |
							   AT_RECURSIVE | AT_EMPTY_PATH);

	if (src < 0 || mount_setattr(src, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof(attr)) < 0 ||
	    attach(src, target) < 0)
		return TOOLCACHE_NONE;
	return TOOLCACHE_READONLY;
}

enum toolcache_how toolcache_mount(const char *path, bool overlay)
{
	cleanup_fd int target = mask_open_exact(path);
	cleanup_fd int tmp = -1, ov = -1;
	struct stat st;

	if (target < 0)
		return TOOLCACHE_NONE;
	if (fstat(target, &st) < 0)
		return TOOLCACHE_NONE;
	if (S_ISREG(st.st_mode))
		return file_readonly(target);
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return TOOLCACHE_NONE;
	}
	tmp = cache_tmpfs(&st);
	/* the tmpfs goes on first: the overlay's upper layer lies beneath
	 * the overlay itself, out of the command's reach */
	if (tmp < 0 || attach(tmp, target) < 0)
		return TOOLCACHE_NONE;
	if (!overlay)
		return TOOLCACHE_TMPFS;
	if (mkdirat(tmp, "upper", 0700) < 0 || mkdirat(tmp, "work", 0700) < 0 ||
	    fchmodat(tmp, "upper", st.st_mode & 07777, 0) < 0)
		goto tmpfs_only;
	ov = cache_overlay(target, tmp, true);
	if (ov < 0)
		ov = cache_overlay(target, tmp, false);
	if (ov >= 0 && attach(ov, tmp) == 0)
		return TOOLCACHE_OVERLAY;
tmpfs_only:
	/* the tmpfs alone, empty: no trace of the attempt left in it */
	(void)unlinkat(tmp, "upper", AT_REMOVEDIR);
	if (unlinkat(tmp, "work/work", AT_REMOVEDIR) < 0 && errno != ENOENT)
		return TOOLCACHE_NONE;
	if (unlinkat(tmp, "work", AT_REMOVEDIR) < 0 && errno != ENOENT)
		return TOOLCACHE_NONE;
	return TOOLCACHE_TMPFS;
}

enum toolcache_how toolcache_probe(const char *path, bool overlay)
{
	pid_t pid;
	int status;

	if (!path)
		return TOOLCACHE_NONE;
	pid = fork();
	if (pid < 0)
		return TOOLCACHE_NONE;
	if (pid == 0) {
		if (mask_ns_enter(NULL) < 0)
			_exit(0);
		_exit((int)toolcache_mount(path, overlay));
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return TOOLCACHE_NONE;
	if (!WIFEXITED(status))
		return TOOLCACHE_NONE;
	switch (WEXITSTATUS(status)) {
	case TOOLCACHE_OVERLAY:
		return TOOLCACHE_OVERLAY;
	case TOOLCACHE_TMPFS:
		return TOOLCACHE_TMPFS;
	case TOOLCACHE_READONLY:
		return TOOLCACHE_READONLY;
	default:
		return TOOLCACHE_NONE;
	}
}

#else /* !__linux__ */

enum toolcache_how toolcache_mount(const char *path, bool overlay)
{
	(void)path;
	(void)overlay;
	errno = ENOSYS;
	return TOOLCACHE_NONE;
}

enum toolcache_how toolcache_probe(const char *path, bool overlay)
{
	(void)path;
	(void)overlay;
	return TOOLCACHE_NONE;
}

#endif
