/* launch-left.c - the processes still running when the command ended
 * (launch-left.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch-int.h"
#include "launch-left.h"
#include "procstat.h"

_Static_assert(LAUNCH_LEFT_NAMES * LAUNCH_LEFT_COMM <= sizeof(((struct launch_report *)0)->text),
	       "the names do not fit a launch report");

static struct launch_left last_left = { .count = -1 };

const struct launch_left *launch_last_left(void)
{
	return &last_left;
}

/* The command name and state of pid from /proc/PID/stat ("PID (COMM) S
 * ..."; COMM may hold ')' and spaces, so the state follows the last ')').
 * Returns the state letter, comm (LAUNCH_LEFT_COMM bytes) filled, or 0. */
static char proc_state(long pid, char *comm)
{
	char buf[512];
	const char *close_p = procstat_read((pid_t)pid, buf, sizeof(buf));
	const char *open_p = close_p ? strchr(buf, '(') : NULL;
	ssize_t n;

	if (!open_p || !close_p || close_p < open_p || close_p[1] != ' ' || !close_p[2])
		return 0;
	n = close_p - open_p - 1;
	if (n > LAUNCH_LEFT_COMM - 1)
		n = LAUNCH_LEFT_COMM - 1;
	memcpy(comm, open_p + 1, (size_t)n);
	comm[n] = '\0';
	return close_p[2];
}

void launch_left_send(int report_fd)
{
	struct launch_report rep;
	char self[16], comm[LAUNCH_LEFT_COMM], st;
	struct dirent *de;
	long count = 0;
	ssize_t n;
	DIR *d;

	memset(&rep, 0, sizeof(rep));
	rep.stage = LAUNCH_STAGE_LEFT;
	rep.errnum = -1;
	/* C is not in the namespace: in its procfs, C has no /proc/self */
	n = readlink("/proc/self", self, sizeof(self) - 1);
	if (n < 0 && errno == ENOENT && (d = opendir("/proc")) != NULL) {
		while ((de = readdir(d)) != NULL) {
			char *end;
			long pid = strtol(de->d_name, &end, 10);

			if (*end || end == de->d_name || pid <= 1)
				continue;
			st = proc_state(pid, comm);
			if (!st || st == 'Z' || st == 'X')
				continue; /* gone, or dead and not yet reaped */
			if (count < LAUNCH_LEFT_NAMES)
				memcpy(rep.text + count * LAUNCH_LEFT_COMM, comm, LAUNCH_LEFT_COMM);
			count++;
		}
		closedir(d);
		rep.errnum = count > INT_MAX ? INT_MAX : (int)count;
	}
	(void)write_all(report_fd, &rep, sizeof(rep));
}

int launch_left_take(const struct launch_report *rep, size_t rep_len)
{
	memset(&last_left, 0, sizeof(last_left));
	last_left.count = -1;
	if (!rep || rep_len != sizeof(*rep) || rep->stage != LAUNCH_STAGE_LEFT || rep->errnum < 0)
		return 0;
	last_left.count = rep->errnum;
	for (size_t i = 0; i < LAUNCH_LEFT_NAMES && i < (size_t)rep->errnum; i++) {
		memcpy(last_left.names[i], rep->text + i * LAUNCH_LEFT_COMM, LAUNCH_LEFT_COMM - 1);
		last_left.n_names = i + 1;
	}
	return 1;
}
