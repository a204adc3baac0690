/* notify-names.c - the names the supervisor moves or removes: both paths
 * of a rename or link (out of notify-rename.c), a name's look before the
 * call (out of notify-unlink.c) and its object (nj_same(), out of
 * notify-answer.c), a mount point in the caller's view (notify-names.h). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

#include "notify-masknew.h"
#include "notify-names.h"

#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT 0x00002000 /* Linux 5.8, include/uapi/linux/stat.h */
#endif

bool nj_find_two(struct job *j, unsigned lk, bool empty_is_fd, enum fsj_cap cap_a, struct loc *a,
		 struct loc *b)
{
	char raw[PATH_MAX], raw2[PATH_MAX];

	if (!nj_get_path(j, j->c->path, raw) || !nj_get_path(j, j->c->path2, raw2))
		return false;
	if (empty_is_fd && !raw[0] && j->c->dirfd >= 0)
		snprintf(raw, sizeof(raw), "/proc/self/fd/%d", j->c->dirfd); /* translated */
	if (!nj_find_cap(j, j->c->dirfd, raw, lk, cap_a, a))
		return false;
	if (!nj_find_cap(j, j->c->dirfd2, raw2, 0, FSJ_CAP_CREATE, b)) {
		notify_loc_release(a);
		return false;
	}
	return true;
}

int nj_done_two(struct job *j, int e, struct loc *a, struct loc *b)
{
	if (e >= 0)
		nj_answer_make_failed(j, b, e); /* its new name in a hidden folder */
	notify_loc_release(a);
	notify_loc_release(b);
	return 0;
}

bool nj_name_changed(const struct loc *l)
{
	struct stat now;

	return fstatat(l->parent, l->name, &now, AT_SYMLINK_NOFOLLOW) < 0 ||
	       now.st_ino != l->st.st_ino || now.st_dev != l->st.st_dev;
}

bool nj_same(int fd, const struct stat *st)
{
	struct stat b;

	return fstat(fd, &b) == 0 && b.st_dev == st->st_dev && b.st_ino == st->st_ino;
}

/* statx's attribute, or where the kernel knows none (before Linux 5.8)
 * another device than its folder's. */
bool nj_mounted_here(const struct loc *l)
{
	struct statx sx;
	struct stat up;

	if (l->obj < 0)
		return false;
	if (statx(l->obj, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx) == 0 &&
	    (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
		return (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
	return l->parent >= 0 && fstat(l->parent, &up) == 0 && up.st_dev != l->st.st_dev;
}

bool nj_hides_host_file(struct job *j, const struct loc *l)
{
	struct stat h;
	int host;

	if (!nj_mounted_here(l))
		return false;
	host = nj_host_parent(j, l);
	if (host == l->parent) /* no folder of the host's to look in: as before */
		return false;
	return fstatat(host, l->name, &h, AT_SYMLINK_NOFOLLOW) < 0 || h.st_dev != l->st.st_dev ||
	       h.st_ino != l->st.st_ino;
}

bool nj_mount_root(const struct job *j, const struct loc *l, enum fsj_cap cap)
{
	struct fsj_decision d;
	bool hidden;

	if (!nj_mounted_here(l))
		return false;
	hidden = l->path && !nj_may(j, l->path, FSJ_CAP_READ, &d) &&
		 (d.level == FSJ_LEVEL_EXPLICIT || d.level == FSJ_LEVEL_PROTECTED);
	nj_record(j, cap, l->path,
		  hidden ? "its read deny hides it with a mount mask, which cannot be moved or "
			   "removed (EBUSY): the file beneath stays as it is"
			 : "a mount point in the command's view (a mount mask, pin or tool "
			   "cache), which cannot be moved or removed (EBUSY)",
		  EBUSY, hidden ? &d : NULL);
	return true;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_names_not_this_system;
#endif /* __linux__ */
