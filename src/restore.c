/* restore.c - see restore.h. Every file operation is an *at() call on a
 * folder descriptor reached from "/" following no symlink (openat2(2)
 * RESOLVE_NO_SYMLINKS, or O_NOFOLLOW steps), renames use RENAME_NOREPLACE
 * (renameat2(2)), content goes back through backup_copy_fd(). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_copy.h"
#include "path.h"
#include "restore-anon.h"
#include "restore-content.h"
#include "restore-first.h"
#include "restore-folder.h"
#include "restore-gone.h"
#include "restore-int.h"
#include "restore-other.h"
#include "restore-remade.h"
#include "restore-rmdir.h"
#include "restore-sim-dir.h"
#include "restore-take.h"
#include "restore-xattr.h"
#include "restore.h"
#include "util.h"

void rs_act(struct rctx *x, const char *action, const char *path, const char *to, bool ok,
	    const char *detail)
{
	cJSON *a = cJSON_CreateObject();

	cJSON_AddStringToObject(a, "action", action);
	cJSON_AddStringToObject(a, "path", path);
	if (to)
		cJSON_AddStringToObject(a, "to", to);
	cJSON_AddBoolToObject(a, "ok", ok);
	if (detail)
		cJSON_AddStringToObject(a, "detail", detail);
	if (x->names && x->m->v[x->cur].part < x->nparts) /* cycles restored together */
		cJSON_AddStringToObject(a, "cycle", x->names[x->m->v[x->cur].part]);
	cJSON_AddItemToArray(x->actions, a);
	if (ok)
		x->c->changed++;
	else
		x->c->failed++;
}

void rs_act_errno(struct rctx *x, const char *path, const char *what, int e)
{
	char *d = xasprintf("%s: %s", what,
			    e == ELOOP || e == ENOTDIR
				    ? "a symlink or a non-folder on the way (refused)"
				    : strerror(e));

	rs_act(x, "refuse", path, NULL, false, d);
	free(d);
}

bool restore_wanted(const struct manifest_rec *r, char *const *paths, size_t npaths)
{
	if (npaths == 0)
		return true;
	for (size_t i = 0; i < npaths; i++)
		if (path_covers(paths[i], r->path) || (r->to && path_covers(paths[i], r->to)))
			return true;
	return false;
}

/* Open the folder holding path's last component, from "/" following no
 * symlink; create: make missing folders (not in a dry run). Returns a
 * descriptor, or -1 with errno set: ENOENT (missing), ELOOP/ENOTDIR (a
 * symlink or a non-folder on the way). */
int rs_open_parent(struct rctx *x, const char *path, bool create, const struct manifest_rec *r)
{
	/* dry run: below a folder a move-back would put back, the folder
	 * at its present name */
	cleanup_free char *now = x->o->dry_run ? rs_sim_map(x, path) : NULL;
	cleanup_free char *copy = xstrdup(now ? now : path);
	char *p, *slash;
	int fd, nfd, saved;

	/* dry run: a folder an earlier action trashed or made again is not
	 * the object on disk there (a planted symlink: never opened) */
	if (rs_sim_dir_new(x, path)) {
		errno = ENOENT;
		return -1;
	}
	slash = strrchr(copy, '/');
	*slash = '\0';
	/* one call where the kernel walks it (openat2): the same refusal of a
	 * symlink on the way, not an open and a close per component (att36:
	 * a restore of 2,000 nested folders a run made took 34 s) */
	fd = open_dir_nosymlinks(copy[0] ? copy : "/");
	if (fd >= 0 || errno != ENOENT || !create)
		return fd;
	fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (p = copy + 1; fd >= 0 && p < slash;) {
		char *end = strchr(p, '/');

		if (end)
			*end = '\0';
		nfd = openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (nfd < 0 && errno == ENOENT && create && x->o->dry_run)
			rs_folder_sim_made(x, path); /* the real restore makes them */
		if (nfd < 0 && errno == ENOENT && create && !x->o->dry_run) {
			unsigned mode = rs_folder_mode(x, copy, r);
			bool made = mkdirat(fd, p, mode) == 0;

			if (made || errno == EEXIST)
				nfd = openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (nfd >= 0)
				(void)fchmod(nfd, mode);
			if (made)
				rs_note_remade(x, rs_folder_rec(x, copy), copy, fd, p);
		}
		saved = errno;
		close(fd);
		fd = nfd;
		errno = saved;
		if (!end)
			break;
		*end = '/';
		p = end + 1;
	}
	return fd;
}

