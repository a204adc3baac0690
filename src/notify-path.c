/* notify-path.c - reading a trapped caller and resolving its paths in its
 * own view (notify-int.h; proc(5) /proc/PID/mem, status, root, cwd, fd/N;
 * openat2(2) RESOLVE_*).
 *
 * Where a path is resolved. The command lives in its own mount namespace
 * (mask.c: read-only binds and empty tmpfs over denied paths, its own
 * /proc); without pivot_root its paths are the host's except there. The
 * supervisor starts every lookup from an object of the caller's own:
 * /proc/PID/root for an absolute path (with RESOLVE_IN_ROOT, so "/" and
 * ".." and absolute symlinks stay in the caller's root and mount
 * namespace, as its own lookup would: the caller's root is checked to be
 * the run's root first), /proc/PID/cwd or /proc/PID/fd/N for a relative
 * one. A relative walk takes no symlink (RESOLVE_NO_SYMLINKS): where its
 * folders hold one it is walked again as the absolute path the kernel
 * gives its start, from the caller's root (rewalk()), since the kernel
 * would follow an absolute symlink met on the way from the supervisor's
 * "/", the host's view, which differs from the caller's at a mask, at
 * the run's own /dev/shm and at its tool caches (toolcache.h): a
 * workspace link to ~/.npm/_cacache reached the host's cache (att11). An
 * absolute final symlink starts again at the caller's root too. No magic
 * link is followed
 * (RESOLVE_NO_MAGICLINKS), and nothing whose parent is on procfs is acted
 * on: /proc/<n> of the caller's view is never looked up as the host's.
 * The everyday magic paths are translated first, by their spelling:
 * /dev/stdin|stdout|stderr, /dev/fd/N, /proc/self/fd/N,
 * /proc/thread-self/fd/N and /proc/self/cwd[/rest], to the caller's
 * descriptor or cwd, reopened through fsjail's /proc/PID/fd/N. A final
 * symlink the call follows is read and followed here (40 at most). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/magic.h>
#include <linux/openat2.h>

#include "notify-int.h"
#include "path.h"
#include "util.h"

/* The caller's mem, opened here for a light call (notify_tracee_begin()):
 * after ID_VALID, through the /proc folder that is the caller's. */
static int mem_fd(struct tracee *tr)
{
	if (tr->memfd < 0 && tr->light && tr->procfd >= 0)
		tr->memfd = openat(tr->procfd, "mem", O_RDONLY | O_CLOEXEC);
	return tr->memfd;
}

