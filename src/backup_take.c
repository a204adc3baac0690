/* backup_take.c - a removed file kept by moving its name into the cycle
 * (issue 14 item 4: rm -rf at near the cost of the bare one).
 *
 * The usual removal of a pre-existing file costs a link into the store, a
 * check of it, then a checked unlink (rename to a name of ours, check,
 * unlink: notify-answer.c nj_unlink_same()). Where the file's folder and
 * the store are on one filesystem the name itself is renamed into the
 * store instead (rename(2) with RENAME_NOREPLACE), and the moved inode
 * checked: one call removes the name and keeps the file. The record is
 * written before the move (a crash leaves a record, never an unrecorded
 * removal); a record whose move did not happen names no file of its
 * identity in files/, and restore skips it (restore.c undo_saved()). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup-int.h"
#include "manifest.h"
#include "platform.h"
#include "runevent.h"
#include "util.h"

/* The locked part of backup_take_removed(). */
static int take_locked(struct backup_cycle *bc, int dirfd, mode_t dir_mode, const char *name,
		       const struct stat *sb, const char *path, const char *call,
		       struct fsj_error *err)
{
	struct backup_ident *id;
	struct stat st;
	char num[24], *detail;
	cJSON *rec;
	int e;

	if (bc->no_move || backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, false, NULL))
		return 0; /* saved, made or recorded already: the usual way */
	if (backup_dir_times_locked(bc, dirfd, path) < 0 || backup_open_cycle(bc) < 0)
		goto fail;
	if (!bc->store_dev_known && fstat(bc->filesfd, &st) == 0) {
		bc->store_dev = st.st_dev;
		bc->store_dev_known = true;
	}
	if (!bc->store_dev_known || bc->store_dev != sb->st_dev)
		return 0; /* another filesystem: a copy, the usual way */
	snprintf(num, sizeof(num), "%lu", bc->next++);
	rec = manifest_record("remove", path, sb);
	if (dir_mode || fstat(dirfd, &st) == 0)
		manifest_add_int(rec, "dir_mode", (long long)((dir_mode ? dir_mode : st.st_mode) & 07777));
	manifest_add_int(rec, "time", (long long)time(NULL));
	cJSON_AddStringToObject(rec, "call", call ? call : "notify");
	cJSON_AddStringToObject(rec, "backup", num);
	cJSON_AddStringToObject(rec, "method", "move");
	if (backup_append(bc, rec) < 0)
		goto fail;
	if (platform_rename_noreplace(dirfd, name, bc->filesfd, num) < 0) {
		/* not done (another mount, a name taken): the record names
		 * nothing of this file; no rename without replace: links from now on */
		bc->no_move = errno == EINVAL || errno == ENOSYS;
		return 0;
	}
	if (fstatat(bc->filesfd, num, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_dev != sb->st_dev ||
	    st.st_ino != sb->st_ino) {
		/* Another file came to the name after the checks: it goes back
		 * (else it stays in the store, under a record not its own). */
		e = platform_rename_noreplace(bc->filesfd, num, dirfd, name) < 0;
		detail = xasprintf("the file changed during the call%s",
				   e ? " (kept in the cycle's files/)" : "");
		backup_audit(bc, call, path, FSJ_CAP_DELETE, "deny", detail);
		fsj_error_set(err, NULL, 0, 0, "'%s': %s", path, detail);
		free(detail);
		errno = EACCES;
		return -1;
	}
	id = backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, true, path);
	id->state = BACKUP_IDENT_LINKED;
	id->num = strtoul(num, NULL, 10);
	__atomic_fetch_add(&bc->removed, 1, __ATOMIC_RELAXED);
	bc->bytes += (unsigned long long)sb->st_size;
	detail = xasprintf("files/%s in cycle %s (moved)", num, bc->name);
	backup_audit(bc, call, path, FSJ_CAP_DELETE, "backup", detail);
	run_event("backup", path, detail);
	free(detail);
	return 1;

fail:
	e = errno ? errno : EIO;
	detail = xasprintf("backup failed, removal refused: %s", strerror(e));
	backup_audit(bc, call, path, FSJ_CAP_DELETE, "deny", detail);
	free(detail);
	fsj_error_set(err, NULL, 0, 0, "cannot back up '%s': %s", path, strerror(e));
	errno = e;
	return -1;
}

int backup_take_removed(struct backup_cycle *bc, int dirfd, mode_t dir_mode, const char *name,
			const struct stat *sb, const char *path, const char *call,
			struct fsj_error *err)
{
	int rc, saved;

	if (!bc || dirfd < 0 || !S_ISREG(sb->st_mode) || backup_path_is_temp(bc, path))
		return 0;
	pthread_mutex_lock(&bc->lock);
	rc = take_locked(bc, dirfd, dir_mode, name, sb, path, call, err);
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	errno = saved;
	return rc;
}
