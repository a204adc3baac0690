/* backup_spare.h - an empty cycle folder kept for the next run (issue
 * 12: `git status` under fsjail at <= 1.3x bare).
 *
 * `git status` takes and removes .git/index.lock. The "creating" record
 * of that lock must be on disk before the lock exists (backup.h
 * backup_note_creating()), so every such run made its cycle folder
 * ($STATE/sessions/S/modify_backup/C, files/ and manifest.ndjson: five
 * inodes) and removed all of it again at the end as a cycle with nothing
 * to restore (backup_commit.c). On ext4 making an inode looks past the
 * recently freed ones (find_inode_bit(), recently_deleted()), and with
 * the `discard` mount option every freed folder block is discarded at
 * once: about 0.5 ms of CPU a run. Instead, a dropped cycle's folders are
 * parked, empty, as a spare, and the next run renames the spare into
 * place: renames only, no inode made or freed.
 *
 * A spare is $STATE/sessions/.spare-K (K < BACKUP_SPARE_SLOTS; a dot
 * name: backup_store_list() and so `backups`, restore and prune never see
 * it), holding modify_backup/.spare/, which holds files/ (empty) and
 * spare.ndjson (empty: the old records are gone before the folder is
 * parked). Taking and parking are renameat2(2) RENAME_NOREPLACE of whole
 * folders, so two runs never take the same spare, nor park onto one.
 *
 * A kill -9 in the middle leaves a hidden folder nothing would look at
 * again: a session's modify_backup/.spare (half parked or half taken) or
 * modify_backup/.drop-C (half dropped, backup_commit.c). So a run holds
 * flock(2) LOCK_EX on such a cycle folder from before it takes the dot
 * name until it is parked, a cycle again, or gone, and
 * backup_spare_sweep() removes the ones nobody holds: the kernel lets go
 * of the lock of a killed run. */
#ifndef FSJAIL_BACKUP_SPARE_H
#define FSJAIL_BACKUP_SPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "backup-int.h"

#define BACKUP_SPARE_SLOTS 2

/* 1 when the folder name in dirfd (not followed; NULL: dirfd itself)
 * holds no entry but those of the n names (n 0: empty), 0 when it holds
 * another, -1 with errno set when it cannot be read. */
int backup_dir_holds_only(int dirfd, const char *name, const char *const *names, size_t n);

/* sesroot: $STATE/sessions (our folder, opened by the caller). Make a
 * whole spare the folder of session (a valid session id), which must not
 * exist yet (then nothing is moved). Returns the spare's cycle folder
 * (session/modify_backup/.spare now), open and locked, for
 * backup_spare_cycle() (the caller closes it after), or -1: none taken.
 * Its two halves: backup_spare_hold(), from slot *k on the first whole
 * spare, its cycle folder open and locked (so no other run takes it, no
 * sweep removes it) and *k its slot, or -1; backup_spare_move(), slot k
 * renamed session (RENAME_NOREPLACE) while it still holds spfd through no
 * symlink, 0 or -1 with errno (ENOENT: not so). */
int backup_spare_hold(int sesroot, int *k);
int backup_spare_move(int sesroot, int k, int spfd, const char *session);
int backup_spare_take(int sesroot, const char *session);

/* mfd: a session's modify_backup folder; spfd: what backup_spare_take()
 * returned. When mfd's .spare is that folder, rename it to name and its
 * spare.ndjson to manifest.ndjson (RENAME_NOREPLACE both). Returns true
 * when the cycle folder name is that folder now, its manifest to be
 * emptied by the caller (backup_open_cycle() truncates it); false:
 * nothing usable (a .spare that cannot be renamed is removed), the caller
 * makes the folder. */
bool backup_spare_cycle(int mfd, int spfd, const char *name);

/* The end of a cycle restore would do nothing with (backup_commit.c,
 * locked), when the session is this run's own (backup_cycle_set_own()):
 * sesroot, sesfd, mfd: the sessions, session and modify_backup folders,
 * bc->cyclefd checked by the caller to be bc->name in mfd holding only
 * files/ and manifest.ndjson. Hides the cycle folder (renamed .spare), empties
 * its manifest, and parks the session folder as a spare when it holds
 * nothing else; where it cannot be parked, its pieces are removed as an
 * empty cycle's always were. Returns 0 when the cycle is gone from the
 * store (parked or removed), 1 when nothing was changed and the caller
 * removes the cycle its usual way, -1 with errno set when files/ is not
 * empty (the cycle must be committed). */
int backup_spare_park(struct backup_cycle *bc, int sesroot, int sesfd, int mfd);

#endif
