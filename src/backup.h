/* backup.h - ModifyBackup (DESIGN.md section 9): before the first
 * modification of an existing regular file in a cycle, its content is
 * saved under $STATE/sessions/<session>/modify_backup/<cycle>/ with one
 * manifest record (manifest.h); the cycle is committed when the run ends.
 * A cycle folder (folders 0700, files 0600, made with *at() calls,
 * O_NOFOLLOW, O_EXCL): manifest.ndjson; files/<n>, a copy (clone) of a
 * file changed in place or a hard link to the inode of a removed one;
 * commit.json, written last (temp file + fsync + rename). A cycle without
 * commit.json (a run killed midway) is still listed and restorable. The
 * dot names under sessions/ are never cycles: $STATE/sessions/.spare-N
 * are emptied folders kept for the next run (backup_spare.h). */
#ifndef FSJAIL_BACKUP_H
#define FSJAIL_BACKUP_H

#include <stdbool.h>
#include <sys/types.h>

#include "audit.h"
#include "backup_copy.h"
#include "backup_folder.h"
#include "config.h"
#include "util.h"

struct backup_cycle;

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

/* The run's workspace (in the manifest's first line: restore picks this
 * workspace's cycles; never temporary) and kind ("run", or "restore":
 * what a restore overwrote). Copied; call before the first backup. */
void backup_cycle_set_info(struct backup_cycle *bc, const char *workspace, const char *kind);

/* refuse: a change in place of a file over the size cap is refused
 * (EFBIG, audited) instead of going on unsaved (backup.on_too_large). */
void backup_cycle_set_refuse_large(struct backup_cycle *bc, bool refuse);

/* own: the session is this run's alone, and nothing of the command runs
 * any more when the cycle is committed (a session id the run made, and a
 * pid namespace that ends the command's tree): an empty cycle's folders
 * may then be kept for the next run (backup_spare.h). Default false. */
void backup_cycle_set_own(struct backup_cycle *bc, bool own);

/* true when path is under $TMPDIR, /tmp or /var/tmp (once set_info() was
 * called) and not in the workspace: never backed up, nor trashed. */
bool backup_path_is_temp(const struct backup_cycle *bc, const char *path);

/* backup_before_change(CONTENT) for a caller holding no descriptor:
 * name is opened in dirfd with O_NOFOLLOW|O_NONBLOCK (a symlink or special
 * file is never read); nothing (0) when path was noted new or is absent. */
int backup_before_modify(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			 const char *call, struct fsj_error *err);

/* The name path (absolute) was made in this cycle for a file that may be
 * older (link(), linkat() in every form; of: that file's stat, borrowed):
 * a "created" record naming of's dev and ino, so restore moves path to the
 * trash only while it still names that file (NULL: a name-only record,
 * once per path per cycle, taking whatever is at path). The file itself
 * is not marked: its changes through any name are still saved first
 * (issue 14); backup_before_modify() skips only a file at path born after
 * the cycle began. A record that cannot be written only leaves the name
 * after a restore (nothing is lost). */
void backup_note_new(struct backup_cycle *bc, const char *path, const struct stat *of);

/* What is about to happen to an existing regular file (the interface the
 * interception hook and the broker call; DESIGN.md section 9). */
enum backup_change {
	BACKUP_CHANGE_CONTENT = 0, /* written or truncated in place: save a copy (clone) */
	BACKUP_CHANGE_REMOVE,      /* unlinked or renamed over: its inode may be kept by link */
	BACKUP_CHANGE_META,        /* mode, owner or times: the old ones are recorded */
};

