/* trash.c - the user's trash (see trash.h; freedesktop.org Trash
 * specification 1.0, renameat2(2) RENAME_NOREPLACE). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "backup_copy.h"
#ifdef __linux__
#include "mask.h"
#endif
#include "path.h"
#include "platform.h"
#include "runevent.h"
#include "trash.h"
#include "util.h"

char *trash_url_encode(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf sb = { 0 };
	const unsigned char *p;

	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-_.~", *p)) {
			sb_addc(&sb, (char)*p);
		} else {
			sb_addc(&sb, '%');
			sb_addc(&sb, hex[*p >> 4]);
			sb_addc(&sb, hex[*p & 15]);
		}
	}
	if (!sb.buf)
		sb_adds(&sb, "");
	return sb_detach(&sb);
}

int trash_open_dir(const char *dir)
{
	char *copy, *p, *next;
	int fd, nfd, saved;
	struct stat sb;

#ifdef __linux__
	/* There already (every delete after the first): one openat2 call. */
	fd = mask_open_exact(dir);
	if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode))
		return fd;
	if (fd >= 0)
		close(fd);
#else
	(void)sb;
#endif
	copy = xstrdup(dir);
	fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (p = copy; fd >= 0 && p && *p; p = next) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		next = strchr(p, '/');
		if (next)
			*next++ = '\0';
		if (mkdirat(fd, p, 0700) < 0 && errno != EEXIST) {
			saved = errno;
			close(fd);
			free(copy);
			errno = saved;
			return -1;
		}
		nfd = openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		saved = errno;
		close(fd);
		fd = nfd;
		errno = saved;
	}
	saved = errno;
	free(copy);
	errno = saved;
	return fd;
}

static int rename_noreplace(int olddir, const char *old, int newdir, const char *new)
{
#ifdef __linux__
	return renameat2(olddir, old, newdir, new, RENAME_NOREPLACE);
#else
	/* macOS renameatx_np(RENAME_EXCL) is not declared everywhere: check
	 * then rename (the trash is the user's own folder). */
	struct stat sb;

	if (fstatat(newdir, new, &sb, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(olddir, old, newdir, new);
#endif
}

/* Copy the regular file name (dirfd) into newdir/new, then unlink it. */
static int copy_across(int dirfd, const char *name, int newdir, const char *new)
{
	struct stat sb;
	int in, out, rc = -1, saved;

	in = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (in < 0)
		return -1;
	if (fstat(in, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		close(in);
		errno = EXDEV;
		return -1;
	}
	out = openat(newdir, new, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (out >= 0) {
		if (backup_copy_fd(in, out, sb.st_size) >= 0 &&
		    backup_copy_xattrs(in, out, NULL) >= 0 && fchmod(out, sb.st_mode & 07777) == 0 &&
		    fsync(out) == 0)
			rc = unlinkat(dirfd, name, 0);
		saved = errno;
		close(out);
		if (rc < 0)
			(void)unlinkat(newdir, new, 0);
		errno = saved;
	}
	saved = errno;
	close(in);
	errno = saved;
	return rc;
}

int trash_move_at(const char *home, int dirfd, const char *name, const char *path,
		  char **trashed_as, struct fsj_error *err)
{
	cleanup_free char *files = platform_trash_dir(home), *infodir = NULL, *base = NULL;
	cleanup_fd int ffd = -1, ifd = -1;
	char *cand = NULL, *info = NULL, date[32];
	struct tm tm;
	time_t now;
	int i, fd, saved = 0;
	bool with_info;

	with_info = platform_trash_has_info();
	if (!files)
		return fsj_error_set(err, NULL, 0, 0, "no trash folder: no absolute home");
	ffd = trash_open_dir(files);
	if (ffd < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot open trash folder '%s': %s", files,
			      strerror(saved));
		errno = saved;
		return -1;
	}
	if (with_info) {
		infodir = path_dirname(files);
		base = infodir;
		infodir = xasprintf("%s/info", base);
		ifd = trash_open_dir(infodir);
		if (ifd < 0) {
			saved = errno;
			fsj_error_set(err, NULL, 0, 0, "cannot open trash folder '%s': %s", infodir,
				      strerror(saved));
			errno = saved;
			return -1;
		}
	}
	now = time(NULL);
	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	for (i = 1; i < 10000; i++) {
		free(cand);
		cand = i == 1 ? xstrdup(name) : xasprintf("%s.%d", name, i);
		if (with_info) {
			cleanup_free char *enc = trash_url_encode(path);
			cleanup_free char *text = NULL;

			free(info);
			info = xasprintf("%s.trashinfo", cand);
			fd = openat(ifd, info, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				    0600);
			if (fd < 0) {
				if (errno == EEXIST)
					continue;
				saved = errno;
				break;
			}
			/* No fsync per file: what the trash holds is in the
			 * backup cycle too, made durable when it is committed. */
			text = xasprintf("[Trash Info]\nPath=%s\nDeletionDate=%s\n", enc, date);
			if (write_all(fd, text, strlen(text)) < 0) {
				saved = errno;
				close(fd);
				(void)unlinkat(ifd, info, 0);
				break;
			}
			close(fd);
		}
		if (rename_noreplace(dirfd, name, ffd, cand) == 0) {
			saved = 0;
			break;
		}
		saved = errno;
		if (saved == EXDEV && copy_across(dirfd, name, ffd, cand) == 0) {
			saved = 0;
			break;
		}
		if (saved == EXDEV)
			saved = errno;
		if (with_info)
			(void)unlinkat(ifd, info, 0);
		if (saved != EEXIST)
			break;
	}
	if (!saved && i >= 10000)
		saved = EEXIST;
	if (saved) {
		fsj_error_set(err, NULL, 0, 0, "cannot move '%s' to the trash: %s", path,
			      strerror(saved));
		free(cand);
		free(info);
		errno = saved;
		return -1;
	}
	if (trashed_as)
		*trashed_as = xasprintf("%s/%s", files, cand);
	{
		cleanup_free char *entry = xasprintf("%s/%s", files, cand);

		run_event("trash", path, entry);
	}
	free(cand);
	free(info);
	return 0;
}

int trash_move(const char *home, const char *path, char **trashed_as, struct fsj_error *err)
{
	cleanup_free char *dir = NULL;
	const char *slash = strrchr(path, '/');
	int fd, rc, saved;

	if (path[0] != '/' || !slash || !slash[1])
		return fsj_error_set(err, NULL, 0, 0, "cannot trash '%s': not an absolute file path",
				     path);
	dir = slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
	fd = open_dir_nosymlinks(dir);
	if (fd < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot open '%s': %s", dir, strerror(saved));
		errno = saved;
		return -1;
	}
	rc = trash_move_at(home, fd, slash + 1, path, trashed_as, err);
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}
