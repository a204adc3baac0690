/* mask-userns.c - mask_userns_enter() (mask.h): a user namespace that
 * maps only the caller's ids, for the mount masks and the pid namespace
 * (out of mask.c). Runs in a child after fork: system calls and no stdio
 * until an error is formatted. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "mask.h"
#include "util.h"

#ifdef __linux__
#include <sched.h>

/* err (may be NULL) says what failed with errno's text; errno is kept.
 * Returns -1. */
static int userns_fail(struct fsj_error *err, const char *what)
{
	int saved = errno;

	if (err)
		fsj_error_set(err, NULL, 0, 0, "%s: %s", what, strerror(saved));
	errno = saved;
	return -1;
}

/* Decimal text of v into buf (at least 12 bytes); returns buf. No stdio:
 * the probe runs this in a child forked from a possibly threaded process. */
static char *fmt_id(char *buf, unsigned v)
{
	char tmp[12];
	size_t n = 0, i = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		buf[i++] = tmp[--n];
	buf[i] = '\0';
	return buf;
}

static int write_proc(const char *file, const char *text)
{
	int fd = open(file, O_WRONLY | O_CLOEXEC);
	int rc, e;

	if (fd < 0)
		return -1;
	rc = write_all(fd, text, strlen(text));
	e = errno;
	if (close(fd) < 0 && rc == 0)
		return -1;
	errno = e;
	return rc;
}

/* "ID ID 1\n": the id mapped to itself, nothing else (user_namespaces(7):
 * an unprivileged process may map exactly its own id). */
static int write_map(const char *file, unsigned id)
{
	char a[12], text[40];

	fmt_id(a, id);
	strcat(strcat(strcat(strcpy(text, a), " "), a), " 1\n");
	return write_proc(file, text);
}

int mask_userns_enter(int flags, struct fsj_error *err)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();

	if (unshare(CLONE_NEWUSER | flags) < 0)
		return userns_fail(err, "cannot make a user namespace");
	/* gid_map may only be written by an unprivileged process once
	 * setgroups(2) is denied; kernels before 3.19 lack the file. */
	if (write_proc("/proc/self/setgroups", "deny") < 0 && errno != ENOENT)
		return userns_fail(err, "cannot write '/proc/self/setgroups'");
	if (write_map("/proc/self/uid_map", (unsigned)uid) < 0)
		return userns_fail(err, "cannot write '/proc/self/uid_map'");
	if (write_map("/proc/self/gid_map", (unsigned)gid) < 0)
		return userns_fail(err, "cannot write '/proc/self/gid_map'");
	return 0;
}

#else /* !__linux__ */

int mask_userns_enter(int flags, struct fsj_error *err)
{
	(void)flags;
	return mask_ns_enter(err);
}

#endif
