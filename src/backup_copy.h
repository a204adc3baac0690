/* backup_copy.h - copy one open regular file into another, the lowest
 * piece of the backup store (backup.c), the restore (restore.c) and the
 * trash (trash.c): FICLONE first (ioctl_ficlone(2)), then
 * copy_file_range(2), then pread/write. */
#ifndef FSJAIL_BACKUP_COPY_H
#define FSJAIL_BACKUP_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include "backup_born.h" /* backup_born_after(), once here */

/* Copy the whole content of the open regular file in (readable) to the
 * open file out (writable), from offset 0 of both, whatever their file
 * offsets are: a clone where the filesystem has them,
 * else copy_file_range, else pread/pwrite. size: in's size when the caller
 * looked (bytes): that much is copied (with copy_file_range, no more: a
 * read for the end per backup was not worth it, issue 14 item 4; with
 * pread, a file that grew meanwhile is copied to its end). out is
 * not truncated: the caller truncates to the copied size when out held
 * more. Returns the number of bytes copied (>= 0), or -1 with errno set. */
off_t backup_copy_fd(int in, int out, off_t size);

/* A readable descriptor of the regular file fd (described by sb, which
 * the caller fstat()ed), usable from offset 0 by backup_copy_fd(): fd
 * itself when it is open for reading, else a new open (through
 * /proc/self/fd/N for an O_PATH fd, else dirfd/name with O_NOFOLLOW) left
 * in *own (caller closes; -1 when none) and checked to be the same inode.
 * Returns -1 with errno set (ESTALE when the name now names another
 * file: refuse). */
int backup_copy_readable(int fd, int dirfd, const char *name, const struct stat *sb, int *own);

/* Keep the inode of fd (described by sb) by a new hard link in the
 * folder filesfd, named by the first free number from *next on (written
 * to num, n bytes): the name in dirfd (-1: none; the caller holds it on
 * the store's mount, so no EXDEV), else backup_copy_link_fd() (an fd from
 * another mount namespace: EXDEV); the link is checked to be that inode
 * (a wrong one is removed again). Returns 0, or -1 with errno set (EXDEV
 * on another filesystem, EPERM, EMLINK: the caller copies instead). Linux;
 * elsewhere always EXDEV. */
int backup_copy_link(int filesfd, unsigned long *next, int fd, int dirfd, const char *name,
		     const struct stat *sb, char *num, size_t n);

/* Give the file open on fd (any descriptor, O_PATH too) the new name
 * toname in the folder todir: linkat(2) AT_EMPTY_PATH (needs
 * CAP_DAC_READ_SEARCH), else the /proc/self/fd/N magic link with
 * AT_SYMLINK_FOLLOW (the owner may, under protected_hardlinks). Never
 * over an existing name (EEXIST). Returns 0, or -1 with errno set
 * (ENOENT: the file has no name left; ENOTSUP off Linux). */
int backup_copy_link_fd(int fd, int todir, const char *toname);

/* A new file, write-only, 0600, of the folder filesfd (O_CREAT|O_EXCL|
 * O_NOFOLLOW: nothing there is ever opened), named as for
 * backup_copy_link(). Returns its descriptor, or -1 with errno set. */
int backup_copy_open_new(int filesfd, unsigned long *next, char *num, size_t n);

/* Copy the content of the readable regular file in (sb: its stat) into
 * backup_copy_open_new(); a copy shorter than sb->st_size is removed, EIO.
 * Its extended attributes go with it (backup_copy_xattrs(); lost, if not
 * NULL, gets the names not kept). Returns 0, or -1 with errno set. */
int backup_copy_new(int filesfd, unsigned long *next, int in, const struct stat *sb, char *num,
		    size_t n, char **lost);

/* Copy the extended attributes of the open file in onto the open file
 * out (issue rest13 item 3): user.*, the POSIX ACLs
 * (system.posix_acl_access, system.posix_acl_default) and any other name
 * in listed, security.* and trusted.* included where the caller may set
 * them (the kernel decides: a name it refuses is not kept). A name out
 * already holds with the same value (a security label given at create) is
 * left. Values and the list of names are capped at 64 KiB (the kernel's
 * XATTR_SIZE_MAX and XATTR_LIST_MAX). Call it after the content is written
 * and the owner set (a write or a chown drops security.capability).
 * Returns the number of names not kept (0 also when in's filesystem has
 * none); *lost (lost not NULL) gets those names ", "-joined with why the
 * first failed, a new string the caller frees, or NULL when none. Off
 * Linux: 0. */
int backup_copy_xattrs(int in, int out, char **lost);

/* true when the regular file in (readable) has capabilities
 * (security.capability, setcap(8)) that its copy num in filesfd lacks, or
 * either cannot be told (fail closed). The kernel drops them on a write,
 * truncate or chown of in, and the listener's threads have no
 * CAP_SETFCAP (caps_drop_host_thread()) to put them on a copy: such a
 * change cannot be undone (att30). Off Linux: false. */
bool backup_copy_caps_lost(int in, int filesfd, const char *num);

#endif
