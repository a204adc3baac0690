/* notify-refer.c - where an existing object may be given a new name
 * (notify-refer.h): Landlock's REFER rule. The undo rule that keeps the
 * files of a backed-up area out of the temporary folders (att24) is in
 * notify-refer-temp.c. */
#ifdef __linux__
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "notify-int.h"
#include "notify-refer.h"
#include "notify-names.h"
#include "refer-caps.h"

bool nj_refer_ok(struct job *j, const struct loc *from, const char *to)
{
	unsigned relevant = refer_caps(from->st.st_mode);
	unsigned a = policy_allowed_mask(j->nt->pol, from->path, from->path) & relevant;
	unsigned more = policy_allowed_mask(j->nt->pol, to, to) & relevant & ~a;
	char caps[64] = "", why[PATH_MAX + 128];
	struct fsj_decision d;

	if (!more)
		return true;
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (more & FSJ_CAPBIT(c))
			snprintf(caps + strlen(caps), sizeof(caps) - strlen(caps), "%s%s",
				 caps[0] ? "," : "", fsj_cap_name((enum fsj_cap)c));
	snprintf(why, sizeof(why), "its new name %s would grant %s, which this name lacks", to,
		 caps);
	/* EXDEV, as Landlock says it: a tool copies instead, reading the old
	 * name; where that name is a mount mask the copy is of the mask, an
	 * empty file, and mv then removes the file: EACCES, nothing moves. */
	/* the old name's decision names the rule that keeps it from there */
	policy_decide(j->nt->pol, from->path, from->path, (enum fsj_cap)__builtin_ctz(more), &d);
	nj_refuse(j, (enum fsj_cap)__builtin_ctz(more), from->path, why,
		  (more & FSJ_CAPBIT(FSJ_CAP_READ)) && nj_hides_host_file(j, from) ? EACCES : EXDEV,
		  d.rule ? &d : NULL);
	return false;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_refer_not_this_system;
#endif /* __linux__ */
