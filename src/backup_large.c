/* backup_large.c - see backup_large.h. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/ioctl.h>
#include <linux/fs.h>
#endif

#include "backup_copy.h"
#include "backup_large.h"
#include "escape.h"
#include "runevent.h"
#include "util.h"

int backup_large_clone(int filesfd, unsigned long *next, int fd, int dirfd, const char *name,
		       const struct stat *sb, char *num, size_t n)
{
#if defined(__linux__) && defined(FICLONE)
	cleanup_fd int own = -1, out = -1;
	struct stat ob;
	int in = backup_copy_readable(fd, dirfd, name, sb, &own), saved;

	if (in < 0)
		return -1;
	out = backup_copy_open_new(filesfd, next, num, n);
	if (out < 0)
		return -1;
	/* the whole file or nothing: a clone shorter than the file seen is
	 * no backup of it */
	if (ioctl(out, FICLONE, in) < 0 || fstat(out, &ob) < 0 || ob.st_size != sb->st_size) {
		saved = errno ? errno : EIO;
		(void)unlinkat(filesfd, num, 0);
		errno = saved;
		return -1;
	}
	(void)backup_copy_xattrs(in, out, NULL);
	return 0;
#else
	(void)filesfd, (void)next, (void)fd, (void)dirfd, (void)name, (void)sb, (void)num, (void)n;
	errno = ENOTSUP;
	return -1;
#endif
}

/* The changes that went on unsaved, for backup_large_said(): the first
 * LARGE_SAID_MAX by name (a summary, not a log: the audit log has all),
 * the rest counted. */
#define LARGE_SAID_MAX 16
static struct {
	pthread_mutex_t lock;
	char *path[LARGE_SAID_MAX];
	unsigned long long mb[LARGE_SAID_MAX];
	size_t n, more;
} unsaved = { PTHREAD_MUTEX_INITIALIZER, { NULL }, { 0 }, 0, 0 };

void backup_large_said(FILE *out)
{
	pthread_mutex_lock(&unsaved.lock);
	if (unsaved.n)
		fprintf(out, "fsjail: changed without a backup (over backup.max_size_mb, and no "
			     "clones on this filesystem): restore cannot bring back\n");
	for (size_t i = 0; i < unsaved.n; i++) {
		fputs("  ", out);
		fsj_put_term(out, unsaved.path[i]);
		fprintf(out, " (%llu MB)\n", unsaved.mb[i]);
		free(unsaved.path[i]);
	}
	if (unsaved.more)
		fprintf(out, "  and %zu more (fsjail log)\n", unsaved.more);
	unsaved.n = unsaved.more = 0;
	pthread_mutex_unlock(&unsaved.lock);
}

void backup_large_skipped(const struct backup_cycle *bc, const char *call, const char *path,
			  const struct stat *sb, enum fsj_cap cap)
{
	unsigned long long mb = ((unsigned long long)sb->st_size + (1u << 20) - 1) >> 20;
	/* the file's size, then the limit it is over (not "N MB over" it) */
	char *detail = xasprintf("not kept: %llu MB, over backup.max_size_mb (%llu MB)", mb,
				 bc->max_size >> 20);

	backup_audit(bc, call, path, cap, "backup-skipped", detail);
	run_event("backup", path, detail);
	fputs("fsjail: not kept: ", stderr);
	fsj_put_term(stderr, path); /* the command's name: escaped */
	fprintf(stderr, " (%llu MB, over backup.max_size_mb: %llu MB)\n", mb, bc->max_size >> 20);
	free(detail);
	pthread_mutex_lock(&unsaved.lock);
	if (unsaved.n < LARGE_SAID_MAX) {
		unsaved.path[unsaved.n] = xstrdup(path);
		unsaved.mb[unsaved.n++] = mb;
	} else {
		unsaved.more++;
	}
	pthread_mutex_unlock(&unsaved.lock);
}
