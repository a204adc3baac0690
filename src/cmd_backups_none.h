/* cmd_backups_none.h - `fsjail backups show` with no cycle to show: an
 * answer, not an error (as `backups list`), said the way the caller reads
 * (fsjail-json(7), fsjail-backups-show/1). */
#ifndef FSJAIL_CMD_BACKUPS_NONE_H
#define FSJAIL_CMD_BACKUPS_NONE_H

#include <stdbool.h>

/* With json the empty document on stdout: "session" and "cycle" null,
 * "records" empty; else "no backup cycle of workspace WS" on stderr (ws,
 * escaped; not NULL without json). Returns FSJ_EXIT_OK. */
int cmd_backups_show_none(bool json, const char *ws);

#endif
