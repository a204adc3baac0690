/* restore-xattr.c - see restore-xattr.h. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif

#include "backup_copy.h"
#include "backup_dirattrs.h"
#include "restore-dirattrs.h"
#include "restore-xattr.h"
#include "util.h"

void rs_put_xattrs(struct rctx *x, int src, int fd, const struct manifest_rec *r)
{
	cleanup_free char *lost = NULL, *d = NULL;

	backup_acls_drop(fd); /* inherited from its folder: the copy's instead */
	(void)backup_copy_xattrs(src, fd, &lost);
	(void)fchmod(fd, r->mode);
	if (!lost && !r->xattrs_lost)
		return;
	d = xasprintf("extended attributes not kept: %s%s%s%s",
		      r->xattrs_lost ? r->xattrs_lost : "",
		      r->xattrs_lost ? " (not in the cycle's copy)" : "",
		      r->xattrs_lost && lost ? "; " : "", lost ? lost : "");
	rs_attrs_lost(x, r, d);
}

#ifdef __linux__
/* XATTR_LIST_MAX and XATTR_SIZE_MAX (linux/limits.h) */
enum { XLIST_MAX = 65536, XVAL_MAX = 65536 };

/* fd's xattr names into list (XLIST_MAX bytes): their length, 0 where the
 * filesystem keeps none, or -1 with errno set. */
static ssize_t names_of(int fd, char *list)
{
	ssize_t n = flistxattr(fd, list, XLIST_MAX);

	return n < 0 && (errno == ENOTSUP || errno == EOPNOTSUPP) ? 0 : n;
}

/* true when name is a user.* attribute on b with a's value (a holds it). */
static bool same_value(int a, int b, const char *name, char *va, char *vb)
{
	ssize_t la = fgetxattr(a, name, va, XVAL_MAX), lb = fgetxattr(b, name, vb, XVAL_MAX);

	return la >= 0 && la == lb && memcmp(va, vb, (size_t)la) == 0;
}

/* Each user.* name of from's list is on to with the same value, or
 * (put) is set there; with put, each user.* name of to's that from lacks
 * is removed. true when they were the same (put: when all went well). */
static bool user_xattrs(int from, int to, bool put)
{
	char *lf = xmalloc(XLIST_MAX), *lt = xmalloc(XLIST_MAX);
	char *va = xmalloc(XVAL_MAX), *vb = xmalloc(XVAL_MAX);
	ssize_t nf = names_of(from, lf), nt = names_of(to, lt), len;
	bool ok = nf >= 0 && nt >= 0;

	for (char *p = lf; ok && p < lf + nf; p += strlen(p) + 1) {
		if (strncmp(p, "user.", 5) != 0 || same_value(from, to, p, va, vb))
			continue;
		len = put ? fgetxattr(from, p, va, XVAL_MAX) : -1;
		ok = len >= 0 && fsetxattr(to, p, va, (size_t)len, 0) == 0;
	}
	for (char *p = lt; ok && p < lt + nt; p += strlen(p) + 1)
		if (strncmp(p, "user.", 5) == 0 && fgetxattr(from, p, NULL, 0) < 0)
			ok = put && fremovexattr(to, p) == 0;
	free(lf);
	free(lt);
	free(va);
	free(vb);
	return ok;
}

bool rs_same_user_xattrs(int fd, int src)
{
	return user_xattrs(src, fd, false);
}

void rs_put_user_xattrs(struct rctx *x, int src, int fd, const struct manifest_rec *r)
{
	if (!r->xattrs_lost && !user_xattrs(src, fd, true))
		rs_act_errno(x, r->path, "cannot give its user.* extended attributes back",
			     errno ? errno : EIO);
}
#else
bool rs_same_user_xattrs(int fd, int src)
{
	(void)fd;
	(void)src;
	return true;
}

void rs_put_user_xattrs(struct rctx *x, int src, int fd, const struct manifest_rec *r)
{
	(void)x;
	(void)src;
	(void)fd;
	(void)r;
}
#endif
