/* util.c - fatal errors, checked allocation, string buffers. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <sys/random.h>
#include <sys/vfs.h>
#endif
#include <time.h>
#include <unistd.h>

#include "util.h"

FSJ_PRINTF(2, 0) static void vreport(const char *prefix, const char *fmt, va_list ap, int errnum)
{
	struct strbuf sb = STRBUF_INIT;

	sb_adds(&sb, "fsjail: ");
	if (prefix)
		sb_adds(&sb, prefix);
	sb_vaddf(&sb, fmt, ap);
	if (errnum)
		sb_addf(&sb, ": %s", strerror(errnum));
	sb_addc(&sb, '\n');
	(void)write_all(STDERR_FILENO, sb.buf, sb.len);
	sb_release(&sb);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, 0);
	va_end(ap);
	exit(FSJ_EXIT_ERROR);
}

void die_errno(const char *fmt, ...)
{
	int errnum = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, errnum);
	va_end(ap);
	exit(FSJ_EXIT_ERROR);
}

void warn(const char *fmt, ...)
{
	int errnum = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap, 0);
	va_end(ap);
	errno = errnum;
}

static FSJ_NORETURN void oom(void)
{
	static const char msg[] = "fsjail: out of memory\n";

	(void)write_all(STDERR_FILENO, msg, sizeof(msg) - 1);
	_exit(FSJ_EXIT_ERROR);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size && nmemb > SIZE_MAX / size)
		oom();
	p = realloc(p, (nmemb && size) ? nmemb * size : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		oom();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		oom();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	return sb_detach(&sb);
}

static void sb_grow(struct strbuf *sb, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - sb->len - 1)
		oom();
	need = sb->len + extra + 1;
	if (need <= sb->cap)
		return;
	if (sb->cap < 64)
		sb->cap = 64;
	while (sb->cap < need) {
		if (sb->cap > SIZE_MAX / 2)
			oom();
		sb->cap *= 2;
	}
	sb->buf = xreallocarray(sb->buf, sb->cap, 1);
}

void sb_add(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_adds(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_add(sb, &c, 1);
}

void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	sb_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *sb_detach(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");

	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return p;
}

void sb_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void sb_add_json_string(struct strbuf *sb, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			sb_adds(sb, "\\\"");
			break;
		case '\\':
			sb_adds(sb, "\\\\");
			break;
		case '\n':
			sb_adds(sb, "\\n");
			break;
		case '\t':
			sb_adds(sb, "\\t");
			break;
		case '\r':
			sb_adds(sb, "\\r");
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				sb_addf(sb, "\\u%04x", *p);
			else
				sb_addc(sb, (char)*p);
		}
	}
}

void fsj_freep(void *p)
{
	free(*(void **)p);
}

void fsj_closep(int *fd)
{
	int saved = errno;

	if (*fd >= 0)
		close(*fd);
	*fd = -1;
	errno = saved;
}

int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int read_file(const char *path, size_t max, char **out, size_t *len_out)
{
	/* O_NONBLOCK: a FIFO put where a file is expected must not block the
	 * open (issue 19); the type is checked before any read */
	cleanup_fd int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char chunk[8192];

	*out = NULL;
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	for (;;) {
		ssize_t r = read(fd, chunk, sizeof(chunk));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			sb_release(&sb);
			return -e;
		}
		if (r == 0)
			break;
		if (sb.len + (size_t)r > max) {
			sb_release(&sb);
			return -EFBIG;
		}
		sb_add(&sb, chunk, (size_t)r);
	}
	if (len_out)
		*len_out = sb.len;
	*out = sb_detach(&sb);
	return 0;
}

bool env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

int fsj_error_set(struct fsj_error *err, const char *file, unsigned long line,
		  unsigned long col, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (!err)
		return -1;
	if (file) {
		sb_adds(&sb, file);
		if (line) {
			sb_addf(&sb, ":%lu", line);
			if (col)
				sb_addf(&sb, ":%lu", col);
		}
		sb_adds(&sb, ": ");
	}
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	snprintf(err->text, sizeof(err->text), "%s", sb.buf ? sb.buf : "");
	sb_release(&sb);
	return -1;
}

