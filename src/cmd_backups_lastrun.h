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

struct fsj_ctx;
struct backup_store_cycle;

/* Before `fsjail backups restore` undoes v[ci] (of the n cycles v, oldest
 * first) in ctx's workspace, as the newest cycle (newest: no --cycle,
 * --session or PATH given; false does nothing): when a run here started after that cycle and
 * left none (it changed nothing, or is still going) and no cycle of this
 * workspace came after it, a note naming that run and the cycle to be
 * undone goes to stderr, escaped (user32: restore would otherwise undo
 * the run before it without a word). Nothing when there is no audit log. */
void cmd_backups_note_later_run(const struct fsj_ctx *ctx, const struct backup_store_cycle *v,
				size_t n, size_t ci, bool newest);

#endif
