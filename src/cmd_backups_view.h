/* cmd_backups_view.h - the read-only actions of `fsjail backups`
 * (cmd_backups_view.c), to which cmd_backups() hands the cycles it
 * listed (backup_store_list()). Output goes to stdout, problems to
 * stderr. */
#ifndef FSJAIL_CMD_BACKUPS_VIEW_H
#define FSJAIL_CMD_BACKUPS_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "backup_store.h"

/* `backups list`: a line per cycle of v (n cycles, oldest first), or with
 * json the document "fsjail-backups/1" (fsjail-json(7)); ws (not NULL):
 * only the cycles of that workspace. A cycle whose manifest cannot be
 * read is said on stderr and left out. Returns FSJ_EXIT_OK. */
int cmd_backups_list(const struct backup_store_cycle *v, size_t n, bool json, const char *ws);

/* `backups show` without --cycle or --session: the index in v (n cycles,
 * oldest first) of the newest cycle of workspace ws, as list and restore
 * take it; -1 when it has none. */
long cmd_backups_newest(const struct backup_store_cycle *v, size_t n, const char *ws);

/* `backups show`: cycle c's records, or with json the document
 * "fsjail-backups-show/1" (fsjail-json(7)). Returns an exit status:
 * FSJ_EXIT_ERROR when its manifest cannot be read (said on stderr). */
int cmd_backups_show(const struct backup_store_cycle *c, bool json);

#endif
