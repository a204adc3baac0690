/* backup_made.c - names the run makes (backup.h): the write-ahead
 * "creating" record before a create, then "created" (or "cancel") after
 * it (manifest.h). Restore trashes what a "created" record names by its
 * identity, and what an unanswered "creating" record names only when the
 * object there was born after that record (restore-made.c). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "backup-int.h"
#include "manifest.h"

static void add_dec(cJSON *rec, const char *key, unsigned long long v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%llu", v);
	cJSON_AddStringToObject(rec, key, buf);
}

/* Record a created (ident: dev/ino known) file; locked. */
static void note_created_locked(struct backup_cycle *bc, const char *path, const struct stat *sb)
{
	cJSON *rec;

	if (!path || backup_path_is_temp(bc, path) || backup_open_cycle(bc) < 0)
		return;
	rec = manifest_record("created", path, NULL);
	if (sb) {
		add_dec(rec, "dev", (unsigned long long)sb->st_dev);
		add_dec(rec, "ino", (unsigned long long)sb->st_ino);
	}
	backup_inert_add(bc, path, sb);
	/* A lost record only means restore leaves the new file in place. */
	if (backup_append_rec(bc, rec, true) == 0)
		bc->created++;
}

void backup_note_new(struct backup_cycle *bc, const char *path, const struct stat *of)
{
	if (!bc || !path)
		return;
	pthread_mutex_lock(&bc->lock);
	(void)backup_index_path_add(bc->idx, path); /* a file born here: no backup */
	/* of: each link its own record, by the file's identity (att5) */
	if (backup_index_path_add(bc->made, path) || of)
		note_created_locked(bc, path, of);
	pthread_mutex_unlock(&bc->lock);
}

void backup_note_created(struct backup_cycle *bc, const char *path, dev_t dev, ino_t ino)
{
	struct backup_ident *id;
	struct stat sb;

	if (!bc)
		return;
	memset(&sb, 0, sizeof(sb));
	sb.st_dev = dev;
	sb.st_ino = ino;
	pthread_mutex_lock(&bc->lock);
	id = backup_index_ident(bc->idx, dev, ino, true, path);
	/* A new file: whatever the index held for this inode number was a
	 * file since freed (a linked backup keeps its inode alive), one the
	 * run made too included (git's temporary objects, then sed's
	 * temporary file, on the number freed): every new file gets its
	 * record, or restore would leave it behind. */
	id->state = BACKUP_IDENT_CREATED;
	id->num = 0;
	if (path)
		(void)backup_index_path_add(bc->idx, path);
	note_created_locked(bc, path, &sb);
	pthread_mutex_unlock(&bc->lock);
}

bool backup_created_in_cycle(struct backup_cycle *bc, dev_t dev, ino_t ino)
{
	struct backup_ident *id;
	bool r;

	if (!bc)
		return false;
	pthread_mutex_lock(&bc->lock);
	id = backup_index_ident(bc->idx, dev, ino, false, NULL);
	r = id && id->state == BACKUP_IDENT_CREATED;
	pthread_mutex_unlock(&bc->lock);
	return r;
}

int backup_note_creating(struct backup_cycle *bc, int dirfd, const char *path,
			 const struct stat *of)
{
	struct timespec now;
	struct stat dsb;
	cJSON *rec;
	int rc, saved;

	if (!bc || !path || backup_path_is_temp(bc, path))
		return 0;
	if (fstat(dirfd, &dsb) < 0)
		return -1;
	/* the clock the kernel stamps file times with: an object made after
	 * this record is born at or after "since" */
#ifdef CLOCK_REALTIME_COARSE
	clock_gettime(CLOCK_REALTIME_COARSE, &now);
#else
	clock_gettime(CLOCK_REALTIME, &now);
#endif
	rec = manifest_record("creating", path, NULL);
	if (of) {
		add_dec(rec, "dev", (unsigned long long)of->st_dev);
		add_dec(rec, "ino", (unsigned long long)of->st_ino);
	}
	add_dec(rec, "dir_dev", (unsigned long long)dsb.st_dev);
	add_dec(rec, "dir_ino", (unsigned long long)dsb.st_ino);
	cJSON_AddNumberToObject(rec, "since", (double)now.tv_sec);
	cJSON_AddNumberToObject(rec, "since_ns", (double)now.tv_nsec);
	pthread_mutex_lock(&bc->lock);
	rc = backup_dir_times_locked(bc, dirfd, path) < 0 ? -1 : backup_open_cycle(bc);
	if (rc == 0)
		rc = backup_append_rec(bc, rec, true);
	else
		cJSON_Delete(rec);
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	errno = saved;
	return rc;
}

void backup_note_cancel(struct backup_cycle *bc, const char *path)
{
	if (!bc || !path || backup_path_is_temp(bc, path))
		return;
	pthread_mutex_lock(&bc->lock);
	/* lost: restore then checks the object's birth against "creating" */
	if (bc->manfd >= 0)
		(void)backup_append_rec(bc, manifest_record("cancel", path, NULL), true);
	pthread_mutex_unlock(&bc->lock);
}

void backup_note_rename_failed(struct backup_cycle *bc, const char *from, const char *to)
{
	cJSON *rec;

	if (!bc || !from || !to || (backup_path_is_temp(bc, from) && backup_path_is_temp(bc, to)))
		return;
	pthread_mutex_lock(&bc->lock);
	if (bc->manfd >= 0) {
		rec = manifest_record("cancel", from, NULL);
		cJSON_AddStringToObject(rec, "to", to);
		(void)backup_append_rec(bc, rec, true);
	}
	pthread_mutex_unlock(&bc->lock);
}
