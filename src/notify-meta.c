/* notify-meta.c - the metadata calls the supervisor performs itself:
 * mode, owner, times, extended attributes (DESIGN.md section 2: `write`
 * covers them; Landlock does not govern them). chmod(2), chown(2),
 * utimensat(2), utime(2), utimes(2), setxattr(2), removexattr(2),
 * pidfd_getfd(2).
 *
 * A path call (chmod, fchmodat, fchmodat2, chown, lchown, fchownat,
 * chown32, lchown32, utime, utimes, futimesat, utimensat with a path,
 * setxattr, lsetxattr, removexattr, lremovexattr) is resolved once in the
 * caller's view (following the final symlink unless AT_SYMLINK_NOFOLLOW or
 * an l* call), needs `write` on the resolved path, and is performed on the
 * O_PATH descriptor held (AT_EMPTY_PATH, or /proc/self/fd/N). A
 * descriptor call (fchmod, fchown, fchown32, fsetxattr, fremovexattr,
 * utimensat with a NULL path, the AT_EMPTY_PATH forms) takes a copy of
 * the caller's descriptor (pidfd_getfd), needs `write` on the path the
 * kernel gives for it, and is performed on the copy. Time and xattr values
 * are read from the caller once. What the command made through the
 * supervisor in this run (made_here) needs no `write`: a path granted
 * create only may be given its first mode and times (touch, cp -p, tar x
 * there). i386's 16-bit chown, lchown, fchown and
 * the path-less setxattrat/removexattrat are refused (EPERM, ENOSYS).
 * Whether a change may be made, and what is saved first for restore:
 * notify-meta-guard.c. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "notify-int.h"
#include "notify-meta.h"
#include "util.h"

#define XATTR_NAME_LEN 255

static const struct meta_call meta_calls[] = {
	{ "chmod", M_MODE, -1, 0, -1, 1, true },
	{ "fchmod", M_MODE, 0, -1, -1, 1, true },
	{ "fchmodat", M_MODE, 0, 1, -1, 2, true },
	{ "fchmodat2", M_MODE, 0, 1, 3, 2, true },
	{ "chown", M_OWNER, -1, 0, -1, 1, true },
	{ "chown32", M_OWNER, -1, 0, -1, 1, true },
	{ "lchown", M_OWNER, -1, 0, -1, 1, false },
	{ "lchown32", M_OWNER, -1, 0, -1, 1, false },
	{ "fchown", M_OWNER, 0, -1, -1, 1, true },
	{ "fchown32", M_OWNER, 0, -1, -1, 1, true },
	{ "fchownat", M_OWNER, 0, 1, 4, 2, true },
	{ "utime", M_TIMES, -1, 0, -1, 1, true },
	{ "utimes", M_TIMES, -1, 0, -1, 1, true },
	{ "futimesat", M_TIMES, 0, 1, -1, 2, true },
	{ "utimensat", M_TIMES, 0, 1, 3, 2, true },
	{ "utimensat_time64", M_TIMES, 0, 1, 3, 2, true },
	{ "setxattr", M_SETX, -1, 0, -1, 1, true },
	{ "lsetxattr", M_SETX, -1, 0, -1, 1, false },
	{ "fsetxattr", M_SETX, 0, -1, -1, 1, true },
	{ "removexattr", M_REMOVEX, -1, 0, -1, 1, true },
	{ "lremovexattr", M_REMOVEX, -1, 0, -1, 1, false },
	{ "fremovexattr", M_REMOVEX, 0, -1, -1, 1, true },
};

const char *notify_meta_call(size_t i)
{
	return i < sizeof(meta_calls) / sizeof(meta_calls[0]) ? meta_calls[i].name : NULL;
}

bool notify_note_made(struct notify *nt, const struct stat *st)
{
	if (nt->n_made == nt->cap_made) {
		nt->cap_made = nt->cap_made ? 2 * nt->cap_made : 64;
		nt->made = xreallocarray(nt->made, nt->cap_made, sizeof(*nt->made));
	}
	nt->made[nt->n_made++] = (struct notify_made){ st->st_dev, st->st_ino };
	return nt->bc != NULL;
}

/* The command made st's file through the supervisor in this run (newest
 * first: cp -p and tar x set what they just made). Weak spot: an inode
 * number the command freed and another process reused on the same
 * filesystem during the run would match too. */
bool notify_made_here(const struct notify *nt, const struct stat *st)
{
	size_t i;

	for (i = nt->n_made; i-- > 0;)
		if (nt->made[i].ino == st->st_ino && nt->made[i].dev == st->st_dev)
			return true;
	return false;
}

