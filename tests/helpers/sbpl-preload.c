/* sbpl-preload.c - an LD_PRELOAD library that makes a command tree on
 * Linux obey a Seatbelt profile as the evaluator of tests/sbpl-eval
 * decides it, so that `fsjail run --backend seatbelt` and `fsjail probe
 * --backend seatbelt` can be exercised end to end without a Mac
 * (tests/helpers/sandbox-exec-stub.sh loads it).
 *
 * THIS IS A TEST MODEL, NOT A SANDBOX. It sees only the calls a
 * dynamically linked program makes through libc's exported symbols: open,
 * openat, creat, fopen, opendir, unlink, unlinkat, rmdir, mkdir, mkdirat,
 * truncate, execve (and their 64-bit and fortified names). A static
 * binary, a raw syscall, io_uring, glibc's internal calls (execvp's own
 * execve, realpath's lstat) and every operation not listed pass unchecked.
 * It is good for one thing: showing that the profile fsjail compiled says
 * allow and deny where the policy does, for ordinary programs (sh, rm,
 * cat, ls), by running them.
 *
 * For each call it computes the path Seatbelt would see (absolute, symlinks
 * in the directories resolved, the last component followed unless the call
 * does not follow it), maps the call to SBPL operations (a read open ->
 * file-read-data; a write open -> file-write-data, or file-write-create
 * when O_CREAT makes the file; unlink -> file-write-unlink; mkdir ->
 * file-write-create; execve -> process-exec), and fails it with EPERM when
 * the evaluator denies any of them, as Seatbelt does. Each denial is
 * appended to $FSJAIL_STUB_DIR/denials as "deny OPERATION PATH".
 *
 * Environment (set by the stub): FSJAIL_STUB_PROFILE (the profile file),
 * FSJAIL_STUB_PARAMS (a file of NUL-terminated NAME=VALUE parameters),
 * FSJAIL_STUB_DIR. A profile that does not load denies every checked call
 * (fail closed). */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbpl_eval.h"
#include "util.h"

#define EXPORT __attribute__((visibility("default")))

/* Prototypes of the interposed functions (the headers declare some of
 * them only under other names or not at all). */
EXPORT int open(const char *path, int flags, ...);
EXPORT int open64(const char *path, int flags, ...);
EXPORT int openat(int dirfd, const char *path, int flags, ...);
EXPORT int openat64(int dirfd, const char *path, int flags, ...);
EXPORT int __open_2(const char *path, int flags);
EXPORT int __open64_2(const char *path, int flags);
EXPORT int __openat_2(int dirfd, const char *path, int flags);
EXPORT int __openat64_2(int dirfd, const char *path, int flags);
EXPORT int creat(const char *path, mode_t mode);
EXPORT int creat64(const char *path, mode_t mode);
EXPORT FILE *fopen(const char *path, const char *mode);
EXPORT FILE *fopen64(const char *path, const char *mode);
EXPORT DIR *opendir(const char *path);
EXPORT int unlink(const char *path);
EXPORT int unlinkat(int dirfd, const char *path, int flags);
EXPORT int rmdir(const char *path);
EXPORT int mkdir(const char *path, mode_t mode);
EXPORT int mkdirat(int dirfd, const char *path, mode_t mode);
EXPORT int truncate(const char *path, off_t len);
EXPORT int execve(const char *path, char *const argv[], char *const envp[]);

static struct sbpl_eval *ev;
static int state; /* 0: not loaded yet, 1: loaded, -1: failed (deny all) */
static int busy;  /* inside the library: our own calls pass */

static void *next(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (!f) {
		fprintf(stderr, "sbpl-preload: no next '%s'\n", name);
		abort();
	}
	return f;
}

/* The whole file at path into a new NUL-terminated buffer (real calls
 * only: we are inside our own open). */
static char *slurp(const char *path, size_t *len)
{
	int (*real_open)(const char *, int, ...) = (int (*)(const char *, int, ...))next("open");
	struct strbuf sb = STRBUF_INIT;
	char buf[8192];
	ssize_t n;
	int fd = real_open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		sb_add(&sb, buf, (size_t)n);
	close(fd);
	if (n < 0) {
		sb_release(&sb);
		return NULL;
	}
	*len = sb.len;
	return sb_detach(&sb);
}

