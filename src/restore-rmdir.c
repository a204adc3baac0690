/* restore-rmdir.c - see restore-rmdir.h (moved out of restore.c). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "restore-dirattrs.h"
#include "restore-remade.h"
#include "restore-rmdir.h"
#include "util.h"

void rs_undo_rmdir(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1, fd = -1;
	struct stat sb;

	if (rs_gone_with_folder(x, r))
		return;
	pfd = rs_open_parent(x, r->path, true, r);
	if (pfd < 0 && !(errno == ENOENT && x->o->dry_run)) {
		rs_act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	/* a dry run's trash or removal of the run's object there before
	 * leaves the path free (user16: rm -rf e && echo x >e) */
	if (pfd >= 0 && fstatat(pfd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	    !(x->o->dry_run && rs_sim_state(x, r->path) == SIM_GONE))
		return;
	/* also where its own folder is only made again: an older record of
	 * its mode then finds it made (rs_sim_meta()), as the restore does */
	if (x->o->dry_run) {
		rs_act(x, "mkdir", r->path, NULL, true, pfd < 0 ? "with its folders" : NULL);
		rs_sim_add(x, r->path, SIM_MADE);
		return;
	}
	if (mkdirat(pfd, rs_base_name(r->path), r->mode) < 0 ||
	    (fd = openat(pfd, rs_base_name(r->path),
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		rs_act_errno(x, r->path, "cannot make the folder", errno);
		return;
	}
	(void)rs_set_meta(fd, r);
	rs_put_dir_xattrs(x, fd, r); /* its user.* attributes and ACLs */
	rs_act(x, "mkdir", r->path, NULL, true, NULL);
	rs_note_remade(x, r, r->path, pfd, rs_base_name(r->path));
}
