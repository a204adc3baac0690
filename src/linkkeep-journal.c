/* linkkeep-journal.c - the run's links on disk (linkkeep-journal.h).
 * Trust boundary: the supervisor only. The journals sit in fsjail's state
 * folder, which the command can neither see nor write; still, every
 * record is read as hostile: a path is opened O_PATH | O_NOFOLLOW and
 * judged only when it is a symbolic link with the recorded identity. */
#include "linkkeep-journal.h"

#ifdef __linux__
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* A dead run's journal read whole, at most this many bytes (~50,000
 * links); the rest is left unjudged. */
#define JOURNAL_MAX (16u << 20)

static char *jdir; /* owned: state_dir/links, or NULL */
static char *jws;  /* owned: the run's workspace */
static int jfd = -1;
static char jname[40];

void linkkeep_journal_dir(const char *state_dir, const char *workspace)
{
	free(jdir);
	free(jws);
	jdir = state_dir && workspace ? xasprintf("%s/links", state_dir) : NULL;
	jws = jdir ? xstrdup(workspace) : NULL;
}

/* The journal of this run, made and locked on the first call: 0 or -1. */
static int journal_open(void)
{
	uint32_t r = 0;

	if (jfd >= 0)
		return 0;
	if (!jdir || (mkdir(jdir, 0700) < 0 && errno != EEXIST))
		return -1;
	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
		r = (uint32_t)getpid() * 2654435761u;
	snprintf(jname, sizeof(jname), "%ld-%08" PRIx32 ".links", (long)getpid(), r);
	cleanup_fd int dir = open(jdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dir < 0)
		return -1;
	jfd = openat(dir, jname, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_NOFOLLOW | O_CLOEXEC,
		     0600);
	/* the first record names the workspace: only a run there judges */
	if (jfd >= 0 && (flock(jfd, LOCK_EX) < 0 ||
			 write(jfd, jws, strlen(jws) + 1) != (ssize_t)strlen(jws) + 1)) {
		(void)unlinkat(dir, jname, 0);
		close(jfd);
		jfd = -1;
	}
	return jfd >= 0 ? 0 : -1;
}

void linkkeep_journal_add(int fd)
{
	char self[64], path[4096];
	cleanup_free char *rec = NULL;
	struct stat st;
	ssize_t n;
	int len;

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	n = readlink(self, path, sizeof(path) - 1);
	if (n <= 0 || path[0] != '/' || fstat(fd, &st) < 0 || journal_open() < 0)
		return;
	path[n] = '\0';
	/* "DEV INO PATH" and a NUL: a path may hold a newline, never a NUL */
	rec = xasprintf("%" PRIu64 " %" PRIu64 " %s", (uint64_t)st.st_dev, (uint64_t)st.st_ino,
			path);
	len = (int)strlen(rec) + 1;
	(void)!write(jfd, rec, (size_t)len);
}

/* Each record of buf[0..len) whose link is still there: each(fd, arg). */
static size_t replay(char *buf, size_t len, void (*each)(int fd, void *arg), void *arg)
{
	size_t done = 0;

	for (char *p = buf; p < buf + len; p += strlen(p) + 1) {
		uint64_t dev, ino;
		int off = 0, fd;
		struct stat st;

		if (sscanf(p, "%" SCNu64 " %" SCNu64 " %n", &dev, &ino, &off) != 2 || off == 0 ||
		    p[off] != '/')
			continue;
		fd = open(p + off, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISLNK(st.st_mode) && (uint64_t)st.st_dev == dev &&
		    (uint64_t)st.st_ino == ino) {
			each(fd, arg);
			done++;
		}
		close(fd);
	}
	return done;
}

/* The journal name in folder dir if nobody holds it: replayed, removed. */
static size_t take_dead(int dir, const char *name, void (*each)(int fd, void *arg), void *arg)
{
	cleanup_fd int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	cleanup_free char *buf = NULL;
	size_t len = 0, done;
	struct stat st;
	ssize_t n;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    flock(fd, LOCK_EX | LOCK_NB) < 0)
		return 0; /* a live run's (or not ours) */
	buf = xmalloc(JOURNAL_MAX + 1);
	while (len < JOURNAL_MAX && (n = read(fd, buf + len, JOURNAL_MAX - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	/* another workspace's run is judged by a run there, by its policy */
	if (strcmp(buf, jws) != 0)
		return 0;
	done = replay(buf + strlen(buf) + 1, len - strlen(buf) - 1, each, arg);
	(void)unlinkat(dir, name, 0);
	return done;
}

size_t linkkeep_journal_end(void (*each)(int fd, void *arg), void *arg)
{
	size_t done = 0;
	struct dirent *e;
	DIR *d;
	int dir;

	if (!jdir)
		return 0;
	dir = open(jdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dir < 0)
		return 0;
	if (jfd >= 0) {
		(void)unlinkat(dir, jname, 0);
		close(jfd);
		jfd = -1;
	}
	d = fdopendir(dir);
	if (!d) {
		close(dir);
		return 0;
	}
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l > 6 && strcmp(e->d_name + l - 6, ".links") == 0)
			done += take_dead(dirfd(d), e->d_name, each, arg);
	}
	closedir(d);
	return done;
}

#else
void linkkeep_journal_dir(const char *state_dir, const char *workspace)
{
	(void)state_dir;
	(void)workspace;
}

void linkkeep_journal_add(int fd)
{
	(void)fd;
}

size_t linkkeep_journal_end(void (*each)(int fd, void *arg), void *arg)
{
	(void)each;
	(void)arg;
	return 0;
}
#endif /* __linux__ */
