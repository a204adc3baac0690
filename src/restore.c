/* restore.c - see restore.h. Every file operation is an *at() call on a
 * folder descriptor reached from "/" one O_NOFOLLOW step at a time (as
 * firejail's safer_openat()), renames use RENAME_NOREPLACE
 * (renameat2(2)), content goes back through backup_copy_fd(). */
#include <dirent.h>
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
#include "restore.h"
#include "trash.h"
#include "util.h"

struct rctx {
	int filesfd;
	const struct manifest *m;
	const struct restore_opts *o;
	cJSON *actions;
	struct restore_counts *c;
	struct sim *sim; /* dry run: what the actions so far would have done */
	size_t nsim;
	size_t cur; /* the record being undone */
	struct made *made; /* files this restore made again, by the identity they had */
	size_t nmade;
};

/* A file made again by this restore (a copy from the cycle): its other
 * removed names become links of it. fd: open on the new file (owned). */
struct made {
	dev_t dev;
	ino_t ino;
	int fd;
};

/* A dry run changes nothing, so later (older) records would see the disk
 * as it is; what a move-back or a trash would have done is kept here. */
enum {
	SIM_GONE,
	SIM_THERE,
	SIM_SETTLED, /* swapped back: leave it */
	SIM_MADE,    /* an empty folder made again: that path only */
};
struct sim {
	const char *path;
	int state;
};

static int sim_state(const struct rctx *x, const char *path);

/* Dry run: a move-back (or swap) would have put the object back at path. */
static bool sim_brings(const struct rctx *x, const char *path)
{
	int st = sim_state(x, path);

	return st == SIM_THERE || st == SIM_SETTLED;
}

static void sim_add(struct rctx *x, const char *path, int state)
{
	x->sim = xreallocarray(x->sim, x->nsim + 1, sizeof(*x->sim));
	x->sim[x->nsim++] = (struct sim){ path, state };
}

/* The state a dry run would have left path (or a folder above it) in,
 * newest first; -1: as on disk. */
static int sim_state(const struct rctx *x, const char *path)
{
	for (size_t i = x->nsim; i-- > 0;)
		if (x->sim[i].state == SIM_MADE ? strcmp(x->sim[i].path, path) == 0
						: path_covers(x->sim[i].path, path))
			return x->sim[i].state;
	return -1;
}

static void act(struct rctx *x, const char *action, const char *path, const char *to, bool ok,
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
	cJSON_AddItemToArray(x->actions, a);
	if (ok)
		x->c->changed++;
	else
		x->c->failed++;
}