int mkdir_p(const char *path, unsigned mode)
{
	cleanup_free char *p = NULL;
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0; /* made already: one call, not two per ancestor (issue 18) */
	p = xstrdup(path);
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char saved = *s;
		*s = '\0';
		if (mkdir(p, (mode_t)mode) < 0 && errno != EEXIST)
			return -1;
		if (stat(p, &st) < 0 || (!S_ISDIR(st.st_mode) && (errno = ENOTDIR) != 0))
			return -1;
		*s = saved;
		if (saved == '\0')
			break;
	}
	return 0;
}

int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *random_hex(size_t n)
{
	unsigned char raw[32];
	char *out;
	size_t i, got = 0;

	if (n > sizeof(raw))
		n = sizeof(raw);
#ifdef __linux__
	while (got < n) {
		ssize_t r = getrandom(raw + got, n - got, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
#else
	arc4random_buf(raw, n);
	got = n;
#endif
	if (got < n) /* no entropy source: weak, but ids are names, not secrets */
		for (i = got; i < n; i++)
			raw[i] = (unsigned char)(rand() ^ (int)time(NULL) ^ (int)getpid());
	out = xmalloc(2 * n + 1);
	for (i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", raw[i]);
	return out;
}

char *str_printable(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '\\')
			sb_adds(&sb, "\\\\");
		else if (*p < 0x20 || *p == 0x7f)
			sb_addf(&sb, "\\x%02x", *p);
		else
			sb_addc(&sb, (char)*p);
	}
	return sb_detach(&sb);
}

/* Open the folder at the absolute path abs without following any symlink
 * on the way (openat2 RESOLVE_NO_SYMLINKS; else a walk of O_NOFOLLOW opens,
 * as firejail's safer_openat()). Returns a descriptor (O_RDONLY|
 * O_DIRECTORY|O_CLOEXEC), or -1 with errno set: ELOOP when a component is a
 * symlink. */
int open_dir_nosymlinks(const char *abs)
{
	int fd, next;
	char *copy, *comp, *save = NULL;

#ifdef __linux__
	struct open_how how;

	memset(&how, 0, sizeof(how));
	how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
	how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, AT_FDCWD, abs, &how, sizeof(how));
	if (fd >= 0 || errno != ENOSYS)
		return fd;
#endif
	if (abs[0] != '/') {
		errno = EINVAL;
		return -1;
	}
	fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	copy = xstrdup(abs);
	for (comp = strtok_r(copy, "/", &save); comp; comp = strtok_r(NULL, "/", &save)) {
		next = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			int e = errno;

			close(fd);
			free(copy);
			/* O_NOFOLLOW on a symlink: ELOOP, or ENOTDIR with O_DIRECTORY */
			errno = e == ENOTDIR ? ELOOP : e;
			return -1;
		}
		close(fd);
		fd = next;
	}
	free(copy);
	return fd;
}

/* statfs(2) f_type of the filesystems whose timestamps are exact and
 * local (linux/magic.h); see util.h. */
bool fsj_fs_exact(const char *path)
{
#ifdef __linux__
	static const unsigned long ok[] = {
		0xEF53UL,     /* EXT2/3/4_SUPER_MAGIC */
		0x58465342UL, /* XFS_SUPER_MAGIC */
		0x9123683EUL, /* BTRFS_SUPER_MAGIC */
		0x01021994UL, /* TMPFS_MAGIC */
	};
	struct statfs sf;

	if (statfs(path, &sf) < 0)
		return false;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if ((unsigned long)sf.f_type == ok[i])
			return true;
	return false;
#else
	(void)path;
	return false; /* APFS folder timestamps not studied: no cache */
#endif
}

int fsj_state_subdir(const char *state_dir, const char *name, bool make)
{
	cleanup_fd int sfd = -1;
	int fd;
	struct stat st;

	if (!state_dir || state_dir[0] != '/')
		return -1;
	sfd = open(state_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sfd < 0)
		return -1;
	if (make && mkdirat(sfd, name, 0700) < 0 && errno != EEXIST)
		return -1;
	fd = openat(sfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid() || (st.st_mode & 022)) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}
