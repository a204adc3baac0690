/* refusal-errno.c - errno names for the refusal records (refusal-errno.h). */
#include <errno.h>
#include <stdio.h>

#include "refusal-errno.h"

const char *refusal_errno_name(int e, char buf[16])
{
	static const struct {
		int e;
		const char *name;
	} names[] = {
		{ EACCES, "EACCES" }, { EPERM, "EPERM" },   { EROFS, "EROFS" },   { ENOENT, "ENOENT" },
		{ EEXIST, "EEXIST" }, { EXDEV, "EXDEV" },   { EBUSY, "EBUSY" },   { ENOSYS, "ENOSYS" },
		{ EINVAL, "EINVAL" }, { ELOOP, "ELOOP" },   { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
		{ ENOSPC, "ENOSPC" }, { EMLINK, "EMLINK" }, { EIO, "EIO" },       { ENOMEM, "ENOMEM" },
		{ EBADF, "EBADF" },
	};

	if (e == 0) /* the call did not fail: a path a mount mask hides reads empty */
		return "none";
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == e)
			return names[i].name;
	snprintf(buf, 16, "E%d", e);
	return buf;
}