/* Save the file about to change. dirfd/name: where it lives (opened by
 * the caller without following symlinks); fd: an open descriptor (O_RDONLY
 * or O_PATH) of the very file the caller checked, whose identity (st_dev,
 * st_ino) keys the backup: one per file per cycle, whatever name reached
 * it (-1: open dirfd/name here); path: its absolute resolved path.
 * CONTENT: a copy (backup_copy.h); REMOVE: a hard link of the inode (no
 * copy; a copy across filesystems); a later CONTENT change of a linked
 * file takes a copy then. REMOVE of a symlink or FIFO (fd required): a
 * "special" record (its target, mode, owner, times). META of a file,
 * folder, symlink or FIFO (fd required; dirfd may be -1): a "meta" record
 * of its mode, owner and times, once per file per cycle and only when no
 * record of it came first (that one holds the older values). One manifest
 * record per file, a single write().
 * Returns 0 when the change may go on (also: not regular, temporary,
 * created or saved already), or -1 with err and errno set (ENOSPC, EIO,
 * EROFS, EPERM, ...) when content or record could not be saved: the
 * caller must refuse the change. Audited. */
int backup_before_change(struct backup_cycle *bc, int dirfd, const char *name, int fd,
			 const char *path, enum backup_change what, const char *call,
			 struct fsj_error *err);

/* The write-ahead half of a create (issue 14: a run killed between a
 * create and its "created" record left the object unrecorded): before
 * path (absolute, resolved) is made in the folder dirfd, a "creating"
 * record names it with the folder's identity and the time on the clock of
 * file times (manifest.h); of: for a new name of an existing file (a
 * link), that file's stat, else NULL. Nothing for a temporary path or
 * without a cycle. Returns 0, or -1 with errno set when the record cannot
 * be written: the caller refuses the create. backup_note_cancel(): the
 * create it announced failed ("cancel": restore never takes an object
 * someone else made at path for the run's). After a success the caller
 * calls backup_note_created() or backup_note_new() as before. */
int backup_note_creating(struct backup_cycle *bc, int dirfd, const char *path,
			 const struct stat *of);
void backup_note_cancel(struct backup_cycle *bc, const char *path);

/* A rename backup_note_renamed() recorded (from -> to, before the call)
 * failed: a "cancel" record with both paths, so restore never reads the
 * rename as done (a stale record made it skip every saved file below
 * "to", taking them for moved back already; att4). Nothing without a
 * cycle or for two temporary paths. */
void backup_note_rename_failed(struct backup_cycle *bc, const char *from, const char *to);

/* The file (dev, ino) was created at path in this cycle: later changes to
 * it need no backup, and restore moves it to the trash. */
void backup_note_created(struct backup_cycle *bc, const char *path, dev_t dev, ino_t ino);

/* true when the file (dev, ino) was created in this cycle. */
bool backup_created_in_cycle(struct backup_cycle *bc, dev_t dev, ino_t ino);

/* The regular file sb (its stat before the change) was removed from
 * path (unlinked or renamed over) after backup_before_change(REMOVE).
 * When the cycle could not keep it (over backup.max_size_mb, and no link
 * in the store: another filesystem): trashed_as, where the trash took it
 * (absolute), is recorded ("trashed": restore takes it back from there);
 * NULL (or a record that cannot be written) says "not kept" on stderr,
 * the status stream and the audit log. Nothing otherwise. */
void backup_note_removed(struct backup_cycle *bc, const char *path, const struct stat *sb,
			 const char *trashed_as);

/* Deletes whose trash entry waits for the end of the run (issue 14 item
 * 4: a .trashinfo per file, made while the command waits, was most of the
 * cost of `rm -rf`). A removed file the cycle keeps by a hard link
 * (BACKUP_CHANGE_REMOVE, method "link") is already restorable from the
 * store, before it is unlinked; its trash entry is made from that link
 * when the run ends (backup_cycle_trash()). A run killed before then
 * leaves no trash entry, and every such delete restorable from its cycle.
 * backup_kept_by_link(): the cycle holds sb's inode by a link (ask before
 * the unlink: a file not kept so goes to the trash at once).
 * backup_trash_later(): the file sb was unlinked from path (after
 * success only: an entry for a file still in place would be a second name
 * of it). */
bool backup_kept_by_link(struct backup_cycle *bc, const struct stat *sb);

