/* notify-sockkept.c - a host program's socket kept where it is
 * (nj_socket_kept(), notify-int.h): neither it nor a folder that holds it
 * is removed, moved away or renamed over by the command (att13). */
#ifdef __linux__
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-int.h"

/* Most entries of a folder looked through for sockets (nj_socket_kept()):
 * a fuller folder is refused, as the command could fill one to hide a
 * socket past the count. High enough for any real tree renamed in the
 * workspace (a data folder of 5,000 files was refused at 4096). */
#define SOCKET_DIR_MAX (1024 * 1024)

/* The folder obj (an O_PATH descriptor) holds, as a direct entry, a Unix
 * socket the command did not make, or more than SOCKET_DIR_MAX entries,
 * or cannot be read: 1; else 0. */
static int foreign_socket_in(const struct job *j, int obj)
{
	int fd = openat(obj, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	struct stat st;
	size_t n = 0;
	int found = 0;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return 1;
	}
	while (!found && (e = readdir(d))) {
		if (++n > SOCKET_DIR_MAX + 2)
			found = 1;
		else if ((e->d_type == DT_SOCK || e->d_type == DT_UNKNOWN) &&
			 fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			 S_ISSOCK(st.st_mode) && !notify_made_here(j->nt, &st))
			found = 1;
	}
	closedir(d);
	return found;
}

bool nj_socket_kept(struct job *j, const struct loc *l, enum fsj_cap cap)
{
	if (l->obj < 0 || notify_made_here(j->nt, &l->st))
		return true;
	if (S_ISSOCK(l->st.st_mode))
		nj_refuse(j, cap, l->path,
			  "a Unix socket the command did not make is a live program's address: the "
			  "command would bind its own in its place and answer that program's clients "
			  "outside the sandbox",
			  EACCES, NULL);
	else if (S_ISDIR(l->st.st_mode) && cap == FSJ_CAP_DELETE && foreign_socket_in(j, l->obj))
		nj_refuse(j, cap, l->path,
			  "a folder holding a Unix socket the command did not make (or too many "
			  "entries to tell): moved away, the command could put its own socket in "
			  "its place",
			  EACCES, NULL);
	else
		return true;
	return false;
}
#endif
