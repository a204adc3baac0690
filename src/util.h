/* util.h - small helpers shared by every subsystem: fatal errors, checked
 * allocation, a growable string buffer and cleanup attributes.
 *
 * Only main() and cmd_*() functions may call die*(); library code returns
 * error codes (STYLE.md point 9). */
#ifndef FSJAIL_UTIL_H
#define FSJAIL_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __APPLE__
/* macOS's libc has no memrchr(3), a GNU extension: the last byte c in the
 * n bytes at s, or NULL. (Checked by `make check-macos`.) */
static inline void *memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = (const unsigned char *)s + n;

	while (n--)
		if (*--p == (unsigned char)c)
			return (void *)(uintptr_t)p;
	return NULL;
}
#endif

/* Exit statuses, following env(1) and timeout(1) (DESIGN.md section 1). */
enum fsj_exit {
	FSJ_EXIT_OK = 0,
	FSJ_EXIT_FAILURE = 1,
	FSJ_EXIT_USAGE = 2,
	FSJ_EXIT_ERROR = 125,       /* fsjail itself failed: nothing was run */
	FSJ_EXIT_NOEXEC = 126,      /* command found but not executable */
	FSJ_EXIT_NOTFOUND = 127,    /* command not found */
};

#define FSJ_NORETURN __attribute__((noreturn))
#define FSJ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define FSJ_UNUSED __attribute__((unused))

/* Print "fsjail: MESSAGE" (and ": strerror(errno)" for die_errno) on
 * stderr and exit with FSJ_EXIT_ERROR. errno is saved before anything
 * else runs. Never return. */
FSJ_NORETURN FSJ_PRINTF(1, 2) void die(const char *fmt, ...);
FSJ_NORETURN FSJ_PRINTF(1, 2) void die_errno(const char *fmt, ...);
/* Print "fsjail: warning: MESSAGE" on stderr. */
FSJ_PRINTF(1, 2) void warn(const char *fmt, ...);

/* Checked allocation: on failure print "out of memory" and exit 125.
 * Returned memory is owned by the caller (free()). xcalloc and xreallocarray
 * check nmemb * size for overflow. */
void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xreallocarray(void *p, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into newly allocated memory; caller frees. */
FSJ_PRINTF(1, 2) char *xasprintf(const char *fmt, ...);

/* A growable NUL-terminated byte buffer. len excludes the NUL. */
struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};
#define STRBUF_INIT { NULL, 0, 0 }
void sb_add(struct strbuf *sb, const char *s, size_t n);
void sb_adds(struct strbuf *sb, const char *s);
void sb_addc(struct strbuf *sb, char c);
FSJ_PRINTF(2, 3) void sb_addf(struct strbuf *sb, const char *fmt, ...);
FSJ_PRINTF(2, 0) void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Return the buffer (never NULL; "" when empty), ownership passes to the
 * caller; sb is reset to empty. */
char *sb_detach(struct strbuf *sb);
void sb_release(struct strbuf *sb);

/* Append JSON-escaped text (without quotes) of the NUL-terminated s. */
void sb_add_json_string(struct strbuf *sb, const char *s);

/* Cleanup attributes (bubblewrap utils.h style); fsj_closep() sets -1. */
void fsj_freep(void *p);
void fsj_closep(int *fd);
#define cleanup_free __attribute__((cleanup(fsj_freep)))
#define cleanup_fd __attribute__((cleanup(fsj_closep)))
static inline void *steal_pointer(void *pp)
{
	void **p = pp;
	void *v = *p;
	*p = NULL;
	return v;
}

/* write() all n bytes, retrying on EINTR and short writes.
 * Returns 0, or -1 with errno set. */
int write_all(int fd, const void *buf, size_t n);

