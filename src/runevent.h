/* runevent.h - what happened to files during a run, for the status
 * stream's detail records (`fsjail run --status-detail`, fsjail-json(7)):
 * a file saved before a change (backup.c), a file moved to the trash
 * (trash.c). The stream (runmsg.c) installs the tap; without it these
 * calls do nothing. */
#ifndef FSJAIL_RUNEVENT_H
#define FSJAIL_RUNEVENT_H

/* type: "backup" or "trash"; path: the file (absolute); detail: where it
 * went (the backup file in its cycle, the trash entry), may be NULL. The
 * tap may be called from any thread and must copy what it keeps. */
typedef void (*run_event_fn)(const char *type, const char *path, const char *detail);

/* Install (or, with NULL, remove) the tap. Not thread-safe against
 * run_event(): install before the command starts, remove after it ended. */
void run_event_set_tap(run_event_fn fn);

/* Report one event to the tap, if any. */
void run_event(const char *type, const char *path, const char *detail);

#endif
