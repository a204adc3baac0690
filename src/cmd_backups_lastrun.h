/* cmd_backups_lastrun.h - a run the audit log records in the workspace
 * after the cycle `fsjail backups restore` is about to undo. */
#ifndef FSJAIL_CMD_BACKUPS_LASTRUN_H
#define FSJAIL_CMD_BACKUPS_LASTRUN_H

#include <stdbool.h>
#include <stddef.h>

/* The newest `fsjail run` that the audit log file audit says started in
 * workspace ws after the cycle named cycle began (names start with their
 * UTC time, YYYYMMDDTHHMMSS.ffffff): its command line, and its start time
 * as the log spells it in *when (both caller frees); NULL when there is
 * none, or no log. Only the log's last 1 MiB is read. */
char *cmd_backups_later_run(const char *audit, const char *ws, const char *cycle, char **when);

/* Whether the cycle named cycle began after the time when (as the audit
 * log spells it). */
bool cmd_backups_after(const char *cycle, const char *when);

#endif
