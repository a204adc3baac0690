/* notify-pty.c - a trapped open of a pty slave where the run has no
 * devpts instance of its own (notify-pty.h; the kernel's
 * Documentation/filesystems/devpts.rst, TIOCGPTPEER in ioctl_tty(2), the
 * master's "tty-index" in proc_pid_fdinfo(5)).
 *
 * Landlock grants in the host's /dev/pts only the command's own terminals
 * (landlock-pts.c ll_pts_plan()), which refuses the command the ptys
 * it makes as well: TIOCGPTPEER opens the slave by path, and the kernel
 * checks that open. glibc's openpty(3) then opens the slave by name, with
 * O_RDWR, which the hook traps: a pty whose master the caller holds is
 * its own, and the supervisor opens its slave through that master. */
#ifdef __linux__
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "devpts-own.h"
#include "devpts.h"
#include "notify-int.h"
#include "util.h"

/* ioctl_tty(2), Linux 4.13 (asm-generic value), where the headers
 * predate it. */
#ifndef TIOCGPTPEER
#define TIOCGPTPEER _IO('T', 0x41)
#endif

/* UNIX98 pty slaves: majors 136-143 (UNIX98_PTY_SLAVE_MAJOR and on);
 * /dev/ptmx (and each instance's pts/ptmx) is (5, 2). */
#define PTS_MAJOR_FIRST 136U
#define PTS_MAJOR_LAST 143U
#define PTMX_DEV makedev(5, 2)
/* The caller's descriptors looked at for the master, at most. */
#define PTY_FDS_MAX 4096

/* st is a pty slave that is not one of the command's own terminals. */
static bool foreign_pty(const struct notify *nt, const struct stat *st)
{
	if (!nt->own_pts || !S_ISCHR(st->st_mode) || major(st->st_rdev) < PTS_MAJOR_FIRST ||
	    major(st->st_rdev) > PTS_MAJOR_LAST)
		return false;
	for (size_t i = 0; i < nt->n_own_tty; i++)
		if (nt->own_tty[i].dev == st->st_dev && nt->own_tty[i].ino == st->st_ino)
			return false;
	return true;
}

/* The tty-index that the fdinfo file name (in the folder dfd) gives, or
 * -1 where it has none (not a pty master) or cannot be read. */
static long fdinfo_tty_index(int dfd, const char *name)
{
	char buf[4096], *p, *end;
	cleanup_fd int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t n;
	long v;

	if (fd < 0 || (n = read(fd, buf, sizeof(buf) - 1)) <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, "\ntty-index:\t");
	if (!p)
		return -1;
	p += strlen("\ntty-index:\t");
	errno = 0;
	v = strtol(p, &end, 10);
	return errno || end == p || *end != '\n' || v < 0 ? -1 : v;
}

/* The caller's master of the pty index (a /dev/ptmx descriptor: the
 * supervisor's copy, CLOEXEC, the caller's to close), or -1. */
static int caller_master(struct job *j, unsigned index)
{
	int dfd = openat(j->tr->procfd, "fdinfo", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *de;
	int found = -1, seen = 0;
	DIR *d;

	if (dfd < 0)
		return -1;
	d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return -1;
	}
	while (found < 0 && seen++ < PTY_FDS_MAX && (de = readdir(d)) != NULL) {
		char *end;
		long n = strtol(de->d_name, &end, 10);
		struct stat st;
		int fd;

		if (end == de->d_name || *end || n < 0 || n > INT32_MAX ||
		    fdinfo_tty_index(dirfd(d), de->d_name) != (long)index)
			continue;
		fd = nj_caller_fd(j, (int)n);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == PTMX_DEV)
			found = fd;
		else
			close(fd);
	}
	closedir(d);
	return found;
}

void nj_pty_note_host(struct notify *nt)
{
	int dfd = open(DEVPTS_PATH, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct dirent *de;
	struct stat st;
	DIR *d;

	nt->host_pty_all = true;
	if (dfd < 0)
		return;
	if (fstat(dfd, &st) < 0 || !(d = fdopendir(dfd))) {
		close(dfd);
		return;
	}
	nt->host_pts_dev = st.st_dev;
	errno = 0;
	while ((de = readdir(d)) != NULL) {
		char *end;
		unsigned long n = strtoul(de->d_name, &end, 10);

		if (end == de->d_name || *end || de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		if (n >= NJ_HOST_PTY_MAX) {
			closedir(d);
			return;
		}
		nt->host_pty[n / 64] |= UINT64_C(1) << (n % 64);
	}
	if (errno == 0)
		nt->host_pty_all = false;
	closedir(d);
}

/* The pty slave st (a node of /dev/pts) was in the host's /dev/pts before
 * the run started, or may have been (nj_pty_note_host()). */
static bool pre_run_pty(const struct notify *nt, const struct stat *st)
{
	unsigned n = minor(st->st_rdev) | (major(st->st_rdev) - PTS_MAJOR_FIRST) << 8;

	return nt->host_pty_all || st->st_dev != nt->host_pts_dev || n >= NJ_HOST_PTY_MAX ||
	       (nt->host_pty[n / 64] >> (n % 64) & 1);
}

void nj_pty_note(struct notify *nt)
{
	int fds[DEVPTS_OWN_MAX];
	size_t n = devpts_own_ttys(fds);

	nt->own_pts = true;
	nj_pty_note_host(nt);
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		if (fstat(fds[i], &st) == 0) {
			nt->own_tty[nt->n_own_tty].dev = st.st_dev;
			nt->own_tty[nt->n_own_tty++].ino = st.st_ino;
		}
		close(fds[i]);
	}
}

bool nj_pty_open(struct job *j, const struct loc *l, uint64_t flags, bool writes)
{
	cleanup_fd int master = -1, peer = -1;
	struct stat st;
	int e;

	if (!foreign_pty(j->nt, &l->st))
		return false;
	/* a master the command holds but did not make (inherited, received)
	 * opens no terminal of the host's (att19) */
	if (!pre_run_pty(j->nt, &l->st))
		master = caller_master(j, minor(l->st.st_rdev));
	if (master >= 0)
		peer = ioctl(master, TIOCGPTPEER,
			     (int)(flags & (O_ACCMODE | O_NONBLOCK)) | O_NOCTTY | O_CLOEXEC);
	if (peer < 0 || fstat(peer, &st) < 0 || st.st_dev != l->st.st_dev ||
	    st.st_ino != l->st.st_ino) {
		nj_refuse(j, writes ? FSJ_CAP_WRITE : FSJ_CAP_READ, l->path,
			  "another terminal of the host (no devpts instance of the run's own)",
			  EACCES, NULL);
		return true;
	}
	e = nj_hand_in(j, peer, (flags & O_CLOEXEC) != 0);
	if (e && e != ENOENT)
		nj_answer(j, EACCES);
	return true;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_pty_not_this_system;
#endif /* __linux__ */