/* Read at most max bytes of the regular file at path (O_CLOEXEC,
 * O_NONBLOCK: a FIFO never blocks) into a new NUL-terminated buffer;
 * *len_out gets the length in bytes. Returns 0, or -errno (-EFBIG when
 * the file is larger than max, -EISDIR a folder, -EINVAL any other type
 * that is not a regular file). */
int read_file(const char *path, size_t max, char **out, size_t *len_out);

/* true when the environment variable name is set to a non-empty value
 * other than "0". */
bool env_flag(const char *name);


/* An error report for the user: file, line and column when known.
 * Library functions fill it and return a negative value; cmd_*() print it
 * with fsj_error_print(). */
struct fsj_error {
	char text[2048];
};
/* Format "FILE:LINE:COL: MESSAGE" (FILE:LINE: when col is 0, FILE: when
 * line is 0, MESSAGE alone when file is NULL) into err; always returns -1
 * so callers can write `return fsj_error_set(...)`. */
FSJ_PRINTF(5, 6) int fsj_error_set(struct fsj_error *err, const char *file,
				   unsigned long line, unsigned long col,
				   const char *fmt, ...);

/* Create directory path and its missing parents with mode (existing ones
 * are left as they are). Returns 0, or -1 with errno set (ENOTDIR when a
 * component is not a directory). */
int mkdir_p(const char *path, unsigned mode);


/* n random bytes (at most 32) as 2n lowercase hex digits, from
 * getrandom(2) on Linux or arc4random_buf(3) on macOS; for names such as
 * session ids, not secrets. Caller frees. */
char *random_hex(size_t n);

/* The value of the hexadecimal digit c (either case), or -1. */
int hex_digit(int c);


/* s with every control byte (below 0x20, and 0x7f) written as \xHH and
 * backslashes doubled, for showing untrusted text (paths, command lines)
 * on a terminal, where an escape sequence could rewrite what the user
 * reads. Caller frees. */
char *str_printable(const char *s);


/* Open the folder at the absolute path abs without following any symlink
 * on the way (openat2 RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS; else a
 * walk of O_NOFOLLOW opens, as firejail's safer_openat()). Returns a
 * descriptor (O_RDONLY|O_DIRECTORY|O_CLOEXEC; caller closes), or -1 with
 * errno set: ELOOP when a component is a symlink. */
int open_dir_nosymlinks(const char *abs);

/* Whether path lies on a local filesystem whose timestamps are exact, so
 * that an unchanged (st_ino, mtime, ctime) means unchanged contents:
 * ext2/3/4, XFS, Btrfs, tmpfs (statfs(2) f_type, linux/magic.h); not NFS,
 * FUSE or overlayfs, which cache or merge attributes. false on other
 * systems and on error. */
bool fsj_fs_exact(const char *path);

/* The folder name (one component) of the absolute folder state_dir, as an
 * O_RDONLY|O_DIRECTORY descriptor the caller closes; made with mode 0700
 * first when make is true. Neither may be a symlink; the folder must be
 * owned by the effective uid and writable by nobody else. Returns -1 with
 * errno set (EPERM when it is not ours). For fsjail's state caches
 * (scan/, policy/), whose files are hostile input. */
int fsj_state_subdir(const char *state_dir, const char *name, bool make);

/* The modification, change and access times of a struct stat *, as
 * struct timespec lvalues: macOS names them st_mtimespec, st_ctimespec
 * and st_atimespec (stat(2) on each system). The one set for the tree. */
#ifdef __APPLE__
#define FSJ_STAT_MTIM(sb) ((sb)->st_mtimespec)
#define FSJ_STAT_CTIM(sb) ((sb)->st_ctimespec)
#define FSJ_STAT_ATIM(sb) ((sb)->st_atimespec)
#else
#define FSJ_STAT_MTIM(sb) ((sb)->st_mtim)
#define FSJ_STAT_CTIM(sb) ((sb)->st_ctim)
#define FSJ_STAT_ATIM(sb) ((sb)->st_atim)
#endif

#endif
