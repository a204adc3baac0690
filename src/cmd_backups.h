/* cmd_backups.h - the pieces `fsjail backups` (cmd_backups.c) and its
 * restore (cmd_restore.c) share. */
#ifndef FSJAIL_CMD_BACKUPS_H
#define FSJAIL_CMD_BACKUPS_H

#include <stdbool.h>
#include <stdio.h>

#include "backup_store.h"
#include "config.h"
#include "manifest.h"

struct cmd_restore_step;

/* Print prefix (trusted) then s escaped for the terminal
 * (fsj_escape_term()) on f. */
void cmd_backups_put(FILE *f, const char *prefix, const char *s);

/* Read cycle c's manifest (torn or refused lines are printed to stderr,
 * escaped); *fd gets the cycle folder (caller closes). Returns 0, or -1
 * (printed). */
int cmd_backups_load(const struct backup_store_cycle *c, struct manifest *m, int *fd);

/* Restore cycle v[ci] (of the n cycles v, oldest first) for ctx
 * (restore.h), together with the cycles of runs that overlapped it
 * (restore-group.h), printing the outcome (text or JSON). step NULL: a
 * path of paths no record names is an error; else one step of
 * cmd_restore_paths.h (it is set in step->hit, and the JSON object is
 * added to step->objs, not printed). Returns an exit status. */
int cmd_backups_restore(const struct fsj_ctx *ctx, const struct backup_store_cycle *v, size_t n,
			size_t ci, char **paths, size_t npaths, bool dry, bool json,
			struct cmd_restore_step *step);

#endif
