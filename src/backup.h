/* backup.h - ModifyBackup (DESIGN.md section 9): before the first
 * modification of an existing regular file in a cycle, its content is
 * saved under $STATE/sessions/<session>/modify_backup/<cycle>/ with one
 * NDJSON manifest line; the cycle is committed when the run ends.
 *
 * Layout of one cycle folder (every folder 0700, every file 0600, all
 * made with *at() calls, O_NOFOLLOW and, for files, O_EXCL):
 *   manifest.ndjson   one object per file: path, backup (name under files/),
 *                     size, mode, mtime (ns), time, call, command, skipped
 *   files/<n>         the saved content (n = 1, 2, ...)
 *   commit.json       written last (temp file + fsync + rename): message
 *                     (the command line), time, status, and the state of
 *                     every backed-up path after the run ("after")
 * A cycle without commit.json (a run killed midway) is still listed and
 * restorable. The state directory is protected: the sandbox cannot write
 * it, so nothing in the store is planted by the command tree. */
#ifndef FSJAIL_BACKUP_H
#define FSJAIL_BACKUP_H

#include <stdbool.h>
#include <sys/types.h>

#include "audit.h"
#include "config.h"
#include "util.h"

struct backup_cycle;

/* The modification time of a struct stat *: macOS names it st_mtimespec. */
#ifdef __APPLE__
#define BACKUP_MTIM(sb) ((sb)->st_mtimespec)
#else
#define BACKUP_MTIM(sb) ((sb)->st_mtim)
#endif

/* A cycle for one run. state_dir: fsjail's state directory (absolute,
 * must exist); session: the session id (NULL: FSJAIL_SESSION_ID, else a
 * new "YYYYmmddTHHMMSS-PID"); command: the command line (the commit
 * message, copied); max_size_mb: files larger than this many MiB are
 * recorded as skipped (0: no limit); audit: where backups and failures are
 * recorded (borrowed, may be NULL). Nothing is created on disk until the
 * first backup. Returns a new cycle (free with backup_cycle_free()), or
 * NULL with err set (a session id with characters other than
 * [A-Za-z0-9._-]). Thread-safe once made: calls are serialised inside. */
struct backup_cycle *backup_cycle_new(const char *state_dir, const char *session,
				      const char *command, unsigned long max_size_mb,
				      const struct audit_log *audit, struct fsj_error *err);

/* Save the content of the regular file name in the directory dirfd
 * (opened by the caller without following symlinks, e.g. openat2
 * RESOLVE_NO_SYMLINKS) before it is modified; path is its absolute
 * resolved path (the manifest key), call the call id for the manifest
 * ("notify", a broker call id; may be NULL). The file is opened with
 * O_NOFOLLOW|O_NONBLOCK: a symlink or a special file is never read (returns
 * 0, nothing saved). Does nothing (returns 0) when path was backed up or
 * noted new earlier in this cycle, or when it does not exist. Returns 0
 * when the modification may go on, or -1 with err set and errno set when
 * the content could not be saved (disk full, store unwritable, ...): the
 * modification must then be refused. Failures and backups are audited. */
int backup_before_modify(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			 const char *call, struct fsj_error *err);

/* Note that path did not exist before it was created in this cycle, so
 * later writes to it make no backup. */
void backup_note_new(struct backup_cycle *bc, const char *path);

/* What is about to happen to an existing regular file (the interface the
 * interception hook and the broker call; DESIGN.md section 9). */
enum backup_change {
	BACKUP_CHANGE_CONTENT = 0, /* written or truncated in place: save a copy (clone) */
	BACKUP_CHANGE_REMOVE,      /* unlinked or renamed over: its inode may be kept by link */
};

/* Save the file about to change. dirfd/name: where it lives (opened by
 * the caller without following symlinks); fd: an open descriptor (O_RDONLY
 * or O_PATH) of the very file the caller checked, whose identity (st_dev,
 * st_ino) keys the backup: one per file per cycle, whatever name reached
 * it; path: its absolute resolved path. Same return contract as
 * backup_before_modify(): 0 when the change may go on (also for a file
 * that is not regular, or was created in this cycle), -1 with err and errno
 * set when it must be refused. */
int backup_before_change(struct backup_cycle *bc, int dirfd, const char *name, int fd,
			 const char *path, enum backup_change what, const char *call,
			 struct fsj_error *err);

/* The file (dev, ino) was created at path in this cycle: later changes to
 * it need no backup, and restore moves it to the trash. */
void backup_note_created(struct backup_cycle *bc, const char *path, dev_t dev, ino_t ino);

/* true when the file (dev, ino) was created in this cycle. */
bool backup_created_in_cycle(struct backup_cycle *bc, dev_t dev, ino_t ino);

/* The file (dev, ino) was renamed from one absolute path to another in
 * this cycle (after backup_before_change() of any file renamed over);
 * restore moves it back. */
void backup_note_renamed(struct backup_cycle *bc, const char *from, const char *to, dev_t dev,
			 ino_t ino);

/* Commit the cycle (only when at least one file was saved): commit.json
 * with the command line as message and exit status (an int), written to a
 * temporary file, fsynced and renamed into place. Returns 0, or -1 with
 * err set. */
int backup_cycle_commit(struct backup_cycle *bc, int status, struct fsj_error *err);

/* Number of files saved (not skipped) so far. */
unsigned long backup_cycle_count(const struct backup_cycle *bc);

/* The cycle's folder name and session id (owned by bc). */
const char *backup_cycle_name(const struct backup_cycle *bc);
const char *backup_cycle_session(const struct backup_cycle *bc);

void backup_cycle_free(struct backup_cycle *bc);

/* ---- the run glue (cmd_run.c) ---- */

/* Start the run's cycle and hand it (and the trash settings) to the
 * interception hook (notify_set_backup()), when ctx's config enables
 * backups; argv: the command line. Opens the audit log. Returns 0 (also
 * when disabled), or -1 with err set. */
int backup_run_begin(const struct fsj_ctx *ctx, char *const argv[], struct fsj_error *err);

/* End of the run: detach the hook, commit the cycle with the exit status,
 * free everything. Errors are printed as warnings (the run has happened). */
void backup_run_end(int status);

/* ---- reading the store (cmd_backups.c) ---- */

/* Copy the whole content of the open regular file in to the open file out
 * (offset 0 of both): FICLONE first on Linux, then copy_file_range, then
 * read/write. Returns 0, or -1 with errno set. */
int backup_copy_fd(int in, int out, off_t size);

#endif
