/* metaopen.c - a mode or owner change that opens an object to other local
 * users (metaopen.h). */
#include <sys/stat.h>

#include "metaopen.h"

#define OPEN_BITS (S_IWGRP | S_IWOTH)

const char *metaopen_why(mode_t old, mode_t new, uid_t ouid, uid_t nuid, gid_t ogid, gid_t ngid)
{
	if (new & ~old & OPEN_BITS)
		return "write for group or others on a file or folder older than the run: any "
		       "local user could change it";
	if (S_ISDIR(old) && (old & S_ISVTX) && !(new &S_ISVTX) && (new &OPEN_BITS))
		return "the sticky bit taken from a shared folder older than the run: any local "
		       "user could remove or replace the others' files in it";
	if (nuid != (uid_t)-1 && nuid != ouid)
		return "a file or folder older than the run given to another user";
	if (ngid != (gid_t)-1 && ngid != ogid && (old & S_IWGRP))
		return "a group-writable file or folder older than the run given to another group";
	return 0;
}
