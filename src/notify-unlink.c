/* notify-unlink.c - unlink, unlinkat and rmdir, decided and performed by
 * the supervisor (notify.h states the guarantee; unlink(2), rmdir(2); the
 * other trapped calls are in notify-ops.c, the trust boundary
 * notify_handle() there). A file older than the run is moved into the
 * backup cycle whole, or saved first, and goes to the trash where the
 * config sends deletes; one the run made is removed plainly. Moved out of
 * notify-ops.c. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "notify-int.h"
#include "notify-names.h"
#include "path.h"
#include "toolcache.h"
#include "trash.h"
#include "util.h"

/* No trash for the temporary folders and the run's own tool caches
 * (toolcache.h), nor for a repository's own files
 * (objects, refs, lock files under a .git folder): nobody looks for those
 * in a trash, and the backup cycle keeps them (by link) for restore. */
static bool no_trash_area(const struct notify *nt, const char *path)
{
	size_t i;

	if (strstr(path, "/.git/") || toolcache_covers(path))
		return true;
	for (i = 0; i < nt->n_no_trash; i++)
		if (path_covers(nt->no_trash[i], path))
			return true;
	return false;
}

int notify_op_unlink(struct job *j)
{
	struct fsj_error err = { { 0 } };
	char raw[PATH_MAX];
	bool rmdir_ = (j->c->flags & AT_REMOVEDIR) != 0, take;
	char *as = NULL;
	struct loc l;
	int e = -1, host, t;

	if (j->c->flags & ~(uint64_t)AT_REMOVEDIR)
		return nj_answer(j, EINVAL);
	if (!nj_get_path(j, j->c->path, raw) || !nj_find_cap(j, j->c->dirfd, raw, 0, FSJ_CAP_DELETE, &l))
		return 0;
	/* a pre-existing file, kept by the cycle: moved there, or saved */
	take = l.obj >= 0 && !rmdir_ && j->nt->bc && !nj_created_here(j, &l.st);
	if (l.obj < 0)
		e = ENOENT;
	else if (l.magic)
		nj_refuse(j, FSJ_CAP_DELETE, l.path, "magic link", EACCES, NULL);
	else if (l.parent < 0)
		e = rmdir_ ? EINVAL : EISDIR;
	else if (rmdir_ != !!S_ISDIR(l.st.st_mode))
		e = rmdir_ ? ENOTDIR : EISDIR;
	else if (!nj_need(j, l.path, FSJ_CAPBIT(FSJ_CAP_DELETE)) ||
		 !nj_repo_ok(j, &l, FSJ_CAPBIT(FSJ_CAP_DELETE), rmdir_ ? NJ_REPO_RMDIR : 0) ||
		 (!rmdir_ && !nj_socket_kept(j, &l, FSJ_CAP_DELETE)))
		;
	else if (nj_mount_root(j, &l, FSJ_CAP_DELETE)) /* a mask: not the file beneath */
		e = EBUSY;
	/* A name given to another file since the look: refused. Where the
	 * file is moved into the cycle the move itself is checked (the moved
	 * inode is the one looked at, else it goes back: backup_take.c), so
	 * this look is taken only when the move is not done. */
	else if ((!take || !S_ISREG(l.st.st_mode)) && nj_name_changed(&l))
		nj_refuse(j, FSJ_CAP_DELETE, l.path, "the file changed during the call", EACCES, NULL);
	else if (rmdir_ && j->nt->bc && !nj_created_here(j, &l.st) &&
		 backup_before_rmdir(j->nt->bc, l.parent, l.name, l.path, "notify", &err) < 0)
		nj_refuse(j, FSJ_CAP_DELETE, l.path, err.text[0] ? err.text : "the backup failed",
			  errno ? errno : EACCES, NULL);
	else if (!take)
		e = unlinkat(l.parent, l.name, rmdir_ ? AT_REMOVEDIR : 0) < 0 ? errno : 0;
	/* Moved into the cycle whole where it can be (backup_take.c); in the
	 * trash from there when the run ends. */
	else if (S_ISREG(l.st.st_mode) && (host = nj_host_parent(j, &l)) != l.parent &&
		 (t = backup_take_removed(j->nt->bc, host, j->nt->host_mode, l.name, &l.st, l.path,
					 "notify", &err))) {
		if (t < 0)
			nj_refuse(j, FSJ_CAP_DELETE, l.path, err.text, errno ? errno : EACCES, NULL);
		else
			e = 0;
		if (t > 0 && j->nt->trash_home && !no_trash_area(j->nt, l.path)) {
			NOTIFY_STAT_INC(j->nt, trashed);
			backup_trash_later(j->nt->bc, l.path, &l.st);
		}
	} else if (S_ISREG(l.st.st_mode) && nj_name_changed(&l)) /* not moved: the look, as above */
		nj_refuse(j, FSJ_CAP_DELETE, l.path, "the file changed during the call", EACCES, NULL);
	else if (!nj_save(j, &l, BACKUP_CHANGE_REMOVE)) /* a symlink or FIFO: recorded */
		e = -1;
	/* Kept by a link in the cycle already: unlinked now, its trash
	 * entry made from that link when the run ends (backup.h). */
	else if (S_ISREG(l.st.st_mode) && j->nt->trash_home && !no_trash_area(j->nt, l.path) &&
		 backup_kept_by_link(j->nt->bc, &l.st)) {
		if ((e = nj_unlink_same(j, &l)) == 0) {
			NOTIFY_STAT_INC(j->nt, trashed);
			backup_trash_later(j->nt->bc, l.path, &l.st);
		}
	} else if (S_ISREG(l.st.st_mode) && j->nt->trash_home && !no_trash_area(j->nt, l.path)) {
		e = trash_move_at(j->nt->trash_home, nj_host_parent(j, &l), l.name, l.path, &as,
				  &err) < 0
			    ? (errno ? errno : EACCES)
			    : 0;
		if (e == 0) {
			NOTIFY_STAT_INC(j->nt, trashed);
			backup_note_removed(j->nt->bc, l.path, &l.st, as);
		}
		free(as);
	} else if ((e = nj_unlink_same(j, &l)) == 0)
		backup_note_removed(j->nt->bc, l.path, &l.st, NULL);
	if (e >= 0)
		nj_answer(j, e);
	notify_loc_release(&l);
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_unlink_not_this_system;
#endif /* __linux__ */
