/* backup_open.h - the opening of a cycle (issue 12: `git status` waited
 * for it at its first trapped create of .git/index.lock). Its first
 * record makes the cycle's folder or moves a spare into place
 * (backup_spare.h), with backup_open_cycle() (backup-int.h); what decides
 * which spare, the reads of every slot and its lock, can come earlier,
 * while the command is being set up, since it changes nothing on disk. */
#ifndef FSJAIL_BACKUP_OPEN_H
#define FSJAIL_BACKUP_OPEN_H

struct backup_cycle;

/* Before the command's first instruction (the listener thread, while C
 * and fsjail-init set up): find the whole spare the first record would
 * take and hold it, its cycle folder open and flock(2)ed (no other run
 * takes it, no sweep removes it), in bc (NULL: nothing). Nothing is
 * made, moved or written: a run that changes nothing leaves the store as
 * it found it, and a killed one leaves nothing (the kernel lets go of the
 * lock). When the first record comes, the held spare is moved into place
 * if the session still has no folder and its slot is still there, else a
 * spare is taken as before. No errors: without one, nothing is held. */
void backup_cycle_prepare(struct backup_cycle *bc);

/* Let go of the spare backup_cycle_prepare() held and no record used
 * (backup_cycle_free()). */
void backup_prepare_release(struct backup_cycle *bc);

#endif
