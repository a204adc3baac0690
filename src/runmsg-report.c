/* runmsg-report.c - opening the report of `fsjail run --report FILE`
 * (runmsg-report.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "runmsg-report.h"

/* How long --report FILE waits for a reader when FILE is a named pipe,
 * in milliseconds: long enough for a harness that starts its reader
 * just after fsjail (`fsjail run --report P ... & cat P`), short enough
 * that one that never does learns it before anything runs. */
#define REPORT_FIFO_WAIT_MS 5000

/* Open the report at path for writing as runmsg_report_open() says. A named pipe
 * with no reader is retried for REPORT_FIFO_WAIT_MS (an open(2) without
 * O_NONBLOCK would wait for ever), then fails with ENXIO. The descriptor
 * returned blocks on write (a slow reader holds up the caller that
 * writes, as it would tee(1)). Returns it, or -1 with errno set. */
static int open_report(const char *path)
{
	const struct timespec tick = { 0, 20 * 1000 * 1000 };
	struct stat st;
	int fd, fl;

	for (unsigned waited = 0;; waited += 20) {
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY |
					O_NONBLOCK, 0600);
		if (fd >= 0)
			break;
		if (errno != ENXIO)
			return -1;
		if (waited >= REPORT_FIFO_WAIT_MS || lstat(path, &st) < 0 || !S_ISFIFO(st.st_mode)) {
			errno = ENXIO;
			return -1;
		}
		(void)nanosleep(&tick, NULL);
	}
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int runmsg_report_open(const char *path, struct fsj_error *err)
{
	int fd = open_report(path);

	if (fd < 0 && errno == ENXIO)
		return fsj_error_set(err, NULL, 0, 0, "run: the report '%s' is a named pipe "
				     "that no process opened for reading within %d seconds: "
				     "start its reader first", path, REPORT_FIFO_WAIT_MS / 1000);
	if (fd < 0)
		return fsj_error_set(err, NULL, 0, 0, "run: cannot open the report '%s': %s", path,
				     strerror(errno));
	return fd;
}
