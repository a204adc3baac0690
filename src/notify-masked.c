/* notify-masked.c - a write refused by the mount mask that hides its path
 * (notify-masked.h). */
#ifdef __linux__
#include <errno.h>
#include <sys/stat.h>

#include "notify-masked.h"

int nj_answer_change_failed(struct job *j, const struct loc *l, int e)
{
	const char *path = l->path;
	struct fsj_decision d;
	bool mask_like = S_ISREG(l->st.st_mode) && l->st.st_size == 0 && !(l->st.st_mode & 0222);

	if ((e == EROFS || (e == EACCES && mask_like)) && path &&
	    !nj_may(j, path, FSJ_CAP_READ, &d) &&
	    (d.level == FSJ_LEVEL_EXPLICIT || d.level == FSJ_LEVEL_PROTECTED))
		return nj_refuse(j, FSJ_CAP_WRITE, path,
				 "its read deny hides it with a mount mask (an empty read-only "
				 "file), which refuses writing it too",
				 e, &d);
	return nj_answer(j, e);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_masked_not_this_system;
#endif /* __linux__ */
