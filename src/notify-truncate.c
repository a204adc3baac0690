/* notify-truncate.c - truncate and truncate64, decided and performed by
 * the supervisor (notify.h states the guarantee; truncate(2); the other
 * trapped calls are in notify-ops.c, the trust boundary notify_handle()
 * there). The path is read once and looked up in the caller's view
 * (notify-path.c); the file is saved (backup.h) before it changes. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "notify-int.h"
#include "util.h"

int notify_op_truncate(struct job *j)
{
	char raw[PATH_MAX];
	cleanup_fd int fd = -1;
	struct loc l;
	int e;

	if (!nj_get_path(j, j->c->path, raw) || !nj_find(j, j->c->dirfd, raw, LK_FOLLOW, &l))
		return 0;
	if (l.obj < 0)
		e = ENOENT;
	else if (S_ISDIR(l.st.st_mode))
		e = EISDIR;
	else if (!S_ISREG(l.st.st_mode) || j->c->length < 0)
		e = EINVAL;
	else if (!nj_need(j, l.path, FSJ_CAPBIT(FSJ_CAP_WRITE)) || !nj_hardlink_ok(j, &l) ||
		 !nj_repo_ok(j, &l, FSJ_CAPBIT(FSJ_CAP_WRITE), 0) ||
		 !nj_save(j, &l, BACKUP_CHANGE_CONTENT))
		e = -1;
	else if ((fd = notify_reopen(l.obj, O_WRONLY | O_NONBLOCK)) < 0)
		e = errno;
	else if (!nj_same(fd, &l.st))
		e = EACCES;
	else
		e = ftruncate(fd, (off_t)j->c->length) < 0 ? errno : 0;
	if (e >= 0)
		nj_answer(j, e);
	notify_loc_release(&l);
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_truncate_not_this_system;
#endif /* __linux__ */
