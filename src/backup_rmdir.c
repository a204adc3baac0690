/* backup_rmdir.c - the record of a folder removed ("rmdir", manifest.h:
 * backup_folder.h's backup_before_rmdir()), moved out of backup_folder.c,
 * and the refusal of removing a folder older than the run that carries
 * an extended attribute a restore would give back to a file but cannot
 * give back to a folder: its record keeps mode, owner and times only, so
 * rm -rf of a folder with an ACL (a default ACL: what every new file in
 * it gets) or a user.* attribute, restored, came back without them and
 * nothing said so (att27). A change of such an attribute on a folder
 * older than the run is refused already (notify-meta-guard.c, att15,
 * att17): its removal is the same change. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif

#include "backup-int.h"
#include "backup_folder.h"
#include "manifest.h"
#include "util.h"

/* Why the folder name in dirfd (not followed) must not be removed: it
 * has a user.* attribute or a POSIX ACL (system.posix_acl_access, an ACL
 * beyond the mode bits, or system.posix_acl_default), which the folder a
 * restore makes again would not get; NULL when it has none (other
 * namespaces, such as security.selinux, are the system's to set), or
 * cannot be read (the rmdir then fails or removes what has none). */
static const char *folder_xattrs(int dirfd, const char *name)
{
#ifdef __linux__
	cleanup_fd int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : flistxattr(fd, NULL, 0);
	cleanup_free char *list = n > 0 ? xmalloc((size_t)n) : NULL;

	n = list ? flistxattr(fd, list, (size_t)n) : -1; /* grown since: ERANGE, none */

	for (ssize_t i = 0; n > 0 && i < n; i += (ssize_t)strlen(list + i) + 1) {
		if (strncmp(list + i, "user.", 5) == 0)
			return "a folder older than the run with a user.* extended attribute: "
			       "restore could not make it again with it";
		if (strncmp(list + i, "system.posix_acl_", 17) == 0)
			return "a folder older than the run with an ACL: restore could not make "
			       "it again with it";
	}
#else
	(void)dirfd;
	(void)name;
#endif
	return NULL;
}

int backup_before_rmdir(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			const char *call, struct fsj_error *err)
{
	struct backup_ident *id;
	const char *why;
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
	if ((!id || id->state != BACKUP_IDENT_CREATED) && !(call && strcmp(call, "snapshot") == 0) &&
	    (why = folder_xattrs(dirfd, name))) {
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
