/* notify-refer-temp.c - the undo rule that keeps the files of a
 * backed-up area out of the temporary folders, which no backup covers
 * (notify-refer.h; moved out of notify-refer.c). att24: without mount
 * masks a file renamed from the workspace into /var/tmp, then removed
 * there, was lost to restore; the xattrs and mode of one linked there
 * were changed beyond undo. */
#ifdef __linux__
#include <errno.h>
#include <stdbool.h>

#include "backup.h"
#include "notify-int.h"
#include "notify-refer.h"

bool nj_temp_cross_ok(struct job *j, const struct loc *a, const struct loc *b, bool exchange)
{
	const struct backup_cycle *bc = j->nt->bc;
	bool ta, tb;

	if (!bc || !a->path || !b->path)
		return true;
	ta = backup_path_is_temp(bc, a->path);
	tb = backup_path_is_temp(bc, b->path);
	/* from a temporary folder into a backed-up area: a new name there,
	 * undone by moving it back (the renamed record) or trashing it (the
	 * created record) */
	if (ta == tb || (ta && !exchange))
		return true;
	nj_answer(j, EXDEV);
	return false;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_refer_temp_not_this_system;
#endif /* __linux__ */
