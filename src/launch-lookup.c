/* launch-lookup.c - execvp()'s PATH search without the exec
 * (launch-lookup.h). */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launch-lookup.h"
#include "util.h"

/* See launch-lookup.h. */
int launch_command_lookup(const char *name, char **found)
{
	const char *path, *p, *end;
	char buf[PATH_MAX];
	struct stat st;
	bool denied = false;
	int n;

	if (!*name)
		return ENOENT;
	if (strchr(name, '/')) {
		if (access(name, X_OK) != 0)
			return errno;
		if (found)
			*found = xstrdup(name);
		return 0;
	}
	path = getenv("PATH");
	if (!path)
		path = "/bin:/usr/bin"; /* glibc's and macOS's default */
	for (p = path;; p = end + 1) {
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		/* An empty entry is the current directory (POSIX XBD 8.3). */
		if (end == p)
			n = snprintf(buf, sizeof(buf), "./%s", name);
		else
			n = snprintf(buf, sizeof(buf), "%.*s/%s", (int)(end - p), p, name);
		if (n > 0 && (size_t)n < sizeof(buf) && stat(buf, &st) == 0) {
			if (S_ISREG(st.st_mode) && access(buf, X_OK) == 0) {
				if (found)
					*found = xstrdup(buf);
				return 0;
			}
			denied = true;
		}
		if (!*end)
			break;
	}
	return denied ? EACCES : ENOENT;
}