static void load(void)
{
	const char *file = getenv("FSJAIL_STUB_PROFILE");
	const char *pfile = getenv("FSJAIL_STUB_PARAMS");
	char *text = NULL, *params = NULL;
	char **names = NULL, **values = NULL;
	size_t n = 0, len = 0, plen = 0;
	struct fsj_error err = { { 0 } };

	state = -1;
	if (!file || !pfile || !(text = slurp(file, &len)) || !(params = slurp(pfile, &plen))) {
		fprintf(stderr, "sbpl-preload: cannot read the profile or its parameters\n");
		goto out;
	}
	for (size_t i = 0; i < plen; i += strlen(params + i) + 1) {
		const char *kv = params + i;
		const char *eq = strchr(kv, '=');

		if (!eq)
			continue;
		names = xreallocarray(names, n + 1, sizeof(*names));
		values = xreallocarray(values, n + 1, sizeof(*values));
		names[n] = xstrndup(kv, (size_t)(eq - kv));
		values[n++] = xstrdup(eq + 1);
	}
	ev = sbpl_eval_new(text, file, (const char *const *)names, (const char *const *)values, n,
			   &err);
	if (!ev)
		fprintf(stderr, "sbpl-preload: %s\n", err.text);
	else
		state = 1;
out:
	for (size_t i = 0; i < n; i++) {
		free(names[i]);
		free(values[i]);
	}
	free(names);
	free(values);
	free(text);
	free(params);
}

/* The path Seatbelt would see: absolute, the directories resolved, the
 * last component resolved too when follow and it exists. New string. */
static char *kernel_path(int dirfd, const char *path, bool follow)
{
	char buf[PATH_MAX], *abs, *slash, *dir, *res;
	const char *base;

	if (path[0] == '/') {
		abs = xstrdup(path);
	} else {
		if (dirfd == AT_FDCWD) {
			if (!getcwd(buf, sizeof(buf)))
				return xstrdup(path);
		} else {
			char link[64];
			ssize_t k;

			snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
			k = readlink(link, buf, sizeof(buf) - 1);
			if (k < 0)
				return xstrdup(path);
			buf[k] = '\0';
		}
		abs = xasprintf("%s/%s", strcmp(buf, "/") == 0 ? "" : buf, path);
	}
	/* drop trailing slashes ("dir/" names dir) */
	for (size_t l = strlen(abs); l > 1 && abs[l - 1] == '/'; l--)
		abs[l - 1] = '\0';
	if (follow && (res = realpath(abs, NULL))) {
		free(abs);
		return res;
	}
	slash = strrchr(abs, '/');
	base = slash + 1;
	dir = slash == abs ? xstrdup("/") : xstrndup(abs, (size_t)(slash - abs));
	res = realpath(dir, NULL);
	if (res) {
		char *k = xasprintf("%s/%s", strcmp(res, "/") == 0 ? "" : res, base);
		free(res);
		free(dir);
		free(abs);
		return k;
	}
	free(dir);
	return abs;
}

static void log_denial(const char *op, const char *path)
{
	const char *dir = getenv("FSJAIL_STUB_DIR");
	int (*real_open)(const char *, int, ...) = (int (*)(const char *, int, ...))next("open");
	char *file, *line;
	int fd;

	if (!dir || !*dir)
		return;
	file = xasprintf("%s/denials", dir);
	fd = real_open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	free(file);
	if (fd < 0)
		return;
	line = xasprintf("deny %s %s\n", op, path);
	(void)write_all(fd, line, strlen(line));
	free(line);
	close(fd);
}

/* May the operations ops (NULL-terminated) happen on the path? false with
 * errno EPERM when the profile denies one of them. */
static bool allowed(int dirfd, const char *path, bool follow, const char *const *ops)
{
	char *k;
	bool ok = true;
	int saved = errno;

	if (busy || !path)
		return true;
	busy = 1;
	if (state == 0)
		load();
	k = kernel_path(dirfd, path, follow);
	for (; *ops && ok; ops++) {
		if (state < 0 || !sbpl_eval_allows(ev, *ops, k)) {
			log_denial(*ops, k);
			ok = false;
		}
	}
	free(k);
	busy = 0;
	errno = ok ? saved : EPERM;
	return ok;
}

