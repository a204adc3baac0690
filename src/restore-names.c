/* restore-names.c - see restore-int.h: the names of one file (a record
 * per file per cycle, others as "name" records; DESIGN.md section 9, issue
 * 14) come back as hard links of one inode (from the trash:
 * restore-trash.c). Links by linkat(2) on folder descriptors
 * (rs_open_parent()), never following a symlink. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_copy.h"
#include "fdlimit.h"
#include "path.h"
#include "platform.h"
#include "restore-int.h"
#include "restore-remade.h"
#include "restore-xattr.h"
#include "util.h"

/* true when a and b are records of one file (the same dev and ino). */
static bool same_file_rec(const struct manifest_rec *a, const struct manifest_rec *b)
{
	return a->has_ident && b->has_ident && a->dev == b->dev && a->ino == b->ino;
}

static bool saved_rec(const struct manifest_rec *r)
{
	return (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE) && r->backup;
}

/* An entry of x->files is BACKUP_IDENT_NONE while one record names the
 * file, BACKUP_IDENT_COPIED once a second one does. */
static bool is_file_rec(const struct manifest_rec *r)
{
	return r->has_ident &&
	       (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE || r->op == MANIFEST_NAME ||
		r->op == MANIFEST_RENAMED || r->op == MANIFEST_CREATED);
}

void rs_names_begin(struct rctx *x)
{
	rs_gone_begin(x); /* restore-gone.c */
	(void)fsj_nofile_raise(); /* x->made: a descriptor per file made again */
	x->files = backup_index_new();
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *r = &x->m->v[i];
		struct backup_ident *id;

		if (!is_file_rec(r))
			continue;
		id = backup_index_ident(x->files, r->dev, r->ino, false, NULL);
		if (id)
			id->state = BACKUP_IDENT_COPIED;
		else
			(void)backup_index_ident(x->files, r->dev, r->ino, true, NULL);
	}
	rs_first_begin(x); /* restore-first-ix.c */
}

void rs_names_end(struct rctx *x)
{
	for (size_t i = 0; i < x->nmade; i++)
		close(x->made[i].fd);
	free(x->made);
	x->made = NULL;
	x->nmade = 0;
	backup_index_free(x->files);
	x->files = NULL;
	rs_gone_end(x);
}

/* true when more than one record of the cycle names r's file. */
static bool shared(const struct rctx *x, const struct manifest_rec *r)
{
	const struct backup_ident *id;

	if (!r->has_ident || !x->files)
		return false;
	id = backup_index_ident(x->files, r->dev, r->ino, false, NULL);
	return id && id->state != BACKUP_IDENT_NONE;
}

