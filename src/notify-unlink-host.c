/* notify-unlink-host.c - a name looked at again in the host's folder
 * (notify-unlink-host.h). */
#ifdef __linux__
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-unlink-host.h"

bool nj_unlink_changed(const struct loc *l)
{
	struct stat now;

	return fstatat(l->parent, l->name, &now, AT_SYMLINK_NOFOLLOW) < 0 ||
	       now.st_ino != l->st.st_ino || now.st_dev != l->st.st_dev;
}

/* An O_PATH of the host's regular file under the mask l looks like, with
 * its stat in *st and the host's folder in *host; -1 where l is no mask. */
static int under_mask(struct job *j, const struct loc *l, struct stat *st, int *host)
{
	int obj;

	if (l->obj < 0 || l->magic || l->parent < 0 || !S_ISREG(l->st.st_mode) ||
	    l->st.st_size != 0 || (l->st.st_mode & 0222) || (*host = nj_host_parent(j, l)) == l->parent)
		return -1;
	obj = openat(*host, l->name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (obj >= 0 && (fstat(obj, st) < 0 || !S_ISREG(st->st_mode) ||
			 (st->st_dev == l->st.st_dev && st->st_ino == l->st.st_ino))) {
		close(obj);
		obj = -1;
	}
	return obj;
}

bool nj_loc_masked(struct job *j, const struct loc *l)
{
	struct stat st;
	int host, obj = under_mask(j, l, &st, &host);

	if (obj >= 0)
		close(obj);
	return obj >= 0;
}

void nj_unlink_unmask(struct job *j, struct loc *l)
{
	struct stat st;
	int host, obj = under_mask(j, l, &st, &host), dir = -1;

	if (obj < 0 || (dir = fcntl(host, F_DUPFD_CLOEXEC, 3)) < 0) {
		if (obj >= 0)
			close(obj);
		return;
	}
	close(l->obj);
	close(l->parent);
	l->obj = obj;
	l->parent = dir;
	l->st = st;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_unlink_host_not_this_system;
#endif /* __linux__ */
