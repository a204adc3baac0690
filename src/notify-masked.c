/* notify-masked.c - a write refused by the mount mask that hides its path
 * (notify-masked.h). */
#include "config.h"

#ifdef __linux__
#include <errno.h>

#include "notify-masked.h"

int nj_answer_change_failed(struct job *j, const char *path, int e)
{
	struct fsj_decision d;

	if (e == EROFS && path && !nj_may(j, path, FSJ_CAP_READ, &d) &&
	    (d.level == FSJ_LEVEL_EXPLICIT || d.level == FSJ_LEVEL_PROTECTED))
		return nj_refuse(j, FSJ_CAP_WRITE, path,
				 "its read deny hides it with a mount mask (an empty read-only "
				 "file), which refuses writing it too",
				 EROFS, &d);
	return nj_answer(j, e);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_masked_not_this_system;
#endif /* __linux__ */
