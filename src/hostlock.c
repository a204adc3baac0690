/* hostlock.c - see hostlock.h. The workspace lock is flock(2) on one
 * descriptor shared by the threads of this run (the mutex orders them;
 * flock orders runs); its file holds the last sequence number given,
 * 8 bytes in host order, read and written under the lock. */
#include "hostlock.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static int ws_fd = -1;          /* the workspace lock; set and read under host_lock */
static _Thread_local bool held; /* this thread holds host_lock (and ws_fd's lock) */

void hostlock_take(void)
{
	if (pthread_mutex_lock(&host_lock) != 0)
		abort();
	while (ws_fd >= 0 && flock(ws_fd, LOCK_EX) < 0)
		if (errno != EINTR)
			abort();
	held = true;
}

void hostlock_give(void)
{
	held = false;
	if (ws_fd >= 0 && flock(ws_fd, LOCK_UN) < 0)
		abort();
	if (pthread_mutex_unlock(&host_lock) != 0)
		abort();
}

/* FNV-1a, 64 bits (Fowler, Noll, Vo): a file name of any path. Two
 * workspaces that collide only share a lock. */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

int hostlock_open(const char *state_dir, const char *workspace)
{
	char name[32];
	struct stat sb;
	int dfd, fd, saved;

	hostlock_close();
	dfd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -1;
	if (mkdirat(dfd, "hostlock", 0700) < 0 && errno != EEXIST) {
		saved = errno;
		close(dfd);
		errno = saved;
		return -1;
	}
	fd = openat(dfd, "hostlock", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	saved = errno;
	close(dfd);
	if (fd < 0) {
		errno = saved;
		return -1;
	}
	dfd = fd;
	snprintf(name, sizeof(name), "ws-%016" PRIx64, fnv1a(workspace ? workspace : ""));
	fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	saved = errno;
	close(dfd);
	if (fd < 0) {
		errno = saved;
		return -1;
	}
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_uid != geteuid()) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	pthread_mutex_lock(&host_lock); /* ws_fd is read under it */
	ws_fd = fd;
	pthread_mutex_unlock(&host_lock);
	return 0;
}

void hostlock_close(void)
{
	pthread_mutex_lock(&host_lock);
	if (ws_fd >= 0)
		close(ws_fd);
	ws_fd = -1;
	pthread_mutex_unlock(&host_lock);
}

uint64_t hostlock_seq(void)
{
	struct timespec now;
	uint64_t last = 0, seq;

	if (!held || ws_fd < 0)
		return 0;
	if (pread(ws_fd, &last, sizeof(last), 0) != (ssize_t)sizeof(last))
		last = 0;
	clock_gettime(CLOCK_REALTIME, &now);
	seq = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
	if (seq <= last)
		seq = last + 1;
	/* lost: the next holder's clock still moves past it (hostlock.h) */
	(void)!pwrite(ws_fd, &seq, sizeof(seq), 0);
	return seq;
}
