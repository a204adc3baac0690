/* backup_spare-int.h - what backup_spare.c and backup_spare_sweep.c
 * share (backup_spare.h is the interface). Not for use elsewhere. */
#ifndef FSJAIL_BACKUP_SPARE_INT_H
#define FSJAIL_BACKUP_SPARE_INT_H

#include <stdbool.h>

/* The name of spare slot k (".spare-K"), in buf; returns buf. */
const char *backup_spare_slot_name(char buf[16], int k);

/* The folder name in dirfd (not followed), opened; -1 with errno. */
int backup_spare_sub(int dirfd, const char *name);

/* The folder name in dirfd opened and locked (flock(2) LOCK_EX, not
 * waiting): -1 with errno EWOULDBLOCK when another process holds it (a
 * live run parks, takes or drops it), else with openat's errno. */
int backup_spare_open_locked(int dirfd, const char *name);

/* The spare cycle folder of the slot in sesroot (slot/modify_backup/
 * .spare), opened and locked (backup_spare_open_locked(), its errors);
 * *whole: the slot holds that folder alone, of ours, holding exactly
 * files/ (empty) and spare.ndjson. */
int backup_spare_slot(int sesroot, const char *slot, bool *whole);

#endif
