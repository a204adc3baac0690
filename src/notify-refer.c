/* notify-refer.c - where an existing object may be given a new name
 * (notify-refer.h): Landlock's REFER rule, and the undo rule that keeps
 * the files of a backed-up area out of the temporary folders, which no
 * backup covers (att24: without mount masks a file renamed from the
 * workspace into /var/tmp, then removed there, was lost to restore; the
 * xattrs and mode of one linked there were changed beyond undo). */
#ifdef __linux__
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "backup.h"
#include "notify-int.h"
#include "notify-refer.h"

bool nj_refer_ok(struct job *j, const struct loc *from, const char *to)
{
	unsigned relevant = S_ISDIR(from->st.st_mode)
				    ? FSJ_CAPS_ALL
				    : FSJ_CAPBIT(FSJ_CAP_READ) | FSJ_CAPBIT(FSJ_CAP_WRITE) |
					      FSJ_CAPBIT(FSJ_CAP_EXECUTE);
	unsigned a = policy_allowed_mask(j->nt->pol, from->path, from->path) & relevant;
	unsigned more = policy_allowed_mask(j->nt->pol, to, to) & relevant & ~a;
	char caps[64] = "", why[PATH_MAX + 128];

	if (!more)
		return true;
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (more & FSJ_CAPBIT(c))
			snprintf(caps + strlen(caps), sizeof(caps) - strlen(caps), "%s%s",
				 caps[0] ? "," : "", fsj_cap_name((enum fsj_cap)c));
	snprintf(why, sizeof(why), "its new name %s would grant %s, which this name lacks", to,
		 caps);
	nj_refuse(j, (enum fsj_cap)__builtin_ctz(more), from->path, why, EXDEV, NULL);
	return false;
}

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
typedef int notify_refer_not_this_system;
#endif /* __linux__ */
