/* backup_rmdir.c - the record of a folder removed ("rmdir", manifest.h:
 * backup_folder.h's backup_before_rmdir()), moved out of backup_folder.c.
 * A folder older than the run keeps its user.* attributes and ACLs in the
 * record (backup_dirattrs.h), so that rm -rf of a folder with a default
 * ACL (what every new file in a shared folder gets) is undone whole; one
 * whose attributes cannot be kept is not removed (att27). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup-int.h"
#include "backup_dirattrs.h"
#include "backup_folder.h"
#include "manifest.h"
#include "util.h"

int backup_before_rmdir(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			const char *call, struct fsj_error *err)
{
	struct backup_ident *id;
	cleanup_free char *attrs = NULL;
	const char *why = NULL;
	struct stat sb;
	cJSON *rec;
	int rc = 0, saved = 0;

	if (!bc)
		return 0;
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(sb.st_mode) ||
	    backup_path_is_temp(bc, path))
		return 0;
	pthread_mutex_lock(&bc->lock);
	id = backup_index_ident(bc->idx, sb.st_dev, sb.st_ino, false, NULL);
	/* its user.* attributes and ACLs go into the record (backup_dirattrs.h) */
	if ((!id || id->state != BACKUP_IDENT_CREATED) && !(call && strcmp(call, "snapshot") == 0))
		attrs = backup_dir_xattrs(dirfd, name, &sb, &why);
	if (why) {
		/* refused before anything is recorded: the folder stays */
		pthread_mutex_unlock(&bc->lock);
		backup_audit(bc, call, path, FSJ_CAP_DELETE, "deny", why);
		errno = EPERM;
		return fsj_error_set(err, NULL, 0, 0, "%s", why);
	}
	if (!id || id->state != BACKUP_IDENT_CREATED) {
		/* snapshot.h's dirfd is a staged copy, not the folder: no times of it */
		if (!(call && strcmp(call, "snapshot") == 0))
			rc = backup_dir_times_locked(bc, dirfd, path);
		if (rc == 0)
			rc = backup_open_cycle(bc);
		if (rc == 0) {
			rec = manifest_record("rmdir", path, &sb);
			cJSON_AddStringToObject(rec, "call", call ? call : "notify");
			if (attrs)
				cJSON_AddStringToObject(rec, "xattrs", attrs);
			rc = backup_append(bc, rec);
		}
		saved = errno;
	}
	pthread_mutex_unlock(&bc->lock);
	if (rc < 0) {
		backup_audit(bc, call, path, FSJ_CAP_DELETE, "deny",
			     "folder record failed, rmdir refused");
		fsj_error_set(err, NULL, 0, 0, "cannot record '%s': %s", path, strerror(saved));
		errno = saved;
	}
	return rc;
}