static bool exists_at(int dirfd, const char *path, bool follow)
{
	struct stat st;
	int saved = errno;
	bool e = fstatat(dirfd, path, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0;

	errno = saved;
	return e;
}

/* The operations of an open(2) with flags. */
static bool open_allowed(int dirfd, const char *path, int flags)
{
	static const char *const rd[] = { "file-read-data", NULL };
	static const char *const wr[] = { "file-write-data", NULL };
	static const char *const rw[] = { "file-read-data", "file-write-data", NULL };
	static const char *const cr[] = { "file-write-create", NULL };
	bool follow = !(flags & O_NOFOLLOW) && !((flags & O_CREAT) && (flags & O_EXCL));
	int acc = flags & O_ACCMODE;

	if (flags & O_PATH)
		return true;
	if ((flags & O_CREAT) && !exists_at(dirfd, path, follow))
		return allowed(dirfd, path, follow, cr);
	if (acc == O_RDONLY && !(flags & O_TRUNC))
		return allowed(dirfd, path, follow, rd);
	return allowed(dirfd, path, follow, acc == O_RDWR ? rw : wr);
}

#define MODE_ARG(flags, mode)                                \
	do {                                                 \
		if ((flags) & (O_CREAT | O_TMPFILE)) {       \
			va_list ap;                          \
			va_start(ap, flags);                 \
			mode = (mode_t)va_arg(ap, unsigned); \
			va_end(ap);                          \
		}                                            \
	} while (0)

int open(const char *path, int flags, ...)
{
	int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))next("open");
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	if (!open_allowed(AT_FDCWD, path, flags))
		return -1;
	return real(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))next("open64");
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	if (!open_allowed(AT_FDCWD, path, flags))
		return -1;
	return real(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	int (*real)(int, const char *, int, ...) =
		(int (*)(int, const char *, int, ...))next("openat");
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	if (!open_allowed(dirfd, path, flags))
		return -1;
	return real(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	int (*real)(int, const char *, int, ...) =
		(int (*)(int, const char *, int, ...))next("openat64");
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	if (!open_allowed(dirfd, path, flags))
		return -1;
	return real(dirfd, path, flags, mode);
}

int __open_2(const char *path, int flags)
{
	return open(path, flags);
}

int __open64_2(const char *path, int flags)
{
	return open64(path, flags);
}

int __openat_2(int dirfd, const char *path, int flags)
{
	return openat(dirfd, path, flags);
}

int __openat64_2(int dirfd, const char *path, int flags)
{
	return openat64(dirfd, path, flags);
}

int creat(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

int creat64(const char *path, mode_t mode)
{
	return open64(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

static int fopen_flags(const char *mode)
{
	int f = strchr(mode, '+') ? O_RDWR : O_RDONLY;

	if (mode[0] == 'w')
		f = (f == O_RDWR ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
	else if (mode[0] == 'a')
		f = (f == O_RDWR ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
	if (strchr(mode, 'x'))
		f |= O_EXCL;
	return f;
}

FILE *fopen(const char *path, const char *mode)
{
	FILE *(*real)(const char *, const char *) =
		(FILE * (*)(const char *, const char *)) next("fopen");

	if (!open_allowed(AT_FDCWD, path, fopen_flags(mode)))
		return NULL;
	return real(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	FILE *(*real)(const char *, const char *) =
		(FILE * (*)(const char *, const char *)) next("fopen64");

	if (!open_allowed(AT_FDCWD, path, fopen_flags(mode)))
		return NULL;
	return real(path, mode);
}

DIR *opendir(const char *path)
{
	static const char *const rd[] = { "file-read-data", NULL };
	DIR *(*real)(const char *) = (DIR * (*)(const char *)) next("opendir");

	if (!allowed(AT_FDCWD, path, true, rd))
		return NULL;
	return real(path);
}

static const char *const unlink_ops[] = { "file-write-unlink", NULL };
static const char *const create_ops[] = { "file-write-create", NULL };

int unlink(const char *path)
{
	int (*real)(const char *) = (int (*)(const char *))next("unlink");

	if (!allowed(AT_FDCWD, path, false, unlink_ops))
		return -1;
	return real(path);
}

int unlinkat(int dirfd, const char *path, int flags)
{
	int (*real)(int, const char *, int) = (int (*)(int, const char *, int))next("unlinkat");

	if (!allowed(dirfd, path, false, unlink_ops))
		return -1;
	return real(dirfd, path, flags);
}

int rmdir(const char *path)
{
	int (*real)(const char *) = (int (*)(const char *))next("rmdir");

	if (!allowed(AT_FDCWD, path, false, unlink_ops))
		return -1;
	return real(path);
}

int mkdir(const char *path, mode_t mode)
{
	int (*real)(const char *, mode_t) = (int (*)(const char *, mode_t))next("mkdir");

	if (!allowed(AT_FDCWD, path, false, create_ops))
		return -1;
	return real(path, mode);
}

int mkdirat(int dirfd, const char *path, mode_t mode)
{
	int (*real)(int, const char *, mode_t) =
		(int (*)(int, const char *, mode_t))next("mkdirat");

	if (!allowed(dirfd, path, false, create_ops))
		return -1;
	return real(dirfd, path, mode);
}

int truncate(const char *path, off_t len)
{
	static const char *const wr[] = { "file-write-data", NULL };
	int (*real)(const char *, off_t) = (int (*)(const char *, off_t))next("truncate");

	if (!allowed(AT_FDCWD, path, true, wr))
		return -1;
	return real(path, len);
}

int execve(const char *path, char *const argv[], char *const envp[])
{
	static const char *const ex[] = { "process-exec", NULL };
	int (*real)(const char *, char *const[], char *const[]) =
		(int (*)(const char *, char *const[], char *const[]))next("execve");

	if (!allowed(AT_FDCWD, path, true, ex))
		return -1;
	return real(path, argv, envp);
}
