/* notify-plant.c - no folder on the way to a protected name is opened to
 * other local users (notify-plant.h). Trust boundary: runs in the
 * supervisor, on a mode read from the caller once.
 *
 * Why. The run's own folders keep every mode (notify-meta-open.c), and
 * the names fsjail protects are refused to the command whether they exist
 * or not. A folder the run made 0777 above such a name (.vscode above
 * .vscode/tasks.json, .claude above .claude/settings.json) handed that
 * name to every other local user after the run: they planted what the
 * owner's editor or agent then ran on the host. Write for group is left
 * alone: umask 002 gives it to every folder on systems with a group per
 * user. */
#ifdef __linux__
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "notify-int.h"
#include "notify-plant.h"
#include "path.h"

/* A protected rule that refuses create lies strictly beneath dir. */
static bool protected_beneath(const struct fsj_policy *pol, const char *dir)
{
	size_t i, n = strlen(dir);

	for (i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *p[2] = { r->path, r->resolved };

		if (fsj_source_level(r->source) != FSJ_LEVEL_PROTECTED ||
		    !(r->deny & FSJ_CAPBIT(FSJ_CAP_CREATE)))
			continue;
		for (size_t k = 0; k < 2; k++)
			if (p[k] && strlen(p[k]) > n && path_covers(dir, p[k]))
				return true;
	}
	return false;
}

bool nj_plant_refused(struct job *j, const char *path, mode_t new)
{
	if (!(new & S_IWOTH) || !path || !protected_beneath(j->nt->pol, path))
		return false;
	nj_refuse(j, FSJ_CAP_WRITE, path,
		  "write for others on a folder that holds a protected name: any other local "
		  "user could put that name there after the run", EPERM, NULL);
	return true;
}

bool nj_plant_acl_refused(struct job *j, const char *path)
{
	if (!path || !protected_beneath(j->nt->pol, path))
		return false;
	nj_refuse(j, FSJ_CAP_WRITE, path,
		  "an ACL beyond the mode on a folder that holds a protected name: a named user "
		  "or group, or what the folder's later files inherit, could put that name there "
		  "after the run",
		  EPERM, NULL);
	return true;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_plant_not_this_system;
#endif /* __linux__ */