bool rs_move_done(const struct rctx *x, const struct manifest_rec *r)
{
	struct stat sb;

	return rs_files(x, r) >= 0 && r->backup &&
	       fstatat(rs_files(x, r), r->backup, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISREG(sb.st_mode) && rs_same_ident(&sb, r);
}

const struct manifest_rec *rs_content_source(const struct rctx *x, const struct manifest_rec *r)
{
	const struct manifest_rec *link = NULL;

	if (!shared(x, r))
		return r;
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *s = &x->m->v[i];

		if (!saved_rec(s) || !same_file_rec(s, r) || (s->moved && !rs_move_done(x, s)))
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
		       S_ISREG(sb.st_mode) && rs_same_ident(&sb, r) &&
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
bool rs_link_back(struct rctx *x, const struct manifest_rec *r, int pfd, const char *name)
{
	struct stat sb;

	if (!r->has_ident || (!shared(x, r) && r->nlink < 2))
		return false;
	for (size_t i = 0; i < x->nmade; i++)
		if (!x->made[i].anon && x->made[i].dev == r->dev && x->made[i].ino == r->ino)
			return backup_copy_link_fd(x->made[i].fd, pfd, name) == 0;
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *s = &x->m->v[i];
		/* a name the run gave it that this restore has not undone yet */
		const char *at = s->op == MANIFEST_RENAMED ? s->to : s->path;
		cleanup_fd int sfd = -1;

		if (s == r || !same_file_rec(s, r) || strcmp(at, r->path) == 0 ||
		    (s->op != MANIFEST_CONTENT && s->op != MANIFEST_REMOVE &&
		     s->op != MANIFEST_NAME && s->op != MANIFEST_RENAMED &&
		     !(s->op == MANIFEST_META && s->type == S_IFREG)))
			continue;
		sfd = rs_open_parent(x, at, false, NULL);
		if (sfd >= 0 && fstatat(sfd, rs_base_name(at), &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(sb.st_mode) && rs_same_ident(&sb, r) &&
		    linkat(sfd, rs_base_name(at), pfd, name, 0) == 0)
			return true;
	}
	for (size_t i = 0; i < x->m->n; i++) {
		const struct manifest_rec *s = &x->m->v[i];
		cleanup_fd int sfd = -1;

		/* the folder of each name it had: saved there, or renamed from */
		if (((saved_rec(s) && s->nlink > 1) || (s->op == MANIFEST_RENAMED && r->nlink > 1)) &&
		    same_file_rec(s, r) && (sfd = rs_open_parent(x, s->path, false, NULL)) >= 0 &&
		    link_sibling(sfd, r, pfd, name))
			return true;
	}
	return false;
}

bool rs_same_bytes(int a, int b)
{
	char p[16384], q[16384];
	struct stat as, bs;
	off_t off = 0;
	ssize_t n, k;

	if (fstat(a, &as) < 0 || fstat(b, &bs) < 0 || as.st_size != bs.st_size)
		return false;
	if (as.st_dev == bs.st_dev && as.st_ino == bs.st_ino)
		return true;
	for (;;) {
		n = pread(a, p, sizeof(p), off);
		k = pread(b, q, sizeof(q), off);
		if (n != k || n < 0)
			return false;
		if (n == 0)
			return true;
		if (memcmp(p, q, (size_t)n) != 0)
			return false;
		off += n;
	}
}

/* true when the record v names path, as its path or its "to". */
static bool names(const struct manifest_rec *v, const char *path)
{
	return strcmp(v->path, path) == 0 || (v->to && strcmp(v->to, path) == 0);
}

bool rs_went_back(struct rctx *x, const struct manifest_rec *r, int src)
{
	cleanup_fd int pfd = -1, fd = -1;
	const struct manifest_rec *f;
	size_t fi = x->cur;
	struct stat sb;

	for (size_t i = x->cur; i-- > 0;)
		if (x->m->v[i].op == MANIFEST_RENAMED && !x->answered[i] &&
		    strcmp(x->m->v[i].to, r->path) == 0) {
			fi = i;
			break;
		}
	f = fi < x->cur ? &x->m->v[fi] : NULL;
	if (!f || !same_file_rec(f, r))
		return false; /* the newest rename onto the path brought another file */
	for (size_t k = fi + 1; k < x->cur; k++)
		if (names(&x->m->v[k], f->path))
			return false;
	if (x->o->dry_run && rs_sim_state(x, f->path) == SIM_GONE)
		return false;
	pfd = rs_open_parent(x, f->path, false, NULL);
	if (pfd < 0 || fstatat(pfd, rs_base_name(f->path), &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISREG(sb.st_mode))
		return false;
	if (rs_same_ident(&sb, r))
		return true;
	fd = openat(pfd, rs_base_name(f->path), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	return fd >= 0 && rs_same_bytes(fd, src);
}

/* Remember the file fd made again for r's file (fd is duplicated). */
void rs_made_add(struct rctx *x, const struct manifest_rec *r, int fd)
{
	int dup = shared(x, r) ? fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1;

	if (dup < 0)
		return;
	x->made = xreallocarray(x->made, x->nmade + 1, sizeof(*x->made));
	x->made[x->nmade++] = (struct made){ r->dev, r->ino, dup, false };
}

bool rs_made_is(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb)
{
	struct stat ms;

	for (size_t i = 0; r->has_ident && i < x->nmade; i++)
		if (!x->made[i].anon && x->made[i].dev == r->dev && x->made[i].ino == r->ino &&
		    fstat(x->made[i].fd, &ms) == 0 && ms.st_dev == sb->st_dev &&
		    ms.st_ino == sb->st_ino)
			return true;
	return false;
}

bool rs_made_anon(const struct rctx *x, const struct stat *sb)
{
	struct stat ms;

	for (size_t i = 0; S_ISDIR(sb->st_mode) && i < x->nmade; i++)
		if (x->made[i].anon && fstat(x->made[i].fd, &ms) == 0 &&
		    ms.st_dev == sb->st_dev && ms.st_ino == sb->st_ino)
			return true;
	return false;
}
