/* probe-scratch.c - removing a probe's scratch folder (probe-int.h), and
 * putting back the times of the folder it was made in. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "probe-int.h"
#include "util.h"

/* Put back the access and modification times s->base had before the
 * scratch folder was made in it, when the folder at its place is still
 * that one (device and inode): the probe's mkdir and rmdir there changed
 * them, in the workspace and the home folder, and a run's backup cycle
 * begins after the probe, so `fsjail backups restore` gave back the times
 * the probe left (att26). A change another process made there meanwhile
 * loses its times too (the probe's window: milliseconds). */
static void put_back_base_times(const struct scratch *s)
{
	cleanup_free char *base = NULL;
	cleanup_fd int fd = -1;
	struct stat st;

	if (!s->dir || s->base.st_ino == 0)
		return;
	base = path_dirname(s->dir);
	fd = open(base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || st.st_dev != s->base.st_dev ||
	    st.st_ino != s->base.st_ino)
		return;
	(void)futimens(
		fd, (const struct timespec[2]){ FSJ_STAT_ATIM(&s->base), FSJ_STAT_MTIM(&s->base) });
}

/* Remove a scratch folder: its entries (one level: the checks make no
 * deeper ones), then itself; then put back its folder's times. */
void probe_scratch_remove(struct scratch *s)
{
	DIR *d;
	struct dirent *de;
	int dfd;

	if (s->fd >= 0) {
		dfd = dup(s->fd);
		d = dfd >= 0 ? fdopendir(dfd) : NULL;
		if (d) {
			while ((de = readdir(d)) != NULL) {
				if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
					continue;
				/* a folder: EISDIR on Linux, EPERM by POSIX */
				if (unlinkat(s->fd, de->d_name, 0) < 0 &&
				    (errno == EISDIR || errno == EPERM))
					(void)unlinkat(s->fd, de->d_name, AT_REMOVEDIR);
			}
			closedir(d);
		} else if (dfd >= 0) {
			close(dfd);
		}
		close(s->fd);
		s->fd = -1;
	}
	if (s->dir)
		(void)rmdir(s->dir);
	put_back_base_times(s);
	free(s->dir);
	s->dir = NULL;
}