/* The pre-existing regular file sb (its lstat, checked by the caller) is
 * to be removed from name in dirfd (a folder in fsjail's own mount
 * namespace; path: its absolute resolved path; dir_mode: dirfd's st_mode
 * where the caller has it, else 0): record it, then move the
 * name itself into the cycle's store (backup_take.c). Returns 1 when the
 * name is gone and the file kept (then backup_trash_later() may follow),
 * 0 when nothing was removed and the caller saves and unlinks the usual
 * way (not regular, temporary, known to the cycle already, another
 * filesystem, the move failed), -1 with err and errno set when the
 * removal must be refused (no record could be written, or another file
 * came to the name: it is put back). */
int backup_take_removed(struct backup_cycle *bc, int dirfd, mode_t dir_mode, const char *name,
			const struct stat *sb, const char *path, const char *call,
			struct fsj_error *err);
void backup_trash_later(struct backup_cycle *bc, const char *path, const struct stat *sb);

/* At the end of the run: the trash entries backup_trash_later() noted,
 * in home's trash, as hard links of the cycle's files (trash.h
 * trash_batch_put(): one entry per removed folder tree, one per other
 * file). What cannot be put there stays in the cycle and is said once on
 * stderr. Returns the number of files not put in the trash. */
size_t backup_cycle_trash(struct backup_cycle *bc, const char *home);

/* The file or folder (dev, ino) is about to be renamed from one absolute
 * path to another in this cycle (after backup_before_change() of any file
 * renamed over); restore moves it back (a record of a rename that then
 * failed finds no such file at "to": nothing). exchange: the second half
 * of a RENAME_EXCHANGE (restore swaps the two names back). Returns 0, or
 * -1 with errno set when the record cannot be written: refuse the
 * rename. */
int backup_note_renamed(struct backup_cycle *bc, const char *from, const char *to, dev_t dev,
			ino_t ino, bool exchange);

/* Commit the cycle (when its folder exists): its saved files and
 * manifest made durable (syncfs(2); fsync(2) of the manifest alone when
 * no file was saved), then commit.json (message, status, counts)
 * atomically. A cycle restore would find nothing to do in (only names the
 * run made, none of which holds its file any more: a lock file taken and
 * removed) is removed instead, with no sync (backup_commit.c). Returns 0,
 * or -1 with err set. */
int backup_cycle_commit(struct backup_cycle *bc, int status, struct fsj_error *err);

/* After backup_cycle_commit(): true when the cycle's folder is in the
 * store, with *bytes an upper estimate of the disk space it holds (saved
 * files rounded up to 4 KiB, manifest, folders); false (*bytes 0) when
 * nothing was written or the cycle was removed as empty. */
bool backup_cycle_stored(const struct backup_cycle *bc, unsigned long long *bytes);

/* Number of files saved (copied or linked; not skipped) so far. */
unsigned long backup_cycle_count(const struct backup_cycle *bc);

/* The cycle's folder name and session id (owned by bc). */
const char *backup_cycle_name(const struct backup_cycle *bc);
const char *backup_cycle_session(const struct backup_cycle *bc);

void backup_cycle_free(struct backup_cycle *bc);

/* ---- the run glue (cmd_run.c), in backup_run.c above notify/broker ---- */

/* Start the run's cycle and hand it (and the trash settings) to the
 * interception hook (notify_set_backup()), when ctx's config enables
 * backups; argv: the command line. Opens the audit log. Returns 0 (also
 * when disabled), or -1 with err set. */
int backup_run_begin(const struct fsj_ctx *ctx, char *const argv[], struct fsj_error *err);

/* own: the run's session is its own (backup_cycle_set_own()): call after
 * backup_run_begin(). */
void backup_run_set_own(bool own);

/* The name of the run's cycle (owned; valid until backup_run_end()), or
 * NULL when backups are off. */
const char *backup_run_cycle(void);

/* End of the run: detach the hook, commit the cycle with the exit status,
 * free everything. Errors are printed as warnings (the run has happened). */
void backup_run_end(int status);

#endif