int rs_set_meta(int fd, const struct manifest_rec *r)
{
	struct timespec ts[2];

	ts[0] = r->atime;
	ts[1] = r->mtime;
	/* chown first: it clears set-id bits that fchmod then sets. */
	if (geteuid() == 0 && r->uid != (uid_t)-1 && fchown(fd, r->uid, r->gid) < 0)
		return -1;
	return fchmod(fd, r->mode) < 0 || futimens(fd, ts) < 0 ? -1 : 0;
}

/* Undo r, a content, remove or name record with the saved file (backup)
 * and the old mode, owner and times of its file's rs_content_source(). */
static void undo_saved(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int src = -1, pfd = -1, fd = -1;
	struct fsj_error err = { { 0 } };
	const char *name = rs_base_name(r->path);
	unsigned long kept;
	struct stat sb;
	bool later;
	int src_errno;

	if (!r->backup) {
		if (!rs_from_trash(x, r))
			rs_act(x, "not-saved", r->path, NULL, false,
			       r->skipped ? r->skipped : "not saved");
		return;
	}
	src = openat(rs_files(x, r), r->backup, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	src_errno = errno;
	if (r->moved && !rs_move_done(x, r))
		return; /* the move into the cycle was not done: nothing removed */
	if (src < 0 && src_errno != ENOENT && src_errno != ELOOP) { /* EMFILE: t0622 */
		rs_act_errno(x, r->path, "cannot open its saved copy", src_errno);
		return;
	}
	if (src < 0 || fstat(src, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		rs_act(x, "refuse", r->path, NULL, false,
		       "the saved file is missing from the cycle");
		return;
	}
	if (x->o->dry_run && rs_sim_brings(x, r->path))
		return; /* a move-back brings it */
	if (rs_gone_with_folder(x, r) || rs_went_back(x, r, src) || rs_made_by_run(x, r, src))
		return;
	pfd = rs_open_parent(x, r->path, true, r);
	if (pfd < 0 && x->o->dry_run && errno == ENOENT) {
		rs_act(x, "recreate", r->path, NULL, true, "with its folders");
		rs_sim_add(x, r->path, SIM_REMADE);
		return;
	}
	if (pfd < 0) {
		rs_act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	/* dry run: a move-back or trash would have taken the run's object
	 * away first (a planted symlink too: not looked at) */
	errno = ENOENT;
	if (!(x->o->dry_run && rs_sim_state(x, r->path) == SIM_GONE))
		fd = openat(pfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == EACCES && !x->o->dry_run)
		fd = rs_open_owner_rw(pfd, name);
	if (fd < 0 && errno == ENOENT) {
		if (x->o->dry_run) {
			rs_act(x, "recreate", r->path, NULL, true, NULL);
			rs_sim_add(x, r->path, SIM_REMADE);
			return;
		}
		if (rs_link_back(x, r, pfd, name)) {
			rs_act(x, "recreate", r->path, NULL, true,
			       "another name of one file, as before");
			rs_note_remade(x, r, r->path, pfd, name);
			fd = openat(pfd, name,
				    O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		} else {
			fd = openat(pfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				    0600);
			if (fd < 0 || rs_put_content(x, src, fd, r) < 0) {
				int e = errno;

				if (fd >= 0)
					(void)unlinkat(pfd, name, 0);
				rs_act_errno(x, r->path, "cannot make it again", e);
				return;
			}
			rs_made_add(x, r, fd);
			rs_act(x, "recreate", r->path, NULL, true, NULL);
			rs_put_xattrs(x, src, fd, r);
			(void)fchmod(fd, rs_first_rec(x, r)->mode); /* as rs_put_content() */
			rs_note_remade(x, r, r->path, pfd, name);
			return;
		}
	}
	/* a symlink, folder or FIFO said below; EMFILE is no file type (t0622) */
	if (fd < 0 && errno != ELOOP && errno != EISDIR && errno != ENXIO) {
		rs_act_errno(x, r->path, "cannot open it", errno);
		return;
	}
	if (fd < 0 || fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		rs_act(x, "refuse", r->path, NULL, false,
		       "not a regular file now (a symlink, folder or device): left as it is");
		return;
	}
	if (rs_same_state(x, fd, src, r) && (r->xattrs_lost || rs_same_user_xattrs(fd, src)))
		return;
	if (x->o->dry_run) {
		rs_restored(x, r->path, rs_changed_after(x, r, &sb));
		return;
	}
	/* What is overwritten is kept first: a restore can be undone too; a
	 * version changed after the run is named (its first save only). */
	kept = x->o->undo ? backup_cycle_count(x->o->undo) : 0;
	if (x->o->undo && backup_before_change(x->o->undo, pfd, name, fd, r->path,
					       BACKUP_CHANGE_CONTENT, "restore", &err) < 0) {
		rs_act(x, "refuse", r->path, NULL, false, err.text);
		return;
	}
	if (rs_put_content(x, src, fd, r) < 0) {
		rs_act_errno(x, r->path, "cannot write it back", errno);
		return;
	}
	rs_put_user_xattrs(x, src, fd, r);
	later = x->o->undo && backup_cycle_count(x->o->undo) > kept && rs_changed_after(x, r, &sb);
	rs_restored(x, r->path, later);
}

/* A file changed, removed, or reached by another name (DESIGN.md section
 * 9: one backup per file, whatever name reached it): each of its names
 * gets the file's saved content back; a removed name comes back as a link
 * of the file where that is still about (rs_link_back()). */
static void undo_content(struct rctx *x, const struct manifest_rec *r)
{
	const struct manifest_rec *s = rs_content_source(x, r);
	cleanup_free char *dir = path_dirname(r->path), *sdir = path_dirname(s->path);
	struct manifest_rec v = *s;

	v.op = r->op;
	v.path = r->path;
	if (!dir || !sdir || strcmp(dir, sdir) != 0)
		v.dir_mode = 0; /* the mode of another folder */
	undo_saved(x, &v);
}

static void undo_rename(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int tfd = -1, ffd = -1;
	bool swap = false, again = false;
	unsigned fl = 0;
	struct stat sb, tsb = { 0 };
	int rc;

	if (x->answered[x->cur])
		return; /* the rename failed ("cancel") */
	if (x->o->dry_run &&
	    (rs_sim_state(x, r->to) == SIM_GONE || rs_sim_state(x, r->to) == SIM_SETTLED ||
	     rs_sim_state(x, r->path) == SIM_SETTLED))
		return;
	if (x->o->dry_run && rs_sim_state(x, r->to) == SIM_MADE &&
	    rs_remade_after(x, r->to, x->cur)) {
		rs_act(x, "move-back", r->to, r->path, true, NULL); /* the folder made again */
		rs_sim_add(x, r->to, SIM_GONE);
		rs_sim_add(x, r->path, SIM_THERE);
		return;
	}
	/* a dry run's recreate of the new name: the real one moves that back */
	if (!(x->o->dry_run && rs_sim_state(x, r->to) == SIM_REMADE)) {
		tfd = rs_open_parent(x, r->to, false, NULL);
		if (tfd < 0 || fstatat(tfd, rs_base_name(r->to), &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !((rs_same_ident(&sb, r) && !rs_born_after(tfd, rs_base_name(r->to), r)) ||
		      rs_made_is(x, r, &sb) ||
		      (again = rs_remade_is(x, r, r->to, tfd, rs_base_name(r->to), &sb)) ||
		      rs_remade_folder(x, r, x->cur, tfd, rs_base_name(r->to), &sb) ||
		      rs_anon_was_moved(x, r, &sb)))
			return; /* moved back already, or gone */
		tsb = sb;
	}
	ffd = rs_open_parent(x, r->path, true, NULL);
	if (ffd < 0 && !(errno == ENOENT && x->o->dry_run)) {
		rs_act_errno(x, r->path, "cannot open its old folder", errno);
		return;
	}
	/* The second name of an exchange: both names swap back at once. */
	if ((x->o->dry_run && rs_sim_state(x, r->path) == SIM_THERE) ||
	    (!(x->o->dry_run && rs_sim_state(x, r->path) == SIM_GONE) && ffd >= 0 &&
	     fstatat(ffd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) == 0)) {
		if (!r->exchange) {
			rs_act(x, "refuse", r->to, r->path, false,
			       "cannot move it back: its old name exists");
			return;
		}
		swap = true;
	}
	if (x->o->dry_run) {
		rs_act(x, swap ? "swap-back" : "move-back", r->to, r->path, true, NULL);
		rs_sim_add(x, r->to, swap ? SIM_SETTLED : SIM_GONE);
		if (swap)
			rs_sim_add(x, r->path, SIM_SETTLED);
		else
			rs_sim_add_moved(x, r->path, r->to);
		return;
	}
	/* the restore's own cycle says it first: restoring that cycle moves
	 * it back again (an exchange: both halves) */
	if (x->o->undo &&
	    (backup_note_renamed(x->o->undo, r->to, r->path, tsb.st_dev, tsb.st_ino, false) < 0 ||
	     (swap && backup_note_renamed(x->o->undo, r->path, r->to, sb.st_dev, sb.st_ino,
					  true) < 0))) {
		rs_act_errno(x, r->to, "cannot record its move back in the restore's own cycle",
			     errno);
		return;
	}
#ifdef __linux__
	fl = swap ? RENAME_EXCHANGE : RENAME_NOREPLACE;
	rc = renameat2(tfd, rs_base_name(r->to), ffd, rs_base_name(r->path), fl);
#else
	(void)fl;
	rc = swap ? (errno = ENOTSUP, -1)
		  : renameat(tfd, rs_base_name(r->to), ffd, rs_base_name(r->path));
#endif
	if (rc < 0) {
		rs_act_errno(x, r->to, "cannot move it back", errno);
		return;
	}
	if (again) /* r's file made again: a "created" record of r->path takes it */
		rs_made_keep(x, r, ffd, rs_base_name(r->path));
	rs_act(x, swap ? "swap-back" : "move-back", r->to, r->path, true, NULL);
}

int restore_cycles(const int *cyclefds, const char *const *names, size_t n,
		   const struct manifest *m, const struct restore_opts *o, cJSON *actions,
		   struct restore_counts *c)
{
	struct rctx x = { .nparts = n, .names = names, .m = m, .o = o, .actions = actions, .c = c };
	int *files = xcalloc(n + 1, sizeof(*files));
	size_t *dirs = xcalloc(m->n + 1, sizeof(*dirs)), ndirs = 0;

	memset(c, 0, sizeof(*c));
	for (size_t k = 0; k < n; k++)
		files[k] = openat(cyclefds[k], "files",
				  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	x.filesfd = files;
	rs_names_begin(&x);
	rs_want_begin(&x);
	rs_made_begin(&x);
	rs_trips_begin(&x);
	rs_when_begin(&x, cyclefds, n);
	for (size_t i = m->n; i-- > 0;) {
		const struct manifest_rec *r = &m->v[i];

		if (o->progress)
			o->progress(m->n - i, m->n, o->arg);
		if (!x.want[i])
			continue;
		x.cur = i;
		if (rs_settled(&x, r))
			continue;
		c->matched++;
		switch (r->op) {
		case MANIFEST_CONTENT:
		case MANIFEST_REMOVE:
		case MANIFEST_NAME:
			undo_content(&x, r);
			break;
		case MANIFEST_RENAMED:
			undo_rename(&x, r);
			break;
		case MANIFEST_CREATED:
			rs_undo_created(&x, r);
			break;
		case MANIFEST_CREATING:
			rs_undo_creating(&x, r);
			break;
		case MANIFEST_RMDIR:
			rs_undo_rmdir(&x, r);
			break;
		case MANIFEST_META:
			rs_undo_meta(&x, r);
			if (r->type == S_IFDIR)
				dirs[ndirs++] = i;
			break;
		case MANIFEST_SPECIAL:
			rs_undo_special(&x, r);
			break;
		case MANIFEST_CYCLE:
		case MANIFEST_CANCEL: /* read by rs_made_begin() */
		case MANIFEST_N_OPS:
		case MANIFEST_TRASHED: /* read by undo_saved() */
			break;
		}
	}
	for (size_t k = 0; k < ndirs; k++)
		rs_redo_dir_times(&x, &m->v[dirs[k]]);
	free(dirs);
	for (size_t k = 0; k < n; k++)
		fsj_closep(&files[k]);
	free(files);
	rs_names_end(&x);
	free(x.answered);
	free(x.want);
	free(x.sim);
	rs_when_end(&x);
	return c->failed ? -1 : 0;
}

int restore_cycle(int cyclefd, const struct manifest *m, const struct restore_opts *o,
		  cJSON *actions, struct restore_counts *c)
{
	return restore_cycles(&cyclefd, NULL, 1, m, o, actions, c);
}
