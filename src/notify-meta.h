/* notify-meta.h - what the seccomp listener's metadata calls share:
 * notify-meta.c reads a call and performs it, notify-meta-guard.c decides
 * whether the listener may (the caller's capabilities, set-ID bits, ACLs,
 * objects without a path) and saves what restore needs first. Linux only;
 * private to notify-meta*.c. */
#ifndef FSJAIL_NOTIFY_META_H
#define FSJAIL_NOTIFY_META_H

#include <limits.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <time.h>

#include "notify-int.h"

#define XATTR_VALUE_MAX 65536

enum meta_kind { M_MODE, M_OWNER, M_TIMES, M_SETX, M_REMOVEX };

/* Each call: its kind, where the arguments are (-1: none), whether the
 * final symlink is followed by default. */
struct meta_call {
	const char *name;
	enum meta_kind kind;
	signed char dfd, path, flags, val; /* argument indexes */
	bool follow;
};

/* The call's values, read from the caller once. */
struct meta_val {
	mode_t mode;
	uid_t uid;
	gid_t gid;
	struct timespec ts[2];
	bool now; /* NULL times: both now */
	char name[PATH_MAX];
	char value[XATTR_VALUE_MAX];
	size_t size;
	int xflags;
};

/* The supervisor acts with its own capabilities: a caller lacking one it
 * holds (CAP_CHOWN, CAP_FOWNER, CAP_FSETID; for an xattr named
 * security.* or trusted.* CAP_SYS_ADMIN, security.capability CAP_SETFCAP,
 * as the kernel's xattr_permission() and cap_inode_setxattr() ask) would
 * gain it: the listener keeps CAP_SYS_ADMIN, a root command has not. */
bool meta_caps_ok(const struct job *j, const struct meta_call *m, const struct meta_val *v);

/* An object without a path may be changed without a check: a pipe or
 * socket (the mode of a pipefs/sockfs inode, a file nobody names), or a
 * file with no name left (memfd, unlinked), which cannot get one back (a
 * linkat of a nameless file is refused). Anything else with names but no
 * path we can read (a file reached by an unlinked name while another
 * remains, an anonymous inode such as a pidfd) is refused. */
bool meta_pathless_ok(const struct stat *st);

/* Record what l's object has before a change of its mode, owner or times
 * (backup_before_change() META; as_mode: an ACL that is only a mode) or
 * xattrs (save_xattrs(); v's name: only user.* ones on what is older than
 * the run, which restore gives back); for a chown of a regular file that
 * has (or may have) capabilities, its content with every xattr (the
 * kernel drops them). false after refusing. */
bool meta_save(struct job *j, const struct meta_call *m, const struct meta_val *v,
	       const struct loc *l, bool as_mode);

/* A set-user-ID or set-group-ID bit on a file outlives the run: a root
 * command would leave, in the workspace, a program any local user can run
 * as root (a directory's set-group-ID only picks its entries' group, and
 * stays allowed). Refused and reported, like mknod of a device (the
 * command lost CAP_MKNOD: caps.h). true after refusing. */
bool meta_setid_refused(struct job *j, const struct meta_call *m, const struct meta_val *v,
			const struct stat *st, const char *path);

/* A POSIX ACL (system.posix_acl_access, system.posix_acl_default) set or
 * removed on an object the run did not make: restore puts back mode,
 * owner and times, never xattrs, so an entry for another user would
 * outlive the undo, and a folder's default ACL is not even masked by the
 * mode restore sets (att9). Refused and reported; the run's own files
 * take ACLs (cp -a, rsync -A), and an ACL that is only a mode is taken as
 * a chmod (acl_is_mode(): *as_mode set). true after refusing. */
bool meta_acl_refused(struct job *j, const struct meta_call *m, const struct meta_val *v,
		      int obj, const struct stat *st, const char *path, bool *as_mode);

/* notify-meta-open.c: a mode, owner or mode-only ACL change that would
 * let another user change what the run did not make (st: the object, not
 * made by the run) is refused and reported: write for group or others
 * added, the sticky bit taken from a folder others may write, the owner
 * given to another uid, the group changed while the group may write. A
 * root command took the sticky bit off the host's /var/tmp (not backed
 * up: nothing undid it), and made .git world-writable, where any local
 * user could then rename hooks/ and put their own (att31). true after
 * refusing. */
bool meta_opens_refused(struct job *j, const struct meta_call *m, const struct meta_val *v,
			const struct stat *st, const char *path);

#endif
