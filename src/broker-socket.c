/* broker-socket.c - the broker's session folder and its socket's name
 * (broker-socket.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker-int.h"
#include "broker-socket.h"

/* See broker-socket.h. */
int broker_private_dir(int dirfd, const char *name, const char *shown, struct fsj_error *err)
{
	struct stat st;
	int fd;

	if (mkdirat(dirfd, name, 0700) < 0 && errno != EEXIST)
		return fsj_error_set(err, NULL, 0, 0, "cannot create '%s': %s", shown,
				     strerror(errno));
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot open '%s': %s", shown,
				     strerror(errno));
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid()) {
		close(fd);
		return fsj_error_set(err, NULL, 0, 0, "'%s' belongs to another user", shown);
	}
	if ((st.st_mode & 077) && fchmod(fd, 0700) < 0) {
		close(fd);
		return fsj_error_set(err, NULL, 0, 0, "cannot make '%s' private: %s", shown,
				     strerror(errno));
	}
	return fd;
}

/* See broker-socket.h. */
void broker_unlink(const struct broker *b)
{
	if (!b)
		return;
	if (b->listen_fd >= 0 && b->dir_fd >= 0)
		(void)unlinkat(b->dir_fd, "broker.sock", 0);
	if (b->run_fd >= 0 && b->session)
		(void)unlinkat(b->run_fd, b->session, AT_REMOVEDIR);
}
