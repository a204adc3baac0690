/* restore-line.h - the words and the shape of one line of the text form
 * of `fsjail backups restore` (restore-line.c); restore-text.c decides
 * which lines a restore prints. */
#ifndef FSJAIL_RESTORE_LINE_H
#define FSJAIL_RESTORE_LINE_H

#include <stdbool.h>

/* Print to stdout the verb of action (a restore action's name:
 * "restore-content", "trash", ...; dry: the "would ..." form; an unknown
 * action as it is), then path, then mid and to when to is not NULL, then
 * " from cycle CYCLE" when cycle is not NULL, then tail: a tail that
 * starts with a space as it is, any other non-empty one in brackets.
 * Paths and the cycle escaped (cmd_backups_put()). */
void restore_line_put(const char *action, bool dry, const char *path, const char *mid,
		      const char *to, const char *cycle, const char *tail);

#endif
