/* backup_dirattrs.h - the extended attributes of a folder older than the
 * run that the run removes, kept in its "rmdir" record (backup_rmdir.c) so
 * that `fsjail backups restore` makes it again with them
 * (restore-rmdir.c). Kept: user.* attributes and the POSIX ACLs
 * (system.posix_acl_access, system.posix_acl_default: what every new file
 * in a shared folder gets). Other namespaces (security.*, trusted.*) are
 * the system's to set and are not kept. The record holds them as text:
 * "NAME:VALUE" items joined by ',', each part in lowercase hexadecimal. */
#ifndef FSJAIL_BACKUP_DIRATTRS_H
#define FSJAIL_BACKUP_DIRATTRS_H

#include <sys/stat.h>

/* At most this many bytes of names and values in all: a folder with more
 * is not removed (an ACL entry takes 8 bytes, a user.* value is rarely
 * more than a few hundred). */
#define BACKUP_DIRATTRS_MAX 16384

/* The kept attributes of the folder name in dirfd (not followed; want: its
 * stat, whose dev and ino it must still have, else *why says it changed), as a new
 * string in the format above (caller frees), or NULL: it has none, its
 * filesystem keeps none, or it cannot be opened (then nothing is known of
 * it and the removal goes on as for a folder without: the kernel decides);
 * *why is then NULL. Where they are there but cannot all be read, or
 * exceed BACKUP_DIRATTRS_MAX, NULL with *why set (static text): the
 * removal is refused, since restore could not put them back. Off Linux:
 * NULL, *why NULL. */
char *backup_dir_xattrs(int dirfd, const char *name, const struct stat *want, const char **why);

/* Put the attributes of enc (as made above, read back from a record: every
 * byte checked; only the names kept above are set) on the folder open on
 * fd. Returns the number not put back, 0 when all were; *lost gets their
 * names (a malformed item: "(unreadable record)") ", "-joined with why the
 * first failed, a new string the caller frees, or NULL when none. */
int backup_dir_xattrs_put(int fd, const char *enc, char **lost);

/* Remove the POSIX ACLs from the file or folder open on fd, which a
 * restore has just made: made in a folder with a default ACL it inherited
 * one (entries the object never had, for a user named there); the record
 * or the cycle's copy then says which it had. No errors (none there, or no
 * ACLs on this filesystem: nothing to do). */
void backup_acls_drop(int fd);

#endif
