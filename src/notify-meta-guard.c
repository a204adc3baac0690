/* notify-meta-guard.c - whether the seccomp listener may make a
 * metadata change for the command, and what it saves before it
 * (notify-meta.h). Trust boundary: it runs in the supervisor, for a
 * request of the sandboxed command, with the listener's capabilities;
 * everything it reads of the call was read from the caller once
 * (notify-meta.c). */
#ifdef __linux__
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <linux/capability.h>

#include "notify-int.h"
#include "notify-meta.h"

bool meta_caps_ok(const struct job *j, const struct meta_call *m, const struct meta_val *v)
{
	uint64_t want = (1ULL << CAP_CHOWN) | (1ULL << CAP_FOWNER) | (1ULL << CAP_FSETID);
	bool x = m->kind == M_SETX || m->kind == M_REMOVEX;
	struct tracee_status self;

	if (x && strcmp(v->name, "security.capability") == 0)
		want |= 1ULL << CAP_SETFCAP;
	else if (x && (!strncmp(v->name, "security.", 9) || !strncmp(v->name, "trusted.", 8)))
		want |= 1ULL << CAP_SYS_ADMIN;
	if (notify_read_status(AT_FDCWD, "/proc/thread-self/status", &self) < 0 ||
	    !(self.have & STATUS_HAVE_CAPS))
		return false;
	return (self.cap_eff & want & ~j->tr->st.cap_eff) == 0;
}

bool meta_pathless_ok(const struct stat *st)
{
	return st->st_nlink == 0 || S_ISFIFO(st->st_mode) || S_ISSOCK(st->st_mode);
}

/* An extended attribute set or removed on an object older than the run
 * (att15): restore put back mode, owner and times but not xattrs, so a
 * user.* attribute set, changed or removed on a workspace file outlived
 * the undo. A regular file's content is saved first (its cycle copy holds
 * its xattrs: backup_copy_new()), and restore gives the user.* ones back
 * with it (restore.c); a folder or other object outside the temporary
 * folders has no such copy, and restore gives no other namespace back
 * (btrfs.*, NFS's system.nfs4_acl; att17): refused. false after
 * refusing. */
static bool save_xattrs(struct job *j, const struct loc *l, const char *name)
{
	bool reg = S_ISREG(l->st.st_mode);

	if (j->nt->bc && !notify_made_here(j->nt, &l->st) &&
	    !backup_path_is_temp(j->nt->bc, l->path) && (!reg || strncmp(name, "user.", 5) != 0)) {
		nj_refuse(j, FSJ_CAP_WRITE, l->path,
			  reg ? "an extended attribute other than user.* on a file older than the "
				"run: restore could not undo it"
			      : "an extended attribute on a folder or special file older than the "
				"run: restore could not undo it",
			  EPERM, NULL);
		return false;
	}
	return !reg || nj_save(j, l, BACKUP_CHANGE_CONTENT);
}

/* true when the object obj (any descriptor, O_PATH too) may carry file
 * capabilities: it has security.capability, or that cannot be told. */
static bool may_have_caps(int obj)
{
	char p[sizeof("/proc/self/fd/") + 12];

	(void)snprintf(p, sizeof(p), "/proc/self/fd/%d", obj);
	if (getxattr(p, "security.capability", NULL, 0) >= 0)
		return true;
	return errno != ENODATA && errno != ENOTSUP && errno != EOPNOTSUPP;
}

bool meta_save(struct job *j, const struct meta_call *m, const struct meta_val *v,
	       const struct loc *l, bool as_mode)
{
	if (!as_mode && (m->kind == M_SETX || m->kind == M_REMOVEX))
		return save_xattrs(j, l, v->name);
	/* A chown of a regular file, to its own owner too, makes the kernel
	 * drop its capabilities (chown_common(): ATTR_KILL_PRIV), which a
	 * metadata record does not keep: its content is saved instead, the
	 * cycle's copy holding every xattr for restore to give back (att30). */
	if (m->kind == M_OWNER && S_ISREG(l->st.st_mode) && l->obj >= 0 && may_have_caps(l->obj))
		return nj_save(j, l, BACKUP_CHANGE_CONTENT);
	return nj_save(j, l, BACKUP_CHANGE_META);
}

bool meta_setid_refused(struct job *j, const struct meta_call *m, const struct meta_val *v,
			const struct stat *st, const char *path)
{
	if (m->kind != M_MODE || S_ISDIR(st->st_mode) || !(v->mode & (S_ISUID | S_ISGID)))
		return false;
	nj_refuse(j, FSJ_CAP_WRITE, path, "a set-user-ID or set-group-ID bit", EPERM,
		  NULL);
	return true;
}

/* true when v sets system.posix_acl_access to an ACL that says no more
 * than a mode (user, group and other, once each: no mask, no named user
 * or group; the kernel then stores no ACL and sets the mode bits; an ACL
 * with a mask it stores, posix_acl_equiv_mode(), which restore would
 * leave: att16) on obj
 * (st its stat), a file or folder that has no access ACL now: a chmod,
 * which restore undoes. vim's :w copies the file's ACL so (acl_get_file()
 * makes one from the mode), on every save. Also true when v removes an
 * ACL obj does not have (cp -a's removal of a folder's default ACL after
 * copying the access ACL): nothing changes. */
static bool acl_is_mode(const struct meta_call *m, const struct meta_val *v, int obj,
			const struct stat *st)
{
	unsigned seen = 0;
	uint32_t version;
	char link[64];

	snprintf(link, sizeof(link), "/proc/self/fd/%d", obj);
	if (m->kind == M_REMOVEX && !S_ISLNK(st->st_mode))
		return getxattr(link, v->name, NULL, 0) < 0 && errno == ENODATA;
	if (m->kind != M_SETX || strcmp(v->name, "system.posix_acl_access") != 0 ||
	    S_ISLNK(st->st_mode) || v->size != 4 + 3 * 8)
		return false;
	memcpy(&version, v->value, 4);
	if (le32toh(version) != 2) /* POSIX_ACL_XATTR_VERSION */
		return false;
	for (size_t off = 4; off < v->size; off += 8) {
		uint16_t tag, perm;

		memcpy(&tag, v->value + off, 2);
		memcpy(&perm, v->value + off + 2, 2);
		tag = le16toh(tag);
		/* ACL_USER_OBJ, ACL_GROUP_OBJ, ACL_OTHER, once each */
		if ((tag != 0x01 && tag != 0x04 && tag != 0x20) || (seen & tag) ||
		    le16toh(perm) > 7)
			return false;
		seen |= tag;
	}
	if ((seen & 0x25) != 0x25)
		return false;
	return getxattr(link, "system.posix_acl_access", NULL, 0) < 0 && errno == ENODATA;
}

bool meta_acl_refused(struct job *j, const struct meta_call *m, const struct meta_val *v,
		      int obj, const struct stat *st, const char *path, bool *as_mode)
{
	*as_mode = false;
	if ((m->kind != M_SETX && m->kind != M_REMOVEX) ||
	    strncmp(v->name, "system.posix_acl_", 17) != 0 || notify_made_here(j->nt, st))
		return false;
	if (acl_is_mode(m, v, obj, st)) {
		*as_mode = true;
		return false;
	}
	nj_refuse(j, FSJ_CAP_WRITE, path,
		  "an ACL on a file or folder older than the run: restore could not undo it",
		  EPERM, NULL);
	return true;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_meta_guard_not_this_system;
#endif /* __linux__ */
