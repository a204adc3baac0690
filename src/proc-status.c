/* proc-status.c - see proc-status.h (moved out of broker-caller.c). Each
 * line is matched by its name before it is scanned: a status has some 60
 * lines and the broker reads one per request (tidy23). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "proc-status.h"

enum {
	HAVE_STATE = 1,
	HAVE_PPID = 2,
	HAVE_UID = 4,
	HAVE_GID = 8,
	HAVE_CAPS = 16,
	HAVE_ALL = 31
};

/* Scan one line of a status into st; returns the HAVE_ bit it filled. */
static unsigned parse_line(const char *l, struct proc_status *st)
{
	unsigned long *u = st->uid, *g = st->gid;

	if (strncmp(l, "State:", 6) == 0)
		return sscanf(l + 6, " %c", &st->state) == 1 ? HAVE_STATE : 0;
	if (strncmp(l, "PPid:", 5) == 0)
		return sscanf(l + 5, "%ld", &st->ppid) == 1 ? HAVE_PPID : 0;
	if (strncmp(l, "Uid:", 4) == 0)
		return sscanf(l + 4, "%lu %lu %lu %lu", &u[0], &u[1], &u[2], &u[3]) == 4 ? HAVE_UID
											 : 0;
	if (strncmp(l, "Gid:", 4) == 0)
		return sscanf(l + 4, "%lu %lu %lu %lu", &g[0], &g[1], &g[2], &g[3]) == 4 ? HAVE_GID
											 : 0;
	if (strncmp(l, "CapEff:", 7) == 0)
		return sscanf(l + 7, "%llx", &st->cap_eff) == 1 ? HAVE_CAPS : 0;
	return 0;
}

int proc_status_read(int procfd, struct proc_status *st)
{
	static char buf[65536]; /* the broker thread only; Groups: can be long */
	size_t len = 0;
	unsigned have = 0;
	ssize_t n;
	int fd = openat(procfd, "status", O_RDONLY | O_CLOEXEC);

	memset(st, 0, sizeof(*st));
	if (fd < 0)
		return -1;
	while (len < sizeof(buf) - 1 && (n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	buf[len] = '\0';
	for (char *l = buf; l && *l && have != HAVE_ALL; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		have |= parse_line(l, st);
	return have == HAVE_ALL ? 0 : -1;
}
