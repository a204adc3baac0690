/* backup_dirattrs.c - a folder's extended attributes in its "rmdir"
 * record (backup_dirattrs.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif

#include "backup_dirattrs.h"
#include "util.h"

/* The names kept (backup_dirattrs.h). */
static bool kept(const char *n)
{
	return strncmp(n, "user.", 5) == 0 || strcmp(n, "system.posix_acl_access") == 0 ||
	       strcmp(n, "system.posix_acl_default") == 0;
}

#ifdef __linux__
/* XATTR_LIST_MAX (linux/limits.h) */
enum {
	LIST_MAX = 65536
};

static void hex_add(struct strbuf *sb, const unsigned char *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		sb_addc(sb, digits[p[i] >> 4]);
		sb_addc(sb, digits[p[i] & 15]);
	}
}

char *backup_dir_xattrs(int dirfd, const char *name, const struct stat *want, const char **why)
{
	cleanup_fd int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	cleanup_free char *list = NULL, *val = NULL;
	struct strbuf out = STRBUF_INIT;
	size_t total = 0;
	struct stat st;
	ssize_t n, len;

	*why = NULL;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || st.st_dev != want->st_dev || st.st_ino != want->st_ino) {
		*why = "the folder changed during the call";
		return NULL;
	}
	list = xmalloc(LIST_MAX);
	n = flistxattr(fd, list, LIST_MAX);
	if (n < 0 && errno != ENOTSUP) {
		*why = "a folder older than the run whose extended attributes cannot be listed: "
		       "restore could not make it again with them";
		return NULL;
	}
	val = xmalloc(BACKUP_DIRATTRS_MAX + 1);
	for (char *p = list; n > 0 && p < list + n; p += strlen(p) + 1) {
		if (!kept(p))
			continue;
		len = fgetxattr(fd, p, val, BACKUP_DIRATTRS_MAX + 1);
		total += strlen(p) + (len > 0 ? (size_t)len : 0);
		if (len < 0 || total > BACKUP_DIRATTRS_MAX) {
			*why = len < 0 && errno != ERANGE
				       ? "a folder older than the run whose extended attributes "
					 "cannot be read: restore could not make it again with them"
				       : "a folder older than the run with more extended attributes "
					 "than a backup record keeps: restore could not make it "
					 "again with them";
			sb_release(&out);
			return NULL;
		}
		if (out.len)
			sb_addc(&out, ',');
		hex_add(&out, (const unsigned char *)p, strlen(p));
		sb_addc(&out, ':');
		hex_add(&out, (const unsigned char *)val, (size_t)len);
	}
	return out.len ? sb_detach(&out) : (sb_release(&out), NULL);
}

/* The value of the hexadecimal digit c, or -1. */
static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decode the n hexadecimal digits at s into out (n / 2 bytes); false when
 * n is odd or a byte is not a digit. */
static bool unhex(const char *s, size_t n, unsigned char *out)
{
	if (n % 2)
		return false;
	for (size_t i = 0; i < n; i += 2) {
		int hi = hexval(s[i]), lo = hexval(s[i + 1]);

		if (hi < 0 || lo < 0)
			return false;
		out[i / 2] = (unsigned char)(hi << 4 | lo);
	}
	return true;
}

int backup_dir_xattrs_put(int fd, const char *enc, char **lost)
{
	struct strbuf why = STRBUF_INIT;
	unsigned char *buf = xmalloc(strlen(enc) / 2 + 2);
	int nlost = 0;

	*lost = NULL;
	for (const char *item = enc; *item;) {
		size_t ilen = strcspn(item, ","), nlen = strcspn(item, ":");
		const char *e = NULL, *name = (const char *)buf;
		size_t vlen;

		if (nlen >= ilen || nlen == 0 || !unhex(item, nlen, buf) ||
		    memchr(buf, 0, nlen / 2) ||
		    !unhex(item + nlen + 1, ilen - nlen - 1, buf + nlen / 2 + 1)) {
			name = "(unreadable record)";
			e = "not in the format backups write";
		} else {
			buf[nlen / 2] = '\0';
			vlen = (ilen - nlen - 1) / 2;
			if (!kept(name))
				e = "not a name backups keep";
			else if (fsetxattr(fd, name, buf + nlen / 2 + 1, vlen, 0) < 0)
				e = errno == EPERM ? "not allowed to this user" : strerror(errno);
		}
		if (e) {
			sb_addf(&why, "%s%s", nlost ? ", " : "", name);
			if (nlost++ == 0)
				sb_addf(&why, " (%s)", e);
		}
		item += ilen + (item[ilen] == ',');
	}
	free(buf);
	if (nlost)
		*lost = sb_detach(&why);
	else
		sb_release(&why);
	return nlost;
}

void backup_acls_drop(int fd)
{
	(void)fremovexattr(fd, "system.posix_acl_access");
	(void)fremovexattr(fd, "system.posix_acl_default");
}

#else /* no extended attributes kept elsewhere */
void backup_acls_drop(int fd)
{
	(void)fd;
}

char *backup_dir_xattrs(int dirfd, const char *name, const struct stat *want, const char **why)
{
	(void)dirfd;
	(void)name;
	(void)want;
	(void)kept;
	*why = NULL;
	return NULL;
}

int backup_dir_xattrs_put(int fd, const char *enc, char **lost)
{
	(void)fd;
	(void)enc;
	*lost = NULL;
	return 0;
}
#endif