static void act_errno(struct rctx *x, const char *path, const char *what, int e)
{
	char *d = xasprintf("%s: %s", what,
			    e == ELOOP || e == ENOTDIR
				    ? "a symlink or a non-folder on the way (refused)"
				    : strerror(e));

	act(x, "refuse", path, NULL, false, d);
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

/* The mode to make folder dir with: its rmdir record's, else the
 * folder mode r recorded for its own parent, else 0755. */
static unsigned folder_mode(const struct rctx *x, const char *dir, const struct manifest_rec *r)
{
	cleanup_free char *parent = r ? path_dirname(r->path) : NULL;

	for (size_t i = 0; i < x->m->n; i++)
		if (x->m->v[i].op == MANIFEST_RMDIR && strcmp(x->m->v[i].path, dir) == 0)
			return x->m->v[i].mode;
	if (r && r->dir_mode && parent && strcmp(parent, dir) == 0)
		return r->dir_mode;
	return 0755;
}

/* Open the folder holding path's last component, from "/" with one
 * O_NOFOLLOW open per component; create: make missing folders (not in a
 * dry run). Returns a descriptor, or -1 with errno set: ENOENT (missing),
 * ELOOP/ENOTDIR (a symlink or a non-folder on the way). */
static int open_parent(struct rctx *x, const char *path, bool create, const struct manifest_rec *r)
{
	cleanup_free char *copy = xstrdup(path);
	char *p, *slash;
	int fd, nfd, saved;

	slash = strrchr(copy, '/');
	*slash = '\0';
	fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (p = copy + 1; fd >= 0 && p < slash;) {
		char *end = strchr(p, '/');

		if (end)
			*end = '\0';
		nfd = openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (nfd < 0 && errno == ENOENT && create && !x->o->dry_run) {
			unsigned mode = folder_mode(x, copy, r);

			if (mkdirat(fd, p, mode) == 0 || errno == EEXIST) {
				nfd = openat(fd, p,
					     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
				if (nfd >= 0)
					(void)fchmod(nfd, mode);
			}
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

static const char *base_name(const char *path)
{
	return strrchr(path, '/') + 1;
}

static int set_meta(int fd, const struct manifest_rec *r)
{
	struct timespec ts[2];

	ts[0] = r->atime;
	ts[1] = r->mtime;
	/* chown first: it clears set-id bits that fchmod then sets. */
	if (geteuid() == 0 && r->uid != (uid_t)-1 && fchown(fd, r->uid, r->gid) < 0)
		return -1;
	if (fchmod(fd, r->mode) < 0 || futimens(fd, ts) < 0)
		return -1;
	return 0;
}

static int put_content(int src, int fd, const struct manifest_rec *r)
{
	struct stat sb;
	off_t got;

	if (fstat(src, &sb) < 0)
		return -1;
	got = backup_copy_fd(src, fd, sb.st_size);
	if (got < 0 || ftruncate(fd, got) < 0)
		return -1;
	return set_meta(fd, r);
}

/* true when fd already holds src's bytes with r's mode and mtime. */
static bool same_state(int fd, int src, const struct manifest_rec *r)
{
	char a[16384], b[16384];
	struct stat fs, ss;
	off_t off = 0;
	ssize_t n, k;

	if (fstat(fd, &fs) < 0 || fstat(src, &ss) < 0 || fs.st_size != ss.st_size ||
	    (fs.st_mode & 07777) != r->mode || BACKUP_MTIM(&fs).tv_sec != r->mtime.tv_sec ||
	    BACKUP_MTIM(&fs).tv_nsec != r->mtime.tv_nsec)
		return false;
	if (fs.st_dev == ss.st_dev && fs.st_ino == ss.st_ino)
		return true;
	for (;;) {
		n = pread(fd, a, sizeof(a), off);
		k = pread(src, b, sizeof(b), off);
		if (n != k || n < 0)
			return false;
		if (n == 0)
			return true;
		if (memcmp(a, b, (size_t)n) != 0)
			return false;
		off += n;
	}
}

static bool same_ident(const struct stat *sb, const struct manifest_rec *r)
{
	return !r->has_ident || (sb->st_dev == r->dev && sb->st_ino == r->ino);
}

/* true when the folder at path is one a restore made again: the cycle
 * removed it after its record number after (mv a b; rm -rf b). */
static bool remade(const struct rctx *x, const char *path, size_t after)
{
	for (size_t i = after + 1; i < x->m->n; i++)
		if (x->m->v[i].op == MANIFEST_RMDIR && strcmp(x->m->v[i].path, path) == 0)
			return true;
	return false;
}

/* true when r's path is missing because it (or a folder above it), renamed
 * in the cycle before r was recorded, went back to its old name already
 * (a second restore): what r saved went back with it. */
static bool gone_with_folder(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	struct stat sb;

	for (size_t i = 0; i < x->cur; i++) {
		const struct manifest_rec *f = &x->m->v[i];

		if (f->op != MANIFEST_RENAMED || !path_covers(f->to, r->path))
			continue;
		if (pfd < 0) {
			pfd = open_parent(x, r->path, false, NULL);
			if (pfd >= 0 &&
			    fstatat(pfd, base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) == 0)
				return false;
			if (pfd < 0)
				pfd = -2; /* looked: missing */
		}
		{
			cleanup_fd int ffd = open_parent(x, f->path, false, NULL);

			if (ffd >= 0 &&
			    fstatat(ffd, base_name(f->path), &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
			    (same_ident(&sb, f) || (S_ISDIR(sb.st_mode) && remade(x, f->to, i))))
				return true;
		}
	}
	return false;
}

/* true when a and b are records of one file (the same dev and ino). */
static bool same_file_rec(const struct manifest_rec *a, const struct manifest_rec *b)
{
	return a->has_ident && b->has_ident && a->dev == b->dev && a->ino == b->ino;
}

static bool saved_rec(const struct manifest_rec *r)
{
	return (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE) && r->backup;
}

/* The record whose saved file holds r's content from before the cycle:
 * of all records of r's file (any of its names), the earliest copy, else
 * the earliest link (a copy is taken when a linked file is written
 * later: the link then holds the newer content). r when none. */
static const struct manifest_rec *content_source(const struct rctx *x,
						 const struct manifest_rec *r)
{
	const struct manifest_rec *link = NULL;

	if (!r->has_ident)
		return r;
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *s = &x->m->v[i];

		if (!saved_rec(s) || !same_file_rec(s, r))
			continue;
		if (!s->linked)
			return s;
		if (!link)
			link = s;
	}
	return link ? link : r;
}

/* A name in the folder dirfd of r's file (dev, ino): linked as name in
 * pfd. true when one was found and linked. */
static bool link_sibling(int dirfd, const struct manifest_rec *r, int pfd, const char *name)
{
	int dfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	struct dirent *e;
	struct stat sb;
	bool done = false;

	if (!d) {
		if (dfd >= 0)
			close(dfd);
		return false;
	}
	while (!done && (e = readdir(d)) != NULL)
		done = e->d_ino == r->ino &&
		       fstatat(dirfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		       S_ISREG(sb.st_mode) && same_ident(&sb, r) &&
		       linkat(dirfd, e->d_name, pfd, name, 0) == 0;
	closedir(d);
	return done;
}

/* r's path (name in pfd) is missing: give it back as one more name of
 * the file it named, when that file is still about: one this restore
 * made again for another of its names, the file itself under a name the
 * cycle recorded (checked by identity), or under another name in the
 * folder it was removed from (a rename over one name of a pair: the
 * other name was never recorded; looked for only when the file had more
 * names when it was saved). Never from the cycle's own link of it:
 * a file restored as that inode would change the cycle (and the trash,
 * which holds the same inode) with every later write.
 * Returns true when the name is back. */
static bool link_back(struct rctx *x, const struct manifest_rec *r, int pfd, const char *name)
{
	struct stat sb;

	if (!r->has_ident)
		return false;
	for (size_t i = 0; i < x->nmade; i++)
		if (x->made[i].dev == r->dev && x->made[i].ino == r->ino)
			return backup_copy_link_fd(x->made[i].fd, pfd, name) == 0;
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *s = &x->m->v[i];
		cleanup_fd int sfd = -1;

		if (s == r || !same_file_rec(s, r) || strcmp(s->path, r->path) == 0 ||
		    (s->op != MANIFEST_CONTENT && s->op != MANIFEST_REMOVE && s->op != MANIFEST_NAME))
			continue;
		sfd = open_parent(x, s->path, false, NULL);
		if (sfd >= 0 && fstatat(sfd, base_name(s->path), &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(sb.st_mode) && same_ident(&sb, r) &&
		    linkat(sfd, base_name(s->path), pfd, name, 0) == 0)
			return true;
	}
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *s = &x->m->v[i];
		cleanup_fd int sfd = -1;

		if (saved_rec(s) && s->nlink > 1 && same_file_rec(s, r) &&
		    (sfd = open_parent(x, s->path, false, NULL)) >= 0 &&
		    link_sibling(sfd, r, pfd, name))
			return true;
	}
	return false;
}

/* Remember the file fd made again for r's file (fd is duplicated). */
static void made_add(struct rctx *x, const struct manifest_rec *r, int fd)
{
	int dup = r->has_ident ? fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1;

	if (dup < 0)
		return;
	x->made = xreallocarray(x->made, x->nmade + 1, sizeof(*x->made));
	x->made[x->nmade++] = (struct made){ r->dev, r->ino, dup };
}

/* Undo r, a content, remove or name record with the saved file (backup)
 * and the old mode, owner and times of its file's content_source(). */
static void undo_saved(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int src = -1, pfd = -1, fd = -1;
	struct fsj_error err = { { 0 } };
	const char *name = base_name(r->path);
	struct stat sb;

	if (!r->backup) {
		act(x, "not-saved", r->path, NULL, false, r->skipped ? r->skipped : "not saved");
		return;
	}
	src = openat(x->filesfd, r->backup, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (src < 0 || fstat(src, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		act(x, "refuse", r->path, NULL, false, "the saved file is missing from the cycle");
		return;
	}
	if (x->o->dry_run && sim_brings(x, r->path))
		return; /* a move-back brings it */
	if (gone_with_folder(x, r))
		return;
	pfd = open_parent(x, r->path, true, r);
	if (pfd < 0 && errno == ENOENT && x->o->dry_run) {
		act(x, "recreate", r->path, NULL, true, "with its folders");
		return;
	}
	if (pfd < 0) {
		act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	fd = openat(pfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		if (x->o->dry_run) {
			act(x, "recreate", r->path, NULL, true, NULL);
			return;
		}
		if (link_back(x, r, pfd, name)) {
			act(x, "recreate", r->path, NULL, true, "another name of one file, as before");
			fd = openat(pfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		} else {
			fd = openat(pfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				    0600);
			if (fd < 0 || put_content(src, fd, r) < 0) {
				int e = errno;

				if (fd >= 0)
					(void)unlinkat(pfd, name, 0);
				act_errno(x, r->path, "cannot make it again", e);
				return;
			}
			made_add(x, r, fd);
			act(x, "recreate", r->path, NULL, true, NULL);
			return;
		}
	}
	if (fd < 0 || fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		act(x, "refuse", r->path, NULL, false,
		    "not a regular file now (a symlink, folder or device): left as it is");
		return;
	}
	if (same_state(fd, src, r))
		return;
	if (x->o->dry_run) {
		act(x, "restore-content", r->path, NULL, true, NULL);
		return;
	}
	/* What is overwritten is kept first: a restore can be undone too. */
	if (x->o->undo && backup_before_change(x->o->undo, pfd, name, fd, r->path,
					       BACKUP_CHANGE_CONTENT, "restore", &err) < 0) {
		act(x, "refuse", r->path, NULL, false, err.text);
		return;
	}
	if (put_content(src, fd, r) < 0) {
		act_errno(x, r->path, "cannot write it back", errno);
		return;
	}
	act(x, "restore-content", r->path, NULL, true, NULL);
}

/* A file changed, removed, or reached by another name (DESIGN.md section
 * 9: one backup per file, whatever name reached it): each of its names
 * gets the file's saved content back; a removed name comes back as a link
 * of the file where that is still about (link_back()). */
static void undo_content(struct rctx *x, const struct manifest_rec *r)
{
	const struct manifest_rec *s = content_source(x, r);
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
	bool swap = false;
	unsigned fl = 0;
	struct stat sb;
	int rc;

	if (x->o->dry_run &&
	    (sim_state(x, r->to) == SIM_GONE || sim_state(x, r->to) == SIM_SETTLED ||
	     sim_state(x, r->path) == SIM_SETTLED))
		return;
	if (x->o->dry_run && sim_state(x, r->to) == SIM_MADE && remade(x, r->to, x->cur)) {
		act(x, "move-back", r->to, r->path, true, NULL); /* the folder made again */
		sim_add(x, r->to, SIM_GONE);
		sim_add(x, r->path, SIM_THERE);
		return;
	}
	tfd = open_parent(x, r->to, false, NULL);
	if (tfd < 0 || fstatat(tfd, base_name(r->to), &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !(same_ident(&sb, r) || (S_ISDIR(sb.st_mode) && remade(x, r->to, x->cur))))
		return; /* moved back already, or gone */
	ffd = open_parent(x, r->path, true, NULL);
	if (ffd < 0 && !(errno == ENOENT && x->o->dry_run)) {
		act_errno(x, r->path, "cannot open its old folder", errno);
		return;
	}
	/* The second name of an exchange: both names swap back at once. */
	if ((x->o->dry_run && sim_state(x, r->path) == SIM_THERE) ||
	    (!(x->o->dry_run && sim_state(x, r->path) == SIM_GONE) && ffd >= 0 &&
	     fstatat(ffd, base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) == 0)) {
		if (!r->exchange) {
			act(x, "refuse", r->to, r->path, false,
			    "cannot move it back: its old name exists");
			return;
		}
		swap = true;
	}
	if (x->o->dry_run) {
		act(x, swap ? "swap-back" : "move-back", r->to, r->path, true, NULL);
		sim_add(x, r->to, swap ? SIM_SETTLED : SIM_GONE);
		sim_add(x, r->path, swap ? SIM_SETTLED : SIM_THERE);
		return;
	}
#ifdef __linux__
	fl = swap ? RENAME_EXCHANGE : RENAME_NOREPLACE;
	rc = renameat2(tfd, base_name(r->to), ffd, base_name(r->path), fl);
#else
	(void)fl;
	rc = swap ? (errno = ENOTSUP, -1)
		  : renameat(tfd, base_name(r->to), ffd, base_name(r->path));
#endif
	if (rc < 0) {
		act_errno(x, r->to, "cannot move it back", errno);
		return;
	}
	act(x, swap ? "swap-back" : "move-back", r->to, r->path, true, NULL);
}

static void undo_create(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	struct fsj_error err = { { 0 } };
	const char *name = base_name(r->path);
	struct stat sb;

	if (x->o->dry_run && sim_state(x, r->path) >= 0) {
		/* a move-back would have put the run's file there: trashed next */
		if (sim_state(x, r->path) == SIM_THERE)
			act(x, "trash", r->path, NULL, true, NULL);
		sim_add(x, r->path, SIM_GONE);
		return;
	}
	pfd = open_parent(x, r->path, false, NULL);
	if (pfd < 0 && errno == ENOENT)
		return;
	if (pfd < 0) {
		act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	if (fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0 || !same_ident(&sb, r))
		return; /* gone, or not what the run made */
	if (x->o->dry_run) {
		act(x, S_ISDIR(sb.st_mode) ? "remove-folder" : "trash", r->path, NULL, true, NULL);
		sim_add(x, r->path, SIM_GONE);
		return;
	}
	if (S_ISDIR(sb.st_mode) && unlinkat(pfd, name, AT_REMOVEDIR) == 0) {
		act(x, "remove-folder", r->path, NULL, true, "empty");
		return;
	}
	if (!x->o->home) {
		act(x, "refuse", r->path, NULL, false, "no trash: no home folder");
		return;
	}
	if (trash_move_at(x->o->home, pfd, name, r->path, NULL, &err) < 0) {
		act(x, "refuse", r->path, NULL, false, err.text);
		return;
	}
	act(x, "trash", r->path, NULL, true, NULL);
}

static void undo_rmdir(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1, fd = -1;
	struct stat sb;

	if (gone_with_folder(x, r))
		return;
	pfd = open_parent(x, r->path, true, r);
	if (pfd < 0 && errno == ENOENT && x->o->dry_run) {
		act(x, "mkdir", r->path, NULL, true, "with its folders");
		return;
	}
	if (pfd < 0) {
		act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	if (fstatat(pfd, base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) == 0)
		return;
	if (x->o->dry_run) {
		act(x, "mkdir", r->path, NULL, true, NULL);
		sim_add(x, r->path, SIM_MADE);
		return;
	}
	if (mkdirat(pfd, base_name(r->path), r->mode) < 0 ||
	    (fd = openat(pfd, base_name(r->path),
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		act_errno(x, r->path, "cannot make the folder", errno);
		return;
	}
	(void)set_meta(fd, r);
	act(x, "mkdir", r->path, NULL, true, NULL);
}

/* Put back the mode, owner and times r recorded on whatever object of
 * r's type is at its path now (the older records undone before this one
 * put the object itself back there). */
static void undo_meta(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1, fd = -1;
	const char *name = base_name(r->path);
	struct timespec ts[2] = { r->atime, r->mtime };
	struct stat sb;
	bool link;

	pfd = open_parent(x, r->path, false, NULL);
	if (pfd < 0 || fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
	    (sb.st_mode & S_IFMT) != r->type)
		return; /* gone, or another kind of object now: nothing of it to mend */
	link = S_ISLNK(sb.st_mode);
	if ((link || (sb.st_mode & 07777) == r->mode) &&
	    (geteuid() != 0 || (sb.st_uid == r->uid && sb.st_gid == r->gid)) &&
	    BACKUP_MTIM(&sb).tv_sec == r->mtime.tv_sec &&
	    BACKUP_MTIM(&sb).tv_nsec == r->mtime.tv_nsec)
		return;
	if (x->o->dry_run) {
		act(x, "restore-meta", r->path, NULL, true, NULL);
		return;
	}
	if (link) {
		if ((geteuid() == 0 &&
		     fchownat(pfd, name, r->uid, r->gid, AT_SYMLINK_NOFOLLOW) < 0) ||
		    utimensat(pfd, name, ts, AT_SYMLINK_NOFOLLOW) < 0) {
			act_errno(x, r->path, "cannot set its owner or times", errno);
			return;
		}
	} else if ((fd = openat(pfd, name,
				O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0 ||
		   set_meta(fd, r) < 0) {
		act_errno(x, r->path, "cannot set its mode, owner or times", errno);
		return;
	}
	act(x, "restore-meta", r->path, NULL, true, NULL);
}

/* Make a removed symlink or FIFO again (never over anything). */
static void undo_special(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	const char *name = base_name(r->path);
	struct timespec ts[2] = { r->atime, r->mtime };
	char target[PATH_MAX];
	struct stat sb;
	ssize_t n;

	if ((x->o->dry_run && sim_brings(x, r->path)) || gone_with_folder(x, r))
		return;
	pfd = open_parent(x, r->path, true, r);
	if (pfd < 0 && !(errno == ENOENT && x->o->dry_run)) {
		act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	if (pfd >= 0 && fstatat(pfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0) {
		n = r->type == S_IFLNK ? readlinkat(pfd, name, target, sizeof(target) - 1) : 0;
		if (n >= 0)
			target[n] = '\0';
		if ((sb.st_mode & S_IFMT) == r->type &&
		    (r->type != S_IFLNK || (n >= 0 && strcmp(target, r->target) == 0)))
			return; /* back already */
		act(x, "refuse", r->path, NULL, false, "cannot make it again: its name is taken");
		return;
	}
	if (x->o->dry_run) {
		act(x, "recreate", r->path, NULL, true, NULL);
		return;
	}
	if ((r->type == S_IFLNK ? symlinkat(r->target, pfd, name)
				: mkfifoat(pfd, name, r->mode & 0777)) < 0) {
		act_errno(x, r->path, "cannot make it again", errno);
		return;
	}
	/* Owner (as root), the mode past the umask, times: what fails is said. */
	if ((geteuid() == 0 && fchownat(pfd, name, r->uid, r->gid, AT_SYMLINK_NOFOLLOW) < 0) ||
	    (r->type == S_IFIFO && fchmodat(pfd, name, r->mode, AT_SYMLINK_NOFOLLOW) < 0) ||
	    utimensat(pfd, name, ts, AT_SYMLINK_NOFOLLOW) < 0) {
		act_errno(x, r->path, "made again, but cannot set its owner, mode or times", errno);
		return;
	}
	act(x, "recreate", r->path, NULL, true, NULL);
}

int restore_cycle(int cyclefd, const struct manifest *m, const struct restore_opts *o,
		  cJSON *actions, struct restore_counts *c)
{
	struct rctx x = { -1, m, o, actions, c, NULL, 0, 0, NULL, 0 };

	memset(c, 0, sizeof(*c));
	x.filesfd = openat(cyclefd, "files", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	for (size_t i = m->n; i-- > 0;) {
		const struct manifest_rec *r = &m->v[i];

		if (o->progress)
			o->progress(m->n - i, m->n, o->arg);
		if (!restore_wanted(r, o->paths, o->npaths))
			continue;
		x.cur = i;
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
			undo_create(&x, r);
			break;
		case MANIFEST_RMDIR:
			undo_rmdir(&x, r);
			break;
		case MANIFEST_META:
			undo_meta(&x, r);
			break;
		case MANIFEST_SPECIAL:
			undo_special(&x, r);
			break;
		case MANIFEST_CYCLE:
			break;
		}
	}
	if (x.filesfd >= 0)
		close(x.filesfd);
	for (size_t i = 0; i < x.nmade; i++)
		close(x.made[i].fd);
	free(x.made);
	free(x.sim);
	return c->failed ? -1 : 0;
}
