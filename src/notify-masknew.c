/* notify-masknew.c - a new name refused by the mount mask that hides its
 * folder (notify-masknew.h). */
#ifdef __linux__
#include <errno.h>

#include "notify-masknew.h"

int nj_answer_make_failed(struct job *j, const struct loc *l, int e)
{
	struct fsj_decision d;

	if (e == EROFS && l->path && !nj_may(j, l->path, FSJ_CAP_READ, &d) &&
	    (d.level == FSJ_LEVEL_EXPLICIT || d.level == FSJ_LEVEL_PROTECTED))
		return nj_refuse(j, FSJ_CAP_CREATE, l->path,
				 "its read deny hides its folder with a mount mask (an empty "
				 "read-only folder), which refuses making anything in it",
				 e, &d);
	return nj_answer(j, e);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_masknew_not_this_system;
#endif /* __linux__ */