int notify_mem_read(struct tracee *tr, uint64_t addr, void *buf, size_t len)
{
	size_t got = 0;
	int fd = mem_fd(tr);
	ssize_t n;

	if (addr > (uint64_t)INT64_MAX - len) {
		errno = EFAULT;
		return -1;
	}
	while (got < len) {
		n = pread(fd, (char *)buf + got, len - got, (off_t)(addr + got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		got += (size_t)n;
	}
	return 0;
}

/* One piece of the command's memory at ADDR into DST: pread of
 * /proc/PID/mem (CTX the tracee) or process_vm_readv (CTX the tid). */
static ssize_t mem_pread(void *ctx, void *dst, size_t len, uint64_t addr)
{
	ssize_t n;

	while ((n = pread(mem_fd(ctx), dst, len, (off_t)addr)) < 0 && errno == EINTR)
		continue;
	return n;
}

static ssize_t mem_vm_read(void *ctx, void *dst, size_t len, uint64_t addr)
{
	struct iovec here = { dst, len }, there = { (void *)(uintptr_t)addr, len };

	return process_vm_readv(*(pid_t *)ctx, &here, 1, &there, 1, 0);
}

/* A page at a time, so that a string ending just before an unmapped page
 * is still read. 0: a NUL-terminated string in buf; -1: none. */
static int read_cstring(ssize_t (*rd)(void *, void *, size_t, uint64_t), void *ctx, long page_size,
			uint64_t addr, char buf[PATH_MAX])
{
	size_t got = 0, chunk;
	ssize_t n;

	while (got < PATH_MAX) {
		chunk = (size_t)page_size - (size_t)((addr + got) % (uint64_t)page_size);
		if (chunk > PATH_MAX - got)
			chunk = PATH_MAX - got;
		if (addr + got > (uint64_t)INT64_MAX)
			return -1;
		n = rd(ctx, buf + got, chunk, addr + got);
		if (n <= 0)
			return -1;
		if (memchr(buf + got, '\0', (size_t)n))
			return 0;
		got += (size_t)n;
	}
	return -1;
}

int notify_read_path(struct tracee *tr, long page_size, uint64_t addr, char buf[PATH_MAX])
{
	return read_cstring(mem_pread, tr, page_size, addr, buf);
}

/* fsjail's /proc/self/fd, opened once (O_PATH; its threads share one
 * descriptor table): readlinkat() of one name in it instead of a walk of
 * /proc, self and fd for every call (issue 14 item 4). -1 where it cannot
 * be had: then the whole path, as before. */
static int self_fd_dir(void)
{
	static int dir = -2;
	int have = __atomic_load_n(&dir, __ATOMIC_ACQUIRE), fd, want = -2;

	if (have != -2)
		return have;
	fd = open("/proc/self/fd", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!__atomic_compare_exchange_n(&dir, &want, fd < 0 ? -1 : fd, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE) &&
	    fd >= 0)
		close(fd); /* another thread's is kept */
	return __atomic_load_n(&dir, __ATOMIC_ACQUIRE);
}

int notify_vm_read_path(pid_t tid, long page_size, uint64_t addr, char buf[PATH_MAX])
{
	return read_cstring(mem_vm_read, &tid, page_size, addr, buf);
}

char *notify_fd_path(int fd)
{
	char link[64], buf[PATH_MAX];
	int dir = self_fd_dir();
	ssize_t n;

	if (dir >= 0) {
		snprintf(link, sizeof(link), "%d", fd);
		n = readlinkat(dir, link, buf, sizeof(buf));
	} else {
		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		n = readlink(link, buf, sizeof(buf));
	}
	if (n <= 0 || (size_t)n >= sizeof(buf) || buf[0] != '/')
		return NULL;
	buf[n] = '\0';
	/* d_path of an unlinked object */
	if (n > 10 && strcmp(buf + n - 10, " (deleted)") == 0)
		return NULL;
	return xstrdup(buf);
}

int notify_reopen(int obj, int flags)
{
	char link[64];

	snprintf(link, sizeof(link), "/proc/self/fd/%d", obj);
	return open(link,
		    (flags & ~(O_CREAT | O_EXCL | O_NOFOLLOW | O_TRUNC)) | O_CLOEXEC | O_NOCTTY);
}

void notify_loc_init(struct loc *l)
{
	memset(l, 0, sizeof(*l));
	l->parent = l->obj = -1;
}

void notify_loc_release(struct loc *l)
{
	if (l->parent >= 0)
		close(l->parent);
	if (l->obj >= 0)
		close(l->obj);
	free(l->path);
	notify_loc_init(l);
}

static int openat2_fd(int dirfd, const char *path, uint64_t flags, uint64_t resolve)
{
	struct open_how how;

	memset(&how, 0, sizeof(how));
	how.flags = flags;
	how.resolve = resolve;
	return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof(how));
}

static bool on_procfs(int fd)
{
	struct statfs sf;

	return fstatfs(fd, &sf) < 0 || sf.f_type == PROC_SUPER_MAGIC;
}

/* The everyday magic paths, by spelling. Returns 0 (none), 1 (the
 * caller's descriptor *fdn, then *rest), 2 (its cwd, then *rest), or -1 (a
 * /proc/self or /proc/thread-self path that is not translated). */
static int translate(const char *raw, int *fdn, const char **rest)
{
	static const char *const std[] = { "/dev/stdin", "/dev/stdout", "/dev/stderr" };
	static const char *const fddirs[] = { "/dev/fd/", "/proc/self/fd/",
					      "/proc/thread-self/fd/" };
	const char *p;
	char *end;
	long n;
	size_t i, len;

	for (i = 0; i < 3; i++)
		if (strcmp(raw, std[i]) == 0) {
			*fdn = (int)i;
			*rest = "";
			return 1;
		}
	for (i = 0; i < 3; i++) {
		len = strlen(fddirs[i]);
		if (strncmp(raw, fddirs[i], len) != 0)
			continue;
		p = raw + len;
		if (*p < '0' || *p > '9')
			return -1;
		errno = 0;
		n = strtol(p, &end, 10);
		if (errno || n > INT_MAX || (*end && *end != '/'))
			return -1;
		*fdn = (int)n;
		while (*end == '/')
			end++;
		*rest = end;
		return 1;
	}
	if (strcmp(raw, "/proc/self/cwd") == 0 || strncmp(raw, "/proc/self/cwd/", 15) == 0) {
		p = raw + 14;
		while (*p == '/')
			p++;
		*rest = p;
		return 2;
	}
	if (strncmp(raw, "/proc/self", 10) == 0 || strncmp(raw, "/proc/thread-self", 17) == 0)
		return -1;
	return 0;
}

/* Fill l with the existing object obj (owned, passed in). */
static int take_object(struct loc *l, int obj)
{
	if (fstat(obj, &l->st) < 0) {
		close(obj);
		return EACCES;
	}
	l->obj = obj;
	l->path = notify_fd_path(obj);
	return 0;
}

static int walk(const struct tracee *tr, int base, int dirfd, const char *raw, unsigned lk,
		int depth, struct loc *l, const char **why);

/* raw (relative to the folder base, whose folders hold a symlink) walked
 * as the absolute path of base plus raw, from the caller's root: an
 * absolute symlink on the way then stays in the caller's view. The
 * kernel's path of base is the caller's spelling (no pivot_root; the
 * root is the run's). walk()'s returns; EACCES (*why) when base has no
 * path (a removed folder). */
static int rewalk(const struct tracee *tr, int base, const char *raw, unsigned lk, int depth,
		  struct loc *l, const char **why)
{
	cleanup_free char *at = notify_fd_path(base), *abs = NULL;

	if (!at) {
		*why = "unresolvable path";
		return EACCES;
	}
	if (depth >= 40)
		return ELOOP;
	abs = xasprintf("%s/%s", strcmp(at, "/") == 0 ? "" : at, raw);
	if (strlen(abs) >= PATH_MAX)
		return ENAMETOOLONG;
	return walk(tr, -1, AT_FDCWD, abs, lk, depth + 1, l, why);
}

static int walk(const struct tracee *tr, int base, int dirfd, const char *raw, unsigned lk,
		int depth, struct loc *l, const char **why)
{
	char buf[PATH_MAX], tgt[PATH_MAX], link[32];
	cleanup_fd int own = -1, parent = -1, obj = -1;
	cleanup_free char *ppath = NULL;
	const char *rest, *name;
	char *slash;
	struct stat st, ost;
	bool in_root = false, trailing = false, relative;
	size_t len;
	ssize_t n;
	int m, fdn = -1, e;

	m = translate(raw, &fdn, &rest);
	if (m < 0) {
		*why = "magic link";
		return EACCES;
	}
	if (m > 0) {
		if (m == 1)
			snprintf(link, sizeof(link), "fd/%d", fdn);
		own = openat(tr->procfd, m == 1 ? link : "cwd", O_PATH | O_CLOEXEC);
		if (own < 0)
			return errno == ENOENT ? EBADF : EACCES;
		/* A descriptor on procfs (/proc/<n>/mem, attr, ...) is not
		 * reopened by the supervisor for the caller. */
		if (on_procfs(own)) {
			*why = "procfs path";
			return EACCES;
		}
		if (!*rest) {
			l->magic = true;
			return take_object(l, steal_fd(&own));
		}
		base = own;
		raw = rest;
	} else if (raw[0] == '/') {
		base = tr->rootfd;
		in_root = !(lk & (LK_BENEATH | LK_IN_ROOT));
		if (lk & LK_BENEATH)
			return EXDEV;
		if (lk & LK_IN_ROOT)
			base = -1; /* absolute is relative to dirfd below */
	}
	if (base < 0) {
		if (dirfd == AT_FDCWD) {
			own = openat(tr->procfd, "cwd", O_PATH | O_DIRECTORY | O_CLOEXEC);
		} else {
			if (dirfd < 0)
				return EBADF;
			snprintf(link, sizeof(link), "fd/%d", dirfd);
			own = openat(tr->procfd, link, O_PATH | O_DIRECTORY | O_CLOEXEC);
		}
		if (own < 0)
			return errno == ENOENT ? EBADF : errno == ENOTDIR ? ENOTDIR : EACCES;
		base = own;
	}
	len = strlen(raw);
	if (len >= sizeof(buf))
		return ENAMETOOLONG;
	memcpy(buf, raw, len + 1);
	while (len > 1 && buf[len - 1] == '/') {
		buf[--len] = '\0';
		trailing = true;
	}
	if (strcmp(buf, "/") == 0)
		memcpy(buf, "/.", 3);
	slash = strrchr(buf, '/');
	name = slash ? slash + 1 : buf;
	if (strlen(name) > NAME_MAX)
		return ENAMETOOLONG;
	/* from the caller's cwd or a descriptor, not scoped by the call's
	 * own resolve flags: symlinks are taken only from its root (with
	 * RESOLVE_NO_XDEV, a jump to the supervisor's "/" is on another
	 * mount than the caller's, refused as it was) */
	relative = !in_root && !(lk & (LK_NO_SYMLINKS | LK_NO_XDEV | LK_BENEATH | LK_IN_ROOT));
	if (slash) {
		char keep = slash[1];

		slash[1] = '\0';
		parent = openat2_fd(base, buf, O_PATH | O_DIRECTORY | O_CLOEXEC,
				    RESOLVE_NO_MAGICLINKS | (in_root ? RESOLVE_IN_ROOT : 0) |
					    (lk & LK_NO_SYMLINKS || relative ? RESOLVE_NO_SYMLINKS : 0) |
					    (lk & LK_NO_XDEV ? RESOLVE_NO_XDEV : 0) |
					    (lk & LK_BENEATH ? RESOLVE_BENEATH : 0) |
					    (lk & LK_IN_ROOT ? RESOLVE_IN_ROOT : 0));
		slash[1] = keep;
		if (parent < 0 && errno == ELOOP && relative)
			return rewalk(tr, base, raw, lk, depth, l, why);
		if (parent < 0) {
			e = errno;
			if (e == ELOOP && !(lk & LK_NO_SYMLINKS))
				*why = "magic link (or a symlink loop)";
			else if (e == EXDEV && !(lk & (LK_NO_XDEV | LK_BENEATH | LK_IN_ROOT)))
				*why = "path left the caller's root during the lookup";
			return e == EAGAIN ? EACCES : e;
		}
	} else {
		parent = base == own ? steal_fd(&own) : fcntl(base, F_DUPFD_CLOEXEC, 0);
		if (parent < 0)
			return EMFILE;
	}
	if (on_procfs(parent)) {
		*why = "procfs path";
		return EACCES;
	}
	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		/* No parent: calls that change a name refuse it. */
		obj = openat2_fd(parent, name, O_PATH | O_DIRECTORY | O_CLOEXEC,
				 RESOLVE_NO_MAGICLINKS | (in_root ? RESOLVE_IN_ROOT : 0));
		if (obj < 0)
			return errno;
		l->trailing_slash = trailing;
		return take_object(l, steal_fd(&obj));
	}
	ppath = notify_fd_path(parent);
	if (!ppath) {
		*why = "unresolvable path";
		return EACCES;
	}
	/* The object itself (O_PATH, never followed), then its type: one
	 * lookup of the name, and what is checked is what is held. */
	obj = openat(parent, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (obj < 0) {
		if (errno != ENOENT)
			return errno;
		l->parent = steal_fd(&parent);
		memcpy(l->name, name, strlen(name) + 1);
		l->path = path_join(ppath, name);
		l->trailing_slash = trailing;
		return 0;
	}
	if (fstat(obj, &ost) < 0)
		return EACCES;
	if (S_ISLNK(ost.st_mode) && ((lk & LK_FOLLOW) || trailing)) {
		if (lk & LK_NO_SYMLINKS)
			return ELOOP;
		if (lk & (LK_BENEATH | LK_IN_ROOT)) {
			*why = "resolve flags with a final symlink";
			return EACCES;
		}
		if (depth >= 40)
			return ELOOP;
		n = readlinkat(obj, "", tgt, sizeof(tgt) - 2);
		if (n <= 0)
			return n == 0 ? ENOENT : errno;
		tgt[n] = '\0';
		if (trailing)
			strcat(tgt, "/");
		/* An absolute target starts again at the caller's root. */
		return walk(tr, tgt[0] == '/' ? -1 : parent, AT_FDCWD, tgt, lk & ~LK_NO_XDEV,
			    depth + 1, l, why);
	}
	if (trailing && !S_ISDIR(ost.st_mode))
		return ENOTDIR;
	if ((lk & LK_NO_XDEV) && fstat(parent, &st) == 0 && st.st_dev != ost.st_dev)
		return EXDEV;
	l->parent = steal_fd(&parent);
	memcpy(l->name, name, strlen(name) + 1);
	l->path = path_join(ppath, name);
	l->trailing_slash = trailing;
	l->st = ost;
	l->obj = steal_fd(&obj);
	return 0;
}

/* base < 0: from the caller's dirfd (notify_lookup()); else from our
 * folder base (notify_lookup_at()) */
static int lookup(const struct tracee *tr, int base, int dirfd, const char *raw, unsigned lk,
		  struct loc *l, const char **why)
{
	*why = NULL;
	notify_loc_init(l);
	if (!*raw)
		return ENOENT;
	return walk(tr, raw[0] == '/' ? -1 : base, dirfd, raw, lk, 0, l, why);
}

int notify_lookup(const struct tracee *tr, int dirfd, const char *raw, unsigned lk, struct loc *l,
		  const char **why)
{
	return lookup(tr, -1, dirfd, raw, lk, l, why);
}

int notify_lookup_at(const struct tracee *tr, int base, const char *raw, unsigned lk,
		     struct loc *l, const char **why)
{
	return lookup(tr, base, AT_FDCWD, raw, lk, l, why);
}

int notify_reparent(const struct loc *l, char name[NAME_MAX + 1])
{
	cleanup_free char *dir = NULL;
	const char *slash;
	struct stat st;
	int fd;

	if (!l->path || l->obj < 0 || strcmp(l->path, "/") == 0)
		return -1;
	slash = strrchr(l->path, '/');
	if (strlen(slash + 1) > NAME_MAX)
		return -1;
	dir = slash == l->path ? xstrdup("/") : xstrndup(l->path, (size_t)(slash - l->path));
	fd = openat2_fd(AT_FDCWD, dir, O_PATH | O_DIRECTORY | O_CLOEXEC,
			RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS);
	if (fd < 0)
		return -1;
	memcpy(name, slash + 1, strlen(slash + 1) + 1);
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_dev != l->st.st_dev ||
	    st.st_ino != l->st.st_ino) {
		close(fd);
		return -1;
	}
	return fd;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_path_not_this_system;
#endif /* __linux__ */
