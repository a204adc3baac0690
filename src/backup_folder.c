/* backup_folder.c - the records of folders (backup.h): the times of a
 * folder whose entries the run changes (a "meta" record with "entries":
 * true, manifest.h), moved out of backup.c; a folder removed ("rmdir"):
 * backup_rmdir.c. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>

#include "backup-int.h"
#include "backup_copy.h"
#include "backup_folder.h"
#include "manifest.h"
#include "path.h"
#include "util.h"

int backup_dir_times_locked(struct backup_cycle *bc, int dirfd, const char *path)
{
	cleanup_free char *dir = NULL;
	struct stat sb;
	cJSON *rec;

	if (dirfd < 0 || !path || !(dir = path_dirname(path)) || strcmp(dir, "/") == 0 ||
	    backup_index_path_has(bc->dirs, dir))
		return 0;
	if (fstat(dirfd, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return -1;
	(void)backup_index_path_add(bc->dirs, dir);
	if (backup_path_is_temp(bc, dir) ||
	    backup_index_ident(bc->idx, sb.st_dev, sb.st_ino, false, NULL) ||
	    backup_born_after(dirfd, ".", &bc->start))
		return 0; /* made by the run, or recorded already (older values) */
	if (backup_open_cycle(bc) < 0)
		return -1;
	rec = manifest_other_record("meta", dir, dirfd, &sb);
	if (!rec)
		return -1;
	cJSON_AddTrueToObject(rec, "entries");
	/* inert: a cycle of names the run made and removed is still dropped */
	if (backup_append_rec(bc, rec, true) < 0)
		return -1;
	backup_index_ident(bc->idx, sb.st_dev, sb.st_ino, true, dir)->state = BACKUP_IDENT_META;
	return 0;
}

int backup_dir_times(struct backup_cycle *bc, int dirfd, const char *path)
{
	int rc, saved;

	if (!bc)
		return 0;
	pthread_mutex_lock(&bc->lock);
	rc = backup_dir_times_locked(bc, dirfd, path);
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	errno = saved;
	return rc;
}
