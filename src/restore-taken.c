/* restore-taken.c - see restore-taken.h. */
#include <string.h>
#include <cjson/cJSON.h>

#include "backup.h"
#include "restore-int.h"
#include "restore-later.h"
#include "restore-taken.h"
#include "util.h"

void rs_later_mark(struct rctx *x, bool later)
{
	const char *c = x->o->undo ? backup_cycle_name(x->o->undo) : NULL;
	cJSON *a = cJSON_GetArrayItem(x->actions, cJSON_GetArraySize(x->actions) - 1);

	if (later && a)
		cJSON_AddBoolToObject(a, "changed_after_run", true);
	if (later && a && c && !x->o->dry_run)
		cJSON_AddStringToObject(a, "kept_in", c);
}

bool rs_taken_later(const char *detail, const struct stat *sb)
{
	return detail && strcmp(detail, RS_LATER) == 0 && !S_ISDIR(sb->st_mode) &&
	       sb->st_nlink == 1;
}

/* a's string member key, else NULL. */
static const char *jstr(const cJSON *a, const char *key)
{
	const cJSON *s = cJSON_GetObjectItem(a, key);

	return cJSON_IsString(s) ? s->valuestring : NULL;
}

char *restore_taken_tail(const char *path, const cJSON *took, bool dry, bool run_version)
{
	const char *kept = jstr(took, "kept_in");
	cleanup_free char *later = NULL;

	if (!cJSON_IsTrue(cJSON_GetObjectItem(took, "changed_after_run")))
		return xstrdup(!run_version ? ""
			       : dry        ? " (the run's version would move to the trash)"
					    : " (the run's version moved to the trash)");
	later = kept && !dry
			? restore_later_tail(path, kept)
			: xstrdup(dry ? "changed after the run: that later version would be kept in "
					"the restore's own cycle"
				      : "changed after the run");
	if (!run_version)
		return xstrdup(later);
	return xasprintf(dry ? "the run's version would move to the trash, %s"
			     : "the run's version moved to the trash, %s",
			 later);
}
