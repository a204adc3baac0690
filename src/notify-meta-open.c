/* notify-meta-open.c - no metadata change lets another user change what
 * the run did not make (notify-meta.h meta_opens_refused()). Trust
 * boundary: it runs in the supervisor, on values read from the caller
 * once (notify-meta.c).
 *
 * Why. The listener performs chmod, chown and ACL calls with its own
 * rights after the policy allowed write on the path. Write on a path is
 * the command's to use; handing it to every local user is not: a mode of
 * 0777 on .git let any local user rename hooks/ and put their own, which
 * the repository owner's next git commit ran (git's safe.directory looks
 * at owners, not modes), and a root command took the sticky bit off the
 * host's /var/tmp, where nothing is backed up. The run's own files and
 * folders keep every mode (npm, make install, cp -a). */
#ifdef __linux__
#include <endian.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "metaopen.h"
#include "notify-int.h"
#include "notify-meta.h"
#include "notify-plant.h"

/* The permission bits a mode-only access ACL (ACL_USER_OBJ, GROUP_OBJ,
 * OTHER: version 2, three entries) sets into *perm; false when v is not
 * one (other ACLs are meta_acl_refused()'s). */
static bool acl_perm(const struct meta_call *m, const struct meta_val *v, mode_t *perm)
{
	uint32_t version;
	mode_t p = 0;

	if (m->kind != M_SETX || strcmp(v->name, "system.posix_acl_access") != 0 ||
	    v->size != 4 + 3 * 8)
		return false;
	memcpy(&version, v->value, 4);
	if (le32toh(version) != 2)
		return false;
	for (size_t off = 4; off < v->size; off += 8) {
		uint16_t tag, bits;

		memcpy(&tag, v->value + off, 2);
		memcpy(&bits, v->value + off + 2, 2);
		bits = le16toh(bits) & 7;
		switch (le16toh(tag)) {
		case 0x01:
			p |= (mode_t)bits << 6;
			break;
		case 0x04:
			p |= (mode_t)bits << 3;
			break;
		case 0x20:
			p |= bits;
			break;
		default:
			return false;
		}
	}
	*perm = p;
	return true;
}

bool meta_opens_refused(struct job *j, const struct meta_call *m, const struct meta_val *v,
			const struct stat *st, const char *path)
{
	mode_t old = st->st_mode, perm;
	const char *why = NULL;

	if (S_ISLNK(old))
		return false;
	if (notify_made_here(j->nt, st)) { /* the run's own: any mode, but see notify-plant.h */
		if (!S_ISDIR(old))
			return false;
		if (m->kind == M_MODE)
			return nj_plant_refused(j, path, v->mode & 07777);
		if (acl_perm(m, v, &perm))
			return nj_plant_refused(j, path, perm);
		return m->kind == M_SETX && strncmp(v->name, "system.posix_acl_", 17) == 0 &&
		       nj_plant_acl_refused(j, path);
	}
	if (m->kind == M_MODE)
		why = metaopen_why(old, (old & S_IFMT) | (v->mode & 07777), st->st_uid, (uid_t)-1,
				   st->st_gid, (gid_t)-1);
	else if (m->kind == M_OWNER)
		why = metaopen_why(old, old, st->st_uid, v->uid, st->st_gid, v->gid);
	else if (acl_perm(m, v, &perm))
		why = metaopen_why(old, (old & ~(mode_t)0777) | perm, st->st_uid, (uid_t)-1,
				   st->st_gid, (gid_t)-1);
	if (!why)
		return false;
	nj_refuse(j, FSJ_CAP_WRITE, path, why, EPERM, NULL);
	return true;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_meta_open_not_this_system;
#endif /* __linux__ */
