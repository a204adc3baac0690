/* restore-gone.c - see restore-gone.h, and rs_gone_with_folder()
 * (restore-int.h), moved out of restore.c. */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "restore-gone.h"
#include "restore-gone-ix.h"
#include "util.h"

/* true when a record of x's cycle names the object sb (name in pfd) by
 * identity and birth (the run made it, moved it, or found it: not born
 * after the record, rs_born_after(), an inode number given again), or
 * this restore made sb again for another object than f's. */
static bool known_object(const struct rctx *x, const struct manifest_rec *f, int pfd,
			 const char *name, const struct stat *sb)
{
	struct stat ms;

	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *o = &x->m->v[i];

		if (o->has_ident && o->dev == sb->st_dev && o->ino == sb->st_ino &&
		    !rs_born_after(pfd, name, o))
			return true;
	}
	for (size_t i = 0; i < x->nmade; i++)
		if (fstat(x->made[i].fd, &ms) == 0 && ms.st_dev == sb->st_dev &&
		    ms.st_ino == sb->st_ino &&
		    (x->made[i].anon ||
		     !(f->has_ident && x->made[i].dev == f->dev && x->made[i].ino == f->ino)))
			return true;
	return false;
}

bool rs_remade_folder(const struct rctx *x, const struct manifest_rec *f, size_t after, int pfd,
		      const char *name, const struct stat *sb)
{
	return S_ISDIR(sb->st_mode) && rs_remade_after(x, f->to, after) &&
	       !known_object(x, f, pfd, name, sb);
}

/* true when r's path is missing because it (or a folder above it), renamed
 * in the cycle before r was recorded, went back to its old name already
 * (a second restore): what r saved went back with it. The object at the
 * old name must be that folder by identity and birth (an inode number
 * given again to a folder made since is not), or one a restore made
 * again for it (rs_remade_folder()). */
bool rs_gone_with_folder(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	struct stat sb;

	for (size_t k = 0, i; (i = rs_gone_next(x, k)) < x->cur; k++) {
		const struct manifest_rec *f = &x->m->v[i];

		if (f->op != MANIFEST_RENAMED || x->answered[i] || !path_covers(f->to, r->path))
			continue;
		if (pfd < 0) {
			pfd = rs_open_parent(x, r->path, false, NULL);
			if (pfd >= 0 &&
			    fstatat(pfd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) == 0)
				return false;
			if (pfd < 0)
				pfd = -2; /* looked: missing */
		}
		{
			cleanup_fd int ffd = rs_open_parent(x, f->path, false, NULL);

			if (ffd >= 0 &&
			    fstatat(ffd, rs_base_name(f->path), &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
			    ((rs_same_ident(&sb, f) &&
			      !rs_born_after(ffd, rs_base_name(f->path), f)) ||
			     rs_remade_folder(x, f, i, ffd, rs_base_name(f->path), &sb)))
				return true;
		}
	}
	return false;
}
