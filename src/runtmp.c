/* runtmp.c - the run's private folder (runtmp.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backup_store.h"
#include "path.h"
#include "runtmp-sweep.h"
#include "runtmp.h"
#include "util.h"

#define PREFIX "fsjail-run."

char *runtmp_make(void)
{
#ifdef __linux__
	char pname[48], *name = NULL, *dir = NULL;
	int tmp = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC), pfd = -1, saved = errno;
	bool made = false;

	snprintf(pname, sizeof(pname), "fsjail-run-%lu", (unsigned long)geteuid());
	if (tmp >= 0) {
		/* Only the parent's few entries are looked at (perf23: /tmp
		 * may hold thousands); /tmp itself when the parent was just
		 * made (folders of an fsjail before it) or is not ours. */
		pfd = runtmp_parent_open(tmp, pname, &made);
		if (pfd < 0 || made)
			runtmp_sweep(tmp, PREFIX);
		if (pfd >= 0) {
			runtmp_sweep(pfd, "");
			name = runtmp_make_in(pfd, "");
			if (name)
				dir = xasprintf("/tmp/%s/%s", pname, name);
			close(pfd);
		}
		if (!name && (name = runtmp_make_in(tmp, PREFIX)))
			dir = xasprintf("/tmp/%s", name);
		saved = errno;
		close(tmp);
	}
	free(name);
	if (!dir || setenv("TMUX_TMPDIR", dir, 1) < 0) {
		fprintf(stderr, "fsjail: warning: cannot make the run's private folder "
				"(TMUX_TMPDIR) in /tmp: %s\n", strerror(dir ? errno : saved));
		if (dir)
			runtmp_remove(dir);
		return NULL;
	}
	return dir;
#else
	return NULL;
#endif
}

void runtmp_remove(char *dir)
{
#ifdef __linux__
	const char *base = dir ? strrchr(dir, '/') : NULL;
	cleanup_free char *parent = base ? path_dirname(dir) : NULL;
	int fd;

	/* the parent as runtmp_make() took it: not through a symlink */
	if (parent && (fd = open(parent, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0) {
		(void)backup_store_remove_tree(fd, base + 1, RUNTMP_DEPTH_MAX);
		close(fd);
	}
#endif
	free(dir);
}
