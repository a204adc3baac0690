/* backup_autoprune.h - when the end of a run prunes the backup store
 * (issue 12: prune_store() listed and measured every cycle of the store
 * after every run, a cost that grew by one cycle per `git status`).
 *
 * The stamp STATE/backup-prune.stamp, one line
 *   "fsjail-prune 1 LAST RUNS BYTES STORE\n"
 * LAST: when a prune last started (seconds since the epoch); RUNS: cycles
 * committed since; BYTES: an upper estimate of the disk space they hold
 * (backup_cycle_stored()); STORE: the store's size that prune left
 * (bytes, as backup_store_prune() counts). Written in place under
 * flock(2), never fsynced: a stamp lost or cut short reads as invalid,
 * and an invalid stamp prunes at once. A run prunes when
 *   - the stamp is missing or invalid, or the clock went back;
 *   - BACKUP_AUTOPRUNE_SECONDS have passed since LAST (backup.keep_days
 *     is kept to within that much);
 *   - BACKUP_AUTOPRUNE_RUNS cycles were committed since;
 *   - STORE + BYTES is over backup.store_max_mb (the size bound is kept
 *     from the first run that may cross it);
 *   - backup.keep_days is 0 and a cycle was committed since.
 * What is pruned is what every run pruned before the stamp. */
#ifndef FSJAIL_BACKUP_AUTOPRUNE_H
#define FSJAIL_BACKUP_AUTOPRUNE_H

#include <stdbool.h>
#include <stddef.h>

#define BACKUP_AUTOPRUNE_SECONDS 600
#define BACKUP_AUTOPRUNE_RUNS 64

struct backup_autoprune_stamp {
	double last;             /* seconds since the epoch */
	unsigned long runs;      /* cycles committed since */
	unsigned long long bytes; /* their estimated size, bytes */
	unsigned long long store; /* bytes the last prune left */
};

/* Parse the stamp text[0..n) (not NUL-terminated). Returns 0, or -1 when
 * it is not exactly one line of the form above (every number in range). */
int backup_autoprune_parse(const char *text, size_t n, struct backup_autoprune_stamp *s);

/* Whether a prune is due at now (seconds since the epoch) given the stamp
 * s (NULL: none, or invalid) and the limits (backup_store_limits()). */
bool backup_autoprune_due(const struct backup_autoprune_stamp *s, double now,
			  unsigned long keep_days, unsigned long max_mb);

struct backup_cycle;

/* At the end of a run, after its cycle bc was committed: when the stamp
 * says a prune is due, the store under state_dir back within keep_days
 * and max_mb (backup_store_prune()), never bc's cycle, nor an uncommitted
 * one: a run killed before its end made no trash entry for its deletes,
 * its cycle is their only copy (`fsjail backups prune` still removes it,
 * when its run is over). Quiet; what cannot be removed is said on stderr.
 * A stamp that cannot be used (not a regular file of ours, a symlink, no
 * state folder) prunes, as every run did before the stamp. */
void backup_autoprune_after(const char *state_dir, const struct backup_cycle *bc,
			    unsigned long keep_days, unsigned long max_mb);

#endif
