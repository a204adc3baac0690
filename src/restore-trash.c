/* restore-trash.c - rs_from_trash() (restore-int.h): a file the cycle
 * could not keep comes back from the trash; moved out of restore-names.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_copy.h"
#include "path.h"
#include "platform.h"
#include "restore-int.h"
#include "restore-remade.h"
#include "restore-xattr.h"
#include "util.h"

/* r's file, not kept by the cycle, went to the trash ("trashed"
 * record): moved back from there (RENAME_NOREPLACE, with its .trashinfo
 * removed), or copied back across filesystems (the trash entry stays).
 * Never over anything at r's path, and only from the user's own trash
 * folder (a record naming another place is refused: the manifest is read
 * as hostile). false when the cycle has no such record. */
bool rs_from_trash(struct rctx *x, const struct manifest_rec *r)
{
	const struct manifest_rec *t = NULL;
	cleanup_fd int tfd = -1, pfd = -1, in = -1, fd = -1;
	cleanup_free char *trash = NULL, *dir = NULL;
	const char *name = rs_base_name(r->path);
	struct stat sb;

	for (size_t i = 0; i < x->m->n && !t; i++)
		if (x->m->v[i].op == MANIFEST_TRASHED && strcmp(x->m->v[i].path, r->path) == 0 &&
		    (!r->has_ident || (x->m->v[i].has_ident && x->m->v[i].dev == r->dev &&
				       x->m->v[i].ino == r->ino)))
			t = &x->m->v[i];
	if (!t || (x->o->dry_run && rs_sim_brings(x, r->path)) || rs_gone_with_folder(x, r))
		return t != NULL;
	trash = x->o->home ? platform_trash_dir(x->o->home) : NULL;
	dir = path_dirname(t->to);
	if (!trash || !dir || strcmp(trash, dir) != 0) {
		rs_act(x, "refuse", r->path, t->to, false, "not in this user's trash");
		return true;
	}
	pfd = rs_open_parent(x, r->path, true, r);
	if (pfd >= 0 && fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0)
		return true; /* back already, or its name is taken: left as it is */
	tfd = rs_open_parent(x, t->to, false, NULL);
	if (tfd < 0 || fstatat(tfd, rs_base_name(t->to), &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISREG(sb.st_mode) || sb.st_size != r->size) {
		rs_act(x, "refuse", r->path, t->to, false, "not in the trash any more");
		return true;
	}
	if (x->o->dry_run || pfd < 0) {
		if (pfd < 0 && !x->o->dry_run)
			rs_act_errno(x, r->path, "cannot open its folder", errno);
		else
			rs_act(x, "recreate", r->path, t->to, true, "from the trash");
		return true;
	}
#ifdef __linux__
	if (renameat2(tfd, rs_base_name(t->to), pfd, name, RENAME_NOREPLACE) == 0) {
		const char *at = strrchr(t->to, '/') - 6; /* ".../files/NAME": the reader checked */
		cleanup_free char *info = NULL;

		info = xasprintf("%.*s/info/%s.trashinfo", (int)(at - t->to), t->to, at + 7);
		close(tfd);
		tfd = rs_open_parent(x, info, false, NULL);
		if (tfd >= 0)
			(void)unlinkat(tfd, rs_base_name(info), 0);
		fd = openat(pfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	} else
#endif
		if ((in = openat(tfd, rs_base_name(t->to),
				 O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) >= 0 &&
		    (fd = openat(pfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				 0600)) >= 0 &&
		    backup_copy_fd(in, fd, sb.st_size) != sb.st_size) {
		(void)unlinkat(pfd, name, 0);
		close(fd);
		fd = -1;
	}
	if (fd < 0 || rs_set_meta(fd, r) < 0) {
		rs_act_errno(x, r->path, "cannot take it back from the trash", errno);
		return true;
	}
	rs_act(x, "recreate", r->path, t->to, true, "from the trash");
	if (in >= 0) /* a copy: its attributes too */
		rs_put_xattrs(x, in, fd, r);
	rs_note_remade(x, r, r->path, pfd, name);
	return true;
}
