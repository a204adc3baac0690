/* backup_other.c - see backup_other.h. */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "backup-int.h"
#include "backup_other.h"
#include "manifest.h"

/* true when id's only record is a folder's times (backup_folder.c marks
 * it BACKUP_IDENT_META with its path in the set of folders timed; a
 * record made here sets num to 1). */
static bool times_only(const struct backup_cycle *bc, const struct backup_ident *id,
		       const struct stat *sb)
{
	return id->state == BACKUP_IDENT_META && id->num == 0 && S_ISDIR(sb->st_mode) && id->path &&
	       backup_index_path_has(bc->dirs, id->path);
}

int backup_other_locked(struct backup_cycle *bc, int fd, const char *path, const struct stat *sb,
			enum backup_change what)
{
	struct backup_ident *id = backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, false, NULL);
	bool meta = what == BACKUP_CHANGE_META;
	cJSON *rec;

	if ((id && !(meta && times_only(bc, id, sb))) ||
	    (!meta && !S_ISLNK(sb->st_mode) && !S_ISFIFO(sb->st_mode)))
		return 0; /* recorded (or made) already; a socket or device is not kept */
	if (backup_open_cycle(bc) < 0)
		return -1;
	rec = manifest_other_record(meta ? "meta" : "special", path, fd, sb);
	if (!rec || backup_append(bc, rec) < 0)
		return -1;
	id = backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, true, path);
	id->state = meta ? BACKUP_IDENT_META : BACKUP_IDENT_SKIPPED;
	id->num = 1; /* not times_only() */
	return 0;
}
