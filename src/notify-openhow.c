/* notify-openhow.c - openat2(2)'s struct open_how, read once from the
 * caller's memory and checked as the kernel checks it, for the open that
 * notify-ops.c performs (see notify-openhow.h). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <linux/openat2.h>

#include "notify-int.h"
#include "notify-openhow.h"

/* The flags and resolve bits an open_how may hold. */
#define OPEN_FLAGS                                                                         \
	(NJ_KEEP_FLAGS | O_CREAT | O_EXCL | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | FASYNC | O_PATH | \
	 O_TMPFILE | O_NOCTTY | KERNEL_O_LARGEFILE)
#define RESOLVE_KNOWN                                                                    \
	(RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH | \
	 RESOLVE_IN_ROOT | RESOLVE_CACHED)

int nj_read_how(struct job *j, uint64_t *flags, uint64_t *mode, uint64_t *resolve)
{
	unsigned char buf[4096];
	struct open_how how;
	uint64_t size = j->c->how_size;
	size_t i;

	if (size < sizeof(how))
		return nj_answer(j, EINVAL), -1;
	if (size > sizeof(buf))
		return nj_refuse(j, FSJ_CAP_WRITE, NULL, "open_how larger than known", E2BIG, NULL),
		       -1;
	if (notify_mem_read(j->tr, j->c->how, buf, (size_t)size) < 0)
		return nj_refuse(j, FSJ_CAP_WRITE, NULL, "open_how memory unreadable", EACCES, NULL),
		       -1;
	for (i = sizeof(how); i < size; i++)
		if (buf[i])
			return nj_refuse(j, FSJ_CAP_WRITE, NULL, "open_how larger than known", E2BIG,
				      NULL),
			       -1;
	memcpy(&how, buf, sizeof(how));
	if ((how.flags & ~(uint64_t)OPEN_FLAGS) || (how.resolve & ~(uint64_t)RESOLVE_KNOWN) ||
	    how.mode > 07777 || (how.mode && !(how.flags & (O_CREAT | __O_TMPFILE))) ||
	    ((how.flags & O_PATH) && (how.flags & ~(uint64_t)(O_PATH | O_CLOEXEC | O_DIRECTORY |
							       O_NOFOLLOW | KERNEL_O_LARGEFILE))))
		return nj_answer(j, EINVAL), -1;
	if (how.resolve & RESOLVE_CACHED)
		return nj_answer(j, EAGAIN), -1; /* the caller retries without it */
	*flags = how.flags & ~(uint64_t)KERNEL_O_LARGEFILE;
	*mode = how.mode;
	*resolve = how.resolve;
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_openhow_not_this_system;
#endif /* __linux__ */
