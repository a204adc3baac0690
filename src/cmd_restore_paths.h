/* cmd_restore_paths.h - which cycles `fsjail backups restore` undoes
 * (issue undo33 item 1): one cycle, or for PATH... every run cycle that
 * changed one of them, newest first, so each path goes back to its state
 * before the earliest run that changed it (or before --cycle NAME). */
#ifndef FSJAIL_CMD_RESTORE_PATHS_H
#define FSJAIL_CMD_RESTORE_PATHS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "backup_store.h"
#include "config.h"

/* One cycle's restore as a step of several (cmd_backups_restore()):
 * hit[i] is set when a record of the step names paths[i]; objs (a JSON
 * array, owned by the caller) gets the step's fsjail-restore/1 object. */
struct cmd_restore_step {
	bool *hit;
	cJSON *objs;
};

/* The index in v (n cycles, oldest first) of the cycle restore acts on:
 * cycle by name; else the newest run cycle (never a restore's own) of
 * session, or without session of the workspace ws, that touches one of
 * the npaths paths (any, when 0). -1 when none. */
long cmd_backups_pick(const struct backup_store_cycle *v, size_t n, const char *cycle,
		      const char *session, const char *ws, char **paths, size_t npaths);

/* Restore paths (npaths > 0) from v[ci] (picked by cmd_backups_pick()
 * with session and ws; named: --cycle) and every later run cycle of the
 * same scope (session, else ws, else any workspace) that changed one of
 * them: newest first, each with the cycles restored together with it
 * (restore-group.h) once, stopping at the first that fails. One cycle:
 * cmd_backups_restore() as it is. Several: said first (the cycles, the
 * order), then each path as restored, in one fsjail-restore/1 object
 * with --json ("cycles": all, newest first; "steps": each cycle's
 * object). A path no cycle names is an error. Returns an exit status. */
int cmd_backups_restore_paths(const struct fsj_ctx *ctx, const struct backup_store_cycle *v,
			      size_t n, size_t ci, bool named, const char *session, const char *ws,
			      char **paths, size_t npaths, bool dry, bool json);

/* Say that no cycle touches any of paths (the hints of cmd_backups_id.h
 * from argc, argv, and first, the index of the first path in argv). */
void cmd_backups_none_touch(int argc, char **argv, int first, char **paths, size_t npaths);

#endif
