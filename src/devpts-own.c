/* devpts-own.c - the command's own terminals in the host's /dev/pts
 * (devpts-own.h), which Landlock alone grants there where the run has no
 * devpts instance of its own (landlock.c, att18). Runs in the forked
 * child before landlock_restrict_self() and in the supervisor
 * (notify-pty.c); opens nodes, changes nothing. */
#include <stdio.h>
#include <unistd.h>

#include "devpts.h"
#include "devpts-own.h"

#ifdef __linux__
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>

/* Append fd to out[*n] unless a file found already is the same (st): then
 * close it. */
static void own_add(int out[DEVPTS_OWN_MAX], struct stat seen[DEVPTS_OWN_MAX], size_t *n, int fd,
		    const struct stat *st)
{
	for (size_t i = 0; i < *n; i++)
		if (seen[i].st_dev == st->st_dev && seen[i].st_ino == st->st_ino) {
			close(fd);
			return;
		}
	if (*n >= DEVPTS_OWN_MAX) {
		close(fd);
		return;
	}
	seen[*n] = *st;
	out[(*n)++] = fd;
}

/* The node of the controlling terminal, an fd opened on /dev/pts/N
 * (O_NONBLOCK: no wait; O_NOCTTY) that answers TIOCGSID, or -1 where there
 * is none or it is not a pty of /dev/pts. */
static int ctty_node(struct stat *st)
{
	unsigned int dev = 0;
	char name[32];
	pid_t sid;
	int tty, node;

	tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (tty < 0)
		return -1;
	if (ioctl(tty, TIOCGDEV, &dev) < 0 || major(dev) != PTS_SLAVE_MAJOR) {
		close(tty);
		return -1;
	}
	close(tty);
	snprintf(name, sizeof(name), DEVPTS_PATH "/%u", minor(dev));
	node = open(name, O_RDWR | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (node < 0)
		return -1;
	/* tiocgsid(): ENOTTY for any terminal but the caller's own */
	if (ioctl(node, TIOCGSID, &sid) < 0 || fstat(node, st) < 0 || !S_ISCHR(st->st_mode) ||
	    st->st_rdev != (dev_t)dev) {
		close(node);
		return -1;
	}
	return node;
}

size_t devpts_own_ttys(int out[DEVPTS_OWN_MAX])
{
	struct stat seen[DEVPTS_OWN_MAX], st;
	size_t n = 0;
	int fd;

	for (int i = 0; i <= 2; i++) {
		struct stat node;
		char name[32];

		if (fstat(i, &st) < 0 || !S_ISCHR(st.st_mode) ||
		    major(st.st_rdev) != PTS_SLAVE_MAJOR)
			continue;
		snprintf(name, sizeof(name), DEVPTS_PATH "/%u", minor(st.st_rdev));
		fd = open(name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (fstat(fd, &node) == 0 && S_ISCHR(node.st_mode) && node.st_dev == st.st_dev &&
		    node.st_ino == st.st_ino && node.st_rdev == st.st_rdev)
			own_add(out, seen, &n, fd, &node);
		else
			close(fd);
	}
	fd = ctty_node(&st);
	if (fd >= 0)
		own_add(out, seen, &n, fd, &st);
	return n;
}

#else /* !__linux__ */

size_t devpts_own_ttys(int out[DEVPTS_OWN_MAX])
{
	(void)out;
	return 0;
}

#endif
