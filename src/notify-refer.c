/* notify-refer.c - Landlock's rule for a name given to an existing object
 * (REFER; notify-refer.h), as the supervisor applies it to the renames
 * and links it performs (notify-rename.c). */
#ifdef __linux__
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_refer_not_this_system;
#endif /* __linux__ */