static uint64_t addr(const struct job *j, uint64_t a)
{
	return j->c->compat ? (uint32_t)a : a;
}

/* Read the times at a in the layout of the call. 0, or an errno. */
static int read_times(struct job *j, const char *name, uint64_t a, struct meta_val *v)
{
	int64_t w[4];
	int32_t h[4];
	bool tv = strcmp(name, "utimes") == 0 || strcmp(name, "futimesat") == 0;
	bool ub = strcmp(name, "utime") == 0, wide = !j->c->compat || strcmp(name, "utimensat_time64") == 0;
	size_t n = ub ? 2 : 4, i;

	if (!a) {
		v->now = true;
		return 0;
	}
	if (wide ? notify_mem_read(j->tr, a, w, n * 8) : notify_mem_read(j->tr, a, h, n * 4))
		return EFAULT;
	for (i = 0; !wide && i < n; i++)
		w[i] = h[i];
	if (j->c->compat && wide)
		w[1] = (uint32_t)w[1], w[3] = (uint32_t)w[3]; /* the kernel keeps 32 bits */
	if (ub) {
		v->ts[0] = (struct timespec){ (time_t)w[0], 0 };
		v->ts[1] = (struct timespec){ (time_t)w[1], 0 };
		return 0;
	}
	if (tv && (w[1] < 0 || w[1] > 999999 || w[3] < 0 || w[3] > 999999))
		return EINVAL;
	v->ts[0] = (struct timespec){ (time_t)w[0], (long)(tv ? w[1] * 1000 : w[1]) };
	v->ts[1] = (struct timespec){ (time_t)w[2], (long)(tv ? w[3] * 1000 : w[3]) };
	return 0;
}

/* Read what the call sets. 0, or an errno (refusals recorded: -1). */
static int read_values(struct job *j, const struct meta_call *m, struct meta_val *v)
{
	const uint64_t *a = j->c->args;
	uint64_t x = a[(int)m->val];

	switch (m->kind) {
	case M_MODE:
		v->mode = (mode_t)(x & 07777);
		return 0;
	case M_OWNER:
		v->uid = (uid_t)(uint32_t)x;
		v->gid = (gid_t)(uint32_t)a[m->val + 1];
		return 0;
	case M_TIMES:
		return read_times(j, m->name, addr(j, x), v);
	case M_SETX:
	case M_REMOVEX:
		if (notify_read_path(j->tr, j->nt->page_size, addr(j, x), v->name) < 0)
			return EFAULT;
		if (!v->name[0] || strlen(v->name) > XATTR_NAME_LEN)
			return ERANGE;
		if (m->kind == M_REMOVEX)
			return 0;
		v->size = (size_t)(j->c->compat ? (uint32_t)a[m->val + 2] : a[m->val + 2]);
		v->xflags = (int)(uint32_t)a[m->val + 3];
		if (v->size > XATTR_VALUE_MAX)
			return E2BIG;
		if (v->size && notify_mem_read(j->tr, addr(j, a[m->val + 1]), v->value, v->size) < 0)
			return EFAULT;
		return 0;
	}
	return EINVAL;
}

/* Perform the change on fd (O_PATH, or the caller's own file with
 * real = true). 0 or the errno. */
