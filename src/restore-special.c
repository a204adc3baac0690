/* restore-special.c - see restore-other.h: a removed symlink or FIFO
 * made again ("special" records), moved out of restore-other.c. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "restore-other.h"
#include "restore-remade.h"
#include "util.h"

/* A FIFO named name in the folder pfd with r's mode. mkfifoat(2) is not
 * in every macOS SDK (macOS 13): there the record's absolute path. */
static int make_fifo(int pfd, const char *name, const struct manifest_rec *r)
{
#ifdef __APPLE__
	(void)pfd;
	(void)name;
	return mkfifo(r->path, r->mode & 0777);
#else
	return mkfifoat(pfd, name, r->mode & 0777);
#endif
}

/* Make a removed symlink or FIFO again (never over anything). */
void rs_undo_special(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	const char *name = rs_base_name(r->path);
	struct timespec ts[2] = { r->atime, r->mtime };
	char target[PATH_MAX];
	struct stat sb;
	ssize_t n;

	if ((x->o->dry_run && rs_sim_brings(x, r->path)) || rs_gone_with_folder(x, r))
		return;
	pfd = rs_open_parent(x, r->path, true, r);
	if (pfd < 0 && !(errno == ENOENT && x->o->dry_run)) {
		rs_act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	if (pfd >= 0 && fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0) {
		n = r->type == S_IFLNK ? readlinkat(pfd, name, target, sizeof(target) - 1) : 0;
		if (n >= 0)
			target[n] = '\0';
		if ((sb.st_mode & S_IFMT) == r->type &&
		    (r->type != S_IFLNK || (n >= 0 && strcmp(target, r->target) == 0)))
			return; /* back already */
		rs_act(x, "refuse", r->path, NULL, false,
		       "cannot make it again: its name is taken");
		return;
	}
	if (x->o->dry_run) {
		rs_act(x, "recreate", r->path, NULL, true, NULL);
		return;
	}
	if ((r->type == S_IFLNK ? symlinkat(r->target, pfd, name) : make_fifo(pfd, name, r)) < 0) {
		rs_act_errno(x, r->path, "cannot make it again", errno);
		return;
	}
	/* Owner (as root), the mode past the umask, times: what fails is said. */
	if ((geteuid() == 0 && fchownat(pfd, name, r->uid, r->gid, AT_SYMLINK_NOFOLLOW) < 0) ||
	    (r->type == S_IFIFO && fchmodat(pfd, name, r->mode, AT_SYMLINK_NOFOLLOW) < 0) ||
	    utimensat(pfd, name, ts, AT_SYMLINK_NOFOLLOW) < 0) {
		rs_act_errno(x, r->path, "made again, but cannot set its owner, mode or times",
			     errno);
		return;
	}
	rs_act(x, "recreate", r->path, NULL, true, NULL);
	rs_note_remade(x, r, r->path, pfd, name);
}
