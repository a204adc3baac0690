/* restore-other.c - see restore-other.h: the records of objects with no
 * saved content, moved out of restore.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "restore-other.h"
#include "restore-remade.h"
#include "restore-sim-dir.h"
#include "util.h"

/* true when one of x's actions so far is on dir itself or an entry of it
 * (its path, or "to", in dir). */
static bool acted_in(const struct rctx *x, const char *dir)
{
	size_t n = strlen(dir);
	const cJSON *a;

	cJSON_ArrayForEach(a, x->actions)
	{
		const char *k[2] = { "path", "to" };

		for (int i = 0; i < 2; i++) {
			const cJSON *p = cJSON_GetObjectItemCaseSensitive(a, k[i]);
			const char *v = cJSON_IsString(p) ? p->valuestring : NULL;

			if (v && strncmp(v, dir, n) == 0 &&
			    (!v[n] || (v[n] == '/' && !strchr(v + n + 1, '/'))))
				return true;
		}
	}
	return false;
}

/* Put back the mode, owner and times r recorded on whatever object of
 * r's type is at its path now (the older records undone before this one
 * put the object itself back there). A folder's times before the run
 * changed its entries ("entries") only where this restore changed them
 * (a second restore leaves the times the first set). */
void rs_undo_meta(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	const char *name = rs_base_name(r->path);
	struct timespec ts[2] = { r->atime, r->mtime };
	struct stat sb;
	bool link;

	if (r->entries && !acted_in(x, r->path))
		return;
	pfd = rs_open_parent(x, r->path, false, NULL);
	if (rs_sim_meta(x, r) || pfd < 0 || fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
	    (sb.st_mode & S_IFMT) != r->type)
		return; /* said (dry run), gone, or another kind of object now */
	link = S_ISLNK(sb.st_mode);
	if ((link || (sb.st_mode & 07777) == r->mode) &&
	    (geteuid() != 0 || (sb.st_uid == r->uid && sb.st_gid == r->gid)) &&
	    FSJ_STAT_MTIM(&sb).tv_sec == r->mtime.tv_sec &&
	    FSJ_STAT_MTIM(&sb).tv_nsec == r->mtime.tv_nsec)
		return;
	if (x->o->dry_run) {
		rs_act(x, "restore-meta", r->path, NULL, true, NULL);
		return;
	}
	/* By name in its folder, never followed: an open for reading fails
	 * on the mode 000 the run may have set (att7), for a user not root. */
	/* chown only to change the owner: even to the same one it drops a
	 * file's capabilities (security.capability), which a metadata record
	 * does not keep (att30) */
	if ((geteuid() == 0 && r->uid != (uid_t)-1 && (sb.st_uid != r->uid || sb.st_gid != r->gid) &&
	     fchownat(pfd, name, r->uid, r->gid, AT_SYMLINK_NOFOLLOW) < 0) ||
	    (!link && fchmodat(pfd, name, r->mode, AT_SYMLINK_NOFOLLOW) < 0) ||
	    utimensat(pfd, name, ts, AT_SYMLINK_NOFOLLOW) < 0) {
		rs_act_errno(x, r->path, "cannot set its mode, owner or times", errno);
		return;
	}
	rs_act(x, "restore-meta", r->path, NULL, true, NULL);
}

void rs_redo_dir_times(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	struct timespec ts[2] = { r->atime, r->mtime };
	struct stat sb;

	if (x->o->dry_run || r->type != S_IFDIR || (r->entries && !acted_in(x, r->path)))
		return;
	pfd = rs_open_parent(x, r->path, false, NULL);
	if (pfd < 0 || fstatat(pfd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISDIR(sb.st_mode) || (FSJ_STAT_MTIM(&sb).tv_sec == r->mtime.tv_sec &&
				     FSJ_STAT_MTIM(&sb).tv_nsec == r->mtime.tv_nsec))
		return;
	if (utimensat(pfd, rs_base_name(r->path), ts, AT_SYMLINK_NOFOLLOW) < 0)
		rs_act_errno(x, r->path, "cannot set its times", errno);
}
