/* backup_keep.c - see backup_keep.h. The check after the move is what
 * makes it race-free: whatever a second process renames onto the name
 * between the caller's check and the rename is what arrives in files/,
 * and its identity says so; it goes back, never unlinked (as
 * backup_take.c does for a run's removal). backup_keep_made() records what
 * a restore made again. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup-int.h"
#include "backup_copy.h"
#include "backup_keep.h"
#include "backup_spare.h"
#include "manifest.h"
#include "platform.h"
#include "trash.h"
#include "util.h"

/* 1 when the folder name in dirfd (not followed) has no entry, 0 when
 * it has, -1 with errno set. */
static int folder_empty(int dirfd, const char *name)
{
	return backup_dir_holds_only(dirfd, name, NULL, 0);
}

/* The record of want's removal from path, by its kind; NULL with errno. */
static cJSON *keep_record(int dirfd, const char *name, const char *path, const struct stat *want,
			  const char *num)
{
	cJSON *rec = NULL;
	int fd, e;

	if (S_ISREG(want->st_mode)) {
		rec = manifest_record("remove", path, want);
		cJSON_AddStringToObject(rec, "backup", num);
		cJSON_AddStringToObject(rec, "method", "move");
	} else if (S_ISDIR(want->st_mode)) {
		rec = manifest_record("rmdir", path, want);
	} else if (S_ISLNK(want->st_mode) || S_ISFIFO(want->st_mode)) {
#ifdef O_PATH
		fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
#else
		fd = openat(dirfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
#endif
		rec = fd >= 0 ? manifest_other_record("special", path, fd, want) : NULL;
		e = errno;
		if (fd >= 0)
			close(fd);
		errno = e;
	} else if (!S_ISSOCK(want->st_mode)) {
		errno = EINVAL;
	}
	if (rec) {
		manifest_add_int(rec, "time", (long long)time(NULL));
		cJSON_AddStringToObject(rec, "call", "restore");
	}
	return rec;
}

/* true when files/num holds want: its identity, its kind, a folder empty. */
static bool arrived(int filesfd, const char *num, const struct stat *want)
{
	struct stat sb;

	return fstatat(filesfd, num, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	       sb.st_dev == want->st_dev && sb.st_ino == want->st_ino &&
	       (sb.st_mode & S_IFMT) == (want->st_mode & S_IFMT) &&
	       (!S_ISDIR(sb.st_mode) || folder_empty(filesfd, num) == 1);
}

/* What came to files/got from the name (want, or another object renamed
 * onto the name after the caller's check) settled: want stays (1); any
 * other object goes back to the name, never unlinked (0, *note says). */
static int settle(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
		  const struct stat *want, const char *got, char **note)
{
	if (arrived(bc->filesfd, got, want)) {
		bc->removed++;
		backup_audit(bc, "restore", path, FSJ_CAP_DELETE, "backup",
			     "moved into the restore's cycle");
		return 1;
	}
	if (platform_rename_noreplace(bc->filesfd, got, dirfd, name) < 0)
		*note = xasprintf("another object came to this name during the restore; it "
				  "could not go back (%s) and is kept as files/%s of cycle %s",
				  strerror(errno), got, bc->name);
	else
		*note = xstrdup("another object came to this name during the restore: it "
				"was put back, not taken");
	backup_audit(bc, "restore", path, FSJ_CAP_DELETE, "deny", *note);
	return 0;
}

/* want, a regular file with another name: that name may be one the
 * restore gave back (perl -i.bak: f linked back to the inode f.bak holds,
 * then f.bak taken). Moved into files/, the inode would be shared by the
 * user's name, the cycle and the trash (a link of files/<n>): every
 * later write through the name would change the cycle, and a run's write
 * to it is refused (the listener's hard-link refusal). So its content is
 * copied into files/<num> (a "copy" record: restore makes the name again
 * as a file of its own), then the name itself is moved into files/ under
 * a second number, checked to be want, and dropped there: the inode
 * lives on under its other name (when that name went meanwhile, the
 * inode itself replaces the copy: nothing is ever unlinked last). 1, 0
 * or -1 as take_locked(); 2: want is not what the name holds now (or it
 * cannot be read): the caller moves it as any other file. */
static int take_copy(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
		     const struct stat *want, char *num, size_t nlen, char **note)
{
	cleanup_fd int in = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
							O_CLOEXEC);
	cleanup_free char *lost = NULL;
	char got[24];
	struct stat sb;
	cJSON *rec;
	int rc;

	if (in < 0 || fstat(in, &sb) < 0 || sb.st_dev != want->st_dev ||
	    sb.st_ino != want->st_ino || !S_ISREG(sb.st_mode))
		return 2;
	if (backup_copy_new(bc->filesfd, &bc->next, in, &sb, num, nlen, &lost) < 0)
		return -1;
	rec = manifest_record("remove", path, want);
	if (lost)
		cJSON_AddStringToObject(rec, "xattrs_lost", lost);
	cJSON_DeleteItemFromObject(rec, "nlink"); /* made again alone, not linked */
	cJSON_AddStringToObject(rec, "backup", num);
	cJSON_AddStringToObject(rec, "method", "copy");
	manifest_add_int(rec, "time", (long long)time(NULL));
	cJSON_AddStringToObject(rec, "call", "restore");
	if (backup_append(bc, rec) < 0) { /* rec freed */
		int e = errno;

		(void)unlinkat(bc->filesfd, num, 0);
		errno = e;
		return -1;
	}
	snprintf(got, sizeof(got), "%lu", bc->next++);
	if (platform_rename_noreplace(dirfd, name, bc->filesfd, got) < 0)
		return -1;
	rc = settle(bc, dirfd, name, path, want, got, note);
	if (rc == 1 && (fstatat(bc->filesfd, got, &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
			sb.st_nlink > 1 ? unlinkat(bc->filesfd, got, 0)
					: renameat(bc->filesfd, got, bc->filesfd, num)) < 0)
		*note = xasprintf("its name is kept as files/%s of cycle %s too", got, bc->name);
	return rc;
}

/* The locked part of backup_keep_take(): 1, 0 or -1 as it says; *num
 * gets the name in files/. */
static int take_locked(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
		       const struct stat *want, char *num, size_t nlen, char **note)
{
	struct stat st;
	cJSON *rec;
	int rc;

	if (backup_open_cycle(bc) < 0)
		return -1;
	if (fstat(bc->filesfd, &st) < 0)
		return -1;
	if (st.st_dev != want->st_dev) {
		errno = EXDEV; /* a rename cannot reach the cycle: nothing moved */
		return -1;
	}
	if (S_ISDIR(want->st_mode) && folder_empty(dirfd, name) != 1) {
		errno = ENOTEMPTY;
		return -1;
	}
	if (S_ISREG(want->st_mode) && want->st_nlink > 1 &&
	    (rc = take_copy(bc, dirfd, name, path, want, num, nlen, note)) != 2)
		return rc;
	snprintf(num, nlen, "%lu", bc->next++);
	rec = keep_record(dirfd, name, path, want, num);
	/* the record first: a restore killed after the move still says it (a
	 * socket: none, nothing could make one again that anyone listens on) */
	if (!S_ISSOCK(want->st_mode) && (!rec || backup_append(bc, rec) < 0))
		return -1;
	if (platform_rename_noreplace(dirfd, name, bc->filesfd, num) < 0)
		return -1;
	return settle(bc, dirfd, name, path, want, num, note);
}

int backup_keep_take(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
		     const struct stat *want, const char *home, char **note)
{
	struct trash_item it;
	char num[24], *dummy = NULL;
	int rc, saved;

	note = note ? note : &dummy;
	*note = NULL;
	if (!bc) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&bc->lock);
	rc = take_locked(bc, dirfd, name, path, want, num, sizeof(num), note);
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	if (rc == 1 && home && !S_ISDIR(want->st_mode)) {
		it.path = path;
		it.src = num;
		it.when = time(NULL);
		if (trash_batch_put(home, bc->filesfd, &it, 1) != 0)
			*note = xasprintf("not put in the trash (kept as files/%s of cycle %s)",
					  num, bc->name);
	}
	free(dummy);
	errno = saved;
	return rc;
}

/* "key": v as decimal digits (manifest.h: dev, ino are strings). */
static void add_dec(cJSON *rec, const char *key, unsigned long long v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%llu", v);
	cJSON_AddStringToObject(rec, key, buf);
}

int backup_keep_made(struct backup_cycle *bc, const char *path, const struct stat *sb,
		     const struct stat *was)
{
	struct timespec now;
	cJSON *rec;
	int rc = -1;

	if (!bc) {
		errno = EINVAL;
		return -1;
	}
	rec = manifest_record("created", path, NULL);
	add_dec(rec, "dev", (unsigned long long)sb->st_dev);
	add_dec(rec, "ino", (unsigned long long)sb->st_ino);
	if (was) {
		add_dec(rec, "for_dev", (unsigned long long)was->st_dev);
		add_dec(rec, "for_ino", (unsigned long long)was->st_ino);
	}
	clock_gettime(CLOCK_REALTIME, &now);
	add_dec(rec, "seq", (unsigned long long)now.tv_sec * 1000000000ULL +
				    (unsigned long long)now.tv_nsec);
	pthread_mutex_lock(&bc->lock);
	if (backup_open_cycle(bc) == 0)
		rc = backup_append(bc, rec); /* rec freed */
	else
		cJSON_Delete(rec);
	pthread_mutex_unlock(&bc->lock);
	return rc;
}
