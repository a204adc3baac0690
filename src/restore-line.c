/* restore-line.c - see restore-line.h. */
#include <stdio.h>
#include <string.h>

#include "cmd_backups.h"
#include "restore-line.h"

/* The verb of an action, done or (dry run) to be done. */
static const char *verb(const char *action, bool dry)
{
	static const char *const t[][3] = {
		{ "restore-content", "restored", "would restore" },
		{ "recreate", "recreated", "would recreate" },
		{ "move-back", "moved back", "would move back" },
		{ "trash", "moved to the trash (made by the run)", "would move to the trash" },
		{ "remove-folder", "removed empty folder (made by the run)",
		  "would remove folder" },
		{ "mkdir", "made folder", "would make folder" },
		{ "restore-meta", "restored mode, owner and times of",
		  "would restore mode, owner and times of" },
		{ "swap-back", "swapped back", "would swap back" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(t[i][0], action) == 0)
			return t[i][dry ? 2 : 1];
	return action;
}

void restore_line_put(const char *action, bool dry, const char *path, const char *mid,
		      const char *to, const char *cycle, const char *tail)
{
	printf("%s ", verb(action, dry));
	cmd_backups_put(stdout, "", path);
	if (to)
		cmd_backups_put(stdout, mid, to);
	if (cycle)
		cmd_backups_put(stdout, " from cycle ", cycle);
	printf(tail[0] && tail[0] != ' ' ? " (%s)\n" : "%s\n", tail); /* a detail: in brackets */
}
