/* broker-mountop.c - which broker host operations a mount point in the
 * command's view refuses (broker-mountop.h). */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker-mounted.h"
#include "broker-mountop.h"

#ifdef __linux__
/* true when t is a mount point whose object in the command's view is
 * not the host's at that name (or the host's cannot be looked at). */
static bool target_masked(const struct target *t)
{
	struct stat h;
	int host;
	bool same;

	if (!broker_target_mounted(t))
		return false;
	host = broker_host_dirfd(t);
	if (host < 0)
		return true;
	same = fstatat(host, t->name, &h, AT_SYMLINK_NOFOLLOW) == 0 && h.st_dev == t->st.st_dev &&
	       h.st_ino == t->st.st_ino;
	close(host);
	return !same;
}

/* See broker-mountop.h. */
const char *broker_mount_refused(const struct op *o)
{
	bool names =
		o->kind == HOSTOP_DELETE || o->kind == HOSTOP_RENAME || o->kind == HOSTOP_MKDIR;

	if (o->kind != HOSTOP_COPY &&
	    (names ? broker_target_mounted(&o->from) : target_masked(&o->from)))
		return "a mount point in the command's view (a mount mask or pin), which the "
		       "command cannot change, move or remove (the host's file beneath stays as "
		       "it is)";
	if (o->has_to &&
	    (o->kind == HOSTOP_COPY ? target_masked(&o->to) : broker_target_mounted(&o->to)))
		return "a mount point in the command's view (a mount mask, pin or a mount of the "
		       "host's), whose name cannot be replaced (EBUSY)";
	return NULL;
}

#else
const char *broker_mount_refused(const struct op *o)
{
	(void)o;
	return NULL;
}
#endif /* __linux__ */
