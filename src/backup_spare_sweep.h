/* backup_spare_sweep.h - what a killed run left hidden under
 * $STATE/sessions (backup_spare.h: the spares and the locks that tell a
 * live run's folders from a killed one's). */
#ifndef FSJAIL_BACKUP_SPARE_SWEEP_H
#define FSJAIL_BACKUP_SPARE_SWEEP_H

/* Remove what a killed run left under state_dir/sessions: a slot that is
 * no whole spare, and the hidden .spare and .drop-* cycle folders (with
 * their session's folders when that empties them) that no live run holds
 * locked. For `backups prune` and the automatic prune of a run
 * (backup_autoprune.c). No errors: what cannot be removed stays. */
void backup_spare_sweep(const char *state_dir);

#endif