static int perform(const struct meta_call *m, const struct meta_val *v, int fd, bool real,
		   const struct stat *st)
{
	char link[64];
	int r;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	switch (m->kind) {
	case M_MODE:
		if (S_ISLNK(st->st_mode))
			return EOPNOTSUPP;
		r = real ? fchmod(fd, v->mode) : chmod(link, v->mode);
		break;
	case M_OWNER:
		r = fchownat(fd, "", v->uid, v->gid, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
		break;
	case M_TIMES:
		r = utimensat(fd, "", v->now ? NULL : v->ts, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
		break;
	case M_SETX:
	case M_REMOVEX:
		/* No open of the file (FIFO, device); the magic link leads
		 * to the object itself. A symlink's own xattrs: refused. */
		if (!real && S_ISLNK(st->st_mode))
			return EPERM;
		if (m->kind == M_SETX)
			r = real ? fsetxattr(fd, v->name, v->value, v->size, v->xflags)
				 : setxattr(link, v->name, v->value, v->size, v->xflags);
		else
			r = real ? fremovexattr(fd, v->name) : removexattr(link, v->name);
		break;
	default:
		return EINVAL;
	}
	return r < 0 ? errno : 0;
}

/* The descriptor form: the caller's descriptor n itself. */
static int op_meta_fd(struct job *j, const struct meta_call *m, const struct meta_val *v, int n)
{
	cleanup_fd int fd = -1;
	cleanup_free char *path = NULL;
	struct stat st;
	bool as_mode = false;

	if (n < 0)
		return nj_answer(j, EBADF);
	fd = nj_caller_fd(j, n);
	if (fd < 0)
		return errno == EBADF ? nj_answer(j, EBADF)
				      : nj_refuse(j, FSJ_CAP_WRITE, NULL,
						  "the caller's descriptor cannot be taken", EACCES, NULL);
	if (fstat(fd, &st) < 0)
		return nj_answer(j, errno);
	path = notify_fd_path(fd);
	if (!path && !meta_pathless_ok(&st))
		return nj_refuse(j, FSJ_CAP_WRITE, NULL, "a descriptor without a path", EACCES,
				 NULL);
	if (path && !notify_made_here(j->nt, &st) && !nj_need(j, path, FSJ_CAPBIT(FSJ_CAP_WRITE)))
		return 0;
	if (meta_setid_refused(j, m, v, &st, path) || meta_opens_refused(j, m, v, &st, path) ||
	    meta_acl_refused(j, m, v, fd, &st, path, &as_mode))
		return 0;
	if (path && !meta_save(j, m, v, &(struct loc){ .parent = -1, .obj = fd, .path = path, .st = st },
			       as_mode))
		return 0;
	return nj_answer(j, perform(m, v, fd, true, &st));
}

int notify_op_meta(struct job *j)
{
	const struct notify_call *c = j->c;
	const struct meta_call *m = NULL;
	const uint64_t *a = c->args;
	static struct meta_val v; /* one supervisor thread; too big for its stack */
	char raw[PATH_MAX];
	unsigned flags = 0, known = AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH;
	int dfd = AT_FDCWD, e;
	uint64_t p = 0;
	bool as_mode = false;
	struct loc l;
	size_t i;

	for (i = 0; i < sizeof(meta_calls) / sizeof(meta_calls[0]); i++)
		if (strcmp(meta_calls[i].name, c->name) == 0)
			m = &meta_calls[i];
	if (!m || (c->compat && (strcmp(c->name, "chown") == 0 || strcmp(c->name, "lchown") == 0 ||
				 strcmp(c->name, "fchown") == 0)))
		return nj_refuse(j, FSJ_CAP_WRITE, NULL, "a 16-bit or unknown metadata call", EPERM,
				 NULL);
	if (m->flags >= 0)
		flags = (unsigned)a[(int)m->flags];
	if (m->dfd >= 0)
		dfd = (int)(uint32_t)a[(int)m->dfd];
	if (m->path >= 0)
		p = addr(j, a[(int)m->path]);
	if (flags & ~known)
		return nj_answer(j, EINVAL);
	memset(&v, 0, sizeof(v));
	e = read_values(j, m, &v);
	if (e)
		return nj_answer(j, e);
	if (!meta_caps_ok(j, m, &v))
		return nj_refuse(j, FSJ_CAP_WRITE, NULL, "the caller lacks a capability fsjail holds",
				 EPERM, NULL);
	/* utimensat, futimesat with a NULL path: the descriptor itself. */
	if (m->kind == M_TIMES && m->dfd >= 0 && !p && flags)
		return nj_answer(j, EINVAL);
	if (m->path < 0 || (m->kind == M_TIMES && m->dfd >= 0 && !p))
		return op_meta_fd(j, m, &v, dfd);
	if (!nj_get_path(j, p, raw))
		return 0;
	if (!raw[0] && (flags & AT_EMPTY_PATH))
		return op_meta_fd(j, m, &v, dfd);
	if (!nj_find(j, dfd, raw, m->follow && !(flags & AT_SYMLINK_NOFOLLOW) ? LK_FOLLOW : 0, &l))
		return 0;
	if (l.obj < 0)
		e = ENOENT;
	else if (!l.path && !meta_pathless_ok(&l.st))
		e = -1, nj_refuse(j, FSJ_CAP_WRITE, NULL, "an object without a path", EACCES, NULL);
	else if (l.path && !notify_made_here(j->nt, &l.st) && !nj_need(j, l.path, FSJ_CAPBIT(FSJ_CAP_WRITE)))
		e = -1;
	else if (meta_setid_refused(j, m, &v, &l.st, l.path) ||
		 meta_opens_refused(j, m, &v, &l.st, l.path) ||
		 meta_acl_refused(j, m, &v, l.obj, &l.st, l.path, &as_mode))
		e = -1;
	else if (l.path && !meta_save(j, m, &v, &l, as_mode))
		e = -1;
	else
		e = perform(m, &v, l.obj, false, &l.st);
	if (e >= 0)
		nj_answer(j, e);
	notify_loc_release(&l);
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_meta_not_this_system;
#endif /* __linux__ */
